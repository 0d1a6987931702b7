"""Passwords listed by user name in YAML, where the key is a user's name, not a secret's:

- a map of users under an authentication key: `auth:` / `users:` / `admin: X` (Traefik's,
  Prometheus' exporters', Helm charts' `basic_auth: users:`, `authentication: accounts:`):
  each user name's scalar value is the user's password;
- session 38: a list of `user:X` items in such a map (Traefik's `basicAuth: users: -
  "admin:X"`) and the `user:X,user2:Y` of a `basicauth.users` label (Traefik's Docker labels,
  in any file): Traefik wants a hash there, but a plaintext written by mistake is a password;
- cloud-init's `chpasswd:` list, `list: |` then `root:X` lines (or `- root:X` items): each
  line's part after the user's name, unless it is `RANDOM` (cloud-init makes one up);
- session 40: Apache Shiro's INI `[users]` section (Zeppelin's `shiro.ini`): `admin = X, role1`.
- session 41: an INI section named for secrets (P.SECRET_SECTIONS: MobaXterm's `[Passwords]`,
  `root@host=X`): every value in it.

Spans of the value only. A value is judged as a YAML scalar under a secret's key is
(`shapes.secret_scalar`: 8+ characters, no space, no `${VAR}`, random-looking or high in
entropy): a user's role (`admin: readonly`), an email or a nested mapping stays. A `users:` map
whose parent key names no authentication (`team: users: alice: X`) is left alone: there a
user's value is anything.
"""

from __future__ import annotations

import re

from repokb.rules import secret_patterns as P
from repokb.secrets.scan import is_placeholder, key_words
from repokb.secrets.shapes import secret_scalar

Span = tuple[int, int, str, bool]

# a key opening a block (nothing after its colon), at its indent
_BLOCK_KEY = re.compile(r"""^(?P<i>[ \t]*)(?:- )?["']?(?P<key>[\w.\-]{1,80})["']?[ \t]*:[ \t]*"""
                        r"""(?:#[^\n]*)?$""", re.M)
_ANY_KEY = re.compile(r"""^(?P<i>[ \t]*)(?:- )?["']?(?P<key>[\w.\-]{1,80})["']?[ \t]*:""")
_CHILD = re.compile(r"""^(?P<i>[ \t]+)(?P<kq>["']?)(?P<key>[\w.@\-]{1,80})(?P=kq)[ \t]*:[ \t]+"""
                    r"""(?P<q>["']?)(?P<value>[^\s#"'][^\s"']*)(?P=q)[ \t]*(?:#[^\n]*)?$""")
# the words of a map of users to their passwords, and of the key above it
_USER_MAPS = frozenset({"users", "accounts", "logins"})
_AUTH_WORDS = frozenset({"auth", "authentication", "basicauth", "htpasswd", "login", "logins"})
# cloud-init's `root:X` line (in `list: |` or a `- ` item)
_CHPASSWD_LINE = re.compile(r"""^[ \t]*(?:- )?["']?(?P<user>[\w.\-]{1,64}):"""
                            r"""(?P<value>[^\s"']{1,400})["']?[ \t]*$""")


# a Traefik label's users (`traefik.http.middlewares.NAME.basicauth.users=u:X,u2:Y`)
_LABEL_USERS = re.compile(r"""basicauth\.users[ \t]*[=:][ \t]*["']?(?P<list>[^\s"']+)""", re.I)
_LABEL_USER = re.compile(r"(?P<user>[\w.@\-]{1,64}):(?P<value>[^,]{1,400})")


def find(text: str, language: str | None) -> list[Span]:
    """Spans of the passwords YAML lists by user name (see the module docstring)."""
    out: list[Span] = []
    if "auth.users" in text or "Auth.users" in text:
        out += _label_users(text)
    if language == "ini" and "[users]" in text:
        out += _ini_users(text)
    if language == "ini":
        out += _secret_sections(text)
    if language != "yaml" or ":" not in text:
        return out
    low = text.lower()
    if any(w + ":" in low for w in _USER_MAPS):
        lines = text.split("\n")
        starts = [0]
        for line in lines[:-1]:
            starts.append(starts[-1] + len(line) + 1)
        for n, line in enumerate(lines):
            m = _BLOCK_KEY.match(line)
            if m and m.group("key").lower() in _USER_MAPS and _under_auth(lines, n, m):
                out += _children(lines, starts, n, len(m.group("i")))
    if "chpasswd:" in low:
        out += _chpasswd(text)
    return out


