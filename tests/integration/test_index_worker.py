"""Index runs in a worker process (operations/worker.py), as `repokb serve` runs them: the same
catalog and points as a run in the owner's own threads, with no document embedded by the
owner; the worker's errors reach the caller as the same errors; a worker killed mid-run fails
the job with a clear message and the next run converges; a job cancelled at shutdown stops the
worker, at its next file or at once while it embeds; the relay (stores/relay.py) carries a
store's errors back and refuses what a run never asks."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import threading
import time
from collections.abc import Iterator
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from platformdirs import user_cache_dir

from repokb.embedders.base import Embedder
from repokb.errors import ConfigError, RepokbError, StoreError
from repokb.operations import Operations
from repokb.search import Query
from repokb.settings import Settings
from repokb.stores.relay import PIECE, STORE_CALLS, RelayStore, answer_calls, store_methods
from repokb.workspace import Workspace

from ..conftest import write

pytestmark = pytest.mark.integration
TIMEOUT = 120


class OwnerMustNotEmbed(Embedder):
    """The owner's model in these tests: a run in the worker never asks it for documents."""

    name = "owner-must-not-embed"
    dimension = 384

    def __init__(self, real: Embedder) -> None:
        super().__init__()
        self.real = real

    def _embed_batch(self, texts: list[str], *, is_query: bool, max_tokens: int) -> np.ndarray:
        assert is_query, "the owner embedded documents: the run did not happen in the worker"
        return self.real._embed_batch(texts, is_query=True, max_tokens=max_tokens)


def models_in(home: Path) -> None:
    """The derived model the session's embedder left in the user cache, in `home` too, so the
    worker loads it instead of deriving it again (~10 s)."""
    cache = Path(user_cache_dir("repokb")) / "models"
    (home / "models").mkdir(parents=True, exist_ok=True)
    for path in cache.iterdir():
        if "int8" in path.name or path.name == "digests.json":
            shutil.copy2(path, home / "models" / path.name)


@pytest.fixture
def owner(settings: Settings, real_embedder: Embedder) -> Iterator[Operations]:
    models_in(settings.home)
    ws = Workspace(settings)
    ws.__dict__["embedder"] = OwnerMustNotEmbed(real_embedder)
    ops = Operations(ws, index_worker=True)
    yield ops
    ops.close()
    ws.close()


def big_tree(root: Path, files: int = 300) -> Path:
    for i in range(files):
        write(root, f"pkg/mod_{i:03d}.py", "\n\n".join(
            f'def handler_{i}_{j}(request):\n    """Answer request {j} of module {i} with a '
            f'greeting and a count."""\n    return {{"module": {i}, "n": {j}, "hello": "world"}}'
            for j in range(6)) + "\n")
    return root


def points(ws: Workspace) -> dict[str, tuple[str, list[float] | None]]:
    return {p.id: (p.payload["text_hash"], p.dense) for p in ws.store.export()}


def entries(ws: Workspace) -> dict[str, tuple[str, str, int]]:
    return {e.path: (e.status, e.reason, e.chunks) for e in ws.catalog.entries("shop").values()}


def children() -> list[int]:
    pids = []
    for task in Path(f"/proc/{os.getpid()}/task").glob("*/children"):
        pids += [int(p) for p in task.read_text().split()]
    return pids


def wait_for(condition: Any, what: str) -> None:
    deadline = time.monotonic() + TIMEOUT
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


@pytest.fixture
def elsewhere(tmp_path: Path, real_embedder: Embedder) -> Iterator[Workspace]:
    """A workspace in another home, with the session's model: runs on the owner's threads."""
    ws = Workspace(Settings.load(home=tmp_path / "elsewhere"))
    ws.__dict__["embedder"] = real_embedder
    yield ws
    ws.close()


def test_a_run_in_the_worker_stores_what_a_run_in_the_owner_does(
        owner: Operations, elsewhere: Workspace, mixed_repo: Path) -> None:
    told: list[tuple[str, int, int]] = []
    result = owner.index([str(mixed_repo)], "shop", progress=lambda *a: told.append(a))
    assert result["summary"]["tokens_embedded"] > 0  # embedded, by the worker's own model
    assert told and told[-1][1] == told[-1][2]  # its progress reached the caller
    assert {f["path"] for f in result["files"]} >= {"src/shop/db.py", ".env"}

    here = Operations(elsewhere)  # the same run on the owner's threads, in another home
    assert here.index([str(mixed_repo)], "shop")["summary"]["chunks_created"] == \
        result["summary"]["chunks_created"]
    assert entries(owner.ws) == entries(elsewhere)
    ours, theirs = points(owner.ws), points(elsewhere)
    assert ours.keys() == theirs.keys() and ours
    for pid, (text_hash, dense) in ours.items():
        assert text_hash == theirs[pid][0]
        assert (dense is None) == (theirs[pid][1] is None)
        if dense is not None:
            assert np.allclose(dense, theirs[pid][1], atol=1e-5)
    hits = owner.search(Query(text="send a password reset email", limit=3))
    assert hits[0]["path"] == "src/shop/mail.py"
    assert owner.verify("shop")["ok"]
    assert not children()  # the worker lived for its run only


