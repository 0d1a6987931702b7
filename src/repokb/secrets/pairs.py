"""A secret-named string and the value string after it, paired by position, in any language.

No `key = "value"` shows these, yet the key names the value as plainly:
- the next element of a pair or an argument list: Python's `[("password", "X")]`,
  `headers = [("X-Api-Key", "X")]`, configparser's `config.set("db", "password", "X")`,
  `setattr(settings, "SECRET_KEY", "X")`; Elixir's `[{"password", "X"}]`; Go's
  `form.Set("password", "X")`, `req.Header.Set("X-Api-Key", "X")`; Java's `Map.of("password",
  "X")`, `Map.entry(..)`; Haskell's and OCaml's association lists (`[("api_key", "X")]`,
  http-client's `urlEncodedBody`); the key string opens the pair or follows a `,`, the value
  closes it or a `,` follows (`Map.of("user", "u", "password", "X")`);
- a secret-named option and its value, the next items of a command's exec form (a compose
  file's `command: ["redis-server", "--requirepass", "X"]`, a Dockerfile's `CMD [..]`, a
  subprocess' argument list, a YAML block list's `- --requirepass` then `- X`: session 39);
- Kotlin's `"password" to "X"` (a `Pair`, `mapOf(..)`'s entries);
- Go's `url.Values{"password": {"X"}}` and `http.Header{"X-Api-Key": []string{"X"}}`;
- a string literal that is a whole `KEY=X` with a secret-named KEY, an environment entry in any
  language (`env=["DB_PASSWORD=X"]`, Go's `cmd.Env = []string{"API_TOKEN=X"}`, PHP's
  `putenv('DB_PASSWORD=X')`), where the general finder takes only a random X from a literal.
- Erlang's and Elixir's binaries as key and value: `{<<"password">>, <<"X">>}`,
  `#{<<"api_key">> => <<"X">>}`, `%{<<"password">> => <<"X">>}`;
- the literal part of an f-string's or a JavaScript template's `KEY=X{..}`
  (`f"DB_PASSWORD=X-{env}"`), and a `KEY=` format filled with a literal at once
  (`"password=%s" % "X"`, `"user=u&password={}".format("X")`, `"DB_PASSWORD=" + "X"`).
- a secret-named key given a base64 literal decoded on the spot (`password =
  base64.b64decode("X")`, `atob("X")`, `Base64.decode64("X")`), X the secret encoded;
- a map literal given to a secret-named name, each value (`PASSWORDS = {"admin": "X"}`,
  `API_TOKENS = {"ci": "X"}`, Ruby's `{"admin" => "X"}`);
- a command-line option named for a secret and its default (argparse's `add_argument(
  "--password", default="X")`, click's `option("--api-key", default="X")`, typer's
  `Option("X", "--token")` and `token: str = typer.Option("X")`), where words with digits are
  a secret too (`default="ArgparseDef5512"`: `_placed`), as in a `KEY=` format filled at once
  (`"password=%s" % "ArgparseDef5512"`).

The key is judged by `scan.is_secret_key`, the value as a string literal of code is
(`scan.is_secret_value`: no placeholder, `${VAR}`, env lookup, empty or identifier) and is no
field's name (`("password1", "password2")`, a form's field list), a name of something (a
path, an address: `values.names_something`) nor a label (`"Password:"`); a value of letters
only is one when its words are glued in Pascal case (`"HunterTwoProd"`, `_words_password`) and
it is no class's name (`"PasswordInput"`) beside a key that is none either. So a form's choice
`("password", "Password")`, a label `("password", _("Password"))` or `("password", "The
password to log in with")`, and `setattr(self, "password", password)` stay as written; so does
Python's `{"password", "X"}`, a set of two strings (Elixir's is a tuple, Java's an array), and
a list of names one a line (`__all__`, a `Literal[..]`): a `,` pair spans no line break unless
brackets close it on both sides. Anchor first: only a quote before a key anchor is tried.
"""

from __future__ import annotations

import base64
import binascii
import re

from repokb.rules.secret_patterns import (
    CODE_NAME_SUFFIXES,
    KEY_ANCHORS,
    LABEL_WORDS,
    SECRET_KEY_WORDS,
)
from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import (
    NAME_WORD,
    is_placeholder,
    is_secret_key,
    is_secret_value,
    key_words,
    random_letters,
    word_letters,
)
from repokb.secrets.values import is_field_name, names_something, placed_password

