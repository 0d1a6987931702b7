"""Vim script (`.vim`, `.vimrc`) by its functions and user commands.

No tree-sitter grammar for Vim script is packaged, but its definitions are commands that open
a line:
- a function, `function[!] NAME(...)` (or `fu`, `fun`, `func`) up to its `endfunction` (or
  `endf`, `endfu`, `endfun`, `endfunc`), Vim9's `def NAME()` up to `enddef`; functions defined
  inside one stay in it;
- a user command, `command[!] [-opts] NAME ...` with its `\\` continuation lines, also when a
  plugin defines it through `exe 'command! ... Gdiffsplit ...'` (symbol type `command`);
- vim-vspec's tests: `describe 'x'` and `context 'x'` groups and `it 'x'` tests up to their
  `end`, by their description (`active builder.should start with an empty statusline`).
A name is findable by its bare name: the script-local `s:Diffsplit` and `<SID>Diffsplit` are
`Diffsplit`, `g:Foo` is `Foo`, and an autoload function `airline#extensions#branch#head` is
dotted as other languages' scoped names are (`airline.extensions.branch.head`); a dictionary
function `s:obj.method` is `obj.method`. The `"` comment lines directly above a definition
(Vim9's `#` ones too) are part of it. The rest (settings, mappings, autocommands) goes into
fixed windows. Any surprise falls back to windows.
"""

from __future__ import annotations

import re

from repokb.chunkers.base import register
from repokb.chunkers.cutting import Cutter, Definition, FoundChunker
from repokb.chunkers.fixed import first_above, line_starts

_FUNCTION = re.compile(r"^\s*(?:(?:export|legacy)\s+)?(?:fu|fun|func|funct|functi|functio|function"
                       r"|def)!?\s+([<>\w:#.]+)\s*\(")
_END = re.compile(r"^\s*(?:endf|endfu|endfun|endfunc|endfunct|endfuncti|endfunctio|endfunction"
                  r"|enddef)\s*(?:[\"|].*)?$")
_COMMAND = re.compile(r"""^\s*(?:exe(?:c|cu|cut|cute)?\s+["'])?com(?:m|ma|man|mand)?!?\s+"""
                      r"""(?:-\S+\s+)*([A-Z]\w*)""")
_CONTINUED = re.compile(r"^\s*\\")
# vim-vspec's tests (vim-airline's `t/`): `describe 'x'` / `context 'x'` / `it 'x'` / `before` /
# `after` blocks, each closed by a line `end`; read only in a file that opens a `describe`
# (elsewhere `end` may be `:endif` abbreviated)
_SPEC_OPEN = re.compile(r"""^\s*(describe|context|it|before|after)\b\s*(?:(["'])(.*)\2)?\s*$""")
_SPEC_END = re.compile(r"^\s*end\s*$")
_SPEC_FILE = re.compile(r"""^\s*describe\s+["']""", re.M)


def bare(name: str) -> str:
    """The name a Vim function is asked for by: its scope prefix dropped, its autoload path
    dotted (`s:Foo` -> `Foo`, `fugitive#Diffsplit` -> `fugitive.Diffsplit`)."""
    name = re.sub(r"^(?:<SID>|<sid>|[sgbwtl]:)", "", name)
    return name.replace("#", ".")


def definitions(text: str, lines: list[str]) -> list[Definition]:
    """The functions and user commands of a Vim script (see the module docstring)."""
    starts = line_starts(lines)
    found: list[Definition] = []
    open_at: list[tuple[int, str]] = []  # the functions open at this row: (row, name)
    row = 0
    while row < len(lines):
        line = lines[row]
        if (m := _FUNCTION.match(line)) is not None:
            open_at.append((row, bare(m.group(1))))
        elif _END.match(line) and open_at:
            first, name = open_at.pop()
            if not open_at:  # a top-level function: nested ones stay in it
                top = first_above(lines, first, _comment)
                found.append(Definition(symbol_type="function", name=name, owner=None,
                                        start=top, end=row, span=(starts[top], starts[row + 1]),
                                        signature=lines[first].strip()))
        elif not open_at and (m := _COMMAND.match(line)) is not None:
            end = row
            while end + 1 < len(lines) and _CONTINUED.match(lines[end + 1]):
                end += 1
            top = first_above(lines, row, _comment)
            found.append(Definition(symbol_type="command", name=m.group(1), owner=None,
                                    start=top, end=end, span=(starts[top], starts[end + 1]),
                                    signature=line.strip()))
            row = end
        row += 1
    if _SPEC_FILE.search(text):
        found += spec_blocks(lines, starts)
    return found


def spec_blocks(lines: list[str], starts: list[int]) -> list[Definition]:
    """vim-vspec's `describe` / `context` groups and `it` tests, by their description."""
    found: list[Definition] = []
    stack: list[tuple[int, str | None, str]] = []  # (row, description, keyword)
    for row, line in enumerate(lines):
        if (m := _SPEC_OPEN.match(line)) is not None:
            stack.append((row, m.group(3), m.group(1)))
        elif _SPEC_END.match(line) and stack:
            first, name, keyword = stack.pop()
            if name is None:  # `before` / `after`: part of its group
                continue
            kind = "test" if keyword == "it" else "describe"
            top = first_above(lines, first, _comment)
            found.append(Definition(symbol_type=kind, name=name, owner=None, start=top,
                                    end=row, span=(starts[top], starts[row + 1]),
                                    signature=lines[first].strip()))
    return found


def _comment(line: str) -> bool:
    """A `"` comment line (Vim9's `#` too); a blank line ends the comments above."""
    s = line.lstrip()
    return s.startswith('"') or s.startswith("# ")


register(FoundChunker("vim", frozenset({"vim"}), definitions, Cutter(module_window=(500, 100))))
