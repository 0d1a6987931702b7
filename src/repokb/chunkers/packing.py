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
