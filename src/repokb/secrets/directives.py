"""Secrets in the directive forms of the server, tool and request files GitHub Linguist names
(formats.LINGUIST's `config` group: `.curlrc`, `.wgetrc`, nginx, Apache, HAProxy, Caddyfile,
Tor, git config, crontab, `.http` ...) and of a few shells' and test tables' `NAME VALUE`
lines, where no `key = value` shows them.

Found here (spans of the value only, never its name):
- a directive that names a secret and gives its value after a space (Tor's
  `HashedControlPassword 16:..`, Apache's `SetEnv DB_PASSWORD X`, tcsh's `setenv API_TOKEN X`,
  fish's `set -gx DB_PASSWORD X`, Robot Framework's `${PASSWORD}    X`, Kickstart's
  `rootpw --plaintext X` and `sshpw --username=u X`, tmux's `set-environment -g TOKEN X`);
- the password of a `user:password` pair a directive gives (curl's `user = "u:X"` and
  `proxy-user`, HAProxy's `stats auth u:X`, Tor's `HTTPSProxyAuthenticator u:X`);
- a bearer token given as a curl option (`oauth2-bearer = X`, `--oauth2-bearer X`);
- a password hash written where a server reads it (HAProxy's `user u password $6$..`, a
  Caddyfile's `basicauth { u $2a$14$.. }`, an htpasswd line): crypt's `$1$`, `$5$`, `$6$`,
  `$apr1$`, bcrypt's `$2a$`/`$2b$`/`$2y$`, `$argon2id$`, yescrypt's `$y$`, in configuration
  and data (session 42: a dump's or a seed's rows, a CSV, a text dump of a cache: a hash in
  text no code reads is a user's); in code only on a line that writes rows (`INSERT INTO`,
  `VALUES (`, `COPY .. FROM`, `authentication_string`, `IDENTIFIED .. AS`, MongoDB's
  `insertOne(`), where MySQL's
  native `*` + 40 hex digits is one too (a hasher's test vectors in code stay);
- an HTTP request file's `Authorization: Basic user X` (JetBrains' client encodes the pair
  itself, so the password stands as written) and its `Digest user X`;
- a Hurl file's `[BasicAuth]` section, one `user: X` a line;
- session 38: Nagios' and Icinga's resource macros (`resource.cfg`'s `$USER3$=X`, where
  their docs keep the checks' passwords), when X looks like a password (not the plugins' path);
- ZNC's `<Pass password>` block's `Hash = X` (a salted SHA-256 of the password: crackable
  offline, as a crypt hash is);
- a Caddyfile's `basicauth` / `basic_auth` block, one `user X` a line: X is the
  password's hash, or the password itself written by mistake (Caddy takes hashes only).

A name must be a secret's (`scan.is_secret_key`); a value no bare word, `$variable`,
placeholder or path (`values.value_ok`, `scan.is_placeholder`).
"""

from __future__ import annotations

import re

from repokb.formats import LINGUIST_GROUPS
from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import is_secret_key
from repokb.secrets.values import password_like, value_ok

Span = tuple[int, int, str, bool]

# The configuration GitHub Linguist names, and the request files: `Directive value` lines;
# INI too, as `.cfg` and `.conf` are read (`haproxy.cfg`, `nginx.conf` under `deploy/`,
# Kickstart's `anaconda-ks.cfg`), tmux's configuration (read as INI before it had its own
# language), and a file of no language
CONF: frozenset[str | None] = frozenset(LINGUIST_GROUPS["config"]
                                        | {"hurl", "http", "ini", "tmux", None})
# (a bare value may hold `#` past its first character: Fluent Bit's `HTTP_Passwd pw4711#` and
# spark-defaults.conf's `spark.ssl.keyStorePassword pw#1`, where only a line's first `#` opens
# a comment)
_VALUE = r"""(?:"(?P<dq>[^"\n]{1,400})"|'(?P<sq>[^'\n]{1,400})'"""
_VALUE += r"""|(?P<bare>[^\s;"'#][^\s;"']{0,399}))"""
# `HashedControlPassword 16:..`, `SetEnv DB_PASSWORD X`, `setenv TOKEN X`, `set -gx NAME X`,
# a tmux plugin's option `set -g @jira_password "X"`
_DIRECTIVE = re.compile(
    r"""^[ \t]*(?:(?:SetEnv|setenv|set(?:-environment)?(?:[ \t]+-{1,2}[A-Za-z]+)*|env)[ \t]+)?"""
    rf"""(?P<key>@?[A-Za-z_][\w.-]{{0,80}})[ \t]+{_VALUE}[ \t]*;?[ \t]*$""", re.M)
