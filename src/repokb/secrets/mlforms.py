"""Secrets written in Haskell's and OCaml's own forms, where no `key = "value"` shows them.

A binding or a record field (`password = "X"`, `let api_key = "X"`, `Config { password = "X" }`,
`~password:"X"`) is an assignment the general finders read; these are not:
- a secret-named pair in an association list: Haskell's `[("password", "X")]` (http-client's
  `urlEncodedBody`, a `lookup` table), OCaml's `[ ("api_key", "X") ]` (an assoc list, a form's
  fields); the key is a string, so no assignment names it;
- a password given by position to a Basic-auth call: Haskell's `applyBasicAuth "user" "X"`
  (http-client), `basicAuth "user" "X"` (wreq), servant's `BasicAuthData "user" "X"`; OCaml's
  `` `Basic ("user", "X") `` (cohttp's credential).

A pair's value is judged as a string literal of code is (`scan.is_secret_value`), a positional
password as one in prose is (`shapes.password_like`). Only Haskell and OCaml sources: Python's
`("password", "Password")` is a form's choice, Elixir's `{"a", "b"}` beam.py's.
"""

from __future__ import annotations

import re

from repokb.secrets.scan import is_secret_key, is_secret_value
from repokb.secrets.shapes import password_like

Span = tuple[int, int, str, bool]

LANGUAGES = frozenset({"haskell", "literate_haskell", "ocaml", "ocaml_interface"})

_PAIR = re.compile(
    r"""\(\s*"(?P<key>[A-Za-z_][\w.\-]{0,80})"\s*,\s*"(?P<value>[^"\n]{1,400})"\s*\)""")
_BASIC_AUTH = re.compile(
    r"""\b(?:applyBasicAuth|basicAuth|BasicAuthData)\s+"[^"\n]{0,128}"\s+"""
    r""""(?P<value>[^"\n]{1,128})"|`Basic\s*\(\s*"[^"\n]{0,128}"\s*,\s*"(?P<value2>[^"\n]{1,128})\"""")


def find(text: str, language: str | None = None) -> list[Span]:
    """Spans of secret values in the forms above (see the module docstring)."""
    if language not in LANGUAGES:
        return []
    out: list[Span] = []
    if '("' in text or '( "' in text:
        for m in _PAIR.finditer(text):
            key, value = m.group("key"), m.group("value")
            if is_secret_key(key) and is_secret_value(value, key, literal_words=False):
                out.append((m.start("value"), m.end("value"), "association_pair", False))
    if "asicAuth" in text or "`Basic" in text:
        for m in _BASIC_AUTH.finditer(text):
            group = "value" if m.group("value") is not None else "value2"
            if password_like(m.group(group), min_length=6):
                out.append((m.start(group), m.end(group), "credential_argument", False))
    return out
