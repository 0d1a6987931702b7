"""`repokb mcp` (stdio): the store held on lease, or the operations of the process that owns it.

The embedded store may be owned by another repokb process (`serve`, `watch`, an `index` run,
another agent's `repokb mcp`). Each operation follows the CLI's dispatch (`surfaces/cli.py`
`_dispatch`): ask the owner over its socket (`Remote`); with no owner, take the store here
(retrying while a short command holds it) and answer in-process. Having taken it, this process
serves the others over the owner socket too (`OwnerSocket`, as `serve` does), and lets the store
go after `mcp_idle_seconds` without calls, so a `repokb serve` started later can take it.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from repokb.embedders import Embedder
from repokb.embedders.base import LexicalEncoder
from repokb.errors import RepokbError, StoreBusyError
from repokb.operations import Job, Operations
from repokb.operations.jobs import Jobs
from repokb.roots import ProjectRoot
from repokb.settings import Settings
from repokb.surfaces.mcp.backend import ACTIVE, Backend, T
from repokb.surfaces.owner import NoOwner, OwnerSocket, Remote
from repokb.workspace import Workspace

log = logging.getLogger("repokb.mcp")


class StdioBackend(Backend):
    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self._owner: OwnerSocket | None = None
        self._lock = threading.RLock()  # guards the lease (the store held here, or not)
        self._in_flight = 0
        self._last_used = time.monotonic()
        self._models: tuple[Embedder | None, LexicalEncoder | None] = (None, None)
        self._jobs = Jobs(self._run_index)  # our own queue of index runs (here or the owner's)
        self._stop = threading.Event()
        self._watcher: threading.Thread | None = None

    # -- the lease: own the store, or forward to its owner ----------------------------------
    def _call(self, local: Callable[[Operations], T], remote: Callable[[Any], T]) -> T:
        deadline = time.monotonic() + self.settings.write_wait_seconds
        while True:
            with self._held() as ops:
                if ops is not None:
                    return local(ops)
            try:
                return self._remote(remote)
            except NoOwner:
                pass
            try:
                self._acquire()
            except StoreBusyError:  # a short command holds it for a moment
                if time.monotonic() >= deadline:
                    raise
                time.sleep(0.2)

    def _remote(self, fn: Callable[[Remote], T]) -> T:
        remote = Remote(self.settings)  # NoOwner when no process owns the store
        try:
            return fn(remote)
        finally:
            remote.close()

    def _read(self, fn: Callable[[Operations], T]) -> T:
        """Any process may read the catalog (SQLite): no owner needed, no store opened."""
        with Workspace(self.settings) as ws:
            return fn(Operations(ws))

    @contextmanager
    def _held(self) -> Iterator[Operations | None]:
        """The operations while this process holds the store (counted as in use), else None."""
        with self._lock:
            ops = self._ops
            if ops is not None:
                self._in_flight += 1
        try:
            yield ops
        finally:
            if ops is not None:
                with self._lock:
                    self._in_flight -= 1
                    self._last_used = time.monotonic()

    def _acquire(self) -> None:
        from repokb.surfaces.server.app import create_app

        with self._lock:
            if self._ops is not None:
                return
            ws = Workspace(self.settings)
            embedder, lexical = self._models
            if embedder is not None:  # the model outlives a lease: loaded once per process
                ws.__dict__["embedder"] = embedder
            if lexical is not None:
                ws.__dict__["lexical"] = lexical
            try:
                ws.store  # noqa: B018  (takes the shard's lock, or raises StoreBusyError)
            except BaseException:
                ws.close()
                raise
            ops = Operations(ws)
            app = create_app(ops)
            held = self._held

            async def counted(scope: Any, receive: Any, send: Any) -> None:
                with held():  # other processes' requests keep the lease too
                    await app(scope, receive, send)

            self._owner = OwnerSocket(ops, counted).__enter__()
            ops.compact_when_idle()  # (before mcp_idle_seconds lets the store go, by default)
            self._ops = ops
            self._last_used = time.monotonic()
            log.info("holding the store at %s", self.settings.store_path)

    def release_if_idle(self) -> bool:
        """Let the store go when nothing used it for mcp_idle_seconds (never with --watch,
        during a call, or while an index run is queued or running)."""
        with self._lock:
            ops = self._ops
            if (ops is None or self._watcher is not None or self._in_flight
                    or time.monotonic() - self._last_used < self.settings.mcp_idle_seconds
                    or any(j.status in ACTIVE for j in self.jobs())
                    or any(j.status in ACTIVE for j in ops.jobs.all())  # runs others sent here
                    or not ops.write_lock.acquire(blocking=False)):
                return False
            try:
                self._close_lease(ops)
            finally:
                ops.write_lock.release()
            log.info("idle: let the store go")
            return True

    def _close_lease(self, ops: Operations) -> None:
        if self._owner is not None:
            self._owner.__exit__(None, None, None)
            self._owner = None
        ops.close()
        self._models = (ops.ws.__dict__.get("embedder"), ops.ws.__dict__.get("lexical"))
        ops.ws.close()
        self._ops = None

    # -- operations that differ from the server's -------------------------------------------
    def _queue(self) -> Jobs:
        return self._jobs

    def _submit(self, path: str, project: str, named: bool) -> tuple[Job, str]:
        return self._jobs.submit(path, project, named=named)

    def activity(self) -> dict[str, Any]:
        jobs = [j.to_json() for j in self.jobs() if j.status in ACTIVE]
        with self._lock:
            ops = self._ops
        if ops is not None:
            return {"store_owner": "this process", "writing": ops.activity()["writing"],
                    "index_jobs": jobs}
        try:
            answer = self._remote(lambda r: r.activity())
        except NoOwner:
            return {"store_owner": None, "writing": False, "index_jobs": jobs}
        except RepokbError:  # an owner that does not know the question
            return {"store_owner": "another process", "writing": None, "index_jobs": jobs}
        return {"store_owner": f"another repokb process (pid {answer['pid']})",
                "writing": bool(answer["writing"]), "index_jobs": jobs}

    def _run_index(self, job: Job, progress: Callable[[str, int, int], None]) -> dict[str, Any]:
        """An index job: run here when this process holds the store (the server's job runner:
        niced, under the write lock), else as a job of the owning process, followed from here.
        Either way its progress shows in this job, and cancelling this job stops the run."""
        return self._call(lambda ops: ops._run_job(job, progress),
                          lambda r: r.run_job(job.path, job.project if job.named else None,
                                              job.flush, progress))

    # -- lifetime ---------------------------------------------------------------------------
    def start(self, watch: list[ProjectRoot] | None = None) -> None:
        """The idle reaper; with `watch`, hold the store and keep those roots indexed."""
        if watch:
            self._acquire_for_watch(watch)
        threading.Thread(target=self._reap, daemon=True, name="repokb-mcp-idle").start()

    def warm(self) -> None:
        """Take the store if no process owns it and load the model, before the first question
        (with an owner elsewhere there is nothing to load here)."""
        try:
            self._remote(lambda r: None)
            return
        except NoOwner:
            pass
        try:
            self._acquire()
            with self._held() as ops:
                if ops is not None:
                    ops.ws.searcher  # noqa: B018  (loads the model)
        except RepokbError as exc:
            log.warning("warm-up: %s", exc.message)

    def _acquire_for_watch(self, roots: list[ProjectRoot]) -> None:
        from repokb.surfaces.watch import watch_and_index

        try:
            self._acquire()
        except StoreBusyError as exc:
            log.warning("--watch ignored: %s %s", exc.message, exc.hint)
            return
        ops = self._ops
        assert ops is not None
        try:  # placed as `repokb watch` places them (a folder of an indexed project is it)
            roots = ops.roots([str(r.root) for r in roots])
        except RepokbError as exc:
            log.warning("--watch ignored: %s %s", exc.message, exc.hint_on("cli"))
            return

        def report(summary: dict[str, Any]) -> None:
            log.info("watch: indexed %s", {k: v for k, v in summary.items()
                                           if v and not isinstance(v, dict)})

        def run() -> None:
            try:
                watch_and_index(ops, roots, report, stop=self._stop)
            except Exception:  # the watcher stops; the server goes on answering
                log.exception("watch failed")

        self._watcher = threading.Thread(target=run, daemon=True, name="repokb-mcp-watch")
        self._watcher.start()

    def _reap(self) -> None:
        while not self._stop.wait(min(5.0, max(0.5, self.settings.mcp_idle_seconds / 4))):
            try:
                self.release_if_idle()
            except Exception:
                log.exception("releasing the store failed")

    def close(self) -> None:
        self._stop.set()
        self._jobs.shutdown()
        if self._watcher is not None:
            self._watcher.join(timeout=30)
        with self._lock:
            if self._ops is not None:
                self._close_lease(self._ops)