# the start of a line `_DIRECTIVE` reads outside the configuration group: a shell's or
# Apache's setting of an environment variable
# (`SetEnv NAME`, not Go's `SetEnvPrefix("foo")`, viper's, which made every `Credentials
# map[string]string` of viper_test.go a directive)
_SETS = re.compile(r"^[ \t]*(?:(?:SetEnv|setenv|set-environment)[ \t]|set[ \t]+-)", re.M)
# Robot Framework's variable table: `${NAME}    value` (two spaces or a tab part the cells)
_ROBOT = re.compile(r"^\$\{(?P<key>[\w ]{1,80})\}[ \t]*=?(?:[ \t]{2,}|\t)(?P<bare>\S[^\n]*?)"
                    r"[ \t]*$", re.M)
# Kickstart: `rootpw [--plaintext|--iscrypted|--lock] X`, `sshpw --username=u [opts] X`
_KICKSTART = re.compile(
    r"^[ \t]*(?:rootpw|sshpw)(?:[ \t]+--[\w-]+(?:=\S+)?)*[ \t]+(?P<bare>[^\s-]\S*)", re.M)
# `user = "u:X"`, `proxy-user u:X`, `--user u:X`, `stats auth u:X`, `HTTPSProxyAuthenticator u:X`
_PAIR = re.compile(
    r"""^[ \t]*(?:-{0,2}(?:user|proxy-user)|-[uU]|stats[ \t]+auth|HTTPSProxyAuthenticator)"""
    r"""(?:[ \t]*[=:][ \t]*|[ \t]+)["']?(?P<user>[^\s:"'=]{1,80}):(?P<bare>[^\s"']{1,400})""",
    re.M)
_BEARER = re.compile(r"""^[ \t]*-{0,2}oauth2-bearer(?:[ \t]*[=:][ \t]*|[ \t]+)"""
                     r"""["']?(?P<bare>[^\s"']{8,400})""", re.M)
_CRYPT = re.compile(
    r"(?<![\w$])(?P<bare>\$(?:2[abxy]\$\d\d\$[./A-Za-z0-9]{53}"
    r"|(?:1|5|6|apr1)\$(?:rounds=\d+\$)?[./A-Za-z0-9]{1,16}\$[./A-Za-z0-9]{22,86}"
    r"|argon2(?:id|i|d)\$v=\d+\$[\w=,]+\$[A-Za-z0-9+/]{8,}\$[A-Za-z0-9+/]{16,}"
    r"|y\$[./A-Za-z0-9]+\$[./A-Za-z0-9]{1,86}\$[./A-Za-z0-9]{43}))")
# JetBrains' HTTP client: `Authorization: Basic user password`, `Digest user password`
_HTTP_PAIR = re.compile(r"^[ \t]*Authorization:[ \t]*(?:Basic|Digest)[ \t]+\S+[ \t]+"
                        r"(?P<bare>\S+)[ \t]*$", re.M | re.I)
_CADDY_BLOCK = re.compile(r"^[ \t]*basic_?auth\b[^{\n]*\{[ \t]*\n(?P<body>(?:[^}\n]*\n){1,64}?)"
                          r"[ \t]*\}", re.M)
_CADDY_USER = re.compile(r"^[ \t]*[^\s{}#]{1,80}[ \t]+(?P<bare>[^\s{}]{4,400})[ \t]*$", re.M)
_ZNC_PASS = re.compile(r"<Pass\b[^>\n]*>(?P<body>[^<]{0,2000})</Pass>")
_ZNC_HASH = re.compile(r"^[ \t]*Hash[ \t]*=[ \t]*(?P<bare>[0-9a-fA-F]{32,128})[ \t]*$", re.M)
_NAGIOS_MACRO = re.compile(r"^[ \t]*\$USER\d{1,3}\$[ \t]*=[ \t]*(?P<bare>\S{6,400})[ \t]*$", re.M)
_HURL_SECTION = re.compile(r"^\[(?P<name>\w+)\][ \t]*$", re.M)
_HURL_PAIR = re.compile(r"^[ \t]*[^\s:#]{1,80}[ \t]*:[ \t]*(?P<bare>\S[^\n]*?)[ \t]*$")


# session 42: a line of code that writes a table's rows or a user's stored hash
_ROWS_LINE = re.compile(r"^.*(?:\bINSERT[ \t]+INTO\b|\bVALUES[ \t]*\("
                        r"|\bCOPY[ \t].*\bFROM[ \t]+stdin\b"
                        r"|\bauthentication_string\b|\bIDENTIFIED\b"
                        r"|\binsert(?:One|Many)?[ \t]*\().*$", re.M | re.I)
_CRYPT_MARKS = ("$2a$", "$2b$", "$2x$", "$2y$", "$1$", "$5$", "$6$", "$apr1$", "$y$", "$argon2")
_ROWS_WORDS = ("insert", "values", "copy", "authentication_string", "identified")
_MYSQL_STAR = re.compile(r"\*[0-9A-F]{40}")
_MYSQL_HASH = re.compile(r"(?<=['\"])(?P<bare>\*[0-9A-F]{40})(?=['\"])")


