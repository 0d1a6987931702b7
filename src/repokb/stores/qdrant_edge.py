"""Default store: a Qdrant Edge shard in-process under REPOKB_HOME (HNSW, sparse + IDF). The
engine is imported by this module and the five beside it that it is split into: its shard's
folder, lock and crash-safe swaps (stores/edge_files.py), its filters, configs and point
conversions (stores/edge_points.py), its points read back: a file's, a project's, pending ones,
vectors, counts, facets (stores/edge_reads.py), the searches that arrive together answered by
one engine call, through the dense copy when there is one (stores/edge_search.py), and the LLM
proxy's answer cache, a second shard (stores/edge_answers.py); the dense copy a quiet server
keeps is kept in step with the shard by stores/edge_copy.py (engine-free). This module owns the
store's behaviour: when the shard loads, writes paced around searches, tombstones and their
sweep, when searches are combined, and compaction.

One process at a time may open a shard: a second opener gets StoreBusyError, not a traceback.
The shard's own lock is not enough: after some writes (its WAL moves on) another process could
load the same shard, and two writers corrupted it ("Tracker journal ... is shorter than
expected"; seen in bench/stress_home.py). So the store also holds an exclusive `flock` on
`<store>.lock` for as long as it is open, taken before the shard is touched.

Same files, same answers: a deleted or overwritten point stays in its segment, marked deleted,
until the segment is vacuumed, and the sparse IDF statistics keep counting it, so a store that
went through edits, prunes or a killed run scored BM25 differently from a clean index of the
same files. The shard is therefore configured to vacuum any segment with a deleted point
(`deleted_threshold`, `vacuum_min_vector_number`), and the optimizers run when the shard is
opened and before the first search or the close after a delete. Indexing stays off
(`indexing_threshold`): dense search remains the exact scan it always was.

A vacuum rewrites the whole segment (Django's 49,553 points: 4.4 s holding the interpreter lock
and 1.1 GB at its peak), so a re-index that drops a file's last chunks does not delete them: it
makes them tombstones (`tombstone`), each an upsert of its id with no dense vector, an empty
sparse vector and no payload. The engine overwrites a point of its one appendable segment in
place and takes the old terms out of the sparse index, so BM25 counts the live points only, as
after a vacuum (the same rankings on Django, scores within 2 float32 steps); a tombstone has no
vector to be found by and no field to match a filter. They are swept (deleted, then vacuumed
once) when they reach a tenth of the points, at a close, and by a compaction, which a run that
dropped a file asks for (a tombstone's old payload stays in the write-ahead log until then).
"""

from __future__ import annotations

import contextlib
import functools
import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import qdrant_edge as q

from repokb.errors import StoreError
from repokb.models import UNEMBEDDED_KEYS, EmbeddedChunk
from repokb.stores import edge_reads as reads
from repokb.stores.base import (
    DENSE,
    SEARCH_FIELDS,
    WORDS,
    Combiner,
    InFlight,
    RawPoint,
    Store,
    StoredPoint,
    StoreFilter,
    defined_records,
    register,
    scan_defining,
)
from repokb.stores.dense_scan import View
from repokb.stores.edge_copy import CopyKeeper, Keeps, Row, new_files
from repokb.stores.edge_files import (
    DIMENSION_HINT,
    Guarded,
    add_missing_indexes,
    built,
    check_dimension,
    clear_due,
    due_mark,
    exchange,
    held,
    mark_due,
    opened,
    opening,
    release,
    remove_staging,
    staging,
    swap_in,
)
from repokb.stores.edge_points import (
    INDEXED,
    LIVE,
    STORE_INDEXES,
    embedded,
    engine_filter,
    file_filter,
    named_vectors,
    project_filter,
    store_config,
    tombstone,
)
from repokb.stores.edge_search import Answer, Ask, answered
from repokb.stores.points import PAGE, dense_of

