"""The kind of definition a question says beside a name: "where is the pool's swap function
declared" asks for a function `swap`, not Uniswap's event `Swap`.

A name can be defined as several kinds at once (Solidity's `function swap` and `event Swap`, a
Rust `struct Error` and `enum Error`, a SQL `table users` and `view users`); the exact-symbol
boost, blind to the case of a lower-case name, lifts them alike, so the fused score decided,
and Uniswap's function and event fused to the same 0.0479 (the point id put the function
first, by chance). A kind word written next to the name ("swap function", "the `Swap` event",
"struct Target", "function swap") says which: the best definition of that kind goes just above
a definition of another kind of the same name that scores as high or up to `KIND_NEAR` times
higher (a tie or near-tie; a clear lead stays a lead), and steps back no less than it does.

Only words that name a kind and are rarely anything else in a question count (not "type",
"error", "query", "input", "target", "value", "view": "which error does BPE return" asks for
no `error` definition); the kind must touch the name, so a question saying "function" about
something else prefers nothing.

A question opening on a kind with no name beside it ("which task installs the nginx packages",
"which macro renders a DHCP subnet") asks for a definition of that kind: those step forward by
`KIND_ASKED` (`kind_asked`); infra39 saw such questions led by a template or a defaults file.

A question asking for a view ("which view lists the customer's orders") asks for a view
template: a Blade, Twig, ERB, HAML or Slim file (`views_said`, `is_view_template`), which rank.py
steps forward as it does a file whose name the question says. A Laravel view made one piece (22
lines) was the model's 9th and BM25's 10th, behind the controller that renders it
(bench/RESULTS.md, rank37 and rank38). "view" alone says no definition's kind (above: a SQL
view, a Django view are code); a template file is no definition.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from repokb.lexicon import STOP_WORDS
from repokb.rank_lift import lift_above
from repokb.rules.tables import (
    ENGINE_TEMPLATE_SUFFIXES,
    PAGE_TEMPLATE_LANGUAGES,
    VIEW_TEMPLATE_LANGUAGES,
)

# a said-kind definition is lifted over another kind's scoring at most this many times its own
KIND_NEAR = 1.1

# a kind word as a question says it -> the symbol types (chunkers' `symbol_type`) it means
KIND_TYPES: dict[str, frozenset[str]] = {
    word: frozenset(types) for word, types in {
        "function": ("function", "method", "subroutine", "procedure"),
        "func": ("function", "method"), "fn": ("function", "method"),
        "method": ("method", "function"),
        "class": ("class",), "struct": ("struct",), "enum": ("enum",), "event": ("event",),
        "interface": ("interface", "protocol", "trait"), "protocol": ("protocol", "interface"),
        "trait": ("trait", "interface"), "macro": ("macro", "define"), "table": ("table",),
        "section": ("section",), "modifier": ("modifier",), "contract": ("contract",),
        "message": ("message",), "service": ("service",), "rpc": ("rpc",),
        "module": ("module",), "constant": ("const",), "variable": ("var", "variable"),
        "property": ("property",), "union": ("union",), "mutation": ("mutation",),
        "subscription": ("subscription",), "fragment": ("fragment",),
        "directive": ("directive",), "scalar": ("scalar",), "exception": ("exception",),
        "trigger": ("trigger",), "procedure": ("procedure", "function"),
        "subroutine": ("subroutine", "function"), "component": ("component",),
        "task": ("task",), "stage": ("stage",),
    }.items()}
_KIND = "|".join(sorted(KIND_TYPES, key=len, reverse=True))
_NAME = r"(?<![\w.])@?`?([A-Za-z_][\w.]*)`?"
# "swap function", "the Swap event(s)", "function swap", "struct `Target`"
_AFTER = re.compile(rf"{_NAME}(?:'s|’s)?\s+({_KIND})s?\b", re.I)
_VERBS = frozenset({"defined", "declared", "implemented", "named", "called"})
_BEFORE = re.compile(rf"\b({_KIND})\s+{_NAME}", re.I)


@lru_cache(maxsize=4096)
def kinds_said(text: str) -> dict[str, frozenset[str]]:
    """The symbol types a question says beside each name, by the name's last part,
    lower-cased (`swap` -> function, method, ... of "the pool's swap function")."""
    said: dict[str, set[str]] = {}
    pairs = [(m.group(1), m.group(2)) for m in _AFTER.finditer(text)]
    pairs += [(m.group(2), m.group(1)) for m in _BEFORE.finditer(text)]
    for name, kind in pairs:
        last = name.rsplit(".", 1)[-1].lower()
        if last not in STOP_WORDS and last not in _VERBS:  # "function declared", "the macro"
            said.setdefault(last, set()).update(KIND_TYPES[kind.lower()])
    return {name: frozenset(types) for name, types in said.items()}


def said_kind_first(candidates: Iterable[Any], text: str, names: Iterable[str],
                    last_name: Callable[[str], str], stepped: Callable[[Any], float]) -> None:
    """For each name asked for (`names`, lower-cased) that the question gives a kind
    (`kinds_said`), the best definition of that kind goes just above the best definition of
    another kind of that name that scores at most `KIND_NEAR` times as much and steps back no
    less than it does (rank.py's `Candidate`s with an exact-symbol boost; `stepped`: by how
    much a candidate steps back); its factor `said_kind` records by how much it rose."""
    kinds = kinds_said(text)
    if not kinds:
        return
    pool = [c for c in candidates if "exact_symbol" in c.factors]
    for name in dict.fromkeys(n.rsplit(".", 1)[-1] for n in names):
        types = kinds.get(name)
        if not types:
            continue
        said: list[Any] = []
        other: list[Any] = []
        for c in pool:
            if last_name(str(c.payload.get("symbol") or "")).lower() != name:
                continue
            (said if c.payload.get("symbol_type") in types else other).append(c)
        if not said or not other:
            continue
        best = max(said, key=lambda c: (c.score, c.id))
        near = [c.score for c in other if best.score <= c.score <= best.score * KIND_NEAR
                and stepped(c) <= stepped(best)]
        if near:
            lift_above(best, max(near), "said_kind")


# "which task installs the nginx packages", "which macro renders a DHCP subnet", "what function
# parses the options": a question opening on a kind asks for a definition of that kind, with no
# name to set it beside (kinds_said): the definitions of that kind step forward by this factor
KIND_ASKED = 1.3
_ASKED = re.compile(rf"^\W*(?:which|what)\s+({_KIND})s?\b", re.I)


@lru_cache(maxsize=4096)
def kind_asked(text: str) -> frozenset[str]:
    """The symbol types a question opening on "which <kind>" / "what <kind>" asks for
    (`task`, `macro`, `function`, ...; KIND_TYPES), none for another question."""
    found = _ASKED.match(text)
    return KIND_TYPES[found.group(1).lower()] if found else frozenset()


_VIEW = re.compile(r"\bviews?\b", re.I)
# the view templates written as a page with an engine's tags, by their name's ending (ERB's
# and EJS' `.html.erb`, `index.ejs` too; Mojolicious' `.html.ep`)
_VIEW_SUFFIXES = (*ENGINE_TEMPLATE_SUFFIXES, ".erb", ".ejs")
_VIEW_LANGUAGES = VIEW_TEMPLATE_LANGUAGES | PAGE_TEMPLATE_LANGUAGES


def views_said(text: str) -> bool:
    """Whether a question says "view" or "views"."""
    return _VIEW.search(text) is not None


@lru_cache(maxsize=65_536)
def is_view_template(path: str, language: str | None) -> bool:
    """Whether a file is a view template (`index.blade.php`, `show.html.haml`, `x.html.erb`)."""
    return path.lower().endswith(_VIEW_SUFFIXES) or language in _VIEW_LANGUAGES
