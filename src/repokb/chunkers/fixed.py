"""Fixed-size windows with overlap, aligned to line boundaries where lines allow it.

The fallback of every other chunker. A line longer than the window (minified code, a
50,000-character line) is cut inside the line; its pieces keep that line number.

Lines are counted on "\\n" only (as editors and tree-sitter count them), never with
`str.splitlines`, which also breaks on form feeds and Unicode separators and would shift line
numbers against the syntax tree.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Container, Sequence
from dataclasses import replace
from itertools import accumulate
from typing import TypeVar

from repokb.models import ChunkPiece

T = TypeVar("T")

Line = tuple[int, str]  # (1-based line number, text including its newline)


def split_lines(text: str) -> list[str]:
    """The lines of text, each keeping its "\\n"; a final line without one is kept too."""
    parts = text.split("\n")
    lines = [part + "\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def line_starts(lines: Sequence[str]) -> list[int]:
    """The offset of each line in the text (split_lines's), and the text's length last."""
    return list(accumulate((len(line) for line in lines), initial=0))


def row_at(starts: Sequence[int], offset: int) -> int:
    """The 0-based row holding `offset`: the last row starting at or before it (`starts` is
    line_starts's, the text's length last)."""
    return max(0, min(bisect_right(starts, offset) - 1, len(starts) - 2))


def first_above(rows: Sequence[T], row: int, above: Callable[[T], bool]) -> int:
    """The first of the rows directly above `row` that are all `above` (the comment lines
    above a definition, each chunker's own test), `row` when the row above is not."""
    while row > 0 and above(rows[row - 1]):
        row -= 1
    return row


def numbered(lines: Sequence[str], start: int = 0, stop: int | None = None) -> list[Line]:
    """(line number, text) for lines[start:stop], numbered from 1 for lines[0]."""
    stop = len(lines) if stop is None else stop
    return [(row + 1, lines[row]) for row in range(start, stop)]


def windows_over(items: Sequence[Line], size: int = 500, overlap: int = 100,
                 symbol: str | None = None, symbol_type: str | None = "window",
                 context: str | None = None) -> list[ChunkPiece]:
    """Windows of at most `size` characters over numbered lines, stepping back `overlap`."""
    pieces: list[ChunkPiece] = []
    i = 0
    while i < len(items):
        number, line = items[i]
        if len(line) > size:  # one overlong line: cut it by characters
            step = max(1, size - overlap)
            for start in range(0, len(line), step):
                part = line[start : start + size]
                if part.strip():
                    pieces.append(ChunkPiece(part, number, number, symbol, symbol_type, context))
                if start + size >= len(line):
                    break
            i += 1
            continue
        j, length = i, 0
        while j < len(items) and (length == 0 or length + len(items[j][1]) <= size):
            if len(items[j][1]) > size:
                break
            length += len(items[j][1])
            j += 1
        content = "".join(text for _, text in items[i:j])
        if content.strip():
            pieces.append(ChunkPiece(content, number, items[j - 1][0], symbol, symbol_type,
                                     context))
        if j >= len(items):
            break
        # Step back over whole lines worth at most `overlap` characters, always advancing.
        back, k = 0, j
        while k - 1 > i and back + len(items[k - 1][1]) <= overlap:
            k -= 1
            back += len(items[k][1])
        i = k
    return pieces


def fixed_windows(text: str, size: int = 500, overlap: int = 100) -> list[ChunkPiece]:
    return windows_over(numbered(split_lines(text)), size, overlap)


class FixedChunker:
    name = "fixed"
    languages: frozenset[str] = frozenset()

    def __init__(self, size: int = 500, overlap: int = 100) -> None:
        self.size, self.overlap = size, overlap

    def chunk(self, text: str) -> list[ChunkPiece]:
        return fixed_windows(text, self.size, self.overlap)


def outside_rows(piece: ChunkPiece, taken: Container[int]) -> list[ChunkPiece]:
    """`piece` without the rows in `taken` (0-based rows of the whole text: a Perl file's POD
    lines, an R Markdown document's code chunks cut apart): its runs of other rows, blank rows
    at their ends left out (a window over `1;` and a manual's 500 blanked lines is `1;`)."""
    rows = split_lines(piece.content)
    parts: list[ChunkPiece] = []
    run: list[int] = []
    for n in range(len(rows) + 1):
        if n < len(rows) and piece.start_line - 1 + n not in taken:
            run.append(n)
            continue
        kept = [m for m in run if rows[m].strip()]
        if kept:
            first, last = kept[0], kept[-1]
            parts.append(replace(piece, content="".join(rows[first : last + 1]),
                                 start_line=piece.start_line + first,
                                 end_line=piece.start_line + last))
        run = []
    return parts
