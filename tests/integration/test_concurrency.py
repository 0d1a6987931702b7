"""Concurrent commands on one home, through the installed CLI (black-box: it holds whatever
the owner protocol is). The long form is bench/stress_home.py (20 rounds)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from ..conftest import with_models

# the bench script, loaded by its path: putting bench/ on sys.path would let its modules shadow
# the standard library's for every test that runs after this one
_SPEC = importlib.util.spec_from_file_location(
    "stress_home", Path(__file__).resolve().parents[2] / "bench" / "stress_home.py")
assert _SPEC is not None and _SPEC.loader is not None
stress_home = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(stress_home)
make_project, one_round = stress_home.make_project, stress_home.one_round

pytestmark = pytest.mark.integration


def test_three_indexers_verify_search_and_flush_at_once_all_succeed(tmp_path, derived_models):
    for n in range(3):
        make_project(tmp_path / f"p{n}", n)
    for round_ in range(3):
        # the first round on a bare home: its three indexers derive the model at once; the
        # others find it there (as every round after the first on a user's home would)
        seeded = None if round_ == 0 else (lambda home: with_models(home, derived_models))
        result = one_round(tmp_path, 3, seeded)
        assert result["aborts"] == 0, result
        assert result["failed"] == [], result  # every command waited its turn
        assert result["missing"] == [], result  # every project indexed


def test_the_store_outlives_every_operation_in_flight(settings, monkeypatch):
    """The root cause of the aborts: the owner closed the shard under request threads. Now an
    operation running on another thread (a request on the owner socket) holds the close."""
    import threading

    from repokb.operations import Operations
    from repokb.workspace import Workspace

    owner = Workspace(settings)
    store = owner.store
    ops = Operations(owner)
    inside, release = threading.Event(), threading.Event()
    breakdown = owner.catalog.breakdown

    def slow_breakdown(*args, **kwargs):  # stats reads the catalog, then counts the store
        inside.set()
        release.wait(10)
        return breakdown(*args, **kwargs)

    monkeypatch.setattr(owner.catalog, "breakdown", slow_breakdown)
    answers = []
    request = threading.Thread(target=lambda: answers.append(ops.stats()))
    request.start()
    assert inside.wait(10)
    closing = threading.Thread(target=owner.close)
    closing.start()
    closing.join(0.5)
    assert closing.is_alive()  # waits for the operation in flight ...
    release.set()
    request.join(10)
    assert answers and answers[0]["points"] == 0  # ... which could still use the store
    closing.join(10)
    assert not closing.is_alive()
    with pytest.raises(Exception, match="closed"):
        store.count()


def test_a_new_home_is_private(tmp_path):
    from repokb.settings import Settings
    from repokb.workspace import Workspace

    home = tmp_path / "fresh-home"
    with Workspace(Settings.load(home=home)) as ws:
        ws.catalog  # noqa: B018 - opening the catalog creates the home
    assert home.stat().st_mode & 0o777 == 0o700


_PROBE = """
import sys
from pathlib import Path
from repokb.errors import StoreBusyError
from repokb.stores.qdrant_edge import QdrantEdgeStore
opened = 0
for _ in range(int(sys.argv[2])):
    try:
        QdrantEdgeStore(Path(sys.argv[1]), 8)
        opened += 1
    except StoreBusyError:
        pass
print(opened)
"""


def test_no_second_process_opens_a_store_that_is_being_written(tmp_path):
    """Regression (bench/stress_home.py, "Tracker journal ... is shorter than expected"): the
    shard's own lock let another process load it once the holder had written for a while, and
    two writers corrupted it. The store's flock keeps every other opener out."""
    import random
    import subprocess

    import qdrant_edge as q

    from repokb.stores.qdrant_edge import QdrantEdgeStore

    path = tmp_path / "store"
    holder = QdrantEdgeStore(path, 8)
    prober = subprocess.Popen([sys.executable, "-c", _PROBE, str(path), "150"],
                              stdout=subprocess.PIPE, text=True)
    rng = random.Random(7)
    writes = 0
    while prober.poll() is None or writes < 50:
        points = [q.Point(rng.randrange(1, 10**12), {"dense": [rng.random() for _ in range(8)]},
                          {"project": "p", "path": f"f{writes}.py", "chunk_index": 0})
                  for _ in range(200)]
        holder._shard.update(q.UpdateOperation.upsert_points(points))
        holder._shard.flush()
        writes += 1
    opened = int(prober.communicate(timeout=120)[0].strip())
    assert opened == 0, f"another process opened the store {opened} times"
    holder.close()  # flushes cleanly: nothing else wrote to it
    reopened = QdrantEdgeStore(path, 8)
    assert reopened.count() == 200 * writes
    reopened.close()


@pytest.mark.parametrize("reset", [True, False])
def test_an_owner_that_drops_a_request_unanswered_means_ask_again(tmp_path, reset):
    """An owner leaving closes connections whose request it never took: with a reset (the
    request lay unread) or a plain close. The command then asks again or becomes the owner
    (NoOwner), instead of failing with "The owning process stopped answering" (seen in
    bench/stress_home.py)."""
    import socket
    import struct
    import threading

    from repokb.settings import Settings
    from repokb.surfaces.owner import NoOwner, Remote, socket_path

    settings = Settings.load(home=tmp_path / "home")
    path = socket_path(settings)
    path.parent.mkdir(parents=True, exist_ok=True)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen(4)

    def leave() -> None:
        for _ in range(2):  # Remote's probe, then the request's connection
            conn, _ = server.accept()
            if reset:
                conn.recv(1)  # the request arrives and lies (mostly) unread
                conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            conn.close()

    thread = threading.Thread(target=leave)
    thread.start()
    remote = Remote(settings)
    try:
        with pytest.raises(NoOwner):
            remote.stats()
    finally:
        remote.close()
        thread.join(10)
        server.close()


_OPEN_CATALOG = """
import sys, time
from pathlib import Path
from repokb.errors import StoreError
from repokb.stores.catalog import Catalog
start = float(sys.argv[2])
failed = 0
for n in range(int(sys.argv[3])):
    time.sleep(max(0.0, start + n * 0.04 - time.time()))  # all six open catalog n together
    try:
        Catalog(Path(sys.argv[1]) / f"c{n}" / "catalog.sqlite3").close()
    except StoreError as exc:
        failed += 1
        print(exc, file=sys.stderr)
print(failed)
"""


def test_commands_that_start_at_once_on_a_new_home_all_open_its_catalog(tmp_path):
    """Regression (CI, test above: `verify` exited with "Cannot open the catalog ...: database
    is locked"): switching a new catalog to WAL needs the file to itself, and SQLite refuses at
    once instead of waiting. Six processes open each of 80 fresh catalogs at one instant."""
    import subprocess
    import time

    start = time.time() + 3  # every process is up and waiting before the first open
    procs = [subprocess.Popen([sys.executable, "-c", _OPEN_CATALOG, str(tmp_path), str(start),
                               "80"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(6)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [int(out) for out, _ in outs] == [0] * 6, [err for _, err in outs if err]
