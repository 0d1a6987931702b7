"""JSON read with the position of every value, for chunkers whose lines come from inside a JSON
document (a notebook cell's source lines are the JSON lines their strings sit on).

`json.loads` says nothing of where a value was. This reader builds the same values (strings
and numbers decoded by the standard library's own decoder) and keeps, for each list, the
offsets of its items and, for each object, the offsets of its values; `line` turns an offset
into a 1-based line, counted on "\\n" as editors count them. It expects text `json.loads` accepted
(its errors are the ones to report) and raises ValueError on anything else.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left
from typing import Any

_BLANK = re.compile(r"[ \t\n\r]*")
_SCALARS = json.JSONDecoder()  # strings, numbers and constants, decoded as json.loads does


class Located:
    """A JSON document's value and where each part of it starts."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._at: dict[int, Any] = {}  # id(list) -> item offsets, id(dict) -> {key: offset}
        self._newlines = [m.start() for m in re.finditer("\n", text)]
        value, end = self._value(0)
        if self._skip(end) != len(text):
            raise ValueError(f"extra data at offset {end}")
        self.value = value

    def offsets(self, items: list[Any]) -> list[int]:
        """Where each item of a list of this document starts."""
        return list(self._at[id(items)])

    def offset(self, obj: dict[str, Any], key: str) -> int:
        """Where the value of `key` in an object of this document starts."""
        return int(self._at[id(obj)][key])

    def line(self, offset: int) -> int:
        """The 1-based line an offset is on."""
        return bisect_left(self._newlines, offset) + 1

    def _value(self, i: int) -> tuple[Any, int]:
        i = self._skip(i)
        char = self.text[i : i + 1]
        if char == "{":
            return self._object(i + 1)
        if char == "[":
            return self._array(i + 1)
        try:
            return _SCALARS.raw_decode(self.text, i)
        except json.JSONDecodeError as exc:
            raise ValueError(f"no JSON value at offset {i}") from exc

    def _array(self, i: int) -> tuple[list[Any], int]:
        items: list[Any] = []
        offsets: list[int] = []
        self._at[id(items)] = offsets
        i = self._skip(i)
        if self.text[i : i + 1] == "]":
            return items, i + 1
        closed = False
        while not closed:
            i = self._skip(i)
            offsets.append(i)
            value, i = self._value(i)
            items.append(value)
            i, closed = self._after_item(i, "]")
        return items, i

    def _object(self, i: int) -> tuple[dict[str, Any], int]:
        obj: dict[str, Any] = {}
        offsets: dict[str, int] = {}
        self._at[id(obj)] = offsets
        i = self._skip(i)
        if self.text[i : i + 1] == "}":
            return obj, i + 1
        closed = False
        while not closed:
            i = self._skip(i)
            if self.text[i : i + 1] != '"':
                raise ValueError(f"expected a key at offset {i}")
            key, i = self._value(i)
            i = self._skip(i)
            if self.text[i : i + 1] != ":":
                raise ValueError(f"expected : at offset {i}")
            i = self._skip(i + 1)
            offsets[key] = i  # a repeated key: the last one wins, as in json.loads
            obj[key], i = self._value(i)
            i, closed = self._after_item(i, "}")
        return obj, i

    def _after_item(self, i: int, close: str) -> tuple[int, bool]:
        """Past the "," after an item (False) or past the `close` bracket that ends it (True)."""
        i = self._skip(i)
        char = self.text[i : i + 1]
        if char != close and char != ",":
            raise ValueError(f"expected , or {close} at offset {i}")
        return i + 1, char == close

    def _skip(self, i: int) -> int:
        """The first offset from i on that is not whitespace."""
        blank = _BLANK.match(self.text, i)
        return blank.end() if blank else i


def locate(text: str) -> Located:
    return Located(text)
