"""Perl's documentation (POD) by its `=head` sections, in `.pod` files and inside Perl source.

A POD block opens with a line `=word` (`=head1 NAME`, `=pod`, `=encoding utf8`) and runs to a
line `=cut` or the end of the file. Its sections are cut at `=head1`..`=head6` as Markdown's at
its headings: the symbol is the heading path (`METHODS > start`), a long section is cut between
paragraphs. Verbatim paragraphs (indented code examples) longer than 2000 characters are
trimmed like Markdown's code fences in a `.pod` (kept whole in Perl source, whose pieces are
its lines as written).

In a `.pm`/`.pl` file the code between POD blocks goes to the syntax-tree chunker with the POD
lines blanked (rows stay put), so `sub start` is cut as code and `=head2 start` as the section
that documents it (Mojolicious, Moose and most of CPAN put a module's manual after `__END__`).
A sub, method or `has` attribute whose name heads a POD section (`=head2 to`, `=head2
redirect($destination, $status)`, `=head2 $r->to`) carries the start of that section as its
context (or else the paragraph of an `=item NAME` naming it, as Plack writes its
methods), as a Python function carries its docstring: the words saying what `sub store` does
("Store session data in signed cookie") are in the manual, 300 lines below its code.
"""

from __future__ import annotations

import re
from dataclasses import replace

from repokb.chunkers.base import Chunker, OverBudget, chunker_for, register
from repokb.chunkers.fixed import fixed_windows, outside_rows, split_lines
from repokb.chunkers.sections import Heading, heading_sections
from repokb.formats import pod_documented_name
from repokb.models import ChunkPiece

_COMMAND = re.compile(r"^=[a-zA-Z]")
_CUT = re.compile(r"^=cut\b")
_HEAD = re.compile(r"^=head([1-6])\s+(.*\S)")
_ITEM = re.compile(r"^=item\s+(.*\S)")
_DOC_CHARS = 400  # how much of the section goes with the code (the model reads ~1000)
_CODE_TYPES = frozenset({"function", "method", "property"})


def pod_blocks(lines: list[str]) -> list[tuple[int, int]]:
    """0-based (first, stop) row ranges of the POD blocks: `=word` .. `=cut` inclusive."""
    blocks: list[tuple[int, int]] = []
    row = 0
    while row < len(lines):
        if _COMMAND.match(lines[row]) and not _CUT.match(lines[row]):
            first = row
            while row < len(lines) and not _CUT.match(lines[row]):
                row += 1
            blocks.append((first, min(row + 1, len(lines))))
        row += 1
    return blocks


def pod_headings(lines: list[str], first: int, stop: int) -> list[Heading]:
    return [Heading(row, int(m.group(1)), m.group(2).strip())
            for row in range(first, stop) if (m := _HEAD.match(lines[row]))]


def _verbatim(lines: list[str], first: int, stop: int) -> list[tuple[int, int]]:
    """Row ranges of indented (verbatim) paragraphs: code examples."""
    found: list[tuple[int, int]] = []
    row = first
    while row < stop:
        if lines[row][:1] in (" ", "\t") and lines[row].strip():
            start = row
            while row < stop and (lines[row][:1] in (" ", "\t") or not lines[row].strip()):
                row += 1
            found.append((start, row - 1))
        row += 1
    return found


def pod_sections(lines: list[str], first: int, stop: int, size: int, overlap: int,
                 trim: bool = True) -> list[ChunkPiece]:
    """The sections of the POD block lines[first:stop] (huge verbatim paragraphs trimmed)."""
    return heading_sections(lines[:stop], pod_headings(lines, first, stop), first, size,
                            overlap, _verbatim(lines, first, stop) if trim else ())


