"""A file's indexed context: the chunk at a line or a symbol, its neighbours, the file outline.

Everything comes from the store (the redacted chunks), never from the file on disk: a secret
redacted at indexing stays redacted here. Whether the file changed on disk since it was
indexed is reported, so a caller knows when line numbers may have moved.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from repokb.errors import InputError, NotFoundError, path_in_several_projects, require_project
from repokb.freshness import file_changed
from repokb.models import MAX_NEIGHBOURS
from repokb.stores.base import Store, StoredPoint
from repokb.stores.catalog import Catalog


def locate(catalog: Catalog, raw: str, project: str | None) -> tuple[str, str]:
    """(project, project-relative path) of a path given on disk or as indexed."""
    from repokb.roots import canonical, user_path
    from repokb.secrets.paths import redact_path

    projects = catalog.projects()  # indexed folders, with their roots
    known = catalog.project_names()  # uploads too, which have no root
    require_project(project, known)
    candidate = user_path(raw)
    shown = redact_path(raw)  # a credential in a file name is never echoed
    if candidate.is_absolute():
        absolute = candidate.parent.resolve() / candidate.name
        for name, root in projects.items():
            if (project is None or name == project) and absolute.is_relative_to(root) \
                    and absolute != root:  # the catalog knows a secret-named file redacted
                return name, redact_path(canonical(str(absolute.relative_to(root))))
        raise InputError(f"{shown} is not inside an indexed project.",  # never their roots:
                         hint="Give the path relative to its project root (indexed projects: "
                         + ", ".join(sorted(projects)) + ")." if projects  # MCP over TCP too
                         else "Nothing is indexed yet: index the project folder first.")
    rel = redact_path(canonical(raw))
    if ".." in rel.split("/"):
        raise InputError(f"{shown} leaves its project ('..').",
                         hint="Give the path relative to the project root.")
    holders = [name for name in ([project] if project else known)
               if catalog.get(name, rel) is not None]
    if len(holders) > 1:
        raise path_in_several_projects(rel, holders)
    if holders:
        return holders[0], rel
    where = f" in project {project!r}" if project else " in any indexed project"
    raise NotFoundError(f"{rel} is not in the catalog{where}.",
                        hint="Give the path relative to its project root (as search results "
                        "show it) or an absolute path; search first if unsure.")


def file_context(catalog: Catalog, store: Store, raw: str, project: str | None = None,
                 line: int | None = None, symbol: str | None = None, before: int = 0,
                 after: int = 0) -> dict[str, Any]:
    name, rel = locate(catalog, raw, project)
    entry = catalog.get(name, rel)
    points = store.file_chunks(name, rel)
    if not points:
        reason = f" ({entry.status}: {entry.reason})" if entry and entry.reason else ""
        raise InputError(f"{name}/{rel} has no indexed chunks{reason}.",
                         hint="explain_file says why a file was skipped; only indexed files "
                         "have context.")
    target = _target(points, rel, line, symbol)
    before = max(0, min(before, MAX_NEIGHBOURS))
    after = max(0, min(after, MAX_NEIGHBOURS))
    chosen = points[max(0, target - before): target + after + 1]
    root = catalog.projects().get(name)  # None: uploaded files, nothing on disk to compare
    return {
        "project": name, "path": rel,
        "start_line": chosen[0].payload["start_line"], "end_line": chosen[-1].payload["end_line"],
        "target": _chunk(points[target]),
        "chunks": [_chunk(p) for p in chosen],
        "outline": outline(points),
        "chunks_in_file": len(points),
        "kind": points[0].payload.get("kind"), "language": points[0].payload.get("language"),
        "changed_on_disk": file_changed(Path(root), rel, entry.size, entry.mtime_ns)
        if entry and root is not None else None,
    }


def outline(points: list[StoredPoint]) -> list[dict[str, Any]]:
    """The file's definitions and sections in order: symbol, type and lines (one per symbol);
    the methods of a class kept whole in one chunk are listed under it, at their first line."""
    seen: dict[str, dict[str, Any]] = {}
    for p in points:
        symbol = p.payload.get("symbol")
        if not symbol:
            continue
        item = seen.get(symbol)
        if item is None:
            seen[symbol] = {"symbol": symbol, "type": p.payload.get("symbol_type"),
                            "start_line": p.payload["start_line"],
                            "end_line": p.payload["end_line"]}
            for name, line in _members(p):
                seen.setdefault(f"{symbol}.{name}", {"symbol": f"{symbol}.{name}",
                                                      "type": "member", "start_line": line,
                                                      "end_line": None})
        else:  # a definition cut in several chunks: one entry spanning them
            item["end_line"] = max(item["end_line"], p.payload["end_line"])
    return sorted(seen.values(), key=lambda o: o["start_line"])


_MEMBER = re.compile(r"^[ \t]+(?:(?:async|export|public|private|protected|static|pub)\s+)*"
                     r"(?:def|function|func|fn|sub)\s+([A-Za-z_$][\w$]*)", re.MULTILINE)


def _members(p: StoredPoint) -> list[tuple[str, int]]:
    """Indented function definitions inside a class (or similar) chunk, with their lines."""
    if p.payload.get("symbol_type") not in ("class", "struct", "impl", "trait", "interface",
                                            "module", "object"):
        return []
    content = p.payload.get("content", "")
    return [(m.group(1), p.payload["start_line"] + content.count("\n", 0, m.start()))
            for m in _MEMBER.finditer(content)]


def _target(points: list[StoredPoint], rel: str, line: int | None, symbol: str | None) -> int:
    if symbol:
        wanted = symbol.strip()
        tests = (lambda s: s == wanted,
                 lambda s: s.rsplit(".", 1)[-1] == wanted or s.endswith(f" {wanted}"),
                 lambda s: wanted.lower() in s.lower())
        for test in tests:
            for i, p in enumerate(points):
                if p.payload.get("symbol") and test(p.payload["symbol"]):
                    return i
        for i, p in enumerate(points):  # a member of a class kept whole in one chunk
            if any(name == wanted.rsplit(".", 1)[-1] for name, _ in _members(p)):
                return i
        names = [s["symbol"] for s in outline(points)][:30]
        raise InputError(f"No symbol {symbol!r} in {rel}.",
                         hint="Symbols in the file: " + (", ".join(names) or "none"))
    if line is not None:
        holding = [(p.payload["end_line"] - p.payload["start_line"], i)
                   for i, p in enumerate(points)
                   if p.payload["start_line"] <= line <= p.payload["end_line"]]
        if holding:
            return min(holding)[1]  # the narrowest chunk holding the line
        last = max(p.payload["end_line"] for p in points)
        if line > last or line < 1:
            raise InputError(f"Line {line} is outside the indexed lines of {rel} (1-{last}).",
                             hint=f"Give a line from 1 to {last} (a search hit's start_line), "
                                  "or a symbol; if the file changed since it was indexed, "
                                  "index it again (<<index>>).")
        # a line between chunks (blank lines, dropped short chunks): the next chunk
        return next(i for i, p in enumerate(points) if p.payload["start_line"] > line)
    return 0


def _chunk(p: StoredPoint) -> dict[str, Any]:
    q = p.payload
    return {"chunk_index": q.get("chunk_index"), "start_line": q["start_line"],
            "end_line": q["end_line"], "symbol": q.get("symbol"),
            "symbol_type": q.get("symbol_type"), "content": q.get("content", "")}
