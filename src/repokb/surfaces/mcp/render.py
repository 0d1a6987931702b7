"""Readable text for each MCP tool's result (the structured content carries the same data)."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from repokb.models import (
    copies_phrase,
    files_phrase,
    line_range,
    stats_files,
    symbol_phrase,
    vectors_changed_text,
)
from repokb.operations.jobs import CANCELLED, Job

NOTHING_INDEXED = (
    "Nothing has been indexed yet, so there is nothing to search. Index the project first: "
    "call the index_path tool with the project folder's absolute path, or run "
    "`repokb index /path/to/project` in a terminal.")
_MAX_LINES = 40


def first_runs(jobs: list[Job]) -> str:
    """What an empty knowledge base says while its first index runs go (an agent that just
    called index_path, told "index the project first", calls it again and waits on nothing)."""
    going = "; ".join(f"{job.project} ({job.status}, {job.done}/{job.total} files)"
                      for job in jobs)
    return (f"Nothing is searchable yet: the first index run is going: {going}. Files become "
            "searchable as the run stores them (words first, meaning after); ask again in a "
            "few seconds, or call index_path with the same path to follow the run.")


def _echoed(query: str) -> str:
    """The query as an answer's first line repeats it: a long one cut (it is the agent's own,
    up to 2,000 characters, and every answer goes into its model context again)."""
    return query if len(query) <= _ECHO else query[:_ECHO - 3] + "..."


_ECHO = 160


def hits(query: str, found: list[dict[str, Any]], reason: str | None = None) -> str:
    query = _echoed(query)
    if not found:
        return (f"No indexed chunk matches {query!r}: {reason}" if reason else
                f"No indexed chunk matches {query!r} with these filters. Try other words, a "
                "symbol name, or fewer filters.")
    parts = [f"{len(found)} hit{'s' if len(found) != 1 else ''} for {query!r}:"]
    named = next((h["project_from_question"] for h in found if h.get("project_from_question")),
                 None)
    if named:
        parts.append(f"(Searched only project {named}, named in the question; pass `project` "
                     "to search another, or all of them.)")
    for n, h in enumerate(found, 1):
        symbol = f"  {symbol_phrase(h)}" if h.get("symbol") else ""
        lexical = (", lexical-only: " + ("dense vector pending" if h["lexical_only"] == "pending"
                                          else str(h["lexical_only"]))
                   if h.get("lexical_only") else "")
        span = line_range(h["start_line"], h["end_line"])
        parts.append(f"\n{n}. {h['project']}/{h['path']}{':' + span if span else ''}"
                     f"{symbol}  ({h['kind']}, score {h['score']:.3f}{lexical})")
        if h.get("copies"):
            parts.append("(" + copies_phrase(h) + ")")
        parts.append(_block(h["content"], h.get("language")))
    return "\n".join(parts)


def context(data: dict[str, Any]) -> str:
    lines = [f"{data['project']}/{data['path']} lines {data['start_line']}-{data['end_line']} "
             f"({data['kind']}, {data['chunks_in_file']} chunks in the file)"]
    if data.get("changed_on_disk"):
        lines.append("Note: the file changed on disk since it was indexed; lines may have "
                     "moved (index_path updates it).")
    for chunk in data["chunks"]:
        head = f"-- lines {chunk['start_line']}-{chunk['end_line']}"
        if chunk.get("symbol"):
            head += f"  {chunk['symbol']}"
        lines += [head, _block(chunk["content"], data.get("language"), limit=None)]
    if data["outline"]:
        lines.append("Outline:")
        lines += [f"  {o['start_line']:>5}-{o['end_line'] or '':<5} {o['symbol']}"
                  + (f" ({o['type']})" if o.get("type") else "") for o in data["outline"]]
    return "\n".join(lines)


def record(r: dict[str, Any]) -> str:
    c = r.get("classification") or {}
    lines = [f"{r['project']}/{r['path']}: {r['status']}"
             + (f" ({r['reason']})" if r.get("reason") else "")]
    if r.get("inside"):
        lines.append(f"inside the skipped directory {r['inside']}")
    for key in ("kind", "subkind", "language", "knowledge_role", "index_policy", "confidence",
                "flags", "rules"):
        value = c.get(key)
        if value not in (None, [], ""):
            lines.append(f"{key}: {', '.join(value) if isinstance(value, list) else value}")
    lines += [f"reason: {reason}" for reason in c.get("reasons", [])]
    lines += [f"signal: {s['type']} = {s['value']} (weight {s['weight']})"
              for s in c.get("signals", [])[:12]]
    lines.append(f"chunks: {r.get('chunks', 0)}")
    return "\n".join(lines)


def job(j: dict[str, Any], stopping: bool = False) -> str:
    """An index run's state; `stopping`: after cancel_index (a run still going is stopping)."""
    head = f"Index run {j['id']} of {j['path']} as project {j['project']!r}: {j['status']}"
    if j["status"] == "cancelled":
        done = f" ({j['done']} of {j['total']} files walked)" if j["total"] else ""
        why = f" {j['reason']}" if j.get("reason") and j["reason"] != CANCELLED else ""
        return (head + done + "." + why + " What it indexed stays searchable; index_path on "
                "the same folder goes on from where it stopped.")
    if stopping and j["status"] in ("queued", "running") and j.get("holders"):
        others = j["holders"]
        return (head + f": your part of it is cancelled, but {others} other "
                f"caller{'s' if others > 1 else ''} asked for the same run, so it goes on for "
                "them (the dashboard's Cancel, or POST /knowledge/jobs/{id}/cancel?all=true, "
                "stops it for everyone).")
    if stopping and j["status"] in ("queued", "running"):
        return (head + ", stopping: it stops at its next file or batch of vectors. Call "
                "cancel_index again to see it end.")
    if j["status"] == "done" and j.get("summary"):
        s = j["summary"]
        keys = ("files_seen", "files_indexed", "files_skipped", "files_failed",
                "chunks_created", "chunks_updated", "chunks_unchanged", "chunks_pruned",
                "seconds")
        text = head + ": " + ", ".join(f"{k.replace('_', ' ')} {s[k]}" for k in keys if k in s)
        for change in (s.get("vectors_changed") or {}).values():
            said = vectors_changed_text(change)
            text += f". {said[0].upper()}{said[1:]}"
        for twin in (s.get("same_files_as") or {}).values():
            text += (f". Project {twin['project']!r} holds the same files, its folder gone: "
                     "searches find them under both names; if this folder is that one renamed, "
                     f"drop the old name (repokb flush --project {twin['project']})")
        for project, folder in (s.get("scope") or {}).items():
            text += (f". The folder lies inside project {project!r} ({folder}/ in it): its "
                     f"files are indexed as part of project {project!r}, not as a new project")
        for folders in (s.get("left_to_other_projects") or {}).values():
            for folder, other in folders.items():
                text += (f". {folder}/ is left to project {other!r}, which indexes it on its "
                         "own")
        return text
    if j["status"] == "failed" and j.get("error"):
        return head + f": {j['error'].get('message')} {j['error'].get('hint') or ''}".rstrip()
    if j["status"] in ("queued", "running"):
        done = f" ({j['done']}/{j['total']} files" + (f", at {j['current']})" if j["current"]
                                                      else ")") if j["total"] else ""
        return (head + done + ". Searches keep answering meanwhile; call index_path again with "
                "the same path to follow it.")
    return head