class PodChunker:
    name = "pod"
    languages = frozenset({"pod"})

    def __init__(self, size: int = 800, overlap: int = 400) -> None:
        self.size, self.overlap = size, overlap

    def chunk(self, text: str) -> list[ChunkPiece]:
        try:
            lines = split_lines(text)
            return pod_sections(lines, 0, len(lines), self.size, self.overlap)
        except Exception:  # the never-raise contract
            return fixed_windows(text, self.size, self.overlap)


class PerlChunker:
    """Perl source: code by the syntax-tree chunker, POD blocks by their sections."""

    name = "perl"
    languages = frozenset({"perl"})

    def __init__(self, code: Chunker | None, pod: PodChunker) -> None:
        self.code, self.pod = code, pod

    def chunk(self, text: str) -> list[ChunkPiece]:
        if self.code is None:
            return fixed_windows(text)
        try:
            return self._chunk(self.code, text)
        except OverBudget:  # a second parse would stop at its budget too
            raise
        except Exception:  # the never-raise contract: the code chunker alone
            return self.code.chunk(text)

    def _chunk(self, code: Chunker, text: str) -> list[ChunkPiece]:
        lines = split_lines(text)
        blocks = pod_blocks(lines)
        if not blocks:
            return code.chunk(text)
        blanked = list(lines)
        pod_rows: set[int] = set()
        pieces: list[ChunkPiece] = []
        for first, stop in blocks:
            for row in range(first, stop):
                blanked[row] = "\n" if lines[row].endswith("\n") else ""
            pod_rows.update(range(first, stop))
            # verbatim paragraphs kept whole: a code file's pieces are its lines as written
            pieces += pod_sections(lines, first, stop, self.pod.size, self.pod.overlap,
                                   trim=False)
        docs = _item_docs(lines, blocks) | _section_docs(pieces)  # a `=head` first
        for piece in code.chunk("".join(blanked)):
            pieces += [_documented(p, docs) for p in outside_rows(piece, pod_rows)]
        return sorted(pieces, key=lambda p: (p.start_line, p.end_line))


def _section_docs(sections: list[ChunkPiece]) -> dict[str, str]:
    """name -> the start of the first POD section whose heading names it (the heading line
    and POD commands such as `=cut` dropped, blank runs folded)."""
    docs: dict[str, str] = {}
    for s in sections:
        name = pod_documented_name((s.symbol or "").rsplit(" > ", 1)[-1])
        if not name or name in docs:
            continue
        body = " ".join(ln.strip() for ln in s.content.splitlines()[1:]
                        if ln.strip() and not _COMMAND.match(ln))
        if body:
            docs[name] = f"{s.symbol}: {body[:_DOC_CHARS]}"
    return docs


def _item_docs(lines: list[str], blocks: list[tuple[int, int]]) -> dict[str, str]:
    """name -> the start of the first `=item NAME` paragraph naming it (Plack's `=head1
    METHODS` / `=over` / `=item query_parameters`), up to the next command."""
    docs: dict[str, str] = {}
    for first, stop in blocks:
        for row in range(first, stop):
            item = _ITEM.match(lines[row])
            name = pod_documented_name(item.group(1)) if item else None
            if not item or not name or name in docs:
                continue
            body: list[str] = []
            for ln in lines[row + 1:stop]:
                if _COMMAND.match(ln):
                    break
                if ln.strip():
                    body.append(ln.strip())
            if body:
                docs[name] = f"{item.group(1)}: {' '.join(body)[:_DOC_CHARS]}"
    return docs


def _documented(piece: ChunkPiece, docs: dict[str, str]) -> ChunkPiece:
    """The code piece with its POD section as context, when a section names it."""
    if piece.symbol_type not in _CODE_TYPES or not piece.symbol:
        return piece
    doc = docs.get(piece.symbol.rsplit(".", 1)[-1])
    if not doc:
        return piece
    return replace(piece, context=f"{doc}\n{piece.context}" if piece.context else doc)


POD = PodChunker()
register(POD)
# After chunkers.code registered the Perl grammar's chunker (the package imports code first).
register(PerlChunker(chunker_for("perl"), POD))
