"""Markdown by headings: one section per heading (H1–H6), its heading path as the symbol.

markdown-it finds the headings, so `#` lines inside code fences are not mistaken for headings.
Sections longer than the window are cut between paragraphs into pieces of up to 800
characters, each keeping the heading path (see sections.py). Front matter is skipped, but its
`title:` names the text before the first heading (a blog post's or a docs page's whole body is
often there: Docusaurus, Hugo, Jekyll); code blocks over 2000 characters are trimmed. MDX is
Markdown here: its `import`/`export` lines and JSX stay in their section, and a heading's
custom id (`## Install {#install}`, MDX's `{/* #install */}`) is no word of its title.
"""

from __future__ import annotations

import re
from collections.abc import Container, Sequence
from dataclasses import replace
from typing import Any

from repokb.chunkers.base import register
from repokb.chunkers.fixed import fixed_windows, split_lines
from repokb.chunkers.joining import join_short
from repokb.chunkers.sections import Heading, heading_sections
from repokb.models import ChunkPiece


class MarkdownChunker:
    name = "markdown"
    languages = frozenset({"markdown"})

    # A paragraph of up to half a piece that ends one piece opens the next too, so it is found
    # with its context on either side. Measured (bench/RESULTS.md): against 120, doc-question
    # MRR@10 up on fastify (+0.046) and attrs (+0.028), level elsewhere, for 2-12% more chunks.
    def __init__(self, size: int = 800, overlap: int = 400) -> None:
        self.size, self.overlap = size, overlap
        self._parser: Any = None  # markdown-it, imported on first use

    def chunk(self, text: str) -> list[ChunkPiece]:
        try:
            return join_short(self.sections(text)[0], split_lines(text))
        except Exception:  # markdown-it is forgiving; this guards the never-raise contract
            return fixed_windows(text, self.size, self.overlap)

    def sections(self, text: str, outer: Sequence[Heading] = (), front_matter: bool = True,
                 unspaced: Container[int] = ()) -> tuple[list[ChunkPiece], list[Heading]]:
        """The pieces of `text` under the heading path `outer`, and its headings; without
        `front_matter`, a leading `---` is a rule (a notebook cell), not front matter. On the
        0-based rows in `unspaced`, `#Title` is a heading too (a notebook's Markdown cells)."""
        if self._parser is None:
            from markdown_it import MarkdownIt

            # block structure only (headings, fences, code blocks; a heading's title is its
            # inline token's raw content): the inline pass, unused here, took 10-15 ms of CPU
            # per KB of unclosed `[` or `![` (200 KB: 2-3 s; 2 MB: 30 s), linear but 100x a
            # real file's time
            self._parser = MarkdownIt("commonmark").disable("inline")
        lines = split_lines(text)
        body_start = front_matter_end(lines) if front_matter else 0
        read = [_UNSPACED.sub(r"\1 ", line) if row in unspaced else line
                for row, line in enumerate(lines)] if unspaced else lines
        tokens = self._parser.parse("".join(read[body_start:]))
        headings: list[Heading] = []
        blocks: list[tuple[int, int]] = []
        for idx, tok in enumerate(tokens):
            if not tok.map:
                continue
            first, stop = body_start + tok.map[0], body_start + tok.map[1]
            if tok.type == "heading_open":
                title = tokens[idx + 1].content if idx + 1 < len(tokens) else ""
                headings.append(Heading(first, int(tok.tag[1]),
                                        _unescaped(_HEADING_ID.sub("", title)).strip()))
            elif tok.type in ("fence", "code_block"):
                blocks.append((first, min(stop, len(lines)) - 1))
        pieces = heading_sections(lines, headings, body_start, self.size, self.overlap, blocks,
                                  outer)
        pieces = _without_contents(pieces, lines)
        title = front_matter_title(lines[:body_start]) if body_start and not outer else None
        if title:
            first = headings[0].row + 1 if headings else len(lines) + 1
            pieces = [replace(p, symbol=title) if p.symbol is None and p.start_line < first
                      else p for p in pieces]
        return pieces, headings


# `#Title`, `##Usage`: no heading in CommonMark (a `#hashtag` in a README stays text), but one in
# classic Jupyter's Markdown (marked), which many notebooks were written for (newuser39: hdbscan's
# notebooks had no heading path); read so in a notebook's Markdown cells only (notebook.py)
_UNSPACED = re.compile(r"^( {0,3}#{1,6})(?=[^\s#])")
# a heading's custom id: `{#install}` (Docusaurus, Pandoc, kramdown), MDX's `{/* #install */}`
_HEADING_ID = re.compile(r"\s*\{(?:#[\w:.-]+|/\*.*?\*/)\}")
# a backslash escape of ASCII punctuation (CommonMark 2.4), outside code spans: `## Why\...?`
# is titled "Why...?" (environs' README), `` ## `a\*b` `` keeps its code as written
_ESCAPED = re.compile(r"\\([!-/:-@[-`{-~])")
_CODE_SPAN = re.compile(r"(`+).+?\1")
_TITLE = re.compile(r"""^title\s*[:=]\s*(["']?)(?P<title>.+?)\1\s*$""")


# A table of contents: a section whose every line is a list item linking into the page
# (`- [Install](#install)`, doctoc's and markdown-toc's output), besides its heading, blank lines
# and HTML comments. It repeats the headings each section already carries, and it came 2nd
# for "how do I read a value from a file mounted as a docker secret" in environs' README
# (a new user's trial, session 38): left out when the document has other pieces.
_TOC_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+\[[^\]]*\]\(#[^)\s]*\)\s*$")
_TOC_OTHER = re.compile(r"^\s*(?:#{1,6}\s.*|<!--.*-->)?\s*$")


def _without_contents(pieces: list[ChunkPiece], lines: Sequence[str]) -> list[ChunkPiece]:
    """`pieces` less those of a section that is a table of contents (a long one is cut into
    several windows: judged whole, by its lines)."""
    spans: dict[str | None, tuple[int, int]] = {}
    for p in pieces:
        first, last = spans.get(p.symbol, (p.start_line, p.end_line))
        spans[p.symbol] = (min(first, p.start_line), max(last, p.end_line))
    toc = {symbol for symbol, (first, last) in spans.items()
           if symbol is not None and _contents_list(lines[first - 1:last])}
    return [p for p in pieces if p.symbol not in toc] or pieces


def _contents_list(lines: Sequence[str]) -> bool:
    items = 0
    for line in lines:
        if _TOC_ITEM.match(line):
            items += 1
        elif not _TOC_OTHER.match(line):
            return False
    return items >= 3


def _unescaped(title: str) -> str:
    out, at = [], 0
    for m in _CODE_SPAN.finditer(title):
        out += [_ESCAPED.sub(r"\1", title[at:m.start()]), m.group()]
        at = m.end()
    return "".join(out) + _ESCAPED.sub(r"\1", title[at:])


def front_matter_title(lines: Sequence[str]) -> str | None:
    """The `title:` of a YAML (or `title =` of a TOML) front matter block, if it has one."""
    for line in lines[1:]:
        if (m := _TITLE.match(line.strip())) is not None:
            return m.group("title").strip() or None
    return None


def front_matter_end(lines: list[str]) -> int:
    """The first line after a leading YAML (---) or TOML (+++) front matter block, or 0."""
    if lines and lines[0].strip() in ("---", "+++"):
        fence = lines[0].strip()
        for i in range(1, min(len(lines), 200)):
            if lines[i].strip() in (fence, "..."):
                return i + 1
    return 0


MARKDOWN = MarkdownChunker()
register(MARKDOWN)
