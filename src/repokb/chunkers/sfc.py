"""Vue and Svelte single-file components, by their blocks, each cut by its own language's chunker.

A component (`Button.vue`, `rating-group.svelte`) holds a `<script>` (`setup`, `lang="ts"`,
Svelte's `module` script), a `<style>` (`lang="scss"`, `scoped`) and markup: Vue's `<template>`,
Svelte's whatever lies outside its scripts and styles. A top-level block opens with its tag at
the start of a line. Each script goes to the syntax-tree chunker of its language (JavaScript,
TypeScript, TSX), each style to the styles chunker (CSS, SCSS, LESS), and the rest of the file
(the template, comments and custom blocks such as `<i18n>`) to the markup chunker; lines keep
their numbers in the file, and a block's opening and closing tag lines stay with its first and
last piece, so no line is left out.

Symbols are named after the component, as its developers call it: `Button.vue` and
`button.vue` are `Button`, `rating-group.svelte` is `RatingGroup`. A script's functions and an
options object's methods are `Button.handleClick`; what `defineProps`/`$props()`/`export let`
declare is `Button.props`, an options object's other members (`watch: {`, `computed: {`)
`Button.watch` (symbol type `property`); the rest of a script (imports, the options object's
head `export default {`) is the component's own, `Button` (type `component`); the template's
pieces are `Button` (type `template`), a style's `Button .p-button` (type `style`).
Without a path (`chunk`) names stay as the inner chunkers give them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import PurePosixPath

from repokb.chunkers.base import Chunker, OverBudget, chunker_for, register
from repokb.chunkers.fixed import (
    fixed_windows,
    line_starts,
    numbered,
    split_lines,
    windows_over,
)
from repokb.chunkers.joining import join_short
from repokb.chunkers.markup import without_scripts
from repokb.models import ChunkPiece

_OPEN = re.compile(r"^<(script|style)\b((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>",
                   re.MULTILINE | re.IGNORECASE)
_CLOSE = {"script": re.compile(r"</script\s*>", re.IGNORECASE),
          "style": re.compile(r"</style\s*>", re.IGNORECASE)}
_LANG = re.compile(r"""\blang\s*=\s*["']?([\w-]+)""", re.IGNORECASE)
_SCRIPT_LANGUAGES = {"ts": "typescript", "typescript": "typescript", "tsx": "tsx",
                     "js": "javascript", "javascript": "javascript", "jsx": "javascript"}
_STYLE_LANGUAGES = {"css": "css", "postcss": "css", "pcss": "css", "scss": "scss",
                    "sass": "sass", "less": "less"}
_WINDOW, _OVERLAP = 600, 100  # the markup chunker's
_COMPONENT_FILE = re.compile(r"[A-Za-z][\w-]*")
# What an unnamed script piece declares (the first of these in it names it)
_DECLARES = (
    (re.compile(r"\bdefineProps\b|\$props\(\)|^\s*export\s+let\b|\bwithDefaults\("
                r"|^\s{1,8}props\s*:", re.MULTILINE), "props"),
    (re.compile(r"\bdefineEmits\b|^\s{1,8}emits\s*:", re.MULTILINE), "emits"),
    (re.compile(r"\bdefineModel\b"), "model"),
    (re.compile(r"\bdefineExpose\b"), "expose"),
)
_OPTIONS = re.compile(r"^export\s+default\s*(?:defineComponent\s*\()?\{", re.MULTILINE)
# An options object's member opening a piece: `    watch: {`, `    components: {`
_MEMBER = re.compile(r"^\s{1,8}([A-Za-z_$][\w$]*)\s*:\s*[\[{]")


@dataclass(frozen=True)
class Block:
    kind: str  # "script" or "style"
    language: str | None  # the chunker's language; None: windows (`lang="pug"`, `coffee`)
    first: int  # 0-based row of the opening tag
    last: int  # 0-based row of the closing tag (the last row when it is never closed)
    body: tuple[int, int]  # character offsets of what lies between the tags


def component_name(path: str) -> str | None:
    """`Button.vue`, `button.vue` -> Button; `rating-group.svelte` -> RatingGroup; a name that
    is no identifier (`+page.svelte`, `[id].vue`) as it is written."""
    stem = PurePosixPath(path).name.split(".", 1)[0]
    if not stem:
        return None
    if not _COMPONENT_FILE.fullmatch(stem):
        return stem
    return "".join(part[:1].upper() + part[1:] for part in stem.split("-") if part)


def blocks(text: str) -> list[Block]:
    """The top-level script and style blocks, in order."""
    found: list[Block] = []
    position = 0
    while (m := _OPEN.search(text, position)) is not None:
        kind = m.group(1).lower()
        close = _CLOSE[kind].search(text, m.end())
        body_end = close.start() if close else len(text)
        end = close.end() if close else len(text)
        lang = _LANG.search(m.group(2))
        choice = (lang.group(1).lower() if lang else
                  "ts" if kind == "script" and "generic=" in m.group(2) else None)
        language: str | None
        if kind == "script":
            language = _SCRIPT_LANGUAGES.get(choice or "js")
        else:
            language = _STYLE_LANGUAGES.get(choice or "css")
        last = text.count("\n", 0, max(end - 1, m.start()))
        found.append(Block(kind, language, text.count("\n", 0, m.start()), last,
                           (m.end(), body_end)))
        position = end
    return found


def _blanked(text: str, start: int, stop: int, keep: tuple[int, int]) -> str:
    """text[start:stop] with every character outside `keep` (offsets in text) but newlines
    turned to spaces: the block's rows, with its tags blanked."""
    def blank(part: str) -> str:
        return re.sub(r"[^\n]", " ", part)

    lo, hi = max(keep[0], start), min(keep[1], stop)
    return blank(text[start:lo]) + text[lo:hi] + blank(text[hi:stop])


