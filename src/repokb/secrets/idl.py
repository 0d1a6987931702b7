"""Secrets in interface definitions: a default value given to a secret-named field.

- GraphQL: an argument's, input field's or variable's default after its type, the type
  non-null or a list (`password: String! = "X"`, `$token: [String!]! = "X"`), which shapes'
  typed assignment (`key: str = "X"`) does not read;
- Protocol Buffers (proto2): a field's `[default = "X"]` (`optional string password = 2
  [default = "X"];`), where the key beside the value is `default`, not the field's name.

A value is judged as a literal of code is (values.value_ok): no placeholder, no short word.
"""

from __future__ import annotations

import re

from repokb.secrets.scan import is_secret_key
from repokb.secrets.values import value_ok

Span = tuple[int, int, str, bool]

_GRAPHQL_DEFAULT = re.compile(
    r"""\$?(?P<key>[A-Za-z_]\w{0,80})[ \t]*:[ \t]*\[*[ \t]*[A-Za-z_]\w*[ \t]*!?[ \t]*"""
    r"""(?:\][ \t]*!?[ \t]*)*=[ \t]*"(?P<value>[^"\n]{1,400})\"""")
_PROTO_DEFAULT = re.compile(
    r"""\b(?P<key>[A-Za-z_]\w{0,80})[ \t]*=[ \t]*\d+[ \t]*\[[^\]\n]*?\bdefault[ \t]*=[ \t]*"""
    r""""(?P<value>[^"\n]{1,400})\"""")
_BY_LANGUAGE = {"graphql": _GRAPHQL_DEFAULT, "protobuf": _PROTO_DEFAULT}


def find(text: str, language: str | None) -> list[Span]:
    pattern = _BY_LANGUAGE.get(language or "")
    if pattern is None:
        return []
    out: list[Span] = []
    for m in pattern.finditer(text):
        if is_secret_key(m.group("key")) and value_ok(m.group("value"), m.group("key")):
            out.append((m.start("value"), m.end("value"), "idl_default", False))
    return out
