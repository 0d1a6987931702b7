"""Why an operation found nothing, said from what the knowledge base holds (its stats).

Computed here, under the operations, so the CLI (with or without an owner) and a REST client get
the same sentence; each surface words its terms (`<<index>>`: errors.worded), as for a hint.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from repokb.errors import known_projects, meant_project
from repokb.models.answers import meant_name

if TYPE_CHECKING:
    from repokb.search import Query


def project_names(stats: dict[str, Any]) -> list[str]:
    """Projects the catalog or the store knows (an upload-only project has no catalog root)."""
    return sorted(set(stats["by_project"]) | set(stats["points_by_project"]))


def nothing_found(stats: dict[str, Any], query: Query, read_project: bool = True,
                  indexing: dict[str, str] | None = None) -> str:
    """Why `query` found nothing: an empty store, a filter naming nothing indexed, or no chunk
    matching all the filters together. (A kind that is no kind never gets here: Query refuses
    it.) `read_project`: the search reads a project out of the question (query.named_project).
    `indexing`: the projects whose index run is going on now and how far it is ("running,
    12/85 files"): a project's first run has stored nothing yet, it is no unknown name."""
    indexing = indexing or {}
    stored = stats["points_by_project"]  # the catalog may know its files before any is stored
    first = [p for p in query.projects if p in indexing and not stored.get(p)]
    if first or (not stats["points"] and indexing and not query.projects):
        going = first or sorted(indexing)
        return (f"project {', '.join(going)} is being indexed for the first time ("
                + "; ".join(indexing[p] for p in going) + "): nothing of it is searchable yet. "
                "Its files become searchable as the run stores them (words first, meaning "
                "after); ask again in a few seconds.")
    if not stats["points"]:
        return "the knowledge base is empty: index a project first (<<index>>)."
    names = project_names(stats)
    unknown = [p for p in query.projects if p not in names]
    if unknown:
        meant = [m for m in (meant_project(p, names) for p in unknown) if m]
        guess = f"Did you mean {', '.join(meant)}? " if meant else ""
        return f"no project named {', '.join(unknown)}. {guess}{known_projects(names)}"
    absent = [k for k in query.kinds if k not in stats["by_kind"]]
    if absent:
        return (f"no indexed file of kind {', '.join(absent)}. Indexed kinds: "
                + ", ".join(sorted(stats["by_kind"])) + ".")
    languages = [x for x in query.languages if x not in stats["by_language"]]
    if languages:  # ("None": the files of no language, which no filter names)
        indexed = sorted(set(stats["by_language"]) - {"None"})
        meant = [m for m in (meant_name(x, indexed) for x in languages) if m]
        guess = f"Did you mean {', '.join(meant)}? " if meant else ""
        return (f"no indexed file in {', '.join(languages)}. {guess}Indexed languages: "
                + ", ".join(indexed) + ".")
    if query.path_globs:
        globs = " or ".join(repr(g) for g in query.path_globs)
        return f"no indexed path matches {globs} (with the other filters)."
    going = [p for p in (query.projects or sorted(indexing)) if p in indexing]
    if going:  # its run stored some files since the search read the store, or none matching yet
        return (f"project {', '.join(going)} is being indexed ("
                + "; ".join(indexing[p] for p in going) + "): nothing it has stored so far "
                "matches; ask again in a few seconds.")
    from repokb.query import named_project  # a search's: an index run never needs it

    named = named_project(query.text, names) if read_project and not query.projects else None
    if named:
        return (f"no chunk of project {named[0]}, named in the question, matches these filters "
                "together; give a project filter to search another, or all of them.")
    return "no chunk matches all these filters together."
