"""reStructuredText (and plain text) by section titles: underlined, optionally overlined.

A title is a line followed by a line of one repeated punctuation character at least about as
long as it (`Install\\n=======`), optionally with the same line above it. Levels follow the
order in which the styles first appear, as docutils decides them. Literal blocks (`::` and
`.. code-block::`) longer than 2000 characters are trimmed like Markdown code fences.
"""

from __future__ import annotations

import re

from repokb.chunkers.base import register
from repokb.chunkers.fixed import fixed_windows, split_lines
from repokb.chunkers.joining import join_short
from repokb.chunkers.sections import Heading, heading_sections
from repokb.models import ChunkPiece

_ADORNMENT = re.compile(r"^([!-/:-@\[-`{-~])\1{2,}\s*$")  # 3+ of one punctuation character
_DIRECTIVE_BLOCK = re.compile(r"^\.\. (?:code-block|code|sourcecode|literalinclude)::|::\s*$")


class RstChunker:
    name = "rst"
    languages = frozenset({"rst", "text"})

    # A paragraph of up to half a piece that ends one piece opens the next too, so it is found
    # with its context on either side. Measured (bench/RESULTS.md): against 120, doc-question
    # MRR@10 up on fastify (+0.046) and attrs (+0.028), level elsewhere, for 2-12% more chunks.
    def __init__(self, size: int = 800, overlap: int = 400) -> None:
        self.size, self.overlap = size, overlap

    def chunk(self, text: str) -> list[ChunkPiece]:
        try:
            lines = split_lines(text)
            return join_short(heading_sections(lines, titles(lines), 0, self.size,
                                               self.overlap, literal_blocks(lines)), lines)
        except Exception:  # the never-raise contract
            return fixed_windows(text, self.size, self.overlap)


def titles(lines: list[str]) -> list[Heading]:
    styles: list[tuple[str, bool]] = []
    found: list[Heading] = []
    row = 0
    while row + 1 < len(lines):
        title, under = lines[row].rstrip("\n"), lines[row + 1].rstrip("\n")
        over = row > 0 and _ADORNMENT.match(lines[row - 1].rstrip("\n")) is not None
        mark = _ADORNMENT.match(under)
        if (mark and title.strip() and not _ADORNMENT.match(title)
                and (not title[0].isspace() or over)
                and len(under.rstrip()) >= max(3, int(len(title.strip()) * 0.8))):
            has_over = over and lines[row - 1].strip()[0] == mark.group(1)
            style = (mark.group(1), has_over)
            if style not in styles:
                styles.append(style)
            start = row - 1 if has_over else row
            found.append(Heading(start, styles.index(style) + 1, title.strip()))
            row += 2
            continue
        row += 1
    return found


def literal_blocks(lines: list[str]) -> list[tuple[int, int]]:
    """Row ranges of indented literal blocks that follow `::` or a code directive."""
    blocks: list[tuple[int, int]] = []
    row = 0
    while row < len(lines):
        if _DIRECTIVE_BLOCK.search(lines[row].rstrip("\n")):
            indent = len(lines[row]) - len(lines[row].lstrip())
            end = row + 1
            while end < len(lines) and (not lines[end].strip()
                                        or len(lines[end]) - len(lines[end].lstrip()) > indent):
                end += 1
            if end - 1 > row:
                blocks.append((row + 1, end - 1))
            row = end
            continue
        row += 1
    return blocks


register(RstChunker())
