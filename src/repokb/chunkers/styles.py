"""CSS, SCSS and LESS by rule groups, with `@media`, `@keyframes` and friends as boundaries.

A small lexical scanner (strings and comments aware) finds the statements and their braces; one
scanner serves all three dialects, since nesting, mixins and variables change nothing about
where a rule starts and ends. Consecutive small rules are packed into chunks of ~300 characters
named by their first selector; an at-rule block always starts a chunk of its own and, when too
big, is cut by the rules inside it (`@media (max-width: 600px) .nav`); a rule too big for a chunk
is cut by its nested rules (SCSS) or into 200/30 windows. Unbalanced braces fall back to fixed
windows.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from repokb.chunkers.base import register
from repokb.chunkers.fixed import (
    fixed_windows,
    line_starts,
    numbered,
    split_lines,
    windows_over,
)
from repokb.chunkers.packing import first_names, group_pieces, pack
from repokb.models import ChunkPiece

# Comments, strings and the three characters that shape statements. `//` is a comment in SCSS
# and LESS, but not after a colon (`url(http://...)`).
_TOKENS = re.compile(r"/\*.*?(?:\*/|\Z)|(?<!:)//[^\n]*|\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'"
                     r"|[{};]", re.DOTALL)
_COMMENTS = re.compile(r"/\*.*?(?:\*/|\Z)|(?<!:)//[^\n]*", re.DOTALL)
_VENDOR = re.compile(r"-(?:webkit|moz|ms|o)-")
_VISIBLE = re.compile(r"\S")
_VARIABLE = re.compile(r"^(?:\$|@|--)[\w-]+\s*:")


@dataclass
class Statement:
    begin: int  # character offsets: from the end of the previous statement ...
    close: int  # ... to just past its `}` or `;`
    prelude: str  # the selector or at-rule before `{` (or the whole simple statement)
    block: bool
    children: list[Statement] = field(default_factory=list)
    start: int = 0  # rows, set against the file's lines
    end: int = 0
    size: int = 0


def statements(text: str) -> list[Statement] | None:
    """The top-level statements with their nested ones, or None when braces do not balance."""
    top: list[Statement] = []
    stack: list[tuple[int, int, list[Statement]]] = []  # (begin, brace offset, children)
    siblings = top
    begin = 0
    for match in _TOKENS.finditer(text):
        token = match.group(0)
        if token == "{":
            stack.append((begin, match.start(), siblings))
            siblings = []
            begin = match.end()
        elif token == "}":
            if not stack:
                return None
            opened, brace, parent = stack.pop()
            prelude = text[opened:brace]
            parent.append(Statement(opened, match.end(), prelude, True, siblings))
            siblings = parent
            begin = match.end()
        elif token == ";":
            siblings.append(Statement(begin, match.end(), text[begin : match.start()], False))
            begin = match.end()
    return None if stack else top


def label(statement: Statement) -> str:
    """What names a statement: its selector or at-rule, without comments or vendor prefixes."""
    text = " ".join(_COMMENTS.sub(" ", statement.prelude).split())
    if not statement.block and _VARIABLE.match(text):
        text = text.split(":")[0]  # a variable ($sass, @less, --custom): its name
    return _VENDOR.sub("", text)[:100]


class StyleChunker:
    name = "styles"
    languages = frozenset({"css", "scss", "less", "sass"})

    def __init__(self, max_chars: int = 200, window: tuple[int, int] = (200, 30)) -> None:
        self.max_chars = max_chars
        self.window = window

    def chunk(self, text: str) -> list[ChunkPiece]:
        try:
            found = statements(text)
            if found is not None:
                lines = split_lines(text)
                _place(found, text, lines)
                return self._emit(found, 0, len(lines) - 1, None, lines)
        except Exception:  # the never-raise contract
            pass
        return fixed_windows(text, *self.window)

    def _alone(self, s: Statement) -> bool:
        return s.size > self.max_chars or label(s).startswith("@") and s.block

    def _emit(self, found: list[Statement], lo: int, hi: int, owner: str | None,
              lines: list[str]) -> list[ChunkPiece]:
        if not found or hi <= lo:
            return windows_over(numbered(lines, lo, hi + 1), *self.window, owner, "rule")
        pieces: list[ChunkPiece] = []
        for group, start, end in pack(found, lo, hi, self.max_chars, self._alone):
            if owner and not group[0].block:
                symbol: str | None = owner  # the owner's own declarations
            else:
                symbol = first_names([_nested(owner, label(s)) for s in group]) or owner
            big = len(group) == 1 and group[0].size > self.max_chars
            context = f"{symbol} {{" if symbol else None
            if big and any(child.block for child in group[0].children):
                pieces.extend(self._emit(group[0].children, start, end, symbol, lines))
            elif big:
                pieces.extend(windows_over(numbered(lines, start, end + 1), *self.window,
                                           symbol, "rule", context))
            else:
                pieces.extend(group_pieces(lines, start, end, symbol, "rule", self.max_chars,
                                           self.window, context))
        return pieces


def _nested(owner: str | None, selector: str) -> str:
    if owner is None or not selector:
        return selector
    if owner.startswith("@"):
        return f"{owner} {selector}"
    return selector.replace("&", owner) if "&" in selector else f"{owner} {selector}"


def _place(found: list[Statement], text: str, lines: list[str]) -> None:
    """Give statements rows: from their first non-blank character to their end."""
    offsets = line_starts(lines)
    stack = list(found)
    while stack:
        s = stack.pop()
        visible = _VISIBLE.search(text, s.begin, s.close)
        first = visible.start() if visible else s.begin
        s.start = bisect.bisect_right(offsets, first) - 1
        s.end = max(s.start, bisect.bisect_right(offsets, max(s.close - 1, 0)) - 1)
        s.size = s.close - first
        stack.extend(s.children)


register(StyleChunker())
