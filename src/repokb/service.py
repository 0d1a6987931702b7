"""Operations every surface offers (CLI, owner socket, REST): one implementation each.

Each takes a Workspace and plain arguments and returns JSON-ready data, so a command answered
in-process and one forwarded to the process that owns the store give the same result.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from repokb.explain import explain as explain_path
from repokb.pipeline.discover import resolve_roots
from repokb.pipeline.verify import verify as verify_store
from repokb.search import Query
from repokb.workspace import Workspace


def search(ws: Workspace, query: Query) -> list[dict[str, Any]]:
    return [h.to_json(explain=query.explain) for h in ws.searcher.search(query)]


def stats(ws: Workspace) -> dict[str, Any]:
    catalog = ws.catalog
    by_status = catalog.breakdown("status")
    return {
        "points": ws.store.count(),
        "files": sum(by_status.values()),
        "by_status": by_status,
        "by_project": catalog.breakdown("project"),
        "by_kind": catalog.breakdown("kind"),
        "by_language": catalog.breakdown("language"),
        "by_role": catalog.breakdown("role"),
        "by_policy": catalog.breakdown("policy"),
        "points_by_project": ws.store.facet("project"),
        "last_run": catalog.last_run(),
    }


def explain(ws: Workspace, raw: str, project: str | None = None) -> dict[str, Any]:
    """The record of a file given as a path on disk or as an indexed relative path."""
    return explain_path(ws, raw, project)


def flush(ws: Workspace, project: str | None) -> int:
    """Delete one project's (or every) points and catalog records; returns points deleted."""
    if project is None and ws.store.shared:  # other homes' projects are not ours to delete
        return sum(flush(ws, name) for name in sorted(ws.catalog.projects()))
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
