"""Stage 4 — enrich: give each piece its identity, its enrichment prefix and a quality score.

The prefix closes the gap between a question and code (seed 000 §III):
`src/api.ts: function authenticate — ...`, `docs/README.md: section Installation — ...`.
"""

from __future__ import annotations

import re

from repokb.models import Chunk, ChunkPiece, Classification, Kind, SourceFile

_DEFINITIONS = {"function", "class", "method", "interface", "struct", "enum", "trait", "impl",
                "type", "const"}
_COMMENT_LINE = re.compile(r"^\s*(#|//|/\*|\*|--|<!--)")


def prefix(path: str, piece: ChunkPiece, kind: str) -> str:
    if piece.symbol and piece.symbol_type == "section":
        return f"{path}: section {piece.symbol} — "
    if piece.symbol and kind == Kind.CONFIGURATION:
        return f"{path}: config {piece.symbol} — "
    if piece.symbol:
        return f"{path}: {piece.symbol_type or 'symbol'} {piece.symbol} — "
    return f"{path}: "


def quality(piece: ChunkPiece) -> float:
    """0..1: definitions, docstrings and examples up; short or comment-only pieces down."""
    text = piece.content
    score = 0.7
    if piece.symbol_type in _DEFINITIONS:
        score *= 1.25
    if piece.symbol_type == "section":
        score *= 1.15
    if len(text.strip()) < 100:
        score *= 0.6
    if '"""' in text or "'''" in text or "/**" in text:
        score *= 1.2
    if "example" in text.lower():
        score *= 1.1
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if lines and sum(1 for ln in lines if _COMMENT_LINE.match(ln)) / len(lines) > 0.8:
        score *= 0.5
    return round(max(0.0, min(1.0, score)), 3)


def enrich(file: SourceFile, c: Classification, piece: ChunkPiece, index: int) -> Chunk:
    head = prefix(file.path, piece, c.kind)
    context = f"{piece.context}\n" if piece.context else ""
    return Chunk(
        project=file.project, path=file.path, chunk_index=index,
        start_line=piece.start_line, end_line=piece.end_line, content=piece.content,
        embed_text=f"{head}{context}{piece.content}", symbol=piece.symbol,
        symbol_type=piece.symbol_type, kind=str(c.kind), language=c.language,
        role=str(c.knowledge_role), quality=quality(piece),
        classifier_version=c.classifier_version,
    )
