"""Secrets in build files' and package tools' own forms, where no `key = "value"` shows them.

Found here (spans of the value only):
- CMake's `set(NAME value ...)` of a secret-named variable: `set(API_KEY "Lq8W...")`,
  `set(SERVICE_TOKEN Yt5R... CACHE STRING "doc")`, `set(ENV{PASSWORD} "...")`; in CMake files
  only (elsewhere `set(` is a call whose arguments are expressions: `cache.set(API_KEY, v)`);
- a password piped into a command that reads it from its standard input, in any language
  (the line lives in Makefiles, Dockerfiles, CI YAML and shell scripts alike):
  `echo "X" | docker login -u ci --password-stdin ghcr.io`, `printf '%s' 'X' | helm registry
  login --password-stdin`, `echo X | gh auth login --with-token`, or a here-string to one
  (`gh auth login --with-token <<< X`); session 40: the Elastic stack's keystores (`echo X |
  bin/elasticsearch-keystore add -x bootstrap.password`), `echo PAT | az devops login`;
- a package tool's command that stores a credential, in any language (a Dockerfile's `RUN`, a
  Makefile's recipe, CI YAML): `npm config set //registry.npmjs.org/:_authToken X` (yarn's,
  pnpm's too; `_auth`, `_password`, `npmAuthToken`), `aws configure set
  aws_secret_access_key X`, `poetry config http-basic.REPO USER X` and `pypi-token.REPO X`,
  `pulumi config set [--plaintext] dbPassword X` (session 40), `wp config set DB_PASSWORD X`
  (WP-CLI, session 41),
  `composer config [-g] http-basic.HOST USER X` and `github-oauth.HOST X` (`gitlab-token`,
  `gitlab-oauth`, `bearer`), `bundle config [set] [--global] HOST USER:X`, `twine upload -p X`;
- CMake's `USERPWD "user:X"` (`file(DOWNLOAD ...)`) and `HTTP_PASSWORD X` (ExternalProject);
- session 39: a C preprocessor macro of a secret's name defined as a string, in any language
  (C, C++, Objective-C, an Arduino sketch's `#define WIFI_PASS "X"`, a README's code block):
  `#define API_KEY "X"`, `#define SECRET_TOKEN L"X"` (no operator stands between the name and
  its value, so no assignment finder read it).

A value is a literal, never a reference (`${TOKEN}`, `$ENV{TOKEN}`, `$$TOKEN`, `$(TOKEN)`,
`%TOKEN%`), nor a placeholder (`<token>`, `changeme`), nor empty.
"""

from __future__ import annotations

import re

from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import is_secret_key, is_secret_value

Span = tuple[int, int, str, bool]

_CMAKE_SET = re.compile(
    r"""\bset\s*\(\s*(?:ENV\{(?P<env>[^}\s]+)\}|(?P<name>[A-Za-z_][\w.\-]*))\s+"""
    r"""(?:"(?P<q>(?:\\.|[^"\\\n])*)"|(?P<bare>[^\s()"#;]+))""", re.IGNORECASE)
# reads the secret from standard input (session 40: the Elastic stack's keystores, `echo X |
# bin/elasticsearch-keystore add -x bootstrap.password` (kibana-, logstash-keystore too), and
# `echo PAT | az devops login`)
# (session 41: Samba's `smbpasswd -s`, silent: the new password twice on standard input)
_STDIN_FLAG = (r"(?:--password-stdin|--with-token|-keystore[ \t]+add|\baz[ \t]+devops[ \t]+login"
               r"|\bsmbpasswd(?:[ \t]+-[a-zA-Z]+)*?[ \t]+-[a-zA-Z]*s)\b")
