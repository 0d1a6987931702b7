"""Credential files' own lines, in the file or pasted into a document (an attacker's pass found
each stored as written; the files themselves, where their names say so, are blocked):

- a PuTTY private key (`PuTTY-User-Key-File-3: ssh-rsa` ... `Private-Lines: N` then N lines
  of base64): the N lines; the header, the comment and the public lines stay readable;
- pgbouncer's `auth_file` (`userlist.txt`): `"user" "md5<32 hex>"`, `"user"
  "SCRAM-SHA-256$<iterations>:<salt>$<keys>"` wherever they stand, and `"user" "X"` in plain
  text where the text names pgbouncer's file (`userlist`, `auth_file`, `pgbouncer`), or is
  nothing but such lines, and X looks like a password (one word: `"alice" "Alice Smith"` is
  a name);
- an FTP script's `user NAME X` line, in a text that opens a host (`open HOST`);
- session 33: a password file's `NAME:HASH` line (`/etc/shadow`'s `root:$6$salt$hash:19000:...`,
  an htpasswd's `admin:$apr1$...` or `admin:{SHA}...`, Traefik's `basicAuth` users): the crypt
  hash, crackable offline; a hash with no user before it (a hasher's test vector) stays;
- `.npmrc`'s `_auth=BASE64` (npm's legacy `user:password` in base64, also scoped
  `//registry/:_auth=`), when the value decodes to `user:password`;
- session 38: a plain text file that is nothing but a password list, each line `user:X`
  (Mosquitto's `password_file` before `mosquitto_passwd -U`, a relay map's login), or an
  OpenVPN `auth-user-pass` file (two lines: a user's name, then X): X must look like a password
  (`values.password_like`, a command line's place); a `key:value` list of names stays;
- a minisign / signify secret key: the base64 line under `untrusted comment: .. secret key`;
- session 40: a JAAS login module's `user_NAME="X"` options (Kafka's and ZooKeeper's users);
  the token `consul acl bootstrap`, `nomad acl bootstrap` and Vault's AppRole print
  (`SecretID:  X`, `Secret ID    = X`, `secret_id  X`; a UUID: its `AccessorID` stays).
"""

from __future__ import annotations

import re

from repokb.secrets.keylines import KeyLines
from repokb.secrets.values import base64_text, password_like, value_ok

Span = tuple[int, int, str, bool]

_PUTTY = re.compile(r"PuTTY-User-Key-File-\d+:[^\n]*\n")
_PRIVATE_LINES = re.compile(r"^[ \t>]*Private-Lines:[ \t]*(?P<n>\d{1,3})[ \t]*$", re.M)
_BASE64_LINE = re.compile(r"[ \t>]*(?P<v>[A-Za-z0-9+/=]{8,})[ \t]*(?:\n|$)")

_USERLIST = re.compile(r"""^[ \t]*"(?P<user>[^"\n]{1,128})"[ \t]+"(?P<v>[^"\n]{1,512})"[ \t]*$""",
                       re.M)
# pgbouncer's stored password forms: an MD5 hash of password and user, a SCRAM secret
_HASHED = re.compile(r"md5[0-9a-f]{32}|SCRAM-SHA-256\$\d+:[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+:"
                     r"[A-Za-z0-9+/=]+")
_NAMES_USERLIST = ("userlist", "auth_file", "pgbouncer")
# a line of text that is no part of a userlist: blank, a comment (`;`, `#`), a Markdown fence
_OTHER = re.compile(r"[ \t]*(?:[;#].*|```.*|~~~.*)?")

# a password list's line (`user:X`), a two-line auth file's user line; comments and blanks
_LIST_LINE = re.compile(r"(?P<user>[\w.@\-]{1,64}):(?P<v>[^\s:]{6,256})")
_USER_LINE = re.compile(r"[\w.@\-]{1,64}")
_LIST_OTHER = re.compile(r"[ \t]*(?:#.*)?")
_SIGNIFY = re.compile(r"^untrusted comment:[^\n]*secret key[ \t]*\n(?P<v>[A-Za-z0-9+/]{40,}={0,2})"
                      r"[ \t]*$", re.M)

_FTP_OPEN = re.compile(r"^[ \t]*open[ \t]+\S+", re.M)
_FTP_USER = re.compile(r"^[ \t]*user[ \t]+(?P<user>[\w.@\-]+)[ \t]+(?P<v>[^\s=(]+)[ \t]*$", re.M)

# a user, `:`, then a crypt(3) hash (`$1$`, `$2b$`, `$5$`, `$6$`, `$y$`, Apache's `$apr1$`) or
# an htpasswd's `{SHA}` base64
# (found by its `:`, a literal the regex engine finds fast; the user is read back from there)
# (session 40: or YAML's `user: HASH`, Prometheus' and Alertmanager's `basic_auth_users:`)
_CRYPT_HASH = re.compile(r""":[ ]?(?P<v>\$(?:1|2[abxy]|5|6|7|y|gy|apr1)\$[./A-Za-z0-9$=,]{16,256}"""
                         r"""|\{SHA\}[A-Za-z0-9+/]{27}=)""")
_USER_BEFORE = re.compile(r"""(?:^|[\s"'`\-])[\w.\-@]{1,64}\Z""")
# session 40: a JAAS login module's users (Kafka's `PlainLoginModule`, ZooKeeper's
# `DigestLoginModule`: `user_alice="X"`, one a line, in a text naming the module), each X the
# password of the user its option names
_JAAS_USER = re.compile(r"""^[ \t]*user_[\w.\-]{1,64}[ \t]*=[ \t]*"(?P<v>[^"\n]{1,256})"[ \t]*;?""",
                        re.M)
