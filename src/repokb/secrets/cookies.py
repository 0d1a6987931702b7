"""A session cookie written out in a request: an HTTP request file's (`.http`, `.rest`, Hurl)
`Cookie: session=X` header, `Set-Cookie: sid=X; Path=/`, curl's `-H 'Cookie: sessionid=X'`,
`-b 'session=X'` / `--cookie 'session=X'`. Whoever holds the value is logged in as its user.

Spans of a cookie's value only, never its name: a cookie named for a session or a credential
(`session`, `sessionid`, `connect.sid`, `PHPSESSID`, `JSESSIONID`, `_gitlab_session`,
`remember_token`, `auth_token`, `jwt`) whose value is 8+ characters, or any cookie whose value
is a random token (`values.random_token`). A placeholder (`{{session}}`, `$SESSION`, `<sid>`)
or a plain setting (`theme=dark`, `Path=/`, `Expires=...`) stays.

And a cookie jar's lines (session 39): the Netscape format curl, wget, yt-dlp and browser
exports write (`cookies.txt`: domain, subdomains, path, secure, expiry, name, value, a tab
between), each value judged as a request's cookie is (`.acme.io TRUE / TRUE 1767225600
sessionid X`; `theme dark` stays).
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

# a cookie jar's line (`#HttpOnly_` marks an HTTP-only cookie's domain)
_JAR_LINE = re.compile(r"""(?m)^(?:#HttpOnly_)?[^\s#][^\t\n]*\t(?:TRUE|FALSE)\t[^\t\n]*\t"""
                       r"""(?:TRUE|FALSE)\t-?\d+\t(?P<name>[^\t\n]{1,256})\t"""
                       r"""(?P<value>[^\t\n]{1,4096})$""")


def find(text: str, keys: KeyLines) -> list[Span]:
    """Spans of the session cookies' values written in text (see the module docstring)."""
    out: list[Span] = []
    if keys.has(("\ttrue\t", "\tfalse\t")):  # (found with every finder's words)
        out += [(m.start("value"), m.end("value"), "session_cookie", False)
                for m in _JAR_LINE.finditer(text) if _secret(m.group("name"), m.group("value"))]
    if not keys.has(("cookie", "-b ")):
        return out
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
