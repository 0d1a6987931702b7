"""LaTeX documents by their sectioning commands: \\part ... \\subparagraph, starred or not.

A heading is a line that starts with a sectioning command (`\\section*[short]{Title}`); a
commented-out one (`% \\section{Old}`) is not. The title keeps the words of its commands
(`The \\texttt{--fast} flag` -> `The --fast flag`). Verbatim environments (verbatim,
lstlisting, minted ...) longer than 2000 characters are trimmed like Markdown code fences.
"""

from __future__ import annotations

import re

from repokb.chunkers.base import register
from repokb.chunkers.fixed import fixed_windows, split_lines
from repokb.chunkers.sections import Heading, heading_sections
from repokb.models import ChunkPiece

LEVELS = {"part": 1, "chapter": 2, "section": 3, "subsection": 4, "subsubsection": 5,
          "paragraph": 6, "subparagraph": 7}
_HEADING = re.compile(r"^\s*\\(" + "|".join(LEVELS) + r")\*?\s*(?:\[[^\]]*\])?\s*\{")
_VERBATIM = ("verbatim", "Verbatim", "lstlisting", "minted", "alltt", "comment")
_BEGIN = re.compile(r"\\begin\{(" + "|".join(_VERBATIM) + r")\*?\}")
_COMMAND = re.compile(r"\\[A-Za-z]+\*?\s*(?:\[[^\]]*\])?")


class LatexChunker:
    name = "latex"
    languages = frozenset({"latex"})

    def __init__(self, size: int = 800, overlap: int = 400) -> None:  # as Markdown and reST
        self.size, self.overlap = size, overlap

    def chunk(self, text: str) -> list[ChunkPiece]:
        try:
            lines = split_lines(text)
            return heading_sections(lines, headings(lines), 0, self.size, self.overlap,
                                    verbatim_blocks(lines))
        except Exception:  # the never-raise contract
            return fixed_windows(text, self.size, self.overlap)


def headings(lines: list[str]) -> list[Heading]:
    found: list[Heading] = []
    for row, line in enumerate(lines):
        m = _HEADING.match(line)
        if m:
            found.append(Heading(row, LEVELS[m.group(1)], _title(line[m.end():])))
    return found


def _title(rest: str) -> str:
    """The text of a `{...}` argument whose opening brace is already read (to the line end if
    it does not close there), its commands dropped, their arguments' words kept."""
    depth, end = 1, len(rest)
    for i, c in enumerate(rest):
        if c == "{" and (i == 0 or rest[i - 1] != "\\"):
            depth += 1
        elif c == "}" and (i == 0 or rest[i - 1] != "\\"):
            depth -= 1
            if depth == 0:
                end = i
                break
    words = _COMMAND.sub("", rest[:end]).replace("{", "").replace("}", "")
    return " ".join(words.replace("~", " ").split())


def verbatim_blocks(lines: list[str]) -> list[tuple[int, int]]:
    """Row ranges (inclusive) of verbatim-like environments, \\begin to \\end."""
    blocks: list[tuple[int, int]] = []
    row = 0
    while row < len(lines):
        m = _BEGIN.search(lines[row])
        if m:
            closing = "\\end{" + m.group(1)
            end = row + 1
            while end < len(lines) and closing not in lines[end]:
                end += 1
            blocks.append((row, min(end, len(lines) - 1)))
            row = end + 1
            continue
        row += 1
    return blocks


register(LatexChunker())
