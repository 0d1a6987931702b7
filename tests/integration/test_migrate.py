"""`repokb migrate`: Edge -> qdrant-client local mode -> Edge, no vector embedded, resumable,
and the same searches on the target afterwards."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from repokb.errors import StoreError
from repokb.operations import migrate as moving
from repokb.settings import Settings
from repokb.stores import RawPoint, Store, shared
from repokb.workspace import Workspace, open_store

from ..conftest import invoke, run_cli

pytestmark = pytest.mark.integration
QUERIES = ["database connection timeout", "password reset email", "docker install",
           "InvoiceRepository"]


def _searches() -> list[list[tuple[str, int]]]:
    out = []
    for q in QUERIES:
        hits = json.loads(invoke("search", q, "--json"))
        out.append([(h["path"], h["start_line"]) for h in hits])
    return out


@pytest.fixture
def no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: Workspace) -> None:
        raise AssertionError("migrate must not load a model")

    monkeypatch.setattr(Workspace, "new_embedder", refuse)


def test_migrate_edge_to_local_and_back(home, mixed_repo, tmp_path, monkeypatch, real_embedder):
    invoke("index", str(mixed_repo))
    before = _searches()
    target = f"local:{tmp_path / 'qdrant'}"
    with monkeypatch.context() as m:
        m.setattr(Workspace, "new_embedder", lambda self: pytest.fail("model loaded"))
        report = json.loads(invoke("migrate", "--to", target, "--json"))
    total = report["counts"]["source"]["shop"]
    assert total > 5
    assert report["points_moved"] == total and report["chunks_embedded"] == 0
    assert report["counts"]["target"] == report["counts"]["source"] and report["ok"]
    assert report["searches_checked"] == min(50, total)
    assert report["dense_top10_overlap"] == 1.0 and report["lexical_top10_overlap"] == 1.0
    assert not list(home.glob("migrate-*.json"))  # done: no checkpoint left

    monkeypatch.setenv("REPOKB_STORE", "qdrant")
    monkeypatch.setenv("REPOKB_QDRANT_URL", target)
    monkeypatch.setattr(Workspace, "new_embedder", lambda self: real_embedder)
    assert _searches() == before  # the same hits, from the target
    assert not (home / "owner.sock").exists()

    back = tmp_path / "edge-again"  # and back: server -> Edge
    report = json.loads(invoke("migrate", "--to", f"edge:{back}", "--json"))
    assert report["counts"]["target"] == {"shop": total} and report["chunks_embedded"] == 0
    monkeypatch.setenv("REPOKB_STORE", "qdrant-edge")
    monkeypatch.delenv("REPOKB_QDRANT_URL")
    (home / "store").rename(home / "store-old")
    back.rename(home / "store")
    assert _searches() == before


def test_migrate_to_itself_is_refused(home, no_model):
    code, _, err = run_cli("migrate", "--to", "edge")
    assert code == 2 and "already uses" in err


def test_unknown_target_is_a_clear_error(home):
    code, _, err = run_cli("migrate", "--to", "ftp://x")
    assert code == 2 and "Unknown migration target" in err and "Traceback" not in err


class _Interrupted(Exception):
    pass


class _Flaky:
    """The target, cut after `pages` writes (as a kill mid-migration would)."""

    def __init__(self, inner: Store, pages: int) -> None:
        self.inner, self.pages = inner, pages

    def write_raw(self, points: list[RawPoint]) -> None:
        if self.pages == 0:
            raise _Interrupted
        self.pages -= 1
        self.inner.write_raw(points)

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)


def test_an_interrupted_migration_resumes(workspace, mixed_repo, tmp_path):
    workspace.indexer.run([_root(mixed_repo)])
    source = workspace.store
    total = source.count()
    target_store = open_store(workspace.settings.__class__.load(store="qdrant"),
                              url=f"local:{tmp_path / 'q'}")
    checkpoint = tmp_path / "ck.json"
    try:
        with pytest.raises(_Interrupted):
            flaky = _Flaky(target_store, 2)
            moving.migrate(source, flaky, source_name="s", target_name="t",  # type: ignore[arg-type]
                           checkpoint=checkpoint, page=3)
        assert json.loads(checkpoint.read_text())["moved"] == 6
        assert target_store.count() == 6
        report = moving.migrate(source, target_store, source_name="s", target_name="t",
                                checkpoint=checkpoint, page=3)
        assert report.resumed_from == 6 and report.points_moved == total - 6
        assert report.counts_match and target_store.count() == total
        assert not checkpoint.exists()
    finally:
        target_store.close()


def _root(path: Path):  # type: ignore[no-untyped-def]
    from repokb.roots import resolve_roots

    return resolve_roots([path], None)[0]


def test_a_server_store_has_no_owner(home):
    assert shared("qdrant", "http://qdrant:6333") and shared("qdrant", "https://q.example")
    assert not shared("qdrant", "local:/tmp/x") and not shared("qdrant-edge", "")
    from repokb.operations import Operations
    from repokb.surfaces.owner import NoOwner, OwnerSocket, Remote

    ws = Workspace(Settings.load(store="qdrant", qdrant_url="http://127.0.0.1:9"))
    ops = Operations(ws)
    try:
        with OwnerSocket(ops):
            assert not (home / "owner.sock").exists()  # nothing bound, no store lock taken
        assert "store" not in ws.__dict__
        with pytest.raises(NoOwner):  # and no other process is asked: each opens the server
            Remote(ws.settings)
    finally:
        ops.close()
        ws.close()


def test_a_server_that_is_down_is_a_clear_error(home):
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    settings = Settings.load(store="qdrant", qdrant_url=f"http://me:sekrit@127.0.0.1:{port}",
                             qdrant_api_key="key-sekrit")
    with pytest.raises(StoreError) as caught:
        open_store(settings, retries=1, backoff=0.01)
    assert "after 2 attempts" in caught.value.message and "server up" in caught.value.hint
    assert "sekrit" not in str(caught.value) + caught.value.hint  # no password, no key
    assert "key-sekrit" not in repr(settings)  # the api key is a secret setting


def test_overlap_counts_equal_score_ties_only_when_asked():
    from repokb.stores import StoredPoint

    a = [StoredPoint("x", 2.0, {}), StoredPoint("y", 1.0, {}), StoredPoint("z", 1.0, {})]
    b = [StoredPoint("x", 2.0, {}), StoredPoint("y", 1.0, {}), StoredPoint("w", 1.0, {})]
    c = [StoredPoint("x", 2.0, {}), StoredPoint("y", 1.0, {}), StoredPoint("w", 0.5, {})]
    assert moving.overlap(a, b) == pytest.approx(2 / 3)
    assert moving.overlap(a, b, ties=True) == 1.0  # w ties z: either may come back
    assert moving.overlap(a, c, ties=True) == pytest.approx(2 / 3)  # a lower score is a miss
    assert moving.overlap([], []) == 1.0 and moving.overlap([], c) == 0.0
