"""The MCP tools as a client lists them: names, titles, descriptions written for a model, and
JSON input schemas (tools.py carries them out).

Data only, light to import: `repokb mcp` answers `initialize` and `tools/list` from this module
and the SDK before it loads anything that searches or indexes (server.py, starting.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from repokb.models import MAX_LIMIT, MAX_NEIGHBOURS, MAX_PATH_GLOBS, Kind

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
    read_only: bool = True


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
        }}),
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
        }}),
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
        }}),
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
        }}, read_only=False),
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
        }}, read_only=False),
    Tool("list_projects", "List the indexed projects", (
        "The projects in the index, each with its files and chunks, when it was last indexed "
        "and how many of its files changed on disk since."), {
        "type": "object", "additionalProperties": False, "properties": {}}),
    Tool("stats", "What the index holds", (
        "Counts of files and chunks by project, kind, language, knowledge role, index policy "
        "and status (indexed, skipped, failed), and the last index run; for one project or "
        "all."), {
        "type": "object", "additionalProperties": False,
        "properties": {"project": _PROJECT}}),
)}
