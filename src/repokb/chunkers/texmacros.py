"""TeX packages and classes (`.sty`, `.cls`, `.dtx`, biblatex's `.bbx`/`.cbx`) by macro.

A package is a list of macro definitions; each one that opens a line is a piece named after the
macro it defines, without its backslash (`\\newcommand{\\sysname}{...}` is `sysname`), with the
`%` comment lines directly above it:
- commands: `\\newcommand`, `\\renewcommand`, `\\providecommand` (starred too),
  `\\DeclareRobustCommand`, `\\NewDocumentCommand` and its `Renew`/`Provide`/`Declare` kin,
  `\\def`, `\\gdef`, `\\edef`, `\\xdef` (after `\\long`, `\\protected`, `\\global`): a `macro`;
- environments: `\\newenvironment`, `\\renewenvironment`, `\\NewDocumentEnvironment`: a
  `macro` named after the environment (`claim`).
A definition ends with its body's closing brace (two bodies for an environment and for a
`xparse` command: the argument spec, or the begin and end code), braces counted outside `%`
comments and `\\{`. The rest (`\\RequirePackage`, options, `\\ProvidesPackage`) goes into fixed
windows; any surprise falls back to them.
"""

from __future__ import annotations

import re

from repokb.chunkers.base import register
from repokb.chunkers.cutting import Cutter, Definition, FoundChunker
from repokb.chunkers.fixed import first_above, line_starts, row_at

_PREFIX = r"^[ \t]*(?:\\(?:long|protected|global|outer)\s*)*"
_COMMAND = re.compile(
    _PREFIX + r"\\(?P<how>(?:re|provide)?newcommand\*?|DeclareRobustCommand\*?"
    r"|(?:New|Renew|Provide|Declare)DocumentCommand|[gex]?def)"
    r"\s*(?P<brace>\{)?\s*\\(?P<name>[A-Za-z@]+|.)", re.M)
_ENVIRONMENT = re.compile(
    _PREFIX + r"\\(?P<how>(?:re)?newenvironment\*?|(?:New|Renew|Provide|Declare)"
    r"DocumentEnvironment)\s*\{(?P<name>[A-Za-z@*]+)\}", re.M)


def definitions(text: str, lines: list[str]) -> list[Definition]:
    """The macro and environment definitions of a TeX package, with the comments above."""
    starts = line_starts(lines)
    found: list[Definition] = []
    for m in sorted([*_COMMAND.finditer(text), *_ENVIRONMENT.finditer(text)],
                    key=lambda m: m.start()):
        if found and m.start() < found[-1].span[1]:
            continue  # inside the body of the definition before
        at = m.end()
        if m.re is _COMMAND and m.group("brace"):
            at = text.index("}", at) + 1
        bodies = 2 if m.re is _ENVIRONMENT or "Document" in m.group("how") else 1
        end = _after_groups(text, at, bodies)
        first, last = row_at(starts, m.start("how")), row_at(starts, end - 1)
        top = first_above(lines, first, _comment)
        found.append(Definition(symbol_type="macro", name=m.group("name"), owner=None,
                                start=top, end=last, span=(starts[top], end),
                                signature=lines[first].strip()))
    return found


def _after_groups(text: str, at: int, groups: int) -> int:
    """Where the `groups`-th brace group from `at` closes (parameter text such as `[1]` or
    `#1#2` before a group is skipped); ValueError when a brace is missing."""
    depth, i, n = 0, at, len(text)
    while i < n:
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == "%":
            nl = text.find("\n", i)
            i = n if nl == -1 else nl
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth < 0:
                raise ValueError("unbalanced braces")  # the windows serve
            if depth == 0:
                groups -= 1
                if groups == 0:
                    return i + 1
        i += 1
    raise ValueError("a definition's body never closes")


def _comment(line: str) -> bool:
    """A `%` comment line directly above a definition (not a `%%%%` banner)."""
    s = line.lstrip()
    return s.startswith("%") and not s.startswith("%%%%") and len(s) > 1


register(FoundChunker("tex", frozenset({"tex"}), definitions, Cutter(module_window=(500, 100))))
