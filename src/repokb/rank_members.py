"""A member a question describes with the name of its definition: "how does DataTable sort rows
by a single column" asks for primevue's `DataTable.sortSingle`, not the component `DataTable`.

rank.py boosts such a member (`member`: its owner named, every word of its own name said) at
`_MEMBER_SHARE` of the exact-symbol boost, and its owner, named exactly, at the whole boost:
the component's options piece (`DataTable`, BM25 12th and the model's 43rd, lifted for the
name and nothing else) came first, above the member both rankings put higher (BM25 6th, the
model's 10th). The question names the owner to say whose member it means; the member is the
answer, so the best such member goes just above the best piece of its owner in its file
(named as the owner is, not a member), unless that piece steps back less than it does. Not
where the question asks for the owner's members ("what methods does QuerySet have": rank.py's
`_containers_first` puts the owner first there).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from repokb.rank_lift import lift_above


def said_member_first(candidates: Iterable[Any], said: frozenset[str],
                      name_words: Callable[[str], frozenset[str]],
                      stepped: Callable[[Any], float], written: Iterable[str] = ()) -> None:
    """For each file, the best candidate with rank.py's `member` boost whose own name's words
    (`name_words`) the question says (`said`: its words besides the names) goes just above the
    best piece of its owner in that file (its symbol the member's owner, boosted as the name
    asked for), when that scores as high or higher and steps back no more than it does; its
    factor `said_member` records by how much it rose. The owner must be written as it is
    defined (`written`: the names as the question writes them): black's "Starting from the
    container of `leaf`, generate all leaves" names a variable `leaf`, not the class `Leaf`
    whose member `Leaf.leaves` it would have lifted over the answer."""
    cased = {w.rsplit(".", 1)[-1] for w in written}
    pool = list(candidates)
    best: dict[tuple[str, str, str], Any] = {}  # (project, path, owner): its best said member
    for c in pool:
        if "member" not in c.factors:
            continue
        symbol = str(c.payload.get("symbol") or "")
        owner, _, last = symbol.rpartition(".")
        if not owner or owner.rsplit(".", 1)[-1] not in cased or not name_words(last) <= said:
            continue
        key = (str(c.payload.get("project")), str(c.payload.get("path")), owner.lower())
        if key not in best or (c.score, c.id) > (best[key].score, best[key].id):
            best[key] = c
    for c in pool:
        p = c.payload
        key = (str(p.get("project")), str(p.get("path")), str(p.get("symbol") or "").lower())
        member = best.get(key)
        if (member is None or "exact_symbol" not in c.factors or c.score < member.score
                or stepped(c) > stepped(member)):
            continue
        lift_above(member, c.score, "said_member")
