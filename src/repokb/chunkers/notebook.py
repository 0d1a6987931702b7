"""Jupyter notebooks (.ipynb) by cell: markdown as sections, code by the kernel's language.

A notebook is JSON (nbformat 4, or 3 with its worksheets). Only the cells' sources are read:
outputs (images, data frames, tracebacks) and attachments never are. What is indexed is decoded
from the JSON, so the pipeline gives this chunker the raw text and a `scrub` that redacts each
decoded source before it is cut (see base.Decoder). Lines are those of the .ipynb on disk:
nbformat writes a source as a list of one string per line, so each source line maps to the JSON
line its string sits on; a source written as one string maps to that string's line.

Consecutive markdown (and raw) cells are cut together by the Markdown chunker, so a section
runs across cells, and the heading path carries on into later cells: code cells get it as
context. In a Markdown cell `#Title` is a heading, as classic Jupyter rendered it. A code cell
holding definitions is cut by its language's chunker (tree-sitter for Python, as a .py file);
other code cells are packed whole, consecutive ones together, up to the window size, and a
longer one goes to windows.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from functools import reduce
from typing import Any

from repokb.chunkers.base import (
    OverBudget,
    Oversized,
    Scrub,
    Undecodable,
    budget_size,
    chunker_for,
    register,
)
from repokb.chunkers.fixed import numbered, split_lines, windows_over
from repokb.chunkers.jsonpos import Located, locate
from repokb.chunkers.markdown import MARKDOWN
from repokb.chunkers.sections import Heading, descend
from repokb.models import ChunkPiece

WINDOW = (500, 100)  # packing limit and windows of code cells (characters)
# kernel language names (kernelspec.language, language_info.name) -> the classifier's names
_KERNEL_LANGUAGES = {"python3": "python", "python2": "python", "ipython": "python",
                     "ipython3": "python", "bash": "shell", "sh": "shell", "zsh": "shell",
                     "c++": "cpp", "c#": "csharp", "js": "javascript", "node": "javascript"}
# an image inlined in markdown: its base64 would be cut into windows of noise
_DATA_URI = re.compile(r"(data:[\w.+/-]+;base64,)[A-Za-z0-9+/=]{64,}")
# a lone UTF-16 surrogate, which JSON may escape ("\\ud83d") but UTF-8 cannot carry
_SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass(frozen=True)
class Cell:
    kind: str  # "markdown", "code" or "raw"
    lines: list[str]  # decoded source lines, each with its "\n" (the last one may lack it)
    first: list[int]  # 1-based line of the .ipynb where each source line starts ...
    last: list[int]  # ... and where it ends
    language: str | None  # what a code cell is cut and redacted as

    @property
    def text(self) -> str:
        return "".join(self.lines)


def read_cells(text: str) -> list[Cell]:
    """The cells of a notebook with their lines on disk; Undecodable when it cannot be read."""
    text = text.removeprefix("\ufeff")  # (a byte-order mark: no line moves)
    try:
        json.loads(text)  # its errors say where; `locate` then reads it with offsets
        located = locate(text)
    except json.JSONDecodeError as exc:
        raise Undecodable(f"notebook is not valid JSON: {exc.msg} (line {exc.lineno}, "
                          f"column {exc.colno})") from exc
    except RecursionError as exc:
        raise Undecodable("notebook JSON could not be read: nested too deeply") from exc
    except ValueError as exc:  # json.loads read it, so this is not expected
        raise Undecodable(f"notebook JSON could not be read: {exc}") from exc
    root = located.value
    if not isinstance(root, dict):
        raise Undecodable("not a Jupyter notebook: its JSON is not an object")
    version = root.get("nbformat", 4)
    if isinstance(version, bool) or not isinstance(version, int) or version not in (3, 4):
        raise Undecodable(f"nbformat {version!r} notebook: only nbformat 3 and 4 are read")
    if version == 3:
        sheets = root.get("worksheets")
        cells = [cell for sheet in sheets if isinstance(sheet, dict)
                 for cell in _list(sheet.get("cells"))] if isinstance(sheets, list) else None
    else:
        cells = root.get("cells")
    if not isinstance(cells, list):
        raise Undecodable(f"not a Jupyter notebook: no list of cells (nbformat {version})")
    language = kernel_language(root.get("metadata"))
    out = []
    for raw in cells:
        cell = _cell(located, raw, language) if isinstance(raw, dict) else None
        if cell is not None:
            out.append(cell)
    return out


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def kernel_language(metadata: Any) -> str | None:
    """The notebook's kernel language in the classifier's names (python, r, shell ...)."""
    if not isinstance(metadata, dict):
        return None
    for key, field in (("kernelspec", "language"), ("language_info", "name")):
        section = metadata.get(key)
        name = section.get(field) if isinstance(section, dict) else None
        if isinstance(name, str) and name.strip():
            name = name.strip().lower()
            return _KERNEL_LANGUAGES.get(name, name)
    language = metadata.get("language")  # nbformat 3
    return language.strip().lower() if isinstance(language, str) and language.strip() else None


def _cell(located: Located, cell: dict[str, Any], language: str | None) -> Cell | None:
    kind = cell.get("cell_type")
    key = "input" if kind == "code" and "input" in cell else "source"  # nbformat 3: input
    if kind == "heading":  # nbformat 3: a heading cell becomes a markdown heading
        kind = "markdown"
    if kind not in ("markdown", "code", "raw"):
        return None
    source = cell.get(key)
    if isinstance(source, str):
        parts = [(source, located.offset(cell, key))]
    elif isinstance(source, list) and all(isinstance(part, str) for part in source):
        parts = list(zip(source, located.offsets(source), strict=True))
    else:
        return None
    lines: list[str] = []
    first: list[int] = []
    last: list[int] = []
    open_line = False  # the last line has no "\n" yet: the next string continues it
    for part, at in parts:
        row = located.line(at)
        part = _SURROGATE.sub("\ufffd", part.replace("\r\n", "\n"))
        for piece in split_lines(part):
            if open_line:
                lines[-1] += piece
                last[-1] = row
            else:
                lines.append(piece)
                first.append(row)
                last.append(row)
            open_line = not piece.endswith("\n")
    if not "".join(lines).strip():
        return None
    if cell.get("cell_type") == "heading" and lines:
        level = cell.get("level")
        depth = level if isinstance(level, int) and 1 <= level <= 6 else 1
        lines[0] = f"{'#' * depth} {lines[0]}"
    if kind == "code":
        own = cell.get("language")  # nbformat 3 names it per cell
        language = (_KERNEL_LANGUAGES.get(own.lower(), own.lower())
                    if isinstance(own, str) and own else language)
    return Cell(kind, lines, first, last, language if kind == "code" else None)


class NotebookChunker:
    name = "notebook"
    languages = frozenset({"jupyter"})

    def chunk(self, text: str) -> list[ChunkPiece]:
        """The pieces, unredacted (tests, benchmarks); none for a notebook that cannot be read:
        never windows of its raw JSON, which holds its outputs."""
        try:
            return self.chunk_decoded(text, lambda part, _language, _rows: part)
        except Undecodable:
            return []

    def indexed_bytes(self, text: str) -> int:
        try:
            return _size(read_cells(text))
        except Undecodable:
            return 0

    def chunk_decoded(self, text: str, scrub: Scrub,
                      max_bytes: int | None = None) -> list[ChunkPiece]:
        """Runs of markdown/raw cells and runs of code cells, each cut as its kind is."""
        cells = read_cells(text)
        size = _size(cells)
        if max_bytes is not None and size > max_bytes:
            raise Oversized(size)
        budget_size(size)  # one parse budget for all the cells: that of their sources
        cells = [_scrubbed(cell, scrub) for cell in cells]
        pieces: list[ChunkPiece] = []
        path: list[Heading] = []
        n = 0
        while n < len(cells):
            kind = cells[n].kind
            run = [cells[n]]
            while n + len(run) < len(cells) and (cells[n + len(run)].kind == "code") == (
                    kind == "code"):
                run.append(cells[n + len(run)])
            if kind == "code":
                section = " > ".join(h.title for h in path if h.title)
                pieces.extend(_code_pieces(run, f"section {section}" if section else None))
            else:
                found, path = _prose_pieces(run, path)
                pieces.extend(found)
            n += len(run)
        return pieces


def _size(cells: list[Cell]) -> int:
    """UTF-8 bytes of the cells' sources: what would be indexed."""
    return sum(len(cell.text.encode("utf-8")) for cell in cells)


