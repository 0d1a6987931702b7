"""What every operation stands on (operations/__init__.py draws them all): one workspace and one
write lock. `in_use` keeps the workspace open under an operation that touches the store or a
model, and counts as use (`idle_for`: what a holder's idle compaction waits for) unless it is a
poll (`polled`: stats, freshness, the dashboard's every 5 s); `writing` takes the lock (a remote
caller waits at most `write_wait_seconds`; `writers_waiting` meanwhile); `stats` says what the
knowledge base holds, and `_require_project` refuses a project nothing is known of
(errors.unknown_project, a 404 on every surface)."""

from __future__ import annotations

import functools
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from repokb.embedders import Embedder
from repokb.errors import BusyError, require_project
from repokb.operations.guards import LOCAL, Access
from repokb.operations.jobs import Job, Jobs
from repokb.operations.scope import project_meant
from repokb.operations.why import project_names
from repokb.workspace import Workspace

if TYPE_CHECKING:  # a search never indexes: the pipeline is imported by a run (indexing.py)
    from repokb.pipeline import Indexer

P = ParamSpec("P")
R = TypeVar("R")
Ops = TypeVar("Ops", bound="OperationsBase")


def in_use(method: Callable[Concatenate[Ops, P], R]) -> Callable[Concatenate[Ops, P], R]:
    """An operation that touches the store or a model: the workspace is not closed under it
    (a request still running on a server thread when its owner shuts down); the store is in
    use until it ends (`idle_for`)."""

    def running(self: Ops, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with self.ws.in_use(), self._using():
            return method(self, *args, **kwargs)

    functools.update_wrapper(running, method)
    return running


def polled(method: Callable[Concatenate[Ops, P], R]) -> Callable[Concatenate[Ops, P], R]:
    """`in_use`, for a poll (the dashboard's stats every 5 s): it does not keep the store from
    being idle."""

    def running(self: Ops, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with self.ws.in_use():
            return method(self, *args, **kwargs)

    functools.update_wrapper(running, method)
    return running


class OperationsBase:
    def __init__(self, workspace: Workspace, index_worker: bool = False) -> None:
        """`index_worker`: index runs (jobs, and `repokb index` sent to this owner) run in a
        worker process (operations/worker.py), not on this process's threads: what `repokb
        serve` does, so that its searches keep the interpreter."""
        self.ws = workspace
        self.settings = workspace.settings
        self._index_worker = index_worker
        self._write = threading.Lock()
        self._counts = threading.Lock()  # guards the two counts below
        self._active = 0  # operations in use now (not polls)
        self._waiting = 0  # writers waiting for the write lock or holding it
        self._used = time.monotonic()  # when the last one ended
        self._idle_stop: threading.Event | None = None  # the idle compaction's (writes.py)
        self.jobs = Jobs(self._run_job, self.settings.job_lease_seconds)
        self._job_indexer: Indexer | None = None
        self._job_model: Embedder | None = None

    def warm(self) -> None:
        """Open everything a server needs before serving, so no two requests race to open it."""
        _ = self.ws.catalog, self.ws.store, self.ws.embedder, self.ws.indexer, self.ws.searcher
        self.ws.store.load()  # the shard too (it loads on first use): not in the first search
        if self.settings.dense_copy:
            self.ws.store.prepare_searches()

    def close(self) -> None:
        """Stop the jobs and the idle compaction (the workspace is its opener's to close)."""
        if self._idle_stop is not None:
            self._idle_stop.set()  # a compaction under way stops at its next page
        self.jobs.shutdown()
        if self._job_model is not None:  # a remote embedder: its HTTP connections
            self._job_model.close()
            self._job_model = self._job_indexer = None

    @property
    def write_lock(self) -> threading.Lock:
        return self._write

    @contextmanager
    def writing(self, access: Access = LOCAL) -> Iterator[None]:
        """Hold the write lock. A trusted caller (the CLI) waits for it; a remote one is
        answered BusyError after `write_wait_seconds`."""
        wait = -1 if access.trusted else self.settings.write_wait_seconds
        with self._writer():
            if not self._write.acquire(timeout=wait):
                raise BusyError("Another write (an upload, a flush or an index job) is still "
                                "running.", "Retry in a moment; GET /knowledge/jobs shows index "
                                "jobs.")
            try:
                yield
            finally:
                self._write.release()

    @contextmanager
    def _writer(self) -> Iterator[None]:
        """A writer waits for the write lock, or holds it (`writers_waiting`)."""
        with self._counts:
            self._waiting += 1
        try:
            yield
        finally:
            with self._counts:
                self._waiting -= 1

    @contextmanager
    def _using(self) -> Iterator[None]:
        with self._counts:
            self._active += 1
        try:
            yield
        finally:
            with self._counts:
                self._active -= 1
                self._used = time.monotonic()

    def writers_waiting(self) -> bool:
        """Whether a writer waits for the write lock (or holds it): an idle compaction
        gives way to it."""
        return self._waiting > 0

    def idle_for(self) -> float:
        """Seconds since the last operation that was not a poll ended (0 while one runs)."""
        with self._counts:
            return 0.0 if self._active else time.monotonic() - self._used

    def _run_job(self, job: Job, progress: Callable[[str, int, int], None]) -> dict[str, Any]:
        raise NotImplementedError  # an index job's run: operations/indexing.py

    def _project(self, name: str) -> str:
        """The project `name` means (scope.py: `Cobra`, `cobra/`, a folder of the project),
        else `name`."""
        catalog = self.ws.catalog
        names = catalog.project_names()  # (kept until the catalog changes)
        if name in names:  # as typed: a scoped search reads no project roots
            return name
        return project_meant(name, names, catalog.projects())

    @polled
    def stats(self, project: str | None = None) -> dict[str, Any]:
        """What the knowledge base (or one project of it) holds. A project nothing is known
        of is a NotFoundError naming the known ones (as for flush), not a page of zeros."""
        project = project if project is None else self._project(project)
        catalog, store = self.ws.catalog, self.ws.store
        by_status = catalog.breakdown("status", project)
        # every project known, with its files (0: only folders left out are recorded, as for
        # an upload of `node_modules/` alone or the dashboard's left-out list)
        by_project = catalog.breakdown("project", project)
        by_project.update({name: 0 for name in catalog.project_names()
                           if project in (None, name) and name not in by_project})
        # ... and how many of them are indexed (what `by_status` says of them all): every
        # surface shows both under one wording (models.files_phrase)
        indexed = catalog.breakdown("project", project, status="indexed")
        lexical = store.lexical_only(project)
        found = {
            "points": store.count(project),
            # chunks without a dense vector: waiting for the dense pass, or never (by reason)
            "dense_pending": lexical.get("pending", 0),
            "lexical_only": lexical,
            "files": sum(by_status.values()),
            "by_status": by_status,
            "by_project": by_project,
            "indexed_by_project": {name: indexed.get(name, 0) for name in by_project},
            "by_kind": catalog.breakdown("kind", project),
            "by_language": catalog.breakdown("language", project),
            "by_role": catalog.breakdown("role", project),
            "by_policy": catalog.breakdown("policy", project),
            "points_by_project": store.facet("project", project),
            "last_run": catalog.last_run(project),
            # removed text still on disk since then (seconds since the epoch), or None
            "compaction_due_since": store.compaction_due_since(),
        }
        if project is not None and project not in project_names(found):
            self._require_project(project)  # names the known ones
        return found

    def _require_project(self, project: str | None) -> None:
        """errors.unknown_project for a project nothing is known of (None passes)."""
        if project is not None:
            require_project(project, project_names(self.stats()))

    def activity(self) -> dict[str, Any]:
        """Is a write (an index run, an upload, a flush) in progress in this process? And how
        many dense vectors its searches scan in memory (stores/dense_scan.py; None: no copy)."""
        return {"writing": self._write.locked(), "pid": os.getpid(),
                "dense_copy": store.dense_copy() if (store := self.ws.opened_store()) else None}

