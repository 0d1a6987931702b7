"""Cutting a file into pieces along its definitions, whichever way they were found.

A chunker finds a file's `Definition`s (the syntax-tree chunker by its queries, code.py; the
Cython chunker by indentation, cython.py) and a `Cutter` turns them into pieces: each definition
on its own, a container (class, interface, impl, ...) bigger than `split_chars` cut per member,
each member carrying the container's signature as context, a module always cut per member, a
definition bigger than `huge_chars` cut into windows named after it, and definitions shorter
than `min_chars` left to the windows. Code between definitions (imports, constants, scripts)
goes into fixed windows of `module_window`; closing brackets and `end` lines stay with the block
they close. A piece still shorter than `min_chars` (a class's head cut away from its members, a
one-line getter between two long methods) joins the piece beside it: it is never dropped.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from repokb.chunkers.fixed import numbered, split_lines, windows_over
from repokb.chunkers.joining import also_naming, join_short, minimum
from repokb.models import ChunkPiece

# The windows (size, overlap) of a definition too big for one piece.
HUGE_WINDOW = (1500, 200)
# Symbol types whose members may become chunks of their own.
CONTAINERS = frozenset({"class", "interface", "struct", "trait", "impl", "module", "object",
                        "enum", "protocol", "extension", "actor",
                        "contract", "library",  # Solidity's
                        "describe",  # a test group: RSpec, Jest, Mocha, ExUnit
                        "block",  # Gradle's `android { defaultConfig { } buildTypes { } }`
                        "namespace"})  # Rake's `namespace :db do task ... end`
TEST_BLOCKS = frozenset({"describe", "test"})
# A function whose body declares members by calls, not definitions (an Expo module's
# `definition()`: `AsyncFunction("getCurrentPositionAsync") { ... }`, `Property("x") { }`):
# cut per member when big, each member named after the function's own owner, as JavaScript
# calls it (`LocationModule.getCurrentPositionAsync`); the function itself is typed a function.
DECLARING = frozenset({"declarations"})
# A module or namespace often wraps a whole file: it is always cut per member.
ALWAYS_SPLIT = frozenset({"module", "namespace"})
# A line that only closes a block: glued to the chunk before it instead of standing alone.
# Fortran's closing statement names what it closes (`end module shop`, `END PROGRAM MAIN`).
_CLOSER = re.compile(r"^\s*(?:[\]\)\};,]+|end|fi|done|esac|@end"
                     r"|(?i:end[ \t]*(?:module|submodule|program|type|interface|subroutine"
                     r"|function|procedure|block[ \t]*data)(?:[ \t]+\w+)?))"
                     r"\s*;?\s*(?:(?://|#|--).*)?$")


@dataclass
class Definition:
    symbol_type: str
    name: str | None
    owner: str | None  # an owner named by the definition itself (a Go receiver)
    start: int  # 0-based first row, leading comments and wrappers included
    end: int  # 0-based last row
    span: tuple[int, int]  # byte range, for nesting
    signature: str  # the definition's first line: context for its members
    children: list[Definition] = field(default_factory=list)
    embedded: bool = False  # a GLSL function in a shader string of JavaScript (shaders.py)


def nest(definitions: list[Definition]) -> list[Definition]:
    """Definitions as a forest: each one under the closest definition containing it."""
    roots: list[Definition] = []
    stack: list[Definition] = []
    for d in sorted(definitions, key=lambda d: (d.span[0], -d.span[1])):
        while stack and not (stack[-1].span[0] <= d.span[0] and d.span[1] <= stack[-1].span[1]):
            stack.pop()
        (stack[-1].children if stack else roots).append(d)
        stack.append(d)
    return roots


def _opened(piece: ChunkPiece, lines: list[str],
            opening: dict[int, tuple[str, str]]) -> ChunkPiece:
    """A nameless piece (rows no definition claimed) that opens with a definition too short to
    be a piece of its own, named by it; the others it holds stay its `also`. Mojo::JSON's
    `sub to_json { _encode_value(shift) }` and Mojo::Promise's `sub all { _all(2, @_) }`, a
    run of one-line subs, were a piece named by nothing: "Mojo::Promise->all" found it by no
    name, and the model read no `method Mojo.Promise.all` in its header (rank39)."""
    if piece.symbol is not None or not piece.also:
        return piece
    row = piece.start_line - 1
    while row < piece.end_line - 1 and not lines[row].strip():
        row += 1
    name = opening.get(row)
    if name is None or name not in piece.also:
        return piece
    blank = "".join(lines[piece.start_line - 1 : row])  # it opens where the definition does
    if not piece.content.startswith(blank):
        return piece
    return replace(piece, content=piece.content[len(blank):], start_line=row + 1,
                   symbol=name[0], symbol_type=name[1],
                   also=tuple(a for a in piece.also if a != name))


@dataclass(frozen=True)
class Cutter:
    module_window: tuple[int, int]  # code between definitions (size, overlap)
    # Beyond ~1500 characters the embedder (256 tokens) no longer sees the whole class.
    split_chars: int = 1500
    huge_chars: int = 4000
    # Shorter definitions join the surrounding windows, and a piece still shorter joins the
    # piece beside it (chunks that short are dropped by the pipeline): a one-line `def
    # getFuel(): Int = fuel` between two methods of a big class, or the class's own line
    # `public class Codecs {` cut away from its members, was lost.
    min_chars: int | None = None  # None: the pipeline's, in force (joining.minimum)
    # A function in a module is a function, not a method (False for Perl, whose package is a
    # class as often as a module: its subs stay methods, as under `package Foo;`).
    module_functions: bool = True
    # A member whose name says its module (Julia's `Base.show(io::IO, p::Point) = ...` inside
    # `module Foo`) is named so, not after its container (`Foo.Base.show`).
    qualified_names: bool = False
    # The symbol types cut per member when big (a .proto's `message` and `service` too).
    containers: frozenset[str] = CONTAINERS
    # A line of comment: code between members that is all such lines is a banner, an unnamed
    # window (LanguageSpec.banners); None: named after the container as other code there.
    banners: re.Pattern[str] | None = None
    # A line opening a notebook cell in a script (jupytext's `# %%`, LanguageSpec.cells): code
    # between definitions is cut at each such line before its windows.
    cells: re.Pattern[str] | None = None

    def cut(self, definitions: list[Definition], lines: list[str]) -> list[ChunkPiece]:
        """The pieces of a file (its `lines` as fixed.split_lines gives them) along its
        definitions (not nested yet: this nests them), in the order of their lines."""
        pieces = self._scope(nest(definitions), 0, len(lines) - 1, lines, None, None, None)
        pieces = sorted(pieces, key=lambda p: (p.start_line, p.end_line))
        return join_short(pieces, lines, self.min_chars)

    def _size(self, lines: list[str], start: int, end: int) -> int:
        return sum(len(lines[row]) for row in range(start, end + 1))

    def _text(self, lines: list[str], start: int, end: int) -> int:
        """Characters of rows start..end without the white space around them (what the
        pipeline's minimum length counts)."""
        return len("".join(lines[start : end + 1]).strip())

    def _piece(self, lines: list[str], start: int, end: int, symbol: str | None,
               symbol_type: str | None, context: str | None) -> ChunkPiece:
        return ChunkPiece("".join(lines[start : end + 1]), start + 1, end + 1, symbol,
                          symbol_type, context)

    def _scope(self, definitions: list[Definition], lo: int, hi: int, lines: list[str],
               owner: str | None, owner_type: str | None,
               context: str | None) -> list[ChunkPiece]:
        """Pieces for rows lo..hi: each definition on its own, the rest in windows."""
        least = minimum(self.min_chars)
        kept = [d for d in sorted(definitions, key=lambda d: d.start)
                if d.children or len("".join(lines[d.start : d.end + 1]).strip()) >= least]
        pieces: list[ChunkPiece] = []
        cursor = lo
        for d in kept:
            if d.end < cursor:
                continue  # on lines an earlier definition already holds (minified code)
            if d.start > cursor:
                pieces = self._gap(pieces, lines, cursor, d.start - 1, owner, owner_type)
            pieces.extend(self._definition(d, lines, owner, owner_type, context))
            cursor = max(cursor, d.end + 1)
        if cursor <= hi:
            pieces = self._gap(pieces, lines, cursor, hi, owner, owner_type)
        # a definition too short to be a piece (a one-line Jenkins `stage('Checkout') { .. }`)
        # is named in the piece that holds it (ChunkPiece.also)
        held = {id(d) for d in kept}
        starts = [p.start_line for p in pieces]
        opening: dict[int, tuple[str, str]] = {}  # a short definition's first row: its name
        for d in definitions:
            if id(d) in held or not d.name:
                continue
            name = self._name(d, owner, owner_type)
            n = bisect_right(starts, d.start + 1) - 1  # the last piece opening at or above it
            while n > 0 and pieces[n - 1].end_line >= d.start + 1:
                n -= 1  # windows overlap: the first that holds it
            if n >= 0 and pieces[n].end_line >= d.start + 1:
                pieces[n] = replace(pieces[n], also=also_naming(pieces[n], [name]))
                opening.setdefault(d.start, name)
        return [_opened(p, lines, opening) for p in pieces] if opening else pieces

    def _name(self, d: Definition, owner: str | None,
              owner_type: str | None) -> tuple[str, str]:
        """(symbol, symbol type) of a definition in a scope of `owner`."""
        parent = None if d.embedded else owner or d.owner
        if self.qualified_names and d.name and "." in d.name:
            parent = None
        symbol = f"{parent}.{d.name}" if parent and d.name else (d.name or parent or "")
        # a function of a class is its method; of a module (Elixir's `defmodule`, OCaml's
        # `struct`, Ruby's `def self.x` in a `module`, Rust's `mod`) or of a function (an inner
        # function of a big one: fastify's `fastify.addHook`) it stays a function
        of_module = (owner is not None and owner_type in ("module", "function")
                     and self.module_functions)
        kind = "function" if d.symbol_type in DECLARING else d.symbol_type
        symbol_type = "method" if parent and kind == "function" and not of_module else kind
        return symbol, symbol_type

    def _gap(self, pieces: list[ChunkPiece], lines: list[str], start: int, end: int,
             owner: str | None, owner_type: str | None) -> list[ChunkPiece]:
        """Windows over rows no definition claimed; a run of closing lines joins the piece
        before it, so `}` or `end` never stands alone."""
        rows = [r for r in range(start, end + 1) if lines[r].strip()]
        if not rows:
            return pieces
        if pieces and pieces[-1].end_line == start and all(
                _CLOSER.match(lines[r]) for r in rows):
            last = pieces[-1]
            glued = replace(last, content=last.content + "".join(lines[start : end + 1]),
                            end_line=end + 1)
            return [*pieces[:-1], glued]
        # a big function's own code between its inner functions: windows as its whole body
        # had (HUGE_WINDOW), not a module's small ones
        size, overlap = HUGE_WINDOW if owner_type == "function" else self.module_window
        if owner and self.banners is not None and all(self.banners.match(lines[r]) for r in rows):
            # a banner between members (`/* Generic output features */`) names no definition
            return pieces + windows_over(numbered(lines, start, end + 1), size, overlap)
        symbol_type = owner_type if owner else "module"
        for lo, hi in self._cells(lines, start, end, owner):
            if any(lines[r].strip() for r in range(lo, hi + 1)):
                pieces = pieces + windows_over(numbered(lines, lo, hi + 1), size, overlap,
                                               owner, symbol_type)
        return pieces

    def _cells(self, lines: list[str], start: int, end: int,
               owner: str | None) -> list[tuple[int, int]]:
        """Rows start..end cut before each line opening a notebook cell (`# %%`), at a
        module's top level only: each cell's text and code one run, windowed on its own."""
        if self.cells is None or owner:
            return [(start, end)]
        cuts = [r for r in range(start + 1, end + 1) if self.cells.match(lines[r])]
        bounds = [start, *cuts, end + 1]
        return list(zip(bounds[:-1], [b - 1 for b in bounds[1:]], strict=True))

    def _definition(self, d: Definition, lines: list[str], owner: str | None,
                    owner_type: str | None, context: str | None) -> list[ChunkPiece]:
        named, symbol_type = self._name(d, owner, owner_type)
        symbol = named or None
        size = self._size(lines, d.start, d.end)
        first_member = min((c.start for c in d.children), default=d.start)
        least = minimum(self.min_chars)
        if first_member > d.start and self._text(lines, d.start, first_member - 1) < least:
            # a head too short to be kept (OCaml's `module Make (Ord : S) = struct`) takes the
            # short members up to the first kept one, when they fit in a window
            kept = min((c.start for c in d.children if c.children or self._text(
                lines, c.start, c.end) >= least), default=first_member)
            if self._size(lines, d.start, kept - 1) <= self.module_window[0]:
                first_member = kept
        holds_shader = bool(d.children) and all(c.embedded for c in d.children)
        # a function holding test blocks (Dart's `void main() { group('Cart', ...) }`): its
        # tests are cut as a test group's are, named by their own description
        holds_tests = symbol_type == "function" and any(
            c.symbol_type in TEST_BLOCKS for c in d.children)
        # a function too big for one piece holding functions of its own (fastify's 900-line
        # `function fastify (options)` and its `addHook`, `setErrorHandler`, ...; route.js'
        # `buildRouting`): cut at them as a container is, not into windows named after it
        # alone (rank40: 7 of fastify's 16 misses were such inner functions)
        holds_functions = (symbol_type == "function" and size > self.huge_chars
                           and any(c.symbol_type == "function" for c in d.children))
        declares = d.symbol_type in DECLARING
        if ((symbol_type in self.containers or holds_shader or holds_tests or holds_functions
                or declares)
                and d.children and first_member > d.start
                and (size > self.split_chars or symbol_type in ALWAYS_SPLIT)):
            head = [self._piece(lines, d.start, first_member - 1, symbol, symbol_type, context)]
            if holds_functions and self._size(lines, d.start, first_member - 1) > self.split_chars:
                # a function's body before its first inner function: windows named after it
                head = windows_over(numbered(lines, d.start, first_member), *HUGE_WINDOW,
                                    symbol, symbol_type, d.signature)
            # a test group's blocks own themselves; a declaring block's (Expo's definition())
            # members belong to its owner, the class; any other container's to the container
            if holds_tests:
                owner_of_members = None
            elif declares:
                owner_of_members = owner or d.owner
            else:
                owner_of_members = symbol
            of_members = owner_type if declares else symbol_type
            members = self._scope(d.children, first_member, d.end, lines, owner_of_members,
                                  of_members if owner_of_members else None, d.signature)
            return [*head, *members]
        if size > self.huge_chars:
            return windows_over(numbered(lines, d.start, d.end + 1), *HUGE_WINDOW, symbol,
                                symbol_type, d.signature)
        return [self._piece(lines, d.start, d.end, symbol, symbol_type, context)]


@dataclass
class FoundChunker:
    """A chunker with no grammar: `find` reads the definitions off the lines (by their forms,
    opening lines, commands or braces) and `cutter` cuts them; `finish` may adjust the pieces.
    Any surprise of the input gives the windows, as a parse error does. A chunker whose names
    depend on the file's path too adds a `chunk_path` that finds them through `cut_found`
    (groovy.py: a Jenkins shared library's `vars/NAME.groovy` defines the step NAME)."""

    name: str
    languages: frozenset[str]
    find: Callable[[str, list[str]], list[Definition]]  # (text, its lines) -> definitions
    cutter: Cutter = Cutter(module_window=(500, 100))
    finish: Callable[[list[ChunkPiece], list[str]], list[ChunkPiece]] | None = None
    available: bool = True  # nothing to load

    def chunk(self, text: str) -> list[ChunkPiece]:
        return self.cut_found(text, self.find)

    def cut_found(self, text: str, find: Callable[[str, list[str]], list[Definition]]
                  ) -> list[ChunkPiece]:
        """The pieces of the definitions `find` reads off the text and its lines."""
        lines = split_lines(text)
        try:
            pieces = self.cutter.cut(find(text, lines), lines)
            return self.finish(pieces, lines) if self.finish else pieces
        except Exception:  # malformed input, or any surprise: windows serve
            return windows_over(numbered(lines), *self.cutter.module_window)
