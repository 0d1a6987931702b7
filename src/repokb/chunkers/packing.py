"""Packing sibling items (keys, elements, rules) into chunks that tile a range of lines.

Shared by the structured chunkers (config, markup, styles): siblings are packed in order while
the chunk stays under `max_chars`; an item that must stand alone (too big, or a section that
deserves its own chunk) starts a group of its own. The groups' line ranges tile lo..hi without
gaps, so comments and blank lines between items always land in some chunk: text before an item
goes with it, text after the last item with the last group.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from repokb.chunkers.fixed import numbered, windows_over
from repokb.models import ChunkPiece


class Item(Protocol):
    @property
    def start(self) -> int: ...  # 0-based first row

    @property
    def end(self) -> int: ...  # 0-based last row

    @property
    def size(self) -> int: ...  # characters


T = TypeVar("T", bound=Item)


def pack(items: Sequence[T], lo: int, hi: int, max_chars: int,
         alone: Callable[[T], bool]) -> list[tuple[list[T], int, int]]:
    """Groups of consecutive items with the rows each group covers (0-based, inclusive)."""
    groups: list[list[T]] = []
    for item in items:
        if (groups and not alone(item) and not alone(groups[-1][0])
                and sum(x.size for x in groups[-1]) + item.size <= max_chars):
            groups[-1].append(item)
        else:
            groups.append([item])
    out: list[tuple[list[T], int, int]] = []
    start = lo
    for n, group in enumerate(groups):
        end = hi if n == len(groups) - 1 else min(hi, max(group[-1].end, start))
        if start <= end:
            out.append((group, start, end))
        start = end + 1
    return out


def group_pieces(lines: Sequence[str], start: int, end: int, symbol: str | None,
                 symbol_type: str, max_chars: int, window: tuple[int, int],
                 context: str | None = None) -> list[ChunkPiece]:
    """One packed group's rows as one chunk, or as windows when comments or blank lines around
    small items make it more than twice `max_chars`; nothing when the rows are blank."""
    content = "".join(lines[start : end + 1])
    if not content.strip():
        return []
    if len(content) > max_chars * 2:
        return windows_over(numbered(lines, start, end + 1), *window, symbol, symbol_type,
                            context)
    return [ChunkPiece(content, start + 1, end + 1, symbol, symbol_type)]


def first_names(names: Sequence[str], most: int = 3) -> str:
    """A symbol for a group of several items: its first `most` names, then ", ..."."""
    names = [n for n in names if n]
    return ", ".join(names[:most]) + (", ..." if len(names) > most else "")
