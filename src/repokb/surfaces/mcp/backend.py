"""Where the MCP tools' operations are carried out: the ONE module of the MCP server that calls
repokb's operations (`repokb.operations`).

`Backend` answers over one `Operations`: under `repokb serve` the server's own (the server owns
the store), passed in by the app factory. `repokb mcp` (stdio) uses `StdioBackend`
(lease.py), which owns the store only while agents use it and otherwise forwards to the process
that owns it.

Index runs count holds (operations/jobs.py): each caller that asks for a run holds it, and the
run stops when nobody does. A `Session` is one MCP client's part in them: the holds its
index_path calls took. cancel_index lets go of its own session's hold only, and a session that
ends lets go of every hold it still has (`end_session`), so one agent can neither stop nor keep
going a run another agent asked for. Under serve, a session whose client went quiet (its event
stream closed and nothing came for job_lease_seconds: the agent was killed) lets go of its holds
too (`went_quiet`, told by http.py), without waiting for the SDK to expire the session.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from repokb.errors import AccessError, NotFoundError
from repokb.operations import Access, Job, Operations
from repokb.operations.guards import allowed_folder
from repokb.operations.jobs import Jobs
from repokb.search import Query
from repokb.settings import Settings

T = TypeVar("T")
ACTIVE = ("queued", "running")
CATALOG_ONLY = Access(trusted=False)  # explain: the catalog's record, never a file on disk
SESSION_ENDED = "Its caller's MCP session ended (the client disconnected) before the run did."
SESSION_QUIET = ("Its caller's MCP session went quiet: the client's event stream closed and "
                 "nothing came from it for {seconds:g} s (it was killed, or lost its connection).")
log = logging.getLogger("repokb.mcp")


class Session:
    """One MCP client's session: under `repokb serve` a streamable-HTTP session (from its
    initialize to its DELETE, or the SDK's idle timeout); for `repokb mcp` (stdio) the whole
    process. It keeps the id of the hold each of its index_path calls took, one per run (job
    id -> hold id): the ids are never shown to the agent, so no other session can let them go.
    Called from worker threads (the tools run there) and from the event loop (its end)."""

    def __init__(self, name: str) -> None:
        self.name = name  # for the log
        self._holds: dict[str, str] = {}
        self._lock = threading.Lock()
        self._ended = False

    def holds(self, job_id: str) -> bool:
        with self._lock:
            return job_id in self._holds

    def keep(self, job_id: str, hold: str) -> bool:
        """Record a hold; False when the session ended meanwhile, or holds the run already (two
        index_path calls at once): the caller lets the new hold go."""
        with self._lock:
            if self._ended or job_id in self._holds:
                return False
            self._holds[job_id] = hold
            return True

    def take(self, job_id: str) -> str | None:
        """The session's hold on a run, no longer recorded here (it is being let go)."""
        with self._lock:
            return self._holds.pop(job_id, None)

    def holding(self) -> bool:
        with self._lock:
            return bool(self._holds)

    def let_go(self) -> dict[str, str]:
        """Every hold the session has, to let go (its client went quiet); it may take new ones
        if the client comes back."""
        with self._lock:
            holds, self._holds = self._holds, {}
            return holds

    def forget(self, active: set[str]) -> None:
        """Drop the holds of runs that ended (they hold nothing any more)."""
        with self._lock:
            self._holds = {j: h for j, h in self._holds.items() if j in active}

    def end(self) -> dict[str, str]:
        """The session ended: every hold it still has, to let go; it keeps none from now on."""
        with self._lock:
            self._ended, holds, self._holds = True, self._holds, {}
            return holds


