"""Secret shapes a line-by-line keyword or format finder misses, and shapes that only look secret.

Found here (spans of the value only, never the key): values on continuation lines (INI) and in
YAML block scalars or `!!binary` under a secret-named key, a YAML mapping under a secret key
(`password:\\n  secure: ...`) or a flow mapping's `value` under one (GitLab CI's `API_TOKEN:
{value: "..."}`), typed assignments (`db_password: str = "..."`,
`export const dbPassword: string = "..."`; Rust's `const`, `static` and `let` of any type, its
byte and raw strings, a value rustfmt put on the next line, a struct field's
`api_key: String::from("...")`), parenthesised values, environment lookups with a
default (`os.getenv("API_TOKEN", "...")`,
Ruby's `ENV.fetch("API_TOKEN") { "..." }`), Authorization header values (Bearer, Basic,
token; also given as a name and a value, Jenkins' `[name: 'Authorization', value: 'Bearer X']`,
Postman's `"key": "Authorization", "value": ..`),
docker `config.json` `"auth"` values, XML elements and name/value pairs named like a secret
(`<password>X</password>`, `<property name="password" value="X"/>`), a Terraform variable's
default (`variable "db_password" { default = "X" }`) and passwords in prose ("the password is
...", "use the password X on the admin page", "Use password X."; in code only in a comment, a
docstring or a string literal, `_PROSE_REGION`), where `password_like` keeps what documentation
says about passwords ("the password field", "a password of at least 8 characters",
`PBKDF2PasswordHasher`, `password123`), and a random token right after "token", "secret" or
"API key" with no verb ("Auth token X", `random_token`).
`extend_concatenation` widens a finding to the string literals glued to it (implicit
concatenation, `+`, backslash continuations), so no half of a split token survives.

Kept readable (`readable`): lockfile integrity hashes, checksums, digests and git SHAs named as
such by the key they are assigned to.
"""

from __future__ import annotations

import base64
import binascii
import re
from bisect import bisect_right

from repokb.rules import secret_patterns as P
from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import (
    COMMENT_BEFORE,
    GLUED,
    entropy,
    glued_literals,
    is_placeholder,
    is_secret_value,
    key_words,
    names_public_key,
    random_key_value,
)
from repokb.secrets.scan import is_secret_key as named_secret_key

_FIELD_NAME = re.compile(r"(?:[a-z]+_)*(?:password|passwd|pwd|secret|token|api_?key|secret_?key|"
                         r"passphrase)s?(?:_[a-z]+)*\d?")


def is_field_name(value: str) -> bool:
    """A value that names a field, a column or a table rather than holds a secret: `password2`,
    `new_password1`, `remember_token`, `password_resets`, `password_reset_tokens`."""
    return bool(_FIELD_NAME.fullmatch(value.lower()))

Span = tuple[int, int, str, bool]

_KEY = r"[A-Za-z_][A-Za-z0-9_.\-]{0,80}"
# key, optional type annotation, operator, optional "(", then a quoted or bare value
# (Julia writes `key::String = "v"`: a typed global, an `@kwdef` struct field's default)
_TYPED = re.compile(  # `key: str = "v"` (Python, TypeScript) or `var key string = "v"` (Go)
    rf"""(?:(?P<key>{_KEY})["']?[ \t]*::?[ \t]*[A-Za-z_][\w.\[\]|, ]{{0,40}}?"""
    rf"""|\b(?:var|const)[ \t]+(?P<gokey>{_KEY})[ \t]+[A-Za-z_][\w.\[\]]*)[ \t]*"""
    r"""(?::=|=)[ \t]*\(?[ \t]*(?P<q>["'`])(?P<value>[^"'`\n]{1,400})(?P=q)""")
# XML: an element or a name/value pair named like a secret (Maven's settings.xml
# `<password>X</password>`, Spring's `<property name="password" value="X"/>`, .NET's
# `<add key="ApiKey" value="X"/>`), and a Terraform variable's default
_XML_ELEMENT = re.compile(r"<(?P<key>[A-Za-z_][\w.\-]{0,80})(?:\s[^>]*)?>"
                          r"(?P<value>[^<>\n]{1,400})</(?P=key)\s*>")
_XML_NAME_VALUE = re.compile(
    r"""\b(?:name|key)\s*=\s*(?P<kq>["'])(?P<key>[A-Za-z_][\w.:\-]{0,80})(?P=kq)\s+"""
    r"""value\s*=\s*(?P<q>["'])(?P<value>[^"'\n]{1,400})(?P=q)""")
# a YAML flow mapping holding the value under a secret-named key: GitLab CI's `API_TOKEN:
# {value: "X", expand: false}` (the block form is a mapping under a secret key, `_blocks`)
_FLOW_VALUE = re.compile(
    r"""(?P<key>[A-Za-z_][\w.\-]{0,80})["']?[ \t]*:[ \t]*\{[ \t]*["']?value["']?[ \t]*:[ \t]*"""
    r"""(?P<q>["']?)(?P<value>[^"',}\s][^"',}\n]{0,399}?)(?P=q)[ \t]*[,}]""")
_HCL_DEFAULT = re.compile(
    r"""\bvariable\s+"(?P<key>[A-Za-z_][\w\-]{0,80})"\s*\{[^{}]{0,400}?"""
    r'\bdefault\s*=\s*"(?P<value>[^"\n]{1,400})"')
