"""Secrets written in Lua's and nginx's (OpenResty's) own forms, where no `key = "value"` on
one line shows them.

Found here (spans of the value only, never its name):
- a Lua long string assigned to a secret-named name (`local signing_secret = [[X]]`,
  `[==[X]==]`, over lines: `M.webhook_secret = [[\\nX\\n]]`), its content one token;
- a tuple assignment's values, each paired with its name (`local user, pass = "admin", "X"`,
  Python's `user, password = "admin", "X"`, Go's `user, pass := "admin", "X"`);
- a string a formatter put on the line below its `=` (StyLua's and Prettier's `password =\n
  "X"` when the line would be too long);
- a Basic or Bearer credential glued to its scheme by concatenation (`"Basic " .. "X"`,
  `'Bearer ' + 'X'`, PHP's `'Basic ' . 'X'`, R's `paste("Bearer", "X")`, `paste0("Bearer ",
  "X")`, glue's `glue('Bearer {"X"}')`);
- an nginx directive that sets a secret-named header, parameter or variable (`proxy_set_header
  X-Api-Key X;`, `fastcgi_param DB_PASSWORD X;`, `set $api_secret X;`), or the
  `Authorization` header to a scheme and its credential (`proxy_set_header Authorization
  "Basic X";`).

The name must be a secret's (`scan.is_secret_key`); a value is judged as a string literal of
code is (`scan.is_secret_value`: no bare word, no `$variable`, no path). Each form is tried only
in a text holding its cheap anchor, and only on the lines around it where a form opens on a
name (a Python file holds `=\n` in every reST underline, `_header` and `token` often).
"""

from __future__ import annotations

import re

from repokb.rules.secret_patterns import KEY_ANCHORS, TUPLE_ASSIGNMENT
from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import is_secret_key, is_secret_value, key_words
from repokb.secrets.values import password_like, value_ok

Span = tuple[int, int, str, bool]

_KEY = r"[A-Za-z_][\w.]{0,80}"
# `name = [[X]]`, `name = [==[X]==]`: a Lua long string (a first newline is not part of it)
_LONG_STRING = re.compile(
    rf"""(?P<key>{_KEY})[ \t]*(?:<\w+>[ \t]*)?=[ \t]*\[(?P<eq>=*)\[\n?"""
    r"""(?P<value>[^\]]{1,400}?)\](?P=eq)\]""")
# `os.getenv("X") or [[v]]`: a long string as an environment lookup's fallback, named by the
# variable looked up or by the name it is assigned to (`local jwt_secret = os.getenv("J") or ..`)
_LONG_FALLBACK = re.compile(
    r"""\bgetenv[ \t]*\([ \t]*["'](?P<env>\w{1,80})["'][ \t]*\)[ \t]*or[ \t]*"""
    r"""\[(?P<eq>=*)\[\n?(?P<value>[^\]]{1,400}?)\](?P=eq)\]""")
_NAME_ASSIGNED = re.compile(rf"[ \t]*(?:local[ \t]+)?(?P<key>{_KEY})[ \t]*(?:<\w+>[ \t]*)?=")
# `auth = "v"` in a table (lua-resty-redis-cluster's and Kong's `auth` option, the Redis
# password): `auth` names a scheme as often (`auth = "basic"`), so the value must look like a
# password (`values.password_like`)
_AUTH_FIELD = re.compile(
    r"""(?<![\w.])(?:\[["'])?(?P<key>[A-Za-z_]\w{0,40})(?:["']\])?[ \t]*=[ \t]*"""
    r"""(?P<q>["'])(?P<value>[^"'\s]{6,128})(?P=q)""")
_TUPLE_NAME = re.compile(r"[A-Za-z_][\w.]*")
_TUPLE_VALUE = re.compile(r"""[ \t]*(?P<q>["'])(?P<value>[^"'\n]{1,400})(?P=q)[ \t]*""")
_OUTSIDE_QUOTES = re.compile(r""",(?=(?:[^"']*["'][^"']*["'])*[^"']*$)""")
# `name =` ending its line, the string alone on the next
_VALUE_BELOW = re.compile(
    rf"""(?P<key>{_KEY})["'\]]*[ \t]*=[ \t]*\n[ \t]*(?P<q>["'`])"""
    r"""(?P<value>[^"'`\n]{1,400})(?P=q)[ \t]*[,;)}]?[ \t]*$""", re.M)