class ComponentChunker:
    name = "sfc"
    languages = frozenset({"vue", "svelte"})

    def chunk(self, text: str) -> list[ChunkPiece]:
        return self.chunk_path(text, "")

    def chunk_path(self, text: str, path: str) -> list[ChunkPiece]:
        try:
            return self._chunk(text, component_name(path) if path else None)
        except OverBudget:  # a parse too slow: the pipeline cuts the file into windows
            raise
        except Exception:  # the never-raise contract
            return fixed_windows(text)

    def _chunk(self, text: str, component: str | None) -> list[ChunkPiece]:
        lines = split_lines(text)
        offsets = line_starts(lines)
        pieces: list[ChunkPiece] = []
        row = 0
        for block in blocks(text):
            if block.first > row:  # markup before the block (a template, a comment)
                pieces += _markup(lines, row, block.first, component)
            start, stop = offsets[block.first], offsets[block.last + 1]
            given = _blanked(text, start, stop, block.body)
            chunker = chunker_for(block.language)
            inner = (chunker.chunk(given) if chunker is not None else fixed_windows(given))
            pieces += _block_pieces(inner, lines, given, block, component)
            row = block.last + 1
        if row < len(lines):
            pieces += _markup(lines, row, len(lines), component)
        pieces.sort(key=lambda p: (p.start_line, p.end_line))
        return join_short(pieces, lines)


def _shift(pieces: list[ChunkPiece], first: int, lines: list[str],
           given: list[str]) -> list[ChunkPiece]:
    """Pieces cut from `given` (the rows from `first` on, maybe with tags blanked) as pieces of
    the file: line numbers moved, and a piece of whole rows holding the file's rows (its tags
    as written)."""
    shifted = []
    for p in pieces:
        s, e = p.start_line - 1, p.end_line - 1
        content = p.content
        if content == "".join(given[s : e + 1]):
            content = "".join(lines[first + s : first + e + 1])
        shifted.append(replace(p, content=content, start_line=p.start_line + first,
                               end_line=p.end_line + first))
    return shifted


def _block_pieces(inner: list[ChunkPiece], lines: list[str], given: str, block: Block,
                  component: str | None) -> list[ChunkPiece]:
    """A block's pieces in the file: its tag lines kept with its first and last piece, named
    after the component."""
    pieces = _shift(inner, block.first, lines, split_lines(given))
    if not pieces:  # an empty block: its lines as one piece (the pipeline drops it if short)
        pieces = [ChunkPiece("".join(lines[block.first : block.last + 1]), block.first + 1,
                             block.last + 1)]
    pieces.sort(key=lambda p: (p.start_line, p.end_line))
    head, tail = pieces[0], pieces[-1]
    if head.start_line > block.first + 1:  # the opening tag's rows join the first piece
        pieces[0] = head = replace(
            head, content="".join(lines[block.first : head.start_line - 1]) + head.content,
            start_line=block.first + 1)
    if tail.end_line < block.last + 1:  # the closing tag's rows the last one
        pieces[-1] = replace(
            pieces[-1], content=pieces[-1].content + "".join(lines[tail.end_line : block.last + 1]),
            end_line=block.last + 1)
    return [_named(p, block.kind, component) for p in pieces]


def _named(p: ChunkPiece, kind: str, component: str | None) -> ChunkPiece:
    if component is None:
        return p
    if kind == "style":
        name = f"{component} {p.symbol}" if p.symbol else component
        return replace(p, symbol=name, symbol_type="style")
    if p.symbol and p.symbol_type not in ("window", "module"):
        if p.symbol == component or p.symbol.startswith(f"{component}."):
            return p
        return replace(p, symbol=f"{component}.{p.symbol}")
    name = _declared(p.content, component)
    return replace(p, symbol=name, symbol_type="component" if name == component else "property")


def _declared(content: str, component: str) -> str:
    """The name of an unnamed script piece: the component's where it opens its options
    object, else what it declares (a property of the component: `Tooltip.props`,
    `Chips.watch`), else the component's."""
    if _OPTIONS.search(content):
        return component
    for pattern, what in _DECLARES:
        if pattern.search(content):
            return f"{component}.{what}"
    for line in content.splitlines():
        if line.strip():
            m = _MEMBER.match(line)
            if m and m.group(1) not in ("default", "export"):
                return f"{component}.{m.group(1)}"
            if line.strip() not in ("},", "}", "],", "]"):
                break
    return component


def _markup(lines: list[str], first: int, stop: int,
            component: str | None) -> list[ChunkPiece]:
    """The markup rows lines[first:stop] (a template, what lies between blocks) by the markup
    chunker, named after the component."""
    given = lines[first:stop]
    if not any(line.strip() for line in given):
        return []
    markup: Chunker | None = chunker_for("html")
    text = "".join(given)
    pieces = markup.chunk(text) if markup is not None else fixed_windows(text)
    # its pieces hold the rows as written: a comment or a `<script>` inside the markup is the
    # component's own, kept (an HTML page's are left out)
    out = [replace(p, symbol=component or p.symbol, symbol_type="template")
           for p in _shift(pieces, first, lines, split_lines(without_scripts(text)))]
    # what it leaves out (a comment above the template) in windows of its own
    covered = {row for p in out for row in range(p.start_line - 1, p.end_line)}
    run: list[int] = []
    for row in range(first, stop + 1):
        if row < stop and row not in covered:
            run.append(row)
            continue
        if any(lines[r].strip() for r in run):
            out += windows_over(numbered(lines, run[0], run[-1] + 1), _WINDOW, _OVERLAP,
                                component, "template")
        run = []
    return out


register(ComponentChunker())
