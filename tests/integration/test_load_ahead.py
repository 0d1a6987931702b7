"""Issue 19: a one-file re-index (a new `repokb index` process) starts the store's shard load
on a thread of its own as soon as its walk meets a changed file, so the load (~0.5 s of CPU
for Django, done by the engine without the interpreter's lock) overlaps the rest of the walk.
The run ends as before: the same points, secrets redacted, an unchanged tree never loads the
shard, and a load that fails is reported by the run, never as a thread's traceback (real
model, real Qdrant Edge)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from repokb.embedders import create, load_builtins, onnx_minilm
from repokb.errors import StoreError
from repokb.roots import resolve_roots
from repokb.stores import qdrant_edge
from repokb.workspace import Workspace

from ..conftest import ShardLoad, assert_nowhere, write_shop

pytestmark = pytest.mark.integration

# a token of a shape our own finders and detect-secrets both know (GitHub's)
PLANTED = "ghp_" + "Zq8Lw3Rt6Yp1Kx4Vn7Bm2Cd5Fg9Hj0Sa3Ue"


@pytest.fixture
def shop(tmp_path: Path) -> Path:
    return write_shop(tmp_path / "shop")


load_builtins()


def _run(settings, embedder, shop: Path) -> dict:
    """One index run as a new `repokb index` process makes it: a fresh workspace."""
    ws = Workspace(settings)
    ws.__dict__["embedder"] = embedder
    try:
        return ws.indexer.run(resolve_roots([shop], None)).summary()
    finally:
        ws.close()


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text() + text)


def test_a_changed_file_loads_the_shard_and_the_model_beside_the_walk(
        settings, real_embedder, shop: Path, shard_loads: list[ShardLoad],
        monkeypatch: pytest.MonkeyPatch):
    sessions: list[str] = []
    real = onnx_minilm._session

    def opened(*args: object, **kwargs: object) -> object:
        sessions.append(threading.current_thread().name)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(onnx_minilm, "_session", opened)
    _run(settings, real_embedder, shop)
    shard_loads.clear()
    sessions.clear()
    fresh = create("minilm-onnx")  # a new process's model: no session open yet
    assert _run(settings, fresh, shop)["chunks_unchanged"] == 5
    assert shard_loads == [] and sessions == []  # unchanged: neither loaded, not even ahead
    touched = shop / "shop/refund.py"
    os.utime(touched, ns=(touched.stat().st_atime_ns, touched.stat().st_mtime_ns + 10**9))
    assert _run(settings, fresh, shop)["chunks_unchanged"] == 5
    assert shard_loads == [] and sessions == []  # touched, same bytes: nothing loaded

    _append(shop / "shop/refund.py", "\n\ndef refund_twice(order):\n"
            '    """Refund an order twice over."""\n    return 2 * order.total\n')
    changed = _run(settings, fresh, shop)
    assert changed["chunks_embedded"] >= 1
    # once, and not on the walk's thread
    assert [load.thread for load in shard_loads] == ["repokb-shard-load"]
    assert sessions and set(sessions) == {"repokb-model-load"}  # every document session


def test_a_secret_planted_in_the_changed_file_is_still_redacted(settings, real_embedder,
                                                                shop: Path, home: Path):
    _run(settings, real_embedder, shop)
    _append(shop / "shop/refund.py", "\n\ndef refund_token():\n"
            f'    """The refund service\'s token."""\n    return "{PLANTED}"\n')
    one = _run(settings, real_embedder, shop)
    assert one["secrets_redacted"] >= 1 and one["chunks_embedded"] >= 1
    ws = Workspace(settings)
    try:
        stored = [str(p.payload.get("content")) for p in ws.store.export()]
    finally:
        ws.close()
    assert any("refund_token" in text and "<REDACTED_SECRET>" in text for text in stored)
    assert_nowhere(home, [PLANTED], stored)


def test_a_load_that_fails_ahead_fails_the_run_with_its_error(
        settings, real_embedder, shop: Path, monkeypatch: pytest.MonkeyPatch):
    _run(settings, real_embedder, shop)
    _append(shop / "shop/refund.py", "\n\ndef refund_none(order):\n    return None\n")
    failed: list[str] = []

    def broken(path: Path, *args: object) -> object:
        failed.append(threading.current_thread().name)
        raise RuntimeError("Service internal error: segment unreadable")

    unhandled: list[object] = []
    monkeypatch.setattr(qdrant_edge, "opened", broken)
    monkeypatch.setattr(threading, "excepthook", unhandled.append)
    with pytest.raises(StoreError, match="segment unreadable"):
        _run(settings, real_embedder, shop)
    assert failed[0] == "repokb-shard-load" and "MainThread" in failed  # tried again, raised
    assert unhandled == []  # no thread died with a traceback