Span = tuple[int, int, str, bool]

# a key and a value may stand in Erlang's and Elixir's binaries: `{<<"password">>, <<"X">>}`
_KEY = r"""(?P<kq>["'])(?P<key>-{0,2}[A-Za-z_][\w.\-]{0,80})(?P=kq)(?P<kb>>>)?"""
_VALUE = r"""(?P<vb><<)?(?P<q>["'])(?P<value>[^"'\n]{1,400})(?P=q)(?(vb)>>)"""
# from the key's opening quote; what opens the pair (`(`, `[`, `{`, `,`, `=`) is the text's last
# character before it (`_opener`)
_PAIR = re.compile(
    _KEY
    # `,`, Kotlin's `to`, Go's `: {`, a map's `=>` after a binary (Erlang's `#{<<"k">> => ..}`)
    + r"""\s*(?P<sep>,|\bto\b|:\s*(?:\[\]string\s*)?\{|(?(kb)=>|(?!)))\s*"""
    + _VALUE
    + r"""\s*(?P<close>[)\]},;]|$)""", re.M)
# the same pair as a YAML block list's items (a Kubernetes container's `args:` / `command:`):
# `- --requirepass` then `- X` at the same indent
_LIST_OPTION = re.compile(
    r"""(?m)^(?P<ind>[ \t]*)-[ \t]+(?P<kq>["']?)(?P<key>--?[A-Za-z][\w.\-]{0,80})(?P=kq)[ \t]*\n"""
    r"""(?P=ind)-[ \t]+(?P<q>["']?)(?P<value>[^\s"'#\-][^\n"']{0,400}?)(?P=q)[ \t]*$""")
# a literal that is one `KEY=X`, X no interpolation (`{pw}`, `${VAR}`, `<pw>`), no bind
# parameter (`:password`), nor empty (`"DB_PASSWORD=" + pw`)
_ENV_LITERAL = re.compile(
    r"""(?P<q>["'`])(?P<key>[A-Za-z_][\w.\-]{0,80})="""
    r"""(?P<value>(?!:)[^\s"'`{}$<>\\()\[\]]{1,400})(?P=q)""")
# a command-line option named for a secret and its default: argparse's `add_argument("--password",
# default="X")`, click's `@click.option("--api-key", default="X")`, also over lines as black
# breaks the call (no parenthesis between: the same call's)
_OPTION_DEFAULT = re.compile(
    r"""(?P<kq>["'])--?(?P<key>[A-Za-z][\w\-]{0,80})(?P=kq)[^()]{0,200}?\bdefault\s*=\s*"""
    r"""(?P<q>["'])(?P<value>[^"'\n]{1,400})(?P=q)""")
# typer's option, its default first: `typer.Option("X", "--token")`, `token: str =
# typer.Option("X")` (the parameter names it); found from its `Option(`
_TYPER_OPTION = re.compile(
    r"""Option\(\s*(?P<q>["'])(?P<value>[^"'\n]{1,400})(?P=q)\s*(?:,\s*(?:(?P<sq>["'])-\w(?P=sq)"""
    r"""\s*,\s*)?(?P<kq>["'])--?(?P<key>[A-Za-z][\w\-]{0,80})(?P=kq))?""")
_TYPER_PARAMETER = re.compile(r"""(?P<key>[A-Za-z_]\w{0,80})[ \t]*:[^=\n]{1,80}=[ \t]*[\w.]*$""")
# a secret-named key given a base64 literal decoded on the spot: `password =
# base64.b64decode("X")`, `const apiKey = atob("X")`, PHP's `base64_decode('X')`, Ruby's
# `Base64.decode64("X")`, .NET's `Convert.FromBase64String("X")`: X is the secret, encoded
_DECODED_LITERAL = re.compile(
    r"""(?P<key>[A-Za-z_][\w.]{0,80})["'\]]?[ \t]*(?::[ \t]*[\w.\[\]]+[ \t]*)?(?:=|:|=>)[ \t]*"""
    r"""[\w.:$>\-]*?(?:b64decode|urlsafe_b64decode|decodebytes|atob|decode64|base64_decode|"""
    r"""FromBase64String)\(\s*b?(?P<q>["'])(?P<value>[A-Za-z0-9+/_\-]{8,400}={0,2})(?P=q)""")
