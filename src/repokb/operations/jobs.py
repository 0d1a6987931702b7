"""Background index jobs: one worker thread, so jobs run one after another, with progress.

A job is cancelled (by its callers, or all of them at shutdown) through its progress callback,
at the next file or page of vectors; the pipeline is built so that a run stopped at any point
converges on the next run. The same job asked for again while it is queued or running, from
any surface, is the one already there (its id), not a second run: a file changed after the
running walk passed it is indexed by the next run (or by `repokb watch`).

Since one run may serve several callers, a job counts its holds: each submission takes one (the
caller is given its id), and a caller's cancel releases its own hold only; the run stops when
no hold is left, or when stopped for everyone (`release(..., everyone=True)`: an operator). A
caller that follows its job (`follow=True`: `repokb mcp` forwarding its run to the owner) holds
it on a lease, renewed each time it asks about the job (`renew`); a hold not renewed for
`lease_seconds` lapses (the caller was killed, or its host crashed), and a job left with no hold
is cancelled, its `reason` saying why. A hold taken without `follow` (the dashboard, a plain
POST /knowledge/index: fire and forget) never lapses. An MCP session under `repokb serve`
holds its runs without a lease too (`join` adds its hold to a run already going) and lets go
of them when the session ends, or when its client went quiet (surfaces/mcp/backend.py, http.py).

A hold is let go by its id, which only its caller was given. The one exception is an
`anonymous` hold, taken by a plain POST /knowledge/index (a caller that may not have kept the
id: a script, the cancel URL alone): a release naming no hold lets go of one of those, never
of an MCP session's or a follower's.
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
# How long a followed job waits for its caller to ask about it again before that caller's hold
# lapses: many times the follower's poll (Remote.run_job, every 0.5 s), so a slow poll never
# loses it. The `job_lease_seconds` setting (REPOKB_JOB_LEASE_SECONDS) overrides it.
JOB_LEASE_SECONDS = 15.0
ACTIVE = ("queued", "running")
CANCELLED = "Cancelled by its caller."
STOPPED_FOR_ALL = "Stopped for every caller that waited for it."
SHUT_DOWN = "The server stopped before the run ended."
log = logging.getLogger("repokb.jobs")


class JobCancelled(Exception):
    """A run stopped because nobody wants it any more; its message (if any) says why."""


def stoppable(progress: Progress | None, stopped: Callable[[], bool]) -> Progress:
    """`progress`, raising JobCancelled once `stopped()` is true: a run asks it at every file
    and between pages of vectors, so it ends there (what it wrote stays)."""
    def told(path: str, done: int, total: int) -> None:
        if stopped():
            raise JobCancelled
        if progress is not None:
            progress(path, done, total)

    return told


@dataclass(frozen=True)
class Hold:
    """One caller's part in a run: `lapses` when its lease runs out (time.monotonic; None:
    never), `anonymous` if a release naming no hold may let it go (see the module)."""

    lapses: float | None = None
    anonymous: bool = False


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
    reason: str | None = None  # why it was cancelled
    created_at: float = field(default_factory=time.time)
    started_at: float | None = None
    finished_at: float | None = None
    # submitted by a remote caller: the allowed roots are checked again when it runs
    guarded: bool = field(default=False, repr=False)
    # the caller named the project; else `project` is where the folder was placed when asked
    # for, and the run places it again (its parent project may be flushed by then)
    named: bool = field(default=False, repr=False)
    # set when its last holder lets it go: the run stops at its next file or page of vectors
    stop: threading.Event = field(default_factory=threading.Event, repr=False, compare=False)
    # the callers holding it, by hold id
    holds: dict[str, Hold] = field(default_factory=dict, repr=False, compare=False)
    # every hold it gave, let go of or not: a cancel naming another is told so
    given: set[str] = field(default_factory=set, repr=False, compare=False)

    def take(self, hold: str, held: Hold) -> None:
        """A caller's new hold on the run."""
        self.holds[hold] = held
        self.given.add(hold)

    def to_json(self) -> dict[str, Any]:
        data = copy.deepcopy({k: v for k, v in self.__dict__.items()
                              if k not in ("guarded", "named", "stop", "holds", "given")})
        data["holders"] = len(self.holds)
        return data


