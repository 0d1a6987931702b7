"""What the interface-definition chunkers (protobuf.py, graphql.py) share: the text with its
comments and strings blanked, each row's nesting depth, and fields packed into groups.

Both formats are brace blocks whose structure a few rules find once comments and strings are
out of the way: a `{` in a string (`get: "/v1/{name=projects/*}"`) or in a comment opens
nothing (bracescan.py finds them, for Groovy too), and a comment or description right above a
definition belongs to it.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, replace

from repokb.chunkers.bracescan import OPENING, Syntax, scan_text
from repokb.chunkers.cutting import Definition
from repokb.chunkers.fixed import (
    first_above,
    line_starts,
    numbered,
    split_lines,
    windows_over,
)
from repokb.models import ChunkPiece

CODE, NOTE, BLANK = "code", "note", "blank"
# Fields (and enum values, an rpc's options) of a big definition are packed into pieces of
# about this many characters, each named after the definition.
FIELDS_CHARS = 1200


@dataclass(frozen=True)
class Scan:
    masked: str  # the text, comments and strings replaced by spaces (newlines kept)
    row_starts: list[int]  # offset of each row, and the text's length last
    depth: list[int]  # brackets ({ ( [) open at the start of each row
    kinds: list[str]  # CODE, NOTE (comments or strings only) or BLANK, per row


def scan(text: str, line_comment: str, block_comments: bool) -> Scan:
    """Blank `line_comment`s (`//`, `#`), `/* */` when `block_comments`, and strings (`"..."`,
    `'...'`, GraphQL's `\"\"\"...\"\"\"`) out of the text; count brackets outside them."""
    found = scan_text(text, Syntax(line_comment, block_comments, brackets="{}()[]"))
    row_starts = line_starts(split_lines(text))
    rows = len(row_starts) - 1
    parts = []
    inside = [False] * rows  # whether each row starts inside a comment or a string
    done = 0
    for a, b in found.hidden:
        hidden = text[a:b]
        parts.append(text[done:a])
        if "\n" in hidden:
            parts.append("\n".join(" " * len(part) for part in hidden.split("\n")))
            first = bisect_right(row_starts, a, hi=rows)
            last = min(rows, first + hidden.count("\n"))
            inside[first:last] = [True] * (last - first)
        else:
            parts.append(" " * len(hidden))
        done = b
    parts.append(text[done:])
    masked = "".join(parts)
    depth_at: list[int] = []  # brackets open where each row starts
    depth = 0
    for offset, bracket in found.brackets:
        depth_at.extend([depth] * (bisect_right(row_starts, offset, hi=rows) - len(depth_at)))
        depth = depth + 1 if bracket in OPENING else max(0, depth - 1)
    depth_at.extend([depth] * (rows - len(depth_at)))
    kinds = [CODE if shown.strip() else NOTE if line.strip() or note else BLANK
             for shown, line, note in zip(masked.split("\n")[:rows], text.split("\n")[:rows],
                                          inside, strict=True)]
    return Scan(masked, row_starts, depth_at, kinds)


def notes_above(s: Scan, row: int) -> int:
    """The first row of the comment or description rows right above `row` (none: `row`)."""
    return first_above(s.kinds, row, lambda kind: kind == NOTE)


def last_code(s: Scan, lo: int, hi: int) -> int:
    """The last code row of lo..hi (lo when there is none)."""
    for r in range(hi, lo - 1, -1):
        if s.kinds[r] == CODE:
            return r
    return lo


def field_groups(s: Scan, starts: list[int], end: int, symbol_type: str,
                 signature: str) -> list[Definition]:
    """Consecutive fields (each from its row in `starts`, its notes above included, to the row
    before the next one; the last to `end`) packed into groups of about FIELDS_CHARS, as
    nameless definitions of `symbol_type`: the cutter names them after their container."""
    groups: list[Definition] = []
    spans = []
    tops = [notes_above(s, r) for r in starts]
    for k, top in enumerate(tops):
        last = tops[k + 1] - 1 if k + 1 < len(tops) else end
        spans.append((top, max(top, last)))
    current: tuple[int, int] | None = None
    for top, last in spans:
        size = s.row_starts[last + 1] - s.row_starts[current[0]] if current else 0
        if current and size <= FIELDS_CHARS:
            current = (current[0], last)
            continue
        if current:
            groups.append(_group(s, current, symbol_type, signature))
        current = (top, last)
    if current:
        groups.append(_group(s, current, symbol_type, signature))
    return groups


def _group(s: Scan, rows: tuple[int, int], symbol_type: str, signature: str) -> Definition:
    top, last = rows
    return Definition(symbol_type=symbol_type, name=None, owner=None, start=top, end=last,
                      span=(s.row_starts[top], s.row_starts[last + 1]), signature=signature)


# A definition's head shorter than this (`// Describes a file.` + `message FileProto {`) joins
# its first fields rather than stand alone; a piece longer than HUGE_CHARS (a 260-line comment
# above `message HttpRule`) is cut into windows keeping its name.
HEAD_CHARS = 300
HUGE_CHARS = 4000


def finish(pieces: list[ChunkPiece], lines: list[str]) -> list[ChunkPiece]:
    """The cutter's pieces with a short head joined to the fields after it and a huge piece
    cut into windows, both keeping the definition's name."""
    out: list[ChunkPiece] = []
    for p in pieces:
        last = out[-1] if out else None
        if (last is not None and last.symbol and (last.symbol, last.symbol_type) == (
                p.symbol, p.symbol_type) and last.end_line + 1 == p.start_line
                and len(last.content) < HEAD_CHARS
                and len(last.content) + len(p.content) <= FIELDS_CHARS + HEAD_CHARS):
            out[-1] = replace(last, content=last.content + p.content, end_line=p.end_line)
            continue
        out.append(p)
    result: list[ChunkPiece] = []
    for p in out:
        if len(p.content) > HUGE_CHARS:
            result.extend(windows_over(numbered(lines, p.start_line - 1, p.end_line), 1500, 200,
                                       p.symbol, p.symbol_type, p.context))
        else:
            result.append(p)
    return result