# its calls' names hold one of these (lower-cased): looked for first, then each line holding one
_AT_DECODED = ("decode", "atob(", "frombase64")
# a map literal given to a secret-named name, user (or service) to its secret: `PASSWORDS =
# {"admin": "X"}`, `API_TOKENS = {"ci": "X"}`, Ruby's `{"admin" => "X"}`; found from its `= {`
_DICT_OPEN = re.compile(r"""=[ \t]*\{[ \t]*(?=\n|["'])""")
_DICT_NAME = re.compile(r"""(?P<key>[A-Za-z_][\w.]{0,80})[ \t]*(?::[^=\n]{0,80})?$""")
_DICT_ENTRY = re.compile(
    r"""(?P<kq>["'])[^"'\n]{1,80}(?P=kq)[ \t]*(?::|=>)[ \t]*(?P<q>["'])(?P<value>[^"'\n]{1,400})"""
    r"""(?P=q)[ \t]*(?=[,}\n])""")
# an f-string's (a JavaScript template's) `KEY=X{..}`: the literal X before the interpolation is
# the secret's written part (`f"DB_PASSWORD=s3cr3t-{env}"`)
_TEMPLATE_LITERAL = re.compile(
    r"""(?P<q>["'`])(?P<key>[A-Za-z_][\w.\-]{0,80})="""
    r"""(?P<value>(?!:)[^\s"'`{}$<>\\()\[\]]{4,400})\$?\{""")
# a format whose one placeholder is the secret's, filled with a literal at once: `"password=%s"
# % "X"`, `"password={}".format("X")`, `"DB_PASSWORD=" + "X"` (a request body's, a DSN's)
_FILLED = re.compile(
    r"""(?P<key>[A-Za-z_][\w.\-]{0,80})=(?:(?P<ph>%s|\{0?\})[^"'\n%{}]{0,200})?(?P<q>["'])"""
    r"""\s*(?(ph)(?:%|\.format\()|\+)\s*(?P<vq>["'])(?P<value>[^"'\n]{1,400})(?P=vq)""")
# where such a key ends: one pass (seven `str.find`s of literal anchors took 0.33 s on Django)
_AT_FILLED = re.compile(r"""=(?:%s|\{0?\}|["']\s*\+)""")
# where `{"a", "b"}` is a set of two strings, not a pair (Elixir's tuple, Java's array)
_SET_LANGUAGES = frozenset({"python", "cython"})


