"""Documents cut at their headings, shared by the Markdown and reStructuredText chunkers.

Each heading opens a section that runs to the next heading; its symbol is the heading path
("Install > Docker"). A section longer than the window is cut between paragraphs (a paragraph
split mid-way answers nothing), into pieces that keep the path.
Huge code blocks are trimmed to their head: a 300-line listing would otherwise drown the prose
around it and embed as noise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from repokb.chunkers.fixed import Line, windows_over
from repokb.models import ChunkPiece

TRIM_BLOCK_CHARS = 2000  # code blocks longer than this are trimmed ...
KEEP_BLOCK_CHARS = 600  # ... to about this much of their head, plus a marker line


@dataclass(frozen=True)
class Heading:
    row: int  # 0-based line of the heading (its first line when it spans several)
    level: int  # 1 = top
    title: str


def trimmed_items(lines: Sequence[str], start: int, stop: int,
                  blocks: Sequence[tuple[int, int]]) -> list[Line]:
    """Numbered lines[start:stop] with huge code blocks (0-based inclusive row ranges) cut
    down to their head; a marker on the last kept line says how much was left out."""
    items: list[Line] = []
    drop: dict[int, int] = {}  # first dropped row -> last dropped row
    for first, last in blocks:
        if last < start or first >= stop:
            continue
        if sum(len(lines[r]) for r in range(first, last + 1)) <= TRIM_BLOCK_CHARS:
            continue
        kept, row = 0, first
        while row < last and kept + len(lines[row]) <= KEEP_BLOCK_CHARS:
            kept += len(lines[row])
            row += 1
        # Keep the closing line (a fence) so the block still reads as closed.
        if row < last:
            drop[max(row, first + 1)] = last - 1
    row = start
    while row < stop:
        if row in drop and drop[row] >= row:
            end = drop[row]
            if items:
                number, text = items[-1]
                items[-1] = (number, f"{text}    [... {end - row + 1} lines trimmed]\n")
            row = end + 1
            continue
        items.append((row + 1, lines[row]))
        row += 1
    return items


def descend(path: Sequence[Heading], heading: Heading) -> list[Heading]:
    """The heading path once `heading` is reached: it replaces those of its level or deeper."""
    return [h for h in path if h.level < heading.level] + [heading]


def heading_sections(lines: Sequence[str], headings: Sequence[Heading], body_start: int,
                     size: int, overlap: int, blocks: Sequence[tuple[int, int]] = (),
                     outer: Sequence[Heading] = (),
                     opens: Callable[[str], bool] | None = None) -> list[ChunkPiece]:
    """Sections from body_start on, one per heading, windows inside long ones; `outer` is the
    heading path the text starts under (a notebook's earlier cells); `opens`: the lines that
    open a paragraph besides a blank one (paragraph_pieces)."""
    starts = [body_start] + [h.row for h in headings if h.row > body_start]
    heading_at = {h.row: h for h in headings}
    path: list[Heading] = list(outer)
    pieces: list[ChunkPiece] = []
    for n, start in enumerate(starts):
        stop = starts[n + 1] if n + 1 < len(starts) else len(lines)
        if start in heading_at:
            path = descend(path, heading_at[start])
        items = trimmed_items(lines, start, stop, blocks)
        if not any(text.strip() for _, text in items):
            continue
        symbol = " > ".join(h.title for h in path if h.title) or None
        if sum(len(text) for _, text in items) <= size:
            content = "".join(text for _, text in items)
            pieces.append(ChunkPiece(content, items[0][0], items[-1][0], symbol, "section"))
        else:
            pieces.extend(paragraph_pieces(items, size, overlap, symbol,
                                           _block_rows(lines, blocks), opens))
    return pieces


def _block_rows(lines: Sequence[str], blocks: Sequence[tuple[int, int]]) -> frozenset[int]:
    """1-based line numbers inside code blocks (0-based inclusive row ranges), up to each
    block's last non-blank line: a blank line there does not end a paragraph."""
    inside: set[int] = set()
    for first, last in blocks:
        while last > first and not lines[last].strip():
            last -= 1
        inside.update(range(first + 1, last + 2))
    return frozenset(inside)


def paragraph_pieces(items: Sequence[Line], size: int, overlap: int, symbol: str | None,
                     in_block: frozenset[int] = frozenset(),
                     opens: Callable[[str], bool] | None = None) -> list[ChunkPiece]:
    """A long section cut between paragraphs (blank lines outside the code blocks whose line
    numbers `in_block` holds, and lines `opens` says open one: a man page's `.PP`): pieces of
    up to `size` characters, the previous piece's last paragraph repeated when it fits in
    `overlap`; a paragraph longer than `size` goes to windows. Measured against plain windows
    on the retrieval benchmark (bench/RESULTS.md, issue 6)."""
    paragraphs: list[list[Line]] = []
    current: list[Line] = []
    for number, text in items:
        if opens is not None and current and opens(text):
            paragraphs.append(current)
            current = []
        current.append((number, text))
        if not text.strip() and number not in in_block:
            paragraphs.append(current)
            current = []
    if current:
        paragraphs.append(current)

    def length(run: list[Line]) -> int:
        return sum(len(text) for _, text in run)

    pieces: list[ChunkPiece] = []
    group: list[list[Line]] = []

    def emit() -> None:
        run = [line for paragraph in group for line in paragraph]
        if any(text.strip() for _, text in run):
            pieces.append(ChunkPiece("".join(text for _, text in run), run[0][0], run[-1][0],
                                     symbol, "section"))

    for paragraph in paragraphs:
        if length(paragraph) > size:
            # windows over it, led by what is pending (often just the heading): a heading
            # alone would be too short to keep, and the first window needs it
            run = [line for p in group for line in p] + paragraph
            pieces.extend(windows_over(run, size, overlap, symbol, "section"))
            group = []
            continue
        if group and length([ln for p in group for ln in p]) + length(paragraph) > size:
            emit()
            tail = group[-1]
            fits = length(tail) <= overlap and length(tail) + length(paragraph) <= size
            group = [tail] if fits else []
        group.append(paragraph)
    if group:
        emit()
    return pieces
