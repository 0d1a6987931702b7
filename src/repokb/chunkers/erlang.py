"""Erlang (`.erl`, `.hrl`, escripts) by its forms: one chunk per function.

No tree-sitter grammar for Erlang is packaged, but an Erlang file is a sequence of forms, each
ended by a full stop followed by white space, a comment or the end of the file: a function (all
its clauses, `f(0) -> ...; f(N) -> ... .`), an attribute (`-module(m).`, `-export([...]).`,
`-spec f(...) -> ...`, `-record(r, {...}).`). The full stops are found outside strings, quoted
atoms, character literals (`$.`) and `%` comments.

A function is named after its module, dotted as the other languages' scoped names are
(`lists.keyfind` in `-module(lists).`; bare in a header, which has no module); a record
(`-record(state, ...)`) and a type (`-type t() :: ...`) are definitions too. The `-spec` and
`-doc` attributes and the `%` comments directly above a function are part of it. The rest
(module attributes, exports, macros) goes into fixed windows, as cutting.py cuts the code
between definitions. The chunker never raises: any surprise falls back to windows.
"""

from __future__ import annotations

import re

from repokb.chunkers.base import register
from repokb.chunkers.cutting import Definition, FoundChunker
from repokb.chunkers.fixed import first_above, line_starts, row_at

_ATOM = r"(?:[a-z][\w@]*|'(?:\\.|[^'\\\n])+')"
_FUNCTION_HEAD = re.compile(rf"({_ATOM})\s*\(")
_MODULE = re.compile(rf"-module\s*\(\s*({_ATOM})")
_RECORD_OR_TYPE = re.compile(rf"-(record|type|opaque)\s*\(?\s*({_ATOM})")
_ATTACHED = re.compile(r"-(?:spec|doc)\b")  # belongs to the function below it


def forms(text: str) -> list[tuple[int, int]]:
    """(start, end) character offsets of each form: up to and including its full stop."""
    out: list[tuple[int, int]] = []
    start, i, n = 0, 0, len(text)
    while i < n:
        c = text[i]
        if c == "%":
            nl = text.find("\n", i)
            i = n if nl == -1 else nl
        elif c in "\"'":
            i += 1
            while i < n and text[i] != c:
                i += 2 if text[i] == "\\" else 1
            i += 1
        elif c == "$":  # a character literal: `$.`, `$"`, `$\n`
            i += 3 if i + 1 < n and text[i + 1] == "\\" else 2
        elif c == "." and (i + 1 == n or text[i + 1] in " \t\r\n%"):
            out.append((start, i + 1))
            start = i = i + 1
        else:
            i += 1
    return out


def definitions(text: str, lines: list[str]) -> list[Definition]:
    """The functions, records and types of an Erlang file, each with the `-spec`, `-doc` and
    comment lines directly above it."""
    row_starts = line_starts(lines)
    module: str | None = None
    found: list[Definition] = []
    attached: int | None = None  # first row of the -spec/-doc run right above, if any
    for start, end in forms(text):
        body = text[start:end]
        code_at = _first_code(body)
        if code_at is None:
            continue
        first = row_at(row_starts, start + code_at)
        last = row_at(row_starts, end - 1)
        code = body[code_at:]
        if (m := _MODULE.match(code)) is not None:
            module = m.group(1).strip("'")
        header_start = first_above(lines, first, _comment)
        if _ATTACHED.match(code):
            attached = header_start if attached is None else attached
            continue
        kind: str | None = None
        name = ""
        if (m := _RECORD_OR_TYPE.match(code)) is not None:
            kind = "record" if m.group(1) == "record" else "type"
            name = m.group(2).strip("'")
        elif (m := _FUNCTION_HEAD.match(code)) is not None and lines[first][:1] not in " \t":
            kind = "function"
            name = m.group(1).strip("'")
            if module:
                name = f"{module}.{name}"
        if kind is not None:
            top = attached if attached is not None and kind == "function" else header_start
            found.append(Definition(symbol_type=kind, name=name, owner=None, start=top,
                                    end=last, span=(row_starts[top], end),
                                    signature=lines[first].strip()))
        attached = None
    return found


def _first_code(body: str) -> int | None:
    """Offset of a form's first character that is neither white space, a `%` comment nor an
    escript's `#!` line."""
    i, n = 0, len(body)
    while i < n:
        if body[i].isspace():
            i += 1
        elif body[i] == "%" or body.startswith("#!", i):
            nl = body.find("\n", i)
            if nl == -1:
                return None
            i = nl + 1
        else:
            return i
    return None


def _comment(line: str) -> bool:
    """A `%` comment line (a blank line ends the comments above a form)."""
    return line.lstrip().startswith("%")


register(FoundChunker("erlang", frozenset({"erlang"}), definitions))
