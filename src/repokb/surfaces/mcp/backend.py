"""Where the MCP tools' operations are carried out: the ONE module of the MCP server that calls
repokb's operations (`repokb.operations`).

`Backend` answers over one `Operations`: under `repokb serve` the server's own (the server owns
the store), passed in by the app factory. `repokb mcp` (stdio) uses `StdioBackend`
(lease.py), which owns the store only while agents use it and otherwise forwards to the process
that owns it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from repokb.operations import Access, Job, Operations
from repokb.operations.guards import allowed_folder
from repokb.pipeline.discover import resolve_roots
from repokb.search import Query
from repokb.settings import Settings

T = TypeVar("T")
ACTIVE = ("queued", "running")
CATALOG_ONLY = Access(trusted=False)  # explain: the catalog's record, never a file on disk


class Backend:
    def __init__(self, settings: Settings, ops: Operations | None = None) -> None:
        self.settings = settings
        self.pinned = ops is not None  # under serve: the server's Operations, for good
        self._ops = ops

    # -- how an operation is carried out (stdio overrides these) -----------------------------
    def _call(self, local: Callable[[Operations], T], remote: Callable[[Any], T]) -> T:
        """`local` on the operations that own the store (`remote` on the owner's client)."""
        assert self._ops is not None
        return local(self._ops)

    def _read(self, fn: Callable[[Operations], T]) -> T:
        """`fn` on operations that read only the catalog and the disk (never the store)."""
        assert self._ops is not None
        return fn(self._ops)

    # -- operations -------------------------------------------------------------------------
    def search(self, query: Query) -> list[dict[str, Any]]:
        return self._call(lambda ops: ops.search(query), lambda r: r.search(query))

    def why_nothing(self, query: Query) -> str:
        return str(self._call(lambda ops: ops.why_nothing(query),
                              lambda r: r.why_nothing(query)))

    def stats(self, project: str | None) -> dict[str, Any]:
        return self._call(lambda ops: ops.stats(project), lambda r: r.stats(project))

    def explain(self, path: str, project: str | None, disk: bool) -> dict[str, Any]:
        """A file's record: with `disk`, a file on disk may be classified now; without, only
        the catalog's record of a project-relative path (nothing is read)."""
        if not disk:
            return self._read(lambda ops: ops.explain(path, project, CATALOG_ONLY))
        return self._call(lambda ops: ops.explain(path, project),
                          lambda r: r.explain(path, project))

    def context(self, **args: Any) -> dict[str, Any]:
        return self._call(lambda ops: ops.context(**args), lambda r: r.context(**args))

    def freshness(self, projects: list[str] | None = None) -> list[dict[str, Any]]:
        return self._read(lambda ops: ops.freshness(projects))

    def projects(self) -> dict[str, Path]:
        """Indexed folders: project names and their roots."""
        return self._read(lambda ops: dict(sorted(ops.ws.catalog.projects().items())))

    def names(self) -> list[str]:
        """Every project in the catalog: indexed folders and uploaded files (which have no
        root on this disk)."""
        return self._read(lambda ops: ops.ws.catalog.project_names())

    def allowed_folder(self, raw: str) -> Path:
        """The folder if it lies under an allowed root (the REST API's check); AccessError
        else."""
        return allowed_folder(self.settings, raw)

    def index(self, folder: Path, project: str | None) -> Job:
        """Start (or join) an index run of a folder already checked by allowed_folder."""
        (root,) = resolve_roots([folder], project)
        for job in self.jobs():
            if (job.status in ACTIVE and not job.stop.is_set() and job.path == str(root.root)
                    and job.project == root.name):
                return job  # the same run asked for again: report on it (not one stopping)
        return self._submit(str(root.root), root.name)

    def _submit(self, path: str, project: str) -> Job:
        assert self._ops is not None
        return self._ops.submit_index(path, project)[0]

    def jobs(self) -> list[Job]:
        assert self._ops is not None
        return self._ops.jobs.all()

    def cancel(self, job_id: str) -> Job:
        """Let an index run go (a hold taken without a lease: index_path's): once nobody holds
        it, a queued one stops at once, a running one at its next file or page of vectors;
        while other callers hold it, it goes on for them (its `holders`). NotFoundError: no
        such run."""
        assert self._ops is not None
        return self._ops.cancel_job(job_id)[0]

    def activity(self) -> dict[str, Any]:
        """Index runs this server started, and whether the store's owner is writing now."""
        assert self._ops is not None
        jobs = [j.to_json() for j in self.jobs() if j.status in ACTIVE]
        return {"store_owner": "this process", "writing": self._ops.activity()["writing"],
                "index_jobs": jobs}

    # -- lifetime (the server's Operations live as long as the server) -----------------------
    def start(self, watch: list[Any] | None = None) -> None:
        pass

    def warm(self) -> None:
        pass

    def close(self) -> None:
        pass
