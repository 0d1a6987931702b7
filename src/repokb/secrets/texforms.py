"""Secrets in TeX macros: a secret-named macro defined as a value.

A paper or a template keeps a service's key as a macro (`\\def\\apikey{X}`,
`\\newcommand{\\dbpassword}{X}`, `\\newcommand*\\token{X}`, `\\gdef`, `\\edef`, `\\renewcommand`,
`\\providecommand`), where no `key = "value"` shows it. The macro's name must be a secret's
(`scan.is_secret_key`) and its body a secret's value (`scan.is_secret_value`: one word, no
placeholder, no TeX command in it: `\\textsc{X}` is prose). Spans of the value only. Read
in LaTeX documents and TeX packages (`.sty`, `.cls`).
"""

from __future__ import annotations

import re

from repokb.secrets.scan import is_placeholder, is_secret_key, is_secret_value

Span = tuple[int, int, str, bool]
_TEX = frozenset({"latex", "tex"})
_MACRO = re.compile(
    r"\\(?:[gex]?def|(?:re|provide)?newcommand\*?)\s*\{?\s*\\(?P<key>[A-Za-z@]{1,60})\s*\}?"
    r"\s*(?:\[\d\])?\s*\{(?P<value>[^{}\\\s%]{1,400})\}")


def find(text: str, language: str | None = None) -> list[Span]:
    """Spans of the secret values a TeX text gives to secret-named macros."""
    if language not in _TEX or "\\" not in text:
        return []
    out: list[Span] = []
    for m in _MACRO.finditer(text):
        key, value = m.group("key"), m.group("value")
        if is_secret_key(key) and not is_placeholder(value) and is_secret_value(
                value, key, literal_words=False):
            out.append((m.start("value"), m.end("value"), "secret_assignment", False))
    return out
