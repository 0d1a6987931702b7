"""Frozen records passed along the pipeline.

discover -> SourceFile -> classify -> Classification -> chunk -> Chunk -> embed -> EmbeddedChunk
-> store; search returns Hit. Each stage reads one record type and yields the next.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
import uuid
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from functools import cached_property
from pathlib import Path
from typing import Any, BinaryIO

from repokb.errors import InputError
from repokb.formats import CODE


class Kind(StrEnum):
    SOURCE = "source"
    TEST = "test"
    TEST_FIXTURE = "test_fixture"
    DOCUMENTATION = "documentation"
    CONFIGURATION = "configuration"
    CONTRACT = "contract"
    SCHEMA = "schema"
    INFRASTRUCTURE = "infrastructure"
    CI_CD = "ci_cd"
    DEPENDENCY_MANIFEST = "dependency_manifest"
    LOCKFILE = "lockfile"
    GENERATED = "generated"
    VENDOR = "vendor"
    BUILD_ARTIFACT = "build_artifact"
    ASSET = "asset"
    DATA = "data"
    LOG = "log"
    BINARY = "binary"
    SECRET_CANDIDATE = "secret_candidate"
    UNKNOWN = "unknown"


# Test code and its data: embedded last, stepping back in ranking unless asked for, and the
# kinds the `test` lexical-only rule and `test_max_tokens` apply to. Plain strings (payloads
# and store filters carry strings).
TEST_KINDS: tuple[str, ...] = (Kind.TEST.value, Kind.TEST_FIXTURE.value)


class Role(StrEnum):
    PRIMARY = "primary_evidence"
    SUPPORTING = "supporting_evidence"
    CONTRACT = "contract_evidence"
    OPERATIONAL = "operational_evidence"
    METADATA_ONLY = "metadata_only"
    EXCLUDED = "excluded"
    BLOCKED = "blocked_sensitive"


class Policy(StrEnum):
    PARSE_AND_INDEX = "parse_and_index"
    INDEX_TEXT = "index_text"
    METADATA_ONLY = "metadata_only"
    EXCLUDE = "exclude"
    BLOCK = "block"

    @property
    def admits_content(self) -> bool:
        return self in (Policy.PARSE_AND_INDEX, Policy.INDEX_TEXT)


# Linux names an open file's real path under /proc/self/fd: the check that a file read lies in
# its project root is then made on the file opened, not on a path resolved before (no race).
PROC_FD = "/proc/self/fd" if hasattr(os, "O_PATH") and os.path.isdir("/proc/self/fd") else ""

# A repokb home (REPOKB_HOME) holds its catalog by this name, beside a `store` folder: the walk
# skips such a folder inside an indexed tree (its store holds the indexed chunks a second time: a
# home inside the tree was indexed into itself, its payload indexes' JSON files as knowledge).
HOME_CATALOG = "catalog.sqlite3"
HOME_STORE = "store"


@dataclass(frozen=True)
class SourceFile:
    """A discovered file: where it lives and what the walk learnt without reading it."""

    project: str
    root: Path  # absolute project root
    path: str  # canonical: relative to root, POSIX separators, NFC
    size: int
    mtime_ns: int
    disk_path: str = ""  # the spelling on disk when it differs from `path` (an NFD name)

    @property
    def absolute(self) -> Path:
        return self.root / (self.disk_path or self.path)

    def open(self) -> BinaryIO:
        """The file, read-only, never through a symlink: not one at the file itself, and not a
        folder swapped for one after the walk (its real folder must still lie in the root)."""
        path = self.absolute
        inside = str(self.root).rstrip(os.sep) + os.sep
        if PROC_FD:  # Linux: where the file opened really is, in three system calls
            handle = os.open(path, os.O_PATH | os.O_NOFOLLOW)  # opens nothing for reading
            try:
                if not stat.S_ISREG(os.fstat(handle).st_mode):
                    raise OSError(errno.ELOOP, "no longer a regular file")
                if not os.readlink(f"{PROC_FD}/{handle}").startswith(inside):
                    raise OSError(errno.ELOOP, "its folder now leads outside the project root")
                fd = os.open(f"{PROC_FD}/{handle}", os.O_RDONLY)  # that very file
            finally:
                os.close(handle)
            return os.fdopen(fd, "rb")
        folder = os.path.realpath(path.parent)  # elsewhere: resolve the folder, then open
        if folder != inside[:-1] and not folder.startswith(inside):
            raise OSError(errno.ELOOP, "its folder now leads outside the project root")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        return os.fdopen(fd, "rb")


@dataclass(frozen=True)
class Fragment:
    """A piece of a file chunked by a client (seed 002's browser), sent without its file.
    Lines are 1-based when the client knows them, 0 when it does not."""

    project: str
    path: str  # canonical, relative to the project
    chunk_index: int
    content: str
    start_line: int = 0
    end_line: int = 0


@dataclass(frozen=True)
class SkippedPath:
    """A path the walk did not enter or read (a whole directory is recorded once), and why."""

    project: str
    path: str
    reason: str
    kind: str = "unknown"
    is_dir: bool = False
    owner: str = ""  # the other project whose root this folder is (it indexes the files)


@dataclass(frozen=True)
class Signal:
    """One piece of evidence the classifier weighed."""

    type: str  # e.g. "extension", "path", "dir", "content", "size"
    value: str
    weight: float


@dataclass(frozen=True)
class Classification:
    kind: Kind
    language: str | None
    knowledge_role: Role
    index_policy: Policy
    reasons: tuple[str, ...]
    subkind: str | None = None
    confidence: float = 1.0
    flags: tuple[str, ...] = ()
    signals: tuple[Signal, ...] = ()
    classifier_version: str = ""
    config_path: str | None = None  # the repository config(s) that took part, if any
    config_digest: str | None = None  # their content hash: a config edit re-classifies
    rules: tuple[str, ...] = ()  # ids of the rules that fired, in precedence order
    package: str | None = None  # monorepo package root holding the file ("" = project root)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for key in ("kind", "knowledge_role", "index_policy"):
            data[key] = str(data[key])
        data["reasons"] = list(self.reasons)
        data["flags"] = list(self.flags)
        data["rules"] = list(self.rules)
        data["signals"] = [asdict(s) for s in self.signals]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Classification:
        return cls(
            kind=Kind(data["kind"]),
            language=data.get("language"),
            knowledge_role=Role(data["knowledge_role"]),
            index_policy=Policy(data["index_policy"]),
            reasons=tuple(data.get("reasons", ())),
            subkind=data.get("subkind"),
            confidence=float(data.get("confidence", 1.0)),
            flags=tuple(data.get("flags", ())),
            signals=tuple(Signal(**s) for s in data.get("signals", ())),
            classifier_version=data.get("classifier_version", ""),
            config_path=data.get("config_path"),
            config_digest=data.get("config_digest"),
            rules=tuple(data.get("rules", ())),
            package=data.get("package"),
        )


@dataclass(frozen=True)
class ChunkPiece:
    """What a chunker returns: a span of a file and what it defines (lines 1-based, inclusive)."""

    content: str
    start_line: int
    end_line: int
    symbol: str | None = None
    symbol_type: str | None = None  # function, class, method, section, module, window ...
    context: str | None = None  # e.g. the class header of a method, prepended when embedding
    # The (symbol, symbol_type) of short pieces joined into this one (chunkers/joining.py):
    # Fortran's `module tree` head before `tree.tree_inode`, an INI `[server]` too short to keep
    # before `[database]`. The piece is where they are defined too.
    also: tuple[tuple[str, str | None], ...] = ()
    # The namespace the file declares its names in (a Java file's `package com.google.common.
    # collect;`): the enrichment prefix names the piece by its qualified name
    # (`com.google.common.collect.ImmutableList.copyOf`), the symbol stays as written.
    namespace: str | None = None


# How the built-in model's graph is rewritten before it runs (embedders/optimised.py): its
# fusions move vectors in the last digits, so the version signs the vectors (Settings.embed_plan)
# and names the saved graph. 2: NaN guards dropped (bit-identical, unsigned); 3: attention and
# GELU fused, layer norms not fused with their residual adds.
MINILM_GRAPH = 3


def vectors_changed_text(change: dict[str, str]) -> str:
    """What a run says of a project whose vectors are made another way than at its last run
    (`RunReport.vectors_changed`): one clause, for every surface to print as its own."""
    return (f"its vectors are made another way than at its last run (was {change['was']}; "
            f"now {change['now']}), so its files were read again and each chunk the change "
            "concerns was embedded again, once")


@dataclass(frozen=True)
class ParseBudget:
    """The CPU time the parses of one file may take together: `seconds` plus `ms_per_kb` per KB
    of its source (chunkers.base.Allowance spends it).

    Some grammars are far from linear on some inputs (184 KB of unclosed `/*` lines took the
    JavaScript grammar 132 s of CPU, C's 17 s; unclosed `<#` lines PowerShell's 33 s), so a
    hostile file could stall a run, a server's job or a watch. Real files parse at 0.1-0.6 ms/KB
    (Django 5.2.8: 2,392 files, slowest 51 ms; two venvs' site-packages: 35,000 files, slowest
    0.37 s for a 1.6 MB bundle): the defaults (1 s + 5 ms/KB) are 8x the worst rate seen and
    many times any real file's time. CPU time of the parsing thread, so a busy machine does not
    stop a parse early."""

    seconds: float = 1.0
    ms_per_kb: float = 5.0

    def for_bytes(self, size: int) -> float:
        return self.seconds + self.ms_per_kb * size / 1024 / 1000


@dataclass(frozen=True)
class EmbedPlan:
    """Which model makes a chunk's vector and how many of its tokens it reads, by family: code
    says what it is in its signature, docstring and first lines, prose needs its length (BM25
    reads every token either way). Built from the settings (`Settings.embed_plan`); the limits
    are measured in bench/RESULTS.md."""

    model: str
    code: int
    prose: int
    test: int | None = None  # test code's own limit (None: the code limit)

    def for_language(self, language: str | None) -> int:
        return self.code if language in CODE else self.prose

    def for_file(self, kind: str, language: str | None) -> int:
        if self.test is not None and kind in TEST_KINDS and language in CODE:
            return self.test
        return self.for_language(language)


@dataclass(frozen=True)
class Chunk:
    """A piece of a file ready to embed: its identity, position, metadata and enriched text."""

    project: str
    path: str
    chunk_index: int
    start_line: int
    end_line: int
    content: str
    embed_text: str  # content with the enrichment prefix
    symbol: str | None
    symbol_type: str | None
    kind: str
    language: str | None
    role: str
    quality: float
    classifier_version: str
    model: str = ""  # the model that embeds it (EmbedPlan) ...
    token_limit: int = 256  # ... and how many tokens of embed_text it reads
    also: tuple[tuple[str, str | None], ...] = ()  # ChunkPiece.also

    @property
    def point_id(self) -> str:
        return point_id(self.project, self.path, self.chunk_index)

    @cached_property
    def text_hash(self) -> str:
        """Hash of exactly what gets embedded, by which model and cut where: equal hash means
        the vector can be reused (another model or limit must not reuse the old vectors).
        Computed once per chunk (a run asks for it several times)."""
        key = f"{self.model}\n{self.token_limit}\n{self.embed_text}"
        return hashlib.sha256(key.encode()).hexdigest()

    def payload(self) -> dict[str, Any]:
        return {
            "project": self.project,
            "path": self.path,
            "chunk_index": self.chunk_index,
            "start_line": self.start_line,
            "end_line": self.end_line,
            "content": self.content,
            "symbol": self.symbol,
            "symbol_type": self.symbol_type,
            "kind": self.kind,
            "language": self.language,
            "role": self.role,
            "quality": self.quality,
            "text_hash": self.text_hash,
            "token_limit": self.token_limit,
            "classifier_version": self.classifier_version,
        } | ({"also": [list(name) for name in self.also]} if self.also else {})


# Payload keys of a point written without a dense vector: why (`PENDING`: the model has not
# reached it yet; another reason: it never needs one, see pipeline/lexical_only.py) and the
# enrichment head of its embedded text (embed_text = head + content), so the dense pass can
# embed it from the store alone, after a crash too.
LEXICAL_ONLY = "lexical_only"
EMBED_HEAD = "embed_head"
EMBED_TEXT = "embed_text"
PENDING = "pending"
UNEMBEDDED_KEYS = (LEXICAL_ONLY, EMBED_HEAD, EMBED_TEXT)  # dropped once the vector is filled in


@dataclass(frozen=True)
class EmbeddedChunk:
    """A chunk with its vectors. `dense` is None for a lexical-only point (`lexical_only` says
    why): it is found by BM25 alone until (unless) its dense vector is filled in."""

    chunk: Chunk
    dense: list[float] | None
    sparse_indices: list[int]
    sparse_values: list[float]
    lexical_only: str | None = None

    def payload(self) -> dict[str, Any]:
        payload = self.chunk.payload()
        if self.dense is None:
            text, content = self.chunk.embed_text, self.chunk.content
            if text.endswith(content):
                payload[EMBED_HEAD] = text[: len(text) - len(content)]
            else:  # not built as head + content: keep the whole text
                payload[EMBED_TEXT] = text
            payload[LEXICAL_ONLY] = self.lexical_only or PENDING
        return payload


def embedded_text(payload: dict[str, Any]) -> str | None:
    """The text a lexical-only point's dense vector is made from (None: not recorded)."""
    if EMBED_TEXT in payload:
        return str(payload[EMBED_TEXT])
    if EMBED_HEAD in payload:
        return str(payload[EMBED_HEAD]) + str(payload.get("content", ""))
    return None


def line_range(start: int, end: int) -> str:
    """`12-30`, or "" for a fragment uploaded without its lines (stored as 0-0)."""
    return f"{start}-{end}" if start > 0 else ""


def copies_phrase(hit: dict[str, Any]) -> str:
    """'the same text in docs/index.md, other/LICENSE' for a hit's `copies` (its own project's
    paths bare), on every surface that prints hits."""
    places = [c["path"] if c["project"] == hit["project"] else f"{c['project']}/{c['path']}"
              for c in hit.get("copies") or ()]
    return "the same text in " + ", ".join(places)


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
            raise InputError(f"{', '.join(unknown)} is not a kind.",
                             hint="Kinds: " + ", ".join(_KINDS) + ".")


_KINDS = tuple(str(k) for k in Kind)


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

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Hit:
        """The hit `to_json` (with `explain`) gave, its copies records again."""
        copies = tuple(HitCopy(**c) for c in data.get("copies") or ())
        return cls(**{**data, "also": tuple(data.get("also") or ()), "copies": copies})

    def to_json(self, explain: bool = False) -> dict[str, Any]:
        """The `--json` shape; `explain` adds the `provenance` key (opt-in, so the default
        shape stays exactly the documented one); a lexical-only hit says so in one more key, a hit
        whose piece holds short definitions joined into it names them in `also`."""
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


_POINT_NAMESPACE = uuid.UUID("6f1d8c52-3c59-4a8e-9a57-2f4f0e7c1b01")


def point_id(project: str, path: str, chunk_index: int) -> str:
    """Deterministic point id: the same (project, path, index) always lands on the same point."""
    return str(uuid.uuid5(_POINT_NAMESPACE, f"{project}\x00{path}\x00{chunk_index}"))