# what every _HCL_DEFAULT match holds, literal first (fast): `variable` is a common word, and
# _HCL_DEFAULT, opening on `\b`, was tried at every character of a text holding it (0.12 s over
# Django's texts against 0.02)
_HCL_AT = re.compile(r'variable\s+"')
# the calls _ENV_DEFAULT opens on, lower-cased (found with every finder's words): it opens on an
# alternation, tried at every character (0.2 s over Django), and 144 of its 5,369 texts hold one
_ENV_CALLS = ("env(", "env.str(", "environ.get(", "config(", "fetch(", "getproperty(",
              "getenvironmentvariable(")
# (also a bundler's `define: { API_KEY: JSON.stringify("v") }`, Vite's and webpack's way of
# writing a value into the bundle: `"v"` is the literal)
_PAREN = re.compile(
    rf"""(?P<key>{_KEY})["']?[ \t]*(?::=|=|:)[ \t]*(?:JSON\.stringify[ \t]*)?\([ \t]*"""
    r"""(?P<q>["'`])(?P<value>[^"'`\n]{1,400})(?P=q)""")
_ENV_DEFAULT = re.compile(
    r"""(?:getenv|environ\.get|env(?:\.str)?|config|get_env|fetch|getProperty|"""
    r"""GetEnvironmentVariable)"""  # environs' `env.str("KEY", default="v")` too
    r"""\(\s*["'](?P<key>[^"'\n]{1,80})["']\s*(?:,\s*(?:default\s*=\s*)?"""
    r"""|\)\s*\{\s*(?:\|\w*\|\s*)?)"""  # Ruby's block default: `ENV.fetch("KEY") { "v" }`
    r"""(?P<q>["'])(?P<value>[^"'\n]{1,400})(?P=q)""")
# Rust: a `const`, `static` or `let` binding (any type: `&str`, `&'static str`, `&[u8]`,
# `Lazy<String>`) of a string, byte string or raw string (`b"v"`, `r#"v"#`), the literal
# maybe inside a constructor (`Lazy::new(|| String::from("v"))`)
_RUST_BINDING = re.compile(
    r"""\b(?:const|static|let)[ \t]+(?:mut[ \t]+)?(?P<key>[A-Za-z_]\w{0,80})"""
    r"""(?:[ \t]*:[ \t]*[^=\n]{1,80}?)?[ \t]*=[ \t]*(?:\n[ \t]*)?"""  # rustfmt breaks after `=`
    r"""(?P<call>[\w:<>|().& \t]{0,60}?[(|][ \t]*)?"""
    r"""(?:b?r|b)?(?P<hashes>#*)"(?P<value>[^"\n]{1,400})"(?P=hashes)""")
# Rust: a struct literal's field given through a constructor (`api_key: String::from("v")`,
# `password: Some("v")`)
_RUST_FIELD_CALL = re.compile(
    r"""(?<![:\w])(?P<key>[A-Za-z_]\w{0,80})[ \t]*:(?!:)[ \t]*(?P<call>[\w:<>!]{1,60}\([ \t]*)"""
    r"""(?:b?r|b)?(?P<hashes>#*)"(?P<value>[^"\n]{1,400})"(?P=hashes)""")
_RUST_PATH = re.compile(r"\$?[A-Za-z_]\w*(?:::[A-Za-z_]\w*)+")  # `$serde_json::private::Number`
_LOOKUP_CALL = re.compile(r"(?:\bvar|\bvar_os|\bget|getenv|env!|option_env!)\([ \t]*$")
# Rust: an environment lookup's fallback, over lines as rustfmt breaks a chain
# (`env::var("DB_PASSWORD").unwrap_or_else(|_| "v".to_string())`, `option_env!("T").unwrap_or("v")`)
_RUST_ENV_FALLBACK = re.compile(
    r"""(?:\bvar|\bvar_os|\boption_env!|\benv!)\(\s*"(?P<key>[^"\n]{1,80})"\s*\)"""
    r"""(?:\s*\.(?:ok|as_deref|as_ref|cloned|map_err\([^()\n]{0,60}\))\(?\)?)*"""
    r"""\s*\.unwrap_or(?:_else)?\(\s*(?:\|[^|\n]{0,20}\|\s*)?(?:[\w:]{1,40}\(\s*)?"""
    r"""(?:b?r|b)?(?P<hashes>#*)"(?P<value>[^"\n]{1,400})"(?P=hashes)""")
# A `Bearer` (or `Token`) credential written whole in a string literal, whatever receives it
# (`HeaderValue::from_static("Bearer v")`, `.header(AUTHORIZATION, "Bearer v")`)
_BEARER_LITERAL = re.compile(
    r"""["'`](?:Bearer|bearer|Token|token)[ \t]+(?P<value>[A-Za-z0-9+/=._~\-]{16,})["'`]""")
# a Basic credential written as a string literal of its own, under any name (`AUTH = "Basic
# dXNlcjpwYXNz"`): the base64 of `user:password`, a credential whatever its password looks like
_BASIC_LITERAL = re.compile(r"""["'`][Bb]asic[ \t]+(?P<value>[A-Za-z0-9+/]{8,}={0,2})["'`]""")
# An environment lookup's fallback after `||`, `??`, PHP's `?:` or `or`: `process.env.X`,
# `ENV["X"]`, PHP's `$_ENV['X']`, `$_SERVER['X']` and `getenv('X')`, Python's `os.getenv("X")`
# and `os.environ.get("X")`, Elixir's `System.get_env("X")`, Vite's `import.meta.env.X`
_ENV_FALLBACK = re.compile(  # (Dart's `Platform.environment['KEY'] ?? 'v'` too)
    r"""(?:(?:process\.env|import\.meta\.env|ENV|\$_SERVER|Platform\.environment)"""
    r"""(?:\.|\[["'])"""
    r"""|(?:getenv|environ\.get|get_env)\(\s*["'])"""
    r"""(?P<key>\w+)["'\]]*\s*\)?\s*(?:\|\||\?\?|\?:|\bor\b)\s*"""
    r"""(?P<q>["'`])(?P<value>[^"'`\n]{1,400})(?P=q)""")
