"""Secrets written in Java's, Kotlin's, Gradle's and Android's own forms, where no
`key = "value"` shows them.

Found here (spans of the value only, never its name):
- a generated field's value, named by the argument before it: `buildConfigField "String",
  "API_KEY", "\\"X\\""` (Groovy) or `buildConfigField("String", "API_KEY", "\\"X\\"")` (Kotlin
  DSL), and `resValue "string", "server_token", "X"`;
- a Groovy DSL setter called without parentheses or `=`: `storePassword "X"` and
  `keyPassword 'X'` in a `signingConfigs` block (a Ruby DSL's `password "X"` too);
- an Android string resource named like a secret: `<string name="api_key">X</string>` (also
  `<item name=...>`), in res/values/*.xml;
- a value an Android manifest gives an SDK under a secret's name: `<meta-data
  android:name="com.onesignal.ApiSecret" android:value="X" />` (either attribute first, over
  lines too);
- a value set under a secret's name: `System.setProperty("javax.net.ssl.keyStorePassword",
  "X")`, SharedPreferences' `putString("api_token", "X")`, an Intent's `putExtra`;
- a Kotlin or Groovy variable's fallback: `val storePass = findProperty("p") as String? ?: "X"`;
- a Kotlin property a delegate or a getter gives: `val apiKey by lazy { "X" }`, `val apiKey:
  String get() = "X"`;
- a Java text block or Kotlin raw string holding one line, below its name (`String apiSecret =`
  three quotes, then `X` on the next line, then three quotes);
- Gradle's signing key and its password given in memory: `useInMemoryPgpKeys(keyId, "KEY",
  "X")` or `useInMemoryPgpKeys("KEY", "X")` (the key id, first of three, is kept);
- a password passed as a `char[]`, Java's type for one: `ks.load(in, "X".toCharArray())`,
  `new PBEKeySpec("X".toCharArray(), ...)`, where the literal looks like one: not a word,
  with a digit or a symbol, and no alphabet (`"0123456789abcdef".toCharArray()` is a table).

The name must be a secret's (`scan.is_secret_key`); a generated field's or a manifest entry's
may also end in `KEY` with a random-looking value (`buildConfigField "String", "PAYMENTS_KEY",
..`: `scan.random_key_value`), as a build's fields and an SDK's entries name API keys so.
A value under an explicit name (a field, a property set, a text block) is judged as an
assignment's is (`values.value_ok`: not empty, a placeholder or a `${VAR}`); one a looser form
found (a DSL setter, a string resource, a fallback, which is often `"unknown"`) as a string
literal of code is (`scan.is_secret_value`: no reference, prose or single word): most
resources are UI text, and `<string name="password">Passwort</string>` is a label in
values-de/. Each form is tried only in a text holding its anchor.
"""

from __future__ import annotations

import re

from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import is_secret_key, is_secret_value, random_key_value
from repokb.secrets.values import is_field_name, value_ok

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
_META_DATA = re.compile(
    r"""<meta-data\b[^>]*?\bandroid:(?:name[ \t]*=[ \t]*"(?P<key>[\w.\-]{1,120})"[^>]*?"""
    r"""\bandroid:value[ \t]*=[ \t]*"(?P<value>[^"\n]{1,400})"|value[ \t]*=[ \t]*"""
    r""""(?P<value2>[^"\n]{1,400})"[^>]*?\bandroid:name[ \t]*=[ \t]*"(?P<key2>[\w.\-]{1,120})")""")
_KEYED_CALL = re.compile(
    r"""\b(?:setProperty|putString|putExtra)[ \t]*\([ \t]*(?P<kq>["'])"""
    r"""(?P<key>[\w.\-]{1,80})(?P=kq)[ \t]*,[ \t]*(?P<q>["'])(?P<value>[^"'\n]{1,400})"""
    r"""(?P=q)[ \t]*\)""")
_ELVIS = re.compile(
    r"""\b(?:val|var|def)[ \t]+(?P<key>[A-Za-z_]\w{0,80})\b[^=\n]*=[^\n]*?\?:[ \t]*"""
    r"""(?P<q>["'])(?P<value>[^"'\n]{1,400})(?P=q)""")
# a Kotlin property whose value a delegate or a getter returns: `val apiKey by lazy { "X" }`,
# `val apiKey: String get() = "X"`
_KOTLIN_PROPERTY = re.compile(
    r"""\b(?:val|var)[ \t]+(?P<key>[A-Za-z_]\w{0,80})\b[^=\n{]*?"""
    r"""(?:\bby[ \t]+lazy[ \t]*(?:\([^()\n]*\)[ \t]*)?\{|"""
    r"""\bget\(\)[ \t]*=)[ \t]*(?P<q>")(?P<value>[^"\n$]{1,400})(?P=q)""")
_TEXT_BLOCK = re.compile(
    r"""\b(?P<key>[A-Za-z_]\w{0,80})[ \t]*=[ \t]*\"\"\"[ \t]*\n[ \t]*(?P<value>[^"\s]{4,400})"""
    r"""[ \t]*\n[ \t]*\"\"\"""")
_SETTER_WORDS = ("pass", "pw", "secret", "token", "key", "credential", "sas")  # a name's words
_SETTER_LANGUAGES = frozenset({"groovy", "kotlin", "ruby", None})
_CHAR_ARRAY = re.compile(
    r"""[(,][ \t]*"(?P<value>[^"\\\n]{6,128})"[ \t]*\.[ \t]*toCharArray[ \t]*\(""")

# Gradle's signing plugin: `useInMemoryPgpKeys([keyId, ]key, password)`, its literals one line
# each or over a few lines
_PGP_KEYS = re.compile(
    r"""\buseInMemoryPgpKeys[ \t]*\((?P<args>(?:[^()]|\([^()\n]*\)){1,2000}?)\)""")