def find(text: str, language: str | None = None, keys: KeyLines | None = None) -> list[Span]:
    """Spans of secret values paired by position with a secret-named key (module docstring);
    `keys`: the text's key words (find_all's, found once for every finder)."""
    keys = KeyLines(text) if keys is None else keys
    if not keys.has(KEY_ANCHORS):
        return []
    out: list[Span] = []
    sets = language in _SET_LANGUAGES
    for q in _quotes(text, keys):
        m = _PAIR.match(text, q)
        if m is not None and (opener := _opener(text, q, m.group("kb"))) and opener in "([{,=":
            comma = m.group("sep") == ","
            if comma and sets and opener == "{":
                continue
            if (comma and not (opener in "([{" and m.group("close") in ")]}")
                    and "\n" in text[m.start("key"):m.end("value")]):
                continue  # a list of names one a line (`__all__`, a `Literal[..]`), not a pair
            key, value = m.group("key"), m.group("value")
            if key.startswith("-") and value.startswith("-"):
                continue  # an option's names (`add_argument("--api-key", "--key")`)
            if is_secret_key(key) and _value(value, key):
                out.append((m.start("value"), m.end("value"), "positional_pair", False))
        m = _ENV_LITERAL.match(text, q)
        if m is not None and (q == 0 or text[q - 1] not in "\\" and not text[q - 1].isalnum()
                              and text[q - 1] != "_"):
            key, value = m.group("key"), m.group("value")
            if is_secret_key(key) and _value(value, key):
                out.append((m.start("value"), m.end("value"), "env_literal", False))
        m = _OPTION_DEFAULT.match(text, q) if text.startswith("-", q + 1) else None
        if m is not None and is_secret_key(key := m.group("key")) and (
                _value(value := m.group("value"), key) or _placed(value, key)):
            out.append((m.start("value"), m.end("value"), "option_default", False))
        m = _TEMPLATE_LITERAL.match(text, q)
        if m is not None and (q > 0 and text[q - 1] in "fF" or m.group("q") == "`"):
            key, value = m.group("key"), m.group("value").rstrip("-_.:/@")
            if is_secret_key(key) and _value(value, key):
                out.append((m.start("value"), m.start("value") + len(value), "env_literal",
                            False))
    if "- -" in text:
        out += [(m.start("value"), m.end("value"), "positional_pair", False)
                for m in _LIST_OPTION.finditer(text)
                if is_secret_key(m.group("key")) and _value(m.group("value"), m.group("key"))]
    for start, end in keys.lines(_AT_DECODED):
        for m in _DECODED_LITERAL.finditer(text, start, end):
            if is_secret_key(m.group("key")) and _decodes_to_text(m.group("value")):
                out.append((m.start("value"), m.end("value"), "encoded_literal", False))
    if "{" in text:
        out += _secret_maps(text)
    if "Option(" in text:
        out += _typer_options(text)
    for k in _filled_keys(text):
        m = _FILLED.match(text, k)
        if m is not None and is_secret_key(key := m.group("key")) and (
                _value(value := m.group("value"), key) or _placed(value, key)):
            out.append((m.start("value"), m.end("value"), "filled_format", False))
    return out


def _typer_options(text: str) -> list[Span]:
    """The default of each typer option named for a secret, by its `--name` or its parameter's
    name (`_TYPER_OPTION`), judged as an option's default is."""
    out: list[Span] = []
    for m in _TYPER_OPTION.finditer(text):
        key = m.group("key")
        if key is None:
            name = _TYPER_PARAMETER.search(text, text.rfind("\n", 0, m.start()) + 1, m.start())
            key = name.group("key") if name is not None else ""
        value = m.group("value")
        if is_secret_key(key) and not value.startswith("-") and (
                _value(value, key) or _placed(value, key)):
            out.append((m.start("value"), m.end("value"), "option_default", False))
    return out


def _secret_maps(text: str) -> list[Span]:
    """The values of each map literal given to a secret-named name (`_DICT_OPEN`), up to its
    first `}`: each value a secret by its place, judged as any pair's (`_value`)."""
    out: list[Span] = []
    for m in _DICT_OPEN.finditer(text):
        name = _DICT_NAME.search(text, text.rfind("\n", 0, m.start()) + 1, m.start())
        key = name.group("key") if name is not None else ""
        if not (is_secret_key(key) or key[-1:] in ("s", "S") and is_secret_key(key[:-1])):
            continue  # `PASSWORDS`, `api_tokens`: a name of many secrets
        end = text.find("}", m.end(), m.end() + 4000)
        for entry in _DICT_ENTRY.finditer(text, m.end(), end + 1 if end != -1 else m.end()):
            if _value(entry.group("value"), key):
                out.append((entry.start("value"), entry.end("value"), "secret_map", False))
    return out


def _filled_keys(text: str) -> set[int]:
    """Where a key before each `_AT_FILLED` anchor starts (anchor first: `_FILLED` tried at
    every letter took 0.45 s over Django's 24.4 M characters)."""
    starts: set[int] = set()
    for m in _AT_FILLED.finditer(text):
        at = k = m.start()
        while k > 0 and at - k < 81 and (text[k - 1].isalnum() or text[k - 1] in "_.-"):
            k -= 1
        if k < at:
            starts.add(k)
    return starts


def _quotes(text: str, keys: KeyLines) -> list[int]:
    """Where a quoted string that may hold a secret's name opens: the last quote before each
    key anchor (`"X-Api-Key"`'s `"`), at most 81 characters before it (a key's length)."""
    starts: set[int] = set()
    for anchor in KEY_ANCHORS:
        after = 0  # each place, not one overlapping the last (`sasas`: one `sas`)
        for at in keys.at(anchor):
            if at < after:
                continue
            after = at + len(anchor)
            lo = max(0, at - 81)
            q = max(text.rfind('"', lo, at), text.rfind("'", lo, at), text.rfind("`", lo, at))
            if q != -1:
                starts.add(q)
    return sorted(starts)