# Dart's compile-time environment with a default (`String.fromEnvironment('API_KEY',
# defaultValue: 'v')`, as `--dart-define` leaves it when the build gives none)
_DART_ENV_DEFAULT = re.compile(
    r"""\.fromEnvironment\(\s*(?P<kq>["'])(?P<key>\w+)(?P=kq)\s*,\s*defaultValue\s*:\s*"""
    r"""(?P<q>["'])(?P<value>[^"'\n]{1,400})(?P=q)""")
# A Jenkins pipeline's build parameter with a default (`password(name: 'DB_PASS', defaultValue:
# 'v')`, `string(name: 'API_TOKEN', defaultValue: 'v')`): a `password` parameter's default is a
# secret whatever its name
_PARAM_DEFAULT = re.compile(
    r"""(?:(?P<pw>\bpassword)|\b\w+)\s*\(\s*name\s*:\s*(?P<kq>["'])(?P<key>[\w.-]+)(?P=kq)\s*,"""
    r"""(?:\s*\w+\s*:\s*(?:"[^"\n]*"|'[^'\n]*'|[\w.]+)\s*,)*\s*defaultValue\s*:\s*"""
    r"""(?P<q>["'])(?P<value>[^"'\n]{1,400})(?P=q)""")
_AUTH_HEADER = re.compile(
    r"""(?:Authorization|Proxy-Authorization|\bauth)["']?\s*[:=,]\s*"""
    r"""(?:["']?value["']?\s*[:=]\s*)?["'`]?\s*"""
    r"""(?P<scheme>Bearer|Basic|Token|token|bearer|basic|Digest|Bot|ApiKey|apikey)\s+"""
    r"""(?P<value>[A-Za-z0-9+/=._~\-]{8,})""")
_DOCKER_AUTH = re.compile(
    r""""(?:auth|identitytoken|registrytoken)"\s*:\s*"(?P<value>[A-Za-z0-9+/=]{8,})\"""")
_PROSE = re.compile(
    r"""\b(?:password|passphrase|passwd|pwd|api[ _-]?key|secret|token)s?\b[^\n.]{0,24}?"""
    r"""\b(?P<verb>is|was|be|to|of|as|with)\b\s*:?\s*[`"'*]*(?P<value>[^\s`"'*,;()<>]{6,80})""",
    re.I)
# "API key: X" in prose, the two words apart (scan reads `api_key: X`, `Api-Key: X`)
_PROSE_API_KEY = re.compile(
    r"""\bapi[ \t]+keys?[ \t]*:[ \t]*[`"'*]*(?P<value>[^\s`"'*,;()<>]{6,80})""", re.I)
# "Auth token X", "deploy token: X", "the service token X to call the API": a random value
# (`random_token`) right after "token", "secret" or "API key", no verb between
_PROSE_TOKEN = re.compile(
    r"""\b(?:token|secret|api[ \t_-]?key)s?\b(?:[ \t]+(?:for|of)[ \t]+[\w.\-]{1,30}[ \t]*:)?"""
    r"""[ \t]*(?::[ \t]*)?[`"'*]*"""
    r"""(?P<value>[^\s`"'*,;()<>\[\]{}|]{16,200})""", re.I)
# the next of a list after a prose token: ", Y", " and Y", ", or Y", " & Y", " / Y"
_MORE_TOKENS = re.compile(r"""[`"'*]*[ \t]*(?:,[ \t]*(?:(?:and|or)[ \t]+)?"""
                          r"""|[ \t]+(?:and|or|&|/)[ \t]+)[`"'*]*"""
                          r"""(?P<value>[^\s`"'*,;()<>\[\]{}|]{16,200})""", re.I)
# "use the password X", "password: X", "the passphrase is X": the token right after the word
# (a connector between, or none); `password_like` then decides whether it is a password
_PROSE_PASSWORD = re.compile(
    r"""\b(?:password|passphrase|passwd|pwd|pw)\b(?:(?P<op>[ \t]*[:=][ \t]*)|[ \t]+(?P<connector>"""
    r"""(?:is|was|of|to)[ \t]*:?[ \t]+)?)[`"'*]*(?P<value>[^\s`"'*,;()<>\[\]{}|]{6,80})""",
    re.I)
