"""The reads (operations/__init__.py draws them all): search and why it found nothing, a file's
context, freshness, explain, what a client needs to know (client_config), and the LLM proxy's
reads. None takes the write lock: they keep answering while a write runs."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from repokb.errors import InputError, NotFoundError, require_project
from repokb.formats import linguist_id
from repokb.lexicon import STOP_WORDS
from repokb.models import Kind
from repokb.models.answers import meant_kind
from repokb.operations.base import OperationsBase, in_use, polled
from repokb.operations.guards import LOCAL, Access, no_nul
from repokb.operations.jobs import ACTIVE, Job
from repokb.operations.scope import as_shown
from repokb.operations.why import nothing_found
from repokb.roots import stored_as_given
from repokb.stores.catalog import DECISIONS, RECORD_ORDERS

if TYPE_CHECKING:  # a search's types: an index run never imports the search
    from repokb.search import Query

# Files the dashboard leaves out before uploading (seed 002's KB_SKIP_FILES): agent
# configuration, not project documentation.
SKIP_FILES = ("CLAUDE.md", ".DS_Store", "Thumbs.db")

# GET /knowledge/files: records a page holds by default, and at most
FILES_PAGE, MAX_FILES_PAGE = 50, 500
FILE_STATUSES = (*DECISIONS, "not_indexed")


def _chosen(name: str, typed: str | None, choices: tuple[str, ...],
            meant: Callable[[str], str | None]) -> str | None:
    """`typed` as one of `choices` (any case, `-` for `_`: `metadata-only`), None for none;
    an InputError naming the one it most likely means (`meant`, else a close spelling)."""
    if not typed:
        return None
    value = typed.strip().lower().replace("-", "_").replace(" ", "_")
    if value in choices:
        return value
    guess = meant(typed) or next(iter(difflib.get_close_matches(value, choices, n=1)), None)
    raise InputError(f"{typed!r} is not a {name}.",
                     hint=(f"Did you mean {guess!r}? " if guess else "")
                     + f"One of: {', '.join(choices)}.")


class Reads(OperationsBase):
    # -- reads ------------------------------------------------------------------------------
    def _meant(self, query: Query) -> Query:
        """The query scoped to the projects its names mean (scope.py: `Cobra`, `cobra/`, a
        folder of the project), and to the languages its language names mean, as a
        .gitattributes names them (`JavaScript`, `js`, `C++`: repokb's `javascript`, `cpp`)."""
        meant = tuple(dict.fromkeys(self._project(p) for p in query.projects))
        languages = tuple(dict.fromkeys(linguist_id(x) or x for x in query.languages))
        if (meant, languages) != (query.projects, query.languages):
            query = replace(query, projects=meant, languages=languages)
        return self._globs_as_shown(query)

    def _globs_as_shown(self, query: Query) -> Query:
        """Path globs written as hits show paths, their project first (`undici-6.21.0/lib/**`),
        that match nothing as written but do in that project (`lib/**`): read so. Only when
        every glob names the same project, one of the query's projects if it has some."""
        if not query.path_globs:
            return query
        catalog = self.ws.catalog
        heads = {glob.partition("/")[0] for glob in query.path_globs}
        rests = tuple(glob.partition("/")[2] for glob in query.path_globs)
        if len(heads) != 1 or not all(rests) or \
                (project := next(iter(heads))) not in catalog.project_names() or \
                query.projects and project not in query.projects or \
                catalog.match_paths(query.path_globs, query.projects) or \
                not catalog.match_paths(rests, (project,)):
            return query
        return replace(query, projects=(project,), path_globs=rests)

    @in_use
    def search(self, query: Query) -> list[dict[str, Any]]:
        query = self._meant(query)
        return [h.to_json(explain=query.explain) for h in self.ws.searcher.search(query)]

    def why_nothing(self, query: Query, jobs: Iterable[Job] = ()) -> str:
        """Why `query` finds nothing (say it after an empty search): an empty knowledge base,
        a project, kind or language nothing indexed has, or the filters together. An empty
        query is refused as a search refuses it (it was "no chunk matches all these filters")."""
        if not query.text.strip():
            raise InputError("The query is empty.", hint="Ask a question or name a symbol.")
        query = self._meant(query)
        if not stored_as_given(query.projects):
            from repokb.secrets.paths import stored_names

            # a folder's name holding a credential
            query = replace(query, projects=stored_names(query.projects))
        # a project's first run (this server's, or `jobs`: the runs `repokb mcp` queues)
        indexing = {job.project: f"{job.status}, {job.done}/{job.total} files"
                    for job in (*self.jobs.all(), *jobs) if job.status in ACTIVE}
        return nothing_found(self.stats(), query, self.ws.settings.project_from_question,
                             indexing)

    @in_use
    def context(self, path: str, project: str | None = None, line: int | None = None,
                symbol: str | None = None, before: int = 0, after: int = 0) -> dict[str, Any]:
        """The indexed chunk at a line or symbol of a file, its neighbours and the file outline
        (from the store: redacted text, never the file on disk). The path may be written as
        answers show it, its project first (`shop/src/db.py`)."""
        from repokb.filecontext import file_context  # (with freshness: not a search's imports)

        no_nul(path)  # else echoed back in "not in the catalog" (a NUL in an agent's context)
        project = project if project is None else self._project(project)
        try:
            return file_context(self.ws.catalog, self.ws.store, path, project, line, symbol,
                                before, after)
        except NotFoundError:  # the path as hits show it, its project first?
            shown = as_shown(path, project, self.ws.catalog.project_names())
            if shown is None:
                raise
            return file_context(self.ws.catalog, self.ws.store, *shown, line, symbol, before,
                                after)

    @polled
    def freshness(self, projects: list[str] | None = None) -> list[dict[str, Any]]:
        """When each project (all, or those named) was indexed and how many of its files changed
        on disk since. Reads only the catalog and the disk: any process may answer it, the
        store's owner or not."""
        from repokb.freshness import project_freshness  # (secrets.paths: not a search's)

        return project_freshness(self.ws.catalog, projects)

    @in_use
    def explain(self, path: str, project: str | None = None,
                access: Access = LOCAL) -> dict[str, Any]:
        """A file's record. A trusted caller may name a file on its disk (never indexed: it is
        classified now); a remote one names a project-relative path the catalog knows. Either
        may write it as answers show it, its project first (`shop/src/db.py`)."""
        no_nul(path)
        project = project if project is None else self._project(project)
        require_project(project, self.ws.catalog.project_names())
        try:
            return self._record(path, project, access)
        except NotFoundError:  # the path as hits show it, its project first?
            shown = as_shown(path, project, self.ws.catalog.project_names())
            if shown is None:
                raise
            return self._record(*shown, access)

    @polled
    def files(self, project: str | None = None, status: str | None = None,
              kind: str | None = None, path: str = "", order: str = "path", offset: int = 0,
              limit: int = FILES_PAGE) -> dict[str, Any]:
        """A page of the records of a project (or all): each file's (and each skipped
        folder's) record as explain answers it, with its `decision`; filtered by decision
        (`status`: one of DECISIONS, or `not_indexed`: all but indexed), kind and a piece of
        the path (any case), in `order`. `total` counts the records the filters leave,
        `by_decision` those the other filters leave, by decision. Reads the catalog only."""
        no_nul(path)
        project = project if project is None else self._project(project)
        require_project(project, self.ws.catalog.project_names())
        decisions = _chosen("status", status, FILE_STATUSES, lambda typed: None)
        wanted = (tuple(d for d in DECISIONS if d != "indexed") if decisions == "not_indexed"
                  else (decisions,) if decisions else ())
        kind = _chosen("kind", kind, tuple(str(k) for k in Kind), meant_kind)
        order = _chosen("order", order, tuple(RECORD_ORDERS), lambda typed: None) or "path"
        if offset < 0 or not 1 <= limit <= MAX_FILES_PAGE:
            raise InputError(f"offset must be 0 or more and limit 1 to {MAX_FILES_PAGE}.")
        from repokb.explain import entry_record  # (imports the pipeline: not for a search)

        total, by_decision, entries = self.ws.catalog.records(
            project, wanted, kind, path, order, offset, limit)
        return {"project": project, "total": total, "offset": offset, "limit": limit,
                "by_decision": {d: by_decision.get(d, 0) for d in DECISIONS},
                "files": [{**entry_record(e), "decision": decision, "folder": e.is_dir}
                          for e, decision in entries]}

    def _record(self, path: str, project: str | None, access: Access) -> dict[str, Any]:
        # explain judges a file as a run would (the pipeline's classifier and chunkers): not
        # imported for a search (test_cli_client_imports.py)
        from repokb.explain import explain as explain_path
        from repokb.explain import indexed_record, walk_record

        if access.trusted:
            return explain_path(self.ws.catalog, self.ws.indexer.limits(), path, project)
        # A path under a folder the walk leaves out by name (node_modules/ ...): the dashboard
        # never uploads those, and says why as `repokb index` would. A folder named like build
        # output is one only when the project holds none of its sources (build/__init__.py).
        catalog = self.ws.catalog
        name = project or next(iter(catalog.projects()), "upload")
        record = indexed_record(catalog, path, project) or walk_record(
            name, path, lambda rel: catalog.get(name, rel) is not None)
        if record is not None:
            return record
        raise NotFoundError("That file is not in the catalog.",
                            "Upload or index its project first; paths are relative to the "
                            "project.", log_detail=f"no record for {path!r} in project "
                            f"{project!r}")

    def client_config(self) -> dict[str, Any]:
        from repokb.rules.folders import NAMED_LIKE_OUTPUT, source_markers
        from repokb.rules.folders import table as marker_table
        from repokb.rules.repo_config import CONFIG_NAMES
        from repokb.rules.tables import SKIP_DIR_SUFFIXES, SKIP_DIRS

        s = self.settings
        return {"skip_dirs": sorted(SKIP_DIRS), "skip_dir_suffixes": sorted(SKIP_DIR_SUFFIXES),
                "skip_files": list(SKIP_FILES),
                "source_markers": {name: list(source_markers(name))
                                   for name in sorted(NAMED_LIKE_OUTPUT)},
                "marker_dirs": marker_table(),
                "max_file_bytes": s.max_file_bytes, "max_notebook_bytes": s.max_notebook_bytes,
                "head_bytes": s.head_bytes, "repo_config_names": list(CONFIG_NAMES),
                "max_request_bytes": s.max_request_bytes,
                "max_batch_chunks": s.max_batch_chunks, "max_chunk_chars": s.max_chunk_chars,
                "api_key_configured": bool(s.api_key),
                "stop_words": sorted(STOP_WORDS)}  # not highlighted in results

    # -- the LLM proxy's reads (its answer cache is a shard of its own: stores/answers.py) --
    @in_use
    def projects_meant(self, names: Iterable[str]) -> tuple[str, ...]:
        """The projects names typed as a person types them mean (`cattrs`, `Cattrs`:
        `cattrs-24.1.2`), sorted: X-Repokb-Project's, so one project set is one cache scope."""
        return tuple(sorted(dict.fromkeys(self._project(name) for name in names)))

    @in_use
    def embed_question(self, text: str) -> list[float]:
        """The query vector of a question, as search embeds it (the proxy's cache keys); a
        search for the same words next re-uses it (whitespace never changes a vector)."""
        return self.ws.searcher.query_vector(" ".join(text.split()))

    @in_use
    def chunk_hashes(self, project: str, path: str) -> dict[int, str]:
        """chunk_index -> text_hash of one file's stored chunks (what a cached answer was
        built on)."""
        return {int(p.payload["chunk_index"]): str(p.payload.get("text_hash"))
                for p in self.ws.store.file_points(project, path)}

    @in_use
    def cache_stats(self) -> dict[str, Any]:
        """The LLM proxy's answer cache: entries in all, per scope and per protocol."""
        entries = self.ws.answers.entries()
        by_scope: dict[str, int] = {}
        by_protocol: dict[str, int] = {}
        for e in entries:
            scope = str(e.payload.get("scope") or "*")
            by_scope[scope] = by_scope.get(scope, 0) + 1
            protocol = str(e.payload.get("protocol"))
            by_protocol[protocol] = by_protocol.get(protocol, 0) + 1
        return {"entries": len(entries), "by_scope": by_scope, "by_protocol": by_protocol,
                "path": str(self.settings.cache_path)}