def _opener(text: str, at: int, binary: str | None = None) -> str:
    """The last character before `at` that is no white space ("" at the text's start); before
    a binary's `<<` when the key is one (`binary`: its closing `>>` matched)."""
    before = text[max(0, at - 200):at].rstrip()
    if binary:
        if not before.endswith("<<"):
            return ""
        before = before[:-2].rstrip()
    return before[-1] if before else ""


def _value(value: str, key: str) -> bool:
    """A literal that holds key's secret: no placeholder, name, path, field name or label."""
    if _label(value, key) or is_field_name(value):
        return False
    if _words_password(value) and not _words_password(key, any_last=True):
        return True  # not a list of class names (`__all__ = ["UsageTokens", "TopLogprob"]`)
    return (is_secret_value(value, key, literal_words=False) and not names_something(value)
            and not (_WORD.fullmatch(value) and not random_letters(value)) and not _name(value))


def _placed(value: str, key: str) -> bool:
    """A value in a secret's own place (a secret-named option's default): words with digits
    count too (`ArgparseDef5512`, `Devpass2024`: `values.placed_password`). No label, field
    name, placeholder, path or name of something."""
    return not _label(value, key) and placed_password(value, min_length=6)


_CAMEL_WORD = re.compile(r"[A-Z][a-z]+")


def _words_password(value: str, any_last: bool = False) -> bool:
    """A password of letters only, words glued in Pascal case (`HunterTwoProd`,
    `SuperSecretPass`): 8+ letters, 2+ capitalised words, no class's or type's name (its
    last word no `CODE_NAME_SUFFIXES`' one: `PasswordInput`, `SecretStr`). A lower-case word
    (`hunter`) and a capitalised one (`Password`) stay: a value cannot be told from a name.
    `any_last`: any last word (a key of such words is a class's name, its list one of names)."""
    words = _CAMEL_WORD.findall(value)
    return (len(value) >= 8 and len(words) >= 2 and "".join(words) == value
            and (any_last or words[-1].lower() not in CODE_NAME_SUFFIXES))


# letters and `_-.:` only, any alphabet: a word or a name (`contraseña`, `urn:ietf:params:..`)
_WORD = re.compile(r"(?:[^\W\d]|[_\-.:])+")


def _name(value: str) -> bool:
    """A class's or function's name with digits in it, two words of 3+ letters, half of its
    letters in words with a vowel (`scan.word_letters`), snake or camel case, ending in a
    letter: `MLKEM768X25519PublicKey`, `openssl_x509_checkpurpose`."""
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*[A-Za-z]", value):
        return False
    camel = re.search(r"[a-z0-9][A-Z][a-z]", value) is not None
    # a name's words hold a vowel and half of its letters; a token's runs do not
    # (`Uz8KSNXqzpLmhdVRN7spqESv`: `Xqzp`, `Lmhd`, `spq`)
    letters = sum(c.isalpha() for c in value)
    return (("_" in value or camel) and len(NAME_WORD.findall(value)) >= 2
            and word_letters(value) * 2 >= letters)


def _label(value: str, key: str) -> bool:
    """A field's label or prompt, no digit in it, only words of its key, of a secret's name
    or of a form (`("password", "Password:")`, `("api_key", "API-Key*")`)."""
    words = key_words(value)
    return (bool(words) and not any(c.isdigit() for c in value)
            and set(words) <= set(key_words(key)) | SECRET_KEY_WORDS | LABEL_WORDS)


def _decodes_to_text(value: str) -> bool:
    """Whether base64 `value` (standard or URL-safe) decodes to printable text of 4+
    characters that is no placeholder: the secret, encoded."""
    try:
        decoded = base64.b64decode(value.translate(_URL_SAFE) + "=" * (-len(value) % 4),
                                   validate=True).decode()
    except (binascii.Error, ValueError):  # UnicodeDecodeError is a ValueError
        return False
    return len(decoded) >= 4 and decoded.isprintable() and not is_placeholder(decoded)


_URL_SAFE = str.maketrans("-_", "+/")
