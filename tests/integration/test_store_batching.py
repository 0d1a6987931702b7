"""Qdrant Edge batching (stores/qdrant_edge.py), against a real shard: searches answered
together in one engine call get exactly what each gets alone, concurrent searches through the
public API get what a single thread gets, and writes go to the engine in pieces of at most
`_WRITE_PIECE` points (a search never waits behind a bigger write) without losing any point.

Vector quality is irrelevant here: dense vectors are seeded random unit vectors, sparse vectors
draw from a small vocabulary so that many points share indices."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import repokb.stores.qdrant_edge as edge
from repokb.errors import StoreError
from repokb.models import EMBED_HEAD, EMBED_TEXT, LEXICAL_ONLY, Chunk, EmbeddedChunk
from repokb.stores import RawPoint, StoreFilter, create, load_builtins
from repokb.stores.qdrant_edge import _BUSY_PIECE, _WRITE_PIECE, QdrantEdgeStore

pytestmark = pytest.mark.integration

DIM = 384
VOCABULARY = 60
KINDS = (("code", "python"), ("docs", "markdown"), ("test", "typescript"))
TIMEOUT = 60.0
# (dense, sparse, filter, limit, with the content): as the store's combiner receives a search
Ask = tuple[list[float] | None, tuple[list[int], list[float]], StoreFilter, int, bool]


def unit_vector(rng: np.random.Generator) -> list[float]:
    v = rng.standard_normal(DIM)
    return [float(x) for x in v / np.linalg.norm(v)]


def make_points(count: int, *, seed: int = 7, lexical_every: int = 0,
                project: str | None = None) -> list[EmbeddedChunk]:
    """`count` points over files of 5 chunks, two projects (unless `project`), three kinds;
    every `lexical_every`-th point written lexical-first (no dense vector, pending)."""
    rng = np.random.default_rng(seed)
    points = []
    for n in range(count):
        kind, language = KINDS[(n // 5) % len(KINDS)]
        owner = project or ("alpha", "beta")[(n // 15) % 2]
        text = f"chunk {n} of file {n // 5}"
        chunk = Chunk(owner, f"src/{kind}/file{n // 5}.txt", n % 5, n * 10 + 1, n * 10 + 9,
                      text, f"head {n}\n{text}", None, None, kind, language,
                      "source" if kind == "code" else "documentation", 0.5, "test",
                      model="test", token_limit=256)
        indices = sorted(int(i) for i in rng.choice(VOCABULARY, size=int(rng.integers(2, 9)),
                                                    replace=False))
        values = [float(x) for x in rng.uniform(0.2, 3.0, size=len(indices))]
        dense = None if lexical_every and n % lexical_every == 0 else unit_vector(rng)
        points.append(EmbeddedChunk(chunk, dense, indices, values))
    return points


@pytest.fixture
def opener(tmp_path: Path) -> Callable[[], QdrantEdgeStore]:
    load_builtins()

    def open_store() -> QdrantEdgeStore:
        store = create("qdrant-edge", path=tmp_path / "edge", dimension=DIM)
        assert isinstance(store, QdrantEdgeStore)
        return store

    return open_store


@pytest.fixture
def corpus() -> list[EmbeddedChunk]:
    return make_points(300, lexical_every=7)


@pytest.fixture
def store(opener: Callable[[], QdrantEdgeStore],
          corpus: list[EmbeddedChunk]) -> Iterator[QdrantEdgeStore]:
    s = opener()
    s.upsert(corpus)
    yield s
    s.close()


def asks_for(corpus: list[EmbeddedChunk]) -> list[Ask]:
    """A mix of searches: hybrid, BM25 alone (no query vector), dense alone (no query word),
    neither, filters on project / kind / language / paths, limits from 1 to 60, a repeat."""
    rng = np.random.default_rng(99)

    def words(k: int) -> tuple[list[int], list[float]]:
        indices = sorted(int(i) for i in rng.choice(VOCABULARY, size=k, replace=False))
        return indices, [1.0] * k

    paths = tuple(sorted({p.chunk.path for p in corpus})[:4])
    hybrid = (unit_vector(rng), words(3), StoreFilter(), 10)
    return [(*ask, True) for ask in [
        hybrid,
        (None, words(2), StoreFilter(), 8),
        (unit_vector(rng), ([], []), StoreFilter(), 7),
        (None, ([], []), StoreFilter(), 5),
        (unit_vector(rng), words(4), StoreFilter(projects=("beta",)), 12),
        (None, words(3), StoreFilter(kinds=("docs",)), 20),
        (unit_vector(rng), words(1), StoreFilter(kinds=("code", "test")), 1),
        (unit_vector(rng), words(5), StoreFilter(languages=("markdown",)), 60),
        (unit_vector(rng), words(2), StoreFilter(paths=paths), 15),
        (unit_vector(rng), words(2), StoreFilter(paths=()), 5),  # no path matched
        (None, words(6), StoreFilter(projects=("alpha",), kinds=("code",)), 9),
        hybrid,  # the same search twice in one batch
        (unit_vector(rng), ([], []), StoreFilter(projects=("nobody",)), 5),
    ]]


def matches(payload: dict[str, Any], where: StoreFilter) -> bool:
    return ((not where.projects or payload["project"] in where.projects)
            and (not where.kinds or payload["kind"] in where.kinds)
            and (not where.languages or payload["language"] in where.languages)
            and (where.paths is None or payload["path"] in where.paths))


def test_searches_answered_in_one_batch_equal_the_same_searches_answered_alone(
        store: QdrantEdgeStore, corpus: list[EmbeddedChunk]) -> None:
    asks = asks_for(corpus)
    together = store._search_batch(asks)
    alone = [store._search_batch([ask])[0] for ask in asks]
    assert len(together) == len(asks)
    for i, (batched, single) in enumerate(zip(together, alone, strict=True)):
        # StoredPoint equality: the same ids, scores and payloads, in the same order
        assert batched == single, f"search {i} answered differently in a batch"

    # not vacuous: the mix did find hits of both kinds, and each side is where it belongs
    assert sum(len(d) for d, _ in together) > 50 and sum(len(lex) for _, lex in together) > 50
    for (dense, sparse, where, limit, _), (d, lex) in zip(asks, together, strict=True):
        assert d == [] if dense is None else len(d) <= limit
        assert lex == [] if not sparse[0] else len(lex) <= limit
        assert all(matches(p.payload, where) for p in d + lex)
        assert all(LEXICAL_ONLY not in p.payload for p in d)  # pending points have no vector
    assert together[0] == together[-2]  # the repeated search
    assert together[3] == ([], [])  # neither vector: nothing asked

    # the dense answers are the exact nearest points (a batch did not mix requests up)
    by_id = {p.chunk.point_id: p for p in corpus}
    for (dense, _, where, limit, _), (d, _) in zip(asks, together, strict=True):
        if dense is None:
            continue
        ranked = sorted(((float(np.dot(dense, p.dense)), p.chunk.point_id) for p in corpus
                         if p.dense is not None and matches(p.chunk.payload(), where)),
                        reverse=True)[:limit]
        assert [p.id for p in d] == [i for _, i in ranked]
        assert [p.score for p in d] == pytest.approx([s for s, _ in ranked], abs=1e-4)
        assert all(p.payload == by_id[p.id].payload() for p in d)


class Searcher:
    """`store.search(*ask)` on its own thread, `rounds` times: what it got (the same each
    round, or it records an error) or what it raised."""

    def __init__(self, store: QdrantEdgeStore, ask: Ask, rounds: int = 1) -> None:
        self.answer: Any = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(store, ask, rounds), daemon=True)

    def _run(self, store: QdrantEdgeStore, ask: Ask, rounds: int) -> None:
        try:
            for n in range(rounds):
                answer = store.search(*ask)
                if n and answer != self.answer:
                    raise AssertionError("the same search answered differently")
                self.answer = answer
        except BaseException as exc:  # noqa: BLE001 - what the caller got is under test
            self.error = exc


def join_all(searchers: list[Searcher]) -> None:
    deadline = time.monotonic() + TIMEOUT
    for s in searchers:
        s.thread.join(max(0.0, deadline - time.monotonic()))
    assert not any(s.thread.is_alive() for s in searchers), "a search never returned"


LANES = 2  # the store's engine calls at once, pinned here (the shipped number is the cores')


def combined(store: QdrantEdgeStore, monkeypatch: pytest.MonkeyPatch,
             asks: list[Ask]) -> tuple[list[Searcher], list[int]]:
    """Search `asks` from one thread each so that those beyond the lanes are certainly
    combined: the first LANES searches' engine calls (each its own, at once) are held until
    all the others are queued behind them; the first lane is then let go (the queued searches
    are answered by its next call), the others after. Returns the searchers (joined) and the
    size of each `_search_batch`."""
    batches: list[int] = []
    real_run = store._searches._run
    entered = threading.Semaphore(0)
    releases = [threading.Event() for _ in range(LANES)]

    def held(batch: list[Ask]) -> Any:
        batches.append(len(batch))
        if (lane := len(batches) - 1) < LANES:
            entered.release()
            assert releases[lane].wait(TIMEOUT), "a first search was never released"
        return real_run(batch)

    monkeypatch.setattr(store._searches, "_lanes", LANES)
    monkeypatch.setattr(store._searches, "_run", held)
    searchers = [Searcher(store, ask) for ask in asks]
    try:
        for searcher in searchers[:LANES]:  # each takes a lane: in the engine at once
            searcher.thread.start()
            assert entered.acquire(timeout=TIMEOUT), "a search beside another did not reach "\
                "the engine at once (it waited for the other's call)"
        for queued, searcher in enumerate(searchers[LANES:], start=1):
            searcher.thread.start()
            deadline = time.monotonic() + TIMEOUT
            while len(store._searches._waiting) < queued:
                assert time.monotonic() < deadline, "a search did not queue"
                time.sleep(0.001)
        releases[0].set()
        deadline = time.monotonic() + TIMEOUT
        while store._searches._waiting:  # the queued ones taken by the first lane's next call
            assert time.monotonic() < deadline, "the queued searches were not taken"
            time.sleep(0.001)
    finally:
        for release in releases:
            release.set()
    join_all(searchers)
    monkeypatch.setattr(store._searches, "_run", real_run)
    return searchers, batches


def test_concurrent_searches_get_what_a_single_thread_gets(
        store: QdrantEdgeStore, corpus: list[EmbeddedChunk],
        monkeypatch: pytest.MonkeyPatch) -> None:
    asks = [a for a in asks_for(corpus) if a[0] is not None or a[1][0]][:8]
    assert len(asks) == 8
    expected = [store.search(*ask) for ask in asks]  # one thread, one search at a time

    # certainly combined: the first two each alone, at once, the 6 others in one engine call
    searchers, batches = combined(store, monkeypatch, asks)
    assert [s.error for s in searchers] == [None] * 8
    assert batches == [1, 1, 6]
    assert [s.answer for s in searchers] == expected

    # free-running: 8 threads, 25 searches each, however the combiner happens to group them
    searchers = [Searcher(store, ask, rounds=25) for ask in asks]
    for s in searchers:
        s.thread.start()
    join_all(searchers)
    assert [s.error for s in searchers] == [None] * 8
    assert [s.answer for s in searchers] == expected


def test_a_batch_is_crowded_when_searches_beside_it_are_in_flight(
        store: QdrantEdgeStore, corpus: list[EmbeddedChunk],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A search holds `searching()` from its start to its end (Searcher.search): when more
    searches are in flight than the batch answers, the others run beside it (their query
    embedding, their ranking) and the dense copy's products take one thread (`crowded`)."""
    seen: list[bool] = []
    real = edge.answered

    def recorded(*args: Any, crowded: bool = False) -> Any:
        seen.append(crowded)
        return real(*args, crowded=crowded)

    monkeypatch.setattr(edge, "answered", recorded)
    ask = asks_for(corpus)[0]
    with store.searching():  # this search
        alone = store.search(*ask)
        with store.searching():  # another one, embedding its question meanwhile
            beside = store.search(*ask)
        assert store.search(*ask) == alone  # it ended: alone again
    assert seen == [False, True, False] and beside == alone


