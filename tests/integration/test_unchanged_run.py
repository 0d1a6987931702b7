"""Issue 19: a re-index that finds nothing changed leaves the store's shard unloaded (its load
was ~0.5-0.7 s and ~300 MB of every unchanged Django re-index), while a changed file, a run
killed in the dense pass or a catalog written before the mark still reaches the store and ends
where a clean run ends (real model, real Qdrant Edge)."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from repokb.errors import StoreBusyError
from repokb.operations import Operations
from repokb.roots import resolve_roots
from repokb.search import Query
from repokb.workspace import Workspace

from ..conftest import ShardLoad, killed_in_dense_pass, write_shop

pytestmark = pytest.mark.integration


@pytest.fixture
def shop(tmp_path: Path) -> Path:
    return write_shop(tmp_path / "shop")


def _run(settings, embedder, roots) -> dict:
    """One index run as a new `repokb index` process makes it: a fresh workspace."""
    ws = Workspace(settings)
    ws.__dict__["embedder"] = embedder
    try:
        return ws.indexer.run(roots).summary()
    finally:
        ws.close()


def _points(settings) -> dict:
    ws = Workspace(settings)
    try:
        return {p.id: (p.payload, p.dense) for p in ws.store.export()}
    finally:
        ws.close()


def test_an_unchanged_reindex_never_loads_the_shard(settings, real_embedder, shop: Path,
                                                    shard_loads: list[ShardLoad]):
    roots = resolve_roots([shop], None)
    first = _run(settings, real_embedder, roots)
    assert first["chunks_created"] == 5 and shard_loads
    before = _points(settings)
    shard_loads.clear()

    again = _run(settings, real_embedder, roots)
    assert shard_loads == []  # nothing to write, nothing pending: the store stays on disk
    assert again["chunks_unchanged"] == 5 and again["chunks_embedded"] == 0
    assert again["chunks_dense_pending"] == 0 and again["files_indexed"] == 5
    assert _points(settings) == before  # the same points, payloads and vectors
    shard_loads.clear()

    (shop / "shop/refund.py").write_text(
        (shop / "shop/refund.py").read_text() + "\n\ndef refund_twice(order):\n"
        '    """Refund an order twice over."""\n    return 2 * order.total\n')
    changed = _run(settings, real_embedder, roots)
    assert shard_loads and changed["chunks_embedded"] >= 1
    shard_loads.clear()
    assert _run(settings, real_embedder, roots)["chunks_embedded"] == 0 and shard_loads == []


def test_a_run_killed_in_the_dense_pass_is_finished_by_an_unchanged_reindex(
        settings, real_embedder, shop: Path, monkeypatch: pytest.MonkeyPatch,
        shard_loads: list[ShardLoad]):
    roots = resolve_roots([shop], None)
    small = replace(settings, buffer_chunks=2)
    crashed = Workspace(small)
    crashed.__dict__["embedder"] = real_embedder
    killed_in_dense_pass(monkeypatch, crashed, roots)
    left = crashed.store.dense_pending("shop")
    crashed.close()
    assert left == 3

    shard_loads.clear()
    again = _run(settings, real_embedder, roots)  # no file changed: the store is read anyway
    assert shard_loads and again["chunks_embedded"] == 3 and again["chunks_dense_pending"] == 0
    shard_loads.clear()
    assert _run(settings, real_embedder, roots)["chunks_embedded"] == 0 and shard_loads == []
    assert all(dense is not None for _, dense in _points(settings).values())


def test_a_catalog_without_the_mark_reads_the_store_once(settings, real_embedder, shop: Path,
                                                         shard_loads: list[ShardLoad]):
    """A home indexed before the mark existed: its first unchanged run checks the store."""
    roots = resolve_roots([shop], None)
    _run(settings, real_embedder, roots)
    with sqlite3.connect(settings.catalog_path) as db:
        db.execute("UPDATE projects SET dense_clean = NULL")
    shard_loads.clear()
    assert _run(settings, real_embedder, roots)["chunks_dense_pending"] == 0
    assert shard_loads
    shard_loads.clear()
    _run(settings, real_embedder, roots)
    assert shard_loads == []


def test_the_unloaded_store_still_holds_its_lock(settings, shop: Path,
                                                 shard_loads: list[ShardLoad]):
    ws = Workspace(settings)
    try:
        ws.store  # noqa: B018  (opened: locked, not loaded)
        assert shard_loads == []
        with pytest.raises(StoreBusyError):
            Workspace(settings).store  # noqa: B018
    finally:
        ws.close()


def test_closing_the_store_leaves_every_write_in_its_segments(settings, real_embedder,
                                                              shop: Path):
    """No flush precedes the close (it wrote the segments twice): the engine's close writes
    them, so the log holds nothing a reopen must replay and the points are all there."""
    import json

    roots = resolve_roots([shop], None)
    _run(settings, real_embedder, roots)
    (shop / "shop/refund.py").write_text("def refund(order):\n    '''Refund it all.'''\n"
                                         "    return order.total\n")
    _run(settings, real_embedder, roots)
    store = settings.store_path
    (segment,) = store.glob("segments/*/segment.json")
    version = json.loads(segment.read_text())["version"]
    acknowledged = json.loads((store / "wal/first-index").read_text())["ack_index"]
    assert version == acknowledged > 0
    points = _points(settings)
    assert len(points) == 5 and all(dense is not None for _, dense in points.values())
    assert any("Refund it all" in str(payload.get("content")) for payload, _ in points.values())


def test_a_server_loads_the_shard_before_its_first_search(settings, real_embedder, shop: Path,
                                                          shard_loads: list[ShardLoad]):
    """The shard loads on first use: `repokb serve` and the warm owner warm up with it, so
    their first search does not pay the load (~0.5 s for Django) in its latency."""
    _run(settings, real_embedder, resolve_roots([shop], None))
    shard_loads.clear()
    ws = Workspace(settings)
    ws.__dict__["embedder"] = real_embedder
    ops = Operations(ws)
    try:
        assert shard_loads == []  # opened, not loaded
        ops.warm()
        assert shard_loads and ws.store.loaded  # type: ignore[attr-defined]
        shard_loads.clear()
        assert ops.search(Query("how does a customer get a refund"))
        assert shard_loads == []
    finally:
        ops.close()
        ws.close()