def projects(items: list[dict[str, Any]], going: Sequence[Job] = ()) -> str:
    """The projects and their counts; a project whose index run is going says so (its counts
    are what the run stored so far: an agent listing during a first run took them as done)."""
    runs = {job.project: f" ({job.project} is being indexed: {job.status}, {job.done}/"
                         f"{job.total} files)" for job in going}
    return "Indexed projects:\n" + "\n".join(
        f"  {p['project']}: {p['chunks']} chunks from "
        f"{files_phrase(p.get('indexed_files'), p['files'])}{runs.get(p['project'], '')}"
        for p in items)


def stats(data: dict[str, Any], project: str | None) -> str:
    scope = f"project {project!r}" if project else "the index"
    lines = [f"{scope}: {data['points']} chunks from {stats_files(data)}"]
    chunks = data.get("points_by_project") or {}
    indexed = data.get("indexed_by_project")
    for key in ("by_status", "by_project", "by_kind", "by_language", "by_role", "by_policy"):
        if key == "by_project" and data.get(key):  # a project's chunks beside its files
            lines.append("by project: " + ", ".join(
                f"{k} {chunks.get(k, 0)} chunks from "
                + files_phrase(None if indexed is None else indexed.get(k, 0), v)
                for k, v in list(data[key].items())[:15]))
        elif data.get(key):
            lines.append(f"{key.replace('_', ' ')}: "
                         + ", ".join(f"{k} {v}" for k, v in list(data[key].items())[:15]))
    return "\n".join(lines)