def test_a_search_the_engine_refuses_fails_alone_in_a_combined_batch(
        store: QdrantEdgeStore, corpus: list[EmbeddedChunk],
        monkeypatch: pytest.MonkeyPatch) -> None:
    first, second, third = asks_for(corpus)[:3]
    wrong = ([0.5] * (DIM // 2), first[1], StoreFilter(), 5, True)  # another model's vector
    expected = [store.search(*ask) for ask in (first, second, third)]
    with pytest.raises(StoreError, match="dimension"):
        store.search(*wrong)

    searchers, batches = combined(store, monkeypatch, [first, second, third, wrong, first])
    # the 3 queued searches were combined, the engine refused the batch, each ran alone
    assert batches == [1, 1, 3, 1, 1, 1]
    assert isinstance(searchers[3].error, StoreError) and searchers[3].answer is None
    assert [(s.answer, s.error) for i, s in enumerate(searchers) if i != 3] == [
        (answer, None) for answer in [*expected, expected[0]]]
    assert store.search(*second) == expected[1]  # and the store still answers


class CountingOperations:
    """Stands in for `q.UpdateOperation` in the store module: builds the real operations and
    remembers how many points each carries, so a spy on `update` can tell the size of a call."""

    def __init__(self, real: Any) -> None:
        self._real = real
        self.sizes: dict[int, tuple[str, int]] = {}
        self._keep: list[Any] = []  # the operations stay alive: their id() stays theirs

    def _counted(self, name: str, op: Any, size: int) -> Any:
        self._keep.append(op)
        self.sizes[id(op)] = (name, size)
        return op

    def upsert_points(self, points: list[Any]) -> Any:
        return self._counted("upsert", self._real.upsert_points(points), len(points))

    def update_vectors(self, points: list[Any]) -> Any:
        return self._counted("vectors", self._real.update_vectors(points), len(points))

    def delete_payload(self, ids: list[Any], keys: list[str]) -> Any:
        return self._counted("unmark", self._real.delete_payload(ids, keys), len(ids))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


class CountingEngine:
    """The engine module as the store module sees it, but with counted update operations."""

    def __init__(self, real: Any) -> None:
        self._real = real
        self.UpdateOperation = CountingOperations(real.UpdateOperation)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


@pytest.fixture
def update_calls(opener: Callable[[], QdrantEdgeStore], monkeypatch: pytest.MonkeyPatch,
                 ) -> Iterator[tuple[QdrantEdgeStore, list[tuple[str, int]]]]:
    """An empty store whose engine `update` calls are recorded as (operation, points)."""
    store = opener()
    engine = CountingEngine(edge.q)
    monkeypatch.setattr(edge, "q", engine)
    calls: list[tuple[str, int]] = []
    guarded = store._shard
    real_update = guarded.update

    def update(op: Any) -> Any:
        calls.append(engine.UpdateOperation.sizes.get(id(op), ("other", 0)))
        return real_update(op)

    monkeypatch.setattr(guarded, "update", update)
    yield store, calls
    store.close()


def raw_of(points: list[EmbeddedChunk]) -> list[RawPoint]:
    return [RawPoint(p.chunk.point_id, p.dense or [], (p.sparse_indices, p.sparse_values),
                     p.payload()) for p in points]


@pytest.mark.parametrize("how", ["upsert", "write_raw"])
def test_a_big_write_lands_whole_in_pieces_no_bigger_than_the_bound(
        update_calls: tuple[QdrantEdgeStore, list[tuple[str, int]]], how: str) -> None:
    store, calls = update_calls
    n = 3 * _WRITE_PIECE + 5
    points = make_points(n, seed=3, project="big")
    if how == "upsert":
        store.upsert(points)
    else:
        store.write_raw(raw_of(points))

    assert calls == [("upsert", _WRITE_PIECE)] * 3 + [("upsert", 5)]
    assert store.count() == n and store.count("big") == n
    exported = {p.id: p for p in store.export("big")}
    assert exported.keys() == {p.chunk.point_id for p in points}
    for p in points:
        assert exported[p.chunk.point_id].payload == p.payload()
        assert exported[p.chunk.point_id].dense == pytest.approx(p.dense, abs=1e-6)
    for path in {p.chunk.path for p in points}:  # each file's points, found by file
        want = {p.chunk.point_id for p in points if p.chunk.path == path}
        assert {p.id for p in store.file_points("big", path)} == want


def test_fill_dense_of_several_pieces_gives_every_point_its_vector_and_drops_the_mark(
        update_calls: tuple[QdrantEdgeStore, list[tuple[str, int]]]) -> None:
    store, calls = update_calls
    n = 2 * _WRITE_PIECE + 10
    points = make_points(n, seed=5, project="late")
    store.upsert([EmbeddedChunk(p.chunk, None, p.sparse_indices, p.sparse_values)
                  for p in points])  # lexical-first: BM25 now, the vector later
    assert store.dense_pending("late") == n
    assert store.dense_vectors([p.chunk.point_id for p in points]) == {}

    pending: list[str] = []
    offset: str | None = None
    while True:  # what the dense pass reads back: every point, with what to embed
        page, offset = store.scroll_pending("late", (), (), offset, 50)
        pending += [p.id for p in page]
        assert all(EMBED_HEAD in p.payload or EMBED_TEXT in p.payload for p in page)
        if offset is None:
            break
    assert sorted(pending) == sorted(p.chunk.point_id for p in points)

    calls.clear()
    vectors = {p.chunk.point_id: p.dense for p in points if p.dense is not None}
    assert len(vectors) == n
    store.fill_dense(vectors)

    # per piece, the vector first and the mark dropped last; never more than a piece a call
    sizes = [_WRITE_PIECE, _WRITE_PIECE, 10]
    assert calls == [(what, size) for size in sizes for what in ("vectors", "unmark")]
    assert store.dense_pending() == 0 and store.lexical_only() == {}
    assert store.scroll_pending("late", (), (), None, 10) == ([], None)
    stored = store.dense_vectors(list(vectors))
    assert stored.keys() == vectors.keys()
    for i, v in vectors.items():
        assert stored[i] == pytest.approx(v, abs=1e-6)
    # filled, each point is exactly what a one-pass write makes
    assert {p.id: p.payload for p in store.export("late")} == {
        p.chunk.point_id: p.payload() for p in points}
    # and dense search now finds them
    (hit, *_), _ = store.search(points[17].dense, ([], []), StoreFilter(projects=("late",)), 3)
    assert hit.id == points[17].chunk.point_id and hit.score == pytest.approx(1.0, abs=1e-4)


def test_while_searches_come_a_write_holds_the_engine_for_smaller_pieces(
        update_calls: tuple[QdrantEdgeStore, list[tuple[str, int]]]) -> None:
    """Each engine call of a write holds the interpreter throughout, so a search arriving
    meanwhile waits for all of it: while a search is in flight (or one began within
    _SEARCHES_RECENT s) the pieces are _BUSY_PIECE points, with none _WRITE_PIECE; the store
    ends the same either way (every point, its payload and vector)."""
    store, calls = update_calls
    n = 2 * _WRITE_PIECE + 3
    quiet, busy = make_points(n, seed=11, project="quiet"), make_points(n, seed=12, project="busy")
    store._in_flight.last_start = time.monotonic() - 10 * edge._SEARCHES_RECENT
    store.upsert(quiet)
    assert calls == [("upsert", _WRITE_PIECE)] * 2 + [("upsert", 3)]

    calls.clear()
    with store.searching():
        store.upsert([EmbeddedChunk(p.chunk, None, p.sparse_indices, p.sparse_values)
                      for p in busy])  # lexical first, then the vectors
        store.fill_dense({p.chunk.point_id: p.dense for p in busy})
    pieces = [_BUSY_PIECE] * (n // _BUSY_PIECE) + [n % _BUSY_PIECE]
    assert calls == ([("upsert", size) for size in pieces]
                     + [(what, size) for size in pieces for what in ("vectors", "unmark")])

    # a search that began just now counts as much as one in flight
    calls.clear()
    store._in_flight.last_start = time.monotonic()
    store.upsert(quiet[:_WRITE_PIECE])
    assert calls[0] == ("upsert", _BUSY_PIECE)
    for points in (quiet, busy):
        project = points[0].chunk.project
        assert {p.id: p.payload for p in store.export(project)} == {
            p.chunk.point_id: p.payload() for p in points}
        stored = store.dense_vectors([p.chunk.point_id for p in points])
        assert all(stored[p.chunk.point_id] == pytest.approx(p.dense, abs=1e-6)
                   for p in points)


def test_while_searches_come_writes_pause_after_each_piece_and_with_none_they_do_not(
        opener: Callable[[], QdrantEdgeStore], monkeypatch: pytest.MonkeyPatch) -> None:
    """A write piece that a search began shortly before (or during) is followed by a pause
    three times its own length (capped), so writes hold the interpreter at most a quarter of
    the time while searches come; with no search recent, writes never pause."""
    pauses: list[float] = []
    monkeypatch.setattr(edge.time, "sleep", pauses.append)  # the store's pauses, not taken
    store = opener()
    try:
        n = 3 * _WRITE_PIECE
        store.upsert(make_points(n, seed=5, project="quiet"))
        assert pauses == []  # no search anywhere: the writes run at full speed

        with store.searching():  # a search under way while the next write comes
            # that began long ago (a slow search on a loaded host: the pieces before took
            # longer than _SEARCHES_RECENT, and the last ones ran unpaused: 2 pauses of 3)
            store._in_flight.last_start = time.monotonic() - 10 * edge._SEARCHES_RECENT
            store.upsert(make_points(n, seed=6, project="searched"))
        assert len(pauses) == n // _BUSY_PIECE  # one after each piece: still in flight
        assert all(0 < p <= edge._WRITE_PAUSE for p in pauses)

        pauses.clear()
        store._in_flight.last_start = time.monotonic() - 10 * edge._SEARCHES_RECENT
        store.fill_dense({p.chunk.point_id: p.dense for p in make_points(n, seed=6,
                                                                          project="searched")})
        assert pauses == []  # the last search is long over: no pause
        assert store.count("quiet") == store.count("searched") == n
    finally:
        store.close()


def test_a_search_beside_another_makes_its_own_engine_call_and_a_crowd_is_combined(
        store: QdrantEdgeStore, corpus: list[EmbeddedChunk],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The adaptive rule (`QdrantEdgeStore._lanes`): while at most SEARCH_LANES searches are
    in flight, a search that finds another's engine call under way makes its own at once
    (paced load never waits for another's whole batch); with more in flight (saturation) it
    waits for the call under way and is answered with the others by one call, as before."""
    monkeypatch.setattr(edge, "SEARCH_LANES", 2, raising=False)  # (main has none: it fails below)
    first, second = asks_for(corpus)[:2]
    expected = [store.search(*first), store.search(*second)]
    real_run = store._searches._run

    def second_beside_first(crowd: int) -> bool:
        """Search `first` (its engine call held) then `second`, with `crowd` more searches
        in flight: whether `second`'s engine call began while `first`'s was held."""
        held_then: list[bool] = []  # at each call's start: was the first call still held?
        entered, release = threading.Event(), threading.Event()

        def held(batch: list[Ask]) -> Any:
            held_then.append(not release.is_set())
            if len(held_then) == 1:
                entered.set()
                assert release.wait(TIMEOUT), "the first search was never released"
            return real_run(batch)

        monkeypatch.setattr(store._searches, "_run", held)
        searchers = [Searcher(store, first), Searcher(store, second)]
        with contextlib.ExitStack() as others:
            for _ in range(crowd):  # searches in flight beside these (embedding, ranking)
                others.enter_context(store.searching())
            try:
                searchers[0].thread.start()
                assert entered.wait(TIMEOUT), "the first search did not reach the engine"
                searchers[1].thread.start()
                deadline = time.monotonic() + TIMEOUT
                while len(held_then) < 2 and not store._searches._waiting:  # ran, or queued
                    assert time.monotonic() < deadline, "the second search went nowhere"
                    time.sleep(0.001)
            finally:
                release.set()
            join_all(searchers)
        monkeypatch.setattr(store._searches, "_run", real_run)
        assert [(s.answer, s.error) for s in searchers] == [(a, None) for a in expected]
        assert len(held_then) == 2  # each alone: nobody else came
        assert store._searches._waiting == []
        return held_then[1]

    assert second_beside_first(crowd=0)  # two in flight: its own call, at once
    assert not second_beside_first(crowd=3)  # five in flight: it waited for the first's call
