"""A server's in-memory dense copy (stores/dense_scan.py, used by stores/qdrant_edge.py) against
a real Qdrant Edge shard: searches that rank the copy's candidates answer exactly as the
engine's own scan of every vector; the copy follows every kind of write, also writes that land
while it is being built; a copy that cannot follow is dropped and searches go on; closing the
store while it is built returns."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import repokb.stores.qdrant_edge as edge
from repokb.models import EmbeddedChunk
from repokb.stores import StoreFilter
from repokb.stores.dense_scan import DenseScan, View, unit
from repokb.stores.qdrant_edge import QdrantEdgeStore

from .test_store_batching import TIMEOUT, Ask, asks_for, make_points, opener, unit_vector

pytestmark = pytest.mark.integration
__all__ = ["opener"]  # the fixture, from the batching tests


def ready(store: QdrantEdgeStore) -> int:
    store.prepare_searches()
    deadline = time.monotonic() + TIMEOUT
    while (points := store.dense_copy()) is None:
        assert time.monotonic() < deadline, "the dense copy was never ready"
        time.sleep(0.01)
    return points


def more_asks(corpus: list[EmbeddedChunk], count: int = 40) -> list[Ask]:
    """asks_for's mix, and dense searches with small limits (the copy then really chooses:
    a few dozen candidates out of hundreds of points)."""
    rng = np.random.default_rng(5)
    paths = tuple(sorted({p.chunk.path for p in corpus})[::3])
    filters = [StoreFilter(), StoreFilter(projects=("alpha",)), StoreFilter(kinds=("docs",)),
               StoreFilter(paths=paths), StoreFilter(languages=("python", "typescript"))]
    return asks_for(corpus) + [(unit_vector(rng), ([1, 2], [1.0, 1.0]), filters[n % 5],
                                1 + n % 7) for n in range(count)]


def same_as_the_engine_scan(store: QdrantEdgeStore, asks: list[Ask]) -> int:
    """Each ask through the copy equals it through the engine's scan; the dense hits found."""
    scan = store._scan
    assert scan is not None and store._scan_ready
    through_copy = store._search_with(asks, scan.view())
    through_engine = store._search_with(asks, None)
    for i, (a, b) in enumerate(zip(through_copy, through_engine, strict=True)):
        assert a == b, f"ask {i} answered differently through the copy"
    return sum(len(d) for d, _ in through_copy)


def copy_equals_store(store: QdrantEdgeStore) -> None:
    """Row for row: the copy holds every point of the store, its filter fields, and its dense
    vector exactly when the point has one (the engine's own unit vector)."""
    scan = store._scan
    assert scan is not None
    exported = {p.id: p for p in store.export()}
    assert set(scan._row) == set(exported)
    for point_id, point in exported.items():
        row = scan._row[point_id]
        assert bool(scan._dense[row]) == (point.dense is not None), point_id
        if point.dense is not None:
            assert np.allclose(scan.view().columns(np.array([row]))[:, 0], point.dense, atol=1e-6)
        for field in ("project", "path", "kind", "language"):
            code = scan._codes[field][row]
            assert code == scan._vocab[field].get(point.payload.get(field), -1)
        assert scan._chunk[row] == point.payload["chunk_index"]


def test_the_copy_answers_as_the_engine_scan_and_follows_every_write(
        opener: Callable[[], QdrantEdgeStore]) -> None:
    corpus = make_points(600, lexical_every=7)
    store = opener()
    try:
        store.upsert(corpus)
        assert store.dense_copy() is None  # no server asked for one
        assert ready(store) == 600
        copy_equals_store(store)
        assert same_as_the_engine_scan(store, more_asks(corpus)) > 200

        # every write the store makes: overwrite with new vectors, fill lexical-first points,
        # prune part of a file and a whole file, a project, raw points written back
        store.upsert(make_points(200, seed=11))
        pending = [p.chunk.point_id for p in corpus if p.dense is None]
        rng = np.random.default_rng(2)
        store.fill_dense({i: unit_vector(rng) for i in pending[:40]})
        store.prune("alpha", "src/code/file0.txt", 2)
        store.prune("beta", "src/docs/file4.txt", 0)
        raw, _ = store.scroll_raw(None, 50)
        store.delete_project("beta")
        store.write_raw(raw)
        copy_equals_store(store)
        assert same_as_the_engine_scan(store, more_asks(corpus)) > 100
        store.delete_project(None)
        assert store.dense_copy() == 0
        assert store.search(unit_vector(rng), ([1], [1.0]), StoreFilter(), 5) == ([], [])
    finally:
        store.close()


