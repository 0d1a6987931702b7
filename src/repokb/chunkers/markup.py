"""HTML and XML by DOM sections, with scripts, styles and comments removed.

Scripts, styles and comments are blanked out first (their newlines kept, so line numbers still
match the file). The standard library's forgiving HTML parser then gives each element its
lines; the chunker starts at `<body>` (HTML) or inside the root element (XML) and packs sibling
elements into chunks of about 600 characters. Landmarks (`section`, `article`, `nav`, `main`,
`form`, `table`, ... or anything with an `id`) of some size get a chunk of their own; an element
too big for one chunk is cut by its children, or into 600/100 windows when it has none.

Symbols come from what names an element: `section#pricing`, `nav[role=navigation]`, a `title`
or `aria-label`, the text of the heading inside it; in XML the tag (with its `name`/`id`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

from repokb.chunkers.base import register
from repokb.chunkers.fixed import fixed_windows, numbered, split_lines, windows_over
from repokb.chunkers.joining import join_short
from repokb.chunkers.packing import group_pieces, pack
from repokb.models import ChunkPiece

_REMOVED = re.compile(r"<script\b.*?</script\s*>|<style\b.*?</style\s*>|<!--.*?-->",
                      re.IGNORECASE | re.DOTALL)
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                   "param", "source", "track", "wbr"})
_LANDMARKS = frozenset({"section", "article", "main", "nav", "header", "footer", "aside", "form",
                        "table", "dialog", "details", "figure", "ul", "ol", "dl"})
_TAG_NAME = re.compile(r"<\s*([^\s/>]+)")
_DOCUMENT_LEVEL = frozenset({"html", "body", "head"})
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
# elements a page without <body> may hold beside its one root (a bare `<title>`, `<meta>`)
_HEAD_ELEMENTS = frozenset({"title", "meta", "link", "base", "head", "html"})


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    start: int  # 0-based rows
    end: int = -1
    size: int = 0  # characters of its lines, set once the tree is built
    children: list[Element] = field(default_factory=list)
    heading: str = ""  # text of the first heading inside it
    name: str = ""  # the tag as written (XML is case-sensitive)


class _TreeBuilder(HTMLParser):
    def __init__(self, last_row: int) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {}, 0, last_row)
        self.stack = [self.root]
        self.last_row = last_row
        self.in_heading: list[Element] = []  # elements still waiting for a heading text

    def _element(self, tag: str, attrs: list[tuple[str, str | None]]) -> Element:
        raw = self.get_starttag_text() or ""
        match = _TAG_NAME.match(raw)  # the parser lower-cases tags; XML names keep their case
        name = match.group(1) if match and match.group(1).lower() == tag else tag
        return Element(tag, {k: v or "" for k, v in attrs}, self.getpos()[0] - 1, name=name)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = self._element(tag, attrs)
        self.stack[-1].children.append(element)
        if tag in _VOID:
            element.end = element.start
            return
        self.stack.append(element)
        if tag in _HEADINGS or tag == "title":
            self.in_heading = [
                e for e in self.stack
                if not e.heading and (e.tag not in _DOCUMENT_LEVEL or tag == "title")]

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = self._element(tag, attrs)
        element.end = element.start
        self.stack[-1].children.append(element)

    def handle_endtag(self, tag: str) -> None:
        row = self.getpos()[0] - 1
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:  # close it and whatever was left open inside
                for element in self.stack[depth:]:
                    element.end = row
                del self.stack[depth:]
                break
        if tag in _HEADINGS or tag == "title":
            self.in_heading = []

    def handle_data(self, data: str) -> None:
        text = " ".join(data.split())
        if text and self.in_heading:
            for element in self.in_heading:
                element.heading = text[:80]
            self.in_heading = []

    def finish(self) -> Element:
        self.close()
        for element in self.stack[1:]:  # never closed: runs to the end of the file
            element.end = self.last_row
        return self.root


def without_scripts(text: str) -> str:
    """text with its scripts, styles and comments blanked (their newlines kept): what the
    pieces are cut from."""
    return _REMOVED.sub(lambda m: "\n" * m.group(0).count("\n"), text)


class MarkupChunker:
    name = "markup"
    languages = frozenset({"html", "xml", "xhtml", "svg"})

    def __init__(self, max_chars: int = 600, overlap: int = 100,
                 standalone_chars: int = 80, whole_chars: int = 900) -> None:
        self.max_chars, self.overlap = max_chars, overlap
        self.standalone_chars = standalone_chars
        self.whole_chars = whole_chars  # a document this short is one piece

    def chunk(self, text: str) -> list[ChunkPiece]:
        cleaned = without_scripts(text)
        try:
            return self._chunk(cleaned)
        except Exception:  # the never-raise contract: windows over the cleaned text
            return fixed_windows(cleaned, self.max_chars, self.overlap)

    def _chunk(self, text: str) -> list[ChunkPiece]:
        lines = split_lines(text)
        if not text.strip():  # blank lines alone (`\r\n`) are no piece
            return []
        builder = _TreeBuilder(len(lines) - 1)
        builder.feed(text)
        root = builder.finish()
        _measure(root, lines)
        top = _find(root, "body") or _single_root(root)
        xml = _find(root, "html") is None  # XML labels and sections differ from HTML's
        if len(text.strip()) <= self.whole_chars and len(self._sections(top, xml)) < 2:
            # a small page, view or snippet of one section at most (a 22-line Blade view) is
            # one piece: cut by its landmarks it was three or four of 50-300 characters
            return [ChunkPiece(text, 1, len(lines), _title(root) or _whole_label(root, top, xml),
                               "element")]
        lo, hi = (top.start, top.end) if top is not root else (0, len(lines) - 1)
        pieces: list[ChunkPiece] = []
        if top is not root and lo > 0:  # <head>, doctype, prolog: one piece before the body
            pieces.extend(windows_over(numbered(lines, 0, lo), self.max_chars, self.overlap,
                                       _title(root), "element"))
        pieces.extend(self._emit(top.children, lo, hi, _label(top, xml), lines, xml))
        if hi < len(lines) - 1:
            pieces.extend(windows_over(numbered(lines, hi + 1, len(lines)), self.max_chars,
                                       self.overlap, None, "element"))
        return join_short(pieces, lines)

    def _alone(self, e: Element, xml: bool) -> bool:
        return self._split(e, xml) or (e.size >= self.standalone_chars and _section(e, xml))

    def _split(self, e: Element, xml: bool) -> bool:
        """Cut by children: too big, or holding several sections of its own."""
        if e.size > self.max_chars:
            return True
        if xml:
            return False
        return len(self._sections(e, xml)) >= 2

    def _sections(self, e: Element, xml: bool) -> list[Element]:
        """The children of `e` big enough to stand alone as sections."""
        return [c for c in e.children if c.size >= self.standalone_chars and _section(c, xml)]

    def _emit(self, elements: list[Element], lo: int, hi: int, owner: str | None,
              lines: list[str], xml: bool) -> list[ChunkPiece]:
        if not elements or hi <= lo:
            return windows_over(numbered(lines, lo, hi + 1), self.max_chars, self.overlap,
                                owner, "element")
        pieces: list[ChunkPiece] = []
        for group, start, end in pack(elements, lo, hi, self.max_chars,
                                      lambda e: self._alone(e, xml)):
            if len(group) == 1:
                symbol = _label(group[0], xml) or owner
            else:
                symbol = owner or ", ".join(s for e in group[:3] if (s := _label(e, xml)))
            if len(group) == 1 and self._split(group[0], xml) and group[0].children:
                pieces.extend(self._emit(group[0].children, start, end, symbol, lines, xml))
            else:
                pieces.extend(group_pieces(lines, start, end, symbol, "element", self.max_chars,
                                           (self.max_chars, self.overlap)))
        return pieces


def _section(e: Element, xml: bool) -> bool:
    if xml:  # in XML any element with elements inside is a section
        return bool(e.children)
    return e.tag in _LANDMARKS or "id" in e.attrs


def _measure(element: Element, lines: list[str]) -> None:
    stack = [element]
    while stack:
        e = stack.pop()
        e.end = max(e.end, e.start)
        e.size = sum(len(lines[r]) for r in range(e.start, min(e.end, len(lines) - 1) + 1))
        stack.extend(e.children)


def _find(root: Element, tag: str) -> Element | None:
    stack = list(root.children)
    while stack:
        e = stack.pop(0)
        if e.tag == tag:
            return e
        stack.extend(e.children)
    return None


def _single_root(root: Element) -> Element:
    """The XML root element (skipping the prolog), or the document itself. A template's
    elements beside its one big element (Blade's `<h1>` and `<p>` around an `<article>`) make
    no root of it: only a page's head elements stand beside a root."""
    elements = [e for e in root.children if (e.children or e.end > e.start)
                or e.tag not in _HEAD_ELEMENTS]
    return elements[0] if len(elements) == 1 else root


def _whole_label(root: Element, top: Element, xml: bool) -> str | None:
    """The name of a whole document: its root's (XML) or its first heading's text."""
    return (_label(top, xml) if top is not root else None) or root.heading or None


def _title(root: Element) -> str | None:
    title = _find(root, "title")
    return title.heading or None if title else None


def _label(e: Element, xml: bool) -> str | None:
    if e.tag == "#document":
        return None
    if xml:
        name = e.attrs.get("name") or e.attrs.get("id") or e.attrs.get("key")
        return f"{e.name} {name}" if name else e.name
    if e.attrs.get("id"):
        return f"{e.tag}#{e.attrs['id']}"
    if e.attrs.get("role"):
        return f"{e.tag}[role={e.attrs['role']}]"
    named = e.attrs.get("title") or e.attrs.get("aria-label")
    if named:
        return f"{e.tag} {named}"
    if e.heading:
        return e.heading
    return e.tag if e.tag in _LANDMARKS else None


register(MarkupChunker())
