"""The proxy's semantic cache: (question -> answer) entries in their own Qdrant Edge shard.

Kept apart from the knowledge points (another shard under `$REPOKB_HOME/cache`), so flushing
either never touches the other and a chunk search can never return a cached answer. An entry is
one point: the embedded (redacted) question as its dense vector, and a payload with the scope
(the projects the question was asked about), the answer text and the chunks it was built on.
The Store interface does not fit (its points are chunks), so this is a small store of its own,
opened the same way (single-process lock -> StoreBusyError, engine errors -> StoreError).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import qdrant_edge as q

from repokb.errors import StoreBusyError, StoreError
from repokb.stores.base import DENSE
from repokb.stores.qdrant_edge import _Guarded

_PAGE = 1000


@dataclass(frozen=True)
class CachedAnswer:
    id: str
    score: float
    payload: dict[str, Any]


class AnswerCache:
    def __init__(self, path: Path, dimension: int) -> None:
        config = q.EdgeConfig(
            vectors={DENSE: q.EdgeVectorParams(size=dimension, distance=q.Distance.Cosine)})
        try:
            if not path.is_dir() or not any(path.iterdir()):
                _create_atomically(path, config)
            self._open: _Guarded | None = _Guarded(q.EdgeShard.load(str(path), config))
        except Exception as exc:
            text = str(exc)
            if "WouldBlock" in text or "lock" in text.lower():
                raise StoreBusyError(f"The answer cache at {path} is in use by another "
                                     "process.", hint="Stop `repokb serve`/`repokb proxy`, or "
                                     "use its /proxy/cache endpoints.") from exc
            raise StoreError(f"Cannot open the answer cache at {path}: {text}",
                             hint="`repokb cache flush` or remove the folder.") from exc

    @property
    def _shard(self) -> _Guarded:
        if self._open is None:
            raise StoreError("The answer cache is closed.")
        return self._open

    def nearest(self, vector: list[float], scope: str, limit: int = 3) -> list[CachedAnswer]:
        """Entries of one scope, most similar question first."""
        flt = q.Filter(must=[q.FieldCondition("scope", match=q.MatchValue(scope))])
        (found,) = self._shard.query_batch(q.QueryBatchRequest([q.QueryRequest(
            limit=limit, query=q.Query.Nearest(vector, using=DENSE), filter=flt,
            with_payload=True)]))
        return [CachedAnswer(str(p.id), float(p.score), dict(p.payload or {})) for p in found]

    def put(self, entry_id: str, vector: list[float], payload: dict[str, Any]) -> None:
        self._shard.update(q.UpdateOperation.upsert_points(
            [q.Point(entry_id, {DENSE: vector}, payload)]))

    def delete(self, ids: list[str]) -> None:
        if ids:
            self._shard.update(q.UpdateOperation.delete_points(list[Any](ids)))

    def entries(self) -> list[CachedAnswer]:
        """Every entry's payload (for stats and checks)."""
        out: list[CachedAnswer] = []
        offset = None
        while True:
            page, offset = self._shard.scroll(q.ScrollRequest(
                offset=offset, limit=_PAGE, with_payload=True, with_vector=False))
            out.extend(CachedAnswer(str(r.id), 0.0, dict(r.payload or {})) for r in page)
            if offset is None or not page:
                return out

    def count(self) -> int:
        return int(self._shard.count(q.CountRequest(exact=True)))

    def flush(self) -> int:
        """Delete every entry; returns how many there were."""
        before = self.count()
        self._shard.update(q.UpdateOperation.delete_points_by_filter(q.Filter(must=[
            q.FieldCondition("created", range=q.RangeFloat(gte=0.0))])))
        return before

    def close(self) -> None:
        if self._open is not None:
            self._open.flush()
            self._open.close()
            self._open = None


def _create_atomically(path: Path, config: q.EdgeConfig) -> None:
    """As the knowledge store: build beside `path`, then rename into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".cache-new-", dir=path.parent))
    try:
        shard = q.EdgeShard.create(str(staging), config)
        shard.update(q.UpdateOperation.create_field_index("scope", q.PayloadSchemaType.Keyword))
        shard.update(q.UpdateOperation.create_field_index("created", q.PayloadSchemaType.Float))
        shard.flush()
        shard.close()
        if path.is_dir() and not any(path.iterdir()):
            path.rmdir()
        with contextlib.suppress(OSError):
            os.rename(staging, path)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
