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
- session 38: a secret split into literals joined at run time under a secret-named name
  (Python's `API_KEY = "".join(["sk-proj-", "X", "Y"])`, JavaScript's `const token = ["ghp_",
  "X"].join("")`): each literal of the join, judged whole;
- a URL's password given as a format argument (Go's `fmt.Sprintf("postgres://app:%s@db/app",
  "X")`, Python's `"mysql://u:%s@h/db" % ("X",)` and `"..:{}@..".format("X")`, Java's
  `String.format`): the literal argument at the password's place;
- a `user:password` pair built by formatting (`"%s:%s" % ("admin", "X")`, `"{}:{}".format(
  "admin", "X")`): the second literal, when it looks like a password;
- a secret given by position after its key id (`Razorpay.setup("rzp_live_ID", "X")`,
  `Client("AC<32 hex>", "X")` (Twilio), an AWS key id then X): the random literal after the id;
- an HTML password field's value (`<input type="password" name="pw" value="V">`, attributes
  in any order, quoted or not), whatever the field's name: a template's default or a saved
  page's filled-in form; an empty value or a template expression (`{{ form.pw.value }}`) is none.
"""

from __future__ import annotations

import re

from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import (
    entropy,
    is_placeholder,
    is_secret_key,
    random_key_value,
    random_literal,
)
from repokb.secrets.shapes import Span
from repokb.secrets.values import password_like, value_ok

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

# `NAME = "".join([...])` / `NAME = ["..", ".."].join("")` on one line (the literals, then judged)
_JOINED = re.compile(
    r"""(?P<key>[A-Za-z_][\w.]{0,80})[ \t]*(?::[^=\n]{1,40})?=[ \t]*"""
    r"""(?:(?P<q>["'])(?P=q)\.join\([ \t]*[\[(](?P<items>[^\])\n]{1,2000})[\])][ \t]*\)"""
    r"""|\[(?P<jsitems>[^\]\n]{1,2000})\]\.join\([ \t]*(?P<jq>["'])(?P=jq)[ \t]*\))""")
_ITEM = re.compile(r"""(?P<q>["'])(?P<value>[^"'\n]{1,400})(?P=q)""")

# a format string's URL whose password is a verb (`://user:%s@`), then its arguments
_URL_TEMPLATE = re.compile(
    r"""(?P<q>["'])(?P<template>[^"'\n]{0,400}?://[^\s:/@"']{0,64}:(?:%[sv]|\{\d*\})@"""
    r"""[^"'\n]{0,400})"""
    r"""(?P=q)[ \t]*(?:,|%[ \t]*\(?|\.format\()""")
_VERB = re.compile(r"%[-+ #0-9.]*[a-zA-Z]|\{\d*\}")
_ARGUMENT = re.compile(r"""[ \t]*(?:"(?P<d>[^"\n]*)"|'(?P<s>[^'\n]*)'|[^,()"'\n]+)[ \t]*"""
                       r"""(?:,|(?=[)\n])|$)""")

_PAIR_FORMAT = re.compile(
    r"""(?P<q>["'])(?:%s:%s|\{\}:\{\})(?P=q)[ \t]*(?:%[ \t]*\(|\.format\()[ \t]*"""
    r"""(?P<q1>["'])[\w.@\-]{1,64}(?P=q1)[ \t]*,[ \t]*"""
    r"""(?P<q2>["'])(?P<value>[^"'\n]{4,200})(?P=q2)""")
# a key id a vendor pairs with its secret, then the next literal argument
_ID_THEN_SECRET = re.compile(
    r"""(?P<q>["'])(?:rzp_(?:live|test)_[A-Za-z0-9]{14}|(?:AKIA|ASIA)[A-Z0-9]{16}|AC[0-9a-f]{32})"""
    r"""(?P=q)[ \t]*,[ \t]*(?P<q2>["'])(?P<value>[^"'\s]{12,200})(?P=q2)""")

# an <input> tag (up to its `>`), its type `password`, its value attribute
_INPUT_TAG = re.compile(r"<input\b[^<>]{0,600}>", re.I)
_PASSWORD_TYPE = re.compile(r"""\btype[ \t]*=[ \t]*["']?password\b""", re.I)
_VALUE_ATTRIBUTE = re.compile(
    r"""(?<![\w\-:])value[ \t]*=[ \t]*(?:"(?P<v1>[^"<>\n]{1,400})"|'(?P<v2>[^'<>\n]{1,400})'"""
    r"""|(?P<v3>[^\s"'<>=`]{1,400}))""", re.I)
_TEMPLATE = re.compile(r"\{\{|\{%|<%|\$\{|\{\$|@\{|\$[A-Za-z_]|^\{.*\}$")


# the anchors of session 38's forms, found in the one pass of every finder's words (`keys`)
ID_WORDS = ("rzp_", "akia", "asia")  # (Twilio's `"AC..` is found with its token: twilio's)
FORMAT_WORDS = (":%s@", ":%v@", ":{}@")
PAIR_WORDS = ("%s:%s", "{}:{}")
JOIN_WORDS = ('".join(', "'.join(", "].join(")


def find(text: str, keys: KeyLines | None = None) -> list[Span]:
    """Spans of the secret values in the forms above."""
    keys = keys or KeyLines(text)
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
    if keys.has(FORMAT_WORDS):
        out += _formatted(text)
    if keys.has(ID_WORDS):
        out += [(m.start("value"), m.end("value"), "paired_secret", False)
                for m in _ID_THEN_SECRET.finditer(text) if _paired(m.group("value"))]
    if keys.has(PAIR_WORDS):
        out += [(m.start("value"), m.end("value"), "format_password", False)
                for m in _PAIR_FORMAT.finditer(text)
                if password_like(m.group("value"), 6, glued_words=True)]
    if keys.has(JOIN_WORDS):
        out += _joined(text)
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


def _joined(text: str) -> list[Span]:
    """The literals of a join under a secret-named name whose joined value is a secret."""
    out: list[Span] = []
    matches = []
    at = text.find(".join(")
    while at != -1:  # the lines holding a join, each searched once (the pattern opens on a
        # name: searched over a whole text, it was tried at every character: 2.3 s over Django)
        start, end = text.rfind("\n", 0, at) + 1, text.find("\n", at)
        end = len(text) if end == -1 else end
        if text[at - 1] in "\"']" and (m := _JOINED.search(text, start, end)):
            matches.append(m)
        at = text.find(".join(", end)
    for m in matches:
        group = "items" if m.group("items") is not None else "jsitems"
        items = list(_ITEM.finditer(m.group(group)))
        value = "".join(i.group("value") for i in items)
        if not items or not (is_secret_key(m.group("key")) and value_ok(value, m.group("key"))
                             and random_literal(value) or random_key_value(m.group("key"), value)):
            continue
        at = m.start(group)
        out += [(at + i.start("value"), at + i.end("value"), "joined_literals", False)
                for i in items]
    return out


def _formatted(text: str) -> list[Span]:
    """The literal argument at a format string's URL password (see the module docstring)."""
    out: list[Span] = []
    for m in _URL_TEMPLATE.finditer(text):
        template = m.group("template")
        place = template.index("@", template.index("://") + 3)  # the password's verb ends here
        verbs = [v for v in _VERB.finditer(template) if v.end() <= place]
        if not verbs:
            continue
        at, n = m.end(), len(verbs) - 1
        for _ in range(n + 1):
            arg = _ARGUMENT.match(text, at)
            if arg is None:
                break
            if _ == n:
                group = "d" if arg.group("d") is not None else "s"
                value = arg.group(group)
                if value is not None and password_like(value, 6, glued_words=True):
                    out.append((arg.start(group), arg.end(group), "format_password", False))
            at = arg.end()
    return out


def _paired(value: str) -> bool:
    """A secret after its key id: random with digits, or letters of both cases high in entropy
    (a Razorpay secret may hold no digit)."""
    return random_literal(value) or (len(value) >= 16 and value.isalnum() and not value.isupper()
                                     and not value.islower() and entropy(value) >= 3.5)
