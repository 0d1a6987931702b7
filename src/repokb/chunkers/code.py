"""Source code by syntax tree (tree-sitter): one chunk per definition.

What counts as a definition is data: `queries/<language>.scm` captures each definition as
`@definition.<symbol type>` with its `@name` (and optionally an `@owner`, such as a Go method's
receiver type, or a `@kind` whose text becomes the symbol type, such as Terraform's `resource`).
`languages.py` says which grammar and query serve which language.

Leading comments, doc comments and attributes stay with their definition; wrappers (`export`,
decorators, `template <...>`) are part of it. cutting.py cuts the file along them (containers
bigger than `split_chars` per member, modules always per member, code between definitions in
fixed windows); where a language writes one function as several clauses (Elixir's `def f(0)`,
`def f(n)`), consecutive definitions of one name are one. A definition whose subtree does not
parse is left to the windows, so a file with syntax errors still yields whatever parsed cleanly.
The chunker never raises: any surprise falls back to fixed windows over the whole file.
"""

from __future__ import annotations

import re
import threading
from dataclasses import replace
from importlib import resources
from pathlib import PurePosixPath
from typing import Any

from repokb.chunkers.base import (
    OverBudget,
    chunker_for,
    last_row,
    load_language,
    parse,
    register,
    source_bytes,
)
from repokb.chunkers.cmacros import unexport, unmacro
from repokb.chunkers.cutting import Cutter, Definition
from repokb.chunkers.fixed import numbered, split_lines, windows_over
from repokb.chunkers.flowtypes import errors, flow_tree, is_flow
from repokb.chunkers.fortranform import as_free_form, is_fixed_form, without_python_module
from repokb.chunkers.innerdocs import with_inner_docs
from repokb.chunkers.languages import SPECS, LanguageSpec
from repokb.chunkers.literate import code_only
from repokb.chunkers.psargs import script_help, without_bare_lists
from repokb.chunkers.rnmacros import as_methods
from repokb.chunkers.shaders import SHADER_HOSTS, shader_sources
from repokb.models import ChunkPiece

_PLACEHOLDER = re.compile(r"@(\w+)@")  # a template's `@TYPE@` (LanguageSpec.placeholders)
_MODULE_FILE = re.compile(r"[A-Za-z][\w']*")  # an OCaml module's name: `list`, `stdlib__List`
_TIMESTAMP = re.compile(r"\A[\d_]+(?=[A-Za-z])")  # a migration's `2024_03_01_120000_`


def _clean_name(raw: bytes) -> str:
    name = " ".join(raw.decode("utf-8", "replace").split()).strip("\"'`")
    return name[:120]


_OPERATOR = re.compile(r"operator\b")
_RELATIVE = frozenset({"self", "super", "crate"})  # path heads that name no scope


def _dotted(name: str) -> str:
    """A scoped name (`Rack::Lint::Wrapper`, C++ `ns::Widget<T>::draw`, Rust `crate::a::B`)
    as the nested form spells it: `Rack.Lint.Wrapper`, `ns.Widget.draw`, `a.B` (no template
    arguments, no leading `::`, `self`, `super` or `crate`); `operator<` keeps its `<`."""
    if "::" not in name:
        return name
    segments: list[str] = []
    current = ""
    depth = 0
    i = 0
    while i < len(name):
        if (depth == 0 and _OPERATOR.match(name, i) and not current.strip()):
            current += name[i:]  # `operator<<`, `operator()`: the rest is the name
            break
        char = name[i]
        if depth == 0 and name.startswith("::", i):
            segments.append(current.strip())
            current, i = "", i + 2
            continue
        if char == "<":
            depth += 1
        elif char == ">" and depth:
            depth -= 1
        elif depth == 0:
            current += char
        i += 1
    segments.append(current.strip())
    while len(segments) > 1 and (not segments[0] or segments[0] in _RELATIVE):
        segments.pop(0)
    return ".".join(s for s in segments if s) or name



_INHERITS = re.compile(r"^; inherits: ([\w,]+)$", re.M)


