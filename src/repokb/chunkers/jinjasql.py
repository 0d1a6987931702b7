"""SQL with dbt's Jinja: a macro file by its `{% macro %}` blocks, a model as one piece.

tree-sitter-sql reads no Jinja: a dbt macro file (`{% macro generate_schema_name(...) %}` ..
`{% endmacro %}`) fell to windows with no name, so "where is the macro generate_schema_name
defined" found a window of another file first. Here each block `{% macro NAME(...) %}`,
`{% materialization NAME, adapter %}`, `{% test NAME(...) %}` and `{% snapshot NAME %}`, to its
`{% end... %}`, is a definition named NAME (symbol type `macro`, `materialization`, `test`,
`snapshot`), with the `{# ... #}` comment or `--` lines directly above it; what lies between
blocks goes into windows. A file with no such block whose SQL uses dbt's Jinja (`{{ ref(`,
`{{ source(`, `{{ config(`) is a model: one piece named after its file (`models/customers.sql`:
`customers`, symbol type `model`), windows named after it when huge. Any other SQL goes to the
syntax-tree chunker.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from repokb.chunkers.base import Chunker, chunker_for, register
from repokb.chunkers.cutting import Cutter, Definition
from repokb.chunkers.fixed import (
    fixed_windows,
    line_starts,
    numbered,
    outside_rows,
    row_at,
    split_lines,
    windows_over,
)
from repokb.formats import CODE
from repokb.models import ChunkPiece

_BLOCK = re.compile(r"\{%-?\s*(macro|materialization|test|snapshot)\s+([A-Za-z_]\w*)")
_END = {kind: re.compile(r"\{%-?\s*end" + kind + r"\s*-?%\}")
        for kind in ("macro", "materialization", "test", "snapshot")}
_DBT_MODEL = re.compile(r"\{\{-?\s*(?:ref|source|config)\s*\(")
_CUTTER = Cutter(module_window=(500, 100))


def definitions(text: str, lines: list[str]) -> list[Definition]:
    """The Jinja blocks of a dbt SQL file (see the module docstring)."""
    starts = line_starts(lines)
    found: list[Definition] = []
    at = 0
    while (m := _BLOCK.search(text, at)) is not None:
        kind, name = m.group(1), m.group(2)
        end = _END[kind].search(text, m.end())
        stop = len(text) if end is None else end.end()
        first = row_at(starts, m.start())
        last = row_at(starts, max(stop - 1, m.start()))
        top = _comment_above(lines, first)
        found.append(Definition(symbol_type=kind, name=name, owner=None, start=top, end=last,
                                span=(starts[top], stop), signature=lines[first].strip()))
        at = stop
    return found


def _comment_above(lines: list[str], row: int) -> int:
    """The first row of the `{# ... #}` comment or `--` lines directly above `row`."""
    top = row
    while top > 0:
        above = lines[top - 1].strip()
        if above.startswith("--"):
            top -= 1
        elif above.endswith("#}"):
            opening = top - 1
            while opening > 0 and "{#" not in lines[opening]:
                opening -= 1
            if "{#" not in lines[opening]:
                return top
            top = opening
        else:
            return top
    return top


class JinjaSqlChunker:
    """SQL: dbt's macro files by block, its models whole, the rest by the SQL grammar."""

    name = "sql"
    languages = frozenset({"sql"})

    def __init__(self, code: Chunker | None) -> None:
        self.code = code

    def chunk(self, text: str) -> list[ChunkPiece]:
        return self.chunk_path(text, "")

    def chunk_path(self, text: str, path: str) -> list[ChunkPiece]:
        try:
            lines = split_lines(text)
            if "{%" in text and _BLOCK.search(text):
                return _CUTTER.cut(definitions(text, lines), lines)
            if path and "{{" in text and _DBT_MODEL.search(text):
                return _model(lines, PurePosixPath(path).stem)
        except Exception:  # the never-raise contract: the SQL chunker serves
            pass
        return fixed_windows(text) if self.code is None else self.code.chunk(text)


# A Jinja template's own suffixes (rules/tables.py's TEMPLATE_SUFFIXES reads the language
# from the name before them): `nginx.conf.j2`, `environment.fact.j2` (a Python fact script)
_JINJA_SUFFIXES = (".j2", ".jinja", ".jinja2")


def macros_are_definitions(language: str | None, path: str) -> bool:
    """Whether a file's `{% macro %}` blocks are its definitions (with_macros): a template's,
    whatever it renders (an nginx, INI or HTML page template, a Jinja-suffixed script), not a
    program's (a Python test holding a Jinja template in a string keeps its functions) nor
    SQL's (dbt's macros: JinjaSqlChunker), Markdown's or reST's (a manual's example stays in
    its section)."""
    if language in ("sql", "markdown", "rst"):
        return False
    return language not in CODE or path.lower().endswith(_JINJA_SUFFIXES)


def with_macros(text: str, pieces: list[ChunkPiece]) -> list[ChunkPiece]:
    """Any other template's `{% macro NAME(...) %}` .. `{% endmacro %}` blocks (DebOps'
    `default.conf.j2`, Ansible's and Salt's templates, whatever they render) as definitions
    named NAME (symbol type `macro`): the pieces its own language's chunker cut (`pieces`) keep
    the rest of the file, without the macros' rows. A text with no macro: `pieces` as given."""
    if "macro" not in text or "{%" not in text:
        return pieces
    lines = split_lines(text)
    found = [d for d in definitions(text, lines) if d.symbol_type == "macro"]
    if not found:
        return pieces
    macros = [_whole(lines, d.start, d.end, d.name or "", "macro") for d in found]
    taken = {row for d in found for row in range(d.start, d.end + 1)}
    rest = [part for piece in pieces for part in outside_rows(piece, taken)]
    return sorted([*rest, *(p for ps in macros for p in ps)],
                  key=lambda p: (p.start_line, p.end_line))


def _whole(lines: list[str], first: int, last: int, name: str,
           symbol_type: str) -> list[ChunkPiece]:
    """Rows first..last as one piece named `name`, or windows named so when huge."""
    if sum(len(lines[row]) for row in range(first, last + 1)) <= _CUTTER.huge_chars:
        return [ChunkPiece(content="".join(lines[first:last + 1]), start_line=first + 1,
                           end_line=last + 1, symbol=name, symbol_type=symbol_type)]
    return windows_over(numbered(lines, first, last + 1), 1500, 200, symbol=name,
                        symbol_type=symbol_type)


def _model(lines: list[str], name: str) -> list[ChunkPiece]:
    """A dbt model: one piece named after its file, windows named so when huge."""
    size = sum(len(line) for line in lines)
    if size <= _CUTTER.huge_chars:
        first = next((i for i, line in enumerate(lines) if line.strip()), 0)
        last = max((i for i, line in enumerate(lines) if line.strip()), default=0)
        return [ChunkPiece(content="".join(lines[first:last + 1]), start_line=first + 1,
                           end_line=last + 1, symbol=name, symbol_type="model")]
    return windows_over(numbered(lines), 1500, 200, symbol=name, symbol_type="model")


# After chunkers.code registered the SQL grammar's chunker (the package imports code first).
register(JinjaSqlChunker(chunker_for("sql")))
