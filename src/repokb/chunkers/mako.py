"""Mako templates (`.mako`, a `.mak` of Mako: Pyramid's and Pylons' pages, Mako's own test
templates) by their top-level `<%def name="row(order)">` ... `</%def>` and `<%block
name="title">` ... `</%block>`, each named after its def or block (`row`, `title`; an
anonymous block has no name); a block or def inside one stays in it. The page's head of
`<%inherit file="/base.mako"/>`, `<%namespace>`, `<%page>` tags and `<%! ... %>` module code is
one piece, named after the page it inherits. What lies between goes into windows.

The tags are found outside `<%text>` and `<%doc>` sections and `##` comment lines (which may
quote them); a def or block left open, or a close with nothing open, gives the windows.
"""

from __future__ import annotations

import re

from repokb.chunkers.base import register
from repokb.chunkers.cutting import Definition, FoundChunker
from repokb.chunkers.fixed import line_starts, row_at

_HIDDEN = re.compile(r"<%(text|doc)\b|^[ \t]*##[^\n]*", re.M)
_ATTRS = r"""((?:"[^"]*"|'[^']*'|[^'">])*)"""
_TAG = re.compile(rf"<%(?P<open>def|block)\b{_ATTRS}>|</%(?P<close>def|block)\s*>")
_NAME = re.compile(r"""\bname\s*=\s*(["'])\s*([\w.]+)""")
# the page's head: inherit/namespace/page tags and module blocks, blank lines between
_HEAD = re.compile(r"\A(?:\s*(?:<%(?:inherit|namespace|page)\b" + _ATTRS + r">|<%!.*?%>))+",
                   re.S)
_INHERITS = re.compile(r"""<%inherit\b[^>]*?\bfile\s*=\s*(["'])([^"']+)\1""")


def _blank(text: str) -> str:
    """The text with its `<%text>`/`<%doc>` sections and `##` comments as spaces. One pass:
    a section runs to its own close (`find`), an unclosed one to the end of the text."""
    out: list[str] = []
    at = 0
    while (m := _HIDDEN.search(text, at)) is not None:
        end = m.end()
        if m.group(1):
            close = text.find(f"</%{m.group(1)}>", end)
            end = len(text) if close == -1 else close + len(m.group(1)) + 4
        out += (text[at:m.start()], re.sub(r"[^\n]", " ", text[m.start():end]))
        at = end
    return "".join(out) + text[at:]


def definitions(text: str, lines: list[str]) -> list[Definition]:
    """The page's head and its top-level defs and blocks."""
    starts = line_starts(lines)
    found: list[Definition] = []
    if head := _HEAD.match(text):
        first = row_at(starts, len(text[:head.end()]) - len(text[:head.end()].lstrip()))
        last = row_at(starts, head.end() - 1)
        inherits = _INHERITS.search(head.group())
        found.append(Definition(symbol_type="inherit" if inherits else "head",
                                name=inherits.group(2) if inherits else None, owner=None,
                                start=first, end=last, span=(starts[first], starts[last + 1]),
                                signature=lines[first].strip()))
    blank = _blank(text)
    opened: list[tuple[str, int]] = []  # (tag, offset) of the defs and blocks not yet closed
    for m in _TAG.finditer(blank):
        if m.group("open"):
            if m.group(0).endswith("/>"):
                continue  # `<%block name="x"/>`: a placeholder, no body
            opened.append((m.group("open"), m.start()))
            continue
        if not opened or opened[-1][0] != m.group("close"):
            raise ValueError(f"</%{m.group('close')}> closes nothing at {m.start()}")
        tag, at = opened.pop()
        if opened:
            continue  # nested: stays in the def or block around it
        first, last = row_at(starts, at), row_at(starts, m.end() - 1)
        name = _NAME.search(blank, at, blank.find(">", at) + 1)
        found.append(Definition(symbol_type=tag, name=name.group(2) if name else None,
                                owner=None, start=first, end=last,
                                span=(starts[first], starts[last + 1]),
                                signature=lines[first].strip()))
    if opened:
        raise ValueError(f"<%{opened[-1][0]}> left open")
    return found


register(FoundChunker("mako", frozenset({"mako"}), definitions))
