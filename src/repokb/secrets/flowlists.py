"""The items of a flow list under a key naming secrets: `"credentials": ["bob", "X"]` (JSON,
a Python or JavaScript literal), `credentials: [bob, X]` (YAML's flow sequence), `api_keys =
["X", "Y"]`. The block list (`credentials:` then `- X`) is `shapes`'; here each item of the
one-line list is judged as a YAML scalar under a secret's key is (`shapes.secret_scalar`): a
user name, a list of field names (`[user, password]`) or references (`"${TOKEN}"`) stay.

Session 42: a key's bytes written as numbers under a `..key` (`network_key: [17, 203, ..]`: 16,
24 or 32 of 0-255, the list whole), a bare `keys` list's random items (Strapi's and Koa's
`keys: ['X', 'Y']`; `keys: ['name', 'email']` stays), and each random item of a bare comma
list under a plural secret's name (`APP_KEYS: X,Y`, `API_TOKENS=X,Y`).
"""

from __future__ import annotations

import re

from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import key_words
from repokb.secrets.shapes import secret_scalar
from repokb.secrets.values import random_token

Span = tuple[int, int, str, bool]

# a one-line list's brackets (nothing nested): found by its `[`, a literal the regex engine
# finds fast, then the key and separator before it
_OPEN = re.compile(r"""\[(?P<items>[^\[\]\n{}()]{1,600})\]""")
# the key, at a line's start or an object's member (not `re.compile(r'AccountKey=[a-z]...`,
# nor a key inside a string: `secrets = [\"NAME\"]` in a message), and its separator
_KEY = re.compile(r"""(?:^|[\s{,(])["']?(?P<key>[A-Za-z_][\w.\-]{0,80})["']?[ \t]*"""
                  r"""(?::|=>|:=|=)[ \t]*\Z""")
# the last word of a key naming secrets, singular (`credentials`, `api_keys`, `passwords`,
# `tokens`; not `token_variants`, a lexer's names)
_SECRET_WORDS = frozenset({"credential", "cred", "password", "passwd", "pwd", "passphrase",
                           "secret", "token", "apikey"})
_KEY_KINDS = frozenset({"api", "access", "secret", "private", "auth", "signing", "master"})
_ITEM = re.compile(r"""[ \t]*(?:"(?P<d>[^"\n]*)"|'(?P<s>[^'\n]*)'|(?P<b>[^,"'\s][^,"']*?))"""
                   r"""[ \t]*(?:,|\Z)""")


def find(text: str, keys: KeyLines) -> list[Span]:
    """Spans of the secret items of the flow lists under secret-named keys in `text`."""
    out: list[Span] = comma_items(text, keys) if "," in text else []
    for m in _OPEN.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        key = _KEY.search(text, line_start, m.start())
        if key is None:
            continue
        items, base = m.group("items"), m.start("items")
        if _key_bytes(key.group("key"), items):  # `network_key: [17, 203, ..]`: the key whole
            out.append((base, base + len(items), "key_bytes", False))
            continue
        if not _names_secrets(key.group("key")):
            if _keys(key.group("key")):  # Strapi's `keys: ['X', 'Y']`: random items only
                out += [(base + i.start(g), base + i.end(g), "secret_list_item", False)
                        for i in _ITEM.finditer(items)
                        for g in ("d", "s") if i.group(g) is not None
                        and _RANDOM_KEY.fullmatch(i.group(g)) and random_token(
                            i.group(g).rstrip("=").replace("+", "").replace("/", ""))]
            continue
        for item in _ITEM.finditer(items):
            group = next((g for g in ("d", "s", "b") if item.group(g) is not None), None)
            if group and secret_scalar(item.group(group).strip()):
                out.append((base + item.start(group), base + item.end(group),
                            "secret_list_item", False))
    return out


# session 42: a key's bytes written as a list of numbers (zigbee2mqtt's `network_key: [1, 3,
# ..]`, an AES key's 16, 24 or 32 bytes), under a name whose last word is `key`
_BYTE = r"(?:0x[0-9a-fA-F]{1,2}|\d{1,3})"
_BYTES = re.compile(rf"[ \t]*{_BYTE}(?:[ \t]*,[ \t]*{_BYTE})*[ \t]*,?[ \t]*")
# an item of a bare `keys` list: base64 or letters and digits, 16+ (`random_token` judges it)
_RANDOM_KEY = re.compile(r"[A-Za-z0-9+/_\-]{16,}={0,2}")


# session 42: a bare comma list under a plural secret's name (Strapi's `APP_KEYS: X,Y`, an
# environment's `API_TOKENS=X,Y,Z`): each random item (only the first was taken)
# (found from the plural word on: a regex opening on a line's key took 0.5 s of Django's 9)
_COMMA_LIST = re.compile(r"""(?P<word>KEYS|TOKENS|SECRETS|keys|tokens|secrets)[ \t]*[:=][ \t]*"""
                         r"""(?P<items>[^\s,"'#]{16,400}(?:,[^\s,"'#]{16,400}){1,32})[ \t]*$""",
                         re.M)
_COMMA_KEY = re.compile(r"""[ \t]*(?:-[ \t]+)?(?:export[ \t]+)?[A-Za-z_][\w.\-]{0,80}""")


def comma_items(text: str, keys: KeyLines) -> list[Span]:
    """The random items of `_COMMA_LIST`s (`random_token` judges each, `=` padding apart), on
    the lines holding a plural secret's word."""
    out: list[Span] = []
    for m in (m for start, end in keys.lines(("key", "token", "secret"))
              for m in _COMMA_LIST.finditer(text, start, end)):
        line_start = text.rfind("\n", 0, m.start()) + 1
        if not _COMMA_KEY.fullmatch(text, line_start, m.end("word")):
            continue
        at = m.start("items")
        for item in m.group("items").split(","):
            if _RANDOM_KEY.fullmatch(item) and random_token(
                    item.rstrip("=").replace("+", "").replace("/", "")):
                out.append((at, at + len(item), "secret_list_item", False))
            at += len(item) + 1
    return out


def _key_bytes(key: str, items: str) -> bool:
    if not key.lower().endswith("key") or not _BYTES.fullmatch(items):
        return False
    words = [w.lower() for w in key_words(key)]
    if not words or words[-1] != "key":
        return False
    numbers = [int(n, 0) for n in items.replace(" ", "").replace("\t", "").strip(",").split(",")]
    return len(numbers) in (16, 24, 32) and all(0 <= n <= 255 for n in numbers) \
        and len(set(numbers)) > 4


def _keys(key: str) -> bool:
    """A bare `keys` (Strapi's `app: { keys: [..] }`, Koa's `app.keys = [..]`)."""
    return key.lower().endswith("keys") and [w.lower() for w in key_words(key)][-1:] == ["keys"]


def _names_secrets(key: str) -> bool:
    """Whether a key's last word names secrets (`credentials`, `db_passwords`, `api_keys`)."""
    words = [w.lower() for w in key_words(key)]
    if not words:
        return False
    last = words[-1][:-1] if words[-1].endswith("s") and len(words[-1]) > 3 else words[-1]
    return last in _SECRET_WORDS or (last == "key" and len(words) > 1
                                     and words[-2] in _KEY_KINDS)
