"""What the walk finds and what the classifier decides of it: the taxonomy (Kind, Role,
Policy), SourceFile (a file found, opened safely), SkippedPath, Fragment (a client's piece of
a file) and Classification (with the Signals it weighed).
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import asdict, dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, BinaryIO


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
