"""Fixed-size windows with overlap, aligned to line boundaries where lines allow it.

The fallback of every other chunker. A line longer than the window is cut inside the line; its
pieces keep that line number. Prose written as one long line (a notebook's Markdown cell, a
README paragraph) is cut after a sentence or a word, never inside a word; a line with no space
(minified code, a 50,000-character token) by characters.

Lines are counted on "\\n" only (as editors and tree-sitter count them), never with
`str.splitlines`, which also breaks on form feeds and Unicode separators and would shift line
numbers against the syntax tree.
"""

from __future__ import annotations

import re
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
        if len(line) > size:  # one overlong line: cut it after a sentence, a word or size
            for start, end in line_spans(line, size, overlap):
                part = line[start:end]
                if part.strip():
                    pieces.append(ChunkPiece(part, number, number, symbol, symbol_type, context))
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


# a sentence's end: `.`, `!` or `?` (and a closing quote or bracket) before a space
_SENTENCE_END = re.compile(r"[.!?][\"')\]]*\s")
_SPACE = re.compile(r"\s")
# an abbreviation's dot, which ends no sentence: "e.g. ", "i.e. ", "cf. ", "vs. ", "Fig. 3"
# (cuts39b: a window closed after "for example, e.g." and the next opened on its example)
_ABBREVIATION = re.compile(r"(?<![\w.])(?:e\.g|i\.e|cf|vs|viz|approx|figs?|eqs?|mr|mrs|ms|dr)"
                           r"\.\Z", re.I)


def _sentence_ends(line: str, start: int, stop: int) -> list[re.Match[str]]:
    """The sentences' ends in line[start:stop], an abbreviation's dot not one."""
    return [m for m in _SENTENCE_END.finditer(line, start, stop)
            if not _ABBREVIATION.search(line, max(0, m.start() - 7), m.start() + 1)]


def line_spans(line: str, size: int, overlap: int) -> list[tuple[int, int]]:
    """The [start, end) spans an overlong line is cut into, each at most `size` characters
    and starting up to `overlap` characters before the last one ended. A span ends after a
    sentence in its last quarter, else after its last space past its middle (newuser39: a
    notebook's one-line Markdown cell was cut "...clusters at th|at cut level"), else at
    `size` characters (a minified line, a long token: cut as before); the next one starts at
    a sentence, else a word, where its overlap has one."""
    spans: list[tuple[int, int]] = []
    start = 0
    while start + size < len(line):
        limit = start + size
        # the shortest span allowed: the next one still starts past this one's middle
        lowest = start + min(size - 1, overlap + max(1, (size - overlap) // 2))
        sentences = _sentence_ends(line, max(lowest, limit - size // 4), limit)
        if sentences:
            end = sentences[-1].end()
        else:
            spaces = [m.end() for m in _SPACE.finditer(line, lowest, limit)]
            end = spaces[-1] if spaces else limit
        spans.append((start, end))
        following = max(end - overlap, start + 1)
        word = (next(iter(_sentence_ends(line, following - 1, end - 1)), None)
                or _SPACE.search(line, following - 1, end - 1))
        start = word.end() if word else end if line[end - 1].isspace() else following
    spans.append((start, len(line)))
    return spans


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