def query_source(name: str) -> str:
    """The text of `queries/<name>.scm`, followed by the queries it names on a line
    `; inherits: c` (as nvim-treesitter writes it): Objective-C's patterns, then C's."""
    source = resources.files("repokb.chunkers").joinpath(f"queries/{name}.scm").read_text("utf-8")
    for m in _INHERITS.finditer(source):
        source += "".join("\n" + query_source(base) for base in m.group(1).split(","))
    return source


def _join_clauses(found: list[Definition], lines: list[str]) -> list[Definition]:
    """Consecutive definitions of one name and type with only blank lines between them as
    one definition (LanguageSpec.clauses): Elixir's `def f(0)` and `def f(n)` are one f."""
    joined: list[Definition] = []
    for d in sorted(found, key=lambda d: (d.span[0], -d.span[1])):
        last = joined[-1] if joined else None
        if (last is not None and d.name is not None and last.name == d.name
                and last.symbol_type == d.symbol_type and last.owner == d.owner
                and last.end < d.start
                and not any(line.strip() for line in lines[last.end + 1 : d.start])):
            joined[-1] = replace(last, end=d.end, span=(last.span[0], d.span[1]))
        else:
            joined.append(d)
    return joined


def _closed(node: Any) -> bool:
    """Whether a definition's opening statement and its `end_...` statement parsed (Fortran),
    or its head and the braces of its body (a C++ class), so its span is sure whatever error
    its body holds (LanguageSpec.errors_inside)."""
    children = node.children
    if len(children) < 2:
        return False
    first, last = children[0], children[-1]
    if last.type.startswith("end_"):
        return (first.type != "ERROR" and not first.has_error and not last.has_error
                and not last.is_missing and last.end_byte > last.start_byte)
    body = node.child_by_field_name("body")
    if body is None or body.child_count < 2:
        return False
    opening, closing = body.children[0], body.children[-1]
    return (opening.type == "{" and closing.type == "}" and not closing.is_missing
            and closing.end_byte > closing.start_byte
            and not any(c.has_error or c.type == "ERROR" for c in children
                        if c.end_byte <= body.start_byte))


def _anonymous_by_file(pieces: list[ChunkPiece], name: str) -> list[ChunkPiece]:
    """A method no class owns (an anonymous class's: LanguageSpec.anonymous_by_file) named by
    the file `name`, less a leading timestamp: `create_orders_table.up`."""
    stem = name.split(".", 1)[0]
    owner = _TIMESTAMP.sub("", stem) or stem
    return [replace(p, symbol=f"{owner}.{p.symbol}")
            if p.symbol_type == "method" and p.symbol and "." not in p.symbol else p
            for p in pieces]