# An HTML input's type right before "password": the field's kind, the words after it markup
# (Dancer2's Tutorial.pod: `<input type=password name=password>`), unless a `value=` follows
_INPUT_TYPE = re.compile(r"""\btype[ \t]*=[ \t]*["']?$""", re.I)
# In code, where prose stands: one scan of the file, in order, finds its comments and string
# literals (docstrings, text blocks, template literals, heredocs...) in any language the
# classifier knows, without a parser per language. A misread quote (a Rust lifetime, a `#` that
# is no comment) costs at most its own line: only triple quotes, backticks, block comments,
# POD and heredocs (ended by their tag alone on a line) span lines. Scanned only in a file where
# a password-like value follows "password" in code.
_TRIPLE = "\"\"\"[\\s\\S]*?(?:\"\"\"|\\Z)|'''[\\s\\S]*?(?:'''|\\Z)"
_BEFORE_STRINGS = (
    _TRIPLE  # Python docstrings; Kotlin, Swift, Scala, Java, Elixir text blocks
    + r"|/\*[\s\S]*?(?:\*/|\Z)|--\[(=*)\[[\s\S]*?(?:\]\1\]|\Z)"  # block comments (C..., Lua)
    r"|`(?:\\.|[^`\\])*(?:`|\Z)"  # JS/TS template literals, Go raw strings, shell
    r"""|<<<?[~-]?[ \t]?(["']?)(?P<tag>[A-Z_][A-Z0-9_]*)\2"""  # a heredoc's start
    r"|^=[a-z]\w*[\s\S]*?(?:^=(?:cut|end)\b|\Z)")  # Perl POD, Ruby =begin
_AFTER_STRINGS = r"""|'(?:\\.|[^'\\\n])*'?|(?:#|//|--|;)[^\n]*"""  # '...' on one line, comments
_PROSE_REGION = re.compile(  # "..." on one line (open: to its end)
    _BEFORE_STRINGS + r"""|"(?:\\.|[^"\\\n])*"?""" + _AFTER_STRINGS, re.M)
# Languages whose double-quoted strings may hold newlines: there such a string is one region
# over its lines (a help text, a usage message), as a docstring is in Python.
_MULTILINE_STRINGS = frozenset({"rust", "ruby", "php", "shell", "bash", "zsh", "perl", "r",
                                "julia", "nix", "elixir", "crystal", "powershell", "tcl"})
_PROSE_REGION_MULTILINE = re.compile(
    _BEFORE_STRINGS + r"""|"(?:\\.|[^"\\])*(?:"|\Z)""" + _AFTER_STRINGS, re.M)
_ESCAPES_AT_END = re.compile(r"(?:\\[nrt])+$")  # "...password X\n": the escape is not the value
# What may end a sentence right after a password, or be the password's last character: a
# prose password is judged without it and redacted with it (ambiguous: a full stop lost costs
# nothing, a password's last character kept is a leak, `<REDACTED_SECRET>!`).
_SENTENCE_END = ".:!?"
_YAML_KEY = re.compile(rf"""^(?P<indent>[ \t]*)(?:- )?["']?(?P<key>{_KEY})["']?\s*:[ \t]*"""
                       r"""(?P<rest>(?:!!binary)?[ \t]*(?:[|>][+\-0-9]*)?)[ \t]*(?:#.*)?$""", re.M)
# config and prose: an unquoted value of 20+ base64/hex characters (detect-secrets' entropy
# plugins read such values in config files; ours then apply its limits)
_BARE_VALUE = re.compile(r"^[ \t]*(?:export[ \t]+)?(?P<key>[\w.\-]{1,80})[ \t]*[=:][ \t]*"
                         r"(?P<value>[A-Za-z0-9+/=_\-]{20,})[ \t]*$", re.M)
_HEX = frozenset("0123456789abcdefABCDEF")
_BINARY_INLINE = re.compile(r"!!binary\s+(?P<value>[A-Za-z0-9+/=]{8,})")
_INI_KEY = re.compile(rf"""^(?P<key>{_KEY})[ \t]*[=:][ \t]*(?P<value>[^\n]*)$""", re.M)
_CONCAT = GLUED
_HASH_WORDS = frozenset({"sha", "sha1", "sha256", "sha384", "sha512", "md5", "hash", "commit",
                         "revision", "rev", "checksum", "digest", "integrity", "etag",
                         "fingerprint", "oid", "shasum", "resolved", "h1"})
_HASH_PREFIX = re.compile(r"(?:sha(?:1|224|256|384|512)|md5)[-:$]$|h1:$", re.I)
_KEY_BEFORE = re.compile(rf"""({_KEY})["'\]]*\s*(?:[:=]|=>|,|\()?\s*["'`]?$""")


def is_secret_key(key: str) -> bool:
    return named_secret_key(key)


def value_ok(value: str, key: str = "") -> bool:
    """A value worth redacting beside a secret-named key: not shorter than WEAK_MIN_LENGTH,
    not a placeholder or a `${VAR}`, not the key itself, not a number or a version."""
    value = value.strip()
    if len(value) < P.WEAK_MIN_LENGTH or is_placeholder(value) or value.lower() == key.lower():
        return False
    return not value.replace(".", "").replace("-", "").isdigit()


def _literal_ok(value: str, key: str) -> bool:
    """A string literal of code worth redacting beside a secret-named key: judged as scan
    judges a quoted value in code (`__pydantic_private__` is a name), and not a Rust path."""
    return (is_secret_value(value, key, literal_words=False)
            and not _RUST_PATH.fullmatch(value))


