"""Secrets written in Haskell's and OCaml's own forms, where no `key = "value"` shows them.

A binding or a record field (`password = "X"`, `let api_key = "X"`, `Config { password = "X" }`,
`~password:"X"`) is an assignment the general finders read, and a secret-named pair in an
association list (Haskell's `[("password", "X")]`, OCaml's `[ ("api_key", "X") ]`) a pair
`pairs.py` reads in every language; this is not:
- a password given by position to a Basic-auth call: Haskell's `applyBasicAuth "user" "X"`
  (http-client), `basicAuth "user" "X"` (wreq), servant's `BasicAuthData "user" "X"`; OCaml's
  `` `Basic ("user", "X") `` (cohttp's credential).

A positional password is judged as one in prose is (`values.password_like`). Only Haskell and
OCaml sources.
"""

from __future__ import annotations

import re

from repokb.secrets.values import password_like

Span = tuple[int, int, str, bool]

LANGUAGES = frozenset({"haskell", "literate_haskell", "ocaml", "ocaml_interface"})

_BASIC_AUTH = re.compile(
    r"""\b(?:applyBasicAuth|basicAuth|BasicAuthData)\s+"[^"\n]{0,128}"\s+"""
    r""""(?P<value>[^"\n]{1,128})"|`Basic\s*\(\s*"[^"\n]{0,128}"\s*,\s*"(?P<value2>[^"\n]{1,128})\"""")


def find(text: str, language: str | None = None) -> list[Span]:
    """Spans of secret values in the forms above (see the module docstring)."""
    if language not in LANGUAGES:
        return []
    out: list[Span] = []
    if "asicAuth" in text or "`Basic" in text:
        for m in _BASIC_AUTH.finditer(text):
            group = "value" if m.group("value") is not None else "value2"
            if password_like(m.group(group), min_length=6):
                out.append((m.start(group), m.end(group), "credential_argument", False))
    return out