# `"Basic " .. "X"` (Lua), `"Basic " + "X"`, `'Basic ' . 'X'` (PHP)
_GLUED_SCHEME = re.compile(
    r"""(?P<sq>["'`])(?:Basic|basic|Bearer|bearer|Token|token)[ \t]*(?P=sq)[ \t]*"""
    r"""(?:\.\.|\+|\.)[ \t]*(?P<q>["'`])(?P<value>[A-Za-z0-9+/=._~\-]{12,})(?P=q)""")
# R's `paste("Bearer", "X")`, `paste0("Bearer ", "X")` (a comma glues them) and glue's
# `glue('Bearer {"X"}')` (a literal inside the braces); `paste("Bearer", token)` is a reference
_PASTED_SCHEME = re.compile(
    r"""\bpaste0?[ \t]*\([ \t]*(?P<sq>["'])(?:Basic|Bearer|bearer|Token)[ \t]*(?P=sq)[ \t]*,"""
    r"""[ \t]*(?P<q>["'])(?P<value>[A-Za-z0-9+/=._~\-]{12,})(?P=q)"""
    r"""|(?:Basic|Bearer|bearer|Token)[ \t]+\{[ \t]*(?P<gq>["'])"""
    r"""(?P<gvalue>[A-Za-z0-9+/=._~\-]{12,})(?P=gq)[ \t]*\}""")
# nginx: a header, a FastCGI/uwsgi/SCGI parameter or a variable (`set $name v;`) set to a literal
_NGINX_DIRECTIVE = re.compile(
    r"""^[ \t]*(?:proxy_set_header|grpc_set_header|add_header|add_trailer|fastcgi_param|"""
    r"""uwsgi_param|scgi_param|set[ \t]+\$)[ \t]*(?P<key>[\w\-]{1,80})[ \t]+(?P<q>["']?)"""
    r"""(?P<value>[^\s;"'$][^\s;"']{0,400})(?P=q)[ \t]*(?:if_not_empty[ \t]*)?;""", re.M)
# what a text must hold for each form to be tried (case as the form's pattern reads it), and
# the lines the form is then tried on: a form opening on a name is otherwise tried at every word
# a header set to a scheme and its credential, quoted: `proxy_set_header Authorization "Basic X";`
_NGINX_SCHEME = re.compile(
    r"""^[ \t]*(?:proxy_set_header|grpc_set_header|add_header|fastcgi_param|uwsgi_param"""
    r"""|scgi_param)[ \t]+(?P<key>[\w\-]{1,80})[ \t]+(?P<q>["'])(?:Basic|Bearer|Token|Digest)"""
    r"""[ \t]+(?P<value>[A-Za-z0-9+/=._~\-]{8,400})(?P=q)[ \t]*;""", re.M)
_NGINX_ANCHORS = ("_header", "_param", "add_trailer", "set $")
_NGINX_LINES = ("_header", "_param", "add_trailer", "$")  # `set\t$x` too, in a gated text
_GLUED_LINES = ("asic", "earer", "oken")
_VALUE_BELOW_AT = re.compile(r"=[ \t]*\n")  # `name =` ending its line (a literal first: fast)


