"""detect-secrets (Yelp) as a second finder: every default plugin, through the library.

All of its default plugins run: the keyword detector (secret-ish names in assignments, with the
regex set detect-secrets picks for the file type), the base64 (limit 4.5) and hex (limit 3.0)
high-entropy strings, and every vendor format (AWS, Artifactory, Azure, Basic auth, Cloudant,
Discord, GitHub, GitLab, IBM, JWT, Mailchimp, npm, OpenAI, private keys, PyPI, SendGrid, Slack,
SoftLayer, Square, Stripe, Telegram, Twilio). Only the public-IP plugin is left out (an address
is not a secret). Its own heuristic filters drop what is not a value (templated `${X}`, `$X`,
indirect references, UUIDs, sequences, punctuation); `shapes.readable` keeps the false-positive
shapes of real repositories readable (lockfile integrity hashes, checksums and git SHAs named as
such, placeholders).

Speed: a plugin runs only on lines that could hold what it looks for (a quoted run of its
charset, a secret-ish keyword, a long token), found by one regex pass over the whole text; a
file without such lines costs a few regex scans.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from repokb.rules import secret_patterns as P
from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import (
    Finding,
    is_placeholder,
    key_words,
    names_a_store,
    random_part,
    validation_rules,
)
from repokb.secrets.shapes import readable
from repokb.secrets.values import is_field_name

_SKIPPED_PLUGINS = frozenset({"Public IP (ipv4)"})
_KEYWORD = "Secret Keyword"
_ENTROPY = frozenset({"Base64 High Entropy String", "Hex High Entropy String"})
# Lines worth a plugin: a long token-like run holding a digit (vendor formats), a quoted run
# that could pass an entropy limit (hex needs 9+ distinct digits to pass 3.0, base64 23+
# distinct characters to pass 4.5), a URL with userinfo (basic auth), or one of the keyword
# detector's own denylisted words (P.LIBRARY_KEY_WORDS, found with every finder's: `keys`).
# a run of 16+ token characters holding a digit, matched only from the run's start: at the
# text's start, or after the character before it (the group), which the engine finds fast (a
# pattern opening on the lookbehind was tried at every character: 0.70 s over Django, now 0.57)
_TOKEN_LINE = re.compile(r"(?<![A-Za-z0-9_\-+/=:])(?=[A-Za-z_\-+/=:]*\d)[A-Za-z0-9_\-+/=:]{16,}")
_TOKEN_RUN = re.compile(r"[^A-Za-z0-9_\-+/=:](?=[A-Za-z_\-+/=:]*\d)([A-Za-z0-9_\-+/=:]{16,})")
_QUOTED_LINE = re.compile(r"""['"]([A-Za-z0-9+/=_\-]{9,})(?=['"])""")  # a closing quote may open
_BASIC_AUTH_LINE = re.compile(r"://[^\s/@]+:[^\s/@]+@")
_TOKEN_CHARS = re.compile(r"[A-Za-z0-9_\-+/=.]+")
# detect-secrets picks the keyword regexes by file extension; our mode names a stand-in.
_FILENAME_FOR_LANGUAGE = {
    "python": "x.py", "javascript": "x.js", "typescript": "x.js", "tsx": "x.js", "go": "x.go",
    "java": "x.java", "kotlin": "x.java", "scala": "x.java", "swift": "x.swift", "c": "x.c",
    "cpp": "x.cpp", "cuda": "x.cpp", "csharp": "x.cs", "objc": "x.m", "php": "x.php", "hcl": "x.tf",
    "yaml": "x.yaml", "ini": "x.ini", "toml": "x.toml", "dotenv": "x.cfg", "shell": "x.cfg",
    "tmux": "x.ini",  # (read as INI before it had its own language)
}
_SHELL = _FILENAME_FOR_LANGUAGE["shell"]  # (dotenv's too: `NAME=8 x` means the same there)
_FILENAME_FOR_MODE = {"config": "x.yaml", "code": "x.py", "text": "x.txt"}


@cache
def _plugins() -> tuple[tuple[str, Any], ...]:
    from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class

    mapping: dict[str, Any] = get_mapping_from_secret_type_to_class()
    return tuple((secret_type, cls()) for secret_type, cls in sorted(mapping.items())
                 if secret_type not in _SKIPPED_PLUGINS)


@cache
def _filters() -> tuple[Any, ...]:
    from detect_secrets.filters import heuristic as h

    return (h.is_sequential_string, h.is_potential_uuid, h.is_templated_secret,
            h.is_prefixed_with_dollar_sign, h.is_not_alphanumeric_string)


def filename_for(language: str | None, mode: str) -> str:
    return _FILENAME_FOR_LANGUAGE.get(language or "", "") or _FILENAME_FOR_MODE[mode]


