"""Secrets written in Erlang's and Elixir's own forms (the BEAM's), where no `key = "value"`
or `key: "value"` shows them.

Found here (spans of the value only, never its name):
- the Erlang distribution cookie, a credential (whoever has it can run any code on the node):
  `-setcookie X` in a release's `vm.args` or an `erl` command line (`-setcookie Node X` too),
  `--cookie X` for `elixir`/`iex`, `RELEASE_COOKIE=X`, `Node.set_cookie(:X)`,
  `erlang:set_cookie(node(), 'X')`, a Mix release's `cookie: "X"`;
- a secret-named tuple in Erlang terms or Elixir (`{password, "X"}` in `sys.config`,
  `{api_token, <<"X">>}`, `{:secret, 'X'}`, an `.app.src` `{env, [{api_secret, "X"}]}`);
- an environment lookup's fallback over lines, as `mix format` breaks it (`secret_key_base =\n
  System.get_env("SECRET_KEY_BASE") ||\n    "X"`, Phoenix's generated prod.secret.exs with
  `raise` replaced by a default; on one line shapes.py finds it);
- Elixir's secret-named module attribute (`@api_token "X"`) and one-line function returning a
  literal (`defp api_key, do: "X"`), `Application.put_env(:app, :api_key, "X")` (Erlang's
  `application:set_env(app, api_key, "X")`), Req's `auth: {:basic, "user:X"}` and
  `{:bearer, "X"}`;
- a password hashed from a literal, as a seeds file does (`Bcrypt.hash_pwd_salt("X")`,
  Argon2's and Pbkdf2's, comeonin's older `hashpwsalt`), and the password given by position to
  `epgsql:connect(Host, User, "X", Opts)`;
- a Joken signing key: `default_signer: "X"`, `key_octet: "X"` (an HMAC key, not a signer's
  name), `Joken.Signer.create("HS256", "X")`;
- Elixir's sigil strings and heredocs under a secret's name, as its quoted strings are
  (`@secret_key ~S(X)`, `password: ~s(X)`, `token: ~s"X"`, `Signer.create("HS256", ~s(X))`,
  `api_key: \"\"\"` X `\"\"\"`);
- an Erlang macro named a secret's (`-define(API_KEY, <<"X">>).`, `-define(DB_PASSWORD, "X").`).

Phoenix's `signing_salt` and `encryption_salt` are not secrets (José Valim,
phoenixframework/phoenix#2146: "The secret_key_base is enough as a secret"): left as written.
A value is judged as a string literal of code is (`scan.is_secret_value`); a cookie is any
literal that is no placeholder (`${RELEASE_COOKIE}`, `<%= @release.options[:cookie] %>`).
"""

from __future__ import annotations

import re

from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import (
    COMMENT_BEFORE,
    is_placeholder,
    is_secret_key,
    is_secret_value,
)
from repokb.secrets.values import password_like

Span = tuple[int, int, str, bool]
# each form with the words one of which its text must hold to be tried
_Anchored = tuple[tuple[re.Pattern[str], tuple[str, ...]], ...]

_COOKIE_VALUE = r"""(?P<q>["']?)(?P<value>[^\s"'#%$<>{}(),;]{4,255})(?P=q)"""
_SETCOOKIE = re.compile(
    r"""(?:^|[\s"'])(?:-setcookie(?:[ \t]+[\w.\-]+@[\w.\-]+)?|--cookie)[ \t]+""" + _COOKIE_VALUE
    + r"""(?=[\s"']|$)""", re.M)
_COOKIE_ENV = re.compile(
    r"""\b(?:RELEASE_COOKIE|ERLANG_COOKIE|ERL_COOKIE|NODE_COOKIE)["']?[ \t]*(?:=|:|=>)[ \t]*"""
    + _COOKIE_VALUE + r"""(?=[\s"',;)}\]]|$)""", re.M)
# `Node.set_cookie(:x)`, `Node.set_cookie(node(), :"x")`, `erlang:set_cookie(node(), 'x')`
# (not an HTTP response's `set_cookie("name", ...)`: Django's, Flask's)
_SET_COOKIE_CALL = re.compile(
    r"""\b(?:Node\.|erlang:)set_cookie\s*\((?:\s*[\w.:]+(?:\(\s*\))?\s*,)?\s*"""
    r"""(?::"|:|')(?P<value>[^\s"',()]{4,255})""")
_COOKIE_KEYWORD = re.compile(r"""\bcookie:[ \t]*(?::"|")(?P<value>[^\s"']{4,255})\"""")
# what stands for a cookie in help and comments: `--cookie COOKIE`, `-setcookie my_cookie`,
# "%% No -setcookie argument" (a real one from `mix release` is 56 capitals)
_METAVARIABLE = re.compile(r"[A-Z][A-Z_]{0,15}")
_NAMED_COOKIE = re.compile(r"[a-z_\-]*cookie[a-z_\-]*", re.I)
_WORD = re.compile(r"[a-z]+")
# `{password, "X"}`, `{api_token, <<"X">>}`, Elixir's `{:secret, "X"}`
_TUPLE = re.compile(
    r"""\{\s*:?'?(?P<key>[A-Za-z_][\w@]{0,80})'?\s*,\s*(?:<<\s*)?(?P<q>["'])"""
    r"""(?P<value>[^"'\n]{1,400})(?P=q)(?:\s*>>)?\s*\}""")
