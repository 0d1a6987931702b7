"""The Linguist overrides of a project's `.gitattributes` files, as classification rules.

GitHub Linguist reads `linguist-vendored`, `linguist-generated` and `linguist-documentation`
from `.gitattributes`; repokb honours them the same way:

    numpy/linalg/lapack_lite/f2c_*.c linguist-generated     -> generated (metadata only)
    numpy/_core/include/numpy/libdivide/* linguist-vendored  -> vendor (excluded)
    docs/api/** linguist-documentation                      -> documentation
    third_party/ours/** -linguist-vendored                  -> the project's own again
    gen/kept.py linguist-generated=false                    -> not generated

`linguist-language=NAME` (Linguist's name or an alias: `*.inc linguist-language=PHP`, `*.h
linguist-language=C++`) gives the path that language, as repokb names it (formats.linguist_id),
so it is read and cut as one; a name repokb cannot tell is ignored. Set (`attr`, `attr=true`)
makes a path that kind; unset (`-attr`, `attr=false`) turns off
repokb's own rules of that family for the path (vendor, generated, documentation), so the rest
of the table decides it. As in git, a `.gitattributes` may sit in any folder, its patterns
relative to that folder and speaking only of the files below it; a deeper file wins over the
ones above it for the same attribute, and in one file the last line that speaks of it wins.
Patterns are gitignore's without negation (a pattern without a slash matches a name at any
depth, one ending in `/` matches no file), and `!attr` (unspecified) says nothing. The root
file is read first; those of the folders below as the walk finds them (pipeline/classify.py
`Classifier.read_below`), each up to MAX_BYTES; a line that is not understood is skipped. A
file's classification records the digest of the files that speak of it, so an edit of one
re-classifies the files below it only. The repository config (repo_config.py) wins over these:
its rules sort first in each tier, and a `generatedRoots` or `vendorOverrides` path is never
taken by a .gitattributes line.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import BinaryIO

from repokb.models import Kind, SourceFile
from repokb.rules.engine import Condition, Glob, Not, Rule, Then, Tier
from repokb.rules.facts import FileFacts

NAME = ".gitattributes"
MAX_BYTES = 256_000
_ATTRIBUTES = {"linguist-vendored": "vendored", "linguist-generated": "generated",
               "linguist-documentation": "documentation"}
_TRUE, _FALSE = ("", "true", "1"), ("false", "0")  # Linguist's values for set and unset


@dataclass(frozen=True)
class Line:
    number: int
    pattern: str
    regex: re.Pattern[str]
    # (vendored|generated|documentation, set or unset); ("language", Linguist's name, or
    # False: unset)
    values: tuple[tuple[str, bool | str], ...]
    file: str = NAME  # the .gitattributes it is in, relative to the project root

    @property
    def label(self) -> str:
        return f"line {self.number}: {self.pattern}"


@dataclass(frozen=True)
class AttributesFile:
    """One .gitattributes' Linguist lines; its patterns are relative to its folder."""

    folder: str  # relative to the project root, POSIX; "" for the root's own
    lines: tuple[Line, ...]
    digest: str

    @property
    def name(self) -> str:
        return f"{self.folder}/{NAME}" if self.folder else NAME


@dataclass(frozen=True)
class GitAttributes:
    files: tuple[AttributesFile, ...]  # shallowest first

    @cached_property
    def _by_folder(self) -> dict[str, AttributesFile]:
        return {f.folder: f for f in self.files}

    @property
    def lines(self) -> tuple[Line, ...]:
        return tuple(line for f in self.files for line in f.lines)

    def applying(self, path: str) -> list[AttributesFile]:
        """The files that speak of `path`: those of its folder and the folders above it,
        shallowest first."""
        parts = path.split("/")[:-1]
        folders = ["", *("/".join(parts[: i + 1]) for i in range(len(parts)))]
        by_folder = self._by_folder
        return [by_folder[f] for f in folders if f in by_folder]

    def verdict(self, path: str, attribute: str) -> tuple[bool | str, Line] | None:
        """(set or unset, the deciding line) for one attribute of a path; None if no line
        speaks of it. As in git, a deeper file wins over the ones above it, and in one file
        the last matching line wins."""
        for found in reversed(self.applying(path)):
            rel = path[len(found.folder) + 1 :] if found.folder else path
            for line in reversed(found.lines):
                for name, value in line.values:
                    if name == attribute and line.regex.fullmatch(rel):
                        return value, line
        return None

    def language_of(self, path: str) -> tuple[str, Line] | None:
        """The language a `linguist-language=NAME` line gives `path` (Linguist's name, or an
        alias such as `cpp`), with its line; None when none does or the deciding line unsets it
        (`-linguist-language`)."""
        found = self.verdict(path, "language")
        if found is None or not isinstance(found[0], str):
            return None
        return found[0], found[1]

    def digest_of(self, path: str) -> str | None:
        """The content hash of the files that speak of `path` (an edit of one re-classifies
        it); the root file's own hash when it is the only one."""
        found = self.applying(path)
        if not found:
            return None
        if len(found) == 1 and not found[0].folder:
            return found[0].digest
        joined = "+".join(f"{f.name}={f.digest}" for f in found)
        return hashlib.sha256(joined.encode()).hexdigest()[:16]

    def names_of(self, path: str) -> list[str]:
        """The files that speak of `path`, shallowest first."""
        return [f.name for f in self.applying(path)]

    def rules(self, claimed: tuple[str, ...] = ()) -> tuple[Rule, ...]:
        """The rules for the engine; `claimed`: path globs the repository config decides
        (generatedRoots, vendorOverrides), which no .gitattributes line takes from it."""
        spoken = {name for line in self.lines for name, _ in line.values}
        yields = (Not(Glob(claimed)),) if claimed else ()
        out = []
        for attribute, flag, kind, tier, subkind in _OUTCOMES:
            if attribute not in spoken:
                continue
            out.append(Rule(f"gitattributes:not-{attribute}", Tier.VENDOR, (
                Marked(self, attribute, False),), Then(
                    reason=f"not {attribute}: marked {{evidence}}", clears=(flag,)),
                weight=1.0, priority=20, source=NAME))
            out.append(Rule(f"gitattributes:{attribute}", tier, (
                Marked(self, attribute, True), *yields), Then(
                    kind, "marked {evidence}", subkind=subkind, flags=(flag,),
                    confidence=1.0), weight=1.0, priority=5, source=NAME))
        return tuple(out)


