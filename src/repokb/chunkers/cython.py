"""Cython (`.pyx`, `.pxd`, `.pxi`) by indentation: one chunk per definition.

No tree-sitter grammar for Cython is packaged, but Cython is laid out like Python, so its blocks
are found from the indentation of its logical lines (strings, brackets and backslashes joining
physical lines). Definitions are `def`, `cpdef` and `cdef` functions (`cdef inline int f(...)
nogil:`), `class`, `cdef class` (`cdef public class`), `struct`, `union` and `enum` blocks
(`ctypedef struct`), old-style `property x:` blocks and `cdef extern from "x.h":` blocks (named
by their header). Declarations without a body (a `.pxd`'s `cdef int f(int x)`) stay in the
windows between definitions.

Decorators and comments directly above a definition are part of it. The cutting itself
(classes split per method when long, long definitions in windows, module code in windows) is
cutting.py's, as for the syntax-tree chunker, so symbols read as Python's
(`LuaRuntime.execute`). Indents are measured as Python measures them, a tab to the next multiple
of 8; the pieces keep the file's own text and lines. A file whose indentation does not parse (a
form feed in an indent, a dedent to no open level, an unexpected indent, an unclosed string or
bracket) is cut into the same fixed windows as before; the chunker never raises.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import partial

from repokb.chunkers.base import register
from repokb.chunkers.cutting import Cutter, Definition, FoundChunker
from repokb.chunkers.fixed import first_above

_MODIFIERS = r"(?:(?:public|api|extern|final|readonly|inline|packed|cpdef|cdef)\s+)*"
# (pattern, symbol type); the first group is the name, when there is one
_HEADERS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?:async\s+)?def\s+(\w+)"), "function"),
    (re.compile(r"(?:cdef|ctypedef)\s+" + _MODIFIERS + r"class\s+([\w.]+)"), "class"),
    (re.compile(r"class\s+(\w+)"), "class"),
    (re.compile(r"cdef\s+extern\s+from\s+(\"[^\"]*\"|'[^']*'|\*)"), "extern"),
    (re.compile(r"(?:cdef|cpdef|ctypedef)\s+" + _MODIFIERS + r"(struct|union|enum)\b\s*(\w*)"),
     ""),
    (re.compile(r"property\s+(\w+)\s*:"), "property"),
)
_FUNCTION = re.compile(r"(?:cdef|cpdef)\s")
_CALLED = re.compile(r"(\w+)\s*\(")
_NOT_NAMES = frozenset({"cdef", "cpdef", "inline", "public", "api", "const", "unsigned",
                        "signed", "long", "short", "volatile", "extern", "nogil", "noexcept",
                        "except", "with", "gil", "static"})


@dataclass
class _Logical:
    start: int  # 0-based first row
    end: int  # 0-based last row
    indent: int
    code: str  # its text without comments, physical lines joined


class Malformed(ValueError):
    """Indentation the chunker cannot follow: the file goes to windows."""


def logical_lines(lines: list[str]) -> list[_Logical]:
    """The logical lines that hold code, with the rows they span (a triple-quoted string or an
    open bracket joins rows, as a trailing backslash does). Raises Malformed on a tab or form
    feed in an indent and on a string or bracket left open at the end of the file. A tab in an
    indent counts to the next multiple of 8, as Python's tokenizer counts it."""
    out: list[_Logical] = []
    quote: str | None = None  # the open string's delimiter
    depth, joined, start, code = 0, False, 0, ""
    for row, line in enumerate(lines):
        if quote is None and depth == 0 and not joined:
            start, code = row, ""
            body = line.lstrip(" \t")
            if body[:1].isspace() and body.strip():
                raise Malformed(f"line {row + 1}: indented with a form feed")
        joined = False
        i, n = 0, len(line)
        while i < n:
            ch = line[i]
            if quote is not None:
                if ch == "\\":
                    code += line[i : i + 2]
                    i += 2
                    continue
                if line.startswith(quote, i):
                    code += quote
                    i += len(quote)
                    quote = None
                    continue
                code += ch
                i += 1
                continue
            if ch == "#":
                break
            if ch in "\"'":
                triple = line.startswith(ch * 3, i)
                quote = ch * 3 if triple else ch
                code += quote
                i += len(quote)
                continue
            if ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth = max(0, depth - 1)
            elif ch == "\\" and line[i + 1 :].strip() == "":
                joined = True
                break
            code += ch
            i += 1
        if quote is not None and len(quote) == 1 and not joined:
            quote = None  # a one-line string left open ends with its line
        if quote is None and depth == 0 and not joined and code.strip():
            out.append(_Logical(start, row, _indent(lines[start]), " ".join(code.split())))
        elif quote is None and depth == 0 and not joined:
            code = ""
    if quote is not None or depth:
        raise Malformed("a string or bracket is still open at the end of the file")
    return out


