"""What the routes call: the workspace behind one write lock, plus the index jobs.

The server process owns the embedded store for its lifetime. Writes (ingest, flush, index jobs)
take the lock one at a time; searches, stats and explain never take it and keep answering while
a write runs. A write that cannot get the lock in `write_wait_seconds` is answered 409.
"""

from __future__ import annotations

import contextlib
import hmac
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio

from repokb import service as shared
from repokb.embedders import Embedder
from repokb.explain import indexed_record, walk_record
from repokb.lexicon import STOP_WORDS
from repokb.models import Fragment
from repokb.pipeline import Indexer
from repokb.pipeline.discover import ProjectRoot, resolve_roots, user_path
from repokb.rules.tables import SKIP_DIRS
from repokb.search import Query
from repokb.surfaces.server.errors import APIError
from repokb.surfaces.server.jobs import Job, Jobs
from repokb.workspace import Workspace

# Files the dashboard leaves out before uploading (seed 002's KB_SKIP_FILES): agent
# configuration, not project documentation.
SKIP_FILES = ("CLAUDE.md", ".DS_Store", "Thumbs.db")


class Service:
    def __init__(self, workspace: Workspace) -> None:
        self.ws = workspace
        self.settings = workspace.settings
        self._write = threading.Lock()
        self.jobs = Jobs(self._run_job)
        self._job_indexer: Indexer | None = None
        self._job_model: Embedder | None = None
        self._search_slots: anyio.CapacityLimiter | None = None

    @property
    def search_slots(self) -> anyio.CapacityLimiter:
        """At most one search per core at a time; the rest wait in line (first come, first
        served) instead of all contending for the GIL at once, which spreads latency."""
        if self._search_slots is None:  # created on the event loop, at first use
            self._search_slots = anyio.CapacityLimiter(os.cpu_count() or 2)
        return self._search_slots

    def warm(self) -> None:
        """Open everything before serving, so that no two requests race to open it."""
        _ = self.ws.catalog, self.ws.store, self.ws.embedder, self.ws.indexer, self.ws.searcher

    def close(self) -> None:
        self.jobs.shutdown()

    @property
    def write_lock(self) -> threading.Lock:
        """Held by every write, also those other repokb commands send through the owner
        socket."""
        return self._write

    @contextmanager
    def writing(self) -> Iterator[None]:
        if not self._write.acquire(timeout=self.settings.write_wait_seconds):
            raise APIError(409, "Another write (an upload, a flush or an index job) is still "
                           "running.", "Retry in a moment; GET /knowledge/jobs shows index jobs.")
        try:
            yield
        finally:
            self._write.release()

    # -- writes -----------------------------------------------------------------------------
    def ingest_fragments(self, fragments: list[Fragment]) -> dict[str, Any]:
        with self.writing():
            counts = self.ws.indexer.ingest_fragments(fragments)
        reasons = {k: v for k, v in sorted(counts.items())
                   if k.startswith(("skipped_", "failed_")) and v}
        return {"stored": counts["stored"], "skipped": counts["skipped"],
                "failed": counts["failed"], "total": counts["total"], "reasons": reasons,
                "embedded": counts["chunks_embedded"]}

    def ingest_file(self, project: str, path: str, data: bytes) -> dict[str, Any]:
        with self.writing():
            report = self.ws.indexer.ingest_file(project, path, data)
        record = indexed_record(self.ws, path, project)
        assert record is not None  # ingest_file always records the file
        return {**record, "counts": report.summary()}

    def flush(self, project: str | None) -> dict[str, Any]:
        """Callers check the API key first (the route does, before it validates anything)."""
        with self.writing():
            deleted = shared.flush(self.ws, project)
        return {"project": project, "points_deleted": deleted}

    def index(self, raw_path: str, project: str | None, flush: bool) -> Job:
        (root,) = resolve_roots([self.allowed_folder(raw_path)], project)  # named as the CLI does
        return self.jobs.submit(str(root.root), root.name, flush)

    def _run_job(self, job: Job, progress: Callable[[str, int, int], None]) -> dict[str, Any]:
        _lower_priority()  # searches first: the job's thread yields the CPU to them
        with self._write:  # jobs queue behind uploads rather than fail
            report = self._indexer_for_jobs().run([ProjectRoot(job.project, Path(job.path))],
                                                  flush=job.flush, progress=progress)
        return report.summary()

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

    # -- reads ------------------------------------------------------------------------------
    def search(self, query: Query) -> list[dict[str, Any]]:
        return shared.search(self.ws, query)

    def stats(self) -> dict[str, Any]:
        return shared.stats(self.ws)

    def explain(self, project: str | None, path: str) -> dict[str, Any]:
        record = indexed_record(self.ws, path, project) or walk_record(
            project or next(iter(self.ws.catalog.projects()), "upload"), path)
        if record is not None:
            return record
        where = f" in project {project!r}" if project else ""
        raise APIError(404, f"{path} is not in the catalog{where}.",
                       "Upload or index its project first; paths are relative to the project.")

    def client_config(self) -> dict[str, Any]:
        s = self.settings
        return {"skip_dirs": sorted(SKIP_DIRS), "skip_files": list(SKIP_FILES),
                "max_file_bytes": s.max_file_bytes, "max_request_bytes": s.max_request_bytes,
                "max_batch_chunks": s.max_batch_chunks, "max_chunk_chars": s.max_chunk_chars,
                "api_key_configured": bool(s.api_key),
                "stop_words": sorted(STOP_WORDS)}  # not highlighted in results

    # -- guards -----------------------------------------------------------------------------
    def check_key(self, key: str | None) -> None:
        expected = self.settings.api_key
        if not expected:
            raise APIError(403, "Destructive operations are disabled: the server has no API key.",
                           "Restart it with REPOKB_API_KEY set, then send it as x-api-key.")
        if not key or not hmac.compare_digest(key.encode("utf-8", "replace"),
                                              expected.encode("utf-8")):
            raise APIError(401, "Missing or wrong x-api-key header.",
                           "Send the key the server was started with (REPOKB_API_KEY).")

    def allowed_folder(self, raw: str) -> Path:
        """The resolved folder if it lies under an allowed root; 403 otherwise."""
        roots = [user_path(r).resolve() for r in self.settings.allowed_roots]
        if not roots:
            raise APIError(403, "Server-side indexing is disabled: no allowed roots are "
                           "configured.", "Start the server with --allow-root DIR (or set "
                           "REPOKB_ALLOWED_ROOTS), or upload files from the dashboard.")
        if "\x00" in raw:
            raise APIError(422, "The path contains a NUL character.")
        path = user_path(raw)
        if not path.is_absolute() or ".." in path.parts:
            raise APIError(403, f"{raw} is not an absolute path under an allowed root.",
                           "Give the folder's absolute path, without '..'.")
        resolved = path.resolve()
        if not any(resolved == r or resolved.is_relative_to(r) for r in roots):
            raise APIError(403, f"{raw} is outside the allowed roots.",
                           "Allowed: " + ", ".join(str(r) for r in roots))
        if not resolved.is_dir():
            raise APIError(422, f"{raw} is not a folder.", "Give a project folder to index.")
        return resolved


def _lower_priority() -> None:
    """Nice the calling thread (Linux: per thread) so request threads win the CPU."""
    with contextlib.suppress(AttributeError, OSError):  # not Linux: normal priority
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