def test_an_error_in_the_worker_reaches_the_caller_as_the_same_error(
        owner: Operations, elsewhere: Workspace, mixed_repo: Path) -> None:
    (mixed_repo / ".repokb.yml").write_text("exclude: [unclosed\n")
    with pytest.raises(ConfigError) as there:
        owner.index([str(mixed_repo)], "shop")
    with pytest.raises(ConfigError) as here:
        Operations(elsewhere).index([str(mixed_repo)], "shop")
    assert (there.value.message, there.value.hint) == (here.value.message, here.value.hint)
    assert owner.ws.store.count() == 0


def test_a_killed_worker_fails_the_job_clearly_and_the_next_run_converges(
        owner: Operations, tmp_path: Path) -> None:
    tree = big_tree(tmp_path / "shop")
    job, _ = owner.submit_index(str(tree), "shop")
    wait_for(lambda: job.done > 0 and children(), "the job never started its worker")
    for pid in children():
        os.kill(pid, signal.SIGKILL)
    wait_for(lambda: job.status not in ("queued", "running"), "the job never ended")
    assert job.status == "failed"
    assert job.error is not None and "exit code -9" in job.error["message"]
    assert "index the folder again" in job.error["hint"]

    again = owner.index([str(tree)], "shop")["summary"]  # the next run finishes the work
    assert again["files_failed"] == 0
    assert {e.status for e in owner.ws.catalog.entries("shop").values()} == {"indexed"}
    assert len(owner.ws.catalog.entries("shop")) == 300
    assert owner.ws.store.dense_pending("shop") == 0
    assert owner.verify("shop")["ok"]


def test_a_job_cancelled_at_shutdown_stops_its_worker(owner: Operations, tmp_path: Path) -> None:
    job, _ = owner.submit_index(str(big_tree(tmp_path / "shop")), "shop")
    wait_for(lambda: job.done > 0 and children(), "the job never started its worker")
    owner.jobs.shutdown()
    assert job.status == "cancelled"
    assert not children()


def test_a_job_cancelled_while_its_worker_embeds_stops_at_once_and_converges_later(
        owner: Operations, tmp_path: Path) -> None:
    """In the dense pass no file comes to stop at for minutes on a big tree: the server
    kills the worker between two store calls instead, and nothing is half-written."""
    tree = big_tree(tmp_path / "shop")
    job, _ = owner.submit_index(str(tree), "shop")
    store = owner.ws.store
    wait_for(lambda: job.total and job.done == job.total and store.dense_pending("shop"),
             "the job never reached its dense pass")
    owner.jobs.shutdown()
    assert job.status == "cancelled"
    assert not children()
    assert store.dense_pending("shop") > 0  # it stopped before the model was done

    owner.index([str(tree)], "shop")  # the next run embeds the rest
    assert store.dense_pending("shop") == 0
    assert owner.verify("shop")["ok"]


# -- the relay itself ----------------------------------------------------------------------
class Refusing:
    """A store whose prune fails as a real one may."""

    shared = False

    def prune(self, project: str, path: str, keep_count: int) -> None:
        raise StoreError("The shard is read-only.", hint="Free some disk space.")

    def count(self, project: str | None = None) -> int:
        return 7

    def facet(self, key: str, project: str | None = None) -> dict[str, int]:
        raise RuntimeError("engine panic")


@pytest.fixture
def relayed() -> Iterator[tuple[RelayStore, dict[str, Any]]]:
    ours, theirs = socket.socketpair()
    owner_end, worker_end = Connection(ours.detach()), Connection(theirs.detach())
    ended: dict[str, Any] = {}

    refusing = Refusing()
    methods = {"prune": refusing.prune, "count": refusing.count, "facet": refusing.facet}

    def serve() -> None:
        try:
            ended["with"] = answer_calls(owner_end, {"store": methods})
        except EOFError:
            ended["with"] = "eof"
        finally:  # whatever ended it: the worker's end hears EOF instead of waiting forever
            owner_end.close()

    thread = threading.Thread(target=serve)
    thread.start()
    yield RelayStore(worker_end), ended
    worker_end.close()
    thread.join(TIMEOUT)


def test_the_relay_answers_and_carries_errors_back(
        relayed: tuple[RelayStore, dict[str, Any]]) -> None:
    store, _ = relayed
    assert store.count("shop") == 7
    with pytest.raises(StoreError) as refused:
        store.prune("shop", "a.py", 0)
    assert (refused.value.message, refused.value.hint) == ("The shard is read-only.",
                                                           "Free some disk space.")
    with pytest.raises(StoreError, match="store.facet failed in the owner: RuntimeError"):
        store.facet("path")
    with pytest.raises(StoreError, match="does not search"):
        store.search(None, ([], []), None, 10)  # type: ignore[arg-type]
    assert store.count() == 7  # the exchange goes on after errors


