"""A quiet server's in-memory dense copy (stores/dense_scan.py, kept by stores/edge_copy.py)
against a real Qdrant Edge shard: searches that rank the copy's candidates answer exactly as
the engine's own scan of every vector; any write drops the copy and, once writes stop, a new
one is read that matches the store, also when writes land while a copy is being read; a copy
that cannot be read leaves searches to the engine; closing the store while a copy is read
returns."""

from __future__ import annotations

import gc
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

import repokb.stores.edge_copy as edge_copy
from repokb.models import EmbeddedChunk
from repokb.stores import StoreFilter
from repokb.stores.base import SEARCH_FIELDS
from repokb.stores.dense_scan import DenseScan, View, units
from repokb.stores.qdrant_edge import QdrantEdgeStore

from .test_store_batching import TIMEOUT, Ask, asks_for, make_points, opener, unit_vector

pytestmark = pytest.mark.integration
__all__ = ["opener"]  # the fixture, from the batching tests


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(edge_copy, "_QUIET_SECONDS", 0.2)


@pytest.fixture
def small(opener: Callable[[], QdrantEdgeStore],
          ) -> Iterator[tuple[QdrantEdgeStore, list[EmbeddedChunk]]]:
    """A store with 300 points, and the points."""
    corpus = make_points(300)
    store = opener()
    store.upsert(corpus)
    yield store, corpus
    store.close()


def copied(store: QdrantEdgeStore) -> View:
    """The copy, once the keeper has read it."""
    store.prepare_searches()
    deadline = time.monotonic() + TIMEOUT
    while (copy := store._copies.view) is None:
        assert time.monotonic() < deadline, "the dense copy was never read"
        time.sleep(0.01)
    return copy


def more_asks(corpus: list[EmbeddedChunk], count: int = 40) -> list[Ask]:
    """asks_for's mix, and dense searches with small limits (the copy then really chooses:
    a few dozen candidates out of hundreds of points)."""
    rng = np.random.default_rng(5)
    paths = tuple(sorted({p.chunk.path for p in corpus})[::3])
    filters = [StoreFilter(), StoreFilter(projects=("alpha",)), StoreFilter(kinds=("docs",)),
               StoreFilter(paths=paths), StoreFilter(languages=("python", "typescript"))]
    return asks_for(corpus) + [(unit_vector(rng), ([1, 2], [1.0, 1.0]), filters[n % 5],
                                1 + n % 7, True) for n in range(count)]


def same_as_the_engine_scan(store: QdrantEdgeStore, copy: View, asks: list[Ask]) -> int:
    """Each ask through the copy equals it through the engine's scan, and so does each ask
    without content, its payloads' search fields (read from the copy) included; the dense
    hits found."""
    through_copy = store._search_with(asks, copy)
    through_engine = store._search_with(asks, None)
    for i, (a, b) in enumerate(zip(through_copy, through_engine, strict=True)):
        assert a == b, f"ask {i} answered differently through the copy"
    fields_only = store._search_with([(*ask[:4], False) for ask in asks], copy)
    for i, (a, b) in enumerate(zip(fields_only, through_engine, strict=True)):
        for got, full in zip(a, b, strict=True):
            assert [(p.id, p.score) for p in got] == [(p.id, p.score) for p in full], i
            assert [p.payload for p in got] == [searched(p.payload) for p in full], i
    # not vacuous: the dense hits' fields came from the copy, not from the engine's payloads
    assert all("content" not in p.payload for d, _ in fields_only for p in d)
    return sum(len(d) for d, _ in through_copy)


def searched(payload: dict[str, Any]) -> dict[str, Any]:
    """A payload's search fields, as a search without content gets them."""
    return {k: payload[k] for k in SEARCH_FIELDS if k in payload}


def matches_the_store(store: QdrantEdgeStore, copy: View) -> None:
    """Row for row: every point of the store with a dense vector (the engine's own unit
    vector, to within half of its row's 8-bit step) and its filter fields, and no other."""
    dense = {p.id: p for p in store.export() if p.dense is not None}
    assert sorted(copy.ids) == sorted(dense)
    vectors = copy.rows(np.arange(copy.used))
    for row, point_id in enumerate(copy.ids):
        point = dense[point_id]
        step = float(copy.scale[row])
        assert np.abs(vectors[row] - np.asarray(point.dense)).max() <= step / 2 + 1e-6
        for name in ("project", "path", "kind", "language"):
            assert copy.codes[name][row] == copy.vocab[name].get(point.payload.get(name), -1)
        assert copy.payload(point_id) == searched(point.payload)