def _hashes(text: str, code: bool, keys: KeyLines) -> list[Span]:
    """Password hashes outside configuration (`_CRYPT`): anywhere in data and text; in code,
    on a line that writes rows only, MySQL's `*HEX` too. (Each looked for only where its
    marks stand: `_CRYPT` and `_ROWS_LINE` over every text took 0.6 s of Django's 9.)"""
    crypt = any(mark in text for mark in _CRYPT_MARKS)
    if not code:
        return [_span(m, "password_hash") for m in _CRYPT.finditer(text)] if crypt else []
    out: list[Span] = []
    if not (crypt or "*" in text and _MYSQL_STAR.search(text)):
        return out
    for start, end in keys.lines(_ROWS_WORDS):
        out += [(start + m.start("bare"), start + m.end("bare"), "password_hash", True)
                for line in _ROWS_LINE.finditer(text[start:end])
                for pattern in (_CRYPT, _MYSQL_HASH) for m in pattern.finditer(line.group(0))]
    return out


def find(text: str, language: str | None, keys: KeyLines, mode: str = "config") -> list[Span]:
    out: list[Span] = []
    conf = language in CONF
    if not conf:
        out += _hashes(text, mode == "code", keys)
    sets = any(word in text for word in ("etEnv", "setenv", "set -", "set-environment"))
    if conf or (language is not None and sets and _SETS.search(text)):
        for m in _DIRECTIVE.finditer(text):  # outside configuration, those lines alone
            if conf or _SETS.match(m.group(0)):
                _add(out, m, "directive_value", is_secret_key(m.group("key")))
    if language == "robotframework" and "${" in text:
        for m in _ROBOT.finditer(text):
            _add(out, m, "directive_value", is_secret_key(m.group("key")))
    if not conf:
        return out
    if "rootpw" in text or "sshpw" in text:  # Kickstart (`anaconda-ks.cfg`: read as INI)
        out += [_span(m, "kickstart_password") for m in _KICKSTART.finditer(text)
                if value_ok(m.group("bare"))]
    for m in _PAIR.finditer(text):
        if password_like(m.group("bare"), 6, glued_words=True):
            out.append(_span(m, "user_password_pair"))
    if "bearer" in text:
        out += [_span(m, "authorization_header") for m in _BEARER.finditer(text)
                if value_ok(m.group("bare"))]
    if "$" in text:
        out += [_span(m, "password_hash") for m in _CRYPT.finditer(text)]
    if language == "http" and keys.has(("authorization",)):
        out += [_span(m, "authorization_header") for m in _HTTP_PAIR.finditer(text)
                if value_ok(m.group("bare"))]
    if language == "hurl" and "[BasicAuth]" in text:
        out += _hurl_basic_auth(text)
    if "<Pass" in text:
        for block in _ZNC_PASS.finditer(text):
            at = block.start("body")
            out += [(at + m.start("bare"), at + m.end("bare"), "password_hash", True)
                    for m in _ZNC_HASH.finditer(block.group("body"))]
    if "$USER" in text:
        out += [_span(m, "nagios_macro") for m in _NAGIOS_MACRO.finditer(text)
                if password_like(m.group("bare"), 6, glued_words=True)]
    if language == "caddyfile" and "auth" in text:
        for block in _CADDY_BLOCK.finditer(text):
            at = block.start("body")
            out += [(at + m.start("bare"), at + m.end("bare"), "basic_auth", True)
                    for m in _CADDY_USER.finditer(block.group("body"))
                    if value_ok(m.group("bare"))]
    return out


def _add(out: list[Span], m: re.Match[str], name: str, secret_named: bool) -> None:
    group = next(g for g in ("dq", "sq", "bare") if m.groupdict().get(g) is not None)
    value = m.group(group)
    if secret_named and value_ok(value) and not value.startswith(("$", "%", "/", "@", "<")):
        out.append((m.start(group), m.end(group), name, False))


def _span(m: re.Match[str], name: str) -> Span:
    return (m.start("bare"), m.end("bare"), name, True)


def _hurl_basic_auth(text: str) -> list[Span]:
    """The `user: password` lines of a Hurl `[BasicAuth]` section, up to the next section or
    request line."""
    out: list[Span] = []
    for section in _HURL_SECTION.finditer(text):
        if section.group("name") != "BasicAuth":
            continue
        at = section.end() + 1
        for line in text[at:].split("\n"):
            m = _HURL_PAIR.match(line)
            if not line.strip() or line.startswith("[") or m is None or " " in line.split(":")[0]:
                break
            if value_ok(m.group("bare")):
                out.append((at + m.start("bare"), at + m.end("bare"), "basic_auth", True))
            at += len(line) + 1
    return out
