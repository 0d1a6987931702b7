"""Secrets in sentences: prose, and in code its comments, docstrings and string literals.

"the password is X", "use the password X on the admin page", "Use password X.", "the passphrase
is X"; "API key: X"; a random token right after "token", "secret" or "API key" with no verb
("Auth token X", `random_token`), and each random one of a list after it ("Tokens X and Y").
In code only inside a comment, a docstring or a string literal (`prose_regions`: one scan of
the file finds them, in any language). `values.password_like` keeps what documentation says
about passwords ("the password field", "a password of at least 8 characters",
`PBKDF2PasswordHasher`, `password123`). `line_findings` is called by `shapes.find` on each line
holding a key word.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from repokb.secrets.scan import COMMENT_BEFORE
from repokb.secrets.values import (
    looks_random,
    names_something,
    placed_password,
    random_token,
    value_ok,
)

Span = tuple[int, int, str, bool]

_PROSE = re.compile(
    r"""\b(?:password|passphrase|passwd|pwd|api[ _-]?key|secret|token)s?\b[^\n.]{0,24}?"""
    r"""\b(?P<verb>is|was|be|to|of|as|with)\b\s*:?\s*(?:\\?[`"'*])*"""
    # the whole word, not a call's name (`as []byte("X")`: the quoted argument is judged)
    r"""(?P<value>[^\s`"'*,;()<>]{6,80}+)(?!\()""",
    re.I)
# "API key: X" in prose, the two words apart (scan reads `api_key: X`, `Api-Key: X`); session
# 43: a wireless network's key, its name between ("WiFi AcmeGuest key: X", "WLAN PSK: X")
_PROSE_API_KEY = re.compile(
    r"""\b(?:api[ \t]+keys?|(?:wi-?fi|wlan|wpa2?)\b[ \t]+(?:[\w.\-]{1,32}[ \t]+)?"""
    r"""(?:key|passphrase|psk))[ \t]*:[ \t]*[`"'*]*(?P<value>[^\s`"'*,;()<>]{6,80})""", re.I)
# session 38: Google's app password, four groups of four letters, quoted after "password" in
# a sentence ("The SMTP app password is `abcd efgh ijkl mnop`"): one word, its spaces in it;
# session 39: Apple's app-specific password, its groups joined by `-` (`wmgf-eftl-uxqr-bmfg`,
# fastlane's and altool's `FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD`), quoted or not
_APP_PASSWORD = re.compile(
    r"""\bpassword\b[^\n`"']{0,40}(?:[`"'](?P<value>[a-z]{4}(?: [a-z]{4}){3})[`"']"""
    r"""|[`"']?(?<![\w-])(?P<dashed>[a-z]{4}(?:-[a-z]{4}){3})(?![\w-]))""", re.I)
# "Auth token X", "deploy token: X", "the service token X to call the API": a random value
# (`random_token`) right after "token", "secret" or "API key", no verb between
_PROSE_TOKEN = re.compile(
    r"""\b(?:token|secret|api[ \t_-]?key)s?\b(?:[ \t]+(?:for|of)[ \t]+[\w.\-]{1,30}[ \t]*:)?"""
    r"""[ \t]*(?:[:=][ \t]*)?[`"'*]*"""  # "token=X": the `=` is no part of the value
    r"""(?P<value>[^\s`"'*,;()<>\[\]{}|]{16,200})""", re.I)
# the next of a list after a prose token: ", Y", " and Y", ", or Y", " & Y", " / Y"
_MORE_TOKENS = re.compile(r"""[`"'*]*[ \t]*(?:,[ \t]*(?:(?:and|or)[ \t]+)?"""
                          r"""|[ \t]+(?:and|or|&|/)[ \t]+)[`"'*]*"""
                          r"""(?P<value>[^\s`"'*,;()<>\[\]{}|]{16,200})""", re.I)
# "use the password X", "password: X", "the passphrase is X": the token right after the word
# (a connector between, or none); `password_like` then decides whether it is a password
_PROSE_PASSWORD = re.compile(  # (plural too: "Passwords X and Y", `_MORE_PASSWORDS`)
    r"""\b(?:password|passphrase|passwd|pwd|pw)s?\b(?:(?P<op>[ \t]*[:=][ \t]*)|[ \t]+"""
    r"""(?P<connector>(?:is|was|of|to)[ \t]*:?[ \t]+)?)(?:\\?[`"'*])*"""
    r"""(?P<value>[^\s`"'*,;()<>\[\]{}|]{6,80})""", re.I)
# the next of a list after a prose password: ", Y", " and Y", ", or Y", " & Y", " / Y"
_MORE_PASSWORDS = re.compile(r"""(?:\\?[`"'*])*[ \t]*(?:,[ \t]*(?:(?:and|or)[ \t]+)?"""
                             r"""|[ \t]+(?:and|or|&|/)[ \t]+)(?:\\?[`"'*])*"""
                             r"""(?P<value>[^\s`"'*,;()<>\[\]{}|]{6,80})""", re.I)
# An HTML input's type right before "password": the field's kind, the words after it markup
# (Dancer2's Tutorial.pod: `<input type=password name=password>`), unless a `value=` follows
_INPUT_TYPE = re.compile(r"""\btype[ \t]*=[ \t]*["']?$""", re.I)
# In code, where prose stands: one scan of the file, in order, finds its comments and string
# literals (docstrings, text blocks, template literals, heredocs...) in any language the
# classifier knows, without a parser per language. A misread quote (a Rust lifetime, a `#` that
# is no comment) costs at most its own line: only triple quotes, backticks, block comments,
# POD and heredocs (ended by their tag alone on a line) span lines. Scanned only in a file where
# a password-like value follows "password" in code.
_TRIPLE = "\"\"\"[\\s\\S]*?(?:\"\"\"|\\Z)|'''[\\s\\S]*?(?:'''|\\Z)"
_BEFORE_STRINGS = (
    _TRIPLE  # Python docstrings; Kotlin, Swift, Scala, Java, Elixir text blocks
    + r"|/\*[\s\S]*?(?:\*/|\Z)|--\[(=*)\[[\s\S]*?(?:\]\1\]|\Z)"  # block comments (C..., Lua)
    r"|`(?:\\.|[^`\\])*(?:`|\Z)"  # JS/TS template literals, Go raw strings, shell
    r"""|<<<?[~-]?[ \t]?(["']?)(?P<tag>[A-Z_][A-Z0-9_]*)\2"""  # a heredoc's start
    r"|^=[a-z]\w*[\s\S]*?(?:^=(?:cut|end)\b|\Z)")  # Perl POD, Ruby =begin
_AFTER_STRINGS = r"""|'(?:\\.|[^'\\\n])*'?|(?:#|//|--|;)[^\n]*"""  # '...' on one line, comments
_PROSE_REGION = re.compile(  # "..." on one line (open: to its end)
    _BEFORE_STRINGS + r"""|"(?:\\.|[^"\\\n])*"?""" + _AFTER_STRINGS, re.M)
# Languages whose double-quoted strings may hold newlines: there such a string is one region
# over its lines (a help text, a usage message), as a docstring is in Python.
_MULTILINE_STRINGS = frozenset({"rust", "ruby", "php", "shell", "bash", "zsh", "perl", "r",
                                "julia", "nix", "elixir", "crystal", "powershell", "tcl"})
_PROSE_REGION_MULTILINE = re.compile(
    _BEFORE_STRINGS + r"""|"(?:\\.|[^"\\])*(?:"|\Z)""" + _AFTER_STRINGS, re.M)
_ESCAPES_AT_END = re.compile(r"(?:\\[nrt])+$")  # "...password X\n": the escape is not the value
# What may end a sentence right after a password, or be the password's last character: a
# prose password is judged without it and redacted with it (ambiguous: a full stop lost costs
# nothing, a password's last character kept is a leak, `<REDACTED_SECRET>!`).
_SENTENCE_END = ".:!?"


class _ProseRegions:
    """Where a code file's comments and string literals are (`_PROSE_REGION`), found once and
    only when asked."""

    def __init__(self, text: str, multiline: bool = False) -> None:
        self.text = text
        self.pattern = _PROSE_REGION_MULTILINE if multiline else _PROSE_REGION
        self.starts: list[int] = []
        self.ends: list[int] = []
        self.read = False

    def around(self, start: int, end: int) -> bool:
        """Whether [start, end) lies inside one comment or string literal."""
        return self.enclosing(start, end) is not None

    def enclosing(self, start: int, end: int) -> int | None:
        """Where the comment or string literal that holds [start, end) begins, or None."""
        if not self.read:
            self.read = True
            self._scan()
        i = bisect_right(self.starts, start) - 1
        inside = i >= 0 and start >= self.starts[i] and end <= self.ends[i]
        return self.starts[i] if inside else None

    def _scan(self) -> None:
        text, at = self.text, 0
        closers: dict[str, list[int]] = {}  # a heredoc tag: where it stands alone on a line
        while (m := self.pattern.search(text, at)) is not None:
            end = m.end()
            if m.group("tag"):  # `<<EOS` ... `EOS`; without its closing line, code
                tag = m.group("tag")
                if tag not in closers:
                    closers[tag] = [c.end() for c in re.finditer(
                        rf"^[ \t]*{tag}[;),]*[ \t]*$", text, re.M)]
                i = bisect_right(closers[tag], end)
                if i == len(closers[tag]):
                    at = end
                    continue
                end = closers[tag][i]
            self.starts.append(m.start())
            self.ends.append(end)
            at = max(end, m.start() + 1)


def prose_regions(text: str, language: str | None) -> _ProseRegions:
    """Where a code file's comments and string literals are, found when first asked."""
    return _ProseRegions(text, multiline=language in _MULTILINE_STRINGS)


def _in_prose(line: str, start: int, m: re.Match[str], end: int, mode: str,
              regions: _ProseRegions | None) -> bool:
    """Whether the sentence `m` found on `line` (at `start` in the text), up to `end`, is prose:
    outside code anywhere; in code only after a comment's opener on its line or inside one
    comment, docstring or string literal (`regions`)."""
    return mode != "code" or bool(COMMENT_BEFORE.search(line, 0, m.start())) or bool(
        regions and regions.around(start + m.start(), end))


def _prose_passwords(line: str, start: int, mode: str,
                     regions: _ProseRegions | None = None) -> list[Span]:
    """A password in a sentence, with or without a verb: "use the password X on the admin
    page", "Use password X.", "the passphrase is X". In code, only in a comment, a docstring
    or a string literal (the sentence, "password" included, inside it: `_in_prose`)."""
    out: list[Span] = []
    lowered = line.lower()
    if "pass" not in lowered and "pw" not in lowered:
        return out
    for m in _PROSE_PASSWORD.finditer(line):
        bare = m.group("op") is None and m.group("connector") is None
        if (_INPUT_TYPE.search(line, 0, m.start())  # `<input type=password name=pw>`
                and not m.group("value").lower().startswith("value=")):  # its default stays
            continue
        span = _password_at(line, start, m, m.start("value"), m.group("value"),
                            8 if bare else 6, mode, regions)
        if span is None:
            continue
        out.append(span)
        # "Passwords X and Y were rotated", "the passwords X, Y": each one of the list
        after = m.end("value")
        while (more := _MORE_PASSWORDS.match(line, after)) is not None:
            span = _password_at(line, start, m, more.start("value"), more.group("value"), 8,
                                mode, regions)
            if span is None:
                break
            out.append(span)
            after = more.end("value")
    return out


def _password_at(line: str, start: int, m: re.Match[str], at: int, raw: str, min_length: int,
                 mode: str, regions: _ProseRegions | None) -> Span | None:
    """The span of the prose password `raw` at `at` on `line` (the sentence `m`), if it is one:
    judged without a sentence's end, a literal's `\\n` or the `\\` of an escaped closing quote
    (a JSON string's `\\"X\\"`); redacted with that end, without the `\\`."""
    raw = unescaped(line, at, raw)
    value = _ESCAPES_AT_END.sub("", raw.rstrip(_SENTENCE_END)).rstrip(_SENTENCE_END)
    if not placed_password(value, min_length=min_length):
        return None
    if not _in_prose(line, start, m, start + at + len(value), mode, regions):
        return None
    tail = raw[len(value):]  # value is a prefix of raw: only its end was taken off
    end = start + at + len(value) + len(tail) - len(tail.lstrip(_SENTENCE_END))
    return (start + at, end, "prose_password", False)


def unescaped(line: str, at: int, raw: str) -> str:
    """`raw` (found at `at` on `line`) without the `\\` that escapes the quote closing it: in
    `"the api key was \\"X\\""` the value is X, its `\\` part of the quote."""
    if raw.endswith("\\") and line[at + len(raw):at + len(raw) + 1] in ("'", '"', "`"):
        return raw[:-1]
    return raw


def _prose_tokens(line: str, start: int, mode: str,
                  regions: _ProseRegions | None = None) -> list[Span]:
    """A random token right after the word in a sentence, no verb between ("Auth token X",
    "use the service token X"); in code only in a comment, a docstring or a string literal."""
    out: list[Span] = []
    lowered = line.lower()
    if "token" not in lowered and "secret" not in lowered and "api" not in lowered:
        return out
    for m in _PROSE_TOKEN.finditer(line):
        value = m.group("value").rstrip(_SENTENCE_END)
        if not random_token(value):
            continue
        at = start + m.start("value")
        if not _in_prose(line, start, m, at + len(value), mode, regions):
            continue
        out.append((at, at + len(value), "prose_token", False))
        # "Tokens X and Y were rotated", "the keys X, Y and Z": each random one of the list
        after = m.end("value")
        while (more := _MORE_TOKENS.match(line, after)) is not None:
            value = more.group("value").rstrip(_SENTENCE_END)
            if not random_token(value):
                break
            out.append((start + more.start("value"), start + more.start("value") + len(value),
                        "prose_token", False))
            after = more.end("value")
    return out


def without_sentence_end(value: str) -> str:
    """A value found in prose without the `.`, `:`, `!` or `?` that may end its sentence: the
    form it may also be written in elsewhere (see `_prose_passwords`)."""
    return value.rstrip(_SENTENCE_END)


def line_findings(line: str, start: int, mode: str,
                  regions: _ProseRegions | None = None) -> list[Span]:
    """The secrets in the sentence on `line` (at `start` in the text): outside code, "the
    token is X" and "API key: X"; anywhere, prose passwords and tokens (`_prose_passwords`,
    `_prose_tokens`), in code only in a comment or a string literal (`regions`)."""
    out: list[Span] = []
    if mode != "code":
        for m in _PROSE.finditer(line):
            value = unescaped(line, m.start("value"), m.group("value"))  # `was \"X\"`
            # judged without the end of its sentence ("how do I send a bearer token with
            # httpx?": `httpx?` looked random for its `?`), redacted with it
            judged = value.rstrip(_SENTENCE_END)
            # "the staging token is X": words with digits are one after `is` or `was`
            # (`placed_password`), not after `with` or `as` ("signed with HmacSHA256")
            if value_ok(judged) and (looks_random(judged) and not names_something(judged)
                                     or m.group("verb").lower() in ("is", "was")
                                     and placed_password(judged)):
                out.append((start + m.start("value"), start + m.start("value") + len(value),
                            "prose_secret", False))
        for m in _PROSE_API_KEY.finditer(line):
            value = m.group("value").rstrip(_SENTENCE_END)
            if value_ok(value) and placed_password(value):
                out.append((start + m.start("value"), start + m.start("value") + len(value),
                            "prose_secret", False))
    out += [(start + m.start(g), start + m.end(g), "prose_secret", False)
            for m in _APP_PASSWORD.finditer(line)
            for g in ("value" if m.group("value") is not None else "dashed",)
            if _in_prose(line, start, m, start + m.end(g), mode, regions)]
    out.extend(_prose_passwords(line, start, mode, regions))
    out.extend(_prose_tokens(line, start, mode, regions))
    return out
