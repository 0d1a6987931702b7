"""R Markdown and Quarto: Markdown whose executable code chunks holding definitions are code.

An `.Rmd` or `.qmd` is Markdown (markdown.py cuts it by heading) with executable chunks fenced
```` ```{r label, echo=FALSE} ```` (`{python}`, `{julia}`, `{sql}`, `{bash}` ...); a MyST-NB
notebook (Jupyter Book's `.md`) fences its cells ```` ```{code-cell} ipython3 ````. A chunk that
defines something (`churn_rate <- function(...)`, `def retention_curve(...)`) is cut by its
language's chunker, so the function is a piece named after it, as a notebook's code cell is;
its pieces carry the heading path of the section they stand in as context. The rest of the
document, other chunks included, is cut as Markdown with those chunks' lines left out (their
fences go with their first and last pieces). Plain Markdown's fences (```` ```r ````, no
braces) are not executable chunks: a README is cut as before. Any surprise gives the Markdown
chunker's pieces.
"""

from __future__ import annotations

import re
from dataclasses import replace

from repokb.chunkers.base import Chunker, OverBudget, chunker_for, register
from repokb.chunkers.fixed import outside_rows, split_lines
from repokb.chunkers.joining import join_short
from repokb.chunkers.markdown import MARKDOWN, MarkdownChunker
from repokb.models import ChunkPiece

# ```` ```{r label} ````, and MyST-NB's (Jupyter Book's) ```` ```{code-cell} ipython3 ```` whose
# kernel follows the braces
_OPEN = re.compile(r"^[ \t]{0,3}(?P<fence>`{3,}|~{3,})[ \t]*\{[ \t]*(?:code-cell\}[ \t]+"
                   r"(?P<kernel>[\w+.-]+)|(?P<lang>[A-Za-z]\w*)[^}\n]*\})[ \t]*$")
_LANGUAGES = {"r": "r", "python": "python", "julia": "julia", "sql": "sql", "bash": "shell",
              "sh": "shell", "ipython": "python", "ipython3": "python", "python3": "python",
              "ir": "r"}
_NOT_DEFINITIONS = frozenset({None, "window", "module"})


def code_chunks(lines: list[str]) -> list[tuple[int, int, str]]:
    """(open fence row, close fence row, language) of each executable chunk, 0-based."""
    found: list[tuple[int, int, str]] = []
    row = 0
    while row < len(lines):
        m = _OPEN.match(lines[row])
        if m is None:
            row += 1
            continue
        fence = m.group("fence")
        close = re.compile(rf"^[ \t]{{0,3}}{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        end = next((r for r in range(row + 1, len(lines)) if close.match(lines[r])), None)
        if end is None:
            break  # unclosed: the rest is the chunk's, left to the Markdown chunker
        language = _LANGUAGES.get((m.group("lang") or m.group("kernel")).lower())
        if language is not None:
            found.append((row, end, language))
        row = end + 1
    return found


class RMarkdownChunker:
    """Markdown; an R Markdown or Quarto document's defining code chunks by their language."""

    name = "markdown"
    languages = frozenset({"markdown"})

    def __init__(self, markdown: MarkdownChunker) -> None:
        self.markdown = markdown

    def chunk(self, text: str) -> list[ChunkPiece]:
        if "{" not in text or "```" not in text and "~~~" not in text:
            return self.markdown.chunk(text)
        try:
            return self._chunk(text)
        except OverBudget:
            raise
        except Exception:  # the never-raise contract: Markdown's pieces serve
            return self.markdown.chunk(text)

    def _chunk(self, text: str) -> list[ChunkPiece]:
        lines = split_lines(text)
        code: list[ChunkPiece] = []
        taken: set[int] = set()
        for first, last, language in code_chunks(lines):
            chunker: Chunker | None = chunker_for(language)
            if chunker is None or first + 1 > last - 1:
                continue
            pieces = chunker.chunk("".join(lines[first + 1:last]))
            if all(p.symbol_type in _NOT_DEFINITIONS for p in pieces):
                continue  # no definition: the chunk stays in its section
            shifted = [replace(p, start_line=p.start_line + first + 1,
                               end_line=p.end_line + first + 1) for p in pieces]
            code += _with_fences(shifted, lines, first, last)
            taken.update(range(first, last + 1))
        if not code:
            return self.markdown.chunk(text)
        blanked = ["\n" if row in taken and line.endswith("\n") else
                   ("" if row in taken else line) for row, line in enumerate(lines)]
        prose = [p for piece in self.markdown.sections("".join(blanked))[0]
                 for p in outside_rows(piece, taken)]
        prose.sort(key=lambda p: (p.start_line, p.end_line))
        # the heading path of the section each piece stands in, taken before any joining: a
        # short section joined to the one before it names that one (`retention_curve` under
        # `## Retention` took `Churn`)
        code = [replace(p, context=_section_at(prose, p.start_line) or p.context) for p in code]
        # joined as one document, as Markdown joins its sections: a short section above its
        # chunk heads the chunk's piece (joining.py), one with code on both sides is kept
        return join_short(sorted(prose + code, key=lambda p: (p.start_line, p.end_line)), lines)


def _with_fences(pieces: list[ChunkPiece], lines: list[str], first: int,
                 last: int) -> list[ChunkPiece]:
    """The chunk's pieces, its opening fence (```` ```{r churn} ````) joined to the first and
    its closing fence to the last: every line of the document is in a piece."""
    pieces = sorted(pieces, key=lambda p: (p.start_line, p.end_line))
    head = pieces[0]
    pieces[0] = replace(head, content="".join(lines[first:head.start_line - 1]) + head.content,
                        start_line=first + 1)
    at = max(range(len(pieces)), key=lambda i: pieces[i].end_line)
    tail = pieces[at]
    pieces[at] = replace(tail, content=tail.content + "".join(lines[tail.end_line:last + 1]),
                         end_line=last + 1)
    return pieces


def _section_at(prose: list[ChunkPiece], line: int) -> str | None:
    """The heading path of the last Markdown piece starting before `line`."""
    before = [p for p in prose if p.start_line < line and p.symbol]
    return before[-1].symbol if before else None



# After chunkers.code and chunkers.rlang registered the languages' chunkers and markdown.py
# the Markdown chunker (the package imports them first).
register(RMarkdownChunker(MARKDOWN))
