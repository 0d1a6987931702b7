"""Go templates: Helm's `templates/_helpers.tpl` by its `define` blocks, and Helm's YAML
templates made readable to the YAML grammar.

A `_helpers.tpl` is a list of named templates, each `{{- define "webapp.fullname" -}}` up to
its own `{{- end }}` (the `if`/`range`/`with`/`block` inside open and close their own), with
the `{{/* ... */}}` comment directly above it. Each is a piece named after the template
(`webapp.fullname`, a `define`); what lies between them goes into windows.

A chart's `templates/deployment.yaml` is YAML with Go template actions in it (`name: {{
include "webapp.fullname" . }}`, a line `{{- include "webapp.labels" . | nindent 4 }}`), which
the YAML grammar does not parse: `mask` gives the same text, line for line and character for
character, with every action neutralised (an action opening its line turns the line into a
YAML comment, an action inside a line into `_` characters), so config.py can cut the template
by its keys as it cuts any manifest, its pieces taken from the real text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from repokb.chunkers.base import register
from repokb.chunkers.cutting import Definition, FoundChunker
from repokb.chunkers.fixed import line_starts, row_at

_COMMENT_OPEN = re.compile(r"\{\{-?\s*/\*")
_COMMENT_CLOSE = re.compile(r"\*/\s*-?\}\}")
_WORD = re.compile(r"\{\{-?\s*(\w+)")
_DEFINE_NAME = re.compile(r"\{\{-?\s*define\s+\"([^\"]+)\"")
_OPENERS = frozenset({"define", "block", "if", "range", "with"})
MASK = "_"


def actions(text: str) -> Iterator[tuple[int, int]]:
    """The (start, end) offsets of the template's actions, in order: `{{ ... }}`, a comment
    `{{/* ... */}}` up to its own end (a `}}` inside it ends nothing); both may span lines.
    One pass with `find`: an unclosed `{{` ends the search, never a scan per `{{` (a regex
    took 36 s on 20,000 lines of `a: {{ b`)."""
    pos = 0
    closes = True  # False once no comment closes past some point: none after it does either
    while (start := text.find("{{", pos)) != -1:
        end = -1
        if closes and _COMMENT_OPEN.match(text, start):
            close = _COMMENT_CLOSE.search(text, start)
            end, closes = (close.end(), True) if close else (-1, False)
        if end == -1:
            close_at = text.find("}}", start + 2)
            if close_at == -1:
                return
            end = close_at + 2
        yield start, end
        pos = end


def has_actions(text: str) -> bool:
    return next(actions(text), None) is not None


def mask(text: str) -> str:
    """`text` with its template actions neutralised for a YAML parser, same length and lines."""
    out = list(text)
    for start, end in actions(text):
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", end)
        rest = text[end:line_end if line_end != -1 else len(text)].lstrip()
        # the action opens its line and ends it (or another action follows): a comment; one
        # that opens a key (Salt's `{{ name }}-user:`) is part of the key
        comment = not text[line_start:start].strip() and (not rest or rest.startswith("{{"))
        for i in range(start, end):
            if out[i] != "\n":
                out[i] = MASK
        if comment:
            out[start] = "#"
        # a line the action runs on into: a comment up to the action's end
        pos = text.find("\n", start, end)
        while pos != -1:
            if pos + 1 < end:
                out[pos + 1] = "#"
            pos = text.find("\n", pos + 1, end)
    return "".join(out)


def definitions(text: str, lines: list[str]) -> list[Definition]:
    """The `define` blocks of a Go template, each with the comment action directly above."""
    starts = line_starts(lines)
    found: list[Definition] = []
    depth = 0
    opened: tuple[int, str, int] | None = None  # (first row, name, head row) of a define
    comment_rows: tuple[int, int] | None = None  # rows of the last comment action
    for start, end in actions(text):
        action = text[start:end]
        first, last = row_at(starts, start), row_at(starts, end - 1)
        if action.lstrip("{-").lstrip().startswith("/*"):
            comment_rows = (first, last)
            continue
        word = _WORD.match(action)
        keyword = word.group(1) if word else ""
        if keyword in _OPENERS:
            if depth == 0 and keyword == "define" and (name := _DEFINE_NAME.match(action)):
                head = first
                if comment_rows is not None and comment_rows[1] in (first, first - 1):
                    head = comment_rows[0]
                opened = (head, name.group(1), first)
            depth += 1
        elif keyword == "end" and depth:
            depth -= 1
            if depth == 0 and opened is not None:
                head, name_, row = opened
                found.append(Definition(symbol_type="define", name=name_, owner=None,
                                        start=head, end=last,
                                        span=(starts[head], starts[last + 1]),
                                        signature=lines[row].strip()))
                opened = None
        comment_rows = None
    return found


register(FoundChunker("gotemplate", frozenset({"gotemplate"}), definitions))