def find(text: str, mode: str, language: str | None = None,
         keys: KeyLines | None = None) -> list[Span]:
    """Spans of secret values in the shapes above (see the module docstring); `language` says
    whether a double-quoted string may span lines (`_MULTILINE_STRINGS`); `keys`: the text's
    key words (find_all's, found once for every finder)."""
    keys = KeyLines(text) if keys is None else keys
    out: list[Span] = []
    anchored = False
    regions = prose_regions(text, language) if mode == "code" else None
    key_lines = keys.line_texts(P.KEY_ANCHORS)  # read twice below
    for start, line in key_lines:  # a key word on the line: assignment shapes
        anchored = True
        below = text.find("\n", start + len(line) + 1)  # the binding's value may be there
        for pattern in (_RUST_BINDING, _RUST_FIELD_CALL):
            for m in pattern.finditer(text, start, len(text) if below == -1 else below):
                if m.start() > start + len(line):
                    break  # begins on the line below: that line's own turn
                call = m.group("call") or ""
                if (is_secret_key(m.group("key")) and not _LOOKUP_CALL.search(call)
                        and _literal_ok(m.group("value"), m.group("key"))):
                    out.append((m.start("value"), m.end("value"), "typed_assignment", False))
        for pattern, name in ((_TYPED, "typed_assignment"), (_PAREN, "secret_assignment"),
                              (_ENV_FALLBACK, "env_default"),
                              (_DART_ENV_DEFAULT, "env_default"),
                              (_PARAM_DEFAULT, "parameter_default")):
            for m in pattern.finditer(line):
                key = m.group("key") or m.group("gokey") if pattern is _TYPED else m.group("key")
                if pattern is _PARAM_DEFAULT and m.group("pw"):
                    key = "password"
                whole = m.group("value") + glued_literals(text, start + m.end())
                if (is_secret_key(key) and value_ok(whole, key)
                        or random_key_value(key, whole)):  # `KEY = ('Tq7W..'\n 'Np2V..')`
                    out.append((start + m.start("value"), start + m.end("value"), name, False))
        if mode != "code":
            for m in _PROSE.finditer(line):
                value = m.group("value")
                # "the staging token is X": words with digits are one after `is` or `was`
                # (`placed_password`), not after `with` or `as` ("signed with HmacSHA256")
                if value_ok(value) and (_looks_random(value) and not names_something(value)
                                        or m.group("verb").lower() in ("is", "was")
                                        and placed_password(value.rstrip(_SENTENCE_END))):
                    out.append((start + m.start("value"), start + m.end("value"),
                                "prose_secret", False))
            for m in _PROSE_API_KEY.finditer(line):
                value = m.group("value").rstrip(_SENTENCE_END)
                if value_ok(value) and placed_password(value):
                    out.append((start + m.start("value"), start + m.start("value") + len(value),
                                "prose_secret", False))
        out.extend(_prose_passwords(line, start, mode, regions))
        out.extend(_prose_tokens(line, start, mode, regions))
    if anchored and "{" in text:
        for start, line in key_lines:
            if "{" not in line or "value" not in line:
                continue
            for m in _FLOW_VALUE.finditer(line):
                if named_secret_key(m.group("key")) and value_ok(m.group("value"),
                                                                 m.group("key")):
                    out.append((start + m.start("value"), start + m.end("value"),
                                "secret_assignment", False))
    if anchored and "<" in text:
        for start, line in key_lines:
            for pattern in (_XML_ELEMENT, _XML_NAME_VALUE):
                for m in pattern.finditer(line):
                    if named_secret_key(m.group("key")) and value_ok(m.group("value"),
                                                                     m.group("key")):
                        out.append((start + m.start("value"), start + m.end("value"),
                                    "xml_value", False))
    if anchored and _HCL_AT.search(text):  # a block spans lines
        for m in _HCL_DEFAULT.finditer(text):
            if named_secret_key(m.group("key")) and value_ok(m.group("value"), m.group("key")):
                out.append((m.start("value"), m.end("value"), "variable_default", False))
    # a lookup may span lines: `os.getenv(\n "X",\n "v")`
    if anchored and keys.has(_ENV_CALLS):
        for m in _ENV_DEFAULT.finditer(text):
            if is_secret_key(m.group("key")) and value_ok(m.group("value"), m.group("key")):
                out.append((m.start("value"), m.end("value"), "env_default", False))
    if anchored and "unwrap_or" in text:
        for m in _RUST_ENV_FALLBACK.finditer(text):
            if is_secret_key(m.group("key")) and _literal_ok(m.group("value"), m.group("key")):
                out.append((m.start("value"), m.end("value"), "env_default", False))
    if "earer" in text or "oken" in text:
        for m in _BEARER_LITERAL.finditer(text):
            value = m.group("value")
            if (value_ok(value) and any(c.isdigit() for c in value)
                    and any(c.isalpha() for c in value)):
                out.append((m.start("value"), m.end("value"), "authorization_header", True))
    if "asic " in text:
        out += [(m.start("value"), m.end("value"), "authorization_header", True)
                for m in _BASIC_LITERAL.finditer(text) if _userinfo(m.group("value"))]
    if mode != "code":
        for m in _BARE_VALUE.finditer(text):
            value = m.group("value")
            limit = 3.0 if set(value) <= _HEX else 4.5
            if entropy(value) > limit and not readable(m.group(0), m.start("value") - m.start(),
                                                        m.end("value") - m.start()):
                out.append((m.start("value"), m.end("value"), "high_entropy_value", False))
    if mode != "code" and (anchored or "!!binary" in text):
        out.extend(_blocks(text, ini=mode == "config"))
    for start, line in keys.line_texts(_AUTH_WORDS):
        for m in _AUTH_HEADER.finditer(line):
            value = m.group("value")
            if value_ok(value) and not re.fullmatch(r"[A-Za-z_]+", value):
                out.append((start + m.start("value"), start + m.end("value"),
                            "authorization_header", True))
        for m in _DOCKER_AUTH.finditer(line):
            if value_ok(m.group("value")):
                out.append((start + m.start("value"), start + m.end("value"), "docker_auth",
                            True))
    if "!!binary" in text:
        for m in _BINARY_INLINE.finditer(text):
            out.append((m.start("value"), m.end("value"), "yaml_binary", False))
    return out


