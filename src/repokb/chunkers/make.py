"""Makefiles (`Makefile`, `GNUmakefile`, `*.mk`, `justfile`) by their rules, line by line.

A Makefile is line-oriented: a rule is a line at the left margin naming its targets before a
`:` (`release: test lint`), followed by its recipe, the lines that start with a tab (a `#` line
or a conditional `ifeq`/`else`/`endif` among them stays in the recipe). So the file is read a
logical line at a time (a `\\` continues a line) rather than with tree-sitter-make 1.1.1 (on
PyPI, it loads and parses Django's docs/Makefile cleanly): the grammar would add a dependency
and give the same boundaries. The pieces:

- a rule, named after its targets (`release`, `%.o`, `bin/orders`), with the comment lines
  and the special targets (`.PHONY: release`) directly above it;
- `define NAME ... endef`, named NAME;
- a block of variable assignments (and the conditionals and comments among them, up to a
  blank line), named after the variables it sets (`GO, GOFLAGS, LDFLAGS`).

The rest (includes, a lone `.PHONY` list) goes into windows; a piece under the minimum joins
the piece beside it. The chunker never raises: any surprise falls back to windows.
"""

from __future__ import annotations

import re

from repokb.chunkers.base import register
from repokb.chunkers.cutting import Definition, FoundChunker
from repokb.chunkers.fixed import line_starts
from repokb.chunkers.packing import first_names

_ASSIGNMENT = re.compile(r"\s*(?:(?:export|override|private|unexport)\s+)*"
                         r"([^\s:#=!?+]+)\s*(?::{1,3}=|\?=|\+=|!=|=)")
_RULE = re.compile(r"([^\s:#=][^:#=]*?)\s*(?:::?|&:)(?!=)")
_SPECIAL = re.compile(r"\.[A-Z_]+\s*:(?!=)")  # `.PHONY: x`, `.SILENT:`, `.DEFAULT_GOAL` is `:=`
_DEFINE = re.compile(r"(?:(?:export|override)\s+)*define\s+([^\s:=?+!]+)")
_CONDITIONAL = re.compile(r"\s*(?:ifeq|ifneq|ifdef|ifndef|else|endif)\b")
# a top-level call (`$(error Missing: FOO)`, `$(eval $(call rule,x))`): no rule, whatever colon
_CALL = re.compile(r"\s*\$[({](?:eval|info|error|warning|call|foreach|if|and|or|shell)\s")
_NAMES_SHOWN = 4  # a variables block is named after its first few variables


def _logical_end(lines: list[str], row: int) -> int:
    """The last row of the logical line starting at `row` (a `\\` at the end continues it)."""
    while row + 1 < len(lines) and lines[row].rstrip("\r\n").endswith("\\"):
        row += 1
    return row


def _is_recipe(line: str) -> bool:
    return line.startswith("\t")


def _in_recipe(line: str) -> bool:
    """A line of a recipe, once a rule is open: a tab first, or (a justfile's) spaces."""
    return line[:1] in (" ", "\t") and bool(line.strip()) and not _CONDITIONAL.match(line)


def _is_comment(line: str) -> bool:
    return line.lstrip().startswith("#")


def definitions(lines: list[str]) -> list[Definition]:
    """The rules, defines and variable blocks of a Makefile."""
    row_starts = line_starts(lines)
    found: list[Definition] = []

    def add(kind: str, name: str, start: int, end: int, head: int) -> None:
        found.append(Definition(symbol_type=kind, name=name, owner=None, start=start, end=end,
                                span=(row_starts[start], row_starts[end + 1]),
                                signature=lines[head].strip()))

    names: list[str] = []
    run: list[int] = []  # [first row, last row] of the variables block being read
    above: int | None = None  # first row of the comment/special lines directly above

    def close_run() -> None:
        if run and names:
            add("variables", first_names(list(dict.fromkeys(names)), _NAMES_SHOWN), run[0],
                run[1], run[0])
        run.clear()
        names.clear()

    row, n = 0, len(lines)
    while row < n:
        line = lines[row]
        last = _logical_end(lines, row)
        text = line.strip()
        if not text:
            close_run()
            if above is not None and not all(_SPECIAL.match(lines[r]) or not lines[r].strip()
                                             for r in range(above, row)):
                above = None  # a lone `.PHONY: a b c` list goes with what follows it
        elif _is_recipe(line):  # no rule above it: a tab-indented line of a variables block
            if run:  # (CPython's `# Modules/.../mpsignal.o` after `LIBMPDEC_OBJS= \`)
                run[1] = last
            above = None
        elif _is_comment(line) or _SPECIAL.match(line):
            if above is None:
                above = row
        elif m := _DEFINE.match(line):
            close_run()
            end = row + 1
            while end < n and not re.match(r"\s*endef\b", lines[end]):
                end += 1
            end = min(end, n - 1)
            add("define", m.group(1), row if above is None else above, end, row)
            above, last = None, end
        elif ((m := _ASSIGNMENT.match(line)) or _CONDITIONAL.match(line) or _CALL.match(line)
              or not (rule := _RULE.match(line))):
            if not run:
                run.extend([row if above is None else above, last])
            run[1] = last
            if m:
                names.append(m.group(1))
            above = None
        else:  # a rule (`rule` matched above): its head and its recipe
            start = row if above is None else above
            if run and run[1] >= start:
                run[1] = start - 1
            close_run()
            last = _recipe_end(lines, last)
            add("target", " ".join(rule.group(1).split()), start, last, row)
            above = None
        row = last + 1
    close_run()
    return found


def _recipe_end(lines: list[str], row: int) -> int:
    """The last row of the recipe of the rule whose head ends at `row`: its tab lines, and the
    blank, comment and conditional lines between them."""
    end, opened = row, 0
    probe = row + 1
    while probe < len(lines):
        line = lines[probe]
        if _in_recipe(line):
            end = probe = _logical_end(lines, probe)
            probe += 1
            continue
        if not line.strip() or _is_comment(line):
            probe += 1
            continue
        if _CONDITIONAL.match(line):
            word = line.split()[0]
            if word == "endif" and opened:  # closes a conditional of the recipe
                opened -= 1
                end = probe
            elif word.startswith("if"):
                opened += 1
            elif word == "else" and opened:
                end = probe
            elif word in ("else", "endif"):
                break
            probe += 1
            continue
        break
    return end


register(FoundChunker("make", frozenset({"make"}), lambda text, lines: definitions(lines)))
