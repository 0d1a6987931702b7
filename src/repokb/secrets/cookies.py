"""A session cookie written out in a request: an HTTP request file's (`.http`, `.rest`, Hurl)
`Cookie: session=X` header, `Set-Cookie: sid=X; Path=/`, curl's `-H 'Cookie: sessionid=X'`,
`-b 'session=X'` / `--cookie 'session=X'`. Whoever holds the value is logged in as its user.

Spans of a cookie's value only, never its name: a cookie named for a session or a credential
(`session`, `sessionid`, `connect.sid`, `PHPSESSID`, `JSESSIONID`, `_gitlab_session`,
`remember_token`, `auth_token`, `jwt`) whose value is 8+ characters, or any cookie whose value
is a random token (`values.random_token`). A placeholder (`{{session}}`, `$SESSION`, `<sid>`)
or a plain setting (`theme=dark`, `Path=/`, `Expires=...`) stays.
"""

from __future__ import annotations

import re

from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import is_placeholder
from repokb.secrets.values import random_token

Span = tuple[int, int, str, bool]

# the cookies' part of a line: a `Cookie:` / `Set-Cookie:` header's value, or curl's `-b` /
# `--cookie` argument, up to the line's end or a closing quote
_COOKIES = re.compile(
    r"""(?:\b(?:Set-)?Cookie[ \t]*:|(?:^|[ \t])(?:-b|--cookie)[ \t]+["']?)(?P<pairs>[^"'\n]*)""",
    re.I)
_PAIR = re.compile(r"""(?:^|;)[ \t]*(?P<name>[^\s=;,]{1,80})=(?P<value>[^;\s"']{1,4096})""")
# a cookie's name that says it holds a session or a credential
_SESSION_NAME = re.compile(
    r"""(?:^|[._\-])(?:sess(?:ion)?(?:id)?|sid|auth(?:_?token)?|token|jwt|remember(?:_?token|"""
    r"""_me)?|access_?token|refresh_?token)$|sess(?:ion)?id$|^connect\.sid$""", re.I)


def find(text: str, keys: KeyLines) -> list[Span]:
    """Spans of the session cookies' values written in text (see the module docstring)."""
    if not keys.has(("cookie", "-b ")):
        return []
    out: list[Span] = []
    for start, line in keys.line_texts(("cookie", "-b ")):
        for m in _COOKIES.finditer(line):
            at = m.start("pairs")
            for pair in _PAIR.finditer(m.group("pairs")):
                if _secret(pair.group("name"), pair.group("value")):
                    out.append((start + at + pair.start("value"), start + at + pair.end("value"),
                                "session_cookie", False))
    return out


def session_cookie(name: str, value: str) -> bool:
    """A cookie named for a session or a credential holding a value (a HAR file's `{"name":
    "sessionid", "value": "X"}`, session 38)."""
    return bool(_SESSION_NAME.search(name)) and _secret(name, value)


def _secret(name: str, value: str) -> bool:
    if is_placeholder(value) or value.startswith(("$", "{{", "<", "%")) or "{{" in value:
        return False
    if _SESSION_NAME.search(name):
        return len(value) >= 8 and not value.isalpha()
    return random_token(value)
