"""What both Qdrant backends (stores/qdrant_edge.py, stores/qdrant_server.py) build the same way
from their engine's records, with no engine imported: the conditions a `StoreFilter` stands
for, the fields a file's points are read with, a record turned into a `RawPoint`, and the one
point per text that `dense_by_text` reads the vector of. Each backend renders the conditions
with its own engine's filter types."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from repokb.models import LEXICAL_ONLY
from repokb.stores.base import DENSE, SPARSE, TEXT_HASH, RawPoint, StoreFilter

PAGE = 1000  # records per scroll page
# the payload fields `Store.file_points` reads (what a re-index compares a file's chunks by)
FILE_FIELDS = ["chunk_index", TEXT_HASH, "start_line", "end_line", LEXICAL_ONLY]


def filter_terms(where: StoreFilter) -> list[tuple[str, list[Any]]]:
    """`where` as (field, any of these values) conditions, all of which a point must meet: an
    empty path list matches no point (it is asked as the one path "")."""
    terms = [(key, list(values)) for key, values in (
        ("project", where.projects), ("kind", where.kinds), ("language", where.languages))
        if values]
    if where.paths is not None:
        terms.append(("path", list(where.paths) or [""]))
    return terms


def dense_of(vector: Any) -> list[float] | None:
    """A record's dense vector from its named vectors (None: a lexical-only point)."""
    value = vector.get(DENSE) if isinstance(vector, dict) else None
    return list(value) if value is not None else None


def raw_point(record: Any) -> RawPoint:
    """A scrolled record (with payload and vectors) as the copy between stores carries it."""
    sparse = record.vector.get(SPARSE) if isinstance(record.vector, dict) else None
    return RawPoint(str(record.id), [float(x) for x in dense_of(record.vector) or []],
                    (list(sparse.indices), list(sparse.values)) if sparse else ([], []),
                    dict(record.payload or {}))


def text_holders(records: Iterable[Any]) -> dict[str, str]:
    """One point id per text hash, the first record of each (records read with TEXT_HASH)."""
    holders: dict[str, str] = {}
    for r in records:
        holders.setdefault(str((r.payload or {}).get(TEXT_HASH)), str(r.id))
    return holders
