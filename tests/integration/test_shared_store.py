"""A store several homes write (a Qdrant server): one home's catalog vouches only for its own
projects, so verify --repair and a flush of "all" never delete a colleague's points; and one
home's catalog takes writers from several processes at once (WAL, busy timeout)."""

from __future__ import annotations

import dataclasses
import multiprocessing
from pathlib import Path

import pytest

from repokb.operations import Operations
from repokb.pipeline.verify import verify
from repokb.settings import Settings
from repokb.stores.catalog import Catalog
from repokb.workspace import Workspace

pytestmark = pytest.mark.integration


@pytest.fixture
def server_ws(home, tmp_path, real_embedder, monkeypatch):
    monkeypatch.setenv("REPOKB_STORE", "qdrant")
    monkeypatch.setenv("REPOKB_QDRANT_URL", f"local:{tmp_path / 'q'}")
    ws = Workspace(Settings.load())
    ws.__dict__["embedder"] = real_embedder
    ws.store.shared = True  # local mode is one process; a server is shared: behave as one
    yield ws
    ws.close()


def _add_colleague(ws: Workspace) -> int:
    """Points another machine indexed into the same collection (its catalog is elsewhere)."""
    from repokb.models import point_id

    ours, _ = ws.store.scroll_raw(None, 4)
    theirs = [dataclasses.replace(p, id=point_id("colleague", p.payload["path"], i),
                                  payload={**p.payload, "project": "colleague",
                                           "chunk_index": i})
              for i, p in enumerate(ours)]
    ws.store.write_raw(theirs)
    return len(theirs)


def test_repair_and_flush_leave_other_homes_projects_alone(server_ws, mixed_repo):
    from repokb.roots import resolve_roots

    server_ws.indexer.run(resolve_roots([mixed_repo], None))
    ours = server_ws.store.count("shop")
    theirs = _add_colleague(server_ws)
    ops = Operations(server_ws)
    report = ops.verify(repair=True)
    assert report["ok"] and report["projects"] == ["shop"]
    assert server_ws.store.count("colleague") == theirs
    assert ops.flush(None)["points_deleted"] == ours
    assert server_ws.store.count() == theirs and server_ws.catalog.projects() == {}
    ops.close()


def test_an_edge_store_still_repairs_orphans_of_unknown_projects(workspace, mixed_repo):
    from repokb.roots import resolve_roots

    workspace.indexer.run(resolve_roots([mixed_repo], None))
    theirs = _add_colleague(workspace)
    assert theirs and not workspace.store.shared
    report = verify(workspace.catalog, workspace.store, repair=True)
    assert "colleague" in report.projects and workspace.store.count("colleague") == 0


def _write_entries(path: str, worker: int, count: int) -> None:
    catalog = Catalog(Path(path))
    for i in range(count):
        with catalog.transaction():
            catalog.put(f"p{worker}", f"f{i}.py", status="indexed", chunks=1)
    catalog.close()


def test_several_processes_write_one_catalog_at_once(tmp_path):
    path = str(tmp_path / "catalog.sqlite3")
    Catalog(Path(path)).close()
    workers = [multiprocessing.get_context("spawn").Process(target=_write_entries,
                                                            args=(path, w, 150))
               for w in range(3)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
        assert w.exitcode == 0
    catalog = Catalog(Path(path))
    assert catalog.breakdown("project") == {"p0": 150, "p1": 150, "p2": 150}
    assert catalog._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    catalog.close()
