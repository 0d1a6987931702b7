"""Every operation repokb offers, once: the only thing surfaces call.

    reads    search · why_nothing · explain · stats · context · freshness · activity ·
             client_config · jobs
             embed_question · chunk_hashes · cache_stats          (the LLM proxy's)
    writes   index (synchronous) · submit_index (a background job) · cancel_job ·
             ingest_fragments · ingest_file · prune_upload · flush · verify · migrate
                                                                   (one writer at a time)
             cache_flush           (the proxy's answer cache: its own shard, its own lock)

`Operations` holds one workspace (catalog, store, models) and one write lock: writes take it one
at a time, reads never do and keep answering while a write runs. Whoever owns the store (`repokb
index`, `watch` or `serve`) holds the one `Operations`; its other callers reach it through the
one HTTP API (TCP, or the owner's Unix socket). Every result is JSON-ready data, so an answer
given in-process and one given by the owner are the same. Destructive operations and the folders
a caller may index are checked here (guards.py), against the caller's `Access`. A project an
operation is about that nothing is known of is errors.unknown_project (a 404) on every surface.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from repokb.embedders import Embedder
from repokb.embedders.digests import release_freed_memory
from repokb.errors import (
    AccessError,
    BusyError,
    InputError,
    NotFoundError,
    TooLargeError,
    require_project,
)
from repokb.explain import explain as explain_path
from repokb.explain import indexed_record, walk_record
from repokb.filecontext import file_context
from repokb.freshness import project_freshness
from repokb.lexicon import STOP_WORDS
from repokb.models import Fragment
from repokb.operations.calibrate import measured_rate
from repokb.operations.guards import (
    LOCAL,
    Access,
    allowed_folder,
    authorize,
    check_replacing,
    same_files_as,
    still_allowed,
)
from repokb.operations.jobs import ACTIVE, Job, JobCancelled, Jobs, stoppable
from repokb.operations.migrate import migrate_home
from repokb.operations.scope import project_meant
from repokb.operations.why import nothing_found, project_names
from repokb.operations.worker import run_in_worker
from repokb.pipeline import EmbedProgress, Indexer, Progress, RunReport
from repokb.pipeline.projects import named_after_folders, place
from repokb.pipeline.uploads import rule_file
from repokb.pipeline.verify import verify as verify_store
from repokb.roots import ProjectRoot, canonical, resolve_roots
from repokb.rules.folders import NAMED_LIKE_OUTPUT, source_markers
from repokb.rules.folders import table as marker_table
from repokb.rules.repo_config import CONFIG_NAMES
from repokb.rules.tables import SKIP_DIR_SUFFIXES, SKIP_DIRS
from repokb.secrets.paths import stored_names
from repokb.workspace import Workspace

if TYPE_CHECKING:  # a search's types: an index run never imports the search
    from repokb.search import Query

__all__ = ["LOCAL", "Access", "Job", "Operations"]

# Files the dashboard leaves out before uploading (seed 002's KB_SKIP_FILES): agent
# configuration, not project documentation.
SKIP_FILES = ("CLAUDE.md", ".DS_Store", "Thumbs.db")
# Most paths one prune_upload call may name (a folder's complete upload): 413 beyond.
MAX_UPLOAD_PATHS = 100_000
# folders one request may say were left out before an upload (the dashboard sends the outermost
# ones only: a tree rarely has more than a few hundred)
MAX_LEFT_OUT = 10_000

P = ParamSpec("P")
R = TypeVar("R")


def _in_use(method: Callable[Concatenate[Operations, P], R],
            ) -> Callable[Concatenate[Operations, P], R]:
    """An operation that touches the store or a model: the workspace is not closed under it
    (a request still running on a server thread when its owner shuts down)."""

    def running(self: Operations, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with self.ws.in_use():
            return method(self, *args, **kwargs)

    functools.update_wrapper(running, method)
    return running


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


class Operations:
    def __init__(self, workspace: Workspace, index_worker: bool = False) -> None:
        """`index_worker`: index runs (jobs, and `repokb index` sent to this owner) run in a
        worker process (operations/worker.py), not on this process's threads: what `repokb
        serve` does, so that its searches keep the interpreter."""
        self.ws = workspace
        self.settings = workspace.settings
        self._index_worker = index_worker
        self._write = threading.Lock()
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
        """Stop the jobs (the workspace is its opener's to close)."""
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
        if not self._write.acquire(timeout=wait):
            raise BusyError("Another write (an upload, a flush or an index job) is still "
                            "running.", "Retry in a moment; GET /knowledge/jobs shows index jobs.")
        try:
            yield
        finally:
            self._write.release()

    # -- reads ------------------------------------------------------------------------------
    def _meant(self, query: Query) -> Query:
        """The query scoped to the projects its names mean (scope.py: `Cobra`, `cobra/`, a
        folder of the project)."""
        meant = tuple(dict.fromkeys(self._project(p) for p in query.projects))
        return query if meant == query.projects else replace(query, projects=meant)

    def _project(self, name: str) -> str:
        """The project `name` means (scope.py), else `name`."""
        catalog = self.ws.catalog
        return project_meant(name, catalog.project_names(), catalog.projects())

    @_in_use
    def search(self, query: Query) -> list[dict[str, Any]]:
        query = self._meant(query)
        return [h.to_json(explain=query.explain) for h in self.ws.searcher.search(query)]

    def why_nothing(self, query: Query) -> str:
        """Why `query` finds nothing (say it after an empty search): an empty knowledge base,
        a project, kind or language nothing indexed has, or the filters together. An empty
        query is refused as a search refuses it (it was "no chunk matches all these filters")."""
        if not query.text.strip():
            raise InputError("The query is empty.", hint="Ask a question or name a symbol.")
        query = self._meant(query)
        if (names := stored_names(query.projects)) != query.projects:
            query = replace(query, projects=names)  # a folder's name holding a credential
        return nothing_found(self.stats(), query, self.ws.settings.project_from_question)

    @_in_use
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
        }
        if project is not None and project not in project_names(found):
            self._require_project(project)  # names the known ones
        return found

    def _require_project(self, project: str | None) -> None:
        """errors.unknown_project for a project nothing is known of (None passes)."""
        if project is not None:
            require_project(project, project_names(self.stats()))

    @_in_use
    def context(self, path: str, project: str | None = None, line: int | None = None,
                symbol: str | None = None, before: int = 0, after: int = 0) -> dict[str, Any]:
        """The indexed chunk at a line or symbol of a file, its neighbours and the file outline
        (from the store: redacted text, never the file on disk)."""
        project = project if project is None else self._project(project)
        return file_context(self.ws.catalog, self.ws.store, path, project, line, symbol,
                            before, after)

    @_in_use
    def freshness(self, projects: list[str] | None = None) -> list[dict[str, Any]]:
        """When each project (all, or those named) was indexed and how many of its files changed
        on disk since. Reads only the catalog and the disk: any process may answer it, the
        store's owner or not."""
        return project_freshness(self.ws.catalog, projects)

    def activity(self) -> dict[str, Any]:
        """Is a write (an index run, an upload, a flush) in progress in this process? And how
        many dense vectors its searches scan in memory (stores/dense_scan.py; None: no copy)."""
        return {"writing": self._write.locked(), "pid": os.getpid(),
                "dense_copy": store.dense_copy() if (store := self.ws.opened_store()) else None}

    @_in_use
    def explain(self, path: str, project: str | None = None,
                access: Access = LOCAL) -> dict[str, Any]:
        """A file's record. A trusted caller may name a file on its disk (never indexed: it is
        classified now); a remote one names a project-relative path the catalog knows."""
        project = project if project is None else self._project(project)
        require_project(project, self.ws.catalog.project_names())
        if access.trusted:
            return explain_path(self.ws.catalog, self.ws.indexer.limits(), path, project)
        # A path under a folder the walk leaves out by name (node_modules/ ...): the dashboard
        # never uploads those, and says why as `repokb index` would. A folder named like build
        # output is one only when the project holds none of its sources (build/__init__.py).
        catalog = self.ws.catalog
        name = project or next(iter(catalog.projects()), "upload")
        record = indexed_record(catalog, path, project) or walk_record(
            name, path, lambda rel: catalog.get(name, rel) is not None)
        if record is not None:
            return record
        raise NotFoundError("That file is not in the catalog.",
                            "Upload or index its project first; paths are relative to the "
                            "project.", log_detail=f"no record for {path!r} in project "
                            f"{project!r}")

    def client_config(self) -> dict[str, Any]:
        s = self.settings
        return {"skip_dirs": sorted(SKIP_DIRS), "skip_dir_suffixes": sorted(SKIP_DIR_SUFFIXES),
                "skip_files": list(SKIP_FILES),
                "source_markers": {name: list(source_markers(name))
                                   for name in sorted(NAMED_LIKE_OUTPUT)},
                "marker_dirs": marker_table(),
                "max_file_bytes": s.max_file_bytes, "max_notebook_bytes": s.max_notebook_bytes,
                "head_bytes": s.head_bytes, "repo_config_names": list(CONFIG_NAMES),
                "max_request_bytes": s.max_request_bytes,
                "max_batch_chunks": s.max_batch_chunks, "max_chunk_chars": s.max_chunk_chars,
                "api_key_configured": bool(s.api_key),
                "stop_words": sorted(STOP_WORDS)}  # not highlighted in results

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

    # -- the LLM proxy's reads (its answer cache is a shard of its own: stores/answers.py) --
    @_in_use
    def embed_question(self, text: str) -> list[float]:
        """The query vector of a question, as search embeds it (the proxy's cache keys); a
        search for the same words next re-uses it (whitespace never changes a vector)."""
        return self.ws.searcher.query_vector(" ".join(text.split()))

    @_in_use
    def chunk_hashes(self, project: str, path: str) -> dict[int, str]:
        """chunk_index -> text_hash of one file's stored chunks (what a cached answer was
        built on)."""
        return {int(p.payload["chunk_index"]): str(p.payload.get("text_hash"))
                for p in self.ws.store.file_points(project, path)}

    @_in_use
    def cache_stats(self) -> dict[str, Any]:
        """The LLM proxy's answer cache: entries in all, per scope and per protocol."""
        entries = self.ws.answers.entries()
        by_scope: dict[str, int] = {}
        by_protocol: dict[str, int] = {}
        for e in entries:
            scope = str(e.payload.get("scope") or "*")
            by_scope[scope] = by_scope.get(scope, 0) + 1
            protocol = str(e.payload.get("protocol"))
            by_protocol[protocol] = by_protocol.get(protocol, 0) + 1
        return {"entries": len(entries), "by_scope": by_scope, "by_protocol": by_protocol,
                "path": str(self.settings.cache_path)}

    # -- index ------------------------------------------------------------------------------
    def roots(self, paths: list[str], project: str | None = None,
              access: Access = LOCAL) -> list[ProjectRoot]:
        """Named project roots; a remote caller's folders must lie under an allowed root."""
        folders = [Path(p) if access.trusted else allowed_folder(self.settings, p)
                   for p in paths]
        # a folder of an indexed project (its root, or inside it) is that project
        return place(named_after_folders(resolve_roots(folders, project), project), project,
                     self.ws.catalog.projects(), access.trusted)

    @_in_use
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

    @_in_use
    def run_index(self, roots: list[ProjectRoot], *, flush: bool = False,
                  keep_files: bool = True, progress: Progress | None = None,
                  embed_progress: EmbedProgress | None = None) -> RunReport:
        """One incremental run under the write lock (waiting for it), with this process's
        model: what `index`, the owner's own run and `watch` do."""
        with self.writing(LOCAL), _freed_after():
            return self.ws.indexer.run(roots, flush=flush, progress=progress,
                                       keep_files=keep_files, embed_progress=embed_progress)

    @_in_use
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

    @_in_use
    def _run_job(self, job: Job, progress: Callable[[str, int, int], None]) -> dict[str, Any]:
        if not self._index_worker:
            _lower_priority()  # searches first: the job's thread yields the CPU to them
        # jobs queue behind uploads rather than fail; the store drops what it keeps only when
        # quiet (the dense copy) before the job's model loads
        with self._write, self.ws.store.job_writing(keep=self._index_worker):
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

    # -- other writes -----------------------------------------------------------------------
    @_in_use
    def ingest_fragments(self, fragments: list[Fragment],
                         access: Access = LOCAL) -> dict[str, Any]:
        received = time.time()  # before any write: an upload's `since` (prune_upload)
        with self.writing(access):
            counts = self.ws.indexer.ingest_fragments(fragments)
        reasons = {k: v for k, v in sorted(counts.items())
                   if k.startswith(("skipped_", "failed_")) and v}
        # a project's rule files are taken from whole files only (POST /knowledge/ingest/file)
        rules = sorted({f.path for f in fragments if rule_file(f.path)})
        return {"stored": counts["stored"], "skipped": counts["skipped"],
                "failed": counts["failed"], "total": counts["total"], "reasons": reasons,
                "embedded": counts["chunks_embedded"], "received_at": received,
                "rules_not_taken": rules}

    @_in_use
    def ingest_file(self, project: str, path: str, data: bytes,
                    access: Access = LOCAL,
                    left_out: tuple[int, str] | None = None) -> dict[str, Any]:
        """Index one uploaded file. With `left_out` (its size, why the client left it out),
        `data` is only its head (at most head_bytes, as the classifier reads): the file is
        recorded as the walk records it, never indexed (the dashboard's too large files)."""
        received = time.time()  # before any write: an upload's `since` (prune_upload)
        if left_out is not None:
            if len(data) > self.settings.head_bytes or left_out[0] < len(data):
                raise InputError(f"A file left out is sent by its head: at most "
                                 f"{self.settings.head_bytes} bytes, its size at least that "
                                 f"({len(data)} sent, size {left_out[0]}).")
            ahead = None
        else:
            # The model's work happens before the lock: a big file holds it only for its writes.
            ahead = self.ws.indexer.embed_ahead(project, path, data)
        with self.writing(access):
            report = self.ws.indexer.ingest_file(project, path, data, ahead, left_out)
        record = indexed_record(self.ws.catalog, path, project)
        assert record is not None  # ingest_file always records the file
        return {**record, "counts": report.summary(), "received_at": received,
                "rejudged": report.rejudged}

    @_in_use
    def prune_upload(self, project: str, paths: list[str], access: Access = LOCAL,
                     since: float | None = None) -> dict[str, Any]:
        """After a complete upload of a folder: forget every file of the uploaded project that
        is not among `paths` (the folder's files just uploaded, project-relative), so files
        deleted or renamed in the folder since an earlier upload, or left out of this one, are
        no longer found. `since` is when that upload began (the earliest `received_at` of its
        answers): a file recorded at or after it stays, as another client uploaded it
        meanwhile. Without it every file not among `paths` goes (safe only while no one else
        uploads to the project). Destructive (the API key, as for flush). A project indexed
        from a folder on this machine is refused: its next index run forgets what left its
        folder."""
        authorize(self.settings, access)
        if not paths:
            raise InputError("No paths given: nothing would be kept, every file of the project "
                             "would be forgotten.", "To empty a project, flush it.")
        if len(paths) > MAX_UPLOAD_PATHS:
            raise TooLargeError(f"{len(paths)} paths; the limit is {MAX_UPLOAD_PATHS}.",
                                "Upload such a tree with `repokb index` on the server.")
        self._require_project(project)
        with self.writing(access):
            if project in self.ws.catalog.projects():
                raise InputError(f"Project {project!r} is indexed from a folder, not uploaded: "
                                 "its next index run forgets the files deleted from that folder.",
                                 "Index that folder again (repokb index, or POST "
                                 "/knowledge/index), or upload under another project name.")
            gone, counts, again = self.ws.indexer.forget_missing(
                project, [canonical(p) for p in paths], since)
        return {"project": project, "files_removed": len(gone),
                "chunks_removed": counts["chunks_pruned"], "removed": gone,
                "upload_again": again}

    @_in_use
    def record_left_out(self, project: str, folders: list[tuple[str, str | None]],
                        access: Access = LOCAL) -> dict[str, Any]:
        """The folders a client left out before uploading (canonical paths, each with the
        marker that showed it, or None for a folder left out by its name), recorded as the
        walk records them when this server's rules leave them out; the rest refused, with
        why. At most MAX_LEFT_OUT folders (TooLargeError)."""
        if len(folders) > MAX_LEFT_OUT:
            raise TooLargeError(f"{len(folders)} folders; the limit is {MAX_LEFT_OUT}.",
                                "Send the outermost folders left out only, in several "
                                "requests if need be.")
        with self.writing(access):
            recorded, refused = self.ws.indexer.record_left_out(project, folders)
        return {"project": project,
                "recorded": [{"path": s.path, "kind": s.kind, "reason": s.reason}
                             for s in recorded],
                "refused": [{"path": path, "message": why} for path, why in refused]}

    @_in_use
    def flush(self, project: str | None = None, access: Access = LOCAL) -> dict[str, Any]:
        """Delete one project's (or every) points and catalog records. Destructive. On a
        shared store (a Qdrant server other homes write too) "every" means every project of
        this home's catalog: the others' projects are not ours to delete."""
        authorize(self.settings, access)
        self._require_project(project)
        store, catalog = self.ws.store, self.ws.catalog
        with self.writing(access):
            names = ([project] if project is not None or not store.shared
                     else sorted(catalog.projects()))
            deleted = 0
            for name in names:
                deleted += store.count(name)
                store.delete_project(name)
                catalog.delete_project(name)
            # and no byte of them stays on disk (the engine's write-ahead log, freed pages): a
            # project flushed because it should never have been indexed is gone from the home
            store.compact()
            catalog.purge()
        return {"project": project, "points_deleted": deleted}

    @_in_use
    def cache_flush(self, access: Access = LOCAL) -> dict[str, Any]:
        """Delete every cached answer of the LLM proxy (the knowledge base is untouched).
        Destructive; the cache shard guards its own writes, so no write lock."""
        authorize(self.settings, access)
        return {"entries_deleted": self.ws.answers.flush()}

    @_in_use
    def verify(self, project: str | None = None, repair: bool = False,
               access: Access = LOCAL) -> dict[str, Any]:
        """Compare store and catalog; `repair` (destructive) fixes. Under the write lock: a
        run's mid-way state would look like differences. On a shared store only this home's
        projects are checked (another home's points are no orphans of ours)."""
        if repair:
            authorize(self.settings, access)
        self._require_project(project)
        with self.writing(access):
            return verify_store(self.ws.catalog, self.ws.store, project, repair).to_json()

    # -- between stores ---------------------------------------------------------------------
    @_in_use
    def migrate(self, to: str, sample: int = 50) -> dict[str, Any]:
        """Copy this home's store to the store `to` names (a Qdrant URL, local:PATH, edge or
        edge:PATH) without embedding anything, then compare counts and sample searches. Under
        the write lock: the source must not change while it is copied."""
        with self.writing(LOCAL):
            return migrate_home(self.ws, to, sample).to_json()


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
