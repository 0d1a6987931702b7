"""A random literal quoted in a comment or a docstring that a secret word before it names.

`# the client_secret default was "Xq9..."`, `// old api key: 'Pq8...'`, `\"\"\"The token used to
be "Hq7..." before rotation.\"\"\"`: prose, with words between the secret's name and its quoted
value, which neither an assignment (`key: "X"`) nor a prose finder ("token X", "the password
is X") reads, in any language. The literal is redacted, the prose around it stays.

Only a random token (`values.random_token`: 16+ characters, letters and digits mixed, high in
entropy, naming nothing) counts, so an ordinary quoted word (`"bearer"`, `"hello world"`,
`"PBKDF2PasswordHasher"`, `OAuth2PasswordRequestForm`, `SecureRandom.hex(20)`: `_a_name`)
stays; and only after a secret word (`password`, `secret`, `token`, `client_secret`, `api key`:
scan's key words and pairs, not the verb `pass`) at most `_NEAR` characters before it, on its
line or the line above ("The API key for staging:\n  "X""). In code, only inside a comment or
a docstring that opens before the literal (a string literal of code, `cache_key = f("...")`,
is code; Erlang's and MATLAB's `%`, Fortran's `!`, OCaml's `(*`, Haskell's `{-` open one
too); in a config file, after a comment's opener; in documentation, anywhere.
"""

from __future__ import annotations

import re

from repokb.rules import secret_patterns as P
from repokb.secrets.keylines import KeyLines
from repokb.secrets.prose import prose_regions
from repokb.secrets.scan import COMMENT_BEFORE, key_words, prose_names_a_secret
from repokb.secrets.values import random_token

Span = tuple[int, int, str, bool]

# (its quotes maybe escaped: a JSON string's `"note": "the api key was \\"X\\""`)
_QUOTED = re.compile(r"""(?P<esc>\\?)(?P<q>["'`])(?P<value>[A-Za-z0-9_\-+/=.~]{16,200})"""
                     r"""(?P=esc)(?P=q)""")
_NEAR = 120  # characters between the secret word and the literal's opening quote, at most
# a bare `key` just before the literal ("we pass the key as `[]byte("X")`", "the HMAC key
# `X`"): a random token given as a key is one, though `key` alone names no secret elsewhere
_KEY_BEFORE = re.compile(r"\bkeys?(?:\s+(?:is|was|as|to|of))?\s*[:=]?\s*`?(?:\[\]byte\()?$",
                         re.I)
_NEAR_KEY = 40


def find(text: str, mode: str, language: str | None, keys: KeyLines) -> list[Span]:
    """Spans of the random literals a comment, a docstring or documentation names a secret."""
    out: list[Span] = []
    regions = None
    # a key word's line and the line below it: "The API key for staging:\n    "X""
    for start, end in keys.lines(P.KEY_ANCHORS, below=1):
        line = text[start:end]
        if '"' not in line and "'" not in line and "`" not in line:
            continue
        for m in _QUOTED.finditer(line):
            if not random_token(m.group("value")) or _a_name(m.group("value")):
                continue
            quote = start + m.start()
            if mode == "code":
                regions = regions or prose_regions(text, language)
                opened = regions.enclosing(quote, start + m.end())
                if (opened is None or opened >= quote) and not _other_comment(
                        text, quote, language):
                    continue  # code, or a string literal of its own
            elif mode == "config":
                own = line.rfind("\n", 0, m.start()) + 1
                if COMMENT_BEFORE.search(line, own, m.start()) is None and not m.group("esc"):
                    continue  # a value: the assignment finders judge it (an escaped quote
                    # stands inside a string: prose, a JSON file's note)
            low = max(start, quote - _NEAR)
            if (prose_names_a_secret(key_words(text[low:quote]))
                    or _KEY_BEFORE.search(text, max(start, quote - _NEAR_KEY), quote)):
                out.append((start + m.start("value"), start + m.end("value"), "quoted_secret",
                            False))
    return out


# The comment openers `prose`' regions do not know, of the languages that use them: a quoted
# literal after one on its line is in a comment (OCaml's and F#'s `(* *)`, Haskell's `{- -}`
# opened on the line above too)
_OTHER_COMMENTS = {
    "erlang": re.compile(r"%"), "matlab": re.compile(r"%"), "fortran": re.compile(r"!"),
    "ocaml": re.compile(r"\(\*"), "fsharp": re.compile(r"\(\*"), "haskell": re.compile(r"\{-"),
}


def _other_comment(text: str, quote: int, language: str | None) -> bool:
    """Whether the literal opening at `quote` follows a comment opener of `language` outside a
    string, on its line or the line above (`_OTHER_COMMENTS`)."""
    opener = _OTHER_COMMENTS.get(language or "")
    if opener is None:
        return False
    line_start = text.rfind("\n", 0, quote) + 1
    above = text.rfind("\n", 0, line_start - 1) + 1 if line_start else 0
    for lo, hi in ((line_start, quote), (above, line_start)):
        for m in opener.finditer(text, lo, hi):
            if text.count('"', lo, m.start()) % 2 == 0:
                return True
    return False


def _a_name(value: str) -> bool:
    """A class's or a function's name, not a token: it holds a secret word itself
    (`OAuth2PasswordRequestForm`, `BCryptSHA256PasswordHasher`), or three words of 4+ letters."""
    words = key_words(value)
    return (any(w in P.SECRET_KEY_WORDS or w in ("key", "auth") for w in words)
            or sum(len(w) >= 4 and w.isalpha() for w in words) >= 3)
