"""BibTeX bibliographies (`.bib`) by entry: one piece per reference, named by its cite key.

An entry opens a line with `@type{key,` (or `@type(key,`) and ends where its braces close,
counted outside `\\{`; `@string`, `@preamble` and `@comment` define no reference and go into the
windows with anything between entries. A question names an entry as the paper cites it
(`\\cite{cormack2009rrf}`), so the key is the piece's name, of symbol type `entry`.
"""

from __future__ import annotations

import re

from repokb.chunkers.base import register
from repokb.chunkers.cutting import Cutter, Definition, FoundChunker
from repokb.chunkers.fixed import line_starts, row_at

_ENTRY = re.compile(r"^[ \t]*@(?P<type>[A-Za-z]+)\s*[{(]\s*(?P<key>[^\s,{}()]+)\s*,", re.M)
_NOT_ENTRIES = frozenset({"string", "preamble", "comment"})


def definitions(text: str, lines: list[str]) -> list[Definition]:
    """Each reference entry of a bibliography, named by its key."""
    starts = line_starts(lines)
    found: list[Definition] = []
    for m in _ENTRY.finditer(text):
        if m.group("type").lower() in _NOT_ENTRIES or (found and m.start() < found[-1].span[1]):
            continue
        end = _close(text, m.start("key") - 1)
        first, last = row_at(starts, m.start()), row_at(starts, end - 1)
        found.append(Definition(symbol_type="entry", name=m.group("key"), owner=None,
                                start=first, end=last, span=(starts[first], end),
                                signature=lines[first].strip()))
    return found


def _close(text: str, at: int) -> int:
    """The end of the entry whose `{` or `(` is at or after `at`."""
    opening = text.find("{", at) if text.find("(", at) == -1 else min(
        i for i in (text.find("{", at), text.find("(", at)) if i != -1)
    pair = {"{": "}", "(": ")"}[text[opening]]
    depth, i = 0, opening
    while i < len(text):
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == text[opening] or (pair == ")" and c == "{"):
            depth += 1
        elif c == pair or (pair == ")" and c == "}"):
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError("an entry never closes")  # the windows serve


register(FoundChunker("bibtex", frozenset({"bibtex"}), definitions,
                      Cutter(module_window=(500, 100))))
