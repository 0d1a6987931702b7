"""Joining a piece too short to keep to the piece beside it.

The pipeline drops a chunk shorter than its minimum (min_chunk_chars, 40), so a piece that short is
text no search finds: a class's own line cut away from its members (`public class Codecs {`),
a one-line getter between two long methods, a heading with nothing under it before its first
subsection, a `{` and a short key opening a JSON file. Each chunker that cuts along structure
passes its pieces through `join_short`; a piece still short after it (a whole file that short)
is left for the pipeline to drop.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace

from repokb.models import ChunkPiece

MIN_CHARS = 40  # the pipeline's default minimum (settings: min_chunk_chars)
# The minimum in this context (a thread, a task): chunk_file sets it from the settings around a
# chunker's call (chunkers are shared); a user who raises min_chunk_chars to 80 has pieces of
# 40-79 characters joined, not dropped.
_MINIMUM: ContextVar[int] = ContextVar("repokb_min_chunk_chars", default=MIN_CHARS)


@contextmanager
def join_minimum(min_chars: int) -> Iterator[None]:
    """Pieces cut inside are joined up to `min_chars` (the pipeline's minimum)."""
    token = _MINIMUM.set(min_chars)
    try:
        yield
    finally:
        _MINIMUM.reset(token)


def minimum(given: int | None = None) -> int:
    """`given`, or when None the minimum in force (join_minimum), MIN_CHARS outside one."""
    return _MINIMUM.get() if given is None else given


# At most this much short text joins one piece (about what the embedder sees of it): a run of
# short pieces (50,000 bare `# h` headings, one piece of 200 KB before) is cut into pieces of
# about this size, each kept, instead of joining one piece without end.
MAX_JOINED = 1500

# A piece ending so opens what comes after it (`Stack.helpers = {` above `function
# Stack.helpers.describe`): short, it joins the piece after it.
_OPENER = re.compile(r"[\[\(\{]\s*$")


def join_short(pieces: list[ChunkPiece], lines: list[str],
               min_chars: int | None = None) -> list[ChunkPiece]:
    """Each piece (in the order of their lines; `lines` the text's, line ends kept) shorter than
    `min_chars` (None: the minimum in force) glued to the piece before it, or else the piece
    after it, when only blank lines lie between them; one that heads what follows (its symbol
    is the start of the next piece's: `X` before `X.method`, a heading `Install` before
    `Install > Docker`, a key `tool` before `tool.ruff`, a section before a piece standing in
    it: an R Markdown chunk's function), or that opens a bracket (Lua's
    `M.helpers = {`), to the piece after it, which then opens with it and keeps its own symbol
    (so does the piece after a file's first piece, with nothing before it: `package gin`, an
    HTML page's short `<head>`). The piece a short named piece joins carries its name in
    `also`, where that definition opens (not a later part of it)."""
    min_chars = minimum(min_chars)
    out: list[ChunkPiece] = []
    joined: list[int] = []  # characters of short pieces joined to each piece of `out`
    pending = list(pieces)
    carried = 0  # characters of short pieces joined to pending[i] (from before it)
    seen: set[str | None] = set()  # the symbols of the pieces before: a name's later parts
    for i, p in enumerate(pending):
        ahead, carried = carried, 0
        opens = p.symbol not in seen
        seen.add(p.symbol)
        if len(p.content.strip()) < min_chars:
            # the names it gives the piece it joins (its also): its own only where its
            # definition opens (a module's head, not its `end module tree` after the last
            # member), and those joined into it
            names = [(p.symbol, p.symbol_type)] if opens else []
            names += p.also
            prev = out[-1] if out else None
            nxt = pending[i + 1] if i + 1 < len(pending) else None
            whole = _whole_lines(p, lines)
            to_prev = (whole and prev is not None
                       and _blank_between(lines, prev.end_line, p.start_line)
                       and joined[-1] + len(p.content) <= MAX_JOINED
                       and _whole_lines(prev, lines))
            to_next = (whole and nxt is not None
                       and _blank_between(lines, p.end_line, nxt.start_line)
                       and _whole_lines(nxt, lines))
            head = nxt is not None and to_next and (
                _heads(p.symbol, nxt.symbol) or _section_of(p, nxt)
                or _OPENER.search(p.content) is not None)
            if prev is not None and to_prev and not head:
                between = "".join(lines[prev.end_line : p.start_line - 1])
                out[-1] = replace(prev, content=prev.content + between + p.content,
                                  end_line=p.end_line, also=also_naming(prev, names))
                joined[-1] += len(between) + len(p.content)
                continue
            if nxt is not None and to_next:
                between = "".join(lines[p.end_line : nxt.start_line - 1])
                pending[i + 1] = replace(nxt, content=p.content + between + nxt.content,
                                         start_line=p.start_line, also=also_naming(nxt, names))
                carried = ahead + len(p.content) + len(between)
                continue
        out.append(p)
        joined.append(ahead)
    return out


def also_naming(into: ChunkPiece, names: Iterable[tuple[str | None, str | None]],
                ) -> tuple[tuple[str, str | None], ...]:
    """`into`'s other names (ChunkPiece.also) with `names` (symbol, symbol type) added: each
    once, none empty, none its own symbol."""
    also = list(into.also)
    for name in names:
        if name[0] and name[0] != into.symbol and name not in also:
            also.append((str(name[0]), name[1]))
    return tuple(also)


def _heads(symbol: str | None, following: str | None) -> bool:
    """Whether a piece named `symbol` holds the head of the one named `following`."""
    return bool(symbol) and bool(following) and any(
        str(following).startswith(f"{symbol}{sep}") for sep in (".", " > ", "["))


def _section_of(section: ChunkPiece, piece: ChunkPiece) -> bool:
    """Whether `piece` stands in the section `section` heads (its context is the section's
    heading path): an R Markdown chunk's function under its `## Retention`."""
    return (section.symbol_type == "section" and section.symbol is not None
            and piece.context == section.symbol)


def _whole_lines(piece: ChunkPiece, lines: list[str]) -> bool:
    """Whether `piece` holds whole lines (but for the whitespace around them), not a window cut
    out of one too long to keep whole: text glued to a window would say it spans lines it holds
    only part of (`{` joined to the first 500 characters of a 1,000-character line)."""
    if piece.start_line != piece.end_line:
        return True  # a piece over several lines is cut at line ends (the chunkers' invariant)
    line = lines[piece.start_line - 1] if piece.start_line <= len(lines) else ""
    return len(piece.content.strip()) >= len(line.strip())


def _blank_between(lines: list[str], end_line: int, start_line: int) -> bool:
    """Whether a piece ending on line `end_line` and one starting on `start_line` (1-based) are
    next to each other: nothing but blank lines between them."""
    return end_line < start_line and not any(
        line.strip() for line in lines[end_line : start_line - 1])