def library_findings(text: str, mode: str = "config", language: str | None = None,
                     keys: KeyLines | None = None) -> list[Finding]:
    """Findings of the detect-secrets plugins, as spans of `text` (never values); `keys`: the
    text's key words (find_all's, found once for every finder)."""
    lines: dict[int, set[str]] = {}  # line start -> which plugin families to run

    def add(at: int, family: str) -> None:
        lines.setdefault(text.rfind("\n", 0, at) + 1, set()).add(family)

    if _TOKEN_LINE.match(text):
        add(0, "token")
    for m in _TOKEN_RUN.finditer(text):
        add(m.start(1), "token")
    for m in _QUOTED_LINE.finditer(text):
        run = m.group(1)
        if any(c.isdigit() for c in run) and (len(run) >= 20 or _is_hex(run)) or len(run) >= 30:
            add(m.start(), "entropy")
    for m in _BASIC_AUTH_LINE.finditer(text):
        add(m.start(), "token")
    for start, _ in (KeyLines(text) if keys is None else keys).lines(P.LIBRARY_KEY_WORDS):
        lines.setdefault(start, set()).add("keyword")
    if not lines:
        return []
    filename = filename_for(language, mode)
    findings: list[Finding] = []
    line_no, previous = 1, 0
    for start in sorted(lines):
        end = text.find("\n", start)
        end = len(text) if end == -1 else end
        line_no += text.count("\n", previous, start)
        previous = start
        findings.extend(_scan_line(text, start, end, line_no, lines[start], filename))
    return findings


def _scan_line(text: str, start: int, end: int, line_no: int, families: set[str],
               filename: str) -> list[Finding]:
    line = text[start:end]
    if len(line) > 4000:  # a minified line: look at it in pieces
        return [Finding(f.start + at, f.end + at, f.detector, f.strong, line_no)
                for at in range(start, end, 2000)
                for f in _scan_line(text, at, min(at + 2000, end), line_no, families,
                                    filename)]
    out = []
    for secret_type, plugin in _plugins():
        if secret_type == _KEYWORD:
            if "keyword" not in families or _is_indirect_reference(line):
                continue
        elif secret_type in _ENTROPY:
            if "entropy" not in families:
                continue
        elif "token" not in families and secret_type != "Basic Auth Credentials":
            continue
        try:
            found = plugin.analyze_line(filename=filename, line=line, line_number=line_no)
        except Exception:  # a plugin bug must not stop indexing; our own finder still ran
            continue
        for secret in found:
            value = secret.secret_value
            if not isinstance(value, str) or not value or _filtered(value):
                continue
            if secret_type == _KEYWORD and len(value) < P.WEAK_MIN_LENGTH:
                continue  # `NOPASSWD: ALL` (sudoers): too short to be worth a redaction
            if secret_type == _KEYWORD and _names_a_set(line, value):
                continue  # Laravel's `'passwords' => 'users'`: the password broker's name
            if secret_type == _KEYWORD and _names_a_store(line):
                continue  # Helm's `existingSecret: redis-creds`: a Kubernetes Secret's name
            if secret_type == _KEYWORD and _names_a_method(line):
                continue  # `password_hasher: argon2id`: how a secret is made, not one
            if secret_type == _KEYWORD and filename == _SHELL and _NUMBER_WORD.match(value):
                continue  # `PASSWORD_MIN=8 x.c`: the plugin reads a shell line's rest with the
                # variable's value; the value is the number (a shell's word), and a number is
                # no password (`password = 1234 abcd` of a properties file stays one value)
            if secret_type == _KEYWORD and (part := _NEXT_PART.search(value)
                                            or _NEXT_ARGUMENT.search(value)):
                value = value[:part.start()]  # the key's own part of a connection string,
                # or of a one-liner's arguments (`password=X priv=*.*:ALL state=present`)
            if value.startswith(_AZURE_NAME):  # the key, not its name: `AccountKey=<REDACTED>`
                value = value[len(_AZURE_NAME):]

            at = line.find(value)
            while at != -1:  # the plugin gives no position: every occurrence on the line
                span_start, span_end = at, at + len(value)
                at = line.find(value, span_end)
                if readable(line, span_start, span_end):
                    continue
                if len(value) < 12 and secret_type not in (_KEYWORD,):
                    span_start, span_end = _widen(line, span_start, span_end)
                strong = secret_type not in _ENTROPY and secret_type != _KEYWORD
                out.append(Finding(start + span_start, start + span_end,
                                   _detector_name(secret_type), strong, line_no))
    return out


_LINE_KEY = re.compile(r"""[ \t]*(?:-[ \t]+)?["']?(?P<key>[A-Za-z_][\w\-]*)["']?[ \t]*[:=]""")


def _names_a_store(line: str) -> bool:
    """A line whose key names where a secret is kept (scan.names_a_store: `existingSecret`),
    not the secret."""
    m = _LINE_KEY.match(line)
    return m is not None and names_a_store(key_words(m.group("key")))


_METHOD_WORDS = frozenset({"hasher", "hashers", "algorithm", "algorithms"})