class Backend:
    def __init__(self, settings: Settings, ops: Operations | None = None) -> None:
        self.settings = settings
        self.pinned = ops is not None  # under serve: the server's Operations, for good
        self._ops = ops
        # the session of a caller the transport gives none: the stdio process; under serve a
        # stateless request (a 2026-07-28 client), whose index_path holds never end with it
        self.session = Session("stdio" if ops is None else "without a session")
        # under serve: the sessions that called a tool, by their streamable-HTTP session id
        # (never logged: it lets a client use the session); used on the event loop only
        self._live: dict[str, Session] = {}

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
        return str(self._call(lambda ops: ops.why_nothing(query, self.jobs()),
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

    def project_meant(self, name: str) -> str:
        """The project `name` means as search reads it (`cattrs` is `cattrs-24.1.2`, `Cobra`
        or `cobra/` is `cobra`: operations/scope.py), else `name`."""
        return self._read(lambda ops: ops.projects_meant([name])[0])

    def allowed_folder(self, raw: str) -> Path:
        """The folder if it lies under an allowed root (the REST API's check); AccessError
        else."""
        return allowed_folder(self.settings, raw)

    def index(self, folder: Path, project: str | None, session: Session) -> Job:
        """Start (or join) an index run of a folder already checked by allowed_folder, held
        for `session` (one hold per session and run, however often it asks)."""
        # placed as every index run is: a folder of an indexed project is that project
        (root,) = self._read(lambda ops: ops.roots([str(folder)], project, Access()))
        queue = self._queue()
        session.forget({j.id for j in queue.all() if j.status in ACTIVE})
        # the same run asked for again (by any surface): report on it, held for this session
        # too, so another session's cancel does not stop it under it; one hold per session
        same = queue.find(str(root.folder), root.name)
        if same is not None and session.holds(same.id):
            return same
        job, hold = self._submit(str(root.folder), root.name, project is not None)
        self._keep(session, job, hold)
        return job

    def _keep(self, session: Session, job: Job, hold: str) -> None:
        if not session.keep(job.id, hold):  # gone while it asked, or held by a call at once
            self._queue().release(job.id, hold)

    def _queue(self) -> Jobs:
        """The index runs this server starts (under serve: the server's own)."""
        assert self._ops is not None
        return self._ops.jobs

    def _submit(self, path: str, project: str, named: bool) -> tuple[Job, str]:
        """A job for the folder `path`, placed as project `project` (`named`: its caller's
        name, else the placement's, done again as the job runs)."""
        assert self._ops is not None
        return self._ops.submit_index(path, project if named else None)

    def jobs(self) -> list[Job]:
        return self._queue().all()

    def cancel(self, job_id: str, session: Session) -> Job:
        """Let go of `session`'s hold on an index run: once nobody holds it, a queued one
        stops at once, a running one at its next file or page of vectors; while other callers
        hold it, it goes on for them (its `holders`). A run that ended, or one already
        stopping, is answered as it is. NotFoundError: no such run; AccessError: a run going
        on that this session does not hold (another caller asked for it: not this session's
        to stop)."""
        queue = self._queue()
        hold = session.take(job_id)
        released = queue.release(job_id, hold) if hold is not None else None
        job = released[0] if released is not None else queue.get(job_id)
        if job is None:
            raise NotFoundError("No such index run.", log_detail=f"no job {job_id!r}")
        if hold is None and job.status in ACTIVE and not job.stop.is_set():
            holders = len(job.holds)
            raise AccessError(
                f"Index run {job.id} of project {job.project!r} ({job.status}) was not "
                "asked for in this session, so it was not cancelled: it goes on for the "
                f"{holders} caller{'s' if holders != 1 else ''} that asked for it.",
                "cancel_index stops only runs this session started or joined with "
                "index_path. To stop it for everyone: Cancel on the dashboard, or POST "
                f"/knowledge/jobs/{job.id}/cancel?all=true on the REST API.")
        return job

    def track(self, session_id: str, session: Session) -> None:
        """Know `session` by its streamable-HTTP session id (for `went_quiet`) until it ends."""
        self._live[session_id] = session

    def holding(self, session_id: str) -> bool:
        """Whether the session of this id holds index runs."""
        session = self._live.get(session_id)
        return session is not None and session.holding()

    def end_session(self, session: Session) -> None:
        """A client's session ended (it disconnected, or its session was deleted or expired):
        let go of its holds, as a lapsed lease; a run nobody else holds stops."""
        self._live = {k: s for k, s in self._live.items() if s is not session}
        self._let_go(session, session.end(), SESSION_ENDED, "ended")

    def went_quiet(self, session_id: str) -> None:
        """The client of this session went quiet (http.py): let go of its holds, as a lapsed
        lease. The session itself goes on: if its client comes back, it asks again."""
        session = self._live.get(session_id)
        if session is not None:
            reason = SESSION_QUIET.format(seconds=self.settings.job_lease_seconds)
            self._let_go(session, session.let_go(), reason, "went quiet")

    def _let_go(self, session: Session, holds: dict[str, str], reason: str,
                why: str) -> None:
        queue = self._queue()
        for job_id, hold in holds.items():
            released = queue.release(job_id, hold, reason=reason)
            if released is not None and released[1]:
                log.info("MCP session %s %s: let go of index run %s (%d holder(s) left)",
                         session.name, why, job_id, len(released[0].holds))

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
