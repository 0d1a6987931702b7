"""`Store.defining` with a quiet server's dense copy (stores/dense_scan.py `View.defined`):
the copy's rows answer for the points with a dense vector and the engine scrolls only those
without one, and the answer is the engine's own scan of every symbol's: the same points, in
the same (id) order, cut at the same limit, with the same filters; a write under way leaves
the lookup to the engine."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest

import repokb.stores.qdrant_edge as edge
from repokb.models import EmbeddedChunk
from repokb.stores import StoreFilter
from repokb.stores.base import StoredPoint
from repokb.stores.qdrant_edge import QdrantEdgeStore

from .test_dense_copy import copied
from .test_store_batching import make_points, opener

pytestmark = pytest.mark.integration
__all__ = ["opener"]  # the fixture, from the batching tests

# symbols given to the points in turn: a name defined far more often than a lookup's limit
# (`save`, in both cases and under owners), names sharing words with others (`get_queryset`
# beside `queryset` and `get`), a one-letter name, a name of punctuation alone
SYMBOLS = ["Model.save", "save", "BaseForm.Save", "QuerySet.get_queryset", "queryset",
           "get", "H", "gin.H", "Foo.__init__", "_", "views", "admin.views", "Shop::Views#save",
           "saved", "save_as", "x.y.z.save"]
NAMES: list[tuple[str, ...]] = [
    ("save",), ("SAVE",), ("get_queryset",), ("queryset",), ("get",), ("h",), ("H",),
    ("__init__",), ("views",), ("Views",), ("save", "views"), ("nothing",), ("get", "save"),
    ("_",), ("_", "save")]
FILTERS = [StoreFilter(), StoreFilter(projects=("alpha",)), StoreFilter(kinds=("docs",)),
           StoreFilter(languages=("python", "typescript")),
           StoreFilter(paths=("src/code/file0.txt", "src/test/file5.txt", "src/docs/file7.txt")),
           StoreFilter(paths=()), StoreFilter(projects=("beta",), kinds=("code",))]


def named_points(count: int) -> list[EmbeddedChunk]:
    """make_points' points (every 7th without a dense vector), each defining one of SYMBOLS."""
    return [replace(p, chunk=replace(p.chunk, symbol=SYMBOLS[n % len(SYMBOLS)],
                                     symbol_type="method"))
            for n, p in enumerate(make_points(count, lexical_every=7))]


@pytest.fixture
def named(opener: Callable[[], QdrantEdgeStore]) -> Iterator[QdrantEdgeStore]:
    store = opener()
    store.upsert(named_points(600))
    yield store
    store.close()


def through_the_engine(store: QdrantEdgeStore, names: tuple[str, ...], where: StoreFilter,
                       limit: int, content: bool) -> list[StoredPoint]:
    copy = store._copies.view
    store._copies.view = None
    try:
        return store.defining(names, where, limit, content)
    finally:
        store._copies.view = copy


@pytest.mark.parametrize("limit", [1, 5, 20, 50, 1000])
def test_a_lookup_through_the_copy_finds_what_the_engine_does(named: QdrantEdgeStore,
                                                             limit: int) -> None:
    copied(named)
    asked = 0
    for names in NAMES:
        for where in FILTERS:
            for content in (True, False):
                expected = through_the_engine(named, names, where, limit, content)
                got = named.defining(names, where, limit, content)
                assert got == expected, (names, where, limit, content)
                asked += bool(expected)
    assert asked > 100  # the table asks for names that are there


class _Counting:
    """The engine with its `scroll` counted."""

    def __init__(self, shard: Any, scroll: Callable[..., Any]) -> None:
        self._shard, self.scroll = shard, scroll

    def __getattr__(self, name: str) -> Any:
        return getattr(self._shard, name)


def test_the_copy_reads_only_the_symbols_without_a_dense_vector(
        named: QdrantEdgeStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """With a copy, the engine's scroll sees only the points without a dense vector: `save`,
    defined by ~170 of 600 points, reads the ~25 of them that have none."""
    copy = copied(named)
    read: list[int] = []
    shard = named._shard
    real = shard.scroll

    def scroll(request: Any) -> Any:
        page, offset = real(request)
        read.append(len(page))
        return page, offset

    named._open = _Counting(shard, scroll)
    try:
        found = named.defining(("save",), StoreFilter(), 1000, False)
    finally:
        named._open = shard
    assert len(found) > 150
    undense = [p for p in found if copy.payload(p.id) is None]
    assert 0 < len(undense) <= sum(read) < 40


def test_a_write_under_way_leaves_the_lookup_to_the_engine(
        named: QdrantEdgeStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """While a write is under way (an index job's whole run holds one), or once one began
    during the lookup, the copy's rows are not trusted: the engine answers."""
    copied(named)
    asked: list[int] = []
    monkeypatch.setattr(edge, "_defined_with_copy",
                        lambda *args: asked.append(1) or [])  # the copy's answer: nothing
    with named.job_writing(keep=True):
        assert named._copies.view is not None
        assert len(named.defining(("save",), StoreFilter(), 50, False)) == 50
    assert not asked
    began = named._copies.began

    def a_write_begins(*args: Any) -> list[str]:
        named._copies.began += 1  # as `CopyKeeper.writes` counts one
        return []

    monkeypatch.setattr(edge, "_defined_with_copy", a_write_begins)
    assert len(named.defining(("save",), StoreFilter(), 50, False)) == 50
    assert named._copies.began == began + 1
