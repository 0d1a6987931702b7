"""R (`.R`, `.r`) by its top-level definitions, found by their heads and brackets.

No tree-sitter grammar for R is packaged here. An R script is a sequence of top-level
expressions; a definition is one that opens a line at bracket depth 0:
- a function, `name <- function(...)`, `name = function(...)`, `name <<- function`, R 4.1's
  `name <- \\(x) ...`, a backquoted `` `%+%` <- function `` (symbol type `function`);
- a class: `Name <- R6::R6Class("Name", ...)`, `setClass("Name", ...)`,
  `setRefClass("Name", ...)` (`class`); S4's `setGeneric("area", ...)` (`function`) and
  `setMethod("area", "Circle", ...)` (`method`, `Circle.area`);
- testthat's `test_that("lag works", {...})` and `describe("...", {...})` by their description.
Each runs to the row where its brackets close and the line does not go on (an operator, a
comma or an opening bracket at its end, a function's parameters with the body on the next
line). The `#` and roxygen `#'` comment lines directly above a definition are part of it.
Brackets are counted outside strings and comments (bracescan.py); the rest of the file
(`library()` calls, scripts) goes into 400/80 windows. Any surprise gives the windows.
"""

from __future__ import annotations

import re

from repokb.chunkers.base import register
from repokb.chunkers.bracescan import Syntax, scan_text
from repokb.chunkers.cutting import Cutter, Definition, FoundChunker
from repokb.chunkers.fixed import first_above, line_starts

_SYNTAX = Syntax(line_comment="#", block_comments=False, triple_quotes="", brackets="{}()[]")
_NAME = r"(?P<name>[A-Za-z.][\w.]*|`[^`\n]+`|\"[^\"\n]+\")"
_ASSIGN = _NAME + r"\s*(?:<<?-|=)\s*"
_FUNCTION = re.compile(_ASSIGN + r"(?:function\b|\\\()")
_R6 = re.compile(_ASSIGN + r"(?:R6::)?R6Class\s*\(")
_QUOTED_NAME = r"[\"'](?P<name>[^\"'\n]+)"
_S4_CLASS = re.compile(r"(?:methods::)?set(?:Ref)?Class\s*\(\s*(?:Class\s*=\s*)?" + _QUOTED_NAME)
_GENERIC = re.compile(r"(?:methods::)?setGeneric\s*\(\s*(?:name\s*=\s*)?" + _QUOTED_NAME)
_METHOD = re.compile(r"(?:methods::)?setMethod\s*\(\s*(?:f\s*=\s*)?" + _QUOTED_NAME + r"[\"']\s*,"
                     r"\s*(?:signature\s*=\s*)?(?:signature\s*\(\s*)?(?:\w+\s*=\s*)?"
                     r"[\"'](?P<owner>[^\"'\n]+)")
_TEST = re.compile(r"(?:testthat::)?(?P<kind>test_that|describe)\s*\(\s*(?:desc\s*=\s*)?"
                   r"[\"'](?P<name>[^\"'\n]+)")
# a line that goes on: ends with an operator, a comma, an assignment or an opening bracket
_GOES_ON = re.compile(r"(?:<-|<<-|=|\+|-|\*|/|\^|%[^%\s]*%|\|>|\|\|?|&&?|,|~|[({\[])\s*$")


def definitions(text: str, lines: list[str]) -> list[Definition]:
    """The top-level functions, classes and tests of an R file (see the module docstring)."""
    starts = line_starts(lines)
    scanned = scan_text(text, _SYNTAX)
    code = _code_lines(text, lines, starts, scanned.hidden)
    depth_end: list[int] = []  # bracket depth at the end of each row
    depth = 0
    at = 0
    brackets = scanned.brackets
    for row in range(len(lines)):
        while at < len(brackets) and brackets[at][0] < starts[row + 1]:
            depth += 1 if brackets[at][1] in "{([" else -1
            at += 1
        if depth < 0:
            raise ValueError("unbalanced brackets")  # the windows serve
        depth_end.append(depth)
    found: list[Definition] = []
    row = 0
    while row < len(lines):
        opening = row == 0 or depth_end[row - 1] == 0
        head = _head(lines[row]) if opening and lines[row][:1] not in " \t" else None
        if head is None:
            row += 1
            continue
        kind, name = head
        last = _last_row(row, code, depth_end, _FUNCTION.match(lines[row]) is not None)
        top = first_above(lines, row, _comment)
        found.append(Definition(symbol_type=kind, name=name, owner=None, start=top, end=last,
                                span=(starts[top], starts[last + 1]),
                                signature=lines[row].strip()))
        row = last + 1
    return found


def _head(line: str) -> tuple[str, str] | None:
    """(symbol type, name) of a definition opening on this line, or None."""
    if (m := _FUNCTION.match(line)) is not None:
        return "function", m.group("name").strip("`\"")
    if (m := _R6.match(line)) is not None:
        return "class", m.group("name").strip("`\"")
    if (m := _S4_CLASS.match(line)) is not None:
        return "class", m.group("name")
    if (m := _GENERIC.match(line)) is not None:
        return "function", m.group("name")
    if (m := _METHOD.match(line)) is not None:
        return "method", f"{m.group('owner')}.{m.group('name')}"
    if (m := _TEST.match(line)) is not None:
        return ("describe" if m.group("kind") == "describe" else "test"), m.group("name")
    return None


def _last_row(row: int, code: list[str], depth_end: list[int], function: bool) -> int:
    """The row a top-level expression opening on `row` ends on."""
    n = len(code)
    r = row
    while r < n:
        if depth_end[r] == 0:
            stripped = code[r].rstrip()
            if stripped and not _GOES_ON.search(stripped) and not (
                    function and r == row and _bodiless(stripped)):
                return r
        r += 1
    return n - 1


def _bodiless(line: str) -> bool:
    """`f <- function(x, y)` with its body on the next line: nothing after the parameters."""
    m = _FUNCTION.match(line)
    if m is None:
        return False
    opening = line.find("(", m.end() - 1)
    depth = 0
    for i in range(opening, len(line)):
        depth += {"(": 1, ")": -1}.get(line[i], 0)
        if depth == 0:
            return not line[i + 1:].strip()
    return False


def _code_lines(text: str, lines: list[str], starts: list[int],
                hidden: list[tuple[int, int]]) -> list[str]:
    """Each line with its comments blanked (strings kept: `"a" ,` still ends with a comma)."""
    chars = list(text)
    for start, end in hidden:
        if text[start] == "#":
            chars[start:end] = " " * (end - start)
    blanked = "".join(chars)
    return [blanked[starts[i]:starts[i + 1]] for i in range(len(lines))]


def _comment(line: str) -> bool:
    """A `#` or roxygen `#'` comment line (a blank line ends the comments above)."""
    return line.lstrip().startswith("#")


register(FoundChunker("r", frozenset({"r"}), definitions, Cutter(module_window=(400, 80))))
