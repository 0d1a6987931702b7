"""Stage 2 — classify: decide what each file is and whether it may become knowledge, and why.

Rules run in the precedence of SPEC §2, highest first; the first rule that decides wins and
every rule that looked records its signal. Only a bounded head of the file is read here.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import PurePosixPath

from repokb.models import Classification, Kind, Policy, Role, Signal, SourceFile
from repokb.rules import tables as T
from repokb.secrets import find_secret

CLASSIFIER_VERSION = "0.1.0"


@dataclass
class FileFacts:
    """What the rules may look at: the path always, the head of the content only on demand."""

    file: SourceFile
    head_bytes: int
    max_file_bytes: int
    signals: list[Signal] = field(default_factory=list)
    content: bytes | None = None  # the file's bytes when they come from memory (uploads)

    @cached_property
    def name(self) -> str:
        return PurePosixPath(self.file.path).name

    @cached_property
    def ext(self) -> str:
        return PurePosixPath(self.file.path).suffix.lower()

    @cached_property
    def dirs(self) -> tuple[str, ...]:
        return tuple(p.lower() for p in PurePosixPath(self.file.path).parts[:-1])

    @cached_property
    def head(self) -> bytes:
        if self.content is not None:
            return self.content[: self.head_bytes]
        try:
            with self.file.absolute.open("rb") as fh:
                return fh.read(self.head_bytes)
        except OSError:
            return b""

    @cached_property
    def head_text(self) -> str:
        return self.head.decode("utf-8", errors="replace")

    @property
    def language(self) -> str | None:
        return T.LANGUAGE_BY_EXTENSION.get(self.ext) or T.LANGUAGE_BY_NAME.get(self.name)

    def note(self, type_: str, value: str, weight: float) -> None:
        self.signals.append(Signal(type=type_, value=value, weight=weight))


@dataclass(frozen=True)
class Decision:
    kind: Kind
    role: Role
    policy: Policy
    reason: str
    subkind: str | None = None
    flags: tuple[str, ...] = ()
    confidence: float = 0.9


Rule = Callable[[FileFacts], Decision | None]


def _secret_file(f: FileFacts) -> Decision | None:
    lowered = f.name.lower()
    if lowered.endswith(T.SECRET_TEMPLATE_SUFFIXES):
        return None
    for glob in T.SECRET_NAME_GLOBS:
        if fnmatch.fnmatchcase(lowered, glob):
            f.note("name", glob, 1.0)
            return Decision(Kind.SECRET_CANDIDATE, Role.BLOCKED, Policy.BLOCK,
                            f"secret file name matches {glob!r}", subkind="secret_file",
                            flags=("sensitive",), confidence=1.0)
    return None


def _empty(f: FileFacts) -> Decision | None:
    if f.file.size == 0:
        f.note("size", "0", 1.0)
        return Decision(Kind.UNKNOWN, Role.EXCLUDED, Policy.EXCLUDE, "empty file", confidence=1.0)
    return None


def _build_artifact(f: FileFacts) -> Decision | None:
    if f.ext in T.BUILD_ARTIFACT_EXTENSIONS:
        f.note("extension", f.ext, 1.0)
        return Decision(Kind.BUILD_ARTIFACT, Role.EXCLUDED, Policy.EXCLUDE,
                        f"compiled artifact ({f.ext})", flags=("binary",), confidence=1.0)
    return None


def _binary_extension(f: FileFacts) -> Decision | None:
    if f.ext in T.BINARY_EXTENSIONS:
        f.note("extension", f.ext, 0.9)
        kind = Kind.ASSET if f.ext in {".png", ".jpg", ".jpeg", ".gif", ".svg", ".ico",
                                       ".webp", ".woff", ".woff2", ".ttf"} else Kind.BINARY
        return Decision(kind, Role.EXCLUDED, Policy.EXCLUDE, f"binary format ({f.ext})",
                        flags=("binary",), confidence=0.95)
    return None


def _too_large(f: FileFacts) -> Decision | None:
    if f.file.size > f.max_file_bytes:
        f.note("size", str(f.file.size), 0.8)
        kind = Kind.DATA if f.language in T.DATA_LANGUAGES else Kind.UNKNOWN
        return Decision(kind, Role.METADATA_ONLY, Policy.METADATA_ONLY,
                        f"file of {f.file.size} bytes exceeds max_file_bytes "
                        f"({f.max_file_bytes})", flags=("large",))
    return None


def _binary_content(f: FileFacts) -> Decision | None:
    head = f.head
    if b"\x00" in head:
        f.note("content", "NUL byte in head", 1.0)
        return Decision(Kind.BINARY, Role.EXCLUDED, Policy.EXCLUDE,
                        "binary content (NUL bytes)", flags=("binary",), confidence=0.95)
    controls = sum(1 for b in head if b < 9 or 13 < b < 32)
    if head and controls / len(head) > 0.1:
        f.note("content", f"control-byte ratio {controls / len(head):.2f}", 0.8)
        return Decision(Kind.BINARY, Role.EXCLUDED, Policy.EXCLUDE,
                        "binary content (control bytes)", flags=("binary",))
    return None


def _secret_content(f: FileFacts) -> Decision | None:
    found = find_secret(f.head_text)
    if found:
        f.note("content", f"secret-like value ({found})", 1.0)
        return Decision(Kind.SECRET_CANDIDATE, Role.BLOCKED, Policy.BLOCK,
                        f"secret-like content ({found})", subkind=found,
                        flags=("sensitive",), confidence=0.9)
    return None


def _lockfile(f: FileFacts) -> Decision | None:
    if f.name in T.LOCKFILE_NAMES:
        f.note("name", f.name, 1.0)
        return Decision(Kind.LOCKFILE, Role.METADATA_ONLY, Policy.METADATA_ONLY,
                        "dependency lockfile: metadata only", subkind=f.name, confidence=1.0)
    return None


def _generated(f: FileFacts) -> Decision | None:
    head = f.head_text[:2000]
    for marker in T.GENERATED_MARKERS:
        if marker in head:
            f.note("content", f"generated marker {marker!r}", 0.9)
            return Decision(Kind.GENERATED, Role.EXCLUDED, Policy.EXCLUDE,
                            f"generated code (marker {marker!r})", flags=("generated",))
    lines = f.head_text.splitlines() or [""]
    longest = max(len(line) for line in lines)
    if f.language in ("javascript", "css") and (".min." in f.name or longest > 1000):
        f.note("content", f"minified shape (longest line {longest})", 0.9)
        return Decision(Kind.GENERATED, Role.EXCLUDED, Policy.EXCLUDE, "minified code",
                        subkind="minified", flags=("generated", "minified"))
    return None


def _manifest(f: FileFacts) -> Decision | None:
    if f.name in T.MANIFEST_NAMES:
        f.note("name", f.name, 0.9)
        return Decision(Kind.DEPENDENCY_MANIFEST, Role.SUPPORTING, Policy.INDEX_TEXT,
                        "dependency manifest", subkind=f.name)
    return None


def _path_conventions(f: FileFacts) -> Decision | None:
    if any(d in T.FIXTURE_DIRS for d in f.dirs):
        f.note("path", "fixture directory", 0.8)
        return Decision(Kind.TEST_FIXTURE, Role.METADATA_ONLY, Policy.METADATA_ONLY,
                        "test fixture: metadata only")
    lang = f.language
    is_test_name = (f.name.startswith("test_") or f.name.endswith(("_test.py", "_test.go"))
                    or ".test." in f.name or ".spec." in f.name or f.name == "conftest.py")
    if lang in T.CODE_LANGUAGES and (is_test_name or any(d in T.TEST_DIRS for d in f.dirs)):
        f.note("path", "test layout", 0.8)
        return Decision(Kind.TEST, Role.SUPPORTING, Policy.PARSE_AND_INDEX, "test code")
    return None


def _by_language(f: FileFacts) -> Decision | None:
    lang = f.language
    if lang is None:
        return None
    f.note("extension", f.ext or f.name, 0.6)
    if lang in T.CODE_LANGUAGES:
        return Decision(Kind.SOURCE, Role.PRIMARY, Policy.PARSE_AND_INDEX, f"{lang} source")
    if lang in T.DOC_LANGUAGES:
        return Decision(Kind.DOCUMENTATION, Role.PRIMARY, Policy.PARSE_AND_INDEX,
                        f"{lang} documentation")
    if lang in T.CONFIG_LANGUAGES:
        return Decision(Kind.CONFIGURATION, Role.SUPPORTING, Policy.INDEX_TEXT,
                        f"{lang} configuration")
    if lang in ("dockerfile", "make", "groovy"):
        return Decision(Kind.INFRASTRUCTURE, Role.OPERATIONAL, Policy.INDEX_TEXT,
                        f"{lang} build/infrastructure file")
    if lang in T.DATA_LANGUAGES or lang == "jupyter":
        return Decision(Kind.DATA, Role.METADATA_ONLY, Policy.METADATA_ONLY,
                        f"{lang} data: metadata only")
    if lang in T.MARKUP_LANGUAGES:
        return Decision(Kind.ASSET, Role.METADATA_ONLY, Policy.METADATA_ONLY,
                        f"{lang} markup/style: metadata only by default")
    return None


def _log(f: FileFacts) -> Decision | None:
    if f.ext in (".log", ".out") or f.name.endswith(".log.1"):
        f.note("extension", f.ext, 0.9)
        return Decision(Kind.LOG, Role.EXCLUDED, Policy.EXCLUDE, "log output: volatile noise")
    return None


def _unknown(f: FileFacts) -> Decision:
    f.note("fallback", "no rule matched", 0.1)
    return Decision(Kind.UNKNOWN, Role.EXCLUDED, Policy.EXCLUDE, "unknown format",
                    confidence=0.3)


# Precedence, highest first (SPEC §2): block > secrets > vendor/build > generated > path
# conventions > extension/language > unknown. Cheap path rules run before any read.
RULES: tuple[Rule, ...] = (
    _secret_file, _empty, _build_artifact, _binary_extension, _too_large, _binary_content,
    _secret_content, _lockfile, _generated, _manifest, _log, _path_conventions, _by_language,
)


def classify(file: SourceFile, *, head_bytes: int = 8192, max_file_bytes: int = 2_000_000,
             head: bytes | None = None) -> Classification:
    """Classify a file; `head` gives its first bytes from memory instead of reading the disk."""
    facts = FileFacts(file=file, head_bytes=head_bytes, max_file_bytes=max_file_bytes,
                      content=head)
    decision = next((d for rule in RULES if (d := rule(facts)) is not None), None)
    if decision is None:
        decision = _unknown(facts)
    return Classification(
        kind=decision.kind,
        subkind=decision.subkind,
        language=facts.language,
        knowledge_role=decision.role,
        index_policy=decision.policy,
        reasons=(decision.reason,),
        confidence=decision.confidence,
        flags=decision.flags,
        signals=tuple(facts.signals),
        classifier_version=CLASSIFIER_VERSION,
    )
