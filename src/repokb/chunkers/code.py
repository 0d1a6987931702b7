"""Source code by syntax tree (tree-sitter): one chunk per definition.

What counts as a definition is data: `queries/<language>.scm` captures each definition as
`@definition.<symbol type>` with its `@name` (and optionally an `@owner`, such as a Go method's
receiver type, or a `@kind` whose text becomes the symbol type, such as Terraform's `resource`).
`languages.py` says which grammar and query serve which language.

Leading comments, doc comments and attributes stay with their definition; wrappers (`export`,
decorators, `template <...>`) are part of it. Containers (classes, interfaces, impls, ...) bigger
than `split_chars` are cut per member, each member carrying the container's signature as
context; modules and namespaces are always cut per member. Code between definitions (imports,
constants, scripts) goes into fixed windows; closing brackets and `end` lines stay with the
block they close. A definition whose subtree does not parse is left to the windows, so a file
with syntax errors still yields whatever parsed cleanly. The chunker never raises: any surprise
falls back to fixed windows over the whole file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any

from repokb.chunkers.base import (
    chunker_for,
    last_row,
    load_language,
    parse,
    register,
    source_bytes,
)
from repokb.chunkers.cmacros import unmacro
from repokb.chunkers.fixed import numbered, split_lines, windows_over
from repokb.chunkers.languages import SPECS, LanguageSpec
from repokb.chunkers.shaders import SHADER_HOSTS, shader_sources
from repokb.models import ChunkPiece

# Symbol types whose members may become chunks of their own.
CONTAINERS = frozenset({"class", "interface", "struct", "trait", "impl", "module", "object",
                        "enum"})
# A module or namespace often wraps a whole file: it is always cut per member.
ALWAYS_SPLIT = frozenset({"module"})
# A line that only closes a block: glued to the chunk before it instead of standing alone.
_PLACEHOLDER = re.compile(r"@(\w+)@")  # a template's `@TYPE@` (LanguageSpec.placeholders)
_CLOSER = re.compile(r"^\s*(?:[\]\)\};,]+|end|fi|done|esac)\s*;?\s*(?:(?://|#|--).*)?$")


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


def _clean_name(raw: bytes) -> str:
    name = " ".join(raw.decode("utf-8", "replace").split()).strip("\"'`")
    return name[:120]


class TreeSitterChunker:
    name = "tree-sitter"

    def __init__(self, spec: LanguageSpec, split_chars: int = 1500, huge_chars: int = 4000,
                 min_chars: int = 40) -> None:
        self.spec = spec
        self.languages = frozenset({spec.language})
        # Beyond ~1500 characters the embedder (256 tokens) no longer sees the whole class.
        self.split_chars = split_chars
        self.huge_chars = huge_chars
        self.min_chars = min_chars  # shorter definitions join the surrounding windows
        self._engine: tuple[Any, Any] | None = None

    @property
    def available(self) -> bool:
        """Whether the grammar package is installed (loads it on first call)."""
        return self._load() is not None

    def _load(self) -> tuple[Any, Any] | None:
        if self._engine is None:
            language = load_language(self.spec.grammar)
            if language is None:  # the grammar package is not installed: windows serve
                return None
            import tree_sitter

            source = resources.files("repokb.chunkers").joinpath(
                f"queries/{self.spec.query}.scm").read_text("utf-8")
            query = tree_sitter.Query(language, source)
            self._engine = (tree_sitter.Parser(language), tree_sitter.QueryCursor(query))
        return self._engine

    def chunk(self, text: str) -> list[ChunkPiece]:
        lines = split_lines(text)
        size, overlap = self.spec.module_window
        try:
            engine = self._load()
            if engine is not None:
                return self._chunk(engine, text, lines)
        except Exception:  # a grammar or query surprise must not stop a run
            pass
        return windows_over(numbered(lines), size, overlap)

    def _chunk(self, engine: tuple[Any, Any], text: str, lines: list[str]) -> list[ChunkPiece]:
        parser, cursor = engine
        parsed = text
        if self.spec.placeholders and "@" in text:  # same length: rows and bytes stay put
            parsed = _PLACEHOLDER.sub(lambda m: f"_{m.group(1)}_", text)
        tree = parse(parser, parsed)
        if self.spec.macros and tree.root_node.has_error:
            parsed, tree = unmacro(parser, parsed, tree)
        written = source_bytes(text) if parsed is not text else None
        # A row that held only blanked macros (`NPY_NO_EXPORT` above `int f(...)`) belongs to
        # the definition below it.
        blanked = frozenset(row for row, line in enumerate(split_lines(parsed))
                            if not line.strip() and lines[row].strip()) if written else frozenset()
        definitions = self._definitions(cursor, tree.root_node, lines, written, blanked)
        if self.spec.language in SHADER_HOSTS and "glsl" in text:
            definitions += self._shader_definitions(tree.root_node, text)
        roots = nest(definitions)
        pieces = self._scope(roots, 0, len(lines) - 1, lines, None, None, None)
        return sorted(pieces, key=lambda p: (p.start_line, p.end_line))

    def _definitions(self, cursor: Any, root: Any, lines: list[str],
                     written: bytes | None = None,
                     blanked: frozenset[int] = frozenset()) -> list[Definition]:
        """The definitions the query captures; names as `written` (the file's bytes, when
        the parser was given a stand-in for them) spells them."""
        def text_of(node: Any) -> bytes:
            return node.text if written is None else written[node.start_byte:node.end_byte]

        matches = cursor.matches(root)
        # Comments are "extras" that the parser may hang on any ancestor, so they are found
        # by line: last row of each comment that starts its line -> its first row.
        comments: dict[int, int] = {}
        for _, captures in matches:
            for node in captures.get("comment", ()):
                row, column = node.start_point
                if row < len(lines) and not lines[row].encode("utf-8", "surrogatepass")[
                        :column].strip():
                    comments[last_row(node)] = row
        best: dict[tuple[int, int], tuple[int, Definition]] = {}
        for pattern, captures in matches:
            label = next((k for k in captures if k.startswith("definition.")), None)
            if label is None:
                continue
            node = captures[label][0]
            if node.has_error:  # did not parse: its lines go to the windows
                continue
            span = node
            while span.parent is not None and span.parent.type in self.spec.wrappers:
                span = span.parent
            key = (span.start_byte, span.end_byte)
            if key in best and best[key][0] <= pattern:
                continue  # the same code matched an earlier, more specific pattern
            names = [_clean_name(text_of(n)) for n in captures.get("name", [])]
            kinds = captures.get("kind", [])
            owners = captures.get("owner", [])
            symbol_type = _clean_name(kinds[0].text) if kinds else label[len("definition."):]
            name = ".".join(n for n in names if n) or (symbol_type if kinds else None)
            if kinds and not names:
                symbol_type = "block"
            row = node.start_point[0]
            best[key] = (pattern, Definition(
                symbol_type=symbol_type, name=name,
                owner=_clean_name(owners[0].text) if owners else None,
                start=self._leading_start(span, comments, lines, blanked),
                end=min(last_row(span), len(lines) - 1),
                span=key, signature=lines[row].strip() if row < len(lines) else ""))
        return [definition for _, definition in best.values()]

    def _shader_definitions(self, root: Any, text: str) -> list[Definition]:
        """The functions and structs of each GLSL string (`/* glsl */` or glsl`...`), found
        with the C grammar, on the rows of this file."""
        glsl = chunker_for("c")
        if not isinstance(glsl, TreeSitterChunker):
            return []
        engine = glsl._load()
        if engine is None:
            return []
        parser, cursor = engine
        found: list[Definition] = []
        for row, offset, source in shader_sources(root, source_bytes(text)):
            tree = parse(parser, source)
            for d in glsl._definitions(cursor, tree.root_node, split_lines(source)):
                found.append(replace(d, start=d.start + row, end=d.end + row, embedded=True,
                                     span=(d.span[0] + offset, d.span[1] + offset)))
        return found

    def _leading_start(self, span: Any, comments: dict[int, int], lines: list[str],
                       blanked: frozenset[int] = frozenset()) -> int:
        """First row of a definition with the comments and attributes directly above it
        (a blank line in between means the comment is about something else, except after a
        `/** ... */` doc comment that does not open the file: express and many JS projects
        write `/** Listen for connections. */`, a blank line, then `app.listen = ...`)."""
        first = int(span.start_point[0])
        while first - 1 in blanked:
            first -= 1
        own = first
        prev = span.prev_named_sibling
        while True:
            while prev is not None and prev.start_point[0] >= first:
                prev = prev.prev_named_sibling  # skip what is already part of the chunk
            if first - 1 in comments:
                first = comments[first - 1]
            elif (first - 2 in comments and not lines[first - 1].strip()
                  and comments[first - 2] > 0 and first == own
                  and lines[comments[first - 2]].lstrip().startswith("/**")):
                first = comments[first - 2]
            elif (prev is not None and prev.type in self.spec.attachments
                  and last_row(prev) == first - 1):
                first = int(prev.start_point[0])
            else:
                return first

    def _size(self, lines: list[str], start: int, end: int) -> int:
        return sum(len(lines[row]) for row in range(start, end + 1))

    def _piece(self, lines: list[str], start: int, end: int, symbol: str | None,
               symbol_type: str | None, context: str | None) -> ChunkPiece:
        return ChunkPiece("".join(lines[start : end + 1]), start + 1, end + 1, symbol,
                          symbol_type, context)

    def _scope(self, definitions: list[Definition], lo: int, hi: int, lines: list[str],
               owner: str | None, owner_type: str | None,
               context: str | None) -> list[ChunkPiece]:
        """Pieces for rows lo..hi: each definition on its own, the rest in windows."""
        kept = [d for d in sorted(definitions, key=lambda d: d.start)
                if d.children or len("".join(lines[d.start : d.end + 1]).strip())
                >= self.min_chars]
        pieces: list[ChunkPiece] = []
        cursor = lo
        for d in kept:
            if d.end < cursor:
                continue  # on lines an earlier definition already holds (minified code)
            if d.start > cursor:
                pieces = self._gap(pieces, lines, cursor, d.start - 1, owner, owner_type)
            pieces.extend(self._definition(d, lines, owner, context))
            cursor = max(cursor, d.end + 1)
        if cursor <= hi:
            pieces = self._gap(pieces, lines, cursor, hi, owner, owner_type)
        return pieces

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
        size, overlap = self.spec.module_window
        symbol_type = owner_type if owner else "module"
        return pieces + windows_over(numbered(lines, start, end + 1), size, overlap, owner,
                                     symbol_type)

    def _definition(self, d: Definition, lines: list[str], owner: str | None,
                    context: str | None) -> list[ChunkPiece]:
        parent = None if d.embedded else owner or d.owner
        symbol = f"{parent}.{d.name}" if parent and d.name else (d.name or parent)
        symbol_type = "method" if parent and d.symbol_type == "function" else d.symbol_type
        size = self._size(lines, d.start, d.end)
        first_member = min((c.start for c in d.children), default=d.start)
        holds_shader = bool(d.children) and all(c.embedded for c in d.children)
        if ((symbol_type in CONTAINERS or holds_shader) and d.children
                and first_member > d.start
                and (size > self.split_chars or symbol_type in ALWAYS_SPLIT)):
            head = self._piece(lines, d.start, first_member - 1, symbol, symbol_type, context)
            members = self._scope(d.children, first_member, d.end, lines, symbol, symbol_type,
                                  d.signature)
            return [head, *members]
        if size > self.huge_chars:
            return windows_over(numbered(lines, d.start, d.end + 1), 1500, 200, symbol,
                                symbol_type, d.signature)
        return [self._piece(lines, d.start, d.end, symbol, symbol_type, context)]


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


for _spec in SPECS:
    register(TreeSitterChunker(_spec))
