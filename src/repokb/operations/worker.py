"""Index runs in a worker process: what `repokb serve` does with an index job.

A run's own Python (walking, classifying, chunking, BM25, the catalog, the model's hand-offs)
used to run on a thread of the serving process, and every search waited behind it for the
interpreter lock at each of its many hand-overs: 8 agents searching 4 times a second saw a p99
of ~80 ms during a job on a small index, ~37 ms with none (bench/RESULTS.md, session 6). Here
the run happens in a child process at low priority, with its own model and its own connection
to the catalog (SQLite: safe across processes). Only the store stays with its owner (one process
may open a shard): the child's store calls come back over a socket pair (stores/relay.py), and
the owner runs them on its store, whose writes already wait for searches in flight.

    owner (the caller's thread)              worker (python -c _MAIN FD)
    run_in_worker ── ("run", request) ──►    nice; Workspace(settings, store=RelayStore)
      answer_calls  ◄── ("call", store...) ─ ws.indexer.run(roots, ...)
                    ◄── ("call", progress) ─   (answered False: the job is cancelled)
      result        ◄── ("done", result) ──  | ("failed", error) | ("cancelled",) | ("crashed")

The worker lives for one run, so its memory (the model, the buffers) is the system's again when
the run ends. If it dies, the run fails with a clear error and what it stored stays consistent:
the catalog is committed after the store, exactly as when a `repokb index` is killed.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any

from repokb.errors import RepokbError
from repokb.operations.jobs import JobCancelled
from repokb.roots import ProjectRoot
from repokb.settings import Settings
from repokb.stores.base import Store
from repokb.stores.relay import RelayStore, answer_calls, call, error_of, store_methods

if TYPE_CHECKING:
    from repokb.pipeline import EmbedProgress, Progress

# How much nicer than the server the worker runs (Linux): the lowest priority, so the searches
# take the cores first and the run gets every cycle they leave (an index in another process
# beside a serve under 8 clients at 4/s: p99 44 ms at nice 10, 38 ms at SCHED_IDLE, 36 ms with
# no index at all; SCHED_IDLE would starve the run on a machine busy with anything else).
NICENESS = 19


# the child's program: not `-m` (this module is imported by its package first), and without the
# current directory on sys.path (a folder named `repokb` there must not stand in for repokb)
_MAIN = ("import sys; del sys.path[0]; from repokb.operations.worker import main; "
         "sys.exit(main(int(sys.argv[1])))")


class WorkerCrashed(RuntimeError):
    """The worker failed with an unexpected exception (its traceback is the message)."""


def run_in_worker(settings: Settings, store: Store, roots: list[ProjectRoot], *,
                  flush: bool = False, keep_files: bool = True,
                  progress: Progress | None = None,
                  embed_progress: EmbedProgress | None = None) -> dict[str, Any]:
    """One incremental run of `roots` in a new worker process, writing to `store` (the
    caller's, opened here): the run's per-file records and its summary. Blocks until the run
    ends; the caller holds the write lock. A cancelled job (its `progress` raising
    JobCancelled) stops the worker at its next file, or at once while it embeds."""
    ours, theirs = socket.socketpair()
    with theirs:
        worker = subprocess.Popen([sys.executable, "-c", _MAIN, str(theirs.fileno())],
                                  pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL)
    conn = Connection(ours.detach())
    targets: dict[str, dict[str, Callable[..., Any]]] = {"store": store_methods(store)}
    told = _Told(progress) if progress is not None else None
    if told is not None:
        targets["progress"] = {"report": told.report}
    if embed_progress is not None:
        targets["embed_progress"] = {"report": embed_progress}
    try:
        conn.send(("run", settings, roots, flush, keep_files, store.shared,
                   progress is not None, embed_progress is not None))
        # a job cancelled while the worker embeds (no file to stop at for minutes) stops now:
        # the worker is between two store calls, so nothing is half-written
        end = answer_calls(conn, targets, told.still_wanted if told is not None else None)
        if end is None:
            worker.kill()
            end = ("cancelled",)
    except (EOFError, OSError):
        end = ("died",)
    except BaseException:  # the owner is going away (an interrupt): so does the worker
        worker.kill()
        raise
    finally:
        conn.close()
        code = _wait(worker)
    if end[0] == "done":
        result: dict[str, Any] = end[1]
        return result
    if end[0] == "cancelled":
        raise JobCancelled
    if end[0] == "failed":
        error = error_of(end[1])
        error.log_detail = end[2]
        raise error
    if end[0] == "crashed":
        raise WorkerCrashed(f"The index worker failed:\n{end[1]}")
    raise RepokbError(
        f"The index worker process ended (exit code {code}) before its run did.",
        hint="What it stored is kept and consistent: index the folder again to finish. The "
        "server's log may say why (e.g. out of memory).")


def _wait(worker: subprocess.Popen[bytes]) -> int | None:
    try:
        return worker.wait(timeout=30)
    except subprocess.TimeoutExpired:  # it finished its run but hangs on exit
        worker.kill()
        return worker.wait()


class _Told:
    """The owner's side of a job's progress: what the worker reported last, and whether the
    job still wants the run (its `progress` raises JobCancelled once cancelled)."""

    def __init__(self, progress: Progress) -> None:
        self._progress = progress
        self._last: tuple[str, int, int] = ("", 0, 0)

    def report(self, path: str, done: int, total: int) -> bool:
        """A progress call from the worker: False tells it to stop."""
        self._last = (path, done, total)
        return self.still_wanted()

    def still_wanted(self) -> bool:
        try:
            self._progress(*self._last)
        except JobCancelled:
            return False
        return True


# -- the worker's side ---------------------------------------------------------------------
def main(fd: int) -> int:
    """Run the one index run the owner sends over `fd`, then exit."""
    from repokb.workspace import Workspace

    with contextlib.suppress(AttributeError, OSError):  # not Linux: normal priority
        os.nice(NICENESS)
    conn = Connection(fd)
    try:
        (_, settings, roots, flush, keep_files, shared, tells_progress,
         tells_embedding) = conn.recv()
    except (EOFError, OSError):
        return 1
    progress = embed_progress = None
    if tells_progress:
        def progress(path: str, done: int, total: int) -> None:
            if not call(conn, "progress", "report", path, done, total):
                raise JobCancelled
    if tells_embedding:
        def embed_progress(embedded: int, to_embed: int, files: int, total: int) -> None:
            call(conn, "embed_progress", "report", embedded, to_embed, files, total)
    try:
        with Workspace(settings, store=RelayStore(conn, shared)) as ws:
            report = ws.indexer.run(roots, flush=flush, progress=progress,
                                    keep_files=keep_files, embed_progress=embed_progress)
            end: tuple[Any, ...] = ("done", {"files": report.files,
                                             "summary": report.summary()})
    except JobCancelled:
        end = ("cancelled",)
    except RepokbError as exc:
        end = ("failed", exc.to_json(), exc.log_detail)
    except Exception:  # noqa: BLE001  (the owner logs it and fails the run)
        end = ("crashed", traceback.format_exc())
    with contextlib.suppress(OSError):
        conn.send(end)
    conn.close()
    return 0
