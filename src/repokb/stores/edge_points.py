"""The Qdrant Edge engine's side of the data model: the shards' configurations and payload
indexes, `StoreFilter` and file filters as engine filters, points as the engine takes them (a
tombstone, named vectors) and the engine's records and facet values read back. Shared by the
store (stores/qdrant_edge.py), its answer cache (stores/edge_answers.py) and the file
machinery (stores/edge_files.py)."""

from __future__ import annotations

from typing import Any, TypeVar

import qdrant_edge as q

from repokb.models import UNEMBEDDED_KEYS
from repokb.stores.base import DENSE, KEYWORD_FIELDS, SPARSE, WORD_FIELDS, StoreFilter
from repokb.stores.points import filter_terms

F = TypeVar("F", q.Filter, None)
NO_INDEXING_KB = 2**40  # never build HNSW: exact dense scan, as before the optimizers ran
# A search runs on the calling thread, not handed to the engine's pool: the caller holds the
# interpreter lock all the while either way, and on the Django shard (one segment) a search's
# two requests took 0.48 ms there against 0.66 ms through the pool (0.12 ms of it the caller's,
# the rest waiting for a pool thread: ~1 ms under 8 clients), and the pool's CPU on top.
SEARCH_THREADS = 1
Index = q.PayloadSchemaType | q.TextIndexParams
STORE_INDEXES: dict[str, Index] = {
    **{key: q.PayloadSchemaType.Keyword for key in KEYWORD_FIELDS},
    **{key: q.TextIndexParams(tokenizer=q.TokenizerType.Word, lowercase=True)
       for key in WORD_FIELDS},
    "chunk_index": q.PayloadSchemaType.Integer}
ANSWER_INDEXES: dict[str, Index] = {"scope": q.PayloadSchemaType.Keyword,
                                    "created": q.PayloadSchemaType.Float}

# every live point has chunk_index >= 0 (a tombstone has no payload): this matches all of them
INDEXED = q.FieldCondition("chunk_index", range=q.RangeFloat(gte=0.0))
LIVE = q.Filter(must=[INDEXED])


def store_config(dimension: int) -> q.EdgeConfig:
    return q.EdgeConfig(
        vectors={DENSE: q.EdgeVectorParams(size=dimension, distance=q.Distance.Cosine)},
        sparse_vectors={SPARSE: q.EdgeSparseVectorParams(modifier=q.Modifier.Idf)},
        optimizers=q.EdgeOptimizersConfig(deleted_threshold=1e-9, vacuum_min_vector_number=1,
                                          indexing_threshold=NO_INDEXING_KB),
        max_search_threads=SEARCH_THREADS,
    )


def answers_config(dimension: int) -> q.EdgeConfig:
    """The answer cache's shard: dense vectors only."""
    return q.EdgeConfig(
        vectors={DENSE: q.EdgeVectorParams(size=dimension, distance=q.Distance.Cosine)},
        max_search_threads=SEARCH_THREADS)


def engine_filter(where: StoreFilter) -> q.Filter | None:
    must: list[Any] = [q.FieldCondition(key, match=q.MatchAny(values))
                       for key, values in filter_terms(where)]
    return q.Filter(must=must) if must else None


def among(where: q.Filter | None, ids: list[str]) -> q.Filter:
    """`where` narrowed to the given points."""
    ids_in = q.HasIdCondition(set(ids))
    return q.Filter(must=[*(where.must or []), ids_in] if where is not None else [ids_in])


def project_filter(project: str | None, otherwise: F) -> q.Filter | F:
    """The points of `project`; with no project, `otherwise`."""
    if not project:
        return otherwise
    return q.Filter(must=[q.FieldCondition("project", match=q.MatchValue(project))])


def file_filter(project: str, path: str, min_index: int = 0,
                max_index: int | None = None) -> q.Filter:
    must: list[Any] = [q.FieldCondition("project", match=q.MatchValue(project)),
                       q.FieldCondition("path", match=q.MatchValue(path))]
    if min_index or max_index is not None:
        must.append(q.FieldCondition("chunk_index", range=q.RangeFloat(
            gte=float(min_index), lte=None if max_index is None else float(max_index))))
    return q.Filter(must=must)


def tombstone(point_id: Any) -> q.Point:
    """What a pruned point becomes: found by no search, matched by no filter
    (stores/qdrant_edge.py says why)."""
    return q.Point(point_id, {SPARSE: q.SparseVector([], [])}, {})


def named_vectors(dense: list[float] | None, sparse: tuple[list[int], list[float]],
                  ) -> dict[str, Any]:
    """A point's named vectors: a lexical-only point has no dense one."""
    named: dict[str, Any] = {SPARSE: q.SparseVector(*sparse)}
    if dense:
        named[DENSE] = dense
    return named


def embedded(payload: dict[str, Any]) -> dict[str, Any]:
    """A payload as it is once its point has a dense vector (`fill_dense` drops the marks)."""
    return {k: v for k, v in payload.items() if k not in UNEMBEDDED_KEYS}


def facet_value(value: Any) -> str:
    # The bindings wrap values (Keyword("x")); take the inner value.
    for attr in ("value", "keyword"):
        if hasattr(value, attr):
            return str(getattr(value, attr))
    text = str(value)
    return text.split("(", 1)[1].rstrip(")").strip('"') if "(" in text else text