_GET_ENV_FALLBACK = re.compile(
    r"""\bget_env\(\s*"(?P<key>\w{1,80})"\s*\)\s*\|\|\s*"(?P<value>[^"\n]{1,400})(?=")""")
_ATTRIBUTE = re.compile(r"""^[ \t]*@(?P<key>[a-z_]\w{0,80})[ \t]+"(?P<value>[^"\n]{1,400})\"""",
                        re.M)
_DEF_LITERAL = re.compile(
    r"""\bdefp?[ \t]+(?P<key>[a-z_]\w{0,80})(?:\(\s*\))?[ \t]*,[ \t]*do:[ \t]*"""
    r""""(?P<value>[^"\n]{1,400})\"""")
_PUT_ENV = re.compile(
    r"""\b(?:put_env|set_env)\(\s*:?\w+\s*,\s*:?(?P<key>\w{1,80})\s*,\s*(?:<<)?"""
    r""""(?P<value>[^"\n]{1,400})\"""")
_REQ_AUTH = re.compile(
    r"""\{\s*:basic\s*,\s*"[^":\s]{1,64}:(?P<value>[^"\s]{4,128})"|"""
    r"""\{\s*:bearer\s*,\s*"(?P<token>[^"\s]{8,400})\"""")
_HASHED = re.compile(
    r"""\b(?:hash_pwd_salt|hashpwsalt|add_hash)\s*\(\s*(?P<q>["'])(?P<value>[^"'\n]{4,128})"""
    r"""(?P=q)""")
_EPGSQL = re.compile(
    r"""\bepgsql:connect\s*\(\s*(?:[^,()\n]+,\s*){2}(?P<q>["'])(?P<value>[^"'\n]{4,128})"""
    r"""(?P=q)""")
_JOKEN_KEY = re.compile(
    r"""\b(?:default_signer|key_octet):[ \t]*(?P<q>["'])(?P<value>[^"'\n]{4,400})(?P=q)"""
    r"""|\bSigner\.create\(\s*"HS\d{3}"\s*,\s*(?P<q2>["'])(?P<value2>[^"'\n]{4,400})(?P=q2)""")

# `~s(X)`, `~S"X"`, `~s{X}`, ... : the value is the group of the delimiter used
_SIGIL_BODY = (r"""~[sS](?:\((?P<v1>[^()\n]{1,400})\)|"(?P<v2>[^"\n]{1,400})"|"""
               r"""\{(?P<v3>[^{}\n]{1,400})\}|\[(?P<v4>[^\[\]\n]{1,400})\]|"""
               r"""<(?P<v5>[^<>\n]{1,400})>|\|(?P<v6>[^|\n]{1,400})\||'(?P<v7>[^'\n]{1,400})')""")
_SIGIL = re.compile(
    r"""(?:^[ \t]*@(?P<key>[a-z_]\w{0,80})[ \t]+|\b(?P<kw>[a-z_]\w{0,80}):[ \t]*|"""
    r"""\bSigner\.create\(\s*"HS\d{3}"\s*,\s*)""" + _SIGIL_BODY, re.M)
_EX_HEREDOC = re.compile(
    r"""(?:^[ \t]*@(?P<key>[a-z_]\w{0,80})[ \t]+|\b(?P<kw>[a-z_]\w{0,80}):[ \t]*)"""
    r"""(?:~[sS])?\"\"\"[ \t]*\n(?P<body>(?:(?![ \t]*\"\"\").*\n){1,20}?)[ \t]*\"\"\"""", re.M)
_DEFINE = re.compile(
    r"""^-define\(\s*(?P<key>[A-Za-z_]\w{0,80})\s*,\s*(?:<<\s*)?(?P<q>["'])"""
    r"""(?P<value>[^"'\n]{1,400})(?P=q)(?:\s*>>)?\s*\)""", re.M)

_COOKIES: _Anchored = ((_SETCOOKIE, ("-setcookie", "--cookie")), (_COOKIE_ENV, ("_COOKIE",)),
                       (_SET_COOKIE_CALL, ("Node.set_cookie", "erlang:set_cookie")),
                       (_COOKIE_KEYWORD, ("cookie:",)))
_POSITIONAL: _Anchored = ((_HASHED, ("hash_pwd_salt", "hashpwsalt", "add_hash(")),
                          (_EPGSQL, ("epgsql:connect",)))
