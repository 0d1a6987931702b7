"""What every surface asks and answers alike: a search's Query and its bounds, the Hits it
returns, and the phrases each surface words the same way (line ranges, copies, file counts).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from repokb.errors import InputError
from repokb.models.files import Kind


def line_range(start: int, end: int) -> str:
    """`12-30`, or "" for a fragment uploaded without its lines (stored as 0-0)."""
    return f"{start}-{end}" if start > 0 else ""


def copies_phrase(hit: dict[str, Any]) -> str:
    """'the same text in docs/index.md, other/LICENSE' for a hit's `copies` (its own project's
    paths bare), on every surface that prints hits."""
    places = [c["path"] if c["project"] == hit["project"] else f"{c['project']}/{c['path']}"
              for c in hit.get("copies") or ()]
    return "the same text in " + ", ".join(places)


def symbol_phrase(hit: dict[str, Any]) -> str:
    """A hit's symbol with what it is before it, as the embedded text reads it (`class Router`,
    `method Router.handle`, `resource aws_s3_bucket.site`, `task Install nginx`), on every
    surface that prints hits: a class, a function and a Terraform resource told apart at a
    glance; the symbol alone where its type says nothing of it (a window of a long definition)
    or is not known (a hit from an older server)."""
    kind = hit.get("symbol_type")
    return f"{kind} {hit['symbol']}" if kind and kind != "window" else str(hit["symbol"])


def stats_files(data: dict[str, Any]) -> str:
    """What `stats` counts its chunks from, on every surface: `722 files`, or `502 indexed
    files (722 files recorded)` when some were skipped (the chunks come from the indexed)."""
    indexed = (data.get("by_status") or {}).get("indexed")
    return files_phrase(data["files"] if indexed is None else indexed, data["files"])


def files_phrase(indexed: int | None, recorded: int) -> str:
    """A count of files in the one wording of every surface: `38 files` when all recorded are
    indexed, `300 indexed files (451 files recorded)` when some were skipped, `451 files
    recorded` when how many are indexed is not known (an older process's stats)."""
    if indexed is None:
        return f"{recorded} files recorded"
    if indexed == recorded:
        return f"{recorded} files"
    return f"{indexed} indexed files ({recorded} files recorded)"


# A search's bounds, on every surface (CLI, REST, MCP, the owner socket): the hits it returns,
# and the path globs it gives (each is matched against every indexed path: a REST body of
# 20,000 globs held the server for 338 s, 3,000 with literal folders overflowed SQLite's
# expression depth, a 500).
MAX_LIMIT = 100
MAX_PATH_GLOBS = 20
# the neighbouring chunks a file context adds on either side (filecontext.py), on every surface
MAX_NEIGHBOURS = 5


@dataclass(frozen=True)
class Query:
    """A search request, as every surface builds it (a record here, so that a command sending
    it to the owner imports no search machinery)."""

    text: str
    limit: int = 10
    projects: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()
    path_globs: tuple[str, ...] = ()  # any of these globs (globs.py), like kinds and languages
    explain: bool = False  # also the catalog's view of each hit (policy, file mtime): a lookup
    context_lines: int = 0  # lines of the file around each hit, added on request

    def __post_init__(self) -> None:
        """A kind filter that names no kind is a mistake, not a search that finds nothing
        (every surface builds its Query, so each says so the same way)."""
        unknown = [k for k in self.kinds if k not in _KINDS]
        if unknown:
            meant = [m for k in unknown if (m := meant_kind(k))]
            raise InputError(f"{', '.join(unknown)} is not a kind.",
                             hint=(f"Did you mean {', '.join(meant)}? " if meant else "")
                             + "Kinds: " + ", ".join(_KINDS) + ".")


_KINDS = tuple(str(k) for k in Kind)


def meant_kind(typed: str) -> str | None:
    """The kind a mistyped one most likely means (`sourcee`, `tests`, `Docs`): its one close
    spelling, or the kind it begins (`doc` is `documentation`); None when none is."""
    return meant_name(typed, _KINDS)


def meant_name(typed: str, names: Iterable[str]) -> str | None:
    """The one of `names` (kinds, languages: an enum-like filter's values) a mistyped name
    most likely means, on every surface (the CLI's refusal, REST's 422, a why-nothing
    sentence): its close spelling (`sourcee`, `pyhton`, `Docs`), or the one name it begins
    (`doc` is `documentation`, `javascr` is `javascript`); None when none or several are."""
    import difflib

    low, names = typed.strip().lower(), list(names)
    close = difflib.get_close_matches(low, names, n=1, cutoff=0.75)
    if close:
        return close[0]
    begun = [n for n in names if len(low) >= 3 and n.startswith(low.rstrip("s"))]
    return begun[0] if len(begun) == 1 else None


@dataclass(frozen=True, order=True)
class HitCopy:
    """Where else a hit's text is, byte for byte (`Hit.copies`)."""

    project: str
    path: str
    start_line: int
    end_line: int


@dataclass(frozen=True)
class Hit:
    """One search result, as `repokb search --json` prints it (plus provenance)."""

    path: str
    start_line: int
    end_line: int
    symbol: str | None
    kind: str
    language: str | None
    score: float
    project: str
    content: str
    provenance: dict[str, Any] = field(default_factory=dict)
    # Why the hit has no dense vector (found by BM25 alone): "pending" while the index run's
    # dense pass has not reached it, else the reason it never gets one. None: hybrid.
    lexical_only: str | None = None
    # The project the search was scoped to because the question named it ("how does gin ..."),
    # with no project filter given. None: the question named none, or a filter was given.
    project_from_question: str | None = None
    # The names of short definitions joined into the hit's piece (ChunkPiece.also): Fortran's
    # `module tree` in the piece named `tree.tree_inode`, an INI `[server]` in `database`'s.
    also: tuple[str, ...] = ()
    # The same text at other places (rank_copies.py: a README copied as docs/index.md), folded
    # into this hit rather than taking result slots of their own.
    copies: tuple[HitCopy, ...] = ()
    # What the symbol is, as its chunker named it (`function`, `class`, `method`, `section`,
    # Terraform's `resource`, an Ansible `task`): None for a hit naming no symbol.
    symbol_type: str | None = None

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Hit:
        """The hit `to_json` (with `explain`) gave, its copies records again."""
        copies = tuple(HitCopy(**c) for c in data.get("copies") or ())
        return cls(**{**data, "also": tuple(data.get("also") or ()), "copies": copies})

    def to_json(self, explain: bool = False) -> dict[str, Any]:
        """The `--json` shape; `explain` adds the `provenance` key (opt-in, so the default
        shape stays exactly the documented one); a lexical-only hit says so in one more key, a hit
        whose piece holds short definitions joined into it names them in `also`, a hit naming a
        symbol says what it is in `symbol_type`."""
        data = {
            "path": self.path,
            "start_line": self.start_line,
            "end_line": self.end_line,
            "symbol": self.symbol,
            "kind": self.kind,
            "language": self.language,
            "score": round(self.score, 6),
            "project": self.project,
            "content": self.content,
        }
        if self.symbol and self.symbol_type:
            data["symbol_type"] = self.symbol_type
        if self.lexical_only:
            data["lexical_only"] = self.lexical_only
        if self.project_from_question:
            data["project_from_question"] = self.project_from_question
        if self.also:
            data["also"] = list(self.also)
        if self.copies:
            data["copies"] = [asdict(c) for c in self.copies]
        if explain:
            data["provenance"] = self.provenance
        return data