def _names_a_method(line: str) -> bool:
    """A line whose key names how a secret is hashed or signed (`password_hasher: argon2id`,
    `token_algorithm: HS256`), which our own finders read as no secret's name either
    (P.NOT_SECRET_KEY_SUFFIXES)."""
    m = _LINE_KEY.match(line)
    return m is not None and (key_words(m.group("key")) or [""])[-1] in _METHOD_WORDS


# detect-secrets' `is_indirect_reference` (`secret = get_secret_key()`, `= headers['apikey']`):
# its pattern, `([^\v=!:]*)\s*(:=?|[!=]{1,3})\s*([\w.-]+[\[\(][^\v]*[\]\)])`, searched, without
# its first two parts, which may match nothing and so change no answer, but were tried from every
# character to the next `=`: quadratic in a line's length (1.1 of library's 3.3 s over Django)
_INDIRECT_REFERENCE = re.compile(r"(?::=?|[!=]{1,3})\s*[\w.-]+[\[(][^\v]*[\])]")


def _is_indirect_reference(line: str) -> bool:
    """detect-secrets' `is_indirect_reference(line)`, the same answer (its lines are at most
    1,000 characters long, as there)."""
    return len(line) <= 1000 and _INDIRECT_REFERENCE.search(line) is not None


# the next `Name=value` part of a connection string after a keyword's value: detect-secrets reads
# `AccountKey=V;EndpointSuffix=core.windows.net"` in JSON as one value
_NEXT_PART = re.compile(r";[ \t]*[A-Za-z][A-Za-z ]{0,40}=")
_NUMBER_WORD = re.compile(r"\d+(?:\.\d+)?[ \t]")  # a number, then the line's next word
_NEXT_ARGUMENT = re.compile(r"[ \t]+[A-Za-z_][\w.\-]*=")  # Ansible's ` priv=`, ` state=`
_AZURE_NAME = "AccountKey="

# the key a value is assigned to, at the end of the text before the value
_KEY_BEFORE = re.compile(r"""(?P<key>[A-Za-z_][\w.\-]{0,80})["']?\s*(?:=>|:=|[:=])\s*["'`]?$""")
_PLURAL_SECRETS = frozenset({"passwords", "secrets", "tokens", "keys"})


def _names_a_set(line: str, value: str) -> bool:
    """A plain lower-case word given to a plural key (`'passwords' => 'users'`, `tokens:
    default`) names a set of secrets (a broker, a provider), not one secret."""
    at = line.find(value)
    m = _KEY_BEFORE.search(line, 0, at) if at != -1 else None
    words = key_words(m.group("key")) if m else []
    return bool(words) and words[-1] in _PLURAL_SECRETS and value.isalpha() and value.islower()


def _is_hex(run: str) -> bool:
    return all(c in "0123456789abcdefABCDEF" for c in run)


_DOTTED_NAME = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")  # django.contrib.auth.Hasher
# a compiler option defining a macro with no value, maybe under a setting's name: DejaGnu's
# `set flags "additional_flags=-DWRAP_M68K_AOUT"` (a macro's name; `-DKEY=X` carries a value
# and is judged as any other)
_MACRO_FLAG = re.compile(r"(?:[a-z_]+=)?-D[A-Z][A-Z0-9_]*")


def _filtered(value: str) -> bool:
    # the keyword plugin reads a bare JSON value to the closing brackets: `"secret": true}]}`
    # (Hoppscotch's flag on one line) gave `true}]}`
    if is_placeholder(value) or is_placeholder(value.rstrip("}]),")) or is_field_name(value) or (
            _DOTTED_NAME.fullmatch(value) and not random_part(value)) or _MACRO_FLAG.fullmatch(
                value) or validation_rules(value.rstrip("'\",")) or value.rstrip(
                    "'\",").lower() in P.SECRET_CAST_VALUES:
        # django.contrib.auth.Hasher (a Discord or SendGrid token is no name); Laravel's
        # `'password' => 'required|min:12|confirmed'`, validation rules, and Eloquent's
        # `'password' => 'hashed'`, a cast
        return True
    return any(test(value) for test in _filters())


def _widen(line: str, start: int, end: int) -> tuple[int, int]:
    """A plugin may yield only part of a token (GitHub: `ghp`): widen to the whole token, but
    not back over an `=` into the name it is assigned to (`GITHUB_TOKEN=ghp_...` keeps
    `GITHUB_TOKEN=`: a token's own `=` is base64 padding, at its end)."""
    for m in _TOKEN_CHARS.finditer(line):
        if m.start() <= start < m.end():
            left = max(m.start(), line.rfind("=", m.start(), start) + 1)
            return min(start, left), max(end, m.end())
    return start, end


def _detector_name(secret_type: str) -> str:
    return "detect_secrets:" + re.sub(r"[^a-z0-9]+", "_", secret_type.lower()).strip("_")
