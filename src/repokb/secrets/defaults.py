"""Secrets written in Go's and Ruby's own forms, where no `key = "value"` shows them.

Found here (spans of the value only, never its name):
- a Go struct tag's default under a secret-named field or environment variable
  (`Password string `env:"DB_PASSWORD" envDefault:"X"``: caarlos0/env, envconfig's `default:`);
- a Go flag's default (`flag.String("password", "X", usage)`, `flag.StringVar(&p, "api-token",
  "X", usage)`, pflag's and cobra's `StringP("password", "p", "X", usage)`);
- session 38: a lookup's default by keyword after a secret's name (Python's configparser
  `config.get("db", "password", fallback="X")`, `settings.get("api_key", default="X")`);
- a Ruby setting given as a symbol then its value (Sinatra's and Capistrano's `set :password,
  "X"`, `fetch(:db_password, "X")`);
- a Ruby percent literal assigned to a secret-named name (`API_KEY = %q(X)`, `%Q{X}`, `%(X)`);
- a shell's (and Compose's, a Dockerfile's, Yarn's) default of a secret-named variable, or of
  any variable given to a secret-named key: `${DB_PASSWORD:-X}`, `${API_TOKEN:=X}`,
  `${DB_PASSWORD-X}`, `${DB_PASSWORD:-"X"}`, `npmAuthToken: ${YARN_REG-X}` (a shell script
  is code, where a bare value beside `:` is an expression; `${VAR:?message}` is a message,
  kept). The key scanner leaves such a reference to this finder, so the variable's name stays
  readable;
- a Jinja default of a secret-named variable (Ansible's and Salt's templates: `{{ db_password |
  default('X') }}`, `{{ vault_token | d("X") }}`; judged as a flag's default is, so DebOps'
  `update_password | d("on_create")` and `password_encryption | d('scram-sha-256')` stay;
  `{{ pillar.get('db_password', 'X') }}` is Salt's and left to the key scanner).

The name must be a secret's (`scan.is_secret_key`); the value is judged as an assignment's is
(`values.value_ok`: not empty, a placeholder or a `${VAR}`), but a flag's, which stands among a
name and a usage text, must look like a secret (`scan.is_secret_value`: no words, no path). Each
form is tried only in a text holding its cheap anchor.
"""

from __future__ import annotations

import re

from repokb.rules import secret_patterns as P
from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import is_secret_key, is_secret_value, key_words
from repokb.secrets.values import is_field_name, value_ok

Span = tuple[int, int, str, bool]

# a struct field and its tag on one line: `Name Type `tag``
_STRUCT_TAG = re.compile(r"^[ \t]*(?P<field>[A-Za-z_]\w*)[ \t]+[^`\n]*?`(?P<tag>[^`\n]*)`", re.M)
_TAG_NAME = re.compile(r"""\b(?:env|envconfig|json|yaml|toml|mapstructure|koanf|flag)"""
                       r"""[ \t]*:[ \t]*"(?P<name>[^",]*)""")
_TAG_DEFAULT = re.compile(r"""\b(?:envDefault|default)[ \t]*:[ \t]*"(?P<value>[^"\n]*)\"""")
_GO_FLAG = re.compile(
    r"""\.String(?:Var)?P?\(\s*(?:&[\w.\[\]]+\s*,\s*)?"(?P<key>[\w.\-]{1,80})"\s*,\s*"""
    r"""(?:"\w"\s*,\s*)?"(?P<value>[^"\n]{1,400})\"""")
# found from its `:` (a pattern opening on a literal is searched fast), then the call before it
_SYMBOL_SETTING = re.compile(
    r""":(?P<key>[A-Za-z_]\w{0,80})[ \t]*,[ \t]*(?P<q>["'])(?P<value>[^"'\n]{1,400})(?P=q)""")
_KEYWORD_DEFAULT = re.compile(
    r"""["'](?P<key>[\w.\-]{1,80})["'][ \t]*,[ \t]*(?:fallback|default)[ \t]*=[ \t]*"""
    r"""(?P<q>["'])(?P<value>[^"'\n]{1,400})(?P=q)""")
_SETTING_CALL = re.compile(r"""\b(?:set|set_default|fetch)[ \t]*\(?[ \t]*$""")
_TAG_DEFAULT_AT = re.compile(r'efault[ \t]*:[ \t]*"')  # the lines to try _STRUCT_TAG on
_PERCENT_ANCHOR = re.compile(r"=[ \t]*%[qQ]?[(\[{<|!/]")
_CLOSING = {"(": ")", "[": "]", "{": "}", "<": ">"}
_PERCENT = re.compile(
    r"""(?P<key>[A-Za-z_]\w{0,80})[ \t]*=[ \t]*%[qQ]?(?P<open>[(\[{<|!/])"""
    r"""(?P<value>[^\n)\]}>|!/]{1,400})(?P<close>[)\]}>|!/])""")

# `${NAME:-default}`, `${NAME:=default}`, `${NAME-default}`; searched by its literal `${`
_SHELL_DEFAULT = re.compile(
    r"""\$\{(?P<key>[A-Za-z_]\w{0,80}):?[-=](?P<q>["']?)(?P<value>[^}\s"'`$]{1,200})(?P=q)\}""")
