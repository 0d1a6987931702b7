"""Secrets written in PowerShell's and Windows' own forms, where no `key = "value"` shows them.

Found here (spans of the value only), in any language, since PowerShell lines live in
Ansible playbooks, YAML pipelines and Python strings too:
- `ConvertTo-SecureString "X" -AsPlainText -Force` (also `-String 'X'`, the switches in any
  order, and inside `New-Object PSCredential("user", (ConvertTo-SecureString ...))` or
  `[pscredential]::new(...)`): a plain-text password by definition, whatever its shape;
- a cmdlet's password or key parameter given a literal (`Invoke-Sqlcmd -Password "X"`,
  `Connect-VIServer -User u -Password X`, `Publish-Module -NuGetApiKey X`, `-ClientSecret`,
  `-AccessToken`): a quoted value as `ConvertTo-SecureString`'s, a bare one only when it looks
  like a password (`values.placed_password`: "-Password parameter" in a sentence stays);
- `net user NAME X [/add]`, Windows' way of setting an account's password on its command line
  (not `*`, which prompts, nor a `/switch`, a `$variable` or a `%VARIABLE%`).

A value is a literal, never a reference: `"$env:DB_PASSWORD"`, `$password`, `%PASSWORD%`, an
empty string or a placeholder (`<password>`, `changeme`) stay.
"""

from __future__ import annotations

import re

from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import is_placeholder
from repokb.secrets.values import placed_password

Span = tuple[int, int, str, bool]

# one command: up to its line's end (a backtick continues it onto the next line)
_SECURE_STRING = re.compile(r"ConvertTo-SecureString\b(?P<args>(?:[^\n`]|`\r?\n)*)", re.I)
_STRING = re.compile(r"""'(?P<v1>(?:[^'\n]|'')*)'|"(?P<v2>(?:`.|[^"`\n])*)\"""")
_PLAIN = re.compile(r"-AsPlainText\b", re.I)
# `-String 'X'` or, without a parameter name, the first argument (`-Key`'s bytes are no
# password: `-Key $key` takes a variable, its literal would be `(1..16)`)
_NAMED = re.compile(r"""-String\s*(?::\s*)?(?=['"])""", re.I)
_SWITCHES = re.compile(r"(?:-AsPlainText\b|-Force\b|\s|`)*", re.I)  # and line continuations
_NET_USER = re.compile(
    r"""\bnet(?:\.exe)?[ \t]+user[ \t]+(?:"[^"\n]+"|[^\s/"'*]+)[ \t]+"""
    r"""(?:"(?P<q>[^"\n]{1,200})"|(?P<bare>[^\s/"'*$%][^\s"']{0,199}))""", re.I)

# (found from its lower-cased name, `-password`, `apikey`, `-clientsecret`, `-accesstoken`)
_PARAMETER = re.compile(
    r"""-(?<![\w-]-)(?:Password|Passwd|(?:NuGet)?ApiKey|ClientSecret|AccessToken|Secret)"""
    r"""(?::|[ \t]+)(?:'(?P<v1>(?:[^'\n]|'')*)'|"(?P<v2>(?:`.|[^"`\n])*)\""""
    r"""|(?P<bare>[^\s'"$(@\-`|;{}][^\s'"`|;{}]*))""", re.I)
# (not openssl's `-pass`, whose `file:PATH`, `env:VAR` name where the passphrase is); the
# pattern opens with its literal `-`, the look-behind after it; the words are found in the
# text's one pass (five `in` tests over every text took 0.1 s of Django's)
_PARAMETER_WORDS = ("-passw", "apikey", "-clientsecret", "-accesstoken", "-secret")


def _literal(value: str) -> bool:
    return bool(value.strip()) and "$" not in value and not is_placeholder(value)


def _secure_strings(text: str) -> list[Span]:
    out: list[Span] = []
    for m in _SECURE_STRING.finditer(text):
        args, start = m.group("args"), m.start("args")
        if not _PLAIN.search(args):
            continue
        named = _NAMED.search(args)
        found = _STRING.match(args, named.end()) if named else None
        if found is None:  # the first argument that is a string, before any other parameter
            first = _SWITCHES.match(args)
            found = _STRING.match(args, first.end() if first else 0)
        if found is None:
            continue
        group = "v1" if found.group("v1") is not None else "v2"
        value = found.group(group)
        if _literal(value):
            out.append((start + found.start(group), start + found.end(group),
                        "powershell_secure_string", True))
    return out


def _net_user(text: str) -> list[Span]:
    out: list[Span] = []
    for m in _NET_USER.finditer(text):
        group = "q" if m.group("q") is not None else "bare"
        value = m.group(group)
        if _literal(value) and not value.startswith("%"):
            out.append((m.start(group), m.end(group), "net_user_password", True))
    return out


def find(text: str, keys: KeyLines | None = None) -> list[Span]:
    """Spans of the values of PowerShell's and Windows' password forms in `text` (`keys`: the
    text's lines holding a key word, whose lower-cased copy is reused)."""
    keys = keys or KeyLines(text)
    low = keys.low
    out: list[Span] = []
    if "convertto-securestring" in low:
        out.extend(_secure_strings(text))
    if "net user" in low or "net.exe user" in low:
        out.extend(_net_user(text))
    if keys.has(_PARAMETER_WORDS):  # found in the text's one pass (P.LINE_WORDS)
        out.extend(_parameters(text))
    return out


def _parameters(text: str) -> list[Span]:
    out: list[Span] = []
    for m in _PARAMETER.finditer(text):
        group = next(g for g in ("v1", "v2", "bare") if m.group(g) is not None)
        value = m.group(group)
        if _literal(value) and (group != "bare" or placed_password(value, 6)
                                and not value.startswith(("env:", "file:", "fd:"))):
            out.append((m.start(group), m.end(group), "powershell_parameter", False))
    return out
