"""Rust's secrets that stand apart from the name they belong to.

- a command-line default on the attribute above a secret-named field (clap's and structopt's
  derive: `#[clap(long, default_value = "X")]` then `password: String,`; `default_value_t`
  too), the attribute and its doc comments between;
- a function named for a secret whose body is one string literal (`fn default_api_key() ->
  String { "X".to_string() }`, what serde's `#[serde(default = "default_api_key")]` calls).

The value is judged as a string literal of code is (`scan.is_secret_value`: no bare word, no
placeholder, no field name such as `password_confirmation`).
"""

from __future__ import annotations

import re

from repokb.secrets.scan import is_secret_key, is_secret_value
from repokb.secrets.values import is_field_name

Span = tuple[int, int, str, bool]

_CLAP_DEFAULT = re.compile(
    r"""#\[(?:arg|clap|structopt|argh|option)\([^\n]*?\bdefault_value(?:_t)?\s*=\s*"""
    r"""(?:[\w:]+\(\s*)?"(?P<value>[^"\n]{1,400})"[^\n]*\]\s*\n"""
    r"""(?:[ \t]*(?://[^\n]*|#\[[^\n]*\])\s*\n)*"""  # other attributes, comments
    r"""[ \t]*(?:pub(?:\([^)\n]*\))?\s+)?(?P<key>[A-Za-z_]\w*)\s*:""")
_LITERAL_FN = re.compile(
    r"""\bfn\s+(?P<key>[A-Za-z_]\w*)\s*\(\s*\)\s*->\s*[^{\n]{1,60}\{\s*"""
    r"""(?P<q>r?#*)"(?P<value>[^"\n]{1,400})"(?P=q)"""
    r"""(?:\.(?:to_string|to_owned|into)\(\)|\s*\.\s*into\(\))?\s*\}""")


def find(text: str, language: str | None) -> list[Span]:
    """Spans of the secrets above (see the module docstring), in Rust."""
    if language != "rust":
        return []
    out: list[Span] = []
    if "default_value" in text:
        out += _spans(_CLAP_DEFAULT, text, "parameter_default")
    if "fn " in text:
        out += _spans(_LITERAL_FN, text, "secret_assignment")
    return out


def _spans(pattern: re.Pattern[str], text: str, name: str) -> list[Span]:
    return [(m.start("value"), m.end("value"), name, False) for m in pattern.finditer(text)
            if is_secret_key(m.group("key"))
            and is_secret_value(m.group("value"), m.group("key"), literal_words=False)
            and not is_field_name(m.group("value"))]
