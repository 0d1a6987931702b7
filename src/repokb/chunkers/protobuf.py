"""Protocol Buffers (`.proto`) by its definitions.

- the file's header (its opening comment, `syntax`/`edition`, `package`, `import`s,
  `option`s) is one piece named after the package (type `package`);
- each `message`, `enum`, `service` and `extend` is a piece with the comment right above it;
  a nested message or enum is `Outer.Inner` when its message is big enough to be cut;
- a service is one piece when small, else one piece per `rpc` (`Service.Method`, type `rpc`);
- a big message or enum is cut by its fields (and `oneof`s, `reserved`, options), at field
  boundaries with each field's comment, every piece keeping the message's name.

tree-sitter-pb 0.1.3 (PyPI) ships as source only (no wheel with a compiled grammar: installing
it needs a C compiler), so the structure is read here from the braces and semicolons once
comments and strings are blanked (contractscan.py). Never raises: a surprise gives windows.
"""

from __future__ import annotations

import re
from bisect import bisect_right

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

_BLOCK = re.compile(r"(message|enum|service|extend)\s+\.?([\w.]+)\s*$")
_RPC = re.compile(r"rpc\s+(\w+)\s*\(")
_HEADER = re.compile(r"(syntax|edition|package|import|option)\b")
_PACKAGE = re.compile(r"package\s+([\w.]+)")
CONTAINERS = frozenset({"message", "enum", "service", "extend"})


def definitions(text: str, lines: list[str]) -> list[Definition]:
    s = scan(text, "//", block_comments=True)
    masked = s.masked

    def row_of(offset: int) -> int:
        return max(0, min(bisect_right(s.row_starts, offset) - 1, len(lines) - 1))

    found: list[Definition] = []
    header: list[tuple[int, int]] = []  # rows of the top-level header statements
    package: str | None = None
    # per open block: (its definition or None, the first rows of its member statements)
    stack: list[tuple[Definition | None, list[int]]] = [(None, [])]
    stmt: int | None = None
    for i, c in enumerate(masked):
        if c in " \t\r\n":
            continue
        if stmt is None:
            stmt = i
        if c not in "{};":
            continue
        head = " ".join(masked[stmt:i].split())
        if c == "{":
            stack[-1][1].append(row_of(stmt))
            d = _block(head, s, row_of(stmt), lines)
            stack.append((d, []))
        elif c == "}":
            if len(stack) > 1:
                d, members = stack.pop()
                if d is not None:
                    _close(d, s, row_of(i), i, members, found)
        else:  # a statement ending in `;`
            row = row_of(stmt)
            if head:
                stack[-1][1].append(row)
            if len(stack) == 1 and _HEADER.match(head):
                header.append((row, row_of(i)))
                if m := _PACKAGE.match(head):
                    package = m.group(1)
            elif stack[-1][0] is not None and (m := _RPC.match(head)):
                top = notes_above(s, row)
                found.append(Definition("rpc", m.group(1), None, top, row_of(i),
                                        (s.row_starts[top], i + 1), lines[row].strip()))
        stmt = None
    if header:
        first_def = min((d.start for d in found), default=len(lines))
        rows = [(a, b) for a, b in header if b < first_def]
        if rows:
            top = notes_above(s, rows[0][0])
            if all(kind != CODE for kind in s.kinds[:top]):
                top = 0  # the file's opening comment (its licence) is part of its header
            end = rows[-1][1]
            found.append(Definition("package", package, None, top, end,
                                    (s.row_starts[top], s.row_starts[end + 1]),
                                    lines[rows[0][0]].strip()))
    return found


def _block(head: str, s: Scan, row: int, lines: list[str]) -> Definition | None:
    """The definition a block opened by `head` is (its end is set when it closes)."""
    if m := _BLOCK.match(head):
        kind, name = m.group(1), m.group(2)
    elif m := _RPC.match(head):
        kind, name = "rpc", m.group(1)
    else:
        return None
    top = notes_above(s, row)
    return Definition(kind, name, None, top, row, (s.row_starts[top], -1), lines[row].strip())


def _close(d: Definition, s: Scan, row: int, offset: int, members: list[int],
           found: list[Definition]) -> None:
    d.end = row
    d.span = (d.span[0], offset + 1)
    found.append(d)
    if d.symbol_type not in CONTAINERS:
        return
    # the block's own statements (fields, values, options, oneofs), outside its nested
    # definitions, packed: the cutter makes pieces of them when the block is cut
    nested = []
    for x in reversed(found):  # in the order they closed: d's own definitions last
        if x.span[1] <= d.span[0]:
            break
        if x is not d and d.span[0] <= x.span[0]:
            nested.append((x.start, x.end))
    nested.reverse()
    starts = [r for r in members if r > d.start and not any(a <= r <= b for a, b in nested)]
    runs: list[list[int]] = []
    for r in sorted(set(starts)):
        follows = runs and not any(runs[-1][-1] < a <= r for a, _ in nested)
        if follows:
            runs[-1].append(r)
        else:
            runs.append([r])
    for run in runs:
        after = [a for a, _ in nested if a > run[-1]]
        end = (notes_above(s, min(after)) - 1) if after else row - 1
        end = last_code(s, run[-1], max(run[-1], end))
        found.extend(field_groups(s, run, end, d.symbol_type, d.signature))


register(FoundChunker("protobuf", frozenset({"protobuf"}), definitions,
                      Cutter(module_window=(500, 100), containers=CONTAINERS), finish))