_PGP_ARGUMENT = re.compile(r"""(?:[^,()]|\([^()\n]*\))+""")  # commas inside a call's kept
_PGP_LITERAL = re.compile(r"""\s*(?P<q>["'])(?P<value>[^"'\n]{1,4000})(?P=q)\s*""")

# where a text block may open: `=` then three quotes ending the line (a docstring's quotes,
# in every Python file, are no anchor: _TEXT_BLOCK opens on a name, tried at every word)
_TEXT_BLOCK_AT = re.compile(r'''=[ \t]*"""[ \t]*\n''')

# a resource's or a theme attribute's reference (`@string/reset`, `?attr/colorPrimary`)
_REFERENCES = ("@", "?")


def find(text: str, language: str | None = None, keys: KeyLines | None = None) -> list[Span]:
    """Spans of every secret in the forms above (see the module docstring). Each pattern is
    searched only on the lines around its anchor: most files hold none, and a pattern that
    opens on a name would otherwise be tried at every word of every file. A setter without
    parentheses only in the languages that call so (Groovy, Kotlin scripts, Ruby)."""
    keys = KeyLines(text) if keys is None else keys  # find_all's: found once for all finders
    out: list[Span] = []
    setter = _SETTER_WORDS if language in _SETTER_LANGUAGES else ()
    for anchors, pattern, name, strict, below in (
            (("buildconfigfield", "resvalue"), _FIELD, "gradle_field", False, 0),
            (setter, _SETTER, "dsl_setter", True, 0),
            (("<string", "<item"), _RESOURCE, "string_resource", True, 0),
            (("setproperty", "putstring", "putextra"), _KEYED_CALL, "keyed_call", False, 0),
            (("?:",), _ELVIS, "variable_fallback", True, 0),
            (("lazy", "get()"), _KOTLIN_PROPERTY, "kotlin_property", False, 0)):
        for start, end in keys.lines(anchors, below):
            out += _named(pattern, text, name, strict, start, end)
    if '"""' in text:
        for hit in _TEXT_BLOCK_AT.finditer(text):  # the name's line and the two below it
            start, end = text.rfind("\n", 0, hit.start()) + 1, hit.end() - 1
            for _ in range(2):
                end = text.find("\n", end + 1)
                if end == -1:
                    end = len(text)
                    break
            out += _named(_TEXT_BLOCK, text, "text_block", False, start, end)
    for start, end in keys.lines(("<meta-data",), 3):
        out += _meta_data(text, start, end)
    for start, _ in keys.lines(("useinmemorypgpkeys",)):
        out += _pgp_keys(text, start)
    for start, end in keys.lines(("tochararray",)):
        out += [(m.start("value"), m.end("value"), "char_array_password", False)
                for m in _CHAR_ARRAY.finditer(text, start, end)
                if _char_password(m.group("value"))]
    return sorted(set(out))


def _meta_data(text: str, start: int, end: int) -> list[Span]:
    """The values of the manifest's `<meta-data>` entries from `start` (up to three lines
    below `end`, an element written over lines) named like a secret: by the name's last part
    (`com.onesignal.ApiSecret` is `ApiSecret`), or a key's name with a random-looking value."""
    out: list[Span] = []
    for m in _META_DATA.finditer(text, start, end):
        group = "value" if m.group("value") is not None else "value2"
        name = m.group("key") or m.group("key2")
        value = m.group(group).strip()
        last = name.rsplit(".", 1)[-1]
        if value.startswith(_REFERENCES) or "${" in value:
            continue
        if (is_secret_key(last) and is_secret_value(value, last, literal_words=False)
                or random_key_value(last, value)):
            at = m.start(group) + len(m.group(group)) - len(m.group(group).lstrip())
            out.append((at, at + len(value), "manifest_meta_data", False))
    return out


def _pgp_keys(text: str, start: int) -> list[Span]:
    """The key and the password literals of the `useInMemoryPgpKeys(...)` call at `start`'s
    line: its last two arguments (a third before them is the key's id, not secret)."""
    m = _PGP_KEYS.search(text, start, min(len(text), start + 2400))
    if m is None:
        return []
    out: list[Span] = []
    for arg in list(_PGP_ARGUMENT.finditer(m.group("args")))[-2:]:
        literal = _PGP_LITERAL.fullmatch(arg.group(0))
        if literal and value_ok(literal.group("value"), "password"):
            at = m.start("args") + arg.start()
            out.append((at + literal.start("value"), at + literal.end("value"),
                        "pgp_in_memory_key", False))
    return out


def _char_password(value: str) -> bool:
    """A literal made a `char[]` that is a password, not a table of characters."""
    if not is_secret_value(value, "password", literal_words=False) or " " in value:
        return False
    if not any(c.isdigit() or not c.isalnum() for c in value):
        return False
    codes = [ord(c) for c in value.lower()]
    return not any(codes[i + 1] == codes[i] + 1 == codes[i + 2] - 1 == codes[i + 3] - 2
                   for i in range(len(codes) - 3))  # `0123`, `abcd`: an alphabet


def _named(pattern: re.Pattern[str], text: str, name: str, strict: bool, start: int,
           end: int) -> list[Span]:
    out: list[Span] = []
    for m in pattern.finditer(text, start, end):
        key, value = m.group("key"), m.group("value").strip()
        if value.startswith(_REFERENCES):
            continue
        judged = (is_secret_value(value, key, literal_words=False) if strict
                  else value_ok(value, key))
        named = is_secret_key(key) or name == "gradle_field" and random_key_value(key, value)
        if named and judged and not is_field_name(value):
            start = m.start("value") + (len(m.group("value")) - len(m.group("value").lstrip()))
            out.append((start, start + len(value), name, False))
    return out