def test_the_relay_refuses_what_a_run_never_asks(
        relayed: tuple[RelayStore, dict[str, Any]]) -> None:
    store, ended = relayed
    with pytest.raises(StoreError, match="store.close failed in the owner"):
        store._call("close")
    store._conn.send(("done", {"ok": True}))
    wait_for(lambda: "with" in ended, "the owner's side never returned")
    assert ended["with"] == ("done", {"ok": True})


def test_a_relay_whose_owner_is_gone_says_so() -> None:
    ours, theirs = socket.socketpair()
    store = RelayStore(Connection(theirs.detach()))
    ours.close()
    with pytest.raises(RepokbError, match="stopped answering"):
        store.count()


def test_the_owner_answers_only_the_store_methods_a_run_uses(owner: Operations) -> None:
    methods = store_methods(owner.ws.store)
    assert set(methods) == set(STORE_CALLS)
    assert not {"search", "close", "export", "write_raw", "scroll_raw"} & set(methods)
    assert methods["count"]() == owner.ws.store.count()  # the owner's own store, bound


class Recording:
    """An owner's store that records the size of every call it answers: 200 pending points
    in id order, scrolled as the Edge store scrolls them (a page from an offset, and the next
    page's first id or None)."""

    shared = False

    def __init__(self) -> None:
        self.sizes: list[tuple[str, int]] = []
        self.ids = [f"id{n:03d}" for n in range(200)]
        self.written: list[str] = []
        self.filled: dict[str, list[float]] = {}

    def upsert(self, points: list[Any]) -> None:
        self.sizes.append(("upsert", len(points)))
        self.written += points

    def fill_dense(self, vectors: dict[str, list[float]]) -> None:
        self.sizes.append(("fill_dense", len(vectors)))
        self.filled.update(vectors)

    def dense_by_text(self, text_hashes: list[str]) -> dict[str, list[float]]:
        self.sizes.append(("dense_by_text", len(text_hashes)))
        return {h: [1.0] for h in text_hashes if h.endswith("0")}

    def scroll_pending(self, project: str, kinds: tuple[str, ...], exclude: tuple[str, ...],
                       offset: str | None, limit: int) -> tuple[list[Any], str | None]:
        self.sizes.append(("scroll_pending", limit))
        start = self.ids.index(offset) if offset is not None else 0
        page = self.ids[start:start + limit]
        following = self.ids[start + limit] if start + limit < len(self.ids) else None
        return [(project, i) for i in page], following


def test_the_relay_carries_a_run_s_big_calls_in_pieces_with_the_same_result() -> None:
    """The owner unpickles a message, and pickles its answer, in one call that holds the
    interpreter lock throughout (searches wait for all of it): a run's 512-chunk write, its
    vectors and its pages of pending points travel PIECE at a time, and the run gets what one
    call gives."""
    ours, theirs = socket.socketpair()
    owner_end, worker_end = Connection(ours.detach()), Connection(theirs.detach())
    owner = Recording()
    methods = {name: getattr(owner, name)
               for name in ("upsert", "fill_dense", "dense_by_text", "scroll_pending")}
    thread = threading.Thread(target=answer_calls, args=(owner_end, {"store": methods}))
    thread.start()
    try:
        store = RelayStore(worker_end)
        n = 2 * PIECE + 7
        store.upsert([f"point{i}" for i in range(n)])  # type: ignore[misc]
        assert owner.sizes == [("upsert", PIECE), ("upsert", PIECE), ("upsert", 7)]
        assert owner.written == [f"point{i}" for i in range(n)]  # in order, each once

        owner.sizes.clear()
        vectors = {f"id{i:03d}": [float(i)] for i in range(n)}
        store.fill_dense(vectors)
        assert owner.sizes == [("fill_dense", PIECE), ("fill_dense", PIECE), ("fill_dense", 7)]
        assert owner.filled == vectors

        owner.sizes.clear()
        hashes = [f"h{i}" for i in range(n)]
        assert store.dense_by_text(hashes) == {h: [1.0] for h in hashes if h.endswith("0")}
        assert max(size for _, size in owner.sizes) == PIECE

        # a page of 150 from an offset, and the pages after it up to the end: as one call each
        whole = Recording()
        for offset, limit in ((None, 150), ("id150", 150), ("id010", 64), (None, 500)):
            owner.sizes.clear()
            assert store.scroll_pending("p", (), (), offset, limit) == whole.scroll_pending(
                "p", (), (), offset, limit)
            assert max(size for _, size in owner.sizes) <= PIECE
    finally:
        worker_end.send(("done", None))
        thread.join(TIMEOUT)
        worker_end.close()
        owner_end.close()
