"""nginx configuration by its blocks: `server`, `location`, `upstream`, `map`, `http`, `events`.

An nginx file is directives ending in `;` and blocks in braces. Each block is a piece named by
its opening line (`location /api/`, `upstream backend`, `map $http_upgrade $connection_upgrade`),
a `server` block by its first `server_name` (`server shop.example.com`; `server` when it has
none), with the `#` comment lines right above it. A block over 1500 characters is cut per inner
block, each named under it (`http > server shop.example.com > location /api/`); an `if (...)`
block names nothing and stays in its block. Directives outside any block go into windows.

Ansible's and Salt's templates of nginx files (`nginx.conf.j2`, DebOps'
`sites-available/default.conf.j2`) hold Jinja tags whose braces are not nginx's: `{{ }}`, `{% %}`
and `{# #}` are blanked (same length, same lines) before the braces are read; the pieces keep
the real text. Any surprise falls back to windows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from repokb.chunkers.base import register
from repokb.chunkers.bracescan import Syntax, scan_text
from repokb.chunkers.cutting import Cutter, Definition, FoundChunker
from repokb.chunkers.fixed import first_above, line_starts, row_at

_SYNTAX = Syntax("#", block_comments=False, triple_quotes="")
# a Jinja tag (Ansible's and Salt's templates): its braces are the template's, not nginx's
_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
_HEAD = re.compile(r"([a-z_][\w-]*)(?:\s+([^{;#]*?))?\s*\{$")
_REAL_HEAD = re.compile(r"([a-z_][\w-]*)\s+(.*?)\s*\{$")  # its arguments, Jinja's tags too
_SERVER_NAME = re.compile(r"^[ \t]*server_name[ \t]+([^;\s]+)", re.M)
_HEAD_MAX = 300  # characters of a line before its `{`
_NAME_MAX = 80
_NAMELESS = frozenset({"if", "limit_except"})  # blocks that belong to the block around them


def blank_jinja(text: str) -> str:
    """`text` with its Jinja tags blanked to spaces, every newline kept (same offsets)."""
    return _JINJA.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)


def definitions(text: str, lines: list[str]) -> list[Definition]:
    """The named blocks of an nginx file (or of its Jinja template)."""
    plain = blank_jinja(text) if "{{" in text or "{%" in text or "{#" in text else text
    starts = line_starts(lines)
    found: list[Definition] = []
    stack: list[int] = []
    opened: list[tuple[int, int]] = []  # (offset of `{`, offset of `}`)
    for offset, brace in scan_text(plain, _SYNTAX).brackets:
        if brace == "{":
            stack.append(len(opened))
            opened.append((offset, len(plain) - 1))
        elif stack:
            k = stack.pop()
            opened[k] = (opened[k][0], offset)
    for start, end in opened:
        row = row_at(starts, start)
        if start - starts[row] > _HEAD_MAX:
            continue
        m = _HEAD.match(plain[starts[row]:start + 1].strip())
        if m is None or m.group(1) in _NAMELESS:
            continue
        # the name from the real text: a template's `location {{ item.path }}` says so
        real = _REAL_HEAD.match(text[starts[row]:start + 1].strip())
        word = m.group(1)
        args = " ".join(((real or m).group(2) or "").split())
        name = f"{word} {args}" if args else word
        if word == "server" and not args:
            server_name = _SERVER_NAME.search(text, start, end)
            if server_name:
                name = f"server {server_name.group(1)}"
        name = name[:_NAME_MAX]
        top = first_above(lines, row, _comment)
        last = row_at(starts, end)
        found.append(Definition(symbol_type="block", name=name, owner=None, start=top,
                                end=last, span=(starts[top], end + 1),
                                signature=lines[row].strip()))
    return found


def _comment(line: str) -> bool:
    return line.lstrip().startswith("#")


@dataclass(frozen=True)
class BlockCutter(Cutter):
    """Members named under their block as nginx's own docs write them (`server x > location /`:
    a host name's dots are not a path)."""

    def _name(self, d: Definition, owner: str | None,
              owner_type: str | None) -> tuple[str, str]:
        symbol = f"{owner} > {d.name}" if owner and d.name else (d.name or owner or "")
        return symbol, d.symbol_type


register(FoundChunker("nginx", frozenset({"nginx"}), definitions,
                      cutter=BlockCutter(module_window=(400, 80))))