def _scrubbed(cell: Cell, scrub: Scrub) -> Cell:
    """The cell with its secret-like values redacted (markdown as markdown, code as its
    language) and inlined base64 images cut short; the line count never changes. A value
    found is reported on the .ipynb's line, not the cell's (`cell.first`, as hits are)."""
    text = cell.text
    if cell.kind != "code":
        text = _DATA_URI.sub(lambda m: m.group(1) + "...", text)
    text = scrub(text, cell.language if cell.kind == "code" else "markdown", cell.first)
    lines = split_lines(text)
    if len(lines) != len(cell.lines):  # a scrub must keep lines; if not, lines stay coarse
        lines = [text] if text.strip() else []
        return replace(cell, lines=lines, first=cell.first[:1], last=cell.last[-1:])
    return replace(cell, lines=lines)


def _on_disk(piece: ChunkPiece, cell: Cell, context: str | None) -> ChunkPiece:
    """A piece cut from one cell's source, its lines those of the .ipynb."""
    own = [c for c in (context, piece.context) if c]
    rows = len(cell.first)
    return replace(piece, start_line=cell.first[min(piece.start_line, rows) - 1],
                   end_line=cell.last[min(piece.end_line, rows) - 1],
                   context="\n".join(own) if own else None)


def _prose_pieces(run: list[Cell], path: list[Heading]) -> tuple[list[ChunkPiece], list[Heading]]:
    """Consecutive markdown and raw cells as one Markdown document under the heading path of
    the cells before (a blank line between two cells, so no paragraph runs across them); and
    the heading path after it."""
    lines: list[str] = []
    first: list[int] = []
    last: list[int] = []
    markdown: list[int] = []  # the rows of Markdown cells (not raw ones): `#Title` a heading
    for cell in run:
        if lines:
            lines.append("\n")
            first.append(last[-1])
            last.append(last[-1])
        if cell.kind == "markdown":
            markdown.extend(range(len(lines), len(lines) + len(cell.lines)))
        lines.extend(cell.lines)
        if not lines[-1].endswith("\n"):
            lines[-1] += "\n"
        first.extend(cell.first)
        last.extend(cell.last)
    joined = Cell("markdown", lines, first, last, None)
    pieces, headings = MARKDOWN.sections(joined.text, path, front_matter=False,
                                         unspaced=frozenset(markdown))
    return [_on_disk(p, joined, None) for p in pieces], reduce(descend, headings, path)


