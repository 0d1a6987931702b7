"""Secrets in build files' own forms, where no `key = "value"` shows them.

Found here (spans of the value only):
- CMake's `set(NAME value ...)` of a secret-named variable: `set(API_KEY "Lq8W...")`,
  `set(SERVICE_TOKEN Yt5R... CACHE STRING "doc")`, `set(ENV{PASSWORD} "...")`; in CMake files
  only (elsewhere `set(` is a call whose arguments are expressions: `cache.set(API_KEY, v)`);
- a password piped into a command that reads it from its standard input, in any language
  (the line lives in Makefiles, Dockerfiles, CI YAML and shell scripts alike):
  `echo "X" | docker login -u ci --password-stdin ghcr.io`, `printf '%s' 'X' | helm registry
  login --password-stdin`.

A value is a literal, never a reference (`${TOKEN}`, `$ENV{TOKEN}`, `$$TOKEN`, `$(TOKEN)`,
`%TOKEN%`), nor a placeholder (`<token>`, `changeme`), nor empty.
"""

from __future__ import annotations

import re

from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import is_secret_key, is_secret_value

Span = tuple[int, int, str, bool]

_CMAKE_SET = re.compile(
    r"""\bset\s*\(\s*(?:ENV\{(?P<env>[^}\s]+)\}|(?P<name>[A-Za-z_][\w.\-]*))\s+"""
    r"""(?:"(?P<q>(?:\\.|[^"\\\n])*)"|(?P<bare>[^\s()"#;]+))""", re.IGNORECASE)
# `echo [-n] VALUE |` (or `printf [FORMAT] VALUE |`) up to a `--password-stdin` on the same line
_PIPED = re.compile(
    r"""\b(?:echo(?:\s+-[neE]+)*|printf(?:\s+(?:'%s[^']*'|"%s[^"]*"))?)\s+"""
    r"""(?:'(?P<s>[^'\n]+)'|"(?P<d>[^"\n]+)"|(?P<b>[^\s|;&'"`]+))\s*\|[^\n|;]*--password-stdin""")


def _literal(value: str) -> bool:
    return bool(value.strip()) and not any(c in value for c in "$%`")


def _cmake_sets(text: str) -> list[Span]:
    out: list[Span] = []
    for m in _CMAKE_SET.finditer(text):
        name = m.group("env") or m.group("name")
        group = "q" if m.group("q") is not None else "bare"
        value = m.group(group)
        if (is_secret_key(name) and _literal(value)
                and is_secret_value(value, name, literal_words=True)):
            out.append((m.start(group), m.end(group), "cmake_set_secret", False))
    return out


def _piped_passwords(text: str, keys: KeyLines) -> list[Span]:
    out: list[Span] = []
    for start, line in keys.line_texts(["--password-stdin"]):
        for m in _PIPED.finditer(line):
            group = next(g for g in ("s", "d", "b") if m.group(g) is not None)
            value = m.group(group)
            if _literal(value) and is_secret_value(value, "password", literal_words=True):
                out.append((start + m.start(group), start + m.end(group), "password_stdin",
                            True))
    return out


def find(text: str, language: str | None, keys: KeyLines | None = None) -> list[Span]:
    """Spans of the secret values of build files' forms in `text` (`keys`: the text's lines
    holding a key word, whose lower-cased copy is reused)."""
    keys = keys or KeyLines(text)
    out: list[Span] = []
    if language == "cmake" and "set" in keys.low:
        out.extend(_cmake_sets(text))
    if "--password-stdin" in keys.low:
        out.extend(_piped_passwords(text, keys))
    return out
