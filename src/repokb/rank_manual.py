"""A Perl sub before the section of its own file's manual that documents it, for a question
about code.

Mojolicious, Dancer2 and most of CPAN put a module's manual (POD) after `__END__`, hundreds of
lines below the code: `=head2 store` / "Store session data in signed cookie." documents `sub
store`, which carries that section's start as its context (chunkers/pod.py). A question about
the code ("how is the session stored in a cookie") met the manual's sections first in both
rankings: Mojolicious/Sessions.pm's `METHODS > store`, `ATTRIBUTES > cookie_name` and
`cookie_path` took the file's three places, and the sub, the answer, was no hit (bench/RESULTS.md,
newuser37). For any question but a "how do I" one, the best sub (method, attribute) that a
section of the same file documents goes just above that section, unless it steps back more;
the manual stays first for "how do I" questions (SPEC §5: docs first there).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from repokb.formats import pod_documented_name
from repokb.rank_lift import lift_above

# the languages whose code files hold their manual's sections (chunkers/pod.py's PerlChunker)
_MANUAL_IN_CODE = frozenset({"perl"})
_CODE_TYPES = frozenset({"function", "method", "property"})


def code_before_its_manual(candidates: Iterable[Any], howto: bool,
                           last_name: Callable[[str], str],
                           stepped: Callable[[Any], float]) -> None:
    """For each section of a code file's manual among the candidates (rank.py's `Candidate`s,
    their factors set), the best candidate of the same file defining the name it documents goes
    just above it when it scores lower and steps back no more; its factor `before_its_manual`
    records the rise. Not for a "how do I" question (`howto`: the manual first there)."""
    if howto:
        return
    pool = [c for c in candidates if c.payload.get("language") in _MANUAL_IN_CODE]
    code: dict[tuple[str, str, str], Any] = {}  # (project, path, last name): its best piece
    for c in pool:
        p = c.payload
        if p.get("symbol_type") not in _CODE_TYPES or not p.get("symbol"):
            continue
        key = (str(p.get("project")), str(p.get("path")), last_name(str(p["symbol"])))
        if key not in code or (c.score, c.id) > (code[key].score, code[key].id):
            code[key] = c
    sections = sorted((c for c in pool if c.payload.get("symbol_type") == "section"),
                      key=lambda c: (c.score, c.id))  # the best last: it sets the final rise
    for section in sections:
        p = section.payload
        name = pod_documented_name(str(p.get("symbol") or "").rsplit(" > ", 1)[-1])
        sub = code.get((str(p.get("project")), str(p.get("path")), name or ""))
        if (sub is not None and sub.score < section.score
                and stepped(sub) >= stepped(section)):
            lift_above(sub, section.score, "before_its_manual")