def _code_pieces(run: list[Cell], context: str | None) -> list[ChunkPiece]:
    """Consecutive code cells: a cell holding definitions cut by its language's chunker, the
    others whole and packed together up to the window size, a longer one in windows."""
    size, overlap = WINDOW
    pieces: list[ChunkPiece] = []
    packed: list[Cell] = []

    def flush() -> None:
        if packed:
            content = "".join(c.text if c.text.endswith("\n") else c.text + "\n"
                              for c in packed)
            pieces.append(ChunkPiece(content, packed[0].first[0], packed[-1].last[-1], None,
                                     "module", context))
            packed.clear()

    for cell in run:
        text = cell.text
        chunker = chunker_for(cell.language)
        try:
            own = chunker.chunk(text) if chunker is not None else []
        except OverBudget:  # this cell as windows; the others parse in what the file has left
            own = []
        if any(p.symbol for p in own):  # definitions: cut as in a source file
            flush()
            pieces.extend(_on_disk(p, cell, context) for p in own)
        elif len(text) <= size:
            if packed and sum(len(c.text) + 1 for c in packed) + len(text) > size:
                flush()
            packed.append(cell)
        else:
            flush()
            cut = own or windows_over(numbered(cell.lines), size, overlap, None, "window")
            pieces.extend(_on_disk(p, cell, context) for p in cut)
    flush()
    return pieces


register(NotebookChunker())
