"""Markdown by headings: one section per heading (H1–H6), its heading path as the symbol.

markdown-it finds the headings, so `#` lines inside code fences are not mistaken for headings.
Sections longer than the window are cut between paragraphs into pieces of up to 800 characters
(a short last paragraph repeated as overlap, up to 120), each keeping the heading path.
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
                pieces.extend(self._paragraphs(lines[start:end], start + 1, symbol))
        return pieces

    def _paragraphs(self, lines: list[str], first_line: int,
                    symbol: str | None) -> list[ChunkPiece]:
        """A long section cut between paragraphs (blank lines outside code fences), each piece
        up to `size` characters, the previous piece's last paragraph repeated when it fits in
        `overlap`; a paragraph longer than `size` alone goes to fixed windows."""
        blocks: list[tuple[int, int]] = []  # [start, end) line indexes
        begin, fenced = 0, False
        for i, line in enumerate(lines):
            if line.lstrip().startswith(("```", "~~~")):
                fenced = not fenced
            if not line.strip() and not fenced:
                if i > begin:
                    blocks.append((begin, i + 1))
                begin = i + 1
        if begin < len(lines):
            blocks.append((begin, len(lines)))
        pieces: list[ChunkPiece] = []
        current: list[tuple[int, int]] = []

        def size(run: list[tuple[int, int]]) -> int:
            return sum(len(lines[k]) for a, b in run for k in range(a, b))

        def emit() -> None:
            a, b = current[0][0], current[-1][1]
            text = "".join(lines[a:b])
            if text.strip():
                pieces.append(ChunkPiece(text, first_line + a, first_line + b - 1, symbol,
                                         "section"))

        for block in blocks:
            if size([block]) > self.size:
                if current:
                    emit()
                    current = []
                a, b = block
                pieces.extend(fixed_windows("".join(lines[a:b]), self.size, self.overlap,
                                            first_line + a, symbol, "section"))
                continue
            if current and size(current + [block]) > self.size:
                emit()
                tail = current[-1]
                current = [tail] if size([tail]) <= self.overlap else []
                if current and size(current + [block]) > self.size:
                    current = []
            current.append(block)
        if current:
            emit()
        return pieces


def _front_matter_end(lines: list[str]) -> int:
    if lines and lines[0].strip() == "---":
        for i in range(1, min(len(lines), 200)):
            if lines[i].strip() in ("---", "..."):
                return i + 1
    return 0


register(MarkdownChunker())
