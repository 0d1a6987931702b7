"""Operations every surface offers (CLI, owner socket, REST): one implementation each.

Each takes a Workspace and plain arguments and returns JSON-ready data, so a command answered
in-process and one forwarded to the process that owns the store give the same result.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from repokb.errors import InputError
from repokb.explain import explain as explain_path
from repokb.explain import indexed_record
from repokb.filecontext import file_context
from repokb.freshness import project_freshness
from repokb.pipeline.discover import resolve_roots
from repokb.pipeline.verify import verify as verify_store
from repokb.search import Query
from repokb.workspace import Workspace


def search(ws: Workspace, query: Query) -> list[dict[str, Any]]:
    return [h.to_json(explain=query.explain) for h in ws.searcher.search(query)]


def stats(ws: Workspace, project: str | None = None) -> dict[str, Any]:
    """What the knowledge base (or one project of it) holds."""
    catalog = ws.catalog
    by_status = catalog.breakdown("status", project)
    return {
        "points": ws.store.count(project),
        "files": sum(by_status.values()),
        "by_status": by_status,
        "by_project": catalog.breakdown("project", project),
        "by_kind": catalog.breakdown("kind", project),
        "by_language": catalog.breakdown("language", project),
        "by_role": catalog.breakdown("role", project),
        "by_policy": catalog.breakdown("policy", project),
        "points_by_project": ws.store.facet("project", project),
        "last_run": catalog.last_run(),
    }


def explain(ws: Workspace, raw: str, project: str | None = None,
            disk: bool = True) -> dict[str, Any]:
    """The record of a file given as a path on disk or as an indexed relative path; with
    `disk` false, only the catalog's record of a project-relative path (nothing is read)."""
    if disk:
        return explain_path(ws, raw, project)
    record = indexed_record(ws, raw, project)
    if record is None:
        where = f" in project {project!r}" if project else ""
        raise InputError(f"{raw} is not in the catalog{where}.",
                         hint="Give the path relative to its project root, as search results "
                         "show it, or index its project first.")
    return record


def context(ws: Workspace, path: str, project: str | None = None, line: int | None = None,
            symbol: str | None = None, before: int = 0, after: int = 0) -> dict[str, Any]:
    """The indexed chunk at a line or symbol of a file, its neighbours and the file outline."""
    return file_context(ws.catalog, ws.store, path, project, line, symbol, before, after)


def freshness(ws: Workspace, projects: list[str] | None = None) -> list[dict[str, Any]]:
    """When each project was indexed and how many of its files changed on disk since (reads
    only the catalog and the disk: any process may answer it, the store's owner or not)."""
    return project_freshness(ws.catalog, projects)


def flush(ws: Workspace, project: str | None) -> int:
    """Delete one project's (or every) points and catalog records; returns points deleted."""
    before = ws.store.count(project)
    ws.store.delete_project(project)
    ws.catalog.delete_project(project)
    return before


def index(ws: Workspace, paths: list[str], project: str | None = None,
          flush: bool = False) -> dict[str, Any]:
    roots = resolve_roots([Path(p) for p in paths], project)
    report = ws.indexer.run(roots, flush=flush)
    return {"files": report.files, "summary": report.summary()}


def verify(ws: Workspace, project: str | None = None, repair: bool = False) -> dict[str, Any]:
    return verify_store(ws.catalog, ws.store, project, repair).to_json()
