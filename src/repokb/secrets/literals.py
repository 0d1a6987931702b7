"""Secret values whose key and value a line does not hold together, or whose quotes are escaped.

- a property list's pair (Info.plist, an SDK's config `.plist`): `<key>APIKey</key>` names it,
  the `<string>` after it, on the same line or the next, holds it;
- a triple-quoted text block under a secret-named key (Swift, Kotlin, Java, Scala, Python):
  `let apiKey =` and three double quotes ending the line, the value alone on the lines below;
- a definition with escaped quotes, as Xcode build settings and compiler flags write them
  (`OTHER_SWIFT_FLAGS = -DAPI_KEY=\\"v\\"`, `GCC_PREPROCESSOR_DEFINITIONS = API_SECRET=@\\"v\\"`).
"""

from __future__ import annotations

import re

from repokb.secrets.scan import is_placeholder, is_secret_key
from repokb.secrets.shapes import Span, value_ok

_PLIST_PAIR = re.compile(r"<key>\s*(?P<key>[A-Za-z_][\w.\-]{0,80})\s*</key>\s*"
                         r"<string>(?P<value>[^<>\n]{1,400})</string>")
# A text block opening: `=`, three quotes ending their line (found first: cheap); before it on
# its line, the key and an optional type (`: String`); the block runs to the same quotes.
_OPENING = re.compile(r"=[ \t]*(\"{3}|'{3})[ \t]*\n")
_KEY_BEFORE = re.compile(r"(?P<key>[A-Za-z_][A-Za-z0-9_.]{0,80})[ \t]*(?::[^=\n]{1,80})?$")
_BLOCK_CHARS = 2000
_ESCAPED = re.compile(r"""(?<![\w.\-])(?:-D)?(?P<key>[A-Za-z_][\w.\-]{0,80})=@?\\(?P<q>["'])"""
                      r"""(?P<value>[^"'\\\s]{1,400})\\(?P=q)""")


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
            if before is None or close == -1 or not is_secret_key(before.group("key")):
                continue
            body = text[m.end():close]
            value = body.strip()
            # one token alone in the block (prose or a template under the key is no value)
            if (value and not any(c.isspace() for c in value)
                    and value_ok(value, before.group("key")) and not is_placeholder(value)):
                start = m.end() + body.index(value)
                out.append((start, start + len(value), "multiline_value", False))
    if "=\\" in text or "=@\\" in text:
        for m in _ESCAPED.finditer(text):
            if is_secret_key(m.group("key")) and value_ok(m.group("value"), m.group("key")):
                out.append((m.start("value"), m.end("value"), "secret_assignment", False))
    return out
