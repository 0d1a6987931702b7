"""Values that name an environment variable, under a key that says the value is a name.

`api_key_env_vars: Sequence[str] = ("ANTHROPIC_AWS_API_KEY",)`, `secret_name =
"AWS_SECRET_ACCESS_KEY"`, `TOKEN_ENV = "GITHUB_TOKEN"`: the key holds a secret word, so a finder
reads the value as the secret; but it is the NAME of the variable that holds the secret. Both
must hold for a finding to be dropped:

- the key (the name the value is assigned to, or the list it stands in) ends in a word that
  says it names something: env, envs, var, vars, variable, variables, name, names;
- the value is an environment variable's name: all-caps words joined by underscores, each word
  letters then at most a few digits (`OAUTH2`, `S3`, `X509`), or digits alone; or one word that
  is itself a secret word (`PASSWORD`). No lower case, no digit between letters: a random token
  (`JBSWY3DP_EHPK3PXP`, base32; `AKIA...` has no underscore) fails it.

A strong finding (a token of a known format) is never dropped.
"""

from __future__ import annotations

import re

from repokb.secrets.scan import Finding, is_secret_key, key_words

_NAME_WORDS = frozenset({"env", "envs", "var", "vars", "variable", "variables", "name",
                         "names", "envvar", "envvars"})
_ENV_NAME = re.compile(r"[A-Z]+[0-9]{0,4}(?:_(?:[A-Z]+[0-9]{0,4}|[0-9]{1,4}))+")
_SECRET_WORD = re.compile(r"[A-Z]{4,}")
_TYPE = r"[A-Za-z_][\w.]*(?:\[[\w.\[\], |]{0,60}\])?"  # `str`, `Sequence[str]`, `dict[str, str]`
# The key before a value on its line: `key: Type = (`, `key = [`, `"key": `, `key => `,
# `key: `, then the list's earlier names (`("A_KEY", "`), then the value's opening quote.
_KEY_BEFORE = re.compile(
    r"""(?P<key>[A-Za-z_][\w.\-]{0,80})["'\]]*[ \t]*"""
    rf"""(?::[ \t]*{_TYPE}(?:[ \t]*\|[ \t]*{_TYPE})*[ \t]*=|:=|=>|=|:)[ \t]*[(\[{{]?[ \t]*"""
    r"""(?:["'`][A-Z][A-Z0-9_]*["'`][ \t]*,[ \t]*)*["'`]?$""")


def is_env_var_name(value: str) -> bool:
    """`ANTHROPIC_AWS_API_KEY`, `OAUTH2_CLIENT_SECRET`, `PASSWORD`; not `JBSWY3DP_EHPK3PXP`."""
    if len(value) > 80:
        return False
    if _ENV_NAME.fullmatch(value):
        return True
    return bool(_SECRET_WORD.fullmatch(value)) and is_secret_key(value)


def names_a_value(key: str) -> bool:
    """`api_key_env_vars`, `TOKEN_ENV`, `secret_name`, `apiKeyEnvVar`: the key holds a name."""
    words = key_words(key)
    return bool(words) and words[-1] in _NAME_WORDS


def drop_env_var_names(text: str, found: list[Finding]) -> list[Finding]:
    """found without the weak findings whose value names an environment variable under a key
    that says so (see the module docstring)."""
    kept = []
    for f in found:
        if not f.strong and is_env_var_name(text[f.start:f.end]):
            line_start = text.rfind("\n", 0, f.start) + 1
            m = _KEY_BEFORE.search(text, line_start, f.start)
            if m is not None and names_a_value(m.group("key")):
                continue
        kept.append(f)
    return kept
