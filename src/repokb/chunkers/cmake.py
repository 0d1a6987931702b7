"""CMake (`CMakeLists.txt`, `*.cmake`) by its commands: functions, macros, targets, blocks.

No tree-sitter grammar for CMake can be installed here (tree-sitter-cmake is not on the index
the project installs from), and none is needed: a CMake file is a sequence of commands
`name(arguments)`, found here outside comments (`#`, `#[[...]]`), quoted arguments and bracket
arguments (`[=[...]=]`), their parentheses balanced. The pieces:

- `function(name ...) ... endfunction()` and `macro(...) ... endmacro()`, named after their
  first argument;
- a target, `add_library(name ...)`, `add_executable`, `add_custom_target`, named after it
  (`pybind11::embed`), with the commands right after it that set it up (`target_link_libraries
  (name ...)`, `set_target_properties(name ...)`, `target_compile_options(name ...)`);
- an `if()`/`foreach()`/`while()`/`block()` block of at most `_BLOCK_CHARS` with no function
  or target in it, whole, named after its condition (`if(MSVC)`); a bigger one is cut along
  what it holds.

Each takes the `#` comment lines directly above it. The rest goes into windows; a piece under
the minimum joins the piece beside it. The chunker never raises: any surprise falls back to
windows.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from repokb.chunkers.base import register
from repokb.chunkers.cutting import Definition, FoundChunker
from repokb.chunkers.fixed import first_above, line_starts, row_at

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_BRACKET = re.compile(r"\[(=*)\[")
# what the scanners stop at: a comment or a command's name and `(`; inside the arguments, a
# parenthesis, a comment, a quoted or a bracket argument
_NEXT = re.compile(r"#|(?<![\w$\]}])(?P<name>[A-Za-z_][A-Za-z0-9_]*)[ \t]*\(")
_ARGS = re.compile(r"""[()#"\[]""")
_OPENS = {"function": "endfunction", "macro": "endmacro", "if": "endif",
          "foreach": "endforeach", "while": "endwhile", "block": "endblock"}
_TARGETS = frozenset({"add_library", "add_executable", "add_custom_target",
                      "pybind11_add_module", "python_add_library", "nanobind_add_module"})
# commands after a target that set it up: they name it first
_SETUP = re.compile(r"target_\w+|set_target_properties|add_dependencies|install")
_BLOCK_CHARS = 1500


@dataclass
class Command:
    name: str  # lower case
    args: str
    start: int  # offsets of its name and its `)`
    end: int


def commands(text: str) -> list[Command]:
    """The commands of a CMake text, in order."""
    out: list[Command] = []
    i, n = 0, len(text)
    while (m := _NEXT.search(text, i)) is not None:
        if m.group("name") is None:  # a comment
            i = _comment_end(text, m.start())
            continue
        close = _args_end(text, m.end() - 1)
        out.append(Command(m.group("name").lower(), text[m.end():close], m.start(), close))
        i = close + 1
        if i >= n:
            break
    return out


def _comment_end(text: str, i: int) -> int:
    """Past the comment starting at `i` (`#` to the end of the line, or `#[[ ... ]]`)."""
    if (m := _BRACKET.match(text, i + 1)) is not None:
        end = text.find("]" + m.group(1) + "]", m.end())
        return len(text) if end == -1 else end + len(m.group(1)) + 2
    nl = text.find("\n", i)
    return len(text) if nl == -1 else nl


def _args_end(text: str, i: int) -> int:
    """The offset of the `)` closing the `(` at `i` (the text's end when none does)."""
    depth, n = 0, len(text)
    while (m := _ARGS.search(text, i)) is not None:
        i = m.start()
        c = text[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
        elif c == "#":
            i = _comment_end(text, i)
            continue
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif (b := _BRACKET.match(text, i)) is not None:
            end = text.find("]" + b.group(1) + "]", b.end())
            i = n if end == -1 else end + len(b.group(1)) + 2
            continue
        i += 1
    return n - 1


def _condition(args: str, most: int = 60) -> str:
    """A block's arguments on one line, cut at a word when long (`NOT WIN32 AND ...`)."""
    text = " ".join(args.split())
    if len(text) <= most:
        return text
    cut = text.rfind(" ", 0, most)
    return (text[:cut] if cut > 0 else text[:most]) + " ..."


def _first_arg(args: str) -> str:
    words = args.split()
    return words[0].strip('"') if words else ""


def definitions(text: str, lines: list[str]) -> list[Definition]:
    """The functions, macros, targets and small blocks of a CMake file."""
    row_starts = line_starts(lines)

    def definition(kind: str, name: str, first: Command, last: Command) -> Definition:
        head = row_at(row_starts, first.start)
        top = first_above(lines, head, lambda line: line.lstrip().startswith("#"))
        end = row_at(row_starts, last.end)
        return Definition(symbol_type=kind, name=name, owner=None, start=top, end=end,
                          span=(row_starts[top], row_starts[end + 1]),
                          signature=lines[head].strip())

    cmds = commands(text)
    found: list[Definition] = []
    stack: list[tuple[int, str]] = []  # (index of the opening command, its closer)
    blocks: list[Definition] = []  # the file's if/foreach/while/block blocks
    in_body = 0  # depth of function/macro bodies: their targets are not the file's
    k = 0
    while k < len(cmds):
        cmd = cmds[k]
        if cmd.name in _OPENS:
            stack.append((k, _OPENS[cmd.name]))
            if cmd.name in ("function", "macro"):
                in_body += 1
        elif stack and cmd.name == stack[-1][1]:
            opened, _closer = stack.pop()
            head = cmds[opened]
            if head.name in ("function", "macro"):
                in_body -= 1
                found.append(definition(head.name, _first_arg(head.args), head, cmd))
            elif not in_body:
                d = definition("block", f"{head.name}({_condition(head.args)})", head, cmd)
                blocks.append(d)
        elif cmd.name in _TARGETS and not in_body:
            name = _first_arg(cmd.args)
            last = k
            while last + 1 < len(cmds) and _SETUP.fullmatch(cmds[last + 1].name) and (
                    _first_arg(cmds[last + 1].args) in (name, "TARGETS")) and (
                    cmds[last + 1].name != "install" or name in cmds[last + 1].args.split()):
                last += 1
            found.append(definition("target", name, cmd, cmds[last]))
            k = last
        k += 1
    return _small_blocks(blocks, found, lines)


def _small_blocks(blocks: list[Definition], found: list[Definition],
                  lines: list[str]) -> list[Definition]:
    """`found` with the outermost blocks of at most _BLOCK_CHARS that hold no function or
    macro, each whole: one holding targets is named after them (`if(BUILD_TESTS)` around
    `add_executable(unit_tests ...)` is the target unit_tests), the targets in it go."""
    found = sorted(found, key=lambda f: f.span[0])
    starts = [f.span[0] for f in found]
    kept: list[Definition] = []
    for d in sorted(blocks, key=lambda d: (d.span[0], -d.span[1])):
        if kept and d.span[0] < kept[-1].span[1]:
            continue  # inside a block kept whole
        if d.span[1] - d.span[0] > _BLOCK_CHARS:
            continue
        inside = [f for f in found[bisect_left(starts, d.span[0]):
                                   bisect_right(starts, d.span[1])] if f.span[1] <= d.span[1]]
        if any(f.symbol_type != "target" for f in inside):
            continue
        if inside:
            d.symbol_type, d.name = "target", ", ".join(f.name or "" for f in inside)
        kept.append(d)
    kept_starts = [k.span[0] for k in kept]

    def in_kept(f: Definition) -> bool:
        i = bisect_right(kept_starts, f.span[0]) - 1
        return i >= 0 and f.span[1] <= kept[i].span[1]

    return [f for f in found if not in_kept(f)] + kept

register(FoundChunker("cmake", frozenset({"cmake"}), definitions))
