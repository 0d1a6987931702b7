"""Markdown by headings: one section per heading (H1–H6), its heading path as the symbol.

markdown-it finds the headings, so `#` lines inside code fences are not mistaken for headings.
Sections longer than the window are cut into 800/120 windows that keep the heading path.
Front matter is skipped.
"""

from __future__ import annotations

from markdown_it import MarkdownIt

from repokb.chunkers.base import register
from repokb.chunkers.fixed import fixed_windows
from repokb.models import ChunkPiece

_md = MarkdownIt("commonmark")


class MarkdownChunker:
    name = "markdown"
    languages = frozenset({"markdown"})

    def __init__(self, size: int = 800, overlap: int = 120) -> None:
        self.size, self.overlap = size, overlap

    def chunk(self, text: str) -> list[ChunkPiece]:
        lines = text.splitlines(keepends=True)
        body_start = _front_matter_end(lines)
        try:
            tokens = _md.parse("".join(lines[body_start:]))
        except Exception:  # markdown-it is forgiving; this guards the never-raise contract
            return fixed_windows(text, self.size, self.overlap)
        headings: list[tuple[int, int, str]] = []  # (line index, level, title)
        for idx, tok in enumerate(tokens):
            if tok.type == "heading_open" and tok.map:
                title = tokens[idx + 1].content.strip() if idx + 1 < len(tokens) else ""
                headings.append((body_start + tok.map[0], int(tok.tag[1]), title))
        starts = [body_start] + [h[0] for h in headings if h[0] > body_start]
        pieces: list[ChunkPiece] = []
        path: list[tuple[int, str]] = []
        heading_at = {h[0]: h for h in headings}
        for n, start in enumerate(starts):
            end = starts[n + 1] if n + 1 < len(starts) else len(lines)
            if start in heading_at:
                _, level, title = heading_at[start]
                path = [(lv, t) for lv, t in path if lv < level] + [(level, title)]
            section = "".join(lines[start:end])
            if not section.strip():
                continue
            symbol = " > ".join(t for _, t in path) or None
            if len(section) <= self.size:
                pieces.append(ChunkPiece(section, start + 1, end, symbol, "section"))
            else:
                pieces.extend(fixed_windows(section, self.size, self.overlap, start + 1,
                                            symbol, "section"))
        return pieces


def _front_matter_end(lines: list[str]) -> int:
    if lines and lines[0].strip() == "---":
        for i in range(1, min(len(lines), 200)):
            if lines[i].strip() in ("---", "..."):
                return i + 1
    return 0


register(MarkdownChunker())
