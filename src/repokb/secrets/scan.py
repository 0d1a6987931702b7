"""Fast secret finder: token formats, URL credentials and key=value assignments, plus entropy.

Built for the classifier's hot path: a file that mentions no anchor costs a few substring tests.
Findings carry the detector and position only; the raw value is never kept in a Finding.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from ahocorasick_rs import AhoCorasick, Implementation

from repokb.formats import CODE
from repokb.rules import secret_patterns as P
from repokb.secrets import storenames
from repokb.secrets.keylines import KeyLines
from repokb.secrets.mounts import clip as clip_mount_options
from repokb.secrets.numbers import secret_number
from repokb.secrets.workdirs import without_paths


@dataclass(frozen=True, order=True)
class Finding:
    start: int  # character offsets of the secret within the scanned text
    end: int
    detector: str
    strong: bool
    line: int  # 1-based

    def describe(self) -> str:
        return f"{self.detector} at line {self.line}"


def summary(found: Iterable[Finding], count: bool = True) -> str:
    """Findings in a reason's words: `2 value(s): aws_access_key, slack_webhook from line 3`
    (kinds and a line, never a value); without `count`, `aws_access_key, slack_webhook from
    line 3` (the classifier's head: the whole text's count is the one a user reads, see
    pipeline/chunk.redaction_note). By line first: a decoded file's findings (a notebook's
    cells) have offsets each within its own part, lines all in the file."""
    found = sorted(found, key=lambda x: (x.line, x.start))
    kinds = f"{', '.join(sorted({x.detector for x in found}))} from line {found[0].line}"
    return f"{len(found)} value(s): {kinds}" if count else kinds


def merged(findings: list[Finding]) -> list[Finding]:
    """The findings sorted, overlapping ones joined into one that covers both (two finders, or
    two patterns, may each see a different part of one value). A joined finding is named by
    its first finder, one that recognised the value before one that only saw it again."""
    out: list[Finding] = []
    for f in sorted(findings, key=lambda f: (f.start, f.detector == "same_value", f.end)):
        if out and f.start < out[-1].end:
            last = out[-1]
            out[-1] = Finding(last.start, max(last.end, f.end), last.detector,
                              last.strong or f.strong, last.line)
        else:
            out.append(f)
    return out


def entropy(value: str) -> float:
    """Shannon entropy in bits per character."""
    if not value:
        return 0.0
    counts = Counter(value)
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def is_placeholder(value: str) -> bool:
    value = value.strip()
    return bool(P.PLACEHOLDER.match(value)) or sequential(value)


_RUN_SEPARATORS = re.compile(r"[.\-_:]")
_RUN_OPENINGS = frozenset(run[i:i + 3] for run in P.SEQUENTIAL_RUNS for i in range(len(run) - 2))


def sequential(value: str) -> bool:
    """A documented example made of the alphabet's or the digits' runs (P.SEQUENTIAL_RUNS),
    12+ of them, a separator between parts allowed: kubeadm's `abcdef.0123456789abcdef`,
    `0123456789abcdef`, `abcdefghijklmnop` (no one keeps such a token; an attacker tries it
    first). Each part 3+ long; `abc123`, `123456` are too short to say so."""
    if len(value) < P.SEQUENTIAL_MIN or value[:3].lower() not in _RUN_OPENINGS:
        return False  # (most values: their first three characters are no run's)
    parts = _RUN_SEPARATORS.split(value.lower())
    return sum(map(len, parts)) >= P.SEQUENTIAL_MIN and all(
        len(part) >= 3 and any(part in run for run in P.SEQUENTIAL_RUNS) for part in parts)


# One pass finds which token formats are worth trying: Aho-Corasick over the 133 anchors,
# every occurrence, overlapping ones too (a regex trie of them took 15x as long: 0.40 against
# 0.03 s over 4,000 of Django's texts, the dry run's largest part after the walk).
_ANCHORS = AhoCorasick(sorted({a for f in P.TOKEN_FORMATS for a in f.anchors}),
                       implementation=Implementation.DFA)
# What follows the scheme in every URL_CREDENTIALS match: searched first, as it starts with a
# literal the regex engine finds fast (the full pattern is tried at every letter of the text).
_URL_CREDENTIALS_TAIL = re.compile("://" + P.URL_CREDENTIALS.pattern.split("://", 1)[1])
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")


def key_words(key: str) -> list[str]:
    """`AWS_SECRET_ACCESS_KEY` -> [aws, secret, access, key]; `clientSecret` -> [client, secret]."""
    return [w.lower() for part in re.split(r"[_\-.\s]+", key) for w in _WORD.findall(part)]


# the secret words of prose and of a title: `pass` is a verb there ("pass "X" to ...",
# "Passing tests:"), `sas` a name
PROSE_SECRET_WORDS = P.SECRET_KEY_WORDS - {"pass", "sas"}


def prose_names_a_secret(words: list[str]) -> bool:
    """Whether words of prose (key_words) name a secret: one of PROSE_SECRET_WORDS, or two
    side by side that do (P.SECRET_KEY_PAIRS: `client secret`, `api key`)."""
    return any(w in PROSE_SECRET_WORDS for w in words) or any(
        pair in P.SECRET_KEY_PAIRS for pair in zip(words, words[1:], strict=False))


def names_a_store(words: list[str]) -> bool:
    """A key (its words, key_words) naming where a secret is kept, not the secret
    (P.STORE_KEY_OPENING: Helm's `existingSecret`)."""
    return tuple(words[:len(P.STORE_KEY_OPENING)]) == P.STORE_KEY_OPENING


def is_secret_key(key: str) -> bool:
    words = key_words(key)
    if not words:
        return False
    named = _named_secret(words)
    if words[-1] in P.NOT_SECRET_KEY_SUFFIXES and not (named or _names_key(words)):
        return False
    if names_public_key(words) or names_a_store(words):
        return False
    if named or any(w in P.SECRET_KEY_WORDS and not _verb_pass(words, i)
                    for i, w in enumerate(words)):
        return True
    if any(w.endswith(P.GLUED_SECRET_WORDS) and w not in P.GLUED_NOT_SECRET for w in words):
        return True  # one word glued, no case to split it: `PGPASSWORD`, `dbpassword`
    return any(pair in P.SECRET_KEY_PAIRS for pair in zip(words, words[1:], strict=False))


def _named_secret(words: list[str]) -> bool:
    """A secret known by its whole name (P.SECRET_KEY_NAMES: `NONCE_SALT`, `hash_salt`)."""
    return words[-1] in P.SECRET_KEY_NAME_ENDS and "_".join(words) in P.SECRET_KEY_NAMES


def names_public_key(words: list[str]) -> bool:
    """`public_key`, .NET's `PublicKeyToken` (a public key's hash): public material; not
    `public_key_password`, which names a password."""
    return any(tuple(words[-len(tail):]) == tail for tail in P.PUBLIC_KEY_NAMES)


def _verb_pass(words: list[str], i: int) -> bool:
    """`pass` before `by` or `through` is the verb (clippy's `needless_pass_by_value`)."""
    return words[i] == "pass" and i + 1 < len(words) and words[i + 1] in ("by", "through")


def _names_key(words: list[str]) -> bool:
    """`api_key`, `secret_key`: a final `key` is the secret itself when a pair names it."""
    return len(words) >= 2 and words[-1] == "key" and (words[-2], "key") in P.SECRET_KEY_PAIRS


def _line_of(text: str, offset: int, starts: list[int]) -> int:
    lo, hi = 0, len(starts)
    while lo + 1 < hi:
        mid = (lo + hi) // 2
        if starts[mid] <= offset:
            lo = mid
        else:
            hi = mid
    return lo + 1


Mode = Literal["config", "text", "code"]
_IDENTIFIER_LIKE = re.compile(r"^[A-Za-z_][A-Za-z_\-]*$")


# a word of a name: 3+ letters, capitalised or lower case, a vowel in it (`Header`, `get`;
# not a token's `Xqzp`, `Lmhd`)
NAME_WORD = re.compile(r"[A-Z][a-z]{2,}|[a-z]{3,}")  # (pairs._name counts them too)
# a capitalised word of two letters between capitals: a name's are words (`ById`, `IsNone`,
# `WiFi`), a random token's are where its case happened to flip (`PuGbvDjfVpEe`: `Pu`, `Vp`)
_LONE_PAIR = re.compile(r"[A-Z][a-z](?=[A-Z])")
_VOWEL = re.compile(r"[aeiouyAEIOUY]")


def word_letters(value: str) -> int:
    """How many letters of `value` stand in words of a name (`NAME_WORD` with a vowel):
    most of a name's (`AuthorizationHeaderValue`: 21 of 24), few of a random token's."""
    return sum(len(w) for w in NAME_WORD.findall(value) if _VOWEL.search(w))


def random_letters(value: str) -> bool:
    """A token of letters only, upper and lower case mixed at random (`MbWPuGbvDjfVpEeHFWjwQZcY`),
    not a name of words (`AuthorizationHeaderValue`, `XMLHttpRequest`): 16+ letters, high
    entropy, its case changing at one letter in four or more, under half of its letters in
    words (`word_letters`); or two capitalised pairs between capitals that are no two-letter
    word of a name (P.NAME_TWO_LETTER_WORDS: `GetByIdOrName` stays). `values.random_token`
    wants a digit; this judges a value under a secret's name only, as alone such letters may
    be a word list's or a test's."""
    if len(value) < 16 or not value.isascii() or not value.isalpha() or value.islower() \
            or value.isupper() or entropy(value) <= 3.5:
        return False
    changes = sum(a.isupper() != b.isupper() for a, b in zip(value, value[1:], strict=False))
    if changes * 4 >= len(value) and word_letters(value) * 2 < len(value):
        return True
    # session 41: a token whose letters happen to fall in vowelled runs (`FfaestaoExIiBo..`)
    # still flips its case at random: two capitalised pairs no name's two-letter words are
    return sum(pair.lower() not in P.NAME_TWO_LETTER_WORDS
               for pair in _LONE_PAIR.findall(value)) >= 2


def mode_for(language: str | None) -> Mode:
    """How assignments are read: config values are literal, code values usually variables."""
    if language in CODE or language in P.CODE_DOC_LANGUAGES or language in P.IDL_LANGUAGES:
        return "code"
    return "config" if language in P.CONFIG_LANGUAGES else "text"


def scan(text: str, mode: Mode = "config", keys: KeyLines | None = None) -> list[Finding]:
    """All secret-like spans in text, sorted and without overlaps.

    mode "config": any unquoted or quoted value of a secret-named key counts; "text" (docs):
    also unquoted ones, but not a bare word (`token=token`); "code": only quoted literals that
    are not a bare word, since `SESSION_KEY = "_auth_user_id"` names a key rather than holds one.
    `keys`: the text's key words, found once for every finder (find_all's).
    """
    spans: list[tuple[int, int, str, bool]] = []
    anchors = set(_ANCHORS.find_matches_as_strings(text, overlapping=True))
    for fmt in P.TOKEN_FORMATS:
        if not anchors.isdisjoint(fmt.anchors):
            for m in fmt.pattern.finditer(text):
                value = m.group(fmt.group)
                if not is_placeholder(value):
                    spans.append((m.start(fmt.group), m.end(fmt.group), fmt.name, fmt.strong))
    if any(name == "aws_access_key" for _, _, name, _ in spans):
        spans.extend(_aws_secrets_near_ids(text, spans))
    for m in url_credentials(text):  # the userinfo, user and password: one span
        password = m.group("password")
        strong = len(password) >= 10 and entropy(password) >= 3.0
        spans.append((m.start("user"), m.end("password"), "url_credentials", strong))
    spans.extend(_assignments(text, mode, KeyLines(text) if keys is None else keys))
    if spans and (names := storenames.spans(text)):  # `secretKey: password` names a secret
        spans = [s for s in spans if not storenames.inside(s[0], s[1], names)]
    if not spans:
        return []
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    # `PWD=/home/me/src` gone (the shell's working directory), a mount's options cut to its
    # password options (fstab's `credentials=/path` stays), then overlapping ones joined
    # (sorted first: `merged`'s stable sort keeps this order among equal spans)
    return merged(clip_mount_options(text, without_paths(text, [
        Finding(start, end, name, strong, _line_of(text, start, starts))
        for start, end, name, strong in sorted(spans)])))


def url_credentials(text: str) -> list[re.Match[str]]:
    """Each `scheme://user:password@host` in text whose user and password are no placeholders
    (`user:${DB_PASS}@`, `<user>:<password>@` document a URL, they hold no credential); with no
    user (Redis's `redis://:password@host`), a password of 6 characters at least (a URL
    parser's tests write `http://:bar@example.com`)."""
    if "://" not in text or not _URL_CREDENTIALS_TAIL.search(text):
        return []
    return [m for m in P.URL_CREDENTIALS.finditer(text)
            if not is_placeholder(m.group("password"))
            and (not is_placeholder(m.group("user")) if m.group("user")
                 else len(m.group("password")) >= _NO_USER_MIN)]


_NO_USER_MIN = 6


# An AWS secret access key: 40 base64 characters, standing alone.
_AWS_SECRET = re.compile(r"(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])")
_AWS_NEAR = 300  # characters either side of an access key id


def _aws_secrets_near_ids(text: str, spans: list[tuple[int, int, str, bool]],
                          ) -> list[tuple[int, int, str, bool]]:
    """The secret key written beside an access key id with no key name to say so ("use
    AKIA... with wJalr..." in prose or a table): a random 40-character base64 value near it."""
    out = []
    for start, end, name, _ in list(spans):
        if name != "aws_access_key":
            continue
        lo, hi = max(0, start - _AWS_NEAR), min(len(text), end + _AWS_NEAR)
        for m in _AWS_SECRET.finditer(text, lo, hi):
            value = m.group(0)
            if (entropy(value) >= 4.0 and not is_placeholder(value)
                    and any(c.isdigit() or c in "/+" for c in value)
                    and any(c.islower() for c in value) and any(c.isupper() for c in value)):
                out.append((m.start(), m.end(), "aws_secret_key", True))
    return out


_ASSIGNS = re.compile("[:=]|<-")  # every ASSIGNMENT has one of these (R's `<-` too)
# A comment marker before a place on its line: in code, what follows is prose or an example,
# where `KEY=value` is a literal (`# export DB_PASSWORD=...`), not an expression.
COMMENT_BEFORE = re.compile(r"(?:^|\s)(?:#|//|--|;)|/\*|<!--|^\s*\*")
# ... and written out as one token: not a shape `(batch_size, seq)`, a grammar `1*tchar`, a
# `${VAR}` or `<placeholder>`, a quoted or bracketed expression, a path or URL's rest
_COMMENT_VALUE = re.compile(r"(?![/~.$%@-])[^\s()\[\]{}<>,;'\"`*]{8,}")  # nor a path


def _assignments(text: str, mode: Mode, keys: KeyLines) -> list[tuple[int, int, str, bool]]:
    """The secret assignments on the lines holding a key anchor."""
    out: list[tuple[int, int, str, bool]] = []
    for line_start, line_end in keys.lines(P.KEY_ANCHORS):
        if _ASSIGNS.search(text, line_start, line_end):
            out.extend(_line_assignments(text, line_start, line_end, mode))
    return out


# A line that is a CSS selector list: each selector a compound of element, class, id, nesting
# (`&`) and attribute parts with pseudo-classes or elements (`:hover`, `::before`,
# `:nth-child(2n+1)`), joined by combinators; tokenizers' `.special-token:empty::before{` put
# `token: empty::before{` in the stylesheet's reason. A selector starts with a class, id or
# `&`, or the line opens its rule (`{`): `db_password:hunter,` in prose is no selector.
_CSS_PART = r"(?:[.#][\w-]+|\[[^\]\n]*\]|::?[a-z][a-z-]*(?:\([^)\n]*\))?)"
_COMPOUND = rf"(?:(?:[\w-]+|&){_CSS_PART}*|{_CSS_PART}+)"  # each part opens with its own character
_SELECTOR = rf"{_COMPOUND}(?:(?:\s*[>+~]\s*|\s+){_COMPOUND})*"
_CSS_SELECTORS = re.compile(
    rf"\s*(?:(?=[.#&]){_SELECTOR}(?:\s*,\s*{_SELECTOR})*\s*[,{{]?"
    rf"|{_SELECTOR}(?:\s*,\s*{_SELECTOR})*\s*\{{)\s*(?:[^\n]*\}})?\s*")
_PSEUDO = re.compile(r"[\w\])]::?[a-z][a-z-]*")
_SELECTOR_LINE = 400  # longer lines are no selector list a finder misreads (and cost more)


def css_selector_line(line: str) -> bool:
    """Whether the line is a CSS selector list with a pseudo-class (`.x-token:hover {`),
    what a `key: value` finder would read as `token: hover`."""
    return (len(line) <= _SELECTOR_LINE and _PSEUDO.search(line) is not None
            and _CSS_SELECTORS.fullmatch(line) is not None)


def _line_assignments(text: str, start: int, end: int,
                      mode: Mode) -> list[tuple[int, int, str, bool]]:
    """key = value pairs whose key names a secret. Never strong: a generic assignment is often a
    test value, so it is redacted, while blocking is kept for credentials of a known format.
    A value that is itself an assignment to a secret key (`my env: ADMIN_PASSWORD=...`, where
    `env` took the rest of the line as its value) is read again as one."""
    out: list[tuple[int, int, str, bool]] = []
    line = text[start:end]
    if css_selector_line(line):
        return out
    at = 0
    tuple_names = m.end("keys") if (m := P.TUPLE_ASSIGNMENT.match(line)) else 0
    while (m := P.ASSIGNMENT.search(line, at)) is not None:
        if m.start("key") < tuple_names:  # `user, password = "admin", ..`: paired elsewhere
            at = m.end()
            continue
        group = "qvalue" if m.group("qvalue") is not None else "value"
        if group == "value" and "<-" in line[m.end("key"):m.start(group)]:
            # R's `<-` (OCaml's, F#'s) assigns a literal in quotes; a bare value is an
            # expression (`password <- rstudioapi::askForPassword()`, `token <- tokens[1]` in an
            # R Markdown chunk, read as prose), or Haskell's `password <- getLine`
            at = m.start(group) if any(a in m.group(group).lower() for a in P.KEY_ANCHORS) \
                else m.end()
            continue
        if group == "value" and _FLOW_OPENER.fullmatch(m.group("value")):
            # `API_TOKEN: {value: "$CI_JOB_TOKEN", expand: false}`: a flow mapping opens,
            # its own pairs follow (shapes' _FLOW_VALUE judges the value under the key)
            at = m.start(group) + 1
            continue
        if group == "value" and _YAML_TAG.fullmatch(m.group("value")):
            # `token: !vault |`: a YAML tag, not the value: what follows it is
            out.extend(_tagged(text, start, m, mode))
            at = m.end()
            continue
        if fallback := _DEFAULTED.match(line, m.start(group)):
            # `KEY=${KEY:-default}`, `KEY: "${VAR-default}"`: the default is defaults.find's,
            # the variable's name stays readable
            at = fallback.end()
            continue
        if group == "value" and _a_reference(line, m):  # a name inside may be assigned:
            # `env: ${X} ADMIN_PASSWORD=v`
            at = m.start(group) if any(a in m.group(group).lower() for a in P.KEY_ANCHORS) \
                else m.end()
            continue
        found = _assignment(text, start, m, group, mode)
        out.extend(found)
        at = m.end()
        if not found and any(a in m.group(group).lower() for a in P.KEY_ANCHORS):
            at = m.start(group)
    return out


_YAML_TAG = re.compile(r"!!?[A-Za-z][\w\-]*")
# the tags whose value refers to a secret kept elsewhere or is ciphertext: Ansible's `!vault |`
# (its ciphertext below, shapes' multi-line value), Home Assistant's `!secret name`,
# `!env_var NAME`, pyyaml-env-tag's `!ENV ${NAME}`
_REFERENCE_TAGS = frozenset({"!vault", "!secret", "!env_var", "!ENV"})
_AFTER_TAG = re.compile(r"[ \t]+(?P<q>[\"']?)(?P<v>[^\s\"'#|>][^\s\"']*)(?P=q)[ \t]*(?:#|$)")


def _tagged(text: str, start: int, m: re.Match[str], mode: Mode,
            ) -> list[tuple[int, int, str, bool]]:
    """The value after a YAML tag (`password: !!str X`); none after a reference's tag."""
    if m.group("value") in _REFERENCE_TAGS or not is_secret_key(m.group("key")):
        return []
    line_end = text.find("\n", start + m.end())
    after = _AFTER_TAG.match(text[:len(text) if line_end == -1 else line_end], start + m.end())
    if after is None or not is_secret_value(after.group("v"), m.group("key"),
                                            literal_words=mode == "config"):
        return []
    return [(after.start("v"), after.end("v"), "secret_assignment", False)]


_WHOLE_VALUE = re.compile(r"[^\s,;\"'`]+")
# a variable with a default, `${NAME:-v}`, `${NAME:=v}`, `${NAME-v}` (defaults.find reads v)
_DEFAULTED = re.compile(r"\$\{[A-Za-z_]\w*:?[-=][^}\n]*\}")


def _a_reference(line: str, m: re.Match[str]) -> bool:
    """A bare value that refers to a secret rather than holds one, read to its end (ASSIGNMENT
    stops a value at `)` or `}`): Python's `%(SSH_PASS)s` (an Ansible inventory), Compose's
    escaped `$${REDIS_PASSWORD}`; or a variable's name inside `${NAME:?message}` (Compose's and
    the shell's required variable: its `:` assigns nothing; `${NAME:-default}` gives a value)."""
    if line.endswith("${", 0, m.start("key")) and m.group("value").startswith("?"):
        return True
    whole = _WHOLE_VALUE.match(line, m.start("value"))
    value = whole.group(0) if whole else m.group("value")
    return is_placeholder(value[1:] if value.startswith("$${") else value)


# A YAML flow mapping's (or an object literal's) opening brace and first key, `{value:`:
# syntax, not a bare value (Spring's `{noop}pw`, LDAP's `{SSHA}...` have no colon)
_FLOW_OPENER = re.compile(r"\{[A-Za-z_][\w\-]*:")


def _assignment(text: str, start: int, m: re.Match[str], group: str,
                mode: Mode) -> list[tuple[int, int, str, bool]]:
    """The span of one key = value match when it holds a secret (none or one)."""
    key = m.group("key")
    whole, end = m.group(group), m.end(group)
    if group == "value" and whole.startswith("["):
        line_end = text.find("\n", start + end)
        if "]" in text[start + end:len(text) if line_end == -1 else line_end]:
            return []  # a flow list's first item (`credentials: [user, password]`): flowlists'
    if group == "value" and mode == "code":
        before = text[start:start + m.start()]
        inside = _in_literal(before)
        if inside:  # a URL's query in a string: the value ends at the next parameter
            whole = _QUERY_END.split(whole, 1)[0]
            end = m.start(group) + len(whole)
        if not (COMMENT_BEFORE.search(before) and _COMMENT_VALUE.fullmatch(
                    whole.strip().rstrip("."))
                or (inside or _shell_variable(text, start, m))
                and (random_literal(whole.strip()) or password_digest(key, whole)
                     or not inside and shell_password(key, whole.strip()))):
            return []  # a bare value in code is an expression, not a literal
        # in a comment, or a string (`"X-Api-Key: V"`, `"...?api_key=V&"`, a JVM flag's
        # `-D...superDigest=super:HASH`), or a shell variable: one token, as in documentation
        # (not a bare word)
        mode = "text"
    if group == "qvalue" and _quote_closes_key(text[start:start + m.start()], m):
        return []  # Vim's `'core.askPass=' . s:ExecPath()[0] . '/x'`: code between literals
    prefix = (m.group("prefix") or "").lower()
    if group == "qvalue" and ("f" in prefix and "{" in whole.replace("{{", "")
                              or "r" in prefix and P.RAW_REGEX.search(whole)):
        return []  # an f-string's expression (`f"{token[:3]}****"`), a raw regex (`r'[A-Z]\w*'`)
    if group == "qvalue":  # judged whole: `KEY = 'Tq7Wz3' +\n 'Lx9Rk5...'`
        whole += glued_literals(text, start + m.end())
    elif mode == "config" and is_secret_key(key):  # YAML's, INI's `password: a b 42!` to the
        # line's end (or a ` #` comment): a passphrase unquoted
        line_end = text.find("\n", start + end)
        rest = text[start + m.start(group):len(text) if line_end == -1 else line_end]
        rest = rest.split(" #", 1)[0].rstrip()
        if " " in rest and (passphrase(rest) or _PLAIN_WORDS.fullmatch(rest) and is_secret_value(
                whole.strip(), key, literal_words=True)):  # `password: correct horse staple`:
            # words whose first alone would be taken go whole, never the first word alone
            return [(start + m.start(group), start + m.start(group) + len(rest),
                     "secret_assignment", False)]
    span = [(start + m.start(group), start + end, "secret_assignment", False)]
    if not is_secret_key(key):  # `cloudant_key = "<random>"`, Vault's `secret_id = "<uuid>"`
        return span if (random_key_value(key, whole) or secret_id(key, whole)
                        or password_digest(key, whole)) else []
    value = whole.strip()
    return span if is_secret_value(value, key, literal_words=mode == "config") else []


_PLAIN_WORDS = re.compile(r"[A-Za-z]+(?: [A-Za-z]+){1,7}")
GLUED = re.compile(r"""\s*(?:\\\r?\n|\+|\.\.?|&)?\s*(?P<q>["'`])(?P<value>[^"'`\n]*)(?P=q)""")


def glued_literals(text: str, at: int) -> str:
    """The string literals glued to a literal that closes at `at` (implicit concatenation,
    `+`, `..`, PHP's `.`, `&`, a backslash continuation), joined: a split token is judged whole."""
    parts: list[str] = []
    while len(parts) < 32:
        m = GLUED.match(text, at)
        if not m or not m.group("value"):
            break
        parts.append(m.group("value"))
        at = m.end()
    return "".join(parts)


def random_key_value(key: str, value: str) -> bool:
    """A key named `..._key` holding a random-looking literal: a key, not a lookup name."""
    words = key_words(key)
    if not words or words[-1] != "key" or len(value) < 16 or " " in value or "(" in value:
        return False
    if names_public_key(words):
        return False
    if len(words) > 1 and words[-2] == "for":  # Cocoa's `objectForKey:@"v"`, `setBool:b
        return False  # forKey:@"v"`: the name of a stored value, which is not a key
    if is_placeholder(value) or _reference(value):
        return False
    if re.fullmatch(r"[A-Za-z]+(?:[_.:\-][A-Za-z0-9]+)+", value) and not _random_end(value):
        return False  # user_profile_v2, a.b.c (Apollo's `service:GRAPH:TOKEN` ends in a key)
    # an address with no userinfo, query or fragment: NuGet.config's `<add key="https://api.nuget.
    # org/v3/index.json" value="..."/>` names a feed (and its value was then redacted wherever
    # the file named the feed)
    if re.fullmatch(r"[A-Za-z][A-Za-z0-9+.\-]*://[^\s@?#]+", value):
        return False
    has_digit = any(c.isdigit() for c in value)
    return has_digit and any(c.isalpha() for c in value) and entropy(value) >= 3.0


def secret_id(key: str, value: str) -> bool:
    """A UUID under a name ending in "secret id" (Vault AppRole's `secret_id`, Consul's and
    Nomad's `SecretID`: the token itself, where `AccessorID` only names it); an AWS
    `SecretId` names a secret (`prod/db`), no UUID."""
    return (len(value) >= 36 and key[-2:].lower() == "id" and P.UUID.fullmatch(value.strip())
            is not None and key_words(key)[-2:] == ["secret", "id"])


# (after a scheme's name: Jenkins' `#jbcrypt:$2a$..`, LDAP's and Dovecot's `{SSHA}..`)
_DIGEST = re.compile(r"(?:#[a-z]\w*:|\{[A-Z][\w\-]*\})?"
                     r"(?:[0-9a-fA-F]{32,128}|[A-Za-z0-9+/]{22,}={0,2}|\$[\w$./=,+\-]{20,})")


def password_digest(key: str, value: str) -> bool:
    """A password's hash under its name (RabbitMQ's definitions' `password_hash`, Graylog's
    `root_password_sha2`, ClickHouse's `password_sha256_hex`, ZooKeeper's `superDigest`'s
    `super:BASE64`: P.DIGEST_KEY_TAILS): hex, base64 or crypt, with a digit; crackable
    offline, as the crypt hashes of `directives` and `pasted` are. An algorithm's name
    (`password_hash: bcrypt`) stays."""
    words = [w for w in key_words(key) if not w.isdigit()]  # `sha2`: [sha, 2]
    value = value.strip()
    if tuple(words[-2:]) in P.DIGEST_KEY_TAILS:  # ZooKeeper's `superDigest=super:BASE64`
        value = value.split(":", 1)[-1]
        return _DIGEST.fullmatch(value) is not None and any(c.isdigit() for c in value)
    if "pass" not in key.lower() or len(value) < 20:
        return False
    return (any(w in ("password", "passwd", "pass") for w in words)
            and words[-1] in P.DIGEST_KEY_ENDS and _DIGEST.fullmatch(value) is not None
            and any(c.isdigit() for c in value))


def _random_end(value: str) -> bool:
    """Whether the last `:`-part of a value is a random token of 16+ letters and digits mixed."""
    last = value.rsplit(":", 1)[-1]
    return (len(last) >= 16 and last.isalnum() and any(c.isdigit() for c in last)
            and any(c.isupper() for c in last) and any(c.islower() for c in last))


_TOKEN = re.compile(r"[A-Za-z0-9_\-+/=.~]+")  # a token's characters, no markup or interpolation
_QUERY_END = re.compile(r"[&#]")
_SHELL_ASSIGNMENT = re.compile(r"[ \t]*(?:(?P<word>export|local|declare|readonly|set)[ \t]+)?")


def _shell_variable(text: str, start: int, m: re.Match[str]) -> bool:
    """`export API_TOKEN=V` (or local, declare, readonly, set), or `API_TOKEN=V` alone on its
    line with a random V: a shell variable's literal (a Python keyword argument on a line of
    its own, `password=pass_sha2,`, is followed by more, and names no random word)."""
    shell = _SHELL_ASSIGNMENT.fullmatch(text, start, start + m.start())
    if shell is None or " " in m.group(0):
        return False
    if shell.group("word"):
        return True
    line_end = text.find("\n", start + m.end())
    rest = text[start + m.end():] if line_end == -1 else text[start + m.end():line_end]
    return not rest.strip() and random_part(m.group("value"))


def _quote_closes_key(before: str, m: re.Match[str]) -> bool:
    """Whether the quote opening a quoted value closes the literal the key stands in
    (`'core.askPass=' . x . '/y'`: the "value" is the code between two literals), the key's
    own quote not closed after it (`'api_key'='X'` is a key and a value)."""
    q = m.group("q")
    if m.string[m.end("key"):m.end("key") + 1] in "\"'":
        return False
    plain = before.replace("\\\\", "").replace("\\" + q, "")
    return plain.count(q) % 2 == 1


def _in_literal(before: str) -> bool:
    """Whether a line's text up to here is inside a string literal (an odd number of one
    kind of quote, escaped ones not counted), a JavaScript template literal's too."""
    plain = (before.replace("\\\\", "").replace('\\"', "").replace("\\'", "")
             .replace("\\`", ""))
    return any(plain.count(q) % 2 == 1 for q in "\"'`")


_PASSWORD_LAST_WORDS = frozenset({"pass", "password", "passwd", "pwd", "passphrase"})


def shell_password(key: str, value: str) -> bool:
    """session 42: a shell variable whose name ends in a password's word, given a literal of
    8+ characters, letters with digits, no expansion (`export OC_PASS=AibNy7208!`; a random
    literal needs 12+ under any secret's name, `random_literal`)."""
    words = key_words(key)
    return (bool(words) and words[-1] in _PASSWORD_LAST_WORDS and len(value) >= 8
            and any(c.isdigit() for c in value) and any(c.isalpha() for c in value)
            and not any(c in value for c in "$`(){}[]<>\"'") and not is_placeholder(value)
            and entropy(value) >= 2.8)


def random_literal(value: str) -> bool:
    """A bare word no name looks like: 12+ characters, letters with digits, high in entropy
    (`export API_TOKEN=Zt8pQ2xW7mK4...` is a literal in a shell script; `TOKEN=$TOKEN` and
    `KEY=key_name` are not)."""
    return (len(value) >= 12 and _TOKEN.fullmatch(value) is not None
            and any(c.isdigit() for c in value) and any(c.isalpha() for c in value)
            and entropy(value) >= 3.0 and not is_placeholder(value))


def _reference(value: str) -> bool:
    """`settings.SECRET_KEY`, `os.getenv(...)`, `email[` (of `email["PASSWORD"]`, cut at its
    quote in prose), `(element.requirepass` (a template's parenthesised expression, cut at its
    space: DebOps' `"requirepass": (element.requirepass | d(..))`): a name in code, not a
    literal; unless a part of it is random (`hvs.CAESIJx9Kq2m...`, a token with a dot)."""
    value = value.lstrip("(")
    return (P.CODE_REFERENCE.match(value) is not None
            and ("." in value or "(" in value or value.endswith("["))
            and not random_part(value))


_PART = re.compile(r"[^.(\[]{16,}")


def random_part(value: str) -> bool:
    """A dotted value with a part that no name looks like: 16+ characters of both cases with
    digits, high in entropy (`hvs.CAESIJx9Kq2mWv7Rt4...`, a Vault token; `ya29.a0AfH6SM...`):
    a token, not a path like `rest_framework.authtoken.models`."""
    return any(any(c.isdigit() for c in part) and any(c.islower() for c in part)
               and any(c.isupper() for c in part) and entropy(part) >= 3.5
               for part in _PART.findall(value))


_COLOR = re.compile(r"#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")
# An absolute path of words: the route a key names (django-allauth's example app,
# `CHANGE_PASSWORD: '/account/password/change'`, `RESET_PASSWORD: '/auth/password/reset'`),
# never a secret; a digit or mixed case (`/Tq7Wz3`, `/TqWzLx`) still is one
_ROUTE = re.compile(r"(?:/(?:[A-Z]?[a-z]+(?:[-_][A-Za-z]?[a-z]+)*|:\w+|\{\w+\}|<\w+>))+/?")


_PASSPHRASE = re.compile(r"\S+(?: \S+){2,7}")  # 3 to 8 words, one space apart
_PASSPHRASE_MARK = re.compile(r"[0-9!@#$%^&*+=~|]")
_WORD_CHARS = re.compile(r"[^\w']+")
_NEXT_ARGUMENT = re.compile(r"[A-Za-z_][\w.\-]*=")  # `priv=`, `state=`


def passphrase(value: str) -> bool:
    """A password of words (`my secret pass 42!`, `correct horse battery 9`): 3 to 8 words,
    12 to 80 characters, a digit or a symbol among them, each word holding a letter or a digit
    and no `_` (code between quotes is no passphrase); not a label, help text or prompt,
    which words of a form's text (`P.LABEL_WORDS`: enter, your, characters, optional...),
    brackets, a sentence's capital and full stop, or a prompt's closing `:` or `?` show."""
    if not 12 <= len(value) <= 80 or not _PASSPHRASE.fullmatch(value):
        return False
    if not _PASSPHRASE_MARK.search(value) or any(c in value for c in "()[]{}<>\"`"):
        return False
    if value.endswith((":", "?", "...", "\u2026")) or value[0].isupper() and value.endswith("."):
        return False
    spaced = value.split(" ")
    # code between quotes, not words: an operator alone (`' + access_key + '`), an identifier
    if any(not any(c.isalnum() for c in w) or "_" in w for w in spaced):
        return False
    # the next arguments of a one-liner, not words of the password: Ansible's `mysql_user:
    # name=bob password=X priv=*.*:ALL state=present`
    if any(_NEXT_ARGUMENT.match(w) for w in spaced[1:]):
        return False
    words = {w.lower() for w in _WORD_CHARS.split(value) if w}
    return words.isdisjoint(P.LABEL_WORDS)


def validation_rules(value: str) -> bool:
    """Whether a value is a list of validation rules (P.VALIDATION_RULES): Laravel's
    `required|string|min:12|confirmed`, CodeIgniter's `trim|required|min_length[8]`."""
    return (bool(P.VALIDATION_RULES.fullmatch(value)) and not random_part(value)
            and all(re.split(r"[:\[]", part, maxsplit=1)[0] in P.VALIDATION_RULE_NAMES
                    for part in value.split("|")))


def is_secret_value(value: str, key: str, *, literal_words: bool) -> bool:
    spaced = " " in value
    phrase = spaced and passphrase(value)
    if value.isdigit() and len(value) < P.WEAK_MIN_LENGTH:  # a PIN under a password's name
        return secret_number(value, key_words(key))
    if len(value) < P.WEAK_MIN_LENGTH or value.lower() == key.lower():
        return False
    # `my secret pass 42!` is a password of words, not `my_api_key` standing for one
    if is_placeholder(value) and not (phrase and value[:3].lower() == "my "):
        return False
    if value.replace(".", "").replace("_", "").replace("-", "").isdigit():
        return secret_number(value, key_words(key))  # `"password": 12345678901`
    if _COLOR.fullmatch(value):  # a theme's `$light-token-str: #0451a5` (coverage.py's scss)
        return False
    if validation_rules(value) or value.lower() in P.SECRET_CAST_VALUES:
        return False  # `'password' => 'required|min:12|confirmed'`, `'password' => 'hashed'`
    if phrase:  # words with a digit or a symbol, no form's words: a passphrase
        return True
    if spaced and entropy(value) < 4.0:  # prose: a help text, not a secret
        return False
    if spaced and any(w in P.SECRET_KEY_WORDS for w in key_words(value)):
        # a label or a prompt naming the field (Mojolicious' `label_for pass => 'Password
        # (optional, 7-500 characters)'`), not its value
        return False
    if _reference(value) or _ROUTE.fullmatch(value):
        return False
    # in config a bare word is the password; in code and prose it is a name (`_csrftoken`),
    # unless its letters are random (`TOKEN = "MbWPuGbvDjfVpEeHFWjwQZcY"`)
    return literal_words or not _IDENTIFIER_LIKE.match(value) or random_letters(value)