# the key a reference is given to, just before it on its line: `password: ${..`, `TOKEN="${..`
_GIVEN_TO = re.compile(r"""(?P<key>[A-Za-z_][\w.\-]{0,80})["']?[ \t]*[:=][ \t]*["']?$""")
# Jinja's default filter on a variable: `{{ db_password | default('X') }}`, `| d("X")`
_JINJA_DEFAULT = re.compile(
    r"""\{\{-?[ \t]*(?P<key>[A-Za-z_][\w.]{0,80})[ \t]*\|[ \t]*(?:default|d)[ \t]*\([ \t]*"""
    r"""(?P<q>["'])(?P<value>[^"'\n]{1,400})(?P=q)""")
# Python's named placeholder, not Ruby's `%(...)` literal: `ansible_password=%(SSH_PASS)s`
_PYTHON_FORMAT = re.compile(r"\(\w+\)[sdr]\b")


DEFAULT_WORDS = ("fallback", "default=", "default =")  # (in P.LINE_WORDS: `keys` finds them)


def find(text: str, keys: KeyLines | None = None) -> list[Span]:
    """Spans of every secret in the forms above (see the module docstring)."""
    out: list[Span] = []
    for start, end in (keys or KeyLines(text)).lines(DEFAULT_WORDS):
        out += [(m.start("value"), m.end("value"), "lookup_default", False)
                for m in _KEYWORD_DEFAULT.finditer(text, start, end)
                if is_secret_key(m.group("key"))
                and value_ok(m.group("value"))
                and is_secret_value(m.group("value"), m.group("key"), literal_words=False)]
    if "`" in text:
        end = -1
        for hit in _TAG_DEFAULT_AT.finditer(text):
            if hit.start() < end:
                continue  # on the line just tried
            start = text.rfind("\n", 0, hit.start()) + 1
            end = text.find("\n", hit.end())
            end = len(text) if end == -1 else end
            m = _STRUCT_TAG.match(text, start, end)
            if m:
                out += _tag_default(m.group("field"), m.group("tag"), m.start("tag"))
    if ".String" in text:
        out += _named(_GO_FLAG, text, "flag_default", strict=True)
    if "set" in text or "fetch" in text:
        out += [span for span in _named(_SYMBOL_SETTING, text, "setting_default")
                if _SETTING_CALL.search(text, max(0, span[0] - 120), _key_start(text, span))]
    if _PERCENT_ANCHOR.search(text):
        for m in _PERCENT.finditer(text):
            if (_CLOSING.get(m.group("open"), m.group("open")) == m.group("close")
                    and not _PYTHON_FORMAT.match(text, m.start("open"))
                    and _secret(m.group("key"), m.group("value"))):
                out.append((m.start("value"), m.end("value"), "percent_literal", False))
    if "{{" in text and "|" in text:
        out += [(m.start("value"), m.end("value"), "jinja_default", False)
                for m in _JINJA_DEFAULT.finditer(text)
                if _ends_secret(m.group("key").rsplit(".", 1)[-1])
                and _secret(m.group("key").rsplit(".", 1)[-1], m.group("value"), strict=True)]
    if "${" in text:
        out += [(m.start("value"), m.end("value"), "env_default", False)
                for m in _SHELL_DEFAULT.finditer(text)
                if _secret(m.group("key"), m.group("value"))
                or _secret(_given_to(text, m.start()), m.group("value"))]
    return out


def _given_to(text: str, at: int) -> str:
    """The name of the key the text at `at` is assigned to on its line ('' if none)."""
    m = _GIVEN_TO.search(text, text.rfind("\n", 0, at) + 1, at)
    return m.group("key") if m else ""


def _tag_default(field: str, tag: str, at: int) -> list[Span]:
    """The default in a struct tag, where the field or a name the tag gives it is a secret's."""
    default = _TAG_DEFAULT.search(tag)
    if default is None:
        return []
    names = [field, *(m.group("name") for m in _TAG_NAME.finditer(tag))]
    if not any(_secret(name, default.group("value")) for name in names if name):
        return []
    return [(at + default.start("value"), at + default.end("value"), "tag_default", False)]


def _key_start(text: str, span: Span) -> int:
    """Where the `:key` before a setting's value starts."""
    return text.rfind(":", 0, text.rfind(",", 0, span[0]))


def _named(pattern: re.Pattern[str], text: str, name: str, strict: bool = False) -> list[Span]:
    return [(m.start("value"), m.end("value"), name, False) for m in pattern.finditer(text)
            if _secret(m.group("key"), m.group("value"), strict)]


def _ends_secret(key: str) -> bool:
    """A variable whose last word (or pair) names the secret itself (`db_password`,
    `aws_secret_key`), not a setting about one (`password_encryption`)."""
    words = key_words(key)
    if not words:
        return False
    last = words[-1]
    return (last in P.SECRET_KEY_WORDS or last.endswith(P.GLUED_SECRET_WORDS)
            or tuple(words[-2:]) in P.SECRET_KEY_PAIRS)


def _secret(key: str, value: str, strict: bool = False) -> bool:
    if not is_secret_key(key) or is_field_name(value):
        return False
    return is_secret_value(value, key, literal_words=False) if strict else value_ok(value, key)
