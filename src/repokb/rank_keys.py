"""A section of a file the question names, whose key the question says.

"which Cargo feature enables uploading to PyPI" names maturin's `Cargo.toml` (query/asked.py's
`_CARGO_MANIFEST`) and its `[features]` table (`upload = [..]`); "which npm script runs the
tests in package.json" `package.json`'s `scripts`. Such a section is a list of names the model
matches with no sentence (maturin's `features` was not in its top 50, BM25's first), so fused
it ranked below code that talks about uploading; the file's name alone (rank.py's path boost)
lifts every section of the file alike. The section whose top-level key's words the question
says (stemmed, as BM25 reads them: "feature" for `features`) is boosted as a name is, at
`NAMED_KEY_SHARE` of the symbol boost: it is what the question asks for, named less exactly
than a definition is by its name.

A name typed alone that no searched project defines (`QueryPlan.undefined`: `SECRET_KEY`,
`fernet_key`) is a setting: the documentation section headed by it (Django's docs/ref/settings.txt
``SESSION_COOKIE_AGE``: the model's and BM25's 1st, stepped back as documentation to 6th behind
code that reads the setting) and the key path ending in it are what it asks for, boosted as a
name's definition is (`names_setting`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import PurePosixPath
from typing import Any

from repokb.embedders.code_bm25 import tokenize
from repokb.query import QueryPlan

NAMED_KEY_SHARE = 0.5


@lru_cache(maxsize=4096)
def _said(text: str) -> frozenset[str]:
    return frozenset(tokenize(text))


def _top_key(symbol: str) -> str:
    """The top-level key of a key path (`profile` of `profile.release`; the first of joined
    short sections, `profile.dev.package.cab, profile.dev.package.msi`)."""
    return symbol.split(",", 1)[0].strip().split(".", 1)[0]


def named_key(p: dict[str, Any], plan: QueryPlan) -> bool:
    """Whether a piece is a key-path section (`symbol_type` key) of a file the question names
    (`plan.files`) whose top-level key's words the question says."""
    if p.get("symbol_type") != "key" or not plan.files or not p.get("symbol"):
        return False
    if PurePosixPath(str(p.get("path", ""))).name.lower() not in plan.files:
        return False
    words = frozenset(tokenize(_top_key(str(p["symbol"]))))
    return bool(words) and words <= _said(plan.text)


# a heading's markup around a name: reST's ``X`` and :setting:`X`, Markdown's `X`, quotes
_MARKUP = re.compile(r":[\w:-]+:|[`'\"*]")


def names_setting(p: dict[str, Any], plan: QueryPlan) -> bool:
    """Whether a piece is a section headed by, or a key path ending in, a name the query gives
    that the searched projects define nowhere (`plan.undefined`), in any case."""
    if not plan.undefined or p.get("symbol_type") not in ("section", "key") or not p.get("symbol"):
        return False
    last = _MARKUP.sub("", str(p["symbol"]).rsplit(" > ", 1)[-1]).strip()
    last = last.rsplit(".", 1)[-1].lower()
    return any(last == name.lower() for name in plan.undefined)