Runner = Callable[[Job, Callable[[str, int, int], None]], dict[str, Any]]


class Jobs:
    def __init__(self, runner: Runner, lease_seconds: float = JOB_LEASE_SECONDS) -> None:
        self._runner = runner
        self.lease_seconds = lease_seconds
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._cancel = threading.Event()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="repokb-index")

    def submit(self, path: str, project: str, flush: bool = False, guarded: bool = False,
               follow: bool = False, anonymous: bool = False,
               named: bool = False) -> tuple[Job, str]:
        """The job of this run and the id of the caller's hold on it: a new job, or the same
        run already queued or running (one hold more), whichever surface asked for it (a REST
        call, an MCP session, the dashboard: `guarded` and `named` say how it was asked, not
        which run it is; a queued run joined by a guarded caller checks the allowed roots as
        it starts). With `follow`, the hold lapses unless the
        caller asks about the job (`renew`) at least every `lease_seconds`; an `anonymous` one
        (never a follower's) may also be let go by a release that names no hold. `named`: the
        caller gave `project` (else it is the folder's placement, done again as the job runs)."""
        hold = uuid.uuid4().hex
        held = Hold(time.monotonic() + self.lease_seconds) if follow else Hold(
            anonymous=anonymous)
        with self._lock:
            self._lapse_all()
            if (same := self._same(path, project, flush)) is not None:
                if same.status == "queued":  # it checks again what any of its callers needs
                    same.guarded, same.named = same.guarded or guarded, same.named or named
                same.take(hold, held)
                return same, hold
            job = Job(path=path, project=project, flush=flush, guarded=guarded, named=named)
            job.take(hold, held)
            self._jobs[job.id] = job
            finished = [j for j in self._jobs.values() if j.finished_at]
            for old in sorted(finished, key=lambda j: j.created_at)[:-_KEEP]:
                del self._jobs[old.id]
        self._pool.submit(self._run, job)
        return job, hold

    def find(self, path: str, project: str, flush: bool = False) -> Job | None:
        """The run of this folder, as this project, queued or running and not stopping (the
        one queued if both are): what a second identical submission joins, from any surface."""
        with self._lock:
            self._lapse_all()
            return self._same(path, project, flush)

    def _same(self, path: str, project: str, flush: bool) -> Job | None:
        going = [job for job in self._jobs.values() if job.status in ACTIVE
                 and not job.stop.is_set() and (job.path, job.project, job.flush) == (
                     path, project, flush)]
        return max(going, key=lambda job: (job.status == "queued", job.created_at),
                   default=None)

    def join(self, job_id: str) -> str | None:
        """One more caller for a run already queued or running (an MCP session's index_path
        of a folder whose run goes on: it reports on that run rather than queue another): the
        id of its hold, which never lapses. None when the job ended, is stopping (nobody holds
        it any more), or is unknown: the caller submits a run of its own."""
        with self._lock:
            job = self._jobs.get(job_id)
            if job is None:
                return None
            self._lapse(job)
            if job.status not in ACTIVE or job.stop.is_set():
                return None
            hold = uuid.uuid4().hex
            job.take(hold, Hold())
            return hold

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            job = self._jobs.get(job_id)
            if job is not None:
                self._lapse(job)
            return job

    def all(self) -> list[Job]:
        with self._lock:
            self._lapse_all()
            return sorted(self._jobs.values(), key=lambda j: -j.created_at)

    def renew(self, job_id: str, hold: str) -> bool | None:
        """A follower asked about its job: its lease starts again. Whether it still holds the
        job (False: its hold lapsed or was released, or the job ended); None: no such job."""
        with self._lock:
            job = self._jobs.get(job_id)
            if job is None:
                return None
            self._lapse(job)
            if hold not in job.holds or job.status not in ACTIVE:
                return False
            if job.holds[hold].lapses is not None:
                job.holds[hold] = Hold(time.monotonic() + self.lease_seconds)
            return True

    def release(self, job_id: str, hold: str | None = None, everyone: bool = False,
                reason: str = CANCELLED) -> tuple[Job, bool] | None:
        """A caller lets its job go: its hold `hold` (None: one `anonymous` hold, that of a
        caller who may not have kept its id; never a follower's or an MCP session's), or with
        `everyone` every hold. The run stops when no hold is left: a queued one at once, a
        running one at its next file or page of vectors (its status says "running" until
        then), `reason` saying why. The job, and whether anything was released (not for a
        finished job, a hold it does not know, or a caller who holds nothing); None: no such
        job."""
        with self._lock:
            job = self._jobs.get(job_id)
            if job is None:
                return None
            self._lapse(job)
            if job.status not in ACTIVE:
                return job, False
            if everyone:
                job.holds.clear()
                self._stop(job, STOPPED_FOR_ALL)
                return job, True
            if hold is None:
                hold = next((h for h, held in job.holds.items() if held.anonymous), None)
            if hold is None or hold not in job.holds:
                return job, False
            del job.holds[hold]
            if not job.holds:
                self._stop(job, reason)
            return job, True

    def cancel(self, job_id: str) -> Job | None:
        """Stop a job for everyone: a queued one at once, a running one at its next file or
        page of vectors. A finished job stays as it ended. None: no such job."""
        released = self.release(job_id, everyone=True)
        return None if released is None else released[0]

    # -- holds and leases (under self._lock) ------------------------------------------------
    def _stop(self, job: Job, reason: str) -> None:
        job.stop.set()
        job.reason = job.reason or reason
        if job.status == "queued":
            job.status, job.finished_at = "cancelled", time.time()

    def _lapse(self, job: Job) -> None:
        """Drop the holds of `job` whose lease ran out; stop it if none is left."""
        if job.status not in ACTIVE or not job.holds:
            return
        now = time.monotonic()
        lapsed = [h for h, held in job.holds.items()
                  if held.lapses is not None and held.lapses < now]
        for h in lapsed:
            del job.holds[h]
            log.info("job %s: a caller stopped asking about it (lease of %g s)", job.id,
                     self.lease_seconds)
        if lapsed and not job.holds:
            self._stop(job, f"Its caller went away: nobody asked about the run for "
                            f"{self.lease_seconds:g} s.")

    def _lapse_all(self) -> None:
        for job in self._jobs.values():
            self._lapse(job)

    def _stopped(self, job: Job) -> bool:
        if self._cancel.is_set() or job.stop.is_set():
            return True
        with self._lock:
            self._lapse(job)
        return job.stop.is_set()

    # -- the worker thread ------------------------------------------------------------------
    def _run(self, job: Job) -> None:
        with self._lock:
            self._lapse(job)
            if job.stop.is_set():  # let go while it waited: _stop marked it cancelled
                return
            if self._cancel.is_set():
                job.holds.clear()
                self._stop(job, SHUT_DOWN)
                return
            job.status, job.started_at = "running", time.time()

        def record(path: str, done: int, total: int) -> None:
            job.current, job.done, job.total = path, done, total

        progress = stoppable(record, lambda: self._stopped(job))
        try:
            job.summary = self._runner(job, progress)
            job.status = "done"
        except JobCancelled as exc:
            job.status = "cancelled"
            job.reason = str(exc) or job.reason or (
                SHUT_DOWN if self._cancel.is_set() else CANCELLED)
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
            job.holds.clear()
            job.finished_at = time.time()

    def shutdown(self) -> None:
        """Cancel the running job at its next file, drop queued ones; usable again after."""
        self._cancel.set()
        self._pool.shutdown(wait=True, cancel_futures=True)
        with self._lock:
            for job in self._jobs.values():
                if job.status == "queued":
                    job.holds.clear()
                    self._stop(job, SHUT_DOWN)
        self._cancel = threading.Event()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="repokb-index")