def find(text: str, language: str | None = None, keys: KeyLines | None = None) -> list[Span]:
    """Spans of secret values in the forms above (see the module docstring); long strings in
    Lua only (`[[` is a test in shell and a list in TOML)."""
    out: list[Span] = []
    keys = KeyLines(text) if keys is None else keys  # find_all's: found once for all finders
    if language == "lua" and ("[[" in text or "[=" in text):
        for m in _LONG_STRING.finditer(text):
            value = m.group("value").strip()
            if (is_secret_key(m.group("key")) and not any(c.isspace() for c in value)
                    and is_secret_value(value, m.group("key"), literal_words=False)):
                at = m.start("value") + m.group("value").index(value)
                out.append((at, at + len(value), "long_string", False))
    if language == "lua" and "getenv" in text:
        for m in _LONG_FALLBACK.finditer(text):
            value = m.group("value").strip()
            line_start = text.rfind("\n", 0, m.start()) + 1
            named = _NAME_ASSIGNED.match(text, line_start, m.start())
            names = [m.group("env")] + ([named.group("key")] if named else [])
            if (any(is_secret_key(k) for k in names) and not any(c.isspace() for c in value)
                    and value_ok(value)):
                at = m.start("value") + m.group("value").index(value)
                out.append((at, at + len(value), "env_default", False))
    if language == "lua" and "auth" in text:
        for start, end in keys.lines(("auth",)):
            for m in _AUTH_FIELD.finditer(text, start, end):
                if key_words(m.group("key"))[-1:] == ["auth"] and password_like(
                        m.group("value"), min_length=6):
                    out.append((m.start("value"), m.end("value"), "secret_assignment", False))
    if "=\n" in text or "= \n" in text:
        for start, end in _value_below_lines(text):
            for m in _VALUE_BELOW.finditer(text, start, end):
                if (is_secret_key(m.group("key")) and is_secret_value(
                        m.group("value"), m.group("key"), literal_words=False)):
                    out.append((m.start("value"), m.end("value"), "value_below", False))
    if "," in text and "=" in text:
        out += _tuples(text, keys)
    for start, end in keys.lines(_GLUED_LINES, cased=True):
        for m in _GLUED_SCHEME.finditer(text, start, end):
            value = m.group("value")
            if any(c.isdigit() for c in value) and any(c.isalpha() for c in value):
                out.append((m.start("value"), m.end("value"), "authorization_header", True))
        for m in _PASTED_SCHEME.finditer(text, start, end):
            group = "value" if m.group("value") is not None else "gvalue"
            value = m.group(group)
            if any(c.isdigit() for c in value) and any(c.isalpha() for c in value):
                out.append((m.start(group), m.end(group), "authorization_header", True))
    if keys.has(_NGINX_ANCHORS, cased=True):
        for start, end in keys.lines(_NGINX_LINES, cased=True):
            for m in _NGINX_DIRECTIVE.finditer(text, start, end):
                if (is_secret_key(m.group("key")) and is_secret_value(
                        m.group("value"), m.group("key"), literal_words=False)):
                    out.append((m.start("value"), m.end("value"), "nginx_directive", False))
            for m in _NGINX_SCHEME.finditer(text, start, end):
                if m.group("key").lower() in ("authorization", "proxy-authorization") or (
                        is_secret_key(m.group("key"))):
                    out.append((m.start("value"), m.end("value"), "nginx_directive", False))
    return out


def _value_below_lines(text: str) -> list[tuple[int, int]]:
    """(start, end) of each line ending in `name =` with the line below it, where _VALUE_BELOW
    may match (it cannot span more: a name, `=`, a newline, then the value's line)."""
    out: list[tuple[int, int]] = []
    for hit in _VALUE_BELOW_AT.finditer(text):
        if text[hit.start() - 1] == "=":  # a `====` underline (reST's, Markdown's)
            continue
        below = text.find("\n", hit.end())
        out.append((text.rfind("\n", 0, hit.start()) + 1, len(text) if below == -1 else below))
    return out


def _tuples(text: str, keys: KeyLines) -> list[Span]:
    """Each value of `a, b = "x", "y"` whose name (same place) is a secret's, on the lines
    holding a key word."""
    out: list[Span] = []
    for start, _ in keys.lines(KEY_ANCHORS):
        m = TUPLE_ASSIGNMENT.match(text, start)
        if m is None:
            continue
        names = _TUPLE_NAME.findall(re.sub(r"<\w+>", "", m.group("keys")))
        at = m.start("values")
        for i, part in enumerate(_OUTSIDE_QUOTES.split(m.group("values"))):
            literal = _TUPLE_VALUE.match(part)
            if (literal and i < len(names) and is_secret_key(names[i])
                    and is_secret_value(literal.group("value"), names[i], literal_words=False)):
                out.append((at + literal.start("value"), at + literal.end("value"),
                            "tuple_assignment", False))
            at += len(part) + 1
    return out