def basic_credentials(text: str) -> list[str]:
    """The base64 `user:password` values among the findings above: an `Authorization: Basic`
    header's, a docker `config.json` `"auth"` (the caller decodes them)."""
    if "asic" not in text and '"auth"' not in text:  # Basic, basic: the common case, no line
        return []
    out: list[str] = []
    for _, line in KeyLines(text).line_texts(_AUTH_WORDS):
        out += [m.group("value") for m in _AUTH_HEADER.finditer(line)
                if m.group("scheme").lower() == "basic" and value_ok(m.group("value"))]
        out += [m.group("value") for m in _DOCKER_AUTH.finditer(line)
                if value_ok(m.group("value"))]
    if "asic " in text:
        out += [m.group("value") for m in _BASIC_LITERAL.finditer(text)
                if _userinfo(m.group("value"))]
    return out


def _userinfo(value: str) -> bool:
    """Whether base64 `value` decodes to a `user:password` whose password is no placeholder."""
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode()
    except (binascii.Error, ValueError):  # UnicodeDecodeError is a ValueError
        return False
    user, colon, password = decoded.partition(":")
    return bool(colon and password and decoded.isprintable() and not is_placeholder(password))


_AUTH_WORDS = ("auth", "token")  # an Authorization header's, docker's "auth" lines


def _looks_random(value: str) -> bool:
    """A password in prose: letters with digits or symbols (not only `_-.`), not a word, an
    identifier, a file name or a version."""
    has_alpha = any(c.isalpha() for c in value)
    has_other = any(c.isdigit() or (not c.isalnum() and c not in "_-.:") for c in value)
    # a version or an ordinal (`1.2.3`, `2024-01-01`, `3rd`, `2fa-enabled`), not any value that
    # opens with a digit: `2oeq3hDavJA76rNicH` was a "version"
    return has_alpha and has_other and not re.fullmatch(
        r"[\w\-]+\.[a-z]{1,4}|[A-Za-z]+[\d.]*|v?\d+[a-z]{0,3}(?:[._\-+]\w*)*", value)


class _ProseRegions:
    """Where a code file's comments and string literals are (`_PROSE_REGION`), found once and
    only when asked."""

    def __init__(self, text: str, multiline: bool = False) -> None:
        self.text = text
        self.pattern = _PROSE_REGION_MULTILINE if multiline else _PROSE_REGION
        self.starts: list[int] = []
        self.ends: list[int] = []
        self.read = False

    def around(self, start: int, end: int) -> bool:
        """Whether [start, end) lies inside one comment or string literal."""
        return self.enclosing(start, end) is not None

    def enclosing(self, start: int, end: int) -> int | None:
        """Where the comment or string literal that holds [start, end) begins, or None."""
        if not self.read:
            self.read = True
            self._scan()
        i = bisect_right(self.starts, start) - 1
        inside = i >= 0 and start >= self.starts[i] and end <= self.ends[i]
        return self.starts[i] if inside else None

    def _scan(self) -> None:
        text, at = self.text, 0
        closers: dict[str, list[int]] = {}  # a heredoc tag: where it stands alone on a line
        while (m := self.pattern.search(text, at)) is not None:
            end = m.end()
            if m.group("tag"):  # `<<EOS` ... `EOS`; without its closing line, code
                tag = m.group("tag")
                if tag not in closers:
                    closers[tag] = [c.end() for c in re.finditer(
                        rf"^[ \t]*{tag}[;),]*[ \t]*$", text, re.M)]
                i = bisect_right(closers[tag], end)
                if i == len(closers[tag]):
                    at = end
                    continue
                end = closers[tag][i]
            self.starts.append(m.start())
            self.ends.append(end)
            at = max(end, m.start() + 1)


def prose_regions(text: str, language: str | None) -> _ProseRegions:
    """Where a code file's comments and string literals are, found when first asked."""
    return _ProseRegions(text, multiline=language in _MULTILINE_STRINGS)


def _in_prose(line: str, start: int, m: re.Match[str], end: int, mode: str,
              regions: _ProseRegions | None) -> bool:
    """Whether the sentence `m` found on `line` (at `start` in the text), up to `end`, is prose:
    outside code anywhere; in code only after a comment's opener on its line or inside one
    comment, docstring or string literal (`regions`)."""
    return mode != "code" or bool(COMMENT_BEFORE.search(line, 0, m.start())) or bool(
        regions and regions.around(start + m.start(), end))