# attribute, the flag repokb's own rules of that family carry, kind, tier, subkind
_OUTCOMES = (
    ("vendored", "vendor", Kind.VENDOR, Tier.VENDOR, "gitattributes_vendored"),
    ("generated", "generated", Kind.GENERATED, Tier.GENERATED, "gitattributes_generated"),
    ("documentation", "documentation", Kind.DOCUMENTATION, Tier.PATH, "guide"),
)


@dataclass(frozen=True)
class Marked(Condition):
    """The project's .gitattributes sets (or unsets) a Linguist attribute for the path; the
    evidence names the line."""

    attributes: GitAttributes
    attribute: str
    value: bool
    signal = "gitattributes"

    def check(self, f: FileFacts) -> str | None:
        found = self.attributes.verdict(f.file.path, self.attribute)
        if found is None or found[0] != self.value:
            return None
        spelled = f"linguist-{self.attribute}" if self.value else f"-linguist-{self.attribute}"
        return f"{spelled} in {found[1].file} ({found[1].label})"


def load_gitattributes(root: Path, nested: Iterable[SourceFile] = ()) -> GitAttributes | None:
    """The Linguist lines of the root's .gitattributes and of `nested` (the .gitattributes files
    of folders below the root, as the walk found them); None when no file speaks of Linguist's
    vendored, generated, documentation or language attributes."""
    texts: dict[str, bytes] = {}
    path = root / NAME
    try:
        if path.is_file() and not path.is_symlink():
            texts[NAME] = _read(path.open("rb"))
    except OSError:
        pass
    for file in nested:
        folder, _, name = file.path.rpartition("/")
        if name != NAME or not folder or file.path in texts:
            continue
        try:
            texts[file.path] = _read(file.open())  # never through a symlink, never out of the root
        except OSError:
            continue
    return gitattributes_of(texts)


def gitattributes_of(texts: Mapping[str, bytes]) -> GitAttributes | None:
    """The Linguist lines of a project's .gitattributes files known by their bytes (project-
    relative path -> bytes, each at most MAX_BYTES read): the walk's, read from its folder
    (`load_gitattributes`), and an upload's, kept as they were uploaded (it has no folder).
    Other names are ignored. None when no file speaks of Linguist's attributes."""
    found: dict[str, AttributesFile] = {}
    for path, raw in texts.items():
        folder, _, name = path.rpartition("/")
        if name != NAME:
            continue
        raw = raw[:MAX_BYTES]
        lines = parse(raw.decode("utf-8", errors="replace"), path)
        if lines:
            found[folder] = AttributesFile(folder, lines, _digest(raw))
    if not found:
        return None
    return GitAttributes(tuple(sorted(found.values(), key=lambda f: (f.folder.count("/"),
                                                                      f.folder != "", f.folder))))


def _read(handle: BinaryIO) -> bytes:
    with handle:
        return handle.read(MAX_BYTES)


def _digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()[:16]


def parse(text: str, file: str = NAME) -> tuple[Line, ...]:
    """The lines that set or unset a Linguist attribute; every other line is skipped."""
    from pathspec.patterns.gitignore.spec import GitIgnoreSpecPattern

    out = []
    for number, raw in enumerate(text.splitlines(), 1):
        fields = raw.split()
        if len(fields) < 2 or fields[0].startswith(("#", "!", '"', "[attr]")):
            continue  # blank, comment, negative (forbidden in git), quoted or macro
        values = tuple(v for v in (_value(f) for f in fields[1:]) if v is not None)
        if not values:
            continue
        try:
            regex, include = GitIgnoreSpecPattern.pattern_to_regex(fields[0])
            if not regex or not include:
                continue
            if regex.endswith("/"):  # `dir/**`: a prefix to pathspec, everything inside to git
                regex += ".+"
            elif regex == ".":  # `*`, `**`: pathspec's "matches anything" (it searches)
                regex = ".+"
            compiled = re.compile(regex)
        except (ValueError, TypeError, re.error):
            continue
        out.append(Line(number, fields[0], compiled, values, file))
    return tuple(out)


def _value(field: str) -> tuple[str, bool | str] | None:
    unset = field.startswith("-")
    name, _, value = field.lstrip("-").partition("=")
    if name == "linguist-language":  # `*.inc linguist-language=PHP`, `-linguist-language`
        if unset and not value or value.lower() in _FALSE:
            return "language", False
        return None if unset or value.lower() in _TRUE else ("language", value)
    attribute = _ATTRIBUTES.get(name)
    if attribute is None or unset and value:
        return None
    if unset or value.lower() in _FALSE:
        return attribute, False
    return (attribute, True) if value.lower() in _TRUE else None
