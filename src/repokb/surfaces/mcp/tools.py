"""The MCP tools: names, descriptions and input schemas written for a model, and what each does.

Each tool is called with the caller's MCP session (whose holds on index runs index_path and
cancel_index take and let go: backend.Session) and returns (structured result, the same as
readable text, the projects concerned); `server.py` adds the index freshness to every answer
and turns errors into tool errors a model can act on.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
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
from repokb.filecontext import MAX_NEIGHBOURS
from repokb.models import MAX_LIMIT, MAX_PATH_GLOBS, Kind
from repokb.operations.guards import no_nul
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

_PROJECT = {"type": "string", "minLength": 1, "maxLength": 128,
            "description": "An indexed project's name (list_projects shows them). Default: "
                           "every project."}
_PATH = ("A file as search results show it (relative to its project root, e.g. "
         "`src/shop/db.py`, or with its project first, as a hit's line writes it: "
         "`shop/src/shop/db.py`) or as an absolute path on disk inside an indexed project.")


@dataclass(frozen=True)
class Tool:
    name: str
    title: str
    description: str
    schema: dict[str, Any]
    handler: Handler
    read_only: bool = True


async def _run(fn: Callable[..., Any], *args: Any) -> Any:
    return await anyio.to_thread.run_sync(fn, *args)


def _project_named(backend: Backend, project: str | None) -> str | None:
    """The project a `project` argument means, as search and get_context read it (scope.py:
    `cattrs` is `cattrs-24.1.2`, `Cobra` or `cobra/` is `cobra`), else as given."""
    return None if project is None else backend.project_meant(project)


def _as_shown(raw: str, project: str | None, names: list[str]) -> tuple[str, str] | None:
    """(path in its project, project) for a path written as this server's answers show a file,
    its project first (`cattrs-24.1.2/src/cattrs/converters.py`, a search hit's line): an agent
    copies it from there. None when its first part names no project (or another than the
    `project` argument)."""
    head, sep, rest = raw.partition("/")
    if not sep or not rest or head not in names or project not in (None, head):
        return None
    return rest, head


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
    shown_as = _as_shown(rel, project, backend.names())  # `cattrs-24.1.2/src/...`, as hits say
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

    try:
        data = await _run(context, args["path"], args.get("project"))
    except NotFoundError:  # the path as answers show it, its project first (a hit's line)?
        project = await _run(_project_named, backend, args.get("project"))
        shown_as = _as_shown(args["path"], project, await _run(backend.names))
        if shown_as is None:
            raise
        data = await _run(context, *shown_as)
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
    return {"projects": projects}, render.projects(projects), None


async def stats(backend: Backend, args: dict[str, Any], session: Session) -> Result:
    project = args.get("project")
    data = await _run(backend.stats, project)
    return data, render.stats(data, project), [project] if project else None


TOOLS: dict[str, Tool] = {t.name: t for t in (
    Tool("search", "Search the indexed code and docs", (
        "Hybrid (meaning + keyword) search over the repositories repokb has indexed: source "
        "code, tests, documentation, configuration, API contracts, infrastructure. Ask a "
        "question in plain words (\"where is the database timeout configured\", \"how are "
        "password reset emails sent\") or give a symbol name (`InvoiceRepository`); a symbol "
        "finds its definition first. Each hit has the file path (relative to its project), "
        "start and end lines, the symbol, the kind of file, a score and the text. Use "
        "get_context to widen a hit. Every answer says how fresh the index is: when a project "
        "was last indexed and how many files changed on disk since."), {
        "type": "object", "additionalProperties": False, "required": ["query"],
        "properties": {
            "query": {"type": "string", "minLength": 1, "maxLength": 2000,
                      "description": "A question, a phrase, or a symbol name."},
            "limit": {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT, "default": 10,
                      "description": "How many hits (default 10)."},
            "project": _PROJECT,
            "kind": {"type": "string", "enum": [str(k) for k in Kind],
                     "description": "Only files of this kind, e.g. source, test, "
                                    "documentation, configuration, contract."},
            "language": {"type": "string", "maxLength": 64,
                         "description": "Only this language, e.g. python, typescript, go, "
                                        "markdown, yaml."},
            "path": {"anyOf": [{"type": "string", "maxLength": 512},
                               {"type": "array", "maxItems": MAX_PATH_GLOBS,
                                "items": {"type": "string", "maxLength": 512}}],
                     "description": "Only paths matching this glob, relative to the project "
                                    "root, e.g. `src/**/*.py` or `docs/*`; a list of globs "
                                    "for paths matching any of them."},
        }}, search),
    Tool("get_context", "Read a chunk of an indexed file with the file's outline", (
        "The indexed chunk of a file at a line or a symbol, optionally with neighbouring "
        "chunks, plus the file's outline (every definition or section with its lines), so you "
        "can widen a search hit or jump to a definition without reading the whole file. Give "
        "`line` (e.g. a search hit's start_line) or `symbol` (e.g. `InvoiceRepository` or "
        "`InvoiceRepository.total_for_customer`); with neither you get the first chunk and "
        "the outline. Text comes from the index (secrets redacted); `changed_on_disk` says "
        "whether the file was edited since it was indexed (line numbers may have moved)."), {
        "type": "object", "additionalProperties": False, "required": ["path"],
        "properties": {
            "path": {"type": "string", "minLength": 1, "maxLength": 1024, "description": _PATH},
            "project": _PROJECT,
            "line": {"type": "integer", "minimum": 1,
                     "description": "A line number (1-based) in the file."},
            "symbol": {"type": "string", "minLength": 1, "maxLength": 256,
                       "description": "A definition or section name in the file."},
            "before": {"type": "integer", "minimum": 0, "maximum": MAX_NEIGHBOURS,
                       "default": 0, "description": "Neighbouring chunks to add before it."},
            "after": {"type": "integer", "minimum": 0, "maximum": MAX_NEIGHBOURS,
                      "default": 0, "description": "Neighbouring chunks to add after it."},
        }}, get_context),
    Tool("explain_file", "Why a file was indexed, skipped or blocked", (
        "What repokb decided about one file and why: its kind (source, test, documentation, "
        "generated, vendor, secret_candidate ...), language, knowledge role, index policy "
        "(parse_and_index, index_text, metadata_only, exclude, block), the rules and signals "
        "that decided it and how many chunks it has. Use it when a file you expected is "
        "missing from search results. A file on disk that was never indexed is classified on "
        "the spot."), {
        "type": "object", "additionalProperties": False, "required": ["path"],
        "properties": {
            "path": {"type": "string", "minLength": 1, "maxLength": 1024, "description": _PATH},
            "project": _PROJECT,
        }}, explain_file),
    Tool("index_path", "Index or update a project folder", (
        "Index a project folder (or bring its index up to date: only files changed since the "
        "last run are re-embedded), in the background. The folder must be an absolute path "
        "inside the roots this server may read (its --allow-root folders). Waits up to "
        "`wait_seconds` and returns the summary if the run ended, else its progress (files "
        "done of total); call it again with the same path to follow the same run. Searches "
        "keep answering while it runs. The run is held for this session: if the folder's run "
        "is already going (another agent's, the dashboard's), you join it rather than start "
        "a second one, and it goes on until every caller that asked for it lets go "
        "(cancel_index), or their sessions end. When this session ends (the client "
        "disconnects), its part is let go as by cancel_index: a run nobody else asked for "
        "stops there, so stay connected until it is done."), {
        "type": "object", "additionalProperties": False, "required": ["path"],
        "properties": {
            "path": {"type": "string", "minLength": 1, "maxLength": 1024,
                     "description": "Absolute path of the project folder."},
            "project": {**_PROJECT, "description": "Name to index it under (default: the "
                                                   "folder's name)."},
            "wait_seconds": {"type": "number", "minimum": 0, "maximum": 120, "default": 20,
                             "description": "How long to wait for the run to end."},
        }}, index_path, read_only=False),
    Tool("cancel_index", "Stop an index run", (
        "Stop an index run that index_path started or joined in this session (one still "
        "waiting its turn too), e.g. a folder indexed by mistake or a run that takes too "
        "long. Give the run's `job_id` (index_path returns it as job.id) or the same folder "
        "`path` given to index_path. A waiting run is dropped at once; a running one stops at "
        "its next file or batch of vectors. What it indexed so far stays searchable, and "
        "index_path on the folder later goes on from where it stopped. Waits up to "
        "`wait_seconds` for the run to stop and "
        "returns its status (\"cancelled\" once stopped); a run that had already ended is "
        "answered as it ended (\"done\" with its summary, or \"failed\"). It cancels only "
        "this session's part of the run: when other callers asked for the same run (another "
        "agent, the dashboard), it goes on for them, and the answer says how many "
        "(job.holders). A run going on that this session never asked for with index_path (or "
        "has let go already) is not stopped: the answer is an error of type `forbidden` "
        "saying so and how many callers hold it; a run is stopped for everyone only by a "
        "person (the dashboard's Cancel)."), {
        "type": "object", "additionalProperties": False,
        "properties": {
            "job_id": {"type": "string", "minLength": 1, "maxLength": 64,
                       "description": "The run's id (job.id in index_path's answer)."},
            "path": {"type": "string", "minLength": 1, "maxLength": 1024,
                     "description": "Instead of job_id: the absolute path of the folder, as "
                                    "given to index_path."},
            "project": {**_PROJECT, "description": "With path: the project name given to "
                                                   "index_path, if one was."},
            "wait_seconds": {"type": "number", "minimum": 0, "maximum": 60, "default": 10,
                             "description": "How long to wait for the run to stop."},
        }}, cancel_index, read_only=False),
    Tool("list_projects", "List the indexed projects", (
        "The projects in the index, each with its files and chunks, when it was last indexed "
        "and how many of its files changed on disk since."), {
        "type": "object", "additionalProperties": False, "properties": {}}, list_projects),
    Tool("stats", "What the index holds", (
        "Counts of files and chunks by project, kind, language, knowledge role, index policy "
        "and status (indexed, skipped, failed), and the last index run; for one project or "
        "all."), {
        "type": "object", "additionalProperties": False,
        "properties": {"project": _PROJECT}}, stats),
)}
