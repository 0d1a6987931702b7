"""Source code by syntax tree (tree-sitter): one chunk per top-level definition.

Leading comments and decorators stay with their definition. Classes bigger than
`split_class_chars` are cut per method, each method carrying the class signature as context.
Code between definitions (imports, constants, scripts) goes into fixed windows. A file that does
not parse falls back to fixed windows, so the chunker never raises.

Each language is a `LanguageSpec` (data): which node types are definitions and which are
containers; adding a language is a spec plus its grammar package.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from repokb.chunkers.base import register
from repokb.chunkers.fixed import fixed_windows
from repokb.models import ChunkPiece


@dataclass(frozen=True)
class LanguageSpec:
    language: str
    grammar_module: str  # PyPI grammar package that bundles its grammar
    definitions: dict[str, str]  # node type -> symbol type
    containers: frozenset[str]  # definition types whose bodies may be split per member
    wrappers: frozenset[str] = frozenset()  # e.g. decorated_definition: look inside
    comment_types: frozenset[str] = frozenset({"comment"})
    module_window: tuple[int, int] = (500, 100)


PYTHON = LanguageSpec(
    language="python",
    grammar_module="tree_sitter_python",
    definitions={"function_definition": "function", "class_definition": "class"},
    containers=frozenset({"class_definition"}),
    wrappers=frozenset({"decorated_definition"}),
    module_window=(400, 80),
)


class TreeSitterChunker:
    name = "tree-sitter"

    def __init__(self, spec: LanguageSpec, split_class_chars: int = 3000,
                 huge_chars: int = 4000) -> None:
        import tree_sitter

        grammar = importlib.import_module(spec.grammar_module)
        self.spec = spec
        self.languages = frozenset({spec.language})
        self._parser = tree_sitter.Parser(tree_sitter.Language(grammar.language()))
        self.split_class_chars = split_class_chars
        self.huge_chars = huge_chars

    def chunk(self, text: str) -> list[ChunkPiece]:
        size, overlap = self.spec.module_window
        try:
            tree = self._parser.parse(text.encode("utf-8"))
        except Exception:
            return fixed_windows(text, size, overlap)
        if tree.root_node.has_error:
            return fixed_windows(text, size, overlap)
        lines = text.splitlines(keepends=True)
        pieces = self._pieces(tree.root_node.children, lines, context=None, owner=None)
        return sorted(pieces, key=lambda p: (p.start_line, p.end_line))

    def _pieces(self, nodes: list[Any], lines: list[str], context: str | None,
                owner: str | None) -> list[ChunkPiece]:
        """Pieces for a run of sibling nodes: definitions alone, the rest in windows."""
        pieces: list[ChunkPiece] = []
        claimed: list[tuple[int, int]] = []  # 0-based inclusive line spans
        pending_comment: int | None = None
        for node in nodes:
            if node.type in self.spec.comment_types:
                if pending_comment is None:
                    pending_comment = node.start_point[0]
                continue
            definition = self._definition(node)
            if definition is None:
                pending_comment = None
                continue
            start = pending_comment if pending_comment is not None else node.start_point[0]
            pending_comment = None
            end = node.end_point[0]
            claimed.append((start, end))
            pieces.extend(self._definition_pieces(definition, start, end, lines, context, owner))
        pieces.extend(self._unclaimed(nodes, claimed, lines, owner))
        return pieces

    def _definition(self, node: Any) -> Any | None:
        if node.type in self.spec.wrappers:
            inner = node.child_by_field_name("definition")
            return inner if inner is not None and inner.type in self.spec.definitions else None
        return node if node.type in self.spec.definitions else None

    def _definition_pieces(self, node: Any, start: int, end: int, lines: list[str],
                           context: str | None, owner: str | None) -> list[ChunkPiece]:
        name_node = node.child_by_field_name("name")
        name = name_node.text.decode("utf-8", "replace") if name_node is not None else None
        symbol = f"{owner}.{name}" if owner and name else name
        symbol_type = self.spec.definitions[node.type]
        if owner and symbol_type == "function":
            symbol_type = "method"
        content = "".join(lines[start : end + 1])
        body = node.child_by_field_name("body")
        if (node.type in self.spec.containers and len(content) > self.split_class_chars
                and body is not None):
            header = lines[node.start_point[0]].rstrip()
            members = self._pieces(body.children, lines, context=header, owner=symbol)
            # The header runs from the signature to the first member definition.
            first_def = min((p.start_line for p in members if p.context == header),
                            default=end + 2)
            head_end = first_def - 2  # 0-based row before it
            head = [ChunkPiece("".join(lines[start : head_end + 1]), start + 1, head_end + 1,
                               symbol, symbol_type, context)]
            return head + [p for p in members if p.start_line - 1 > head_end]
        if len(content) > self.huge_chars:
            return fixed_windows(content, 1500, 200, start + 1, symbol, symbol_type)
        return [ChunkPiece(content, start + 1, end + 1, symbol, symbol_type, context)]

    def _unclaimed(self, nodes: list[Any], claimed: list[tuple[int, int]], lines: list[str],
                   owner: str | None) -> list[ChunkPiece]:
        """Fixed windows over the lines of `nodes` that no definition claimed."""
        if not nodes:
            return []
        first, last = nodes[0].start_point[0], nodes[-1].end_point[0]
        taken = set()
        for s, e in claimed:
            taken.update(range(s, e + 1))
        size, overlap = self.spec.module_window
        pieces: list[ChunkPiece] = []
        run_start: int | None = None
        for row in range(first, last + 2):
            free = row <= last and row not in taken
            if free and run_start is None:
                run_start = row
            elif not free and run_start is not None:
                text = "".join(lines[run_start:row])
                if text.strip():
                    symbol_type = "class" if owner else "module"
                    pieces.extend(fixed_windows(text, size, overlap, run_start + 1,
                                                owner, symbol_type))
                run_start = None
        return pieces


def _register_available(specs: list[LanguageSpec]) -> None:
    for spec in specs:
        try:
            register(TreeSitterChunker(spec))
        except ImportError:  # grammar package not installed: fixed windows serve it
            continue


_register_available([PYTHON])
