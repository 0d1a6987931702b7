"""GitHub Linguist's vendored / documentation / generated rules (data/linguist.yml), as conditions.

Each condition returns the Linguist rule that fired as its evidence, so `repokb explain` names it
(`vendor.yml: (^|/)[Vv]+endor/`, `generated.rb: generated_protocol_buffer`). Path rules are
compiled into one alternation per table, so a path that matches none costs one regex search;
content rules read only the head the classifier already holds, and only for their extensions.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from repokb.rules.engine import Condition
from repokb.rules.facts import FileFacts
from repokb.rules.variants import read_package_json

_MINIFIED_EXTENSIONS = (".js", ".css")
_MINIFIED_AVERAGE = 110  # generated.rb minified_files?: average line length over 110
_PACKAGE_MANIFESTS = ("package.json", "bower.json")


_COMPONENT = ("(^|/)", "(^|\\/)")  # Linguist's "at the start of any path component"
_LEADING_ANY = ("([^\\s]*)", "(.*?)")  # a leading any-run changes nothing for a search


class PathTable:
    """Linguist path regexes, searched as Linguist does, but fast: the rules anchored at a path
    component are one alternation matched at each component start, the rules anchored at the
    start one alternation matched once; only the few unanchored rules are searched."""

    def __init__(self, label: str, raws: list[str], names: list[str] | None = None) -> None:
        self.label = label
        component, start, loose = [], [], []
        for raw in raws:
            prefix = next((p for p in _COMPONENT if raw.startswith(p)), None)
            if prefix:
                component.append(raw[len(prefix):])
            elif raw.startswith("^"):
                start.append(raw[1:])
            else:
                lead = next((p for p in _LEADING_ANY if raw.startswith(p)), "")
                loose.append(raw[len(lead):])
        self._component = _alternation(component)
        self._start = _alternation(start)
        self._loose = tuple((_literal(r), re.compile(r)) for r in loose)
        self._named = tuple(zip(names or raws, raws, strict=True))

    def matches(self, path: str) -> bool:
        if self._start.match(path) or any(lit in path and rx.search(path)
                                          for lit, rx in self._loose):
            return True
        at = 0
        while at != -1:
            if self._component.match(path, at):
                return True
            at = path.find("/", at) + 1 or -1
        return False

    def first(self, path: str) -> str | None:
        """The first rule (in the data file's order) that matches, as `file: regex`."""
        if not self.matches(path):
            return None
        return next((f"{self.label}: {name}" for name, raw in self._named
                     if re.search(raw, path)), None)  # re caches the few compiled here


def _literal(pattern: str) -> str:
    """The longest run of plain characters every match must contain ('' if none of 3+): a
    substring test that rules a regex out before it is searched. Only text outside groups and
    classes counts (a group may be optional or one of several alternatives)."""
    runs, run, depth, i = [], "", 0, 0
    while i < len(pattern):
        c = pattern[i]
        if depth == 0 and (c.isalnum() or c in "_-/"):
            run += c
        else:
            if c in "?*{" and run:
                run = run[:-1]  # the last character is optional or repeated
            if c == "|" and depth == 0:
                return ""  # alternatives at the top: no single required run
            runs.append(run)
            run = ""
            if c == "\\":
                i += 1  # an escape: not a plain character
            elif c == "[":
                i = pattern.index("]", i + 2)  # a class: skip it whole
            depth += (c == "(") - (c == ")")
        i += 1
    runs.append(run)
    best = max(runs, key=len)
    return best if len(best) >= 3 else ""


def _alternation(patterns: list[str]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns) or "(?!)")


@dataclass(frozen=True)
class ContentRule:
    rule: str
    extensions: frozenset[str]
    lines: int
    last_lines: int
    contains: str | None
    match: re.Pattern[str] | None

    def holds(self, lines: list[str]) -> bool:
        window = lines[-self.last_lines - 1:] if self.last_lines else lines[: self.lines]
        if self.contains is not None:
            return any(self.contains in line for line in window)
        assert self.match is not None
        return any(self.match.search(line) for line in window)


@cache
def _data() -> dict[str, Any]:
    import yaml

    text = resources.files("repokb.rules").joinpath("data/linguist.yml").read_text("utf-8")
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data: dict[str, Any] = yaml.load(text, Loader=loader)  # noqa: S506 (a safe loader)
    return data


def _table(label: str, entries: list[Any]) -> PathTable:
    kept = [e for e in entries if isinstance(e, str) or not e.get("keep")]
    return PathTable(label, [e if isinstance(e, str) else e.get("narrowed", e["re"])
                             for e in kept])


@cache
def vendor_table() -> PathTable:
    return _table("vendor.yml", _data()["vendor"])


@cache
def vendor_owners() -> dict[str, frozenset[str]]:
    """The library-name vendor rules (as `first` names them) and the packages that own the
    files they name (linguist.yml's `own:`)."""
    return {f"vendor.yml: {e['re']}": frozenset(e["own"]) for e in _data()["vendor"]
            if isinstance(e, dict) and e.get("own")}