def freshness(info: dict[str, Any]) -> str:
    """One line per project, then what is being written now."""
    lines = []
    running = {j["project"]: j for j in info["index_jobs"]}
    for p in info["projects"]:
        when = _ago(p["seconds_since_index"], p["indexed_at"])
        line = f"Index of {p['project']}: last indexed {when}"
        if not p["root_exists"]:
            line += f"; its folder {p['root']} is gone"
        else:
            line += _changes(p)
        if p["project"] in running:
            line += f"; an index run is {running[p['project']]['status']} now"
        lines.append(line + ".")
    for name, j in running.items():
        if not any(p["project"] == name for p in info["projects"]):
            lines.append(f"Index of {name}: first index run {j['status']} "
                         f"({j['done']}/{j['total']} files).")
    if info.get("writing") and not running:
        lines.append(f"{info['store_owner'] or 'Another process'} is writing to the index now "
                     "(an index run or an upload): results may change in a moment.")
    return "\n".join(lines)


def _changes(p: dict[str, Any]) -> str:
    """What changed on disk since a project's last run, for its freshness line."""
    added = p.get("added_since_index")
    parts = []
    if p["changed_since_index"] or p["deleted_since_index"]:
        deleted = p["deleted_since_index"]
        parts.append(f"{p['changed_since_index']} of its {p['files_recorded']} files changed "
                     f"and {deleted} {'was' if deleted == 1 else 'were'} deleted on disk since "
                     f"(e.g. {', '.join(p['changed_examples'][:3])})")
    if added:
        count = f"{added}{'+' if p.get('added_more') else ''}"
        parts.append(f"{count} {'file was' if added == 1 else 'files'} added since, not in the "
                     f"index (e.g. {', '.join(p['added_examples'][:3])})")
    if parts:
        return "; " + "; ".join(parts) + ": results may be stale, index_path updates it"
    if added is None:
        return ("; no recorded file changed on disk since (added files are seen after the "
                "next index run)")
    return "; no file changed, deleted or added on disk since"


def _ago(seconds: float | None, at: float | None) -> str:
    if seconds is None or at is None:
        return "never (no complete run)"
    stamp = datetime.datetime.fromtimestamp(at, datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    if seconds < 90:
        return f"{seconds:.0f} s ago ({stamp})"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min ago ({stamp})"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.1f} h ago ({stamp})"
    return f"{seconds / 86400:.0f} days ago ({stamp})"


def _block(content: str, language: str | None, limit: int | None = _MAX_LINES) -> str:
    lines = content.rstrip().splitlines()
    cut = limit is not None and len(lines) > limit
    shown = "\n".join(lines[:limit] if cut else lines)
    fence = "````" if "```" in shown else "```"
    more = f"\n[... {len(lines) - limit} more lines: get_context shows all]" if cut and limit \
        else ""
    return f"{fence}{language or ''}\n{shown}\n{fence}{more}"