def _check_indentation(logical: list[_Logical]) -> None:
    """Python's rules: indent only after a line ending with `:`, dedent only to an open level."""
    levels = [0]
    opened = False
    for item in logical:
        if item.indent > levels[-1]:
            if not opened:
                raise Malformed(f"line {item.start + 1}: unexpected indent")
            levels.append(item.indent)
        elif item.indent < levels[-1]:
            while levels[-1] > item.indent:
                levels.pop()
            if levels[-1] != item.indent:
                raise Malformed(f"line {item.start + 1}: dedent to no open level")
        opened = item.code.endswith(":")


def _header(code: str) -> tuple[str, str | None] | None:
    """(symbol type, name) when a logical line opens a definition."""
    for pattern, symbol_type in _HEADERS:
        match = pattern.match(code)
        if match is None:
            continue
        if symbol_type == "extern":
            return symbol_type, match.group(1).strip("\"'")
        if not symbol_type:  # struct, union, enum
            kind = match.group(1)
            return ("struct" if kind == "union" else kind), match.group(2) or None
        if symbol_type in ("function", "class") and not code.endswith(":") and ":" not in code:
            return None
        return symbol_type, match.group(1)
    if _FUNCTION.match(code) and code.endswith(":"):  # cdef int f(...) except -1 nogil:
        names = [n for n in _CALLED.findall(code) if n not in _NOT_NAMES]
        if names:
            return "function", names[0]
    return None


def definitions(lines: list[str]) -> list[Definition]:
    """The definitions of a Cython file, each with the decorators and comments right above it."""
    logical = logical_lines(lines)
    _check_indentation(logical)
    found: list[Definition] = []
    for index, item in enumerate(logical):
        header = _header(item.code)
        if header is None:
            continue
        symbol_type, name = header
        end = item.end
        if item.code.endswith(":"):
            for body in logical[index + 1 :]:
                if body.indent <= item.indent:
                    break
                end = body.end
            end = _trailing_comments(lines, end, item.indent, logical, index)
        start = item.start
        before = index - 1
        while (before >= 0 and logical[before].code.startswith("@")
               and logical[before].end == start - 1 and logical[before].indent == item.indent):
            start = logical[before].start
            before -= 1
        start = first_above(lines, start, partial(_comment_at, indent=item.indent))
        found.append(Definition(symbol_type=symbol_type, name=name, owner=None, start=start,
                                end=end, span=(start, end),
                                signature=lines[item.start].strip()))
    return found


def _indent(line: str) -> int:
    """The width of a line's indent: a tab to the next multiple of 8 (the columns of the text
    itself, its offsets and lines, are never changed)."""
    body = line.lstrip(" \t")
    return len(line[: len(line) - len(body)].expandtabs(8))


def _comment_at(line: str, indent: int) -> bool:
    return line.lstrip(" \t").startswith("#") and _indent(line) == indent


def _trailing_comments(lines: list[str], end: int, indent: int, logical: list[_Logical],
                       index: int) -> int:
    """The last row of a block: comment lines indented into it after its last code line
    belong to it (they are not above the next definition)."""
    following = next((x.start for x in logical[index + 1 :] if x.start > end), len(lines))
    row = end
    for r in range(end + 1, following):
        stripped = lines[r].lstrip(" \t")
        if stripped.startswith("#") and _indent(lines[r]) > indent:
            row = r
        elif stripped.strip():
            break
    return row


register(FoundChunker("cython", frozenset({"cython"}), lambda text, lines: definitions(lines),
                      Cutter(module_window=(400, 80))))  # Python's windows