# Points per write call. The engine holds the interpreter for a whole call (~0.1 ms a point with
# its payload), so a search waits for the write in progress: 512 at once stalled searches ~48 ms,
# 64 ~6 ms, for the same total time. Each piece is written whole and every write is idempotent,
# so a run killed between two pieces converges as before (docs/indexing.md).
_WRITE_PIECE = 64
# Points per write call while searches come (one in flight, or one began within
# _SEARCHES_RECENT s): a search that arrives during a piece waits for its whole engine call
# (~4 ms at 64 points of a lexical-first run, up to ~21 ms), a quarter of that at 16.
_BUSY_PIECE = 16
# How long a write piece waits for the searches in flight to end. A piece holds the interpreter
# for its whole engine call; a search that gave the interpreter up (to embed its query, to scan
# the dense copy) waited that long to get it back, at every such step.
_WRITE_YIELD = 0.02
# While searches come (one began within _SEARCHES_RECENT s), a write piece is followed by a pause
# so that writes hold the interpreter at most _WRITE_SHARE of the time (each pause at most
# _WRITE_PAUSE s); with no search, none.
_WRITE_SHARE = 0.25
_SEARCHES_RECENT = 0.1
_WRITE_PAUSE = 0.05


def _pieces(items: list[Any], busy: Callable[[], bool]) -> Iterator[list[Any]]:
    """`items` in order, a piece at a time: _BUSY_PIECE while `busy()` says searches come
    (asked before each piece), else _WRITE_PIECE."""
    start = 0
    while start < len(items):
        end = start + (_BUSY_PIECE if busy() else _WRITE_PIECE)
        yield items[start:end]
        start = end


def _defined_with_copy(copy: View, names: Sequence[str], where: StoreFilter, limit: int,
                       scroll: Callable[[list[str], Any], tuple[list[Any], Any]],
                       ) -> list[str]:
    """`Store.defining`'s ids with a dense copy: the copy's rows of those names (every point
    with a dense vector) and the engine's points without a dense vector that `scroll` finds
    (as `scan_defining` scrolls: a page at a time, in id order, until `limit`), the first
    `limit` of both in id order, as the engine's scroll of them all orders them. The copy
    holds the symbols of ~all the points: the engine reads only the few it does not."""
    rest = [str(r.id) for r in defined_records(names, limit, scroll)]
    return sorted({*copy.defined(names, where), *rest})[:limit]


# Engine calls of searches in flight at once while at most this many searches are in flight
# (embedding, in the store, ranking): one a core. A search beside another then makes its own
# engine call at once (one lane made it wait for the other's whole call: serve38's trace);
# beyond, the store is saturated and a search waits for the one call in flight, then is
# answered with the others that came meanwhile by one call (Combiner): two lanes there cost
# ~1 ms of CPU a search more, their batches half as big (bench/RESULTS.md, serve40).
SEARCH_LANES = (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                else os.cpu_count() or 1)

_TOMBSTONE_SHARE = 0.1  # swept at a close once tombstones are this share of the points


class _GaveWay(Exception):
    """A compaction's rewrite stopped for a waiting write (`compact(give_way)`)."""


