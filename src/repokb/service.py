"""Operations every surface offers (CLI, owner socket, REST): one implementation each.

Each takes a Workspace and plain arguments and returns JSON-ready data, so a command answered
in-process and one forwarded to the process that owns the store give the same result.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from repokb.errors import InputError
from repokb.pipeline.discover import canonical, resolve_roots
from repokb.pipeline.verify import verify as verify_store
from repokb.search import Query
from repokb.workspace import Workspace


def search(ws: Workspace, query: Query) -> list[dict[str, Any]]:
    return [h.to_json(explain=query.explain) for h in ws.searcher.search(query)]


def stats(ws: Workspace) -> dict[str, Any]:
    catalog = ws.catalog
    return {
        "points": ws.store.count(),
        "files": sum(catalog.breakdown("status").values()),
        "by_status": catalog.breakdown("status"),
        "by_project": catalog.breakdown("project"),
        "by_kind": catalog.breakdown("kind"),
        "by_language": catalog.breakdown("language"),
        "by_role": catalog.breakdown("role"),
        "by_policy": catalog.breakdown("policy"),
        "points_by_project": ws.store.facet("project"),
        "last_run": catalog.last_run(),
    }


def explain(ws: Workspace, raw: str, project: str | None = None) -> dict[str, Any]:
    """The catalog record of a file given as a path on disk or as an indexed relative path."""
    candidate = Path(raw).expanduser()
    matches: list[tuple[str, str]] = []
    if candidate.exists():
        absolute = candidate.absolute() if candidate.is_symlink() else candidate.resolve()
        for name, root in ws.catalog.projects().items():
            if (project is None or name == project) and absolute.is_relative_to(root):
                matches.append((name, canonical(str(absolute.relative_to(root)))))
    else:
        rel = canonical(raw)
        matches = [(e.project, e.path) for e in ws.catalog.find(rel)
                   if project is None or e.project == project]
    for name, rel in matches:
        entry = ws.catalog.get(name, rel)
        if entry is not None:
            return {"project": name, "path": rel, "status": entry.status, "reason": entry.reason,
                    "chunks": entry.chunks,
                    "classification": entry.classification.to_dict()
                    if entry.classification else None}
    raise InputError(f"{raw} is not in the catalog.",
                     hint="Index its project first (repokb index PROJECT_DIR), or pass --project.")


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
