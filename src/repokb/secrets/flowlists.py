"""The items of a flow list under a key naming secrets: `"credentials": ["bob", "X"]` (JSON,
a Python or JavaScript literal), `credentials: [bob, X]` (YAML's flow sequence), `api_keys =
["X", "Y"]`. The block list (`credentials:` then `- X`) is `shapes`'; here each item of the
one-line list is judged as a YAML scalar under a secret's key is (`shapes.secret_scalar`): a
user name, a list of field names (`[user, password]`) or references (`"${TOKEN}"`) stay.
"""

from __future__ import annotations

import re

from repokb.secrets.scan import is_secret_key
from repokb.secrets.shapes import plural_secret, secret_scalar

Span = tuple[int, int, str, bool]

# a key's separator and a one-line list's brackets (nothing nested)
_OPEN = re.compile(r"""(?::|=>|:=|=)[ \t]*\[(?P<items>[^\[\]\n{}()]{1,600})\]""")
_KEY = re.compile(r"""(?P<key>[A-Za-z_][\w.\-]{0,80})["']?[ \t]*\Z""")
_ITEM = re.compile(r"""[ \t]*(?:"(?P<d>[^"\n]*)"|'(?P<s>[^'\n]*)'|(?P<b>[^,"'\s][^,"']*?))"""
                   r"""[ \t]*(?:,|\Z)""")


def find(text: str) -> list[Span]:
    """Spans of the secret items of the flow lists under secret-named keys in `text`."""
    out: list[Span] = []
    for m in _OPEN.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        key = _KEY.search(text, line_start, m.start())
        if key is None or not (is_secret_key(key.group("key"))
                               or plural_secret(key.group("key"))):
            continue
        items, base = m.group("items"), m.start("items")
        for item in _ITEM.finditer(items):
            group = next((g for g in ("d", "s", "b") if item.group(g) is not None), None)
            if group and secret_scalar(item.group(group).strip()):
                out.append((base + item.start(group), base + item.end(group),
                            "secret_list_item", False))
    return out
