"""Copies found among a search's candidates (rank_copies.py `list_copies`): each hit lists the
other files holding the text of each of its pieces, and the candidates' texts it must read are
read in one call for all the hits."""

from __future__ import annotations

from repokb.rank import Candidate, Group
from repokb.rank_copies import Folded, list_copies


def _candidate(cid: str, path: str, text: str | None, start: int) -> Candidate:
    payload = {"project": "p", "path": path, "start_line": start, "end_line": start + 4,
               "symbol": None, "symbol_type": None, "kind": "documentation"}
    if text is not None:
        payload["content"] = text
    return Candidate(cid, payload, 0.5, 1, 1, 0.5)


def test_every_hit_lists_its_copies_from_one_read():
    readme = _candidate("a", "README.md", "How to install the shop.", 1)
    license_ = _candidate("b", "LICENSE", "MIT License, the shop's.", 1)
    copies = [_candidate("c", "docs/index.md", None, 1),  # its text read: a copy of README
              _candidate("d", "docs/LICENSE.txt", None, 1),  # of LICENSE
              _candidate("e", "docs/other.md", None, 1)]  # cut alike, another text
    texts = {"c": "How to install the shop.", "d": "MIT License, the shop's.",
             "e": "Something else entirely."}
    reads: list[list[str]] = []

    def read(ids: list[str]) -> dict[str, dict[str, str]]:
        reads.append(list(ids))
        return {i: {"content": texts[i]} for i in ids}

    folded = [Folded(Group(c, [c], 1, 5)) for c in (readme, license_)]
    list_copies(folded, [readme, license_, *copies], read)
    assert [[g.key[1] for g in f.copies] for f in folded] == [["docs/index.md"],
                                                            ["docs/LICENSE.txt"]]
    assert len(reads) == 1 and sorted(reads[0]) == ["c", "d", "e"]
