"""Dockerfiles and Containerfiles by their build stages, line by line.

A Dockerfile is a list of instructions, one a logical line (a `\\` at the end continues it, or
the character a `# escape=` directive names; a heredoc `RUN <<EOF ... EOF` runs to its
delimiter), and each `FROM` opens a stage. tree-sitter-dockerfile 0.2.0 (PyPI) parses the same
instructions; finding `FROM` needs no grammar, so none is loaded. The pieces:

- a stage, from its `FROM` (with the comment lines directly above it) to the next stage's,
  named after its `AS` name (`FROM golang:1.22 AS builder`: builder) or, unnamed, its image
  (`FROM python:3.12-slim`); a big stage is cut into windows that keep its name;
- what comes before the first stage (the `# syntax=` line, global `ARG`s) in windows, joined
  to the first stage when short.

The chunker never raises: any surprise falls back to windows.
"""

from __future__ import annotations

import re

from repokb.chunkers.base import register
from repokb.chunkers.cutting import Definition, FoundChunker
from repokb.chunkers.fixed import first_above, line_starts

_FROM = re.compile(r"\s*FROM\s+(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?", re.IGNORECASE)
_ESCAPE = re.compile(r"#\s*escape\s*=\s*(\S)", re.IGNORECASE)
_DIRECTIVE = re.compile(r"#\s*(?:syntax|escape|check)\s*=", re.IGNORECASE)
_HEREDOC = re.compile(r"<<(-?)[\"']?([A-Za-z_][\w]*)[\"']?")


def instructions(lines: list[str]) -> list[tuple[int, int]]:
    """(first row, last row) of each instruction, comments and blank lines left out."""
    escape = "\\"
    for line in lines:  # parser directives: `#` lines at the very top
        if not line.startswith("#"):
            break
        if m := _ESCAPE.match(line):
            escape = m.group(1)
    out: list[tuple[int, int]] = []
    row, n = 0, len(lines)
    while row < n:
        text = lines[row].strip()
        if not text or text.startswith("#"):
            row += 1
            continue
        first = row
        heredocs = [(m.group(1), m.group(2)) for m in _HEREDOC.finditer(lines[row])]
        while row + 1 < n and lines[row].rstrip("\r\n").endswith(escape):
            row += 1
            heredocs += [(m.group(1), m.group(2)) for m in _HEREDOC.finditer(lines[row])]
        for dash, word in heredocs:  # each heredoc's body, up to its delimiter
            row += 1
            while row < n and (lines[row].strip() if dash else lines[row].rstrip("\r\n")) != word:
                row += 1
        row = min(row, n - 1)
        out.append((first, row))
        row += 1
    return out


def definitions(lines: list[str]) -> list[Definition]:
    """The stages of a Dockerfile, each with the comment lines directly above its `FROM`."""
    row_starts = line_starts(lines)
    froms: list[tuple[int, str]] = []
    for first, _last in instructions(lines):
        if m := _FROM.match(lines[first]):
            froms.append((first, m.group(2) or m.group(1)))
    starts = [first_above(lines, row, _comment) for row, _name in froms]
    found: list[Definition] = []
    for i, (row, name) in enumerate(froms):
        end = (starts[i + 1] if i + 1 < len(froms) else len(lines)) - 1
        while end > row and not lines[end].strip():
            end -= 1  # the blank lines before the next stage
        found.append(Definition(symbol_type="stage", name=name, owner=None, start=starts[i],
                                end=end, span=(row_starts[starts[i]], row_starts[end + 1]),
                                signature=lines[row].strip()))
    return found


def _comment(line: str) -> bool:
    """A comment line, not a parser directive (`# syntax=docker/dockerfile:1`)."""
    return line.lstrip().startswith("#") and not _DIRECTIVE.match(line)


register(FoundChunker("dockerfile", frozenset({"dockerfile"}),
                      lambda text, lines: definitions(lines)))
