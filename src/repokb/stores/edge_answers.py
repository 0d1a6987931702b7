"""The LLM proxy's answer cache on Qdrant Edge (the `AnswerCache` of stores/answers.py): its own
shard of dense vectors under home/cache, held by one process at a time like the store's, and
emptied by swapping a new, empty shard into its place (stores/edge_files.py)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import qdrant_edge as q

from repokb.errors import StoreError
from repokb.stores.answers import AnswerCache, CachedAnswer
from repokb.stores.base import DENSE
from repokb.stores.edge_files import (
    Guarded,
    built,
    exchange,
    held,
    opened,
    opening,
    release,
    staging,
    swap_in,
)
from repokb.stores.edge_points import ANSWER_INDEXES, answers_config
from repokb.stores.points import PAGE

_BUSY_HINT = "Stop `repokb serve`/`repokb proxy`, or use its /proxy/cache endpoints."


class QdrantEdgeAnswers(AnswerCache):
    """The LLM proxy's answer cache: its own shard (dense vectors only), under home/cache."""

    _lock: int | None = None
    _open: Guarded | None = None

    def __init__(self, path: Path, dimension: int) -> None:
        # held by each engine call and by a flush while it swaps the shard: no call reaches
        # the shard the swap closes
        self._swapping = threading.RLock()
        # one process at a time, as the store (QdrantEdgeStore)
        self._lock = held(path, f"The answer cache at {path} is in use by another process.",
                          _BUSY_HINT)
        try:
            self._load(path, dimension)
        except BaseException:
            self._unlock()
            raise

    def _unlock(self) -> None:
        release(self, shard=False)

    def _load(self, path: Path, dimension: int) -> None:
        self._path, self._config = path, answers_config(dimension)
        with opening("answer cache", path, "`repokb cache flush` or remove the folder.",
                     _BUSY_HINT):
            self._open = opened(path, self._config, ANSWER_INDEXES)

    def _call(self, name: str, *args: Any) -> Any:
        """One engine call on the shard, never on one a flush is closing."""
        with self._swapping:
            if self._open is None:
                raise StoreError("The answer cache is closed.")
            return getattr(self._open, name)(*args)

    def nearest(self, vector: list[float], scope: str, limit: int = 3) -> list[CachedAnswer]:
        flt = q.Filter(must=[q.FieldCondition("scope", match=q.MatchValue(scope))])
        (found,) = self._call("query_batch", q.QueryBatchRequest([q.QueryRequest(
            limit=limit, query=q.Query.Nearest(vector, using=DENSE), filter=flt,
            with_payload=True)]))
        return [CachedAnswer(str(p.id), float(p.score), dict(p.payload or {})) for p in found]

    def put(self, entry_id: str, vector: list[float], payload: dict[str, Any]) -> None:
        self._call("update", q.UpdateOperation.upsert_points(
            [q.Point(entry_id, {DENSE: vector}, payload)]))

    def delete(self, ids: list[str]) -> None:
        if ids:
            self._call("update", q.UpdateOperation.delete_points(list[Any](ids)))

    def entries(self) -> list[CachedAnswer]:
        out: list[CachedAnswer] = []
        offset = None
        while True:
            page, offset = self._call("scroll", q.ScrollRequest(
                offset=offset, limit=PAGE, with_payload=True, with_vector=False))
            out.extend(CachedAnswer(str(r.id), 0.0, dict(r.payload or {})) for r in page)
            if offset is None or not page:
                return out

    def count(self) -> int:
        return int(self._call("count", q.CountRequest(exact=True)))

    def flush(self) -> int:
        """Every entry goes, and with them their bytes: a new, empty shard takes the old one's
        place (deleted points stay in the engine's write-ahead log until it wraps around: the
        answers, and the questions in them, stayed readable on disk)."""
        if exchange is None:  # no atomic swap here: delete the entries only
            with self._swapping:
                before = self.count()
                self._call("update", q.UpdateOperation.delete_points_by_filter(q.Filter(
                    must=[q.FieldCondition("created", range=q.RangeFloat(gte=0.0))])))
            return before
        with staging(self._path) as folder:
            fresh = built(folder, self._config, ANSWER_INDEXES)
            with self._swapping:
                before = self.count()
                swap_in(self, fresh)
        return before

    def close(self) -> None:
        with self._swapping:
            release(self)