def test_a_copy_built_while_writes_land_matches_the_store(
        opener: Callable[[], QdrantEdgeStore], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(edge, "_SCAN_PAGE", 20)  # many pages, so writes fall between them
    corpus = make_points(1500, lexical_every=5)
    store = opener()
    try:
        store.upsert(corpus)
        # the writer fills points that its prunes (test files only) leave alone
        pending = [p.chunk.point_id for p in corpus
                   if p.dense is None and "/test/" not in p.chunk.path]
        rng = np.random.default_rng(4)
        during: list[bool] = []
        stop = threading.Event()

        def writer() -> None:
            n = 0
            while not stop.is_set() and n < 400:
                during.append(store.dense_copy() is None)
                if n % 4 == 0:
                    store.fill_dense({pending[n // 4]: unit_vector(rng)})
                elif n % 4 == 1:
                    store.upsert(make_points(3, seed=100 + n, project="gamma"))
                elif n % 4 == 2:
                    store.prune(("alpha", "beta")[n % 2], f"src/test/file{3 * (n % 100) + 2}.txt",
                                n % 5)
                else:
                    store.upsert([corpus[(n * 7) % len(corpus)]])
                n += 1

        thread = threading.Thread(target=writer, daemon=True)
        thread.start()
        ready(store)
        stop.set()
        thread.join(TIMEOUT)
        assert not thread.is_alive()
        assert sum(during) >= 5, "no write landed while the copy was built"
        copy_equals_store(store)
        assert same_as_the_engine_scan(store, more_asks(corpus)) > 200
    finally:
        store.close()


def test_a_copy_that_cannot_follow_is_dropped_and_searches_still_answer(
        opener: Callable[[], QdrantEdgeStore], monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = make_points(300)
    store = opener()
    try:
        store.upsert(corpus)
        ready(store)
        ask = more_asks(corpus)[0]
        before = store.search(*ask)

        def broken(*_: Any) -> None:
            raise MemoryError("no room for the copy")

        monkeypatch.setattr(DenseScan, "put", broken)
        store.upsert(corpus[:3])  # the write itself succeeds
        assert store.dense_copy() is None and store._scan is None
        assert store.search(*ask) == before
        assert store.count() == 300
    finally:
        store.close()


def test_closing_while_the_copy_is_built_returns(
        opener: Callable[[], QdrantEdgeStore], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(edge, "_SCAN_PAGE", 5)
    store = opener()
    store.upsert(make_points(2000))
    store.prepare_searches()
    started = time.monotonic()
    store.close()
    assert store._scan_builder is not None and not store._scan_builder.is_alive()
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
            assert np.allclose(unit([3 * x for x in p.dense]), stored[p.chunk.point_id],
                               atol=1e-6)
    finally:
        store.close()


def test_searches_scan_the_copy_only_when_no_write_came_lately(
        opener: Callable[[], QdrantEdgeStore], monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = make_points(300)
    store = opener()
    try:
        store.upsert(corpus)
        ready(store)
        scans: list[int] = []
        real = View.candidates

        def counted(self: View, asks: Any) -> list[list[str]]:
            scans.append(len(asks))
            return real(self, asks)

        monkeypatch.setattr(View, "candidates", counted)
        ask = more_asks(corpus)[0]
        monkeypatch.setattr(edge, "_QUIET_SECONDS", 3600.0)
        store.upsert(corpus[:1])
        engine_answer = store.search(*ask)
        assert scans == []  # a write just came: the engine scans
        monkeypatch.setattr(edge, "_QUIET_SECONDS", 0.0)
        assert store.search(*ask) == engine_answer
        assert scans == [1]  # quiet: the copy proposes, the engine ranks the same answer
    finally:
        store.close()
