"""Secrets written in Gradle's and Android's own forms, where no `key = "value"` shows them.

Found here (spans of the value only, never its name):
- a generated field's value, named by the argument before it: `buildConfigField "String",
  "API_KEY", "\\"X\\""` (Groovy) or `buildConfigField("String", "API_KEY", "\\"X\\"")` (Kotlin
  DSL), and `resValue "string", "server_token", "X"`;
- a Groovy DSL setter called without parentheses or `=`: `storePassword "X"` and
  `keyPassword 'X'` in a `signingConfigs` block (a Ruby DSL's `password "X"` too);
- an Android string resource named like a secret: `<string name="api_key">X</string>` (also
  `<item name=...>`), in res/values/*.xml.

The name must be a secret's (`scan.is_secret_key`); the value is judged as a string literal of
code is (`scan.is_secret_value`: not a placeholder, a reference, prose or a word), a string
resource's too: most are UI text, and `<string name="password">Passwort</string>` is a label
in values-de/. Each form is tried only in a text holding its anchor.
"""

from __future__ import annotations

import re

from repokb.secrets.scan import is_secret_key, is_secret_value
from repokb.secrets.shapes import is_field_name

Span = tuple[int, int, str, bool]

# the value's quotes may hold escaped ones, Java's string literal inside Groovy's: "\"X\""
_FIELD = re.compile(
    r"""\b(?:buildConfigField|resValue)[ \t]*\(?[ \t]*["'][\w.]{1,40}["'][ \t]*,[ \t]*"""
    r"""["'](?P<key>[\w.\-]{1,80})["'][ \t]*,[ \t]*(?P<q>["'])(?:\\?["'])?"""
    r"""(?P<value>[^"'\\\n]{1,400})(?:\\?["'])?(?P=q)""")
_SETTER = re.compile(
    r"""^[ \t]*(?P<key>[A-Za-z_]\w{0,80})[ \t]+(?P<q>["'])(?P<value>[^"'\n]{1,400})(?P=q)"""
    r"""[ \t]*(?:;[ \t]*)?(?://.*)?$""", re.M)
_RESOURCE = re.compile(
    r"""<(?P<tag>string|item)\b[^>\n]*?\bname[ \t]*=[ \t]*["'](?P<key>[\w.\-]{1,80})["']"""
    r"""[^>\n]*>(?P<value>[^<\n]{1,400})</(?P=tag)>""")

# a resource's or a theme attribute's reference (`@string/reset`, `?attr/colorPrimary`)
_REFERENCES = ("@", "?")


def find(text: str) -> list[Span]:
    """Spans of every secret in the forms above (see the module docstring)."""
    out: list[Span] = []
    if "buildConfigField" in text or "resValue" in text:
        out += _named(_FIELD, text, "gradle_field")
    if '"' in text or "'" in text:
        out += _named(_SETTER, text, "dsl_setter")
    if "<string" in text or "<item" in text:
        out += _named(_RESOURCE, text, "string_resource")
    return out


def _named(pattern: re.Pattern[str], text: str, name: str) -> list[Span]:
    out: list[Span] = []
    for m in pattern.finditer(text):
        key, value = m.group("key"), m.group("value").strip()
        if value.startswith(_REFERENCES):
            continue
        if (is_secret_key(key) and is_secret_value(value, key, literal_words=False)
                and not is_field_name(value)):
            start = m.start("value") + (len(m.group("value")) - len(m.group("value").lstrip()))
            out.append((start, start + len(value), name, False))
    return out
