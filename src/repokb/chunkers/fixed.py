"""Fixed-size windows with overlap, aligned to line boundaries where lines allow it.

The fallback of every other chunker. A line longer than the window (minified code, a
50,000-character line) is cut inside the line; its pieces keep that line number.
"""

from __future__ import annotations

from repokb.models import ChunkPiece


def fixed_windows(
    text: str, size: int = 500, overlap: int = 100, first_line: int = 1,
    symbol: str | None = None, symbol_type: str | None = "window",
) -> list[ChunkPiece]:
    lines = text.splitlines(keepends=True)
    pieces: list[ChunkPiece] = []
    i = 0
    while i < len(lines):
        if len(lines[i]) > size:  # one overlong line: cut it by characters
            line = lines[i]
            step = max(1, size - overlap)
            for start in range(0, len(line), step):
                part = line[start : start + size]
                if part.strip():
                    pieces.append(ChunkPiece(part, first_line + i, first_line + i,
                                             symbol, symbol_type))
                if start + size >= len(line):
                    break
            i += 1
            continue
        j, length = i, 0
        while j < len(lines) and (length == 0 or length + len(lines[j]) <= size):
            if len(lines[j]) > size:
                break
            length += len(lines[j])
            j += 1
        content = "".join(lines[i:j])
        if content.strip():
            pieces.append(ChunkPiece(content, first_line + i, first_line + j - 1,
                                     symbol, symbol_type))
        if j >= len(lines):
            break
        # Step back over whole lines worth at most `overlap` characters, always advancing.
        back, k = 0, j
        while k - 1 > i and back + len(lines[k - 1]) <= overlap:
            k -= 1
            back += len(lines[k])
        i = k
    return pieces


class FixedChunker:
    name = "fixed"
    languages: frozenset[str] = frozenset()

    def __init__(self, size: int = 500, overlap: int = 100) -> None:
        self.size, self.overlap = size, overlap

    def chunk(self, text: str) -> list[ChunkPiece]:
        return fixed_windows(text, self.size, self.overlap)