def test_the_copy_answers_as_the_engine_scan_and_is_read_again_after_writes(
        opener: Callable[[], QdrantEdgeStore]) -> None:
    corpus = make_points(600, lexical_every=7)
    store = opener()
    try:
        store.upsert(corpus)
        assert store.dense_copy() is None  # no server asked for one
        copy = copied(store)
        assert store.dense_copy() == copy.used == sum(p.dense is not None for p in corpus)
        matches_the_store(store, copy)
        assert same_as_the_engine_scan(store, copy, more_asks(corpus)) > 200

        # every kind of write drops it; once they stop, the new copy holds what they did
        # (distinct vectors: equal scores are the searcher's to settle, not the store's)
        rng = np.random.default_rng(2)
        kinds_of_write: list[Callable[[], None]] = [
            lambda: store.upsert(make_points(200, seed=11)),
            lambda: store.fill_dense({p.chunk.point_id: unit_vector(rng)
                                      for p in corpus if p.dense is None}),
            lambda: store.prune("alpha", "src/code/file0.txt", 2),
            lambda: store.prune("beta", "src/docs/file4.txt", 0),
            lambda: store.write_raw(store.scroll_raw(None, 50)[0]),
            lambda: store.delete_project("beta"),
        ]
        del copy  # (this test's own reference)
        for write in kinds_of_write:
            dropped = weakref.ref(copied(store))
            write()
            assert store._copies.view is None and store.dense_copy() is None
            gc.collect()
            assert dropped() is None, "a dropped copy is still held (its memory with it)"
            matches_the_store(store, copied(store))
        assert same_as_the_engine_scan(store, copied(store), more_asks(corpus)) > 100
        store.delete_project(None)
        assert copied(store).used == 0
        assert store.search(unit_vector(rng), ([1], [1.0]), StoreFilter(), 5) == ([], [])
    finally:
        store.close()


def test_writes_that_leave_its_vectors_keep_the_copy_and_grow_it(
        opener: Callable[[], QdrantEdgeStore]) -> None:
    """What an index job into a new project writes (its files' points lexical-first, prunes
    of files the copy has no row of, then their vectors) keeps the copy, grown by the new
    vectors, and it still answers as the engine's scan after each write; a write that
    changes a vector the copy holds still drops it."""
    corpus = make_points(400, lexical_every=9)
    store = opener()
    try:
        store.upsert(corpus)
        first = copied(store)
        held = first.used
        incoming = make_points(300, seed=21, lexical_every=1, project="gamma")  # no vectors
        dense_new = make_points(40, seed=22, project="delta")  # with vectors
        rng = np.random.default_rng(8)
        waiting = [p.chunk.point_id for p in corpus + incoming if p.dense is None]
        pruned = {p.chunk.point_id for p in incoming
                  if p.chunk.path == "src/code/file0.txt" and p.chunk.chunk_index >= 2}
        pending = [i for i in waiting if i not in pruned]
        grows: list[tuple[Callable[[], None], int]] = [
            (lambda: store.upsert(incoming), 0),
            (lambda: store.prune("gamma", "src/code/file0.txt", 2), 0),
            (lambda: store.prune("alpha", "src/code/no-such-file.txt", 0), 0),
            (lambda: store.delete_project("no-such-project"), 0),
            (lambda: store.upsert(dense_new), 40),
            (lambda: store.fill_dense({i: unit_vector(rng) for i in pending}), len(pending)),
        ]
        for write, added in grows:
            before = store._copies.view
            assert before is not None
            write()
            after = store._copies.view
            assert after is not None, "a write that changed no vector of the copy dropped it"
            assert after.used == before.used + added
            matches_the_store(store, after)
            assert same_as_the_engine_scan(store, after, more_asks(corpus + incoming)) > 100
        assert first.used == held  # a view searches never changes under them
        assert len(pruned) == 3 and store.dense_copy() == held + 40 + len(pending)

        with store.job_writing(keep=True):  # a job in a worker process keeps it ...
            assert store._copies.view is not None
            store.prune("gamma", "src/docs/file1.txt", 0)  # ... until a write changes it
            assert store._copies.view is None
        copied(store)
        with store.job_writing():  # a job on this process's threads drops it at its start
            assert store._copies.view is None
    finally:
        store.close()


