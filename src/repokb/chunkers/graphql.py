"""GraphQL schemas and documents (`.graphql`, `.gql`) by their definitions.

Each definition is a piece with its description string (or `#` comments) right above it, named
and typed by its keyword: `type`, `interface`, `input`, `enum`, `union`, `scalar`, `directive`
(named without its `@`), `schema`; an `extend type X` is typed `extend`; operations by name
(`query`, `mutation`, `subscription`; an anonymous `{ ... }` is a nameless query) and
`fragment X on Y` as `X`. A definition bigger than the cutter's split size (GitHub's
`type Repository`, 150 fields) is cut at its fields, each with its description, every piece
keeping the type's name.

tree-sitter-graphql 0.1.0 (PyPI) ships as source only (no wheel with a compiled grammar), so a
definition is found as a row at nesting depth 0 that starts with its keyword, once comments and
strings are blanked (contractscan.py). Never raises: a surprise gives windows.
"""

from __future__ import annotations

import re

from repokb.chunkers.base import register
from repokb.chunkers.contractscan import (
    CODE,
    Scan,
    field_groups,
    finish,
    last_code,
    notes_above,
    scan,
)
from repokb.chunkers.cutting import Cutter, Definition, FoundChunker

_START = re.compile(r"(extend\s+)?(type|interface|input|enum|union|scalar|directive|schema|query"
                    r"|mutation|subscription|fragment)\b\s*@?(\w*)|\{")
_TYPES = frozenset({"type", "interface", "input", "enum", "union", "scalar", "directive",
                    "schema"})
# an operation's own `{ ... }` is cut at its top-level selections too when big
CONTAINERS = _TYPES | {"extend", "query", "mutation", "subscription", "fragment"}


def definitions(text: str, lines: list[str]) -> list[Definition]:
    s = scan(text, "#", block_comments=False)
    starts: list[tuple[int, str, str | None]] = []  # (row, symbol type, name)
    code_above: int | None = None  # the last code row before this one
    for row, kind in enumerate(s.kinds):
        above = code_above
        if kind == CODE:
            code_above = row
        if kind != CODE or s.depth[row] != 0:
            continue
        m = _START.match(s.masked[s.row_starts[row]:s.row_starts[row + 1]].lstrip())
        if not m:
            continue
        if m.group(0) == "{":  # an anonymous query, unless a definition's own `{` below it
            if above is None or s.masked[s.row_starts[above]:s.row_starts[above + 1]
                                         ].rstrip().endswith("}"):
                starts.append((row, "query", None))
            continue
        keyword, name = m.group(2), m.group(3) or None
        if keyword == "schema":  # `schema @link(...) {`, `extend schema @link(...)`
            starts.append((row, "extend" if m.group(1) else "schema", "schema"))
        elif m.group(1):
            starts.append((row, "extend", name))
        else:
            starts.append((row, keyword, name))
    found: list[Definition] = []
    tops = [notes_above(s, row) for row, _, _ in starts]
    for k, (row, kind, name) in enumerate(starts):
        top = tops[k]
        limit = tops[k + 1] - 1 if k + 1 < len(starts) else len(lines) - 1
        end = last_code(s, row, max(row, limit))
        found.append(Definition(kind, name, None, top, end,
                                (s.row_starts[top], s.row_starts[end + 1]), lines[row].strip()))
        found.extend(_fields(s, row, end, kind, lines[row].strip()))
    return found


def _fields(s: Scan, row: int, end: int, kind: str, signature: str) -> list[Definition]:
    """A definition's fields (enum values, selections): code rows at depth 1 inside it."""
    rows = [r for r in range(row + 1, end + 1) if s.kinds[r] == CODE and s.depth[r] == 1]
    if not rows:
        return []
    closing = end if s.depth[end] == 1 and not s.masked[
        s.row_starts[end]:s.row_starts[end + 1]].strip().rstrip("}").strip() else None
    rows = [r for r in rows if r != closing]
    if not rows:
        return []
    return field_groups(s, rows, last_code(s, rows[-1], (closing or end + 1) - 1), kind,
                        signature)


register(FoundChunker("graphql", frozenset({"graphql"}), definitions,
                      Cutter(module_window=(500, 100), containers=CONTAINERS), finish))
