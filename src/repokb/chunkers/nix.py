"""Nix expressions by attribute: each binding (`src = fetchPypi { ... };`, a `let`'s
`testData = ...;`) from its comment lines to its closing `;`, named by its attribute path
(`meta`, `devShells.x86_64-linux.default`); a big attribute set (over 1500 characters) is cut
per member, named `meta.description`. The function head (`{ lib, pkgs }:`), `inherit` lines and
what no binding holds are windows.

Bindings are found on the text with its comments and strings blanked (a `"x = {"` in a string
or a `''` string opens nothing), at the start of a line; each ends at the first `;` at its own
depth of brackets that no `with x;`, `assert x;` or `inherit x;` holds.
"""

from __future__ import annotations

import re

from repokb.chunkers.base import register
from repokb.chunkers.cutting import Cutter, Definition, FoundChunker
from repokb.chunkers.fixed import first_above, line_starts

_HIDDEN = re.compile(r"#[^\n]*|/\*(?:[^*]|\*(?!/))*(?:\*/|\Z)"
                     r'|"(?:[^"\\]|\\.)*(?:"|\Z)'
                     r"|''(?:[^']|'''|''[$\\]|'(?!'))*(?:''|\Z)")
_NAME = r"[A-Za-z_][\w'-]*"
# a bracket, a `;`, a keyword whose `;` closes no binding, or a binding `a.b = ` (a `let`'s on
# its own line or not: `let pkgs = x; in` must not close the binding around it)
_TOKEN = re.compile(rf"[{{}}\[\]();]|\b(?P<kw>with|assert|inherit)\b"
                    rf"|(?:(?<=[{{;\s])|^)(?P<name>{_NAME}(?:[ \t]*\.[ \t]*{_NAME})*)"
                    r"[ \t]*=(?![=>])", re.M)
_OPEN, _CLOSE = "{[(", "}])"


def _blank(text: str) -> str:
    """The text with its comments and strings as spaces (newlines kept: offsets hold)."""
    return _HIDDEN.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)


def bindings(text: str, lines: list[str]) -> list[Definition]:
    """Every binding that opens a line, at any depth, each to its `;`."""
    starts = line_starts(lines)
    blank = _blank(text)
    found: list[Definition] = []
    depth = 0
    open_: list[tuple[int, int, str]] = []  # (depth, offset, name) of bindings not yet closed
    scoped: list[int] = []  # depths of `with x;`, `assert x;`, `inherit x;`: their `;` closes
    # no binding
    for m in _TOKEN.finditer(blank):
        c = m.group()
        if m.group("kw"):
            scoped.append(depth)
        elif m.group("name"):
            open_.append((depth, m.start("name"), re.sub(r"\s+", "", m.group("name"))))
            if blank[blank.rfind("\n", 0, m.start("name")) + 1 : m.start("name")].strip():
                open_[-1] = (depth, -1, "")  # not at the start of its line: no piece of its own
        elif c in _OPEN:
            depth += 1
        elif c in _CLOSE:
            depth -= 1
            while open_ and open_[-1][0] > depth:
                open_.pop()  # a binding left unclosed in a set that closed: not one
            while scoped and scoped[-1] > depth:
                scoped.pop()
        elif c == ";" and scoped and scoped[-1] == depth:
            scoped.pop()
        elif c == ";" and open_ and open_[-1][0] == depth:
            _depth, at, name = open_.pop()
            if at < 0:
                continue
            row = text.count("\n", 0, at)
            end = text.count("\n", 0, m.start())
            first = first_above(lines, row, _comment)
            found.append(Definition(symbol_type="attribute", name=name, owner=None,
                                    start=first, end=end, span=(starts[first], m.end()),
                                    signature=lines[row].strip()))
    return found


def _comment(line: str) -> bool:
    """A comment line directly above a binding: `# ...` or a `/* ... */` block's."""
    text = line.strip()
    return text.startswith(("#", "/*", "*")) or text.endswith("*/")


register(FoundChunker("nix", frozenset({"nix"}), bindings,
                      Cutter(module_window=(500, 100), containers=frozenset({"attribute"}))))
