"""A Markdown list of secrets under a heading or a lead-in line that names them.

```
## API keys               Tokens:                  **Credentials**
- staging: Xq9Lw2...      * prod: `Tz7Qw2...`      1. Xq9Lw2...
```

Each item's random-looking values are redacted (`values.random_token`: 16+ characters of
letters and digits mixed, high in entropy, naming nothing), and an item's one value after its
label (`- staging: X`) under a title of passwords when it is a password in a password's place
(`values.placed_password`); an item's words, a URL without credentials, a version, a name or
a digest named as one (`- sha256: 9f86...`) stay. A heading (`## Tokens`,
or a line underlined with `===` or `---`) governs the lists of its section, up to the next
heading; a lead-in line (`API keys for each environment:`) the list right after it. Only in
documentation (text mode): a config file's lists are its values, read by the other finders.
"""

from __future__ import annotations

import re

from repokb.rules import secret_patterns as P
from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import PROSE_SECRET_WORDS, key_words, prose_names_a_secret
from repokb.secrets.shapes import readable
from repokb.secrets.values import placed_password, random_token

Span = tuple[int, int, str, bool]

_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+(?P<body>\S.*)")
_HEADING = re.compile(r"[ \t]{0,3}#{1,6}[ \t]+(?P<title>.*?)[ \t#]*")
_UNDERLINE = re.compile(r"[ \t]*(?:={3,}|-{3,}|~{3,}|\^{3,})[ \t]*")
# "Tokens:", "**API keys**", "__Credentials:__"
_LEAD_IN = re.compile(r"(?P<title>[^\n]{1,120}?)[ \t]*[*_]*:[*_]*[ \t]*"
                      r"|[ \t]*(?P<b>\*\*|__)(?P<bold>[^*_\n]{1,80})(?P=b)[ \t]*")
# an item's label and its value: `staging: X`, `**prod** - X`, `CI = X`
_LABELLED = re.compile(r"(?:\*\*|__)?[\w .\-/]{1,40}?(?:\*\*|__)?[ \t]*(?::|=|-|–|—|->)[ \t]*"
                       r"""[`"']?(?P<value>[^\s`"'<>]{6,200}?)[`"']?[.;,]?[ \t]*""")
_PIECE = re.compile(r"""[^\s`"'*,;()<>\[\]{}|]{16,200}""")
_SENTENCE_END = ".:!?"
# a quantity, not a password: `100/hour`, `5 per minute`, `2.5MB`, `30s`
_QUANTITY = re.compile(r"\d[\d.,]*[ \t]*(?:(?:/|per[ \t])[ \t]*[A-Za-z]{1,12}|[A-Za-z%]{1,5})?")
_PASSWORD_WORDS = frozenset({"password", "passwd", "pwd", "passphrase"})


def find(text: str, mode: str, keys: KeyLines) -> list[Span]:
    """Spans of the random values of the lists a secret-naming heading or lead-in governs."""
    if mode != "text":
        return []
    out: list[Span] = []
    done = -1  # where the last list read ended: a title inside it is an item, not a title
    for start, line in keys.line_texts(P.KEY_ANCHORS):
        if start < done:
            continue
        scope = _scope(text, start, line)
        if scope is None:
            continue
        done = scope[1]
        out += _items(text, *scope)
    return out


def _scope(text: str, start: int, line: str) -> tuple[int, int, bool] | None:
    """Where the list(s) a title at `start` governs lie (a heading's section, or a lead-in's
    one list), and whether the title names passwords; None when `line` is no title of
    secrets."""
    body = start + len(line) + 1
    if _heading(text, start, line):
        m = _HEADING.fullmatch(line)
        title, section = (m.group("title") if m else line), True
    elif (m := _LEAD_IN.fullmatch(line)) and not _ITEM.fullmatch(line):
        title, section = m.group("title") or m.group("bold"), False
    else:
        return None
    words = _title_words(title)
    if words is None:
        return None
    return body, _end(text, body, section), bool(words & _PASSWORD_WORDS)


def _heading(text: str, start: int, line: str) -> bool:
    """Whether `line` (at `start`) is a heading: `## Title`, or a line underlined."""
    if _HEADING.fullmatch(line):
        return True
    below = start + len(line) + 1
    nl = text.find("\n", below)
    nxt = text[below:len(text) if nl == -1 else nl] if below < len(text) else ""
    return bool(line.strip() and not _ITEM.fullmatch(line) and _UNDERLINE.fullmatch(nxt))


def _end(text: str, at: int, section: bool) -> int:
    """Where a heading's section (`section`: at the next heading) or a lead-in's list (at the
    first line that is no item, no item's indented line, no blank) that opens at `at` ends."""
    seen_item = False
    while at < len(text):
        nl = text.find("\n", at)
        nl = len(text) if nl == -1 else nl
        line = text[at:nl]
        if section:
            if _heading(text, at, line):
                return at
        elif _ITEM.fullmatch(line):
            seen_item = True
        elif line.strip() and not (seen_item and line[:1] in (" ", "\t")):
            return at
        at = nl + 1
    return len(text)


def _items(text: str, start: int, end: int, passwords: bool) -> list[Span]:
    """The random values of the list items between `start` and `end`."""
    out: list[Span] = []
    at = start
    while at < end:
        nl = text.find("\n", at, end)
        nl = end if nl == -1 else nl
        item = _ITEM.fullmatch(text, at, nl)
        if item is not None:
            out += _values(text, item.start("body"), nl, passwords)
        at = nl + 1
    return out


def _values(text: str, start: int, end: int, passwords: bool) -> list[Span]:
    """An item's values: each random piece; under a title of passwords, also its one value
    after a label when it is a password in a password's place."""
    labelled = _LABELLED.fullmatch(text, start, end) if passwords else None
    if labelled is not None:
        value = labelled.group("value").rstrip(_SENTENCE_END)
        if placed_password(value) and not _QUANTITY.fullmatch(value):
            at = labelled.start("value")
            return [(at, at + len(value), "listed_secret", False)]
    out: list[Span] = []
    line = text[start:end]
    for m in _PIECE.finditer(text, start, end):
        value = m.group().rstrip(_SENTENCE_END)
        # not a digest named as one (`- sha256: 9f86...`: `shapes.readable`)
        if random_token(value) and not readable(line, m.start() - start,
                                                m.start() - start + len(value)):
            out.append((m.start(), m.start() + len(value), "listed_secret", False))
    return out


def _title_words(title: str) -> set[str] | None:
    """A heading's or a lead-in's words (a plural's `s` off) if they name secrets: "API
    keys", "Tokens", "Credentials", "Staging passwords"; None otherwise."""
    words = key_words(title)
    if not words or len(words) > 8:  # a sentence, not a title
        return None
    single = [w[:-1] if w.endswith("s") and not w.endswith("ss") and len(w) > 3 else w
              for w in words]
    named = {*words, *single}
    if named & PROSE_SECRET_WORDS or prose_names_a_secret(single):
        return named
    return None
