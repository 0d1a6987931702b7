"""Background index jobs: one worker thread, so jobs run one after another, with progress.

A job is cancelled (by its caller, or all of them at shutdown) through its progress callback,
at the next file or page of vectors; the pipeline is built so that a run stopped at any point
converges on the next run. The same job asked for again while it waits its turn is the one
already queued, not a second run.
"""

from __future__ import annotations

import copy
import logging
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from repokb.errors import RepokbError

if TYPE_CHECKING:
    from repokb.pipeline import Progress

_KEEP = 100  # finished jobs remembered
log = logging.getLogger("repokb.jobs")


class JobCancelled(Exception):
    pass


def stoppable(progress: Progress | None, stopped: Callable[[], bool]) -> Progress:
    """`progress`, raising JobCancelled once `stopped()` is true: a run asks it at every file
    and between pages of vectors, so it ends there (what it wrote stays)."""
    def told(path: str, done: int, total: int) -> None:
        if stopped():
            raise JobCancelled
        if progress is not None:
            progress(path, done, total)

    return told


@dataclass
class Job:
    path: str
    project: str
    flush: bool = False
    id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    status: str = "queued"
    done: int = 0
    total: int = 0
    current: str = ""
    summary: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    created_at: float = field(default_factory=time.time)
    started_at: float | None = None
    finished_at: float | None = None
    # submitted by a remote caller: the allowed roots are checked again when it runs
    guarded: bool = field(default=False, repr=False)
    # set when its caller cancels it: the run stops at its next file or page of vectors
    stop: threading.Event = field(default_factory=threading.Event, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        return copy.deepcopy({k: v for k, v in self.__dict__.items()
                              if k not in ("guarded", "stop")})


Runner = Callable[[Job, Callable[[str, int, int], None]], dict[str, Any]]


class Jobs:
    def __init__(self, runner: Runner) -> None:
        self._runner = runner
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._cancel = threading.Event()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="repokb-index")

    def submit(self, path: str, project: str, flush: bool = False,
               guarded: bool = False) -> Job:
        with self._lock:
            for queued in self._jobs.values():  # pressed twice: the run already waiting
                if queued.status == "queued" and (
                        queued.path, queued.project, queued.flush, queued.guarded) == (
                        path, project, flush, guarded):
                    return queued
            job = Job(path=path, project=project, flush=flush, guarded=guarded)
            self._jobs[job.id] = job
            finished = [j for j in self._jobs.values() if j.finished_at]
            for old in sorted(finished, key=lambda j: j.created_at)[:-_KEEP]:
                del self._jobs[old.id]
        self._pool.submit(self._run, job)
        return job

    def get(self, job_id: str) -> Job | None:
        return self._jobs.get(job_id)

    def all(self) -> list[Job]:
        return sorted(self._jobs.values(), key=lambda j: -j.created_at)

    def cancel(self, job_id: str) -> Job | None:
        """Cancel a job: a queued one at once, a running one at its next file or page of
        vectors (its status says "running" until then). A finished job stays as it ended.
        None: no such job."""
        with self._lock:
            job = self._jobs.get(job_id)
            if job is None:
                return None
            job.stop.set()
            if job.status == "queued":
                job.status, job.finished_at = "cancelled", time.time()
        return job

    def _run(self, job: Job) -> None:
        with self._lock:
            if self._cancel.is_set() or job.stop.is_set():
                if job.status == "queued":
                    job.status, job.finished_at = "cancelled", time.time()
                return
            job.status, job.started_at = "running", time.time()

        def record(path: str, done: int, total: int) -> None:
            job.current, job.done, job.total = path, done, total

        progress = stoppable(record, lambda: self._cancel.is_set() or job.stop.is_set())
        try:
            job.summary = self._runner(job, progress)
            job.status = "done"
        except JobCancelled:
            job.status = "cancelled"
        except RepokbError as exc:
            log.warning("job %s failed: %s: %s %s", job.id, type(exc).__name__, exc.message,
                        exc.log_detail)
            job.status, job.error = "failed", {"message": exc.message, "hint": exc.hint}
        except Exception:  # the job fails; the server goes on
            log.exception("job %s failed unexpectedly", job.id)
            job.status, job.error = "failed", {
                "message": "The job failed unexpectedly.",
                "hint": f"The server log has the details under job {job.id}."}
        finally:
            job.finished_at = time.time()

    def shutdown(self) -> None:
        """Cancel the running job at its next file, drop queued ones; usable again after."""
        self._cancel.set()
        self._pool.shutdown(wait=True, cancel_futures=True)
        for job in self._jobs.values():
            if job.status == "queued":
                job.status, job.finished_at = "cancelled", time.time()
        self._cancel = threading.Event()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="repokb-index")
