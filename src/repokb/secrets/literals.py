"""Secret values whose key and value a line does not hold together, or whose quotes are escaped.

- a property list's pair (Info.plist, an SDK's config `.plist`): `<key>APIKey</key>` names it,
  the `<string>` after it, on the same line or the next, holds it;
- a triple-quoted text block under a secret-named key (Swift, Kotlin, Java, Scala, Python):
  `let apiKey =` and three double quotes ending the line, the value alone on the lines below;
  under a name that is only `key` (`String key =`, three quotes), a random token or base64 over
  lines (a key's body without its armour; `scan.random_key_value`): no prose, JSON or armoured
  PEM (a public key's);
- a secret-named field's or property's value in the comment after its declaration, one random
  token (`@property (nonatomic, copy) NSString *apiKey; // V`, `private String apiSecret; // V`);
- a definition with escaped quotes, as Xcode build settings and compiler flags write them
  (`OTHER_SWIFT_FLAGS = -DAPI_KEY=\\"v\\"`, `GCC_PREPROCESSOR_DEFINITIONS = API_SECRET=@\\"v\\"`);
- an HTML password field's value (`<input type="password" name="pw" value="V">`, attributes
  in any order, quoted or not), whatever the field's name: a template's default or a saved
  page's filled-in form; an empty value or a template expression (`{{ form.pw.value }}`) is none.
"""

from __future__ import annotations

import re

from repokb.secrets.scan import is_placeholder, is_secret_key, random_key_value, random_literal
from repokb.secrets.shapes import Span
from repokb.secrets.values import value_ok

_PLIST_PAIR = re.compile(r"<key>\s*(?P<key>[A-Za-z_][\w.\-]{0,80})\s*</key>\s*"
                         r"<string>(?P<value>[^<>\n]{1,400})</string>")
# A text block opening: `=`, three quotes ending their line (found first: cheap); before it on
# its line, the key and an optional type (`: String`); the block runs to the same quotes.
_OPENING = re.compile(r"=[ \t]*(\"{3}|'{3})[ \t]*\n")
_KEY_BEFORE = re.compile(r"(?P<key>[A-Za-z_][A-Za-z0-9_.]{0,80})[ \t]*(?::[^=\n]{1,80})?$")
_BLOCK_CHARS = 8000
_BASE64_LINE = re.compile(r"[A-Za-z0-9+/]+={0,2}")  # a PEM body's line (its armour is not)
_ESCAPED = re.compile(r"""(?<![\w.\-])(?:-D)?(?P<key>[A-Za-z_][\w.\-]{0,80})=@?\\(?P<q>["'])"""
                      r"""(?P<value>[^"'\\\s]{1,400})\\(?P=q)""")

# a declaration of a secret-named field or property with its value in the comment after it
# (`@property (copy) NSString *apiKey; // V`, `private String apiSecret; // V`): one token
_DECLARED_COMMENT = re.compile(
    r"""^[ \t]*(?:@property\b[^;\n]*?|(?:[A-Za-z_][\w<>\[\]:.]*[ \t*&]+){1,6})[ \t*]*"""
    r"""(?P<key>[A-Za-z_]\w{0,80})[ \t]*;[ \t]*//[ \t]*(?P<value>\S{12,400})[ \t]*$""", re.M)

# an <input> tag (up to its `>`), its type `password`, its value attribute
_INPUT_TAG = re.compile(r"<input\b[^<>]{0,600}>", re.I)
_PASSWORD_TYPE = re.compile(r"""\btype[ \t]*=[ \t]*["']?password\b""", re.I)
_VALUE_ATTRIBUTE = re.compile(
    r"""(?<![\w\-:])value[ \t]*=[ \t]*(?:"(?P<v1>[^"<>\n]{1,400})"|'(?P<v2>[^'<>\n]{1,400})'"""
    r"""|(?P<v3>[^\s"'<>=`]{1,400}))""", re.I)
_TEMPLATE = re.compile(r"\{\{|\{%|<%|\$\{|\{\$|@\{|\$[A-Za-z_]|^\{.*\}$")


def find(text: str) -> list[Span]:
    """Spans of the secret values in the forms above."""
    out: list[Span] = []
    if "<key>" in text:
        for m in _PLIST_PAIR.finditer(text):
            if is_secret_key(m.group("key")) and value_ok(m.group("value"), m.group("key")):
                out.append((m.start("value"), m.end("value"), "xml_value", False))
    if '"' * 3 in text or "'" * 3 in text:
        for m in _OPENING.finditer(text):
            line = text[text.rfind("\n", 0, m.start()) + 1:m.start()]
            before = _KEY_BEFORE.search(line)
            close = text.find(m.group(1), m.end(), m.end() + _BLOCK_CHARS)
            if before is None or close == -1:
                continue
            key, body = before.group("key"), text[m.end():close]
            value = body.strip()
            if is_secret_key(key):
                # one token alone in the block (prose or a template under the key is no value)
                found = (bool(value) and not any(c.isspace() for c in value)
                         and value_ok(value, key) and not is_placeholder(value))
            else:  # `String key = """`: a random token, or base64 over lines (a key's body)
                lines = value.split()
                found = (bool(lines) and all(_BASE64_LINE.fullmatch(line) for line in lines)
                         and random_key_value(key, "".join(lines)))
            if found:
                start = m.end() + body.index(value)
                out.append((start, start + len(value), "multiline_value", False))
    if "; //" in text or ";//" in text:
        for m in _DECLARED_COMMENT.finditer(text):
            if is_secret_key(m.group("key")) and random_literal(m.group("value")):
                out.append((m.start("value"), m.end("value"), "declared_comment", False))
    if "<input" in text or "<INPUT" in text or "<Input" in text:
        out.extend(_password_inputs(text))
    if "=\\" in text or "=@\\" in text:
        for m in _ESCAPED.finditer(text):
            if is_secret_key(m.group("key")) and value_ok(m.group("value"), m.group("key")):
                out.append((m.start("value"), m.end("value"), "secret_assignment", False))
    return out


def _password_inputs(text: str) -> list[Span]:
    out: list[Span] = []
    for tag in _INPUT_TAG.finditer(text):
        if not _PASSWORD_TYPE.search(tag.group(0)):
            continue
        m = _VALUE_ATTRIBUTE.search(tag.group(0))
        if m is None:
            continue
        group = next(g for g in ("v1", "v2", "v3") if m.group(g) is not None)
        value = m.group(group)
        if group == "v3":
            value = value.rstrip("/")
        if (len(value) < 4 or _TEMPLATE.search(value) or is_placeholder(value)
                or not value_ok(value, "password")):
            continue
        at = tag.start() + m.start(group)
        out.append((at, at + len(value), "password_input", False))
    return out