# session 40: the token printed by `consul acl bootstrap` (`SecretID:  X`), `nomad acl
# bootstrap` (`Secret ID    = X`) and Vault's `write auth/approle/.../secret-id` (`secret_id  X`),
# pasted into a README or a runbook: a UUID on its own line after the name
_SECRET_ID_LINE = re.compile(r"^[ \t>]*(?:Secret[ _]?ID|secret_id)(?:[ \t]*[:=][ \t]*|[ \t]+)"
                             r"(?P<v>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"
                             r"[ \t]*$", re.M | re.I)
# (opened with its literal `_auth`, what stands before it checked after)
_NPM_AUTH = re.compile(r"""_auth[ \t]*=[ \t]*["']?(?P<v>[A-Za-z0-9+/]{8,512}={0,2})["']?[ \t]*$""",
                       re.M)


def find(text: str, keys: KeyLines | None = None, language: str | None = None) -> list[Span]:
    """Spans of the credential lines of `text` (see the module docstring)."""
    keys = keys or KeyLines(text)
    out: list[Span] = []
    if language == "text" and len(text) < 4096:
        out += _password_list(text)
    if "untrusted comment:" in text:
        out += [(m.start("v"), m.end("v"), "signify_secret_key", True)
                for m in _SIGNIFY.finditer(text)]
    if "PuTTY-User-Key-File-" in text:
        out += _putty(text)
    if '"' in text:
        out += _userlist(text, keys)
    if keys.has(("user ",)) and "open " in text and _FTP_OPEN.search(text):
        out += [(m.start("v"), m.end("v"), "ftp_user", False) for m in _FTP_USER.finditer(text)
                if password_like(m.group("v"), min_length=6, glued_words=True)]
    if ":$" in text or ":{SHA}" in text or keys.has((": $",)):
        out += [(m.start("v"), m.end("v"), "password_hash_line", True)
                for m in _CRYPT_HASH.finditer(text)
                if _USER_BEFORE.search(text, max(0, m.start() - 65), m.start())]
    if keys.has(("loginmodule",)):
        out += [(m.start("v"), m.end("v"), "jaas_user", False) for m in _JAAS_USER.finditer(text)
                if value_ok(m.group("v"))]
    if keys.has(("secretid", "secret id", "secret_id")):
        out += [(m.start("v"), m.end("v"), "secret_id_line", True)
                for m in _SECRET_ID_LINE.finditer(text)]
    if "_auth" in text:
        out += [(m.start("v"), m.end("v"), "npmrc_auth", True) for m in _NPM_AUTH.finditer(text)
                if text[m.start() - 1:m.start()] in ("", " ", "\t", "\n", ":")
                and _user_password(m.group("v"))]
    return out


def _password_list(text: str) -> list[Span]:
    """A plain text that is only `user:X` lines, or only a user's line and X's (see the module
    docstring): the X."""
    lines: list[tuple[int, str]] = []
    at = 0
    for line in text.split("\n"):
        if not _LIST_OTHER.fullmatch(line):
            lines.append((at, line.rstrip("\r")))
        at += len(line) + 1
    pairs = [(start, _LIST_LINE.fullmatch(line)) for start, line in lines]
    if lines and all(m for _, m in pairs):
        found = [(start + m.start("v"), start + m.end("v")) for start, m in pairs if m
                 and password_like(m.group("v"), 6, glued_words=True)]
        return [(s, e, "password_list", False) for s, e in found] if len(found) == len(
            pairs) else []
    if len(lines) == 2 and _USER_LINE.fullmatch(lines[0][1]) and " " not in lines[1][1] \
            and password_like(lines[1][1], 6, glued_words=True) and _mixed(lines[1][1]):
        start, line = lines[1]
        return [(start, start + len(line), "auth_user_pass", False)]
    return []


def _mixed(value: str) -> bool:
    """Letters of both cases, or a symbol beside `-_.`: a password, not a second name
    (`release-2024` under `acme`)."""
    return (any(c.isupper() for c in value) and any(c.islower() for c in value)
            or any(not c.isalnum() and c not in "-_." for c in value))


def _user_password(value: str) -> bool:
    """Whether base64 `value` decodes to printable `user:password`."""
    user, colon, password = (base64_text(value) or "").partition(":")
    return bool(colon and user and password)


def _putty(text: str) -> list[Span]:
    out: list[Span] = []
    for key in _PUTTY.finditer(text):
        lines = _PRIVATE_LINES.search(text, key.end())
        if lines is None:
            continue
        at = lines.end() + 1
        for _ in range(int(lines.group("n"))):
            line = _BASE64_LINE.match(text, at)
            if line is None:
                break
            out.append((line.start("v"), line.end("v"), "putty_private_key", True))
            at = line.end()
    return out


def _userlist(text: str, keys: KeyLines) -> list[Span]:
    named = keys.has(_NAMES_USERLIST)
    shaped = text.lstrip().startswith(('"', ";", "#"))  # a userlist's own file
    if not (named or shaped or "md5" in keys.low or "scram-sha-256$" in keys.low):
        return []  # nothing a userlist line could hold: no pass over the text
    lines = list(_USERLIST.finditer(text))
    if not lines:
        return []
    whole = named or shaped and all(_OTHER.fullmatch(line) or _USERLIST.fullmatch(line)
                                    for line in text.splitlines())
    out: list[Span] = []
    for m in lines:
        value = m.group("v")
        if _HASHED.fullmatch(value):
            out.append((m.start("v"), m.end("v"), "pgbouncer_userlist", True))
        elif whole and " " not in value and password_like(value, min_length=6,
                                                           glued_words=True):
            out.append((m.start("v"), m.end("v"), "pgbouncer_userlist", False))
    return out
