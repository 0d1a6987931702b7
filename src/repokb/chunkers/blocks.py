"""Bruno's `.bru` requests by block and CUE files by top-level field, read off their lines.

A `.bru` file is one request written as blocks that open at the start of a line and close on a
line of their own: `meta { name: Create user }`, the method's `post { url: ... }`,
`headers`, `body:json`, `auth:bearer`, `vars:secret [ ... ]`, `assert`, `script:pre-request`,
`tests`, `docs`. The request is named by its `meta` block's `name:` and stays whole when short;
a long one is cut per block after its `meta`, each named `Create user.tests`.

A CUE file is a package of fields: each field, definition (`#Service: {`) or `let` at the start
of a line is a piece, from its comment lines to the line above the next, named by its labels
(`services: web: {` is `services.web`); `package` and `import` lines are windows.

A Dhall file is `let` bindings and a final `in` expression: each `let` at the start of a line is
a piece to the line above the next, with its `--` comments; the `in` expression is windows. A
GDB script (`.gdbinit`) is settings and the commands it defines: each `define name` ... `end`,
with the `document name` ... `end` after it and its `#` comments, is a piece named `name`.
"""

from __future__ import annotations

import re

from repokb.chunkers.base import register
from repokb.chunkers.cutting import Cutter, Definition, FoundChunker
from repokb.chunkers.fixed import first_above, line_starts

_BRU_OPEN = re.compile(r"([A-Za-z][\w:-]*)[ \t]*[{\[][ \t]*$")
_BRU_CLOSE = re.compile(r"[}\]][ \t]*$")
_BRU_NAME = re.compile(r"[ \t]+name:[ \t]*(\S[^\n]*?)[ \t]*$")
_CUE_LABEL = re.compile(r"(#?[A-Za-z_$][\w$-]*|\"[^\"\n]*\")[?!]?[ \t]*:(?!=)[ \t]*")
_CUE_LET = re.compile(r"let[ \t]+([A-Za-z_$][\w$]*)[ \t]*=")
_DHALL_LET = re.compile(r"let[ \t]+([A-Za-z_][\w/-]*)")
_DHALL_IN = re.compile(r"in\b")
_GDB_DEFINE = re.compile(r"[ \t]*define[ \t]+(\S+)")
_GDB_DOCUMENT = re.compile(r"[ \t]*document[ \t]+(\S+)")
_GDB_BLOCK = re.compile(r"[ \t]*(?:define|document|if|while|python|commands)\b")
_GDB_END = re.compile(r"[ \t]*end[ \t]*$")
# `bind-key -n C-a send-prefix`, `bind r source-file ...` (flags with values: `-T copy-mode`)
_TMUX_BIND = re.compile(r"[ \t]*(?:bind|bind-key)((?:[ \t]+-[a-zA-Z]+(?:[ \t]+(?![-])\S+)?)*)"
                        r"[ \t]+(\S+)")
# `set -g mouse on`, `set-option -sg escape-time 10`, `setw -g mode-keys vi`
_TMUX_SET = re.compile(r"[ \t]*(?:set|set-option|setw|set-window-option)"
                       r"(?:[ \t]+-[a-zA-Z]+)*[ \t]+(@?[\w-]+)")
_TMUX_COMMAND = re.compile(r"[ \t]*([a-z][\w-]*)")
_TMUX_NAMES = 3  # the names a run's piece is named by, at most


def _trim(lines: list[str], start: int, end: int) -> int:
    while end > start and not lines[end].strip():
        end -= 1
    return end


def bru_blocks(lines: list[str]) -> list[Definition]:
    """A request's blocks under one `request` named after its `meta` block."""
    starts = line_starts(lines)
    blocks: list[tuple[int, int, str]] = []
    row = 0
    while row < len(lines):
        m = _BRU_OPEN.match(lines[row])
        if not m:
            row += 1
            continue
        end = next((r for r in range(row + 1, len(lines)) if _BRU_CLOSE.match(lines[r])), None)
        if end is None:
            return []  # an unclosed block: windows
        blocks.append((row, end, m.group(1)))
        row = end + 1
    if not blocks:
        return []
    meta = next((b for b in blocks if b[2] == "meta"), None)
    name = next((m.group(1) for r in range(meta[0] + 1, meta[1])
                 if (m := _BRU_NAME.match(lines[r]))), None) if meta else None
    last = _trim(lines, 0, len(lines) - 1)
    children = [Definition(symbol_type="block", name=label, owner=None, start=s, end=e,
                           span=(starts[s], starts[e + 1]), signature=lines[s].strip())
                for s, e, label in blocks if (s, e, label) != meta]
    request = Definition(symbol_type="request", name=name or blocks[0][2], owner=None,
                         start=0, end=last, span=(0, starts[last + 1]),
                         signature=f"request {name}" if name else lines[blocks[0][0]].strip(),
                         children=children)
    return [request]