def _prose_passwords(line: str, start: int, mode: str,
                     regions: _ProseRegions | None = None) -> list[Span]:
    """A password in a sentence, with or without a verb: "use the password X on the admin
    page", "Use password X.", "the passphrase is X". In code, only in a comment, a docstring
    or a string literal (the sentence, "password" included, inside it: `_in_prose`)."""
    out: list[Span] = []
    lowered = line.lower()
    if "pass" not in lowered and "pw" not in lowered:
        return out
    for m in _PROSE_PASSWORD.finditer(line):
        # judged without a sentence's end or a literal's `\n`; redacted with that end
        raw = m.group("value")
        value = _ESCAPES_AT_END.sub("", raw.rstrip(_SENTENCE_END)).rstrip(_SENTENCE_END)
        bare = m.group("op") is None and m.group("connector") is None
        if not placed_password(value, min_length=8 if bare else 6):
            continue
        if (_INPUT_TYPE.search(line, 0, m.start())  # `<input type=password name=pw>`
                and not value.lower().startswith("value=")):  # its default stays a value
            continue
        at = start + m.start("value")
        if not _in_prose(line, start, m, at + len(value), mode, regions):
            continue
        tail = raw[len(value):]  # value is a prefix of raw: only its end was taken off
        end = at + len(value) + len(tail) - len(tail.lstrip(_SENTENCE_END))
        out.append((at, end, "prose_password", False))
    return out


def _prose_tokens(line: str, start: int, mode: str,
                  regions: _ProseRegions | None = None) -> list[Span]:
    """A random token right after the word in a sentence, no verb between ("Auth token X",
    "use the service token X"); in code only in a comment, a docstring or a string literal."""
    out: list[Span] = []
    lowered = line.lower()
    if "token" not in lowered and "secret" not in lowered and "api" not in lowered:
        return out
    for m in _PROSE_TOKEN.finditer(line):
        value = m.group("value").rstrip(_SENTENCE_END)
        if not random_token(value):
            continue
        at = start + m.start("value")
        if not _in_prose(line, start, m, at + len(value), mode, regions):
            continue
        out.append((at, at + len(value), "prose_token", False))
        # "Tokens X and Y were rotated", "the keys X, Y and Z": each random one of the list
        after = m.end("value")
        while (more := _MORE_TOKENS.match(line, after)) is not None:
            value = more.group("value").rstrip(_SENTENCE_END)
            if not random_token(value):
                break
            out.append((start + more.start("value"), start + more.start("value") + len(value),
                        "prose_token", False))
            after = more.end("value")
    return out


def random_token(value: str) -> bool:
    """A token, not a word, a name or a version: 16+ characters of letters and digits mixed
    (upper and lower case, or hex), high entropy, naming nothing (`names_something`)."""
    if len(value) < 16 or not any(c.isdigit() for c in value) or names_something(value):
        return False
    hexed = set(value.lower()) <= set("0123456789abcdef")
    mixed = any(c.isupper() for c in value) and any(c.islower() for c in value)
    return ((hexed and len(value) >= 20 and entropy(value) > 3.0 or mixed and entropy(value) > 3.5)
            and _looks_random(value) and not is_placeholder(value))


def without_sentence_end(value: str) -> str:
    """A value found in prose without the `.`, `:`, `!` or `?` that may end its sentence: the
    form it may also be written in elsewhere (see `_prose_passwords`)."""
    return value.rstrip(_SENTENCE_END)


# What follows "password" in documentation without being one: an e-mail address or URL, a
# path, an option, a variable or markup, a dotted name, a number with a unit, words joined by
# a slash (`empty/mismatch`, `read/write`); and (`_identifier_of_words`) an identifier made of
# words (`PBKDF2PasswordHasher`, `bcrypt_sha256`). `_looks_random` already keeps a word with a
# number (`password123`, `hunter2`, `sha256`, `utf8`: an example or a name, kept on purpose).
_NOT_A_PASSWORD = re.compile(
    r"[^@\s]+@[\w\-]+(?:\.[\w\-]+)+|\w+://.*|[/~.\-$%@#&\\].*"
    r"|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+|\d+[A-Za-z]{0,3}|[A-Za-z]+(?:[/&+][A-Za-z]+)+")
_IDENTIFIER_WORDS = re.compile(r"[A-Z]{2,}(?=[A-Z][a-z]|\d|_|$)|[A-Z]?[a-z]{2,}|\d+|_")


_WORDS_NUMBER = re.compile(r"[A-Za-z]{4,}\d{2,}")


def password_like(value: str, min_length: int = 8, glued_words: bool = False) -> bool:
    """A password in prose: `min_length`+ characters, letters with digits or symbols, not a
    word, a placeholder, a `${VAR}`, a name of something (see `_NOT_A_PASSWORD`) or a field
    name (`password2`). With `glued_words` (a command line's password place: `curl -u
    user:X`, `sshpass -p X`), words with digits (`MyPassw0rd`, `CurlPass4417`, `Summer2024`)
    count too: a class's name (`PBKDF2PasswordHasher`) or a version stands in no such place."""
    if len(value) < min_length or is_placeholder(value):
        return False
    if not (_looks_random(value) or glued_words and _WORDS_NUMBER.fullmatch(value)):
        return False
    if is_field_name(value) or _NOT_A_PASSWORD.fullmatch(value):
        return False
    return (glued_words and "_" not in value) or not _identifier_of_words(value)


def placed_password(value: str, min_length: int = 8) -> bool:
    """A value in a password's own place (prose's "the password is X", a password column's
    cell, a secret-named option's default): `password_like`, or words ending in digits
    with a capital (`StagingPw9931`, `Summer2024`: `_WORDS_NUMBER`), which a reader takes for
    an example word and an attacker for a password. A lower-case word with a number
    (`password123`) and a secret's own name with one (`Password123`,
    `P.EXAMPLE_PASSWORD_WORDS`) stay examples; a class's name (`PBKDF2PasswordHasher`) and a
    name with `_` (`bcrypt_sha256`) stay names."""
    if password_like(value, min_length):
        return True
    letters = value.rstrip("0123456789")
    return bool(_WORDS_NUMBER.fullmatch(value) and not letters.islower()
                and letters.lower() not in P.EXAMPLE_PASSWORD_WORDS
                and password_like(value, min_length, glued_words=True))


