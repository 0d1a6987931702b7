"""The lines of a text that hold a key word, found once for all the finders.

Most finders read only the lines holding one of their words (`pass`, `token`, `auth`, `--`,
`mysql`, `setproperty`...): the shapes they look for are tried there, not at every character
of every file. `KeyLines` finds every word of `P.LINE_WORDS` in the text lower-cased with one
Aho-Corasick pass, every place of each (overlapping ones too), the first time a finder asks;
`find_all` makes one per text and gives it to every finder. `lines(words, below)` then gives
the lines holding any of a finder's words as a `str.find` loop over the text per word did
(each finder ran its own: 14 loops and two regex passes over every text in `credentials` and
`shapes` alone). A word outside `P.LINE_WORDS` is still found, by `str.find`.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from functools import lru_cache

from ahocorasick_rs import AhoCorasick, Implementation

from repokb.rules import secret_patterns as P

_WORDS = AhoCorasick(P.LINE_WORDS, implementation=Implementation.DFA)
_KNOWN = frozenset(P.LINE_WORDS)


@lru_cache(maxsize=2)  # a text's finders share it (scan, library and the FINDERS)
def lower_same_length(text: str) -> str:
    """text.lower(), offsets kept: `İ`, the one character whose lower case is two, masked
    (`?`)."""
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered
    return text.replace("\u0130", "?").lower()


class KeyLines:
    """A text, its lower-cased twin (`low`, same offsets) and where each word of
    `P.LINE_WORDS` stands in it (found on first use)."""

    __slots__ = ("_at", "low", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.low = lower_same_length(text)
        self._at: dict[str, list[int]] | None = None

    def at(self, word: str, cased: bool = False) -> list[int]:
        """Every offset of `word` (lower case) in the lower-cased text, overlapping ones too,
        in order; `cased`: in the text itself (`asic` of `Basic`, not of `BASIC`)."""
        if word not in _KNOWN:
            return _find_every(self.text if cased else self.low, word)
        if self._at is None:
            found: dict[str, list[int]] = {}
            for i, start, _ in _WORDS.find_matches_as_indexes(self.low, overlapping=True):
                found.setdefault(P.LINE_WORDS[i], []).append(start)
            self._at = found
        places = self._at.get(word, [])
        if cased and places:
            return [p for p in places if self.text.startswith(word, p)]
        return places

    def has(self, words: Iterable[str], cased: bool = False) -> bool:
        """Whether the lower-cased text (`cased`: the text) holds any of `words`."""
        return any(self.at(w, cased) if w in _KNOWN else w in (self.text if cased else self.low)
                   for w in words)

    def lines(self, words: Iterable[str], below: int = 0,
              cased: bool = False) -> list[tuple[int, int]]:
        """(start, end) of each line holding one of `words` (lower case; `cased`: in the text
        itself), with the `below` lines after it, once each, in order: a line found for a
        word, the next place of that word is looked for after the span."""
        text = self.text
        spans: set[tuple[int, int]] = set()
        for word in words:
            places = self.at(word, cased)
            i = 0
            while i < len(places):
                at = places[i]
                start = text.rfind("\n", 0, at) + 1
                end = at
                for _ in range(below + 1):
                    end = text.find("\n", end + 1)
                    if end == -1:
                        end = len(text)
                        break
                spans.add((start, end))
                i = bisect_left(places, max(end, at + 1), i + 1)
        return sorted(spans)

    def line_texts(self, words: Iterable[str]) -> list[tuple[int, str]]:
        """(offset, line) of each line holding one of `words`, in order."""
        return [(start, self.text[start:end]) for start, end in self.lines(words)]


def _find_every(low: str, word: str) -> list[int]:
    out: list[int] = []
    at = low.find(word)
    while at != -1:
        out.append(at)
        at = low.find(word, at + 1)
    return out
