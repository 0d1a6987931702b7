"""Stage 6 — store: diff a batch of chunked files against the store and write only the change.

Write order is what makes a killed run repairable: vectors and payloads first, then the prune
of chunk indices past the new count, and only then (by the caller) the catalog commit. A crash
in between leaves files the catalog does not call done; the next run redoes them, finds their
points already written with the same text hash, and converges to the clean-run state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from repokb.models import LEXICAL_ONLY, PENDING, Chunk, EmbeddedChunk
from repokb.pipeline.chunk import ChunkedFile
from repokb.pipeline.embed import Vectorizer
from repokb.stores.base import Store


@dataclass
class WriteCounts:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    pruned: int = 0
    embedded: int = 0
    tokens: int = 0  # tokens the model read
    pending: int = 0  # written without a dense vector, left to the dense pass
    lexical_only: int = 0  # written without one for good (a reason recorded)


def write_batch(store: Store, vectorizer: Vectorizer, files: list[ChunkedFile],
                observe: Callable[[list[EmbeddedChunk]], None] | None = None, *,
                prune: bool = True, slice_chunks: int = 512, dense: bool = True) -> WriteCounts:
    """Write a batch; `observe` sees every chunk written with a dense vector, before the write.
    `prune=False` for partial files (pre-chunked uploads): chunk indices past the batch's are
    kept, not taken as gone. Vectors are made and written `slice_chunks` at a time, so one
    huge file never holds all its vectors at once. A chunk takes the dense vector that any
    point, of any project, holds for its text hash (`Store.dense_by_text`: this file's old
    points, a second checkout's, the previous release's); only the other texts go to the model.
    `dense=False` (lexical-first): a chunk whose text has no vector in the store yet is written
    with its BM25 vector only, marked pending for the dense pass (pipeline/dense.py); an
    overwritten point never keeps its old vector."""
    counts = WriteCounts()
    to_write: list[Chunk] = []
    # a text this batch overwrites that no new chunk of its file has (a prune marks its own:
    # Store.prune); a shifted chunk's text is still there
    overwritten = False
    for item in files:
        f = item.file
        old = {p.id: p.payload for p in store.file_points(f.project, f.path)}
        kept = {c.text_hash for c in item.chunks}
        overwritten = overwritten or any(
            old[c.point_id].get("text_hash") not in kept for c in item.chunks
            if c.point_id in old)
        for chunk in item.chunks:
            before = old.get(chunk.point_id)
            if before is None:
                counts.created += 1
            elif before.get("text_hash") != chunk.text_hash:
                counts.updated += 1
            else:
                counts.unchanged += 1
                if ((before.get("start_line"), before.get("end_line")) == (
                        chunk.start_line, chunk.end_line)
                        and _same_vectors(before.get(LEXICAL_ONLY),
                                          vectorizer.lexical_reason(chunk))):
                    continue  # identical point: nothing to write
            to_write.append(chunk)
        if prune:
            counts.pruned += sum(1 for p in old.values()
                                 if int(p.get("chunk_index", 0)) >= len(item.chunks))
    if overwritten:  # the old text stays on disk (engine's log, freed pages) until a
        store.mark_compaction_due()  # compaction: due before the write that frees it
    for start in range(0, len(to_write), max(1, slice_chunks)):
        part = to_write[start:start + slice_chunks]
        reuse = store.dense_by_text(sorted(
            {c.text_hash for c in part if vectorizer.lexical_reason(c) is None}
            - vectorizer.ahead.keys()))
        tokens = vectorizer.tokens
        embedded = vectorizer.vectorize(part, reuse, dense=dense)
        counts.tokens += vectorizer.tokens - tokens
        counts.embedded += len({e.chunk.text_hash for e in embedded if e.dense is not None}
                               - reuse.keys())  # the model's work, slice by slice
        counts.pending += sum(e.lexical_only == PENDING for e in embedded)
        counts.lexical_only += sum(e.lexical_only not in (None, PENDING) for e in embedded)
        if observe is not None:
            observe([e for e in embedded if e.dense is not None])
        store.upsert(embedded)
    for item in files if prune else ():
        store.prune(item.file.project, item.file.path, len(item.chunks))
    return counts


def _same_vectors(stored: str | None, wanted: str | None) -> bool:
    """Whether a stored point's vectors are what the chunk should have: a dense vector, or one
    pending (`stored` None or pending) when no rule keeps it lexical-only (`wanted` None), or
    lexical-only for the same reason. A changed rule rewrites the point."""
    if wanted is None:
        return stored in (None, PENDING)
    return stored == wanted


def merge(total: Counter[str], counts: WriteCounts) -> None:
    total["chunks_created"] += counts.created
    total["chunks_updated"] += counts.updated
    total["chunks_unchanged"] += counts.unchanged
    total["chunks_pruned"] += counts.pruned
    total["chunks_embedded"] += counts.embedded
    total["tokens_embedded"] += counts.tokens
    total["chunks_dense_deferred"] += counts.pending
    total["chunks_lexical_only"] += counts.lexical_only
