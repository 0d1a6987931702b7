"""The Edge store's points read back, each a function of the shard (the engine's scroll,
retrieve, count and facet): a file's points and chunks, a project's export, the raw points a
migration or a compaction copies, the points still waiting for their dense vector, dense
vectors by id or by text, the placed contents of hits, counts and facets. What the store
(stores/qdrant_edge.py) decides, when the shard loads and how writes are paced, is not here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import qdrant_edge as q

from repokb.models import LEXICAL_ONLY, PENDING
from repokb.stores.base import DENSE, PLACED_CONTENT, TEXT_HASH, RawPoint, StoredPoint
from repokb.stores.edge_files import Guarded
from repokb.stores.edge_points import LIVE, facet_value, file_filter, project_filter
from repokb.stores.points import FILE_FIELDS, PAGE, dense_of, raw_point, text_holders

# The store's shard, loaded on its first use: asked for at each engine call, as the store's
# own methods did, so a read with nothing to ask (no ids) never loads it, and a scroll that a
# compaction's swap falls in goes on in the new shard.
Shard = Callable[[], Guarded]


def scroll_all(shard: Shard, where: q.Filter | None, fields: list[str] | bool,
               vectors: list[str] | bool = False) -> list[q.Record]:
    records: list[q.Record] = []
    offset = None
    while True:
        page, offset = shard().scroll(q.ScrollRequest(
            offset=offset, limit=PAGE, filter=where, with_payload=fields,
            with_vector=vectors))
        records.extend(page)
        if offset is None or not page:
            return records


def scroll_pending(shard: Shard, project: str, kinds: tuple[str, ...],
                   exclude: tuple[str, ...], offset: str | None, limit: int,
                   ) -> tuple[list[StoredPoint], str | None]:
    must: list[Any] = [q.FieldCondition("project", match=q.MatchValue(project)),
                       q.FieldCondition(LEXICAL_ONLY, match=q.MatchValue(PENDING))]
    if kinds:
        must.append(q.FieldCondition("kind", match=q.MatchAny(list(kinds))))
    must_not: list[Any] | None = (
        [q.FieldCondition("kind", match=q.MatchAny(list(exclude)))] if exclude else None)
    page, next_offset = shard().scroll(q.ScrollRequest(
        offset=offset, limit=limit, filter=q.Filter(must=must, must_not=must_not),
        with_payload=True, with_vector=False))
    points = [StoredPoint(str(r.id), 0.0, dict(r.payload or {})) for r in page]
    return points, str(next_offset) if next_offset is not None and page else None


def scroll_raw(shard: Shard, offset: str | None, limit: int,
               ) -> tuple[list[RawPoint], str | None]:
    page, next_offset = shard().scroll(q.ScrollRequest(
        offset=offset, limit=limit, filter=LIVE, with_payload=True, with_vector=True))
    following = str(next_offset) if next_offset is not None and page else None
    return [raw_point(r) for r in page], following


def file_points(shard: Shard, project: str, path: str) -> list[StoredPoint]:
    return [StoredPoint(str(r.id), 0.0, dict(r.payload or {}))
            for r in scroll_all(shard, file_filter(project, path), FILE_FIELDS)]


def file_chunks(shard: Shard, project: str, path: str, first: int = 0,
                last: int | None = None) -> list[StoredPoint]:
    points = [StoredPoint(str(r.id), 0.0, dict(r.payload or {}))
              for r in scroll_all(shard, file_filter(project, path, first, last), True)]
    return sorted(points, key=lambda p: int(p.payload.get("chunk_index", 0)))


def export(shard: Shard, project: str | None = None) -> list[StoredPoint]:
    where = project_filter(project, LIVE)
    out = []
    for r in scroll_all(shard, where, True, vectors=[DENSE]):
        out.append(StoredPoint(str(r.id), 0.0, dict(r.payload or {}), dense_of(r.vector)))
    return out


def dense_vectors(shard: Shard, ids: list[str]) -> dict[str, list[float]]:
    if not ids:
        return {}
    records = shard().retrieve(ids, with_payload=False, with_vector=[DENSE])
    return {str(r.id): vector for r in records if (vector := dense_of(r.vector)) is not None}


def dense_by_text(shard: Shard, text_hashes: list[str]) -> dict[str, list[float]]:
    """Found by the `text_hash` keyword index (added to an older shard when it is opened):
    first the ids, one point per text, then only their vectors (a text held by many
    projects is read once). A tombstone has no payload, a pending point no vector: neither
    matches."""
    if not text_hashes:
        return {}
    texts = q.FieldCondition(TEXT_HASH, match=q.MatchAny(list(set(text_hashes))))
    where = q.Filter(must=[texts, q.HasVectorCondition(DENSE)])
    holders = text_holders(scroll_all(shard, where, [TEXT_HASH]))
    found = dense_vectors(shard, list(holders.values()))
    return {text: found[i] for text, i in holders.items() if i in found}


def contents(shard: Shard, ids: list[str]) -> dict[str, dict[str, Any]]:
    if not ids:
        return {}
    records = shard().retrieve(ids, with_payload=list(PLACED_CONTENT), with_vector=False)
    return {str(r.id): dict(r.payload) for r in records if r.payload}


def count(shard: Shard, project: str | None = None) -> int:
    where = project_filter(project, LIVE)
    return int(shard().count(q.CountRequest(exact=True, filter=where)))


def facet(shard: Shard, key: str, project: str | None = None) -> dict[str, int]:
    where = project_filter(project, None)
    # A facet counts distinct values; the limit only needs to exceed the number of files.
    response = shard().facet(q.FacetRequest(key=key, limit=10_000_000, exact=True,
                                            filter=where))
    # The keyword index may keep values whose points were deleted, with a count of 0.
    return {facet_value(h.value): h.count for h in response if h.count}