def _imports(text: str, packages: frozenset[str]) -> bool:
    """The head imports one of `packages` by name (`import * as bootstrap from "bootstrap"`,
    `require('jquery')`): a module using the library, which no copy of the library does
    (pydata-sphinx-theme 0.24.0's own assets/scripts/bootstrap.js)."""
    return any(re.search(r"""(?:\bfrom|\bimport|\brequire\()\s*["']""" + re.escape(p)
                         + r"""["']""", text) for p in packages if p in text)


def package_name(f: FileFacts) -> str | None:
    """The `name` in the package.json (or bower.json) nearest above the file; read once a run
    per folder."""
    folder = f.nearest_dir_with(_PACKAGE_MANIFESTS)
    if folder is None:
        return None
    names = f.project.package_names
    if folder not in names:
        listing = f.project.names_in(str(f.file.root), folder)
        manifest = next(m for m in _PACKAGE_MANIFESTS if m in listing)
        data = read_package_json(os.path.join(str(f.file.root), folder, manifest))
        name = data.get("name") if isinstance(data, dict) else None
        names[folder] = name if isinstance(name, str) else None
    return names[folder]


@cache
def documentation_table() -> PathTable:
    return _table("documentation.yml", _data()["documentation"])


@cache
def generated_path_table() -> PathTable:
    entries = _data()["generated_paths"]
    return PathTable("generated.rb", [e.get("narrowed", e["re"]) for e in entries],
                     [e["rule"] for e in entries])


@cache
def content_rules() -> tuple[ContentRule, ...]:
    return tuple(ContentRule(e["rule"], frozenset(e["ext"]), int(e.get("lines", 0)),
                             int(e.get("last_lines", 0)), e.get("contains"),
                             re.compile(e["match"]) if "match" in e else None)
                 for e in _data()["generated_content"])


@cache
def _content_extensions() -> frozenset[str]:
    return frozenset(x for r in content_rules() for x in r.extensions) | frozenset(
        _MINIFIED_EXTENSIONS)


def kept_vendor_rules() -> list[tuple[str, str]]:
    """Linguist vendor rules repokb does not apply, with the reason (for docs and tests)."""
    return [(e["re"], e["keep"]) for e in _data()["vendor"]
            if not isinstance(e, str) and e.get("keep")]


def generated_content(f: FileFacts) -> str | None:
    """The generated.rb content rule that holds for the head of the file, if any."""
    ext = f.ext
    if ext not in _content_extensions() or not f.text:
        return None
    first = f.text.split("\n", 41)[:41]
    last: list[str] = []
    for rule in content_rules():
        if ext not in rule.extensions:
            continue
        if rule.last_lines and not last:
            last = f.tail.rsplit("\n", 3)[-3:]  # past the head of a long bundle (mocha.js)
        if rule.holds(last if rule.last_lines else first):
            return f"generated.rb: {rule.rule}"
    if ext in _MINIFIED_EXTENSIONS:
        lines = f.text.split("\n")
        average = len(f.text) / len(lines)
        if average > _MINIFIED_AVERAGE:
            return f"generated.rb: minified_files (average line {average:.0f} chars)"
    return None


@dataclass(frozen=True)
class LinguistPath(Condition):
    """A path table of Linguist (vendor, documentation or generated names)."""

    table: str
    signal = "linguist"

    def check(self, f: FileFacts) -> str | None:
        key = "linguist:" + self.table  # two rules ask for documentation: answer once
        sniffed = f._sniffed
        if key not in sniffed:
            found = _TABLES[self.table]().first(f.file.path)
            owners = vendor_owners().get(found or "") if self.table == "vendor" else None
            if owners and (package_name(f) in owners or _imports(f.text, owners)):
                found = None  # the library's own package, or a module using the library
            sniffed[key] = found
        return sniffed[key]


_TABLES = {"vendor": vendor_table, "documentation": documentation_table,
           "generated": generated_path_table}


@dataclass(frozen=True)
class LinguistGenerated(Condition):
    """generated.rb's content rules, on the head."""

    signal = "linguist"

    def check(self, f: FileFacts) -> str | None:
        return generated_content(f)


@dataclass(frozen=True)
class LinguistVendoredTwin(Condition):
    """An ES or CommonJS module (`.mjs`, `.cjs`) beside the `.js` of the same name that
    Linguist's vendor table names: the library's other module format, which vendor.yml's
    `.js` patterns miss (DataTables' `jquery.dataTables.mjs` beside `jquery.dataTables.js`:
    790 pieces of a vendored library)."""

    signal = "linguist"

    def check(self, f: FileFacts) -> str | None:
        stem, ext = os.path.splitext(f.file.path)
        if ext.lower() not in (".mjs", ".cjs"):
            return None
        twin = stem + ".js"
        if twin.rsplit("/", 1)[-1] not in f.project.names_in(str(f.file.root), "/".join(f.dirs)):
            return None
        found = vendor_table().first(twin)
        return f"{twin} ({found})" if found else None
