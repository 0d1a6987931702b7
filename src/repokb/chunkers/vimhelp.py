"""Vim help files (a plugin's `doc/NAME.txt`) by their `*tag*` sections.

A Vim help file opens with its own tag (`*fugitive.txt*  A Git wrapper so awesome ...`) and
marks every topic with a tag written at the end of a line, right-aligned
(`                                                *:Gdiffsplit*`), after a heading
(`INTRODUCTION                      *airline-intro*`), or several side by side (`*:Git_blame*
*:Gblame*`); `:help :Gdiffsplit` jumps there. Each tagged topic, up to the next tag line or
`====` / `----` rule, is a piece named after its first tag (`:Gdiffsplit`, symbol type
`section`), so "what does :Gdiffsplit do" finds its own paragraph; a long one is cut into
800/120 windows of that name. Other plain text goes to the reStructuredText / plain-text
chunker it wraps (rst.py), as before.
"""

from __future__ import annotations

import re

from repokb.chunkers.base import Chunker, chunker_for, register
from repokb.chunkers.fixed import numbered, split_lines, windows_over
from repokb.chunkers.joining import join_short
from repokb.models import ChunkPiece

_HEADER = re.compile(r"^\*([\w.+-]+\.txt)\*\s")
_TAG = r"\*([^\s*|]+)\*"
# tags ending a line: alone (right-aligned) or after a heading, two spaces or more apart
_TAG_LINE = re.compile(rf"^(?:.*\S[ \t]{{2,}}|[ \t]*)(?P<tags>{_TAG}(?:[ \t]+{_TAG})*)[ \t]*$")
_RULE = re.compile(r"^(?:={3,}|-{3,})[ \t]*$")


def is_vim_help(text: str) -> bool:
    """A Vim help file: its first line opens with its own `*name.txt*` tag."""
    return _HEADER.match(text) is not None


def sections(lines: list[str], size: int = 800, overlap: int = 120) -> list[ChunkPiece]:
    """The tagged topics of a Vim help file (see the module docstring)."""
    header = _HEADER.match(lines[0]) if lines else None
    starts: list[tuple[int, str | None]] = [(0, header.group(1) if header else None)]
    for row in range(1, len(lines)):
        line = lines[row].rstrip("\n")
        if _RULE.match(line):
            starts.append((row, None))
            continue
        m = _TAG_LINE.match(line)
        if m is None:
            continue
        tag = re.match(_TAG, m.group("tags"))
        name = tag.group(1) if tag else None
        last_row, last_name = starts[-1]
        if last_row == row - 1 and (last_name is None or _TAG_LINE.match(lines[row - 1])):
            # tags on consecutive lines, or a rule right above: one topic, named by the first
            starts[-1] = (last_row, last_name or name)
            continue
        starts.append((row, name))
    pieces: list[ChunkPiece] = []
    for n, (start, name) in enumerate(starts):
        stop = starts[n + 1][0] if n + 1 < len(starts) else len(lines)
        if any(lines[r].strip() and not _RULE.match(lines[r]) for r in range(start, stop)):
            pieces.extend(windows_over(numbered(lines, start, stop), size, overlap, name,
                                       "section"))
    return pieces


class VimHelpChunker:
    """Vim help by its tags; any other text to the chunker it wraps."""

    name = "vimhelp"

    def __init__(self, inner: Chunker) -> None:
        self.inner = inner
        self.languages = inner.languages

    def chunk(self, text: str) -> list[ChunkPiece]:
        if not is_vim_help(text):
            return self.inner.chunk(text)
        try:
            lines = split_lines(text)
            return join_short(sections(lines), lines)
        except Exception:  # the never-raise contract: the plain-text chunker serves
            return self.inner.chunk(text)


# After chunkers.rst registered the plain-text chunker (the package imports rst first).
_TEXT = chunker_for("text")
if _TEXT is not None:
    register(VimHelpChunker(_TEXT))