# `echo [-n] VALUE |` (or `printf [FORMAT] VALUE |`) up to a `--password-stdin` on the same line
_PIPED = re.compile(
    r"""\b(?:echo(?:\s+-[neE]+)*|printf(?:\s+(?:'%s[^']*'|"%s[^"]*"))?)\s+"""
    r"""(?:'(?P<s>[^'\n]+)'|"(?P<d>[^"\n]+)"|(?P<b>[^\s|;&'"`()]+))"""
    # (a printf's further words, a subshell's close: `(echo X; echo X) | smbpasswd -s`)
    r"""(?:[ \t]+[^\s|;&()]+)*\)?\s*\|[^\n|;]*""" + _STDIN_FLAG)


_HERE_STRING = re.compile(
    _STDIN_FLAG + r"""[^\n|;]*?<<<[ \t]*"""
    r"""(?:'(?P<s>[^'\n]+)'|"(?P<d>[^"\n]+)"|(?P<b>[^\s|;&'"`]+))""")
_WORD = r"""(?P<q>["']?)(?P<value>[^\s"'`|;&<>()]{4,256})(?P=q)"""  # a shell word
_FLAGS = r"(?:[ \t]+-{1,2}[\w\-]+(?:=\S+)?)*"  # `-g`, `--global`, `--location=user`
_TOOL_SET = re.compile(  # the key names the secret: judged by its name
    # (session 40: `pulumi config set [--plaintext] dbPassword X`)
    # (session 41: WP-CLI's `wp config set DB_PASSWORD X`)
    rf"""\b(?:(?:npm|yarn|pnpm|pulumi|wp)[ \t]+config[ \t]+set|aws[ \t]+configure[ \t]+set)"""
    rf"""{_FLAGS}"""
    rf"""[ \t]+(?P<key>[^\s=\-][^\s=]*)(?:[ \t]+|=){_WORD}""")  # (a flag is no key)
_TOOL_CREDENTIAL = re.compile(  # the place says it: the last word is the password or token
    rf"""\b(?:poetry[ \t]+config{_FLAGS}[ \t]+(?:http-basic\.\S+[ \t]+\S+|pypi-token\.\S+)"""
    rf"""|composer[ \t]+config{_FLAGS}[ \t]+(?:http-basic\.\S+[ \t]+\S+"""
    rf"""|(?:github-oauth|gitlab-token|gitlab-oauth|bearer)\.\S+)"""
    rf"""|twine[ \t]+upload\b[^\n|;&]*?[ \t]-p)[ \t]+{_WORD}""")
_BUNDLE = re.compile(
    rf"""\bbundle[ \t]+config(?:[ \t]+set)?{_FLAGS}[ \t]+[\w.\-]+\.[\w\-]+[ \t]+"""
    r"""(?P<q>["']?)[^\s:"']+:(?P<value>[^\s"'`|;&<>()]{4,256})(?P=q)""")
_CMAKE_CREDENTIAL = re.compile(
    r"""\bUSERPWD\s+(?P<q>"?)[^\s:"]+:(?P<value>(?:\\.|[^\s"\\)])+)(?P=q)"""
    r"""|\bHTTP_PASSWORD\s+(?P<q2>"?)(?P<value2>(?:\\.|[^\s"\\)])+)(?P=q2)""")

# `#define NAME "X"` (a wide, UTF-8 or NSString literal too); a value of letters is judged as
# code's literal is (`#define PASSWORD_FIELD "password"` names a field)
_C_DEFINE = re.compile(r"""(?m)^[ \t]*#[ \t]*define[ \t]+(?P<name>[A-Za-z_]\w{0,80})[ \t]+"""
                       r"""\(?[ \t]*(?:L|u8?|U|@)?"(?P<value>(?:\\.|[^"\\\n]){1,400})"[ \t]*"""
                       r"""\)?[ \t]*(?://[^\n]*|/\*[^\n]*)?$""")
_C_DEFINE_AT = re.compile(r"#[ \t]*define[ \t]")  # looked for first: `#` opens it, found fast
_C_FORMAT = re.compile(r"[$`]|%[-+ #0-9.]*[sdiufxXcpl]")  # a reference or a printf format

