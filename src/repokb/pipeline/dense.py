"""Stage 5b — the dense pass: fill in the dense vectors of points written lexical-first.

The first pass (run.py) writes every admitted chunk with its BM25 vector and payload and commits
the catalog, so the whole tree is searchable (lexically) as soon as it has been read. This pass
then embeds the points the store marks `lexical_only = pending`, the most useful first (source,
contracts, schemas and docs; then the rest; tests last), a page at a time, and fills their
vectors in; each filled page turns those hits hybrid. A text whose vector another point already
holds (another project's: a second checkout, the previous release) takes it, unembedded.

The store alone says what is pending (the mark is dropped only after the vector is written), so
a run killed here leaves points the next run's dense pass finds and finishes: the catalog needs
no repair, and the store converges to what a clean run writes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np

from repokb.models import TEST_KINDS, Chunk, EmbeddedChunk, embedded_text
from repokb.pipeline.embed import Vectorizer
from repokb.stores.base import Store, StoredPoint

FIRST = ("source", "contract", "schema", "documentation")
LAST = TEST_KINDS
# (kinds, kinds excluded) per round, in the order the model gets them
ROUNDS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (FIRST, ()), ((), FIRST + LAST), (LAST, ()))


def fill_dense(store: Store, vectorizer: Vectorizer, project: str, counts: Counter[str], *,
               page: int = 512,
               observe: Callable[[list[EmbeddedChunk], np.ndarray], None] | None = None,
               stop: Callable[[], bool] | None = None,
               round_done: Callable[[int], None] | None = None) -> None:
    """Embed the project's pending points, round by round, `page` points at a time.
    `observe` sees each page's chunks with their new vectors, and those vectors as one float32
    array, a row a chunk (near-duplicate metrics);
    `stop` is asked between pages (a stopped watch ends at a page boundary); `round_done` is
    told each finished round's number (0: source, contracts, schemas and docs are dense)."""
    for number, (kinds, exclude) in enumerate(ROUNDS):
        offset: str | None = None
        while True:
            if stop is not None and stop():
                return
            points, offset = store.scroll_pending(project, kinds, exclude, offset, page)
            _fill_page(store, vectorizer, points, counts, observe)
            if offset is None:
                break
        if round_done is not None:
            round_done(number)


def _fill_page(store: Store, vectorizer: Vectorizer, points: list[StoredPoint],
               counts: Counter[str],
               observe: Callable[[list[EmbeddedChunk], np.ndarray], None] | None,
               ) -> None:
    texts: dict[str, tuple[str, int]] = {}  # text_hash -> (text, token limit): once each
    for point in points:
        text = embedded_text(point.payload)
        if text is None:  # written without its text (never by this version): cannot embed
            counts["chunks_dense_unavailable"] += 1
            continue
        key = str(point.payload.get("text_hash"))
        texts.setdefault(key, (text, int(point.payload.get("token_limit") or 256)))
    if not texts:
        return
    # a text another point holds with its vector (another project's, an earlier page's)
    by_hash = store.dense_by_text(sorted(texts))
    todo = {key: texts[key] for key in texts if key not in by_hash}
    tokens_before = vectorizer.tokens
    made = (vectorizer.embed([t for t, _ in todo.values()], [n for _, n in todo.values()])
            if todo else [])
    # the store takes Python floats: one tolist() a vector (the same floats as float(x) each,
    # at a quarter of the time); the near-duplicate check takes the model's rows as they are
    rows = dict(zip(todo, made, strict=True))
    by_hash.update({key: v.tolist() for key, v in rows.items()})
    vectors = {p.id: by_hash[str(p.payload.get("text_hash"))] for p in points
               if str(p.payload.get("text_hash")) in by_hash}
    if observe is not None:
        kept = [p for p in points if p.id in vectors]
        keys = [str(p.payload.get("text_hash")) for p in kept]
        observe([EmbeddedChunk(_chunk(p.payload), vectors[p.id], [], []) for p in kept],
                np.array([rows[k] if k in rows else by_hash[k] for k in keys],
                         dtype=np.float32).reshape(len(kept), -1))
    store.fill_dense(vectors)
    counts["chunks_embedded"] += len(todo)
    counts["tokens_embedded"] += vectorizer.tokens - tokens_before


def _chunk(payload: dict[str, Any]) -> Chunk:
    """Enough of a chunk to place it (near-duplicate metrics compare places and kinds)."""
    content = str(payload.get("content", ""))
    return Chunk(project=str(payload["project"]), path=str(payload["path"]),
                 chunk_index=int(payload.get("chunk_index", 0)),
                 start_line=int(payload.get("start_line", 1)),
                 end_line=int(payload.get("end_line", 1)), content=content,
                 embed_text=embedded_text(payload) or content, symbol=payload.get("symbol"),
                 symbol_type=payload.get("symbol_type"), kind=str(payload.get("kind")),
                 language=payload.get("language"), role=str(payload.get("role")),
                 quality=float(payload.get("quality") or 0.0),
                 classifier_version=str(payload.get("classifier_version", "")))