# one of which the lower-cased text must hold for any form outside Erlang and Elixir to be
# tried (each form's own anchors, above and in `find`, hold one): a few passes over a Python
# file instead of one per anchor
_ANY_FORM = ("cookie", "_env(", ":basic", ":bearer", "hash", "epgsql", "signer", "key_octet")


def find(text: str, language: str | None = None, keys: KeyLines | None = None) -> list[Span]:
    """Spans of secret values in the forms above (see the module docstring); tuples in Erlang
    and Elixir only (Python's `{"a", "b"}` is a set)."""
    if language not in ("erlang", "elixir"):
        keys = KeyLines(text) if keys is None else keys  # find_all's: found once for all
        if not keys.has(_ANY_FORM):
            return []
    out: list[Span] = []
    for pattern, anchors in _COOKIES:
        if any(a in text for a in anchors):
            for m in pattern.finditer(text):
                if _cookie_like(text, m.start("value"), m.group("value")):
                    out.append((m.start("value"), m.end("value"), "erlang_cookie", False))
    if language in ("erlang", "elixir") and "{" in text:
        for m in _TUPLE.finditer(text):
            out += _named(m, "erlang_tuple")
    if language == "elixir" and "||" in text:
        for m in _GET_ENV_FALLBACK.finditer(text):
            out += _named(m, "env_default")
    if language == "elixir" and "@" in text:
        for m in _ATTRIBUTE.finditer(text):
            out += _named(m, "module_attribute")
    if language == "elixir" and "do:" in text:
        for m in _DEF_LITERAL.finditer(text):
            out += _named(m, "function_literal")
    if "put_env(" in text or "set_env(" in text:
        for m in _PUT_ENV.finditer(text):
            out += _named(m, "named_argument")
    if ":basic" in text or ":bearer" in text:
        for m in _REQ_AUTH.finditer(text):
            group = "value" if m.group("value") is not None else "token"
            if password_like(m.group(group), min_length=6):
                out.append((m.start(group), m.end(group), "credential_argument", False))
    for pattern, anchors in _POSITIONAL:
        if any(a in text for a in anchors):
            for m in pattern.finditer(text):
                value = m.group("value")
                if " " not in value and password_like(value, min_length=6):
                    out.append((m.start("value"), m.end("value"), "credential_argument",
                                False))
    if language == "elixir" and "~" in text:
        for m in _SIGIL.finditer(text):
            out += _sigil(m)
    if language == "elixir" and '"""' in text:
        for m in _EX_HEREDOC.finditer(text):
            out += _heredoc(m)
    if language == "erlang" and "-define" in text:
        for m in _DEFINE.finditer(text):
            out += _named(m, "erlang_macro")
    if "default_signer" in text or "key_octet" in text or "Signer.create" in text:
        for m in _JOKEN_KEY.finditer(text):
            group = "value" if m.group("value") is not None else "value2"
            if is_secret_value(m.group(group), "secret", literal_words=False):
                out.append((m.start(group), m.end(group), "signing_key", False))
    return out


def _named(m: re.Match[str], detector: str) -> list[Span]:
    """The `value` of a match whose `key` names a secret, when it is a secret's value."""
    key, value = m.group("key"), m.group("value")
    if is_secret_key(key) and is_secret_value(value, key, literal_words=False):
        return [(m.start("value"), m.end("value"), detector, False)]
    return []


def _sigil(m: re.Match[str]) -> list[Span]:
    """A sigil string's value under a secret's name (a Joken key's: the key's)."""
    group = next(g for g in ("v1", "v2", "v3", "v4", "v5", "v6", "v7") if m.group(g) is not None)
    key = m.group("key") or m.group("kw") or "secret"
    value = m.group(group)
    if is_secret_key(key) and is_secret_value(value, key, literal_words=False):
        return [(m.start(group), m.end(group), "sigil_string", False)]
    return []


def _heredoc(m: re.Match[str]) -> list[Span]:
    """The lines of a heredoc under a secret's name that are a secret's value."""
    key = m.group("key") or m.group("kw")
    if not is_secret_key(key):
        return []
    out: list[Span] = []
    at = m.start("body")
    for line in m.group("body").splitlines(keepends=True):
        value = line.strip()
        if value and is_secret_value(value, key, literal_words=False):
            first = at + line.index(value)
            out.append((first, first + len(value), "heredoc", False))
        at += len(line)
    return out


def _cookie_like(text: str, at: int, value: str) -> bool:
    """A cookie's value, not what stands for one: a placeholder, a metavariable of help text
    (`COOKIE`), a name saying it is one (`my_cookie`) or a plain word in a comment."""
    if (is_placeholder(value) or _METAVARIABLE.fullmatch(value)
            or _NAMED_COOKIE.fullmatch(value)):
        return False
    before = text[text.rfind("\n", 0, at) + 1:at]
    in_comment = "%" in before or COMMENT_BEFORE.search(before) is not None
    return not (in_comment and _WORD.fullmatch(value))
