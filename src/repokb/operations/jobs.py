"""Background index jobs: one worker thread, so jobs run one after another, with progress.

A job is cancelled (at shutdown) through its progress callback; the pipeline is built so that a
run stopped at any point converges on the next run.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from repokb.errors import RepokbError

_KEEP = 100  # finished jobs remembered


class JobCancelled(Exception):
    pass


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

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


Runner = Callable[[Job, Callable[[str, int, int], None]], dict[str, Any]]


class Jobs:
    def __init__(self, runner: Runner) -> None:
        self._runner = runner
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._cancel = threading.Event()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="repokb-index")

    def submit(self, path: str, project: str, flush: bool = False) -> Job:
        job = Job(path=path, project=project, flush=flush)
        with self._lock:
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

    def _run(self, job: Job) -> None:
        if self._cancel.is_set():
            job.status, job.finished_at = "cancelled", time.time()
            return
        job.status, job.started_at = "running", time.time()

        def progress(path: str, done: int, total: int) -> None:
            if self._cancel.is_set():
                raise JobCancelled
            job.current, job.done, job.total = path, done, total

        try:
            job.summary = self._runner(job, progress)
            job.status = "done"
        except JobCancelled:
            job.status = "cancelled"
        except RepokbError as exc:
            job.status, job.error = "failed", {"message": exc.message, "hint": exc.hint}
        except Exception as exc:  # the job fails; the server goes on
            job.status, job.error = "failed", {"message": f"{type(exc).__name__}: {exc}",
                                               "hint": "See the server log."}
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