class QdrantEdgeStore(Store):
    _open: Guarded | None = None
    _lock: int | None = None
    _deleted = False  # a point was deleted or overwritten since the last vacuum
    _pruned = False  # this process made a tombstone
    _ahead: threading.Thread | None = None  # load_soon's thread

    def __init__(self, path: Path, dimension: int) -> None:
        # concurrent searches (the server's threads): each its own engine call while a lane is
        # free, those beyond answered together by one
        self._searches: Combiner[Ask, Answer] = Combiner(self._search_batch, self._lanes)
        self._vacuuming = threading.Lock()  # one search vacuums; a search beside it waits
        # A server's snapshot of the dense vectors, kept in step with the writes
        # (stores/edge_copy.py)
        self._copies = CopyKeeper(dimension, self.count, self._copy_page)
        self._in_flight = InFlight()
        # The shard is loaded on first use (~0.5 s and ~300 MB for Django's 50,000 points): a
        # re-index that finds nothing changed never loads it. Its lock is taken now, so the
        # store is this process's from here on, loaded or not.
        self._loading = threading.Lock()
        self._closed = False
        self._path, self._config = path, store_config(dimension)
        self._lock = held(path, f"The store at {path} is in use by another process.")
        try:
            remove_staging(path)  # what a killed compaction left: gone at once, as before
            check_dimension(path, dimension)
        except BaseException:
            self._unlock()
            raise

    def _load(self) -> Guarded:
        path = self._path
        with opening("store", path, DIMENSION_HINT):
            shard = opened(path, self._config, STORE_INDEXES)
            add_missing_indexes(shard, STORE_INDEXES)  # a store made by an older repokb
            shard.optimize()  # what a killed run deleted and left unvacuumed
        return shard

    def load(self) -> None:
        self._shard  # noqa: B018  (the first use loads it)

    def load_soon(self) -> None:
        """Start the shard's load on a thread of its own, so a run that will write loads it
        (0.4-0.5 s of CPU for Django) while it walks. Measured (bench/RESULTS.md, session 33):
        a pure Python loop beside the load keeps running, but the walk, which makes system
        calls, mostly waits for it; on a busy host the run still ends sooner (its threads get
        more of the cores), on a quiet one about as soon. The first use waits for the load
        (`_loading`), as does `close`; if it fails, the first use loads again and raises the
        error where the run can report it."""
        if self._open is not None or self._ahead is not None:
            return

        def load() -> None:
            with contextlib.suppress(Exception):
                self._shard  # noqa: B018

        self._ahead = threading.Thread(target=load, name="repokb-shard-load", daemon=True)
        self._ahead.start()

    def settle(self) -> None:
        ahead = self._ahead
        if ahead is not None:
            ahead.join()

    @property
    def loaded(self) -> bool:
        """Whether this process has loaded the shard (a run that wrote nothing never did)."""
        return self._open is not None

    @property
    def _shard(self) -> Guarded:
        opened = self._open
        if opened is None:
            with self._loading:  # the first use loads it, once, whichever thread asks
                if self._closed:
                    raise StoreError("The store is closed.")
                if self._open is None:
                    self._open = self._load()
                opened = self._open
        return opened

    def _get_shard(self) -> Guarded:
        return self._shard

    # --- the dense copy of a quiet server (stores/edge_copy.py) -------------------------------

    def prepare_searches(self) -> None:
        """Keep a copy of the dense vectors in memory while no write comes (read in the
        background; until it is complete, and while writes come, the engine scans)."""
        self._copies.start()

    def dense_copy(self) -> int | None:
        return self._copies.used()

    def _copy_page(self, offset: Any, limit: int) -> tuple[list[Row], Any]:
        """One page of the copy's rows: each point's id, dense vector and search fields."""
        page, following = self._shard.scroll(q.ScrollRequest(
            offset=offset, limit=limit, with_payload=list(SEARCH_FIELDS), with_vector=[DENSE]))
        return [(str(r.id), dense_of(r.vector), r.payload or {}) for r in page], following

    @contextlib.contextmanager
    def job_writing(self, keep: bool = False) -> Iterator[None]:
        # keep: the job runs in a worker process, so the copy and the job's model do not add
        # up in this one, and the copy's scan lets searches run while the writes come
        with self._copies.writes((lambda copy: True) if keep else None):
            yield

    @contextlib.contextmanager
    def _write(self, keeps: Keeps | None = None) -> Iterator[None]:
        """One write piece: after the searches in flight (at most _WRITE_YIELD), and with the
        dense copy dropped before the engine changes, unless `keeps` says the piece leaves
        every vector of the copy as it is (the piece may then add its own, `_copies.grow`)."""
        self._in_flight.wait_for_none(_WRITE_YIELD)
        started = time.monotonic()
        with self._copies.writes(keeps):
            yield
        # searches are coming (one still in flight, however long ago it began, counts: under
        # load a search outlasting _SEARCHES_RECENT let the writes after it run unpaused)
        if self._in_flight.since(started - _SEARCHES_RECENT):
            took = time.monotonic() - started  # the writes take at most _WRITE_SHARE of the time
            time.sleep(min(took * (1 / _WRITE_SHARE - 1), _WRITE_PAUSE))

    def _searches_come(self) -> bool:
        return self._in_flight.since(time.monotonic() - _SEARCHES_RECENT)

    def searching(self) -> contextlib.AbstractContextManager[None]:
        return self._in_flight.running()

    # --- writes (each piece after the searches in flight, for at most _WRITE_YIELD) ----------

    def upsert(self, points: list[EmbeddedChunk]) -> None:
        for piece in _pieces(points, self._searches_come):
            rows = [(p.chunk.point_id, p.dense, p.payload()) for p in piece]
            files = {(payload.get("project"), payload.get("path")) for _, _, payload in rows}
            with self._write(keeps=functools.partial(new_files, files=files)):
                self._shard.update(q.UpdateOperation.upsert_points([
                    q.Point(point_id, named_vectors(p.dense, (p.sparse_indices, p.sparse_values)),
                            payload)
                    for (point_id, _, payload), p in zip(rows, piece, strict=True)
                ]))
                self._copies.grow(rows)
            self._deleted = True  # an overwritten point may leave its old version behind

    def write_raw(self, points: list[RawPoint]) -> None:
        for piece in _pieces(points, self._searches_come):
            with self._write():
                self._shard.update(q.UpdateOperation.upsert_points([
                    q.Point(p.id, named_vectors(p.dense, p.sparse), p.payload) for p in piece
                ]))

    def scroll_pending(self, project: str, kinds: tuple[str, ...], exclude: tuple[str, ...],
                       offset: str | None, limit: int,
                       ) -> tuple[list[StoredPoint], str | None]:
        return reads.scroll_pending(self._get_shard, project, kinds, exclude, offset, limit)

    def fill_dense(self, vectors: dict[str, list[float]]) -> None:
        for ids in _pieces(list(vectors), self._searches_come):
            # points that had no dense vector get one: the copy keeps its rows and adds theirs
            # (the search fields read from the engine; only while there is a copy to grow)
            had = (self._shard.retrieve(ids, with_payload=list(SEARCH_FIELDS),
                                        with_vector=[DENSE])
                   if self._copies.view is not None else [])
            new = len(had) == len(ids) and all(dense_of(r.vector) is None for r in had)
            # vector first, mark last: a crash in between leaves a point that is embedded again
            with self._write(keeps=(lambda copy: True) if new else None):
                self._shard.update(q.UpdateOperation.update_vectors(
                    [q.PointVectors(i, {DENSE: vectors[i]}) for i in ids]))
                self._shard.update(q.UpdateOperation.delete_payload(
                    list[Any](ids), list(UNEMBEDDED_KEYS)))
                self._copies.grow([(str(r.id), vectors[str(r.id)], embedded(r.payload or {}))
                            for r in had])
            self._deleted = True  # an updated point leaves its old version behind

    # --- reads (stores/edge_reads.py) --------------------------------------------------------

    def scroll_raw(self, offset: str | None, limit: int) -> tuple[list[RawPoint], str | None]:
        return reads.scroll_raw(self._get_shard, offset, limit)

    def file_points(self, project: str, path: str) -> list[StoredPoint]:
        return reads.file_points(self._get_shard, project, path)

    def file_chunks(self, project: str, path: str, first: int = 0,
                    last: int | None = None) -> list[StoredPoint]:
        return reads.file_chunks(self._get_shard, project, path, first, last)

    def export(self, project: str | None = None) -> list[StoredPoint]:
        return reads.export(self._get_shard, project)

    def dense_vectors(self, ids: list[str]) -> dict[str, list[float]]:
        return reads.dense_vectors(self._get_shard, ids)

    def dense_by_text(self, text_hashes: list[str]) -> dict[str, list[float]]:
        return reads.dense_by_text(self._get_shard, text_hashes)

    def prune(self, project: str, path: str, keep_count: int) -> None:
        """The points become tombstones, in one write (a crash leaves each whole or gone)."""
        where = file_filter(project, path, keep_count)
        ids = [r.id for r in reads.scroll_all(self._get_shard, where, False)]
        if not ids:
            return
        self.mark_compaction_due()  # the tombstones free the text, the disk keeps it
        with self._write(keeps=lambda copy: not copy.holds(project, path)):
            self._shard.update(q.UpdateOperation.upsert_points([tombstone(i) for i in ids]))
        self._pruned = True

    def _sweep_if_due(self) -> None:
        """Delete the tombstones (the points outside `LIVE`) and vacuum, once they are
        `_TOMBSTONE_SHARE` of the points."""
        total = int(self._shard.info().points_count)
        dead = total - self.count()
        if dead and dead >= _TOMBSTONE_SHARE * total:
            with self._write(keeps=lambda copy: True):  # no live point changes
                self._shard.update(q.UpdateOperation.delete_points_by_filter(
                    q.Filter(must_not=[INDEXED])))
            self.optimize()

    def delete_project(self, project: str | None) -> None:
        where = project_filter(project, LIVE)
        self.mark_compaction_due()
        with self._write(keeps=lambda copy: project is not None and not copy.holds(project)):
            self._shard.update(q.UpdateOperation.delete_points_by_filter(where))
        self._deleted = True

    def search(self, dense: list[float] | None, sparse: tuple[list[int], list[float]],
               where: StoreFilter, limit: int, content: bool = True,
               ) -> tuple[list[StoredPoint], list[StoredPoint]]:
        return self._searches((dense, sparse, where, limit, content))

    def defining(self, names: Sequence[str], where: StoreFilter, limit: int,
                 content: bool = True) -> list[StoredPoint]:
        scope = engine_filter(where)
        fields = True if content else list(SEARCH_FIELDS)

        def scroll(phrases: list[str], offset: Any,
                   undense: bool = False) -> tuple[list[q.Record], Any]:
            named: list[Any] = [q.FieldCondition("symbol", match=q.MatchText(words))
                                for words in phrases]
            page, following = self._shard.scroll(q.ScrollRequest(
                offset=offset, limit=PAGE,
                filter=q.Filter(must=[*(scope.must or [] if scope else [])], should=named,
                                must_not=[q.HasVectorCondition(DENSE)] if undense else None),
                with_payload=["symbol"], with_vector=False))
            return page, following

        def fetch(ids: list[str]) -> dict[str, dict[str, Any]]:
            records = self._shard.retrieve(ids, with_payload=fields, with_vector=False)
            return {str(r.id): dict(r.payload) for r in records if r.payload}

        copies = self._copies
        began = copies.began  # before the copy: a write beginning after changes it
        copy = copies.view
        if copy is not None and not copies.writing and all(WORDS.search(n) for n in names):
            ids = _defined_with_copy(copy, names, where, limit,
                                     lambda phrases, offset: scroll(phrases, offset, True))
            if copies.began == began and not copies.writing:  # no write since the copy's read
                found = fetch(ids) if ids else {}
                return [StoredPoint(i, 0.0, found[i]) for i in ids if i in found]
        return scan_defining(names, limit, scroll, fetch)

    def contents(self, ids: list[str]) -> dict[str, dict[str, Any]]:
        return reads.contents(self._get_shard, ids)

    def _search_batch(self, asks: list[Ask]) -> list[Answer]:
        """Searches that arrived together, in one engine call: every dense request first, then
        every BM25 one (the engine scans the vectors once for a run of dense requests; a
        request's answer is the one it gets alone)."""
        if self._deleted:
            with self._vacuuming:
                if self._deleted:
                    self.optimize()
        return self._search_with(asks, self._copies.view)

    def _lanes(self) -> int:
        """Engine calls a search may find in flight and still make its own (`SEARCH_LANES`)."""
        return SEARCH_LANES if self._in_flight.count <= SEARCH_LANES else 1

    def _search_with(self, asks: list[Ask], scan: View | None) -> list[Answer]:
        """The asks answered by one engine call, through `scan` if there is one
        (stores/edge_search.py); crowded when searches other than these are in flight (their
        query embedding, their ranking: the copy's products then take one thread)."""
        drops = self._copies.drops  # before the engine call: a write that drops the copy counts
        return answered(lambda: self._shard, asks, scan, lambda: self._copies.drops == drops,
                        crowded=self._in_flight.count > len(asks))

    # counts and facets from memory until a write begins (stats, polled by the dashboard)
    def count(self, project: str | None = None) -> int:
        return self._copies.unchanged(("count", project),
                                      lambda: reads.count(self._get_shard, project))

    def facet(self, key: str, project: str | None = None) -> dict[str, int]:
        return dict(self._copies.unchanged(("facet", key, project),
                                           lambda: reads.facet(self._get_shard, key, project)))

    def optimize(self) -> None:
        """Vacuum segments holding deleted points, so IDF counts only live points."""
        self._shard.optimize()
        self._deleted = False

    def close(self) -> None:
        self._copies.close()
        with self._loading:  # no load starts once closing
            self._closed = True
        if self._open is not None:
            if self._pruned:  # (earlier runs' tombstones count too: they are in the shard)
                self._sweep_if_due()
            if self._deleted:
                self.optimize()
        release(self)

    def compact(self, give_way: Callable[[], bool] | None = None) -> bool:
        """Rewrite the shard from its live points into a fresh one and swap the two folders in
        one atomic exchange (Linux renameat2), so no byte of an overwritten or deleted point
        (old payload pages, the write-ahead log) stays on disk: after a redactor upgrade
        re-redacted what an older one stored, and after a flush. At every moment the path
        holds a complete store. False where the exchange is not available (nothing changed),
        or when `give_way` says True between two pages of the rewrite (a write is waiting:
        the rewrite is dropped, the old shard and the due mark stay). The rewrite's pieces
        wait for the searches in flight, as a write's do (`_WRITE_YIELD`)."""
        if exchange is None:
            return False

        def yielding() -> None:
            if give_way is not None and give_way():
                raise _GaveWay

        def fill(shard: q.EdgeShard) -> None:
            offset: str | None = None
            while True:
                yielding()
                page, offset = self.scroll_raw(offset, 512)
                for piece in _pieces(page, self._searches_come):
                    yielding()
                    self._in_flight.wait_for_none(_WRITE_YIELD)
                    shard.update(q.UpdateOperation.upsert_points([
                        q.Point(p.id, named_vectors(p.dense, p.sparse), p.payload)
                        for p in piece]))
                if offset is None:
                    return

        self.load()  # before the staging folder: a first load removes what it finds there
        with staging(self._path) as folder:
            try:
                fresh = built(folder, self._config, STORE_INDEXES, fill)
                yielding()  # (the last chance: the swap below is not stopped)
            except _GaveWay:
                return False
            # a first use while no shard is open (the old one closed, the new not yet in
            # place) waits for the new one: loading its own, it removed the staging folder
            # and collided with the engine's lock (a dashboard poll's 503 under load)
            with self._write(), self._loading:  # the copy is read again from the new shard
                swap_in(self, fresh, self._get_shard)
        clear_due(self._path)  # (a crash before this line: the next holder compacts again)
        self._deleted = False
        return True

    def mark_compaction_due(self) -> None:
        mark_due(self._path)

    def compaction_due_since(self) -> float | None:
        try:
            return due_mark(self._path).stat().st_mtime
        except FileNotFoundError:
            return None

    def _unlock(self) -> None:
        release(self, shard=False)


register("qdrant-edge", QdrantEdgeStore)
register("edge", QdrantEdgeStore)