def cue_fields(lines: list[str]) -> list[Definition]:
    """The top-level fields, definitions and `let`s of a CUE file."""
    starts = line_starts(lines)
    heads: list[tuple[int, str, str]] = []  # (row, symbol type, name)
    for row, line in enumerate(lines):
        if m := _CUE_LET.match(line):
            heads.append((row, "let", m.group(1)))
            continue
        labels, at = [], 0
        while m := _CUE_LABEL.match(line, at):
            labels.append(m.group(1).strip('"'))
            at = m.end()
        if labels:
            kind = "definition" if labels[0].startswith("#") else "field"
            heads.append((row, kind, ".".join(labels)))
    found: list[Definition] = []
    firsts = [first_above(lines, row, lambda line: line.startswith("//")) for row, _, _ in heads]
    for i, (row, kind, name) in enumerate(heads):
        end = _trim(lines, row, (firsts[i + 1] if i + 1 < len(heads) else len(lines)) - 1)
        found.append(Definition(symbol_type=kind, name=name, owner=None, start=firsts[i],
                                end=end, span=(starts[firsts[i]], starts[end + 1]),
                                signature=lines[row].strip()))
    return found


def dhall_lets(lines: list[str]) -> list[Definition]:
    """The `let` bindings that open a line of a Dhall file, each to the next `let` or `in`."""
    starts = line_starts(lines)
    heads = [(row, m.group(1)) for row, line in enumerate(lines)
             if (m := _DHALL_LET.match(line))]
    stops = [row for row, line in enumerate(lines) if _DHALL_LET.match(line)
             or _DHALL_IN.match(line)] + [len(lines)]
    found = []
    for row, name in heads:
        first = first_above(lines, row, lambda line: line.lstrip().startswith("--"))
        stop = next(s for s in stops if s > row)
        stop = first_above(lines, stop, lambda line: line.lstrip().startswith("--")) \
            if stop < len(lines) else stop
        end = _trim(lines, row, stop - 1)
        found.append(Definition(symbol_type="let", name=name, owner=None, start=first, end=end,
                                span=(starts[first], starts[end + 1]),
                                signature=lines[row].strip()))
    return found


def gdb_commands(lines: list[str]) -> list[Definition]:
    """The user commands a GDB script defines, each with its `document` block."""
    starts = line_starts(lines)
    found: list[Definition] = []
    row = 0
    while row < len(lines):
        m = _GDB_DEFINE.match(lines[row])
        if not m:
            row += 1
            continue
        end = _block_end(lines, row)
        if end is None:
            return found
        doc = next((r for r in range(end + 1, len(lines)) if lines[r].strip()), None)
        if doc is not None and (d := _GDB_DOCUMENT.match(lines[doc])) and d.group(1) == m.group(1):
            end = _block_end(lines, doc) or end
        first = first_above(lines, row, lambda line: line.lstrip().startswith("#"))
        found.append(Definition(symbol_type="command", name=m.group(1), owner=None,
                                start=first, end=end, span=(starts[first], starts[end + 1]),
                                signature=lines[row].strip()))
        row = end + 1
    return found


def _block_end(lines: list[str], row: int) -> int | None:
    """The row of the `end` that closes the block opened at `row` (blocks nest)."""
    depth = 0
    for r in range(row, len(lines)):
        if _GDB_END.match(lines[r]):
            depth -= 1
            if depth == 0:
                return r
        elif _GDB_BLOCK.match(lines[r]):
            depth += 1
    return None


def tmux_runs(lines: list[str]) -> list[Definition]:
    """The blank-line-separated runs of a tmux configuration that hold a command."""
    starts = line_starts(lines)
    found: list[Definition] = []
    row = 0
    while row < len(lines):
        if not lines[row].strip():
            row += 1
            continue
        end = row
        while end + 1 < len(lines) and lines[end + 1].strip():
            end += 1
        commands = [r for r in range(row, end + 1) if not lines[r].lstrip().startswith("#")]
        if commands:
            kind, names = _tmux_names([lines[r] for r in commands])
            found.append(Definition(symbol_type=kind, name=", ".join(names), owner=None,
                                    start=row, end=end, span=(starts[row], starts[end + 1]),
                                    signature=lines[commands[0]].strip()))
        row = end + 1
    return found


def _tmux_names(commands: list[str]) -> tuple[str, list[str]]:
    """(symbol type, names) of a run of tmux commands: the keys bound and options set."""
    names: list[str] = []
    kinds: list[str] = []
    for line in commands:
        if m := _TMUX_BIND.match(line):
            name, kind = f"bind {m.group(2)}", "binding"
        elif m := _TMUX_SET.match(line):
            name, kind = m.group(1), "option"
        else:
            continue
        if name not in names:
            names.append(name)
            kinds.append(kind)
    if not names:
        first = _TMUX_COMMAND.match(commands[0])
        return "commands", [first.group(1) if first else commands[0].strip()[:40]]
    kind = kinds[0] if len(set(kinds)) == 1 else "settings"
    shown = names[:_TMUX_NAMES] + (["..."] if len(names) > _TMUX_NAMES else [])
    return kind, shown


register(FoundChunker("bru", frozenset({"bru"}), lambda text, lines: bru_blocks(lines),
                      Cutter(module_window=(500, 100), containers=frozenset({"request"}))))
register(FoundChunker("cue", frozenset({"cue"}), lambda text, lines: cue_fields(lines)))
register(FoundChunker("dhall", frozenset({"dhall"}), lambda text, lines: dhall_lets(lines)))
register(FoundChunker("gdb", frozenset({"gdb"}), lambda text, lines: gdb_commands(lines)))
register(FoundChunker("tmux", frozenset({"tmux"}), lambda text, lines: tmux_runs(lines)))