def names_something(value: str) -> bool:
    """An address, a path, an option, a name... (`_NOT_A_PASSWORD`), or an identifier of
    words: what follows "password" or "the token is" in documentation without being one."""
    return bool(_NOT_A_PASSWORD.fullmatch(value)) or _identifier_of_words(value)


def _identifier_of_words(value: str) -> bool:
    """`PBKDF2PasswordHasher`, `bcrypt_sha256`: words (2+ letters, snake or camel case) and
    numbers only, at least two words of 3+ letters. `hunter2hunter2X9` has a one-letter part."""
    if not re.fullmatch(r"\w+", value):
        return False
    parts = _IDENTIFIER_WORDS.findall(value)
    if "".join(parts) != value:
        return False
    words = [p for p in parts if p.isalpha()]
    camel = any(a[-1].islower() and b[0].isupper() for a, b in zip(parts, parts[1:],
                                                                    strict=False))
    return len([w for w in words if len(w) >= 3]) >= 2 and ("_" in parts or camel)


def _blocks(text: str, ini: bool) -> list[Span]:
    """Multi-line values under a secret-named key: YAML block scalars, `!!binary`, a nested
    mapping's scalars, and INI continuation lines."""
    out: list[Span] = []
    for m in _YAML_KEY.finditer(text):
        key, rest = m.group("key"), m.group("rest").strip()
        binary = rest.startswith("!!binary")
        if not (binary or is_secret_key(key)):
            continue
        body_start = m.end() + 1
        body_end = _indented_block_end(text, body_start, len(m.group("indent")))
        if body_end <= body_start:
            continue
        if rest.lstrip("!binary ").startswith(("|", ">")) or binary:
            span = _trim(text, body_start, body_end)
            if span:
                out.append((*span, "yaml_binary" if binary else "multiline_value", False))
        else:  # a mapping under the key: its scalar values (Travis `secure:` and the like)
            block = text[body_start:body_end]
            first = re.search(r"^([ \t]+)\S", block, re.M)
            for child in re.finditer(r"^(?P<i>[ \t]+)(?:- )?[\w.\-\"']+\s*:[ \t]*"
                                     r"(?P<v>[^\s#][^\n]*)$", block, re.M):
                value = child.group("v").strip().strip("\"'")
                # its own keys only, not a whole CI job under `required-checks-pass:`; and a
                # value that could be a secret, not prose, `${{ x }}` or `ubuntu-latest`
                if (first and child.group("i") == first.group(1) and value_ok(value)
                        and len(value) >= 8 and not any(c.isspace() for c in value)
                        and "${" not in value
                        and not (P.CODE_REFERENCE.match(value) and "(" in value)  # always()
                        and not names_something(value)  # `ansible.netcommon.type5_pw`
                        and (_looks_random(value) or entropy(value) >= 3.5)):
                    out.append((body_start + child.start("v"), body_start + child.end("v"),
                                "multiline_value", False))
    for m in _INI_KEY.finditer(text) if ini else ():
        if not is_secret_key(m.group("key")):
            continue
        body_start = m.end() + 1
        body_end = _indented_block_end(text, body_start, 0)
        span = _trim(text, body_start, body_end) if body_end > body_start else None
        if span and not text[body_start:body_end].lstrip().startswith(("[", "#", ";")):
            out.append((*span, "multiline_value", False))
    return out


def _indented_block_end(text: str, start: int, indent: int) -> int:
    """End of the lines after `start` indented deeper than `indent` (blank lines included)."""
    at = end = start
    while at < len(text):
        nl = text.find("\n", at)
        nl = len(text) if nl == -1 else nl
        line = text[at:nl]
        if line.strip():
            if len(line) - len(line.lstrip(" \t")) <= indent:
                break
            end = nl
        at = nl + 1
    return end


def _trim(text: str, start: int, end: int) -> tuple[int, int] | None:
    body = text[start:end]
    lead = len(body) - len(body.lstrip())
    s, e = start + lead, start + len(body.rstrip())
    return (s, e) if e > s else None


def extend_concatenation(text: str, end: int) -> int:
    """Where a secret that ends at `end` inside a string literal really ends: past the literals
    glued to it by implicit concatenation, `+`, `..`, `&` or a backslash continuation."""
    close = end
    while close < len(text) and text[close] not in "\"'`\n":
        close += 1
    if close >= len(text) or text[close] == "\n":
        return end
    at, last = close + 1, end
    while True:
        m = _CONCAT.match(text, at)
        if not m or not m.group("value"):
            return last
        last, at = m.end("value"), m.end()


def readable(line: str, start: int, end: int) -> bool:
    """A value that only looks secret: an integrity hash, checksum or SHA named as such."""
    before = line[max(0, start - 60):start]
    if _HASH_PREFIX.search(before):
        return True
    m = _KEY_BEFORE.search(before)
    if m is None:
        return False
    words = key_words(m.group(1))
    if names_public_key(words):  # `publicKeyToken="30ad4fe6b2a6aeed"`
        return True
    if len(words) > 1 and words[-1].isdigit():  # `sha256`, Julia's `git-tree-sha1`: one word
        words = [*words[:-2], words[-2] + words[-1]]
    return bool(words) and words[-1] in _HASH_WORDS and not is_secret_key(m.group(1))
