"""Man pages (roff: `man` and BSD `mdoc` macros) by their sections.

A man page names itself in its title line (`.TH memfd_secret 2 ...`, mdoc's `.Dt LS 1`) and
opens each section with `.SH NAME`, `.SH DESCRIPTION` (mdoc: `.Sh`) and each subsection with
`.SS` (`.Ss`). Each section is a piece whose symbol is its path under the page
(`memfd_secret(2) > DESCRIPTION`), so "what does memfd_secret do" finds its description; a
long one is cut between its paragraphs (`.PP`, `.TP`, `.IP` ... or a blank line) into pieces
of the reStructuredText chunker's size. The licence comments above the title line are left
out. Text that is no man page (an `ms` paper, a plain `.roff` file without sections) goes to
fixed windows, as before.
"""

from __future__ import annotations

import re

from repokb.chunkers.base import register
from repokb.chunkers.fixed import fixed_windows, split_lines
from repokb.chunkers.joining import join_short
from repokb.chunkers.sections import Heading, heading_sections
from repokb.models import ChunkPiece

_TITLE = re.compile(r"^[.'][ \t]*(?:TH|Dt)[ \t]+(\"[^\"]*\"|\S+)(?:[ \t]+(\"[^\"]*\"|\S+))?")
_SECTION = re.compile(r"^[.'][ \t]*(SH|Sh|SS|Ss)(?:[ \t]+(.*?))?[ \t]*$")
_PARAGRAPH = re.compile(r"^[.'][ \t]*(?:PP|P|LP|TP|IP|HP|TQ|Pp|Lp|It|Bl|Bd)\b")
# the font escapes of a heading's text (`\fBls\fR`)
_ESCAPE = re.compile(r"\\f(?:\[[^\]]*\]|\(..|.)|\\&|\\-")


def _unquote(word: str) -> str:
    return _ESCAPE.sub(lambda m: "-" if m.group(0) == "\\-" else "", word.strip().strip('"'))


def _opens_paragraph(line: str) -> bool:
    return _PARAGRAPH.match(line) is not None


class RoffChunker:
    name = "roff"
    languages = frozenset({"roff", "roff/roff_manpage"})

    def __init__(self, size: int = 800, overlap: int = 400) -> None:
        self.size, self.overlap = size, overlap

    def chunk(self, text: str) -> list[ChunkPiece]:
        try:
            lines = split_lines(text)
            headings, start, page = sections(lines)
            if not headings:
                return fixed_windows(text, self.size, self.overlap)
            outer = [Heading(start, 0, page)] if page else []
            return join_short(heading_sections(lines, headings, start, self.size, self.overlap,
                                               outer=outer, opens=_opens_paragraph), lines)
        except Exception:  # the never-raise contract
            return fixed_windows(text, self.size, self.overlap)


def sections(lines: list[str]) -> tuple[list[Heading], int, str | None]:
    """(the section headings, the row the page starts at: its title line, or 0; the page's
    name as `ls(1)`, None without a title line)."""
    headings: list[Heading] = []
    start, page = 0, None
    for row, line in enumerate(lines):
        if page is None and (head := _TITLE.match(line)):
            name = _unquote(head.group(1))
            page = f"{name}({_unquote(head.group(2))})" if head.group(2) else name
            start = row
            continue
        m = _SECTION.match(line)
        if m is None:
            continue
        words = m.group(2) or (lines[row + 1].strip() if row + 1 < len(lines) else "")
        title = " ".join(_unquote(w) for w in words.split())
        headings.append(Heading(row, 1 if m.group(1) in ("SH", "Sh") else 2, title))
    return headings, start, page


register(RoffChunker())
