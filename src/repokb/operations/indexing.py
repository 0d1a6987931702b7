"""Index runs (operations/__init__.py draws them all): `index` now, `run_index` for the owner's
own runs and `watch`, `dry_run`, and index jobs in the background (`submit_index`, `job`,
`cancel_job`), each run under the write lock, in this process or a worker (operations/worker.py).
"""

from __future__ import annotations

import contextlib
import gc
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from repokb.embedders import Embedder
from repokb.embedders.digests import release_freed_memory
from repokb.errors import AccessError, NotFoundError
from repokb.operations.base import OperationsBase, in_use
from repokb.operations.calibrate import measured_rate
from repokb.operations.guards import (
    LOCAL,
    Access,
    allowed_folder,
    check_replacing,
    same_files_as,
    still_allowed,
)
from repokb.operations.jobs import ACTIVE, Job, JobCancelled, stoppable
from repokb.operations.worker import run_in_worker
from repokb.roots import ProjectRoot, resolve_roots

if TYPE_CHECKING:  # imported by a run itself: a search never needs the pipeline
    from repokb.pipeline import EmbedProgress, Indexer, Progress, RunReport


def _no_job(job_id: str) -> NotFoundError:
    return NotFoundError("No such job.", "GET /knowledge/jobs lists recent jobs.",
                         log_detail=f"no job {job_id!r}")


def _no_hold(job: Job, hold: str, cancel: bool) -> NotFoundError:
    """A hold `job` never gave, named by a cancel (`cancel`) or by a question about the job."""
    mine = "Give ?hold=<the hold your POST /knowledge/index answered for this job>"
    return NotFoundError(
        f"Index run {job.id} of project {job.project!r} has no hold {hold!r}"
        + (": nothing was let go." if cancel else "."),
        f"{mine}; without ?hold=, a cancel lets go of a plain POST /knowledge/index's hold, "
        "and ?all=true stops the run for every caller." if cancel else
        f"{mine}, or ask without ?hold= for the job's state alone.",
        log_detail=f"job {job.id}: hold {hold!r} was never given")


def _not_anonymous(job: Job) -> AccessError:
    """A cancel naming no hold, of a run held only by callers who each let go of their own."""
    holders = len(job.holds)
    callers = f"{holders} caller{'s' if holders != 1 else ''}"
    return AccessError(
        f"Index run {job.id} of project {job.project!r} ({job.status}) was not cancelled: it "
        f"goes on for the {callers} holding it (MCP sessions, or callers following it), and "
        "a cancel that names no hold lets go only of a hold a plain POST /knowledge/index "
        "took.",
        "To let go of your own part, give ?hold=<the hold your POST /knowledge/index "
        "answered>; to stop the run for every caller, ?all=true (what the dashboard's Cancel "
        "does).")


def _found(job: Job | None, job_id: str) -> Job:
    if job is None:
        raise _no_job(job_id)
    return job


