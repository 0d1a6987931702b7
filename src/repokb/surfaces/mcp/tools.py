"""What each MCP tool does (specs.py: their names, descriptions and input schemas).

Each tool is called with the caller's MCP session (whose holds on index runs index_path and
cancel_index take and let go: backend.Session) and returns (structured result, the same as
readable text, the projects concerned); `calls.py` adds the index freshness to every answer
and turns errors into tool errors a model can act on.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import anyio

from repokb.errors import (
    AccessError,
    InputError,
    NotFoundError,
    path_in_several_projects,
    require_project,
    worded,
)
from repokb.operations.guards import no_nul
from repokb.operations.scope import as_shown
from repokb.roots import user_path
from repokb.search import Query
from repokb.secrets import shown
from repokb.surfaces.mcp import render
from repokb.surfaces.mcp.backend import ACTIVE, Backend, Session
from repokb.surfaces.server.schemas import as_tuple, project_name

if TYPE_CHECKING:
    from repokb.operations import Job

Result = tuple[dict[str, Any], str, list[str] | None]  # structured, text, projects concerned
Handler = Callable[[Backend, dict[str, Any], Session], Awaitable[Result]]


async def _run(fn: Callable[..., Any], *args: Any) -> Any:
    return await anyio.to_thread.run_sync(fn, *args)


def _project_named(backend: Backend, project: str | None) -> str | None:
    """The project a `project` argument means, as search and get_context read it (scope.py:
    `cattrs` is `cattrs-24.1.2`, `Cobra` or `cobra/` is `cobra`), else as given."""
    return None if project is None else backend.project_meant(project)


def _explain_target(backend: Backend, raw: str,
                    project: str | None) -> tuple[str, str | None, bool]:
    """What explain_file asks the operation about: an absolute path must lie inside an indexed
    project or an allowed root; a relative one names a file under a project root, never under
    the server's working directory (explain_file does not classify arbitrary files)."""
    from repokb.roots import canonical

    no_nul(raw)  # before any resolve(): a NUL in a folder's name raised ValueError there
    path = user_path(raw)
    projects = backend.projects()
    if path.is_absolute():
        absolute = path.parent.resolve() / path.name
        roots = [*projects.values(),
                 *(user_path(r).resolve() for r in backend.settings.allowed_roots)]
        if not any(absolute.is_relative_to(root) for root in roots):
            raise AccessError(f"{shown(raw)} is outside the indexed projects and the allowed "
                              "roots.",
                              "Give a path inside an indexed project (list_projects shows "
                              "them), or relative to its project root.")
        return raw, project, True
    rel = canonical(raw)
    if not rel or ".." in rel.split("/"):
        raise InputError(f"{raw} is not a path inside a project.",
                         hint="Give the path relative to its project root, without '..'.")
    # uploaded files have no root: nothing of them on this disk
    found = [(name, projects[name] / rel) for name in ([project] if project else projects)
             if name in projects and os.path.lexists(projects[name] / rel)]
    if len(found) > 1:  # `README.md` in several projects: never the first one's, silently
        raise path_in_several_projects(rel, (name for name, _ in found))
    if found:
        return str(found[0][1]), found[0][0], True
    shown_as = as_shown(rel, project, backend.names())  # `cattrs-24.1.2/src/...`, as hits say
    if shown_as is not None:
        return _explain_target(backend, *shown_as)
    return rel, project, False  # not on disk (deleted since): the catalog's record only


def _nothing_yet(backend: Backend) -> str:
    """An empty knowledge base: how to index, or the first runs going."""
    going = [job for job in backend.jobs() if job.status in ACTIVE]
    return render.first_runs(going) if going else render.NOTHING_INDEXED


# -- search -----------------------------------------------------------------------------------
async def search(backend: Backend, args: dict[str, Any], session: Session) -> Result:
    """A project is a filter here, as in every search: one nothing is known of finds no hits,
    and the answer says why (errors.py's docstring)."""
    project = args.get("project")
    names = await _run(backend.names)
    concerned = [project] if project else names
    if not names:
        message = await _run(_nothing_yet, backend)
        return ({"query": shown(args["query"]), "indexed": False, "hits": [],
                 "message": message}, message, [])
    query = Query(text=args["query"], limit=args.get("limit", 10),
                  projects=(project,) if project else (),
                  kinds=(args["kind"],) if args.get("kind") else (),
                  languages=(args["language"],) if args.get("language") else (),
                  path_globs=as_tuple(args.get("path")))
    hits = await _run(backend.search, query)
    # the query echoed (into the agent's model context again): its secrets redacted
    echoed = shown(query.text)
    data: dict[str, Any] = {"query": echoed, "indexed": True, "hits": hits}
    if not hits:  # why, as the CLI and the REST API say it
        data["reason"] = worded(await _run(backend.why_nothing, query), "mcp")
    if hits and not project:  # the freshness of the projects the hits come from
        concerned = sorted({h["project"] for h in hits})
    return data, render.hits(echoed, hits, data.get("reason")), concerned


# -- get_context ------------------------------------------------------------------------------
async def get_context(backend: Backend, args: dict[str, Any], session: Session) -> Result:
    if args.get("line") is not None and args.get("symbol"):
        raise InputError("Give either line or symbol, not both.",
                         hint="symbol finds a definition by name; line the chunk holding it.")
    def context(path: str, project: str | None) -> dict[str, Any]:
        return backend.context(path=path, project=project, line=args.get("line"),
                               symbol=args.get("symbol"), before=args.get("before", 0),
                               after=args.get("after", 0))

    # a path as answers show it, its project first (a hit's line), is read so by the operation
    data = await _run(context, args["path"], args.get("project"))
    return data, render.context(data), [data["project"]]


