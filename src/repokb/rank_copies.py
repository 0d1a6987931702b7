"""Copies: a hit whose text an earlier hit already shows is folded into it.

A README.md copied as docs/index.md, a LICENSE in two places, the same vendored `.d.ts` in two
packages: the same bytes are cut into the same pieces, so each copy would take a result slot
with the same text, and a user would lose a different answer for it. A hit each of whose pieces
has the exact text of a piece of an earlier hit of another file is folded into that hit: the
earlier hit lists it as a copy (project, path, lines) and the next hit takes the slot.

Compared at search time, by a digest of the text of the pieces read for the hits: nothing is
stored for it, so an index stays incremental and crash-safe as it was, an index made before
this folds too, and deleting one copy leaves the other found as any hit is.

A hit lists its copies whatever the limit (a smaller limit's hits are the first hits of a
larger one's, copies included): besides the hits folded into it, every candidate of another
file that looks like one of its pieces (the same lines and name: a copy is cut alike) is read,
and a file holding the text of each of its pieces is a copy (`places`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from repokb.models import HitCopy
from repokb.rank import Candidate, Group

# What a copy's piece has alike besides its text (it is cut from the same bytes)
_ALIKE = ("start_line", "end_line", "symbol", "symbol_type", "kind")


@dataclass
class Folded:
    """A hit and the copies folded into it, in rank order."""

    group: Group
    copies: list[Group] = field(default_factory=list)

    def places(self) -> tuple[HitCopy, ...]:
        """Where the copies are (project, path, first and last line), by project and path."""
        return tuple(sorted(HitCopy(*c.key, c.start_line, c.end_line) for c in self.copies))


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _texts(group: Group) -> frozenset[str]:
    return frozenset(_digest(str(m.payload["content"])) for m in group.members)


def fold(groups: list[Group]) -> list[Folded]:
    """The groups (their content read) in order, each whose pieces' texts are all among the
    pieces' texts of an earlier kept hit of another file folded into the first such hit."""
    kept: list[tuple[Folded, frozenset[str]]] = []
    for g in groups:
        texts = _texts(g)
        into = next((f for f, held in kept if f.group.key != g.key and texts <= held), None)
        if into is None:
            kept.append((Folded(g), texts))
        else:
            into.copies.append(g)
    return [f for f, _ in kept]


def _alike(p: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(p.get(k) for k in _ALIKE)


def list_copies(folded: list[Folded], ranked: list[Candidate],
                read: Callable[[list[str]], dict[str, dict[str, Any]]]) -> None:
    """Add to each hit's copies every other file among the candidates holding the text of each
    of its pieces (looked for among the pieces cut alike, their content read by `read`)."""
    keys = {_alike(m.payload) for f in folded for m in f.group.members}
    starts = {key[0] for key in keys}
    wanted: dict[tuple[Any, ...], list[Candidate]] = {}
    for c in ranked:  # the start line first: a search ranks hundreds of candidates
        if c.payload.get("start_line") in starts and (key := _alike(c.payload)) in keys:
            wanted.setdefault(key, []).append(c)
    looked: list[tuple[Folded, dict[tuple[Any, ...], str], list[Candidate]]] = []
    for f in folded:
        known = {f.group.key, *(c.key for c in f.copies)}
        texts = {_alike(m.payload): _digest(str(m.payload["content"])) for m in f.group.members}
        lookalikes = [c for m in f.group.members for c in wanted.get(_alike(m.payload), ())
                      if (c.payload["project"], c.payload["path"]) not in known]
        if lookalikes:
            looked.append((f, texts, lookalikes))
    # every hit's lookalikes read in one call
    missing = list(dict.fromkeys(c.id for _, _, alike in looked for c in alike
                                 if "content" not in c.payload))
    found = read(missing) if missing else {}
    for f, texts, lookalikes in looked:
        by_file: dict[tuple[str, str], list[Candidate]] = {}
        for c in lookalikes:
            content = c.payload.get("content", found.get(c.id, {}).get("content"))
            if content is not None and _digest(str(content)) == texts[_alike(c.payload)]:
                by_file.setdefault((c.payload["project"], c.payload["path"]), []).append(c)
        for pieces in by_file.values():
            if {_alike(c.payload) for c in pieces} == set(texts):
                start = min(int(c.payload["start_line"]) for c in pieces)
                end = max(int(c.payload["end_line"]) for c in pieces)
                f.copies.append(Group(pieces[0], pieces, start, end))