class Indexing(OperationsBase):
    # -- jobs -------------------------------------------------------------------------------
    def job(self, job_id: str, hold: str | None = None) -> tuple[Job, bool | None]:
        """An index job, and with `hold` (the id its submission gave a caller) whether that
        caller still holds it: asking so renews a follower's lease (submit_index). A hold let
        go of (released, lapsed, the job ended) is False; NotFoundError: no such job, or a
        `hold` it never gave (as cancel_job)."""
        job = _found(self.jobs.get(job_id), job_id)
        if hold is None:
            return job, None
        if hold not in job.given:
            raise _no_hold(job, hold, cancel=False)
        return job, bool(self.jobs.renew(job_id, hold))

    def cancel_job(self, job_id: str, hold: str | None = None,
                   everyone: bool = False) -> tuple[Job, bool]:
        """A caller lets an index job go: its hold (`hold`, else one a plain submission took:
        `submit_index(anonymous=True)`), or with `everyone` every caller's. The run stops once
        nobody holds it: a queued one at once, a running one at its next file or page of
        vectors (what it wrote stays, and the next run of the folder goes on from there). The
        job, and whether a hold was released. AccessError: no hold named, and the run goes on
        for callers whose holds only they may let go (MCP sessions, followers); NotFoundError:
        no such job, or a `hold` it never gave (one it gave and let go of is answered as the
        job is, nothing released)."""
        if hold is not None and not everyone:
            job = _found(self.jobs.get(job_id), job_id)
            if hold not in job.given:
                raise _no_hold(job, hold, cancel=True)
        released = self.jobs.release(job_id, hold, everyone)
        if released is None:
            raise _no_job(job_id)
        job, let_go = released
        if (hold is None and not everyone and not let_go and job.status in ACTIVE
                and not job.stop.is_set()):
            raise _not_anonymous(job)
        return released

    # -- runs -------------------------------------------------------------------------------
    def roots(self, paths: list[str], project: str | None = None,
              access: Access = LOCAL) -> list[ProjectRoot]:
        """Named project roots; a remote caller's folders must lie under an allowed root."""
        folders = [Path(p) if access.trusted else allowed_folder(self.settings, p)
                   for p in paths]
        from repokb.pipeline.projects import named_after_folders, place

        # a folder of an indexed project (its root, or inside it) is that project
        return place(named_after_folders(resolve_roots(folders, project), project), project,
                     self.ws.catalog.projects(), access.trusted)

    @in_use
    def index(self, paths: list[str], project: str | None = None, flush: bool = False,
              access: Access = LOCAL, progress: Progress | None = None,
              embed_progress: EmbedProgress | None = None,
              stop: threading.Event | None = None, last: bool = False) -> dict[str, Any]:
        """Index folders now (incrementally); the per-file records and the summary. `stop`
        set (its caller went away: an interrupted `repokb index` sent to this owner) ends the
        run as a cancelled job ends, JobCancelled: before it starts if it was still waiting
        for the write lock, else at its next file or page of vectors. `last`: the process
        ends after this run (a `repokb index` with no owner), so the run's memory is not
        collected and handed back to the system first (a full collection, ~0.03-0.1 s)."""
        roots = self.roots(paths, project, access)
        check_replacing(self.settings, self.ws.catalog, roots, flush, access)
        if stop is not None:
            progress = stoppable(progress, stop.is_set)
        with self.writing(LOCAL):
            if stop is not None and stop.is_set():  # nothing done yet, not even the flush
                raise JobCancelled
            twins = same_files_as(self.ws.catalog, roots, access.trusted)
            if self._index_worker:
                result = run_in_worker(self.settings, self.ws.store, roots, flush=flush,
                                       progress=progress, embed_progress=embed_progress)
            else:
                with contextlib.nullcontext() if last else _freed_after():
                    report = self.ws.indexer.run(roots, flush=flush, progress=progress,
                                                 embed_progress=embed_progress)
                result = {"files": report.files, "summary": report.summary()}
        if twins:  # a renamed project folder: the project it was is named (guards.py)
            result["summary"]["same_files_as"] = twins
        return result

    @in_use
    def run_index(self, roots: list[ProjectRoot], *, flush: bool = False,
                  keep_files: bool = True, progress: Progress | None = None,
                  embed_progress: EmbedProgress | None = None) -> RunReport:
        """One incremental run under the write lock (waiting for it), with this process's
        model: what `index`, the owner's own run and `watch` do."""
        with self.writing(LOCAL), _freed_after():
            return self.ws.indexer.run(roots, flush=flush, progress=progress,
                                       keep_files=keep_files, embed_progress=embed_progress)

    @in_use
    def dry_run(self, paths: list[str], project: str | None = None, chunk: bool = False,
                notify: Callable[[str], None] | None = None) -> RunReport:
        """Classify (and with `chunk`, chunk) without writing: needs the catalog, not the store.
        The time estimate uses this machine's indexing rate, measured once (`notify` hears
        when it is being measured) and cached."""
        roots = self.roots(paths, project)
        check_replacing(self.settings, self.ws.catalog, roots, False, LOCAL)  # as the run would
        report = self.ws.indexer.dry_run(roots, chunk=chunk)
        if report.counts.get("tokens_estimated"):
            report.tokens_per_second = measured_rate(self.ws, notify=notify)
        return report

    def submit_index(self, path: str, project: str | None = None, flush: bool = False,
                     access: Access = LOCAL, follow: bool = False,
                     anonymous: bool = False) -> tuple[Job, str]:
        """Index one folder as a background job (jobs run one after another): the job, and
        the id of the caller's hold on it (the same run asked for while it waits is one job
        with a hold per caller). With `follow` the hold is a lease the caller renews by asking
        about the job (`job(id, hold)`) at least every `job_lease_seconds`. An `anonymous`
        hold (a plain REST submission, whose caller may not keep its id) may also be let go
        by a cancel that names no hold; any other only by its id."""
        (root,) = self.roots([path], project, access)
        check_replacing(self.settings, self.ws.catalog, [root], flush, access)
        return self.jobs.submit(str(root.folder), root.name, flush, guarded=not access.trusted,
                                follow=follow, anonymous=anonymous and not follow,
                                named=project is not None)

    @in_use
    def _run_job(self, job: Job, progress: Callable[[str, int, int], None]) -> dict[str, Any]:
        if not self._index_worker:
            _lower_priority()  # searches first: the job's thread yields the CPU to them
        # jobs queue behind uploads rather than fail; the store drops what it keeps only when
        # quiet (the dense copy) before the job's model loads
        with self._writer(), self._write, self.ws.store.job_writing(keep=self._index_worker):
            # let go while it waited for the write lock: stopped before anything (its flush)
            progress(job.current, job.done, job.total)
            folder = still_allowed(self.settings, job.path) if job.guarded else Path(job.path)
            # placed again as it runs, as a new run of the folder would be: the project it is a
            # folder of now (its parent may have been flushed meanwhile), or its own
            roots = self.roots([str(folder)], job.project if job.named else None,
                               Access() if job.guarded else LOCAL)
            job.project = roots[0].name
            twins = same_files_as(self.ws.catalog, roots, not job.guarded)
            if self._index_worker:
                summary: dict[str, Any] = run_in_worker(
                    self.settings, self.ws.store, roots, flush=job.flush, keep_files=False,
                    progress=progress)["summary"]
            else:
                with _freed_after():
                    summary = self._indexer_for_jobs().run(roots, flush=job.flush,
                                                           progress=progress).summary()
        if twins:  # a renamed project folder: the project it was is named (guards.py)
            summary["same_files_as"] = twins
        return summary

    def _indexer_for_jobs(self) -> Indexer:
        """Jobs embed with their own model session, opened on the (niced) job thread: the ONNX
        worker threads it starts inherit the low priority, so a long job cannot crowd out the
        searches (measured: see bench/RESULTS.md, issue 7)."""
        if self._job_indexer is None:
            self._job_indexer = self.ws.new_indexer(self._job_embedder)
        return self._job_indexer

    def _job_embedder(self) -> Embedder:
        """Loaded by the first job that has something to embed (a no-op job never does)."""
        if self._job_model is None:
            self._job_model = self.ws.new_embedder()
        return self._job_model


@contextmanager
def _freed_after() -> Iterator[None]:
    """An index run in this process (a warm or MCP owner; `serve` runs them in a worker): once
    it ends, its buffers (pages of chunks, vectors, the model's batches) go back to the system
    rather than staying in the owner's heap until it leaves. Measured on rich 13.9.4 (81
    files, 1,793 chunks) through a warm owner: see bench/RESULTS.md."""
    try:
        yield
    finally:
        gc.collect()  # the run's cycles first, so their memory is free to hand back
        release_freed_memory()


def _lower_priority() -> None:
    """Nice the calling thread (Linux: per thread) so request threads win the CPU."""
    with contextlib.suppress(AttributeError, OSError):  # not Linux: normal priority
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