# the words (P.LINE_WORDS) the lines of each form hold
_AT_STDIN = ("--password-stdin", "--with-token", "-keystore", "devops", "smbpasswd")
_AT_TOOLS = ("npm", "yarn", "pnpm", "configure", "poetry", "composer", "bundle", "twine",
             "pulumi", "wp config")


def _secret_literal(value: str, key: str = "password") -> bool:
    """A literal (no reference, not blank) that is a secret's value under `key`."""
    return (bool(value.strip()) and not any(c in value for c in "$%`")
            and is_secret_value(value, key, literal_words=True))


def _cmake_sets(text: str) -> list[Span]:
    out: list[Span] = []
    for m in _CMAKE_SET.finditer(text):
        name = m.group("env") or m.group("name")
        group = "q" if m.group("q") is not None else "bare"
        value = m.group(group)
        if is_secret_key(name) and _secret_literal(value, name):
            out.append((m.start(group), m.end(group), "cmake_set_secret", False))
    return out


def _stdin_passwords(keys: KeyLines, pattern: re.Pattern[str]) -> list[Span]:
    """A literal piped or here-stringed to a login that reads its password from standard input
    (`pattern`: _PIPED or _HERE_STRING, the value in group s, d or b)."""
    out: list[Span] = []
    for start, line in keys.line_texts(_AT_STDIN):
        for m in pattern.finditer(line):
            group = next(g for g in ("s", "d", "b") if m.group(g) is not None)
            value = m.group(group)
            if _secret_literal(value):
                out.append((start + m.start(group), start + m.end(group), "password_stdin",
                            True))
    return out


def _tool_credentials(keys: KeyLines) -> list[Span]:
    out: list[Span] = []
    for start, line in keys.line_texts(_AT_TOOLS):
        for m in _TOOL_SET.finditer(line):
            key, value = m.group("key"), m.group("value")
            if (is_secret_key(key) or key.endswith("_auth")) and _secret_literal(value, key):
                out.append((start + m.start("value"), start + m.end("value"),
                            "tool_config_secret", False))
        for pattern in (_TOOL_CREDENTIAL, _BUNDLE):
            for m in pattern.finditer(line):
                value = m.group("value")
                if _secret_literal(value):
                    out.append((start + m.start("value"), start + m.end("value"),
                                "tool_config_secret", False))
    return out


def _cmake_credentials(text: str) -> list[Span]:
    out: list[Span] = []
    for m in _CMAKE_CREDENTIAL.finditer(text):
        group = "value" if m.group("value") is not None else "value2"
        value = m.group(group)
        if _secret_literal(value):
            out.append((m.start(group), m.end(group), "cmake_credential", False))
    return out


def find(text: str, language: str | None, keys: KeyLines | None = None) -> list[Span]:
    """Spans of the secret values of build files' forms in `text` (`keys`: the text's lines
    holding a key word, whose lower-cased copy is reused)."""
    keys = keys or KeyLines(text)
    out: list[Span] = []
    low = keys.low
    if language == "cmake":
        if "set" in low:
            out.extend(_cmake_sets(text))
        if "userpwd" in low or "http_password" in low:
            out.extend(_cmake_credentials(text))
    if keys.has(_AT_STDIN):
        out.extend(_stdin_passwords(keys, _PIPED))
        if "<<<" in text:
            out.extend(_stdin_passwords(keys, _HERE_STRING))
    if keys.has(_AT_TOOLS):
        out.extend(_tool_credentials(keys))
    if "define" in low and _C_DEFINE_AT.search(text):
        out += [(m.start("value"), m.end("value"), "c_define_secret", False)
                for m in _C_DEFINE.finditer(text) if is_secret_key(m.group("name"))
                and not _C_FORMAT.search(m.group("value"))
                and is_secret_value(m.group("value"), m.group("name"), literal_words=False)]
    return out