def test_writes_while_a_copy_is_read_leave_no_stale_copy(
        opener: Callable[[], QdrantEdgeStore], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(edge_copy, "_SCAN_PAGE", 20)  # many pages, so writes fall between them
    monkeypatch.setattr(edge_copy, "_QUIET_SECONDS", 0.0)  # a read starts right after each write
    corpus = make_points(1500, lexical_every=5)
    store = opener()
    try:
        store.upsert(corpus)
        pending = [p.chunk.point_id for p in corpus if p.dense is None]
        rng = np.random.default_rng(4)
        outcomes: list[bool] = []  # each read of a copy: kept (True) or given up (False)
        real_read = store._copies.read

        def read(begun: int) -> View | None:
            copy = real_read(begun)
            outcomes.append(copy is not None)
            return copy

        monkeypatch.setattr(store._copies, "read", read)
        store.prepare_searches()
        for n in range(120):
            if n % 3 == 0:
                store.fill_dense({pending[n]: unit_vector(rng)})
            elif n % 3 == 1:
                store.upsert(make_points(3, seed=100 + n, project="gamma"))
            else:
                store.prune(("alpha", "beta")[n % 2], f"src/test/file{3 * (n % 100) + 2}.txt",
                            n % 5)
            time.sleep(0.002)  # a read is under way when most writes land
        matches_the_store(store, copied(store))
        assert same_as_the_engine_scan(store, copied(store), more_asks(corpus)) > 200
        assert outcomes.count(False) >= 3, "no read was under way when a write landed"
    finally:
        store.close()


def test_searches_use_the_copy_when_there_is_one(
        small: tuple[QdrantEdgeStore, list[EmbeddedChunk]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    store, corpus = small
    copied(store)
    scans: list[int] = []
    real = View.candidates

    def counted(self: View, asks: Any, crowded: bool = False) -> list[list[str]]:
        scans.append(len(asks))
        return real(self, asks, crowded)

    monkeypatch.setattr(View, "candidates", counted)
    monkeypatch.setattr(edge_copy, "_QUIET_SECONDS", 3600.0)
    ask = more_asks(corpus)[0]
    through_copy = store.search(*ask)
    assert scans == [1]
    store.upsert(corpus[:1])  # the same point again: the answer stays, the copy goes
    assert store.search(*ask) == through_copy
    assert scans == [1]  # a write came: the engine scanned


def test_a_copy_that_cannot_be_read_leaves_searches_to_the_engine(
        small: tuple[QdrantEdgeStore, list[EmbeddedChunk]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    store, corpus = small
    ask = more_asks(corpus)[0]
    before = store.search(*ask)
    tries: list[int] = []
    tried = threading.Event()

    def broken(*_: Any) -> None:
        tries.append(1)
        tried.set()
        raise MemoryError("no room for the copy")

    monkeypatch.setattr(DenseScan, "add", broken)
    store.prepare_searches()
    assert tried.wait(TIMEOUT)
    time.sleep(0.5)  # 2.5 quiet periods: the keeper does not try again until a write comes
    assert len(tries) == 1 and store.dense_copy() is None
    assert store.search(*ask) == before
    tried.clear()
    store.upsert(corpus[:1])  # a write: once quiet after it, the keeper tries again
    assert tried.wait(TIMEOUT) and len(tries) == 2
    assert store.search(*ask) == before


def test_closing_while_a_copy_is_read_returns(
        opener: Callable[[], QdrantEdgeStore], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(edge_copy, "_SCAN_PAGE", 5)
    store = opener()
    store.upsert(make_points(2000))
    store.prepare_searches()
    started = time.monotonic()
    store.close()
    assert store._copies.thread is not None and not store._copies.thread.is_alive()
    assert time.monotonic() - started < TIMEOUT
    assert store.dense_copy() is None
    store.prepare_searches()  # after close: nothing starts
    reopened = opener()
    try:
        assert reopened.count() == 2000
    finally:
        reopened.close()


def test_unit_matches_the_engine_normalisation(opener: Callable[[], QdrantEdgeStore]) -> None:
    store = opener()
    try:
        points = make_points(20)
        store.upsert(points)
        stored = {p.id: p.dense for p in store.export()}
        for p in points:
            assert p.dense is not None
            assert np.allclose(units([[3 * x for x in p.dense]])[0], stored[p.chunk.point_id],
                               atol=1e-6)
    finally:
        store.close()


def test_an_index_job_runs_without_a_copy_from_its_start_to_its_end(
        small: tuple[QdrantEdgeStore, list[EmbeddedChunk]]) -> None:
    store, _ = small
    copied(store)
    with store.job_writing():  # before the job's model loads and its first write
        assert store.dense_copy() is None
        time.sleep(1.0)  # five quiet periods, no write: still none while the job runs
        assert store.dense_copy() is None
    assert copied(store).used == 300  # read again once the job has ended