# -- explain_file -----------------------------------------------------------------------------
async def explain_file(backend: Backend, args: dict[str, Any], session: Session) -> Result:
    # before the path is looked at: its "not in the catalog" would hide the project's error
    project = await _run(_project_named, backend, args.get("project"))
    require_project(project, await _run(backend.names))
    path, project, disk = await _run(_explain_target, backend, args["path"], project)
    try:
        record = await _run(backend.explain, path, project, disk)
    except NotFoundError as exc:  # the REST API does not echo the path; the agent may see its own
        raise NotFoundError(f"{shown(path)} is not in the catalog.", exc.hint) from None
    return record, render.record(record), [record["project"]]


# -- index_path -------------------------------------------------------------------------------
def _project_arg(args: dict[str, Any]) -> str | None:
    """The `project` argument by the REST API's rule for names (index_path stores it so)."""
    project = args.get("project")
    if project is None:
        return None
    try:
        return project_name(project)
    except ValueError as exc:
        raise InputError(f"Invalid project name: {exc}.") from None


async def index_path(backend: Backend, args: dict[str, Any], session: Session) -> Result:
    project = _project_arg(args)
    folder = await _run(backend.allowed_folder, args["path"])
    job = await _run(backend.index, folder, project, session)
    deadline = anyio.current_time() + float(args.get("wait_seconds", 20))
    while job.status in ACTIVE and anyio.current_time() < deadline:
        await anyio.sleep(0.1)
    data = {"job": job.to_json(), "finished": job.status not in ACTIVE}
    return data, render.job(job.to_json()), [job.project]


# -- cancel_index -----------------------------------------------------------------------------
def _run_to_cancel(backend: Backend, session: Session, job_id: str | None, raw: str | None,
                   project: str | None) -> Job:
    """The run a cancel_index call names: by its id, or by the folder given to index_path (the
    run of it this session holds, else its run going on, else waiting, else the last one,
    which is answered as it ended)."""
    if (job_id is None) == (raw is None):
        raise InputError("Give job_id or path (one of them, not both).",
                         hint="job_id is the id index_path returned (job.id); path the "
                         "folder given to index_path.")
    jobs = backend.jobs()  # newest first
    if job_id is not None:
        found = [j for j in jobs if j.id == job_id]
        if not found:
            raise NotFoundError(f"No index run with id {job_id!r}.",
                                "index_path returns a run's id as job.id; or give the folder's "
                                "path instead. Runs are remembered until the server restarts.")
        return found[0]
    assert raw is not None
    no_nul(raw)
    path = user_path(raw)
    if not path.is_absolute():
        raise InputError(f"{shown(raw)} is not an absolute path.",
                         hint="Give the folder's absolute path, as given to index_path.")
    folder = str(path.resolve())  # as index_path names its run (allowed_folder, resolve_roots)
    runs = [j for j in jobs if j.path == folder and project in (None, j.project)]
    if not runs:
        raise NotFoundError(f"No index run of {shown(raw)} to cancel.",
                            "index_path starts one; nothing was started for that folder.")
    order = ("running", "queued")
    return min(runs, key=lambda j: (not session.holds(j.id),
                                    order.index(j.status) if j.status in order else len(order)))


async def cancel_index(backend: Backend, args: dict[str, Any], session: Session) -> Result:
    job = await _run(_run_to_cancel, backend, session, args.get("job_id"), args.get("path"),
                     _project_arg(args))
    ended = job.status not in ACTIVE
    if not ended:
        job = await _run(backend.cancel, job.id, session)
    deadline = anyio.current_time() + float(args.get("wait_seconds", 10))
    # a run other callers still hold goes on for them: nothing to wait for
    while job.status in ACTIVE and not job.holds and anyio.current_time() < deadline:
        await anyio.sleep(0.1)
    data = {"job": job.to_json(), "finished": job.status not in ACTIVE}
    text = render.job(job.to_json(), stopping=True)
    return data, f"Nothing to stop, it had ended. {text}" if ended else text, [job.project]


# -- list_projects, stats ---------------------------------------------------------------------
async def list_projects(backend: Backend, args: dict[str, Any], session: Session) -> Result:
    if not await _run(backend.names):
        message = await _run(_nothing_yet, backend)
        return {"projects": [], "message": message}, message, []
    stats = await _run(backend.stats, None)
    indexed = stats.get("indexed_by_project") or {}  # (none from an older owner)
    projects = [{"project": name, "files": files, "indexed_files": indexed.get(name),
                 "chunks": stats["points_by_project"].get(name, 0)}
                for name, files in sorted(stats["by_project"].items())]
    # a project whose run is going says so (its counts grow: not what it will hold)
    going = [job for job in await _run(backend.jobs) if job.status in ACTIVE]
    return {"projects": projects}, render.projects(projects, going), None


async def stats(backend: Backend, args: dict[str, Any], session: Session) -> Result:
    project = args.get("project")
    data = await _run(backend.stats, project)
    return data, render.stats(data, project), [project] if project else None


HANDLERS: dict[str, Handler] = {
    "search": search, "get_context": get_context, "explain_file": explain_file,
    "index_path": index_path, "cancel_index": cancel_index, "list_projects": list_projects,
    "stats": stats,
}