class TreeSitterChunker:
    name = "tree-sitter"

    def __init__(self, spec: LanguageSpec, split_chars: int = 1500, huge_chars: int = 4000,
                 min_chars: int | None = None) -> None:
        self.spec = spec
        self.languages = frozenset({spec.language})
        self.cutter = Cutter(spec.module_window, spec.split_chars or split_chars, huge_chars,
                             min_chars,
                             spec.module_functions, spec.qualified_names,
                             banners=re.compile(spec.banners) if spec.banners else None,
                             cells=re.compile(spec.cells) if spec.cells else None)
        # the compiled query is shared; a parser and a query cursor are not thread-safe, so
        # each thread has its own (the server chunks concurrent uploads: one shared parser
        # crashed it, a segfault in tree-sitter's binding)
        self._query: Any = None
        self._mine = threading.local()
        self._flow: TreeSitterChunker | None = None  # reads Flow-typed files (spec.flow)

    @property
    def available(self) -> bool:
        """Whether the grammar package is installed (loads it on first call)."""
        return self._load() is not None

    def _load(self) -> tuple[Any, Any] | None:
        """This thread's parser and query cursor (None: the grammar is not installed)."""
        engine: tuple[Any, Any] | None = getattr(self._mine, "engine", None)
        if engine is None:
            language = load_language(self.spec.grammar)
            if language is None:  # the grammar package is not installed: windows serve
                return None
            import tree_sitter

            if self._query is None:
                self._query = tree_sitter.Query(language, query_source(self.spec.query))
            engine = self._mine.engine = (tree_sitter.Parser(language),
                                          tree_sitter.QueryCursor(self._query))
        return engine

    def chunk(self, text: str) -> list[ChunkPiece]:
        return self._chunk_or_windows(text, None)

    def _chunk_or_windows(self, text: str, path: str | None) -> list[ChunkPiece]:
        lines = split_lines(text)
        size, overlap = self.spec.module_window
        try:
            engine = self._load()
            if engine is not None:
                return self._chunk(engine, text, lines, path)
        except OverBudget:  # not a surprise of the input: the caller records why
            raise
        except Exception:  # a grammar or query surprise must not stop a run
            pass
        return windows_over(numbered(lines), size, overlap)

    def chunk_path(self, text: str, path: str) -> list[ChunkPiece]:
        """`chunk`'s pieces of the file at `path`, named after the module the file is where
        the language makes each file one (LanguageSpec.file_module: OCaml's `list.ml`
        defines `List.map`, and the short definitions joined into a piece too); a script's
        help names its piece after it (script_help)."""
        for suffix, language in self.spec.by_suffix:
            if path.endswith(suffix) and (other := chunker_for(language)) is not None:
                return other.chunk(text)
        pieces = self._chunk_or_windows(text, path)
        name = PurePosixPath(path).name
        if (self.spec.script_help and name.lower().endswith(self.spec.script_help)
                and pieces and pieces[0].symbol is None and script_help(pieces[0].content)):
            script = name[: -len(self.spec.script_help)]
            pieces = [replace(pieces[0], symbol=script, symbol_type="script"), *pieces[1:]]
        if self.spec.anonymous_by_file:
            pieces = _anonymous_by_file(pieces, name)
        if self.spec.inner_docs:  # a module's `//!` docs written as Markdown, by their headings
            pieces = with_inner_docs(pieces, split_lines(text), path, self.spec.inner_docs)
        if not self.spec.file_module:
            return pieces
        stem = PurePosixPath(path).name.split(".", 1)[0]
        if not _MODULE_FILE.fullmatch(stem):
            return pieces
        module = stem[0].upper() + stem[1:]
        # the names of short definitions joined into a piece (`also`) are the module's too:
        # `Sample.Store_error` beside `Sample.error`
        return [replace(p, symbol=f"{module}.{p.symbol}" if p.symbol else None,
                        also=tuple((f"{module}.{name}", kind) for name, kind in p.also))
                if p.symbol or p.also else p for p in pieces]

    def _chunk(self, engine: tuple[Any, Any], text: str, lines: list[str],
               path: str | None = None) -> list[ChunkPiece]:
        parser, cursor = engine
        source = code_only(text) if self.spec.literate else text
        if self.spec.tab_stops and "\t" in source:
            source = source.expandtabs(self.spec.tab_stops)
        if self.spec.fortran_forms:
            if is_fixed_form(text, path):
                source = as_free_form(source)
            source = without_python_module(source)
        if source is not text:
            # rows stay put (names and blank lines too): the definitions are read off the
            # parsed lines, the pieces cut from the file's
            tree = parse(parser, source)
            definitions = self._definitions(cursor, tree.root_node, split_lines(source))
            return self.cutter.cut(definitions, lines)
        parsed = text
        if self.spec.placeholders and "@" in text:  # same length: rows and bytes stay put
            parsed = _PLACEHOLDER.sub(lambda m: f"_{m.group(1)}_", text)
        if self.spec.blanks:  # same length too
            parsed = re.sub(self.spec.blanks, lambda m: " " * len(m.group(0)), parsed)
        if self.spec.undotted:  # same length too
            parsed = re.sub(self.spec.undotted, lambda m: m.group(0).replace(".", "_"), parsed)
        if self.spec.export_macros:  # same length too
            parsed = as_methods(parsed)
        tree = parse(parser, parsed)
        if self.spec.macros:
            parsed, tree = unexport(parser, parsed, tree)
        if self.spec.macros and tree.root_node.has_error:
            parsed, tree = unmacro(parser, parsed, tree)
        if self.spec.bare_lists and tree.root_node.has_error:
            parsed, tree = without_bare_lists(parser, parsed, tree)
        flow = None
        if self.spec.flow and tree.root_node.has_error and is_flow(text, path):
            flow = self._flow_definitions(text, lines, tree.root_node)
        if flow is not None:
            definitions = flow
        else:
            written = source_bytes(text) if parsed is not text else None
            # A row that held only blanked macros (`NPY_NO_EXPORT` above `int f(...)`) belongs
            # to the definition below it.
            blanked = frozenset(row for row, line in enumerate(split_lines(parsed))
                                if not line.strip() and lines[row].strip()
                                ) if written else frozenset()
            definitions = self._definitions(cursor, tree.root_node, lines, written, blanked)
        if self.spec.language in SHADER_HOSTS and "glsl" in text:
            definitions += self._shader_definitions(tree.root_node, text)
        if any(d.symbol_type == "package" for d in definitions):
            return self._packaged(definitions, lines, path)
        return self.cutter.cut(definitions, lines)

    def _packaged(self, definitions: list[Definition], lines: list[str],
                  path: str | None) -> list[ChunkPiece]:
        """The pieces of a file that declares its package (Java's `package a.b;`, PHP's
        `namespace Monolog\\Handler;`): in the package's own file (LanguageSpec.package_file,
        `package-info.java`) the declaration with its Javadoc is a piece named by the package;
        elsewhere the package is the namespace of the named pieces."""
        packages = {d.name for d in definitions if d.symbol_type == "package"}
        if path is not None and PurePosixPath(path).name == self.spec.package_file:
            return self.cutter.cut(definitions, lines)
        pieces = self.cutter.cut([d for d in definitions if d.symbol_type != "package"], lines)
        if len(packages) != 1:  # none, or a PHP file of several `namespace { }` blocks
            return pieces
        package = packages.pop()
        return [replace(p, namespace=package) if p.symbol else p for p in pieces]

    def _flow_definitions(self, text: str, lines: list[str], root: Any) -> list[Definition] | None:
        """The definitions of a Flow-typed file as the spec's `flow` language reads it
        (flowtypes.py), when less of its tree is in errors than of `root`; else None."""
        if self._flow is None:
            spec = next((s for s in SPECS if s.language == self.spec.flow), None)
            if spec is None:
                return None
            # a class whose head and braces parsed keeps its name around a member the grammar
            # cannot read (metro's Server.js.flow: `...typeof Server.X` in a field's type)
            self._flow = TreeSitterChunker(replace(spec, errors_inside=True))
        reader = self._flow
        if (engine := reader._load()) is None:
            return None
        parser, cursor = engine
        parsed, tree = flow_tree(parser, text)
        if errors(tree.root_node) >= errors(root):
            return None
        written = source_bytes(text) if parsed != text else None
        found: list[Definition] = reader._definitions(cursor, tree.root_node, lines, written)
        return found

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
        below = self._trailing_docs(comments, lines)
        best: dict[tuple[int, int], tuple[int, Definition]] = {}
        for pattern, captures in matches:
            label = next((k for k in captures if k.startswith("definition.")), None)
            if label is None:
                continue
            node = captures[label][0]
            if node.has_error and not (self.spec.errors_inside and _closed(node)):
                continue  # did not parse: its lines go to the windows
            span = node
            while span.parent is not None and span.parent.type in self.spec.wrappers:
                span = span.parent
            last = span  # the last node of the definition: its body, when beside it
            if self.spec.bodies and (body := span.next_named_sibling) is not None and (
                    body.type in self.spec.bodies):
                last = body
                if body.has_error:
                    continue
            key = (span.start_byte, last.end_byte)
            if key in best and best[key][0] <= pattern:
                continue  # the same code matched an earlier, more specific pattern
            # a Ruby symbol names without its colon (`define_method(:ping)`: `ping`)
            names = [_dotted(_clean_name(text_of(n)[1:] if n.type == "simple_symbol"
                                         else text_of(n))) for n in captures.get("name", [])]
            kinds = captures.get("kind", [])
            owners = captures.get("owner", [])
            symbol_type = _clean_name(text_of(kinds[0])) if kinds else label[len("definition."):]
            name = ".".join(n for n in names if n) or (symbol_type if kinds else None)
            if name and (suffix := captures.get("suffix")):  # `instance Show (Tree a)`
                name = f"{name} {_clean_name(text_of(suffix[0]))}"
            if kinds and not names:
                symbol_type = "block"
            if symbol_type == "alias" and name:  # a shell's `gs=` word: the alias is `gs`
                name = name.split("=", 1)[0]
            row = node.start_point[0]
            start = self._leading_start(span, comments, lines, blanked)
            if symbol_type == "prototype" and start == row == last_row(last):
                # a bare one-line prototype (a .c file's forward declarations, one a line)
                # says nothing its function does not: it stays in the windows around it
                continue
            best[key] = (pattern, Definition(
                symbol_type=symbol_type, name=name,
                owner=_clean_name(owners[0].text) if owners else None, start=start,
                end=below.get(last_row(last), min(self._end(last), len(lines) - 1)),
                span=key, signature=lines[row].strip() if row < len(lines) else ""))
        found = [definition for _, definition in best.values()]
        # A name the definition scopes itself (Perl's `sub Foo::Bar::x`, dotted) keeps it.
        def unowned(d: Definition) -> bool:
            return (d.symbol_type in self.spec.scoped and d.owner is None
                    and "." not in (d.name or ""))

        if self.spec.scope_open and any(map(unowned, found)):
            scopes = self._scopes(lines)

            def scoped(d: Definition) -> Definition:
                scope = scopes[d.start] if unowned(d) and d.start < len(scopes) else None
                if scope is None:
                    return d
                return replace(d, name=f"{scope}.{d.name}") if self.spec.qualified else (
                    replace(d, owner=scope))

            found = [scoped(d) for d in found]
        if self.spec.clauses:
            found = _join_clauses(found, lines)
        return found

    def _end(self, span: Any) -> int:
        """Last row of a definition: of its last token that is no comment when the spec trims
        what the grammar lets it run on to (LanguageSpec.trim_trailing)."""
        if not self.spec.trim_trailing:
            return last_row(span)
        node = span
        while node.child_count:
            tokens = [c for c in node.children
                      if c.end_byte > c.start_byte and not c.type.endswith("comment")]
            if not tokens:
                break
            node = tokens[-1]
        return max(int(span.start_point[0]), last_row(node))

    def _trailing_docs(self, comments: dict[int, int], lines: list[str]) -> dict[int, int]:
        """Last row of a definition -> last row of the doc comment right below it that is its
        own (LanguageSpec.trailing_doc: a blank line or the end of the file follows it)."""
        if self.spec.trailing_doc is None:
            return {}
        opening = re.compile(r"\s*" + self.spec.trailing_doc)
        return {first - 1: last for last, first in comments.items()
                if first > 0 and lines[first - 1].strip() and opening.match(lines[first])
                and (last + 1 >= len(lines) or not lines[last + 1].strip())}

    def _scopes(self, lines: list[str]) -> list[str | None]:
        """The owner each row is inside of, by the spec's scope lines (one pass)."""
        opening = re.compile(r"^\s*" + (self.spec.scope_open or ""))
        closing = re.compile(r"^\s*" + (self.spec.scope_close or r"(?!)"))
        owners: list[str | None] = []
        current: str | None = None
        for line in lines:
            if (m := opening.match(line)) is not None:
                current = _dotted(m.group(1))
            elif closing.match(line):
                owners.append(current)
                current = None
                continue
            owners.append(current)
        return owners

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

    def _attaches(self, node: Any) -> bool:
        pattern = self.spec.attachment_text
        return (pattern is None
                or re.match(pattern, node.text.decode("utf-8", "replace")) is not None)

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
                  and last_row(prev) == first - 1 and self._attaches(prev)):
                first = int(prev.start_point[0])
            else:
                return first


for _spec in SPECS:
    register(TreeSitterChunker(_spec))
