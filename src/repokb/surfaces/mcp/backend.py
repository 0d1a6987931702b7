"""Where the MCP tools' operations are carried out: the ONE module of the MCP server that calls
repokb's operations (`repokb.service`, the server's `Service` with its index jobs and checks,
and the owner socket).

Under `repokb serve` the backend is the server's own Service: the server owns the store.

Under `repokb mcp` (stdio) the embedded store may be owned by another repokb process (`serve`,
`watch`, an `index` run, another agent's `repokb mcp`). Each operation follows the CLI's
dispatch (`surfaces/cli.py` `_dispatch`): ask the owner over its socket; with no owner, take the
store here (retrying while a short command holds it) and answer in-process. Having taken it,
this process serves the others over the owner socket too (as `serve` does), and lets the store
go after `mcp_idle_seconds` without calls, so a `repokb serve` started later can take it.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from repokb import service as operations
from repokb.embedders import Embedder
from repokb.embedders.base import LexicalEncoder
from repokb.errors import RepokbError, StoreBusyError
from repokb.pipeline.discover import ProjectRoot, resolve_roots
from repokb.search import Query
from repokb.settings import Settings
from repokb.surfaces import owner
from repokb.surfaces.server.jobs import Job, Jobs
from repokb.surfaces.server.service import Service
from repokb.workspace import Workspace

log = logging.getLogger("repokb.mcp")
T = TypeVar("T")
ACTIVE = ("queued", "running")


class Backend:
    def __init__(self, settings: Settings, service: Service | None = None) -> None:
        self.settings = settings
        self.pinned = service is not None  # under serve: the server's Service, for good
        self._service = service
        self._owner: owner.OwnerServer | None = None
        self._lock = threading.RLock()  # guards the lease (the store held here, or not)
        self._in_flight = 0
        self._last_used = time.monotonic()
        self._models: tuple[Embedder | None, LexicalEncoder | None] = (None, None)
        # stdio: our own queue of index runs (run here or in the owning process)
        self._jobs = Jobs(self._run_index) if service is None else None
        # the server's checks (allowed roots) without opening anything
        self._checks = service or Service(Workspace(settings))
        self._stop = threading.Event()
        self._watcher: threading.Thread | None = None

    # -- operations -------------------------------------------------------------------------
    def search(self, query: Query) -> list[dict[str, Any]]:
        args = {"text": query.text, "limit": query.limit, "projects": list(query.projects),
                "kinds": list(query.kinds), "languages": list(query.languages),
                "path_glob": query.path_glob, "explain": query.explain}
        return self._call("search", args, lambda svc: svc.search(query))

    def stats(self, project: str | None) -> dict[str, Any]:
        return self._call("stats", {"project": project},
                          lambda svc: operations.stats(svc.ws, project))

    def explain(self, path: str, project: str | None, disk: bool) -> dict[str, Any]:
        return self._call("explain", {"path": path, "project": project, "disk": disk},
                          lambda svc: operations.explain(svc.ws, path, project, disk))

    def context(self, **args: Any) -> dict[str, Any]:
        return self._call("context", args, lambda svc: operations.context(svc.ws, **args))

    def freshness(self, projects: list[str] | None = None) -> list[dict[str, Any]]:
        """Any process may answer it: it reads only the catalog (SQLite) and the disk."""
        with Workspace(self.settings) as ws:
            return operations.freshness(ws, projects)

    def projects(self) -> dict[str, Path]:
        """Indexed project names and their roots."""
        with Workspace(self.settings) as ws:
            return dict(sorted(ws.catalog.projects().items()))

    def allowed_folder(self, raw: str) -> Path:
        """The folder if it lies under an allowed root (the REST API's check); APIError else."""
        return self._checks.allowed_folder(raw)

    def index(self, folder: Path, project: str | None) -> Job:
        """Start (or join) an index run of a folder already checked by allowed_folder."""
        (root,) = resolve_roots([folder], project)
        for job in self.jobs():
            if job.status in ACTIVE and job.path == str(root.root) and job.project == root.name:
                return job  # the same run asked for again: report on it
        if self._jobs is None:
            assert self._service is not None
            return self._service.index(str(root.root), root.name, flush=False)
        return self._jobs.submit(str(root.root), root.name)

    def jobs(self) -> list[Job]:
        if self._jobs is not None:
            return self._jobs.all()
        assert self._service is not None
        return self._service.jobs.all()

    def activity(self) -> dict[str, Any]:
        """Index runs this server started, and whether the store's owner is writing now."""
        jobs = [j.to_json() for j in self.jobs() if j.status in ACTIVE]
        with self._lock:
            svc = self._service
        if svc is not None:
            return {"store_owner": "this process", "writing": svc.write_lock.locked(),
                    "index_jobs": jobs}
        try:
            answer = owner.call(self.settings, "activity", {})
        except ConnectionError:
            return {"store_owner": None, "writing": False, "index_jobs": jobs}
        except RepokbError:  # an owner that does not know the question
            return {"store_owner": "another process", "writing": None, "index_jobs": jobs}
        return {"store_owner": f"another repokb process (pid {answer['pid']})",
                "writing": bool(answer["writing"]), "index_jobs": jobs}

    # -- the lease: own the store, or forward to its owner ----------------------------------
    def _call(self, op: str, args: dict[str, Any], local: Callable[[Service], T]) -> T:
        deadline = time.monotonic() + self.settings.write_wait_seconds
        while True:
            with self._held() as svc:
                if svc is not None:
                    return local(svc)
            try:
                return owner.call(self.settings, op, args)  # type: ignore[no-any-return]
            except ConnectionError:
                pass
            try:
                self._acquire()
            except StoreBusyError:  # a short command holds it for a moment
                if time.monotonic() >= deadline:
                    raise
                time.sleep(0.2)

    @contextmanager
    def _held(self) -> Iterator[Service | None]:
        """The Service while this process holds the store (counted as in use), else None."""
        with self._lock:
            svc = self._service
            if svc is not None:
                self._in_flight += 1
        try:
            yield svc
        finally:
            if svc is not None:
                with self._lock:
                    self._in_flight -= 1
                    self._last_used = time.monotonic()

    def _acquire(self) -> None:
        with self._lock:
            if self._service is not None:
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
            svc = Service(ws)
            backend = self

            class Owner(owner.OwnerServer):
                def answer(self, line: bytes) -> dict[str, Any]:
                    with backend._held():  # other processes' calls keep the lease too
                        return super().answer(line)

            self._owner = Owner(ws, svc.write_lock).__enter__()
            self._service = svc
            self._last_used = time.monotonic()
            log.info("holding the store at %s", self.settings.store_path)

    def release_if_idle(self) -> bool:
        """Let the store go when nothing used it for mcp_idle_seconds (never under serve or
        --watch, during a call, or while an index run is queued or running)."""
        with self._lock:
            svc = self._service
            if (svc is None or self.pinned or self._watcher is not None or self._in_flight
                    or time.monotonic() - self._last_used < self.settings.mcp_idle_seconds
                    or any(j.status in ACTIVE for j in self.jobs())
                    or not svc.write_lock.acquire(blocking=False)):
                return False
            try:
                self._close_lease(svc)
            finally:
                svc.write_lock.release()
            log.info("idle: let the store go")
            return True

    def _close_lease(self, svc: Service) -> None:
        if self._owner is not None:
            self._owner.__exit__(None, None, None)
            self._owner = None
        svc.close()
        self._models = (svc.ws.__dict__.get("embedder"), svc.ws.__dict__.get("lexical"))
        svc.ws.close()
        self._service = None

    def _run_index(self, job: Job, progress: Callable[[str, int, int], None]) -> dict[str, Any]:
        """A stdio index job: run here with progress when this process holds the store, else in
        the owning process (which reports no progress until it ends)."""
        args = {"paths": [job.path], "project": job.project, "flush": False}

        def local(svc: Service) -> dict[str, Any]:
            return svc._run_job(job, progress)  # the server's job runner: niced, write lock

        result = self._call("index", args, local)
        return result["summary"] if "summary" in result and "files" in result else result

    # -- lifetime ---------------------------------------------------------------------------
    def start(self, watch: list[ProjectRoot] | None = None) -> None:
        """stdio: the idle reaper; with `watch`, hold the store and keep those roots indexed."""
        if self.pinned:
            return
        if watch:
            self._acquire_for_watch(watch)
        threading.Thread(target=self._reap, daemon=True, name="repokb-mcp-idle").start()

    def warm(self) -> None:
        """Take the store if no process owns it and load the model, before the first question
        (with an owner elsewhere there is nothing to load here)."""
        try:
            owner.call(self.settings, "activity", {})
            return
        except ConnectionError:
            pass
        except RepokbError:
            return
        try:
            self._acquire()
            with self._held() as svc:
                if svc is not None:
                    svc.ws.searcher  # noqa: B018  (loads the model)
        except RepokbError as exc:
            log.warning("warm-up: %s", exc.message)

    def _acquire_for_watch(self, roots: list[ProjectRoot]) -> None:
        from repokb.surfaces.watch import watch_and_index

        try:
            self._acquire()
        except StoreBusyError as exc:
            log.warning("--watch ignored: %s %s", exc.message, exc.hint)
            return
        svc = self._service
        assert svc is not None

        def report(summary: dict[str, Any]) -> None:
            log.info("watch: indexed %s", {k: v for k, v in summary.items()
                                           if v and not isinstance(v, dict)})

        def run() -> None:
            try:
                watch_and_index(svc.ws, roots, svc.write_lock, report, stop=self._stop)
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
        if self.pinned:
            return
        self._stop.set()
        if self._jobs is not None:
            self._jobs.shutdown()
        if self._watcher is not None:
            self._watcher.join(timeout=30)
        with self._lock:
            if self._service is not None:
                self._close_lease(self._service)