# an INI `[users]` section up to the next section, and its `name = X[, role ...]` lines
_INI_USERS = re.compile(r"^\[users\][ \t]*\n(?P<body>(?:(?!\[)[^\n]*\n?)*)", re.M)
_INI_USER = re.compile(r"^[ \t]*[\w.@\-]{1,80}[ \t]*=[ \t]*(?P<v>[^,\s]{1,256})", re.M)


_INI_SECTION = re.compile(r"^\[(?P<name>[A-Za-z]+)\][ \t]*\n(?P<body>(?:(?!\[)[^\n]*\n?)*)", re.M)
_INI_VALUE = re.compile(r"^[ \t]*[^\s=;#][^=\n]{0,200}?[ \t]*=[ \t]*(?P<v>\S[^\n]{0,400}?)[ \t]*$",
                        re.M)


def _secret_sections(text: str) -> list[Span]:
    """Every value of an INI section named for secrets (P.SECRET_SECTIONS)."""
    out: list[Span] = []
    for section in _INI_SECTION.finditer(text):
        if section.group("name").lower() not in P.SECRET_SECTIONS:
            continue
        at = section.start("body")
        out += [(at + m.start("v"), at + m.end("v"), "user_password", False)
                for m in _INI_VALUE.finditer(section.group("body")) if secret_scalar(m.group("v"))]
    return out


def _ini_users(text: str) -> list[Span]:
    """Apache Shiro's `shiro.ini` (Zeppelin's, Ranger's): `[users]` then `admin = X, role1`,
    each user's password before the roles."""
    out: list[Span] = []
    for section in _INI_USERS.finditer(text):
        at = section.start("body")
        out += [(at + m.start("v"), at + m.end("v"), "user_password", False)
                for m in _INI_USER.finditer(section.group("body")) if secret_scalar(m.group("v"))]
    return out


def _under_auth(lines: list[str], n: int, m: re.Match[str]) -> bool:
    """Whether the nearest key above line n, less indented, names authentication."""
    indent = len(m.group("i"))
    for line in reversed(lines[:n]):
        parent = _ANY_KEY.match(line)
        if parent and len(parent.group("i")) < indent:
            words = key_words(parent.group("key"))
            return bool(words) and ("".join(words) in _AUTH_WORDS or words[-1] in _AUTH_WORDS)
    return False


def _children(lines: list[str], starts: list[int], n: int, indent: int) -> list[Span]:
    """The scalar values of the map below line n (its own keys, at its first child's indent)."""
    out: list[Span] = []
    child_indent = None
    for k in range(n + 1, len(lines)):
        line = lines[k]
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        here = len(line) - len(line.lstrip(" \t"))
        if here <= indent:
            break
        child_indent = here if child_indent is None else child_indent
        m = _CHILD.match(line) or _CHPASSWD_LINE.match(line)
        if here != child_indent or m is None or "user" in m.groupdict() and not line.lstrip(
                " \t").startswith("- "):
            continue
        value = m.group("value")
        if secret_scalar(value) and not is_placeholder(value):
            out.append((starts[k] + m.start("value"), starts[k] + m.end("value"),
                        "user_password", False))
    return out


def _label_users(text: str) -> list[Span]:
    """The passwords of a `basicauth.users` label's `user:X` list."""
    out: list[Span] = []
    for m in _LABEL_USERS.finditer(text):
        for pair in _LABEL_USER.finditer(m.group("list")):
            value = pair.group("value")
            if not is_placeholder(value) and len(value) >= 6:
                at = m.start("list")
                out.append((at + pair.start("value"), at + pair.end("value"), "user_password",
                            False))
    return out


def _chpasswd(text: str) -> list[Span]:
    """cloud-init's `chpasswd:` block's `user:password` lines."""
    out: list[Span] = []
    for m in _BLOCK_KEY.finditer(text):
        if m.group("key") != "chpasswd":
            continue
        indent = len(m.group("i"))
        at = m.end() + 1
        while at < len(text):
            end = text.find("\n", at)
            end = len(text) if end == -1 else end
            line = text[at:end]
            if line.strip() and len(line) - len(line.lstrip(" \t")) <= indent:
                break
            pair = _CHPASSWD_LINE.match(line)
            if pair and pair.group("value") not in ("RANDOM", "R") \
                    and not is_placeholder(pair.group("value")) and pair.group("user") != "list":
                out.append((at + pair.start("value"), at + pair.end("value"),
                            "user_password", False))
            at = end + 1
    return out
