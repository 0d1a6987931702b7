"""A process holding the store for long (`repokb serve`, `watch`, `mcp`, the warm owner)
performs a due compaction once the store is idle (Operations.compact_if_idle), so text its
writes removed leaves the disk while it runs; before (session 42) only a run or a warm owner
leaving did. Idle: no search or write for `compact_idle_seconds` (the dashboard's stats poll
does not count); a write arriving meanwhile stops the rewrite (the compaction stays due)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from repokb.operations import Operations
from repokb.roots import resolve_roots
from repokb.search import Query
from repokb.settings import Settings
from repokb.workspace import Workspace

from ..conftest import HashEmbedder, write


@pytest.fixture
def ops(tmp_path: Path):
    ws = Workspace(Settings.load(home=tmp_path / "home", compact_idle_seconds=0.5,
                                 compact_points=1))
    ws.__dict__["embedder"] = HashEmbedder()
    for i in range(20):
        write(tmp_path / "shop", f"pkg/mod{i}.py", f"def total_{i}(order):\n"
              f"    return order.amount * {i}\n")
    write(tmp_path / "shop", "pkg/gone.py", "def obsolete():\n    return 'quokka saffron'\n")
    ws.indexer.run(resolve_roots([tmp_path / "shop"], None))
    (tmp_path / "shop" / "pkg" / "gone.py").unlink()
    report = ws.indexer.run(resolve_roots([tmp_path / "shop"], None))
    assert report.counts["store_compaction_due"] == 1  # a "big" store: left due
    operations = Operations(ws)
    yield operations
    operations.close()
    ws.close()


def _due(ops: Operations) -> bool:
    return ops.ws.store.compaction_due()


def test_a_due_compaction_waits_until_no_search_came_for_the_idle_time(ops):
    ops.search(Query(text="total of an order"))
    assert ops.compact_if_idle() is False and _due(ops)  # a search just now
    deadline = time.monotonic() + 0.4
    while time.monotonic() < deadline:  # the dashboard's polls keep nothing busy
        ops.stats()
        time.sleep(0.05)
    time.sleep(0.2)
    assert ops.idle_for() >= 0.5
    assert ops.compact_if_idle() is True and not _due(ops)
    assert ops.stats()["compaction_due_since"] is None
    assert ops.compact_if_idle() is False  # nothing due any more


def test_stats_say_since_when_a_compaction_is_due(ops):
    since = ops.stats()["compaction_due_since"]
    assert since is not None and time.time() - 60 < since <= time.time()


def test_an_idle_compaction_gives_way_to_a_write_and_stays_due(ops, monkeypatch):
    store = ops.ws.store
    points = store.count()
    real = type(store).scroll_raw
    wrote: list[bool] = []

    def write_meanwhile() -> None:
        with ops.writing():  # an upload, a job: waits for the compaction's write lock
            wrote.append(True)

    writer = threading.Thread(target=write_meanwhile)

    def scroll_raw(self, offset, limit):  # the rewrite's first page: a writer comes
        if not writer.is_alive() and not wrote:
            writer.start()
            while not ops.writers_waiting():
                time.sleep(0.01)
        return real(self, offset, limit)

    monkeypatch.setattr(type(store), "scroll_raw", scroll_raw)
    time.sleep(0.6)
    assert ops.compact_if_idle() is False  # gave way
    writer.join(10)
    assert wrote == [True]
    assert _due(ops) and store.count() == points  # the old shard, still due
    assert not list(store._path.parent.glob(".store-new-*"))  # type: ignore[attr-defined]
    monkeypatch.setattr(type(store), "scroll_raw", real)
    time.sleep(0.6)
    assert ops.compact_if_idle() is True and not _due(ops) and store.count() == points


def test_the_holders_thread_compacts_once_idle_and_stops_at_close(ops):
    ops.compact_when_idle()
    deadline = time.monotonic() + 30
    while _due(ops) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _due(ops)


def test_repokb_mcp_holding_the_store_compacts_once_idle(ops):
    """`repokb mcp` (stdio) takes the store on its first call and holds it for
    `mcp_idle_seconds`: it performs a due compaction meanwhile, as `serve` does."""
    from repokb.surfaces.mcp.lease import StdioBackend

    settings = ops.settings
    ops.close()
    ops.ws.close()  # the store let go, its compaction still due
    backend = StdioBackend(settings)
    try:
        backend._acquire()
        held = backend._ops
        assert held is not None and held.ws.store.compaction_due()
        deadline = time.monotonic() + 30
        while held.ws.store.compaction_due() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not held.ws.store.compaction_due()
    finally:
        backend.close()


def _uploaded(tmp_path: Path, **settings: float) -> Operations:
    """A store holding an uploaded project of three files, nothing due."""
    ws = Workspace(Settings.load(home=tmp_path / "up", compact_idle_seconds=0.5, **settings))
    ws.__dict__["embedder"] = HashEmbedder()
    ops = Operations(ws)
    for name in ("a", "b", "vault"):
        ops.ingest_file("up", f"{name}.md", f"# {name}\n\nThe {name} page of quokka "
                        f"saffron number {len(name)}.\n".encode())
    ops.ws.store.compact()  # (the uploads' own overwrites: nothing due to begin with)
    assert not _due(ops)
    return ops


@pytest.mark.parametrize(("settings", "due"), [
    ({"compact_points": 1}, True),  # a big store: left due, for the holder's idle time
    ({}, False),  # a small one (compact_points 2000): rewritten within the request
    ({"compact_points": 1, "compact_due_hours": 0}, False),  # overdue: now, whatever the size
    ({"compact_points": 1, "compact_after_delete": True}, False),
])
def test_an_uploads_prune_compacts_as_a_run_does(tmp_path, settings, due):
    """Before (prune43), an upload's prune rewrote the store within the request whatever its
    size (37-70 s and twice the memory on Django's); now as an index run decides: a big
    store's compaction stays due and the holder performs it once idle."""
    ops = _uploaded(tmp_path, **settings)
    try:
        done = ops.prune_upload("up", ["a.md", "b.md"])
        assert done["removed"] == ["vault.md"] and done["chunks_removed"] >= 1
        assert _due(ops) is due
        if due:
            time.sleep(0.6)
            assert ops.compact_if_idle() is True and not _due(ops)
        assert ops.ws.store.count("up") == ops.ws.catalog.chunk_total()
    finally:
        ops.close()
        ops.ws.close()

