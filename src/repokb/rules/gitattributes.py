"""The Linguist overrides of a project's root `.gitattributes`, as classification rules.

GitHub Linguist reads `linguist-vendored`, `linguist-generated` and `linguist-documentation`
from `.gitattributes`; repokb honours them the same way:

    numpy/linalg/lapack_lite/f2c_*.c linguist-generated     -> generated (metadata only)
    numpy/_core/include/numpy/libdivide/* linguist-vendored  -> vendor (excluded)
    docs/api/** linguist-documentation                      -> documentation
    third_party/ours/** -linguist-vendored                  -> the project's own again
    gen/kept.py linguist-generated=false                    -> not generated

Set (`attr`, `attr=true`) makes a path that kind; unset (`-attr`, `attr=false`) turns off
repokb's own rules of that family for the path (vendor, generated, documentation), so the rest
of the table decides it. As in git, the last line that speaks of an attribute wins, patterns
are gitignore's without negation (a pattern without a slash matches a name at any depth, one
ending in `/` matches no file), and `!attr` (unspecified) says nothing. Only the root file is
read, up to MAX_BYTES; a line that is not understood is skipped. The repository config
(repo_config.py) wins over these: its rules sort first in each tier, and a `generatedRoots` or
`vendorOverrides` path is never taken by a .gitattributes line.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from repokb.models import Kind
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
    values: tuple[tuple[str, bool], ...]  # (vendored|generated|documentation, set or unset)

    @property
    def label(self) -> str:
        return f"line {self.number}: {self.pattern}"


@dataclass(frozen=True)
class GitAttributes:
    lines: tuple[Line, ...]
    digest: str

    def verdict(self, path: str, attribute: str) -> tuple[bool, Line] | None:
        """(set or unset, the deciding line) for one attribute of a path; None if no line
        speaks of it. The last matching line wins, as in git."""
        for line in reversed(self.lines):
            for name, value in line.values:
                if name == attribute and line.regex.fullmatch(path):
                    return value, line
        return None

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
        return f"{spelled} in {NAME} ({found[1].label})"


def load_gitattributes(root: Path) -> GitAttributes | None:
    """The root .gitattributes' Linguist lines; None when there is none (or none speaks of
    Linguist's vendored, generated or documentation attributes)."""
    path = root / NAME
    try:
        if not path.is_file() or path.is_symlink():
            return None
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES)
    except OSError:
        return None
    lines = parse(raw.decode("utf-8", errors="replace"))
    if not lines:
        return None
    return GitAttributes(lines, hashlib.sha256(raw).hexdigest()[:16])


def parse(text: str) -> tuple[Line, ...]:
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
            compiled = re.compile(regex)
        except (ValueError, TypeError, re.error):
            continue
        out.append(Line(number, fields[0], compiled, values))
    return tuple(out)


def _value(field: str) -> tuple[str, bool] | None:
    unset = field.startswith("-")
    name, _, value = field.lstrip("-").partition("=")
    attribute = _ATTRIBUTES.get(name)
    if attribute is None or unset and value:
        return None
    if unset or value.lower() in _FALSE:
        return attribute, False
    return (attribute, True) if value.lower() in _TRUE else None
