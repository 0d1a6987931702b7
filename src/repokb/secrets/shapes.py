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
default (`variable "db_password" { default = "X" }`); and, through `prose.line_findings`,
secrets in sentences (prose, and code's comments and string literals).
`extend_concatenation` widens a finding to the string literals glued to it (implicit
concatenation, `+`, backslash continuations), so no half of a split token survives.

Kept readable (`readable`): lockfile integrity hashes, checksums, digests and git SHAs named as
such by the key they are assigned to.
"""

from __future__ import annotations

import re

from repokb.rules import secret_patterns as P
from repokb.secrets import prose
from repokb.secrets.keylines import KeyLines
from repokb.secrets.numbers import secret_number
from repokb.secrets.prose import prose_regions
from repokb.secrets.scan import (
    GLUED,
    entropy,
    glued_literals,
    is_placeholder,
    is_secret_value,
    key_words,
    names_public_key,
    password_digest,
    random_key_value,
    sequential,
)
from repokb.secrets.scan import is_secret_key as named_secret_key
from repokb.secrets.values import base64_text, looks_random, names_something, value_ok

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
# an element named by its attribute, its text the value: Hibernate's `<property
# name="hibernate.connection.password">X</property>`, Log4j's `<Property name="..">X</Property>`;
# judged as a literal of code (no single word: `<message key="password">Passwort</message>` is a
# label); Android's `<string name=..>` resources are jvm.find's
_XML_NAMED_TEXT = re.compile(
    r"""<(?!(?:string|item|plurals)\b)(?P<tag>[A-Za-z_][\w.:\-]{0,80})\s[^<>]*?\b(?:[Nn]ame|[Kk]ey)\s*=\s*(?P<kq>["'])"""
    r"""(?P<key>[A-Za-z_][\w.:\-]{0,80})(?P=kq)[^<>]*(?<!/)>(?P<value>[^<>\n]{1,400})"""
    r"""</(?P=tag)\s*>""")
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
# session 43: a DSL's setter, a secret's name called with one literal as the whole statement
# (fastlane's Matchfile `git_basic_authorization("X")`; `password("X")` in a Ruby block); a
# bare name (`self.user.set_password("x")` is a method's call: `_setting`)
_SETTER = re.compile(
    r"""^[ \t]*(?P<key>[A-Za-z_][A-Za-z0-9_]{0,80})\([ \t]*"""
    r"""(?P<q>["'])(?P<value>[^"'\s]{1,400})(?P=q)[ \t]*\)[ \t]*;?[ \t]*$""")
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
_LOOKUP_CALL = re.compile(r"(?:\bvar|\bvar_os|\bget|getenv|env!|option_env!"
                          # a path's, never a secret's (`let license_key = Path::new("pkg-1.0
                          # .dist-info/licenses/LICENSE")`, maturin's mock_writer.rs)
                          r"|\b(?:Path|PathBuf|OsStr|OsString)::(?:new|from)|\bFile::(?:open|create)"
                          r"|include_(?:str|bytes)!)\([ \t]*$")
# Rust: an environment lookup's fallback, over lines as rustfmt breaks a chain
# (`env::var("DB_PASSWORD").unwrap_or_else(|_| "v".to_string())`, `option_env!("T").unwrap_or("v")`)
_RUST_ENV_FALLBACK = re.compile(
    r"""(?:\bvar|\bvar_os|\boption_env!|\benv!)\(\s*"(?P<key>[^"\n]{1,80})"\s*\)"""
    r"""(?:\s*\.(?:ok|as_deref|as_ref|cloned|map_err\([^()\n]{0,60}\))\(?\)?)*"""
    r"""\s*\.unwrap_or(?:_else)?\(\s*(?:\|[^|\n]{0,20}\|\s*)?(?:[\w:]{1,40}\(\s*)?"""
    r"""(?:b?r|b)?(?P<hashes>#*)"(?P<value>[^"\n]{1,400})"(?P=hashes)""")
# A `Bearer` (or `Token`) credential written whole in a string literal, whatever receives it
# (`HeaderValue::from_static("Bearer v")`, `.header(AUTHORIZATION, "Bearer v")`)
# (8-15 characters too, session 34: `"Bearer Tk39xQ2mZp"`, a short token still one when it is
# random-looking, `values.looks_random`; `"Bearer token123"`, `"Bearer abcdefgh"` stay)
_BEARER_LITERAL = re.compile(
    r"""["'`](?:Bearer|bearer|Token|token)[ \t]+(?P<value>[A-Za-z0-9+/=._~\-]{8,})["'`]""")
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
# A prompt's fallback in a notebook cell or a script (`password = getpass.getpass() or "v"`,
# `token = input("Token: ") or "v"`): the value used when the user just presses Enter, a secret
# when the name it is assigned to says so (_GIVEN_TO; newuser39)
_PROMPT_FALLBACK = re.compile(
    r"""\b(?P<key>getpass|input|raw_input)\([^()\n]{0,200}\)\s*\bor\s*"""
    r"""(?P<q>["'])(?P<value>[^"'\n]{1,400})(?P=q)""")
# Go's fallback (1.22's `cmp.Or(os.Getenv("DB_PASS"), "v")`: the first non-zero value; session 38)
_GO_ENV_OR = re.compile(r"""\bcmp\.Or\(\s*os\.Getenv\(\s*"(?P<key>\w+)"\s*\)\s*,\s*"""
                        r"""(?P<q>["`])(?P<value>[^"`\n]{1,400})(?P=q)""")
# the key such a fallback is given to, when the variable's name says nothing (`password:
# process.env.PGPASS || 'v'`, `$db_pass = getenv('PGPASS') ?: 'v'`, `= os.environ.get(..) or`)
_GIVEN_TO = re.compile(
    r"""(?P<key>[A-Za-z_$][\w.\-]{0,80})["'\]]?[ \t]*(?:=>|[:=])[ \t]*(?:\w+\.)*\Z""")
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
    # (the header's name then a space: Fluent Bit's `Header Authorization Bearer X`, nginx's
    # `proxy_set_header Authorization "Bearer X"`, Apache's `RequestHeader set Authorization ..`)
    r"""(?:(?i:authorization|proxy-authorization)["']?(?:\s*[:=,]\s*|[ \t]+)"""
    r"""|\bauth["']?\s*[:=,]\s*)"""
    r"""(?:["']?value["']?\s*[:=]\s*)?["'`]?\s*"""
    r"""(?P<scheme>Bearer|Basic|Token|token|bearer|basic|Digest|Bot|ApiKey|apikey)\s+"""
    r"""(?P<value>[A-Za-z0-9+/=._~\-]{8,})""")
_DOCKER_AUTH = re.compile(
    r""""(?:auth|identitytoken|registrytoken)"\s*:\s*"(?P<value>[A-Za-z0-9+/=]{8,})\"""")
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
                         "fingerprint", "oid", "shasum", "resolved", "h1",
                         "ref"})  # git's object name (vim-fugitive's `let ref = '<sha1>'`)
_HASH_PREFIX = re.compile(r"(?:sha(?:1|224|256|384|512)|md5)[-:$]$|h1:$", re.I)
_KEY_BEFORE = re.compile(rf"""({_KEY})["'\]]*\s*(?:[:=]|=>|,|\()?\s*["'`]?$""")


def is_secret_key(key: str) -> bool:
    return named_secret_key(key)



def _setting(name: str, value: str) -> bool:
    """A setter's call that sets a secret (`git_basic_authorization("X")`): a setting's name,
    not a verb's that acts on its argument (`set_password("test")`, `validate_password(..)`,
    `send_keys(..)`), given a literal as code's are judged."""
    words = key_words(name)
    return bool(words) and words[0] not in P.ACTING_VERBS and _literal_ok(value, name)


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
                if not _LOOKUP_CALL.search(call) and (
                        is_secret_key(m.group("key"))
                        and _literal_ok(m.group("value"), m.group("key"))
                        # `const KEY: &str = "<random>"`, as `let key = "<random>"` is; a
                        # literal given to a call is something else's (`let license_key =
                        # Path::new("pkg-1.0.dist-info/licenses/LICENSE")`: a map's key)
                        or not call and random_key_value(m.group("key"), m.group("value"))):
                    out.append((m.start("value"), m.end("value"), "typed_assignment", False))
        for pattern, name in ((_TYPED, "typed_assignment"), (_PAREN, "secret_assignment"),
                              (_SETTER, "secret_assignment"),
                              (_ENV_FALLBACK, "env_default"),
                              (_PROMPT_FALLBACK, "prompt_default"),
                              (_GO_ENV_OR, "env_default"),
                              (_DART_ENV_DEFAULT, "env_default"),
                              (_PARAM_DEFAULT, "parameter_default")):
            for m in pattern.finditer(line):
                key = m.group("key") or m.group("gokey") if pattern is _TYPED else m.group("key")
                if pattern is _PARAM_DEFAULT and m.group("pw"):
                    key = "password"
                elif pattern is _ENV_FALLBACK and (given := _GIVEN_TO.search(line, 0, m.start())):
                    key = given.group("key") if is_secret_key(given.group("key")) else key
                elif pattern is _PROMPT_FALLBACK:
                    given = _GIVEN_TO.search(line, 0, m.start())
                    key = given.group("key") if given else ""
                elif pattern is _SETTER and not _setting(key, m.group("value")):
                    continue
                whole = m.group("value") + glued_literals(text, start + m.end())
                if (is_secret_key(key) and value_ok(whole, key)
                        or random_key_value(key, whole)):  # `KEY = ('Tq7W..'\n 'Np2V..')`
                    out.append((start + m.start("value"), start + m.end("value"), name, False))
        out.extend(prose.line_findings(line, start, mode, regions))
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
        out.extend(_xml_values(key_lines))
        out.extend(_xml_child_values(text))
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
                    and any(c.isalpha() for c in value)
                    and (len(value) >= 16 or looks_random(value)
                         and any(c.isupper() for c in value) and any(c.islower() for c in value)
                         and not names_something(value))):
                out.append((m.start("value"), m.end("value"), "authorization_header", True))
    if "asic " in text:
        out += [(m.start("value"), m.end("value"), "authorization_header", True)
                for m in _BASIC_LITERAL.finditer(text) if _userinfo(m.group("value"))]
    if mode != "code":
        for m in _BARE_VALUE.finditer(text):
            value = m.group("value")
            limit = 3.0 if set(value) <= _HEX else 4.5
            if entropy(value) > limit and not sequential(value) and not readable(
                    m.group(0), m.start("value") - m.start(), m.end("value") - m.start()):
                out.append((m.start("value"), m.end("value"), "high_entropy_value", False))
    if mode != "code" and (anchored or "!!binary" in text):
        out.extend(_blocks(text, ini=mode == "config"))
    for start, line in keys.line_texts(_AUTH_WORDS):
        for m in _AUTH_HEADER.finditer(line):
            value = m.group("value")
            if value_ok(value) and not re.fullmatch(r"[A-Za-z_]+[.,:]?", value):  # a word
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


def _xml_values(key_lines: list[tuple[int, str]]) -> list[Span]:
    """An XML element's or name/value pair's value under a secret-named key, on the lines that
    hold a key word (`<password>X</password>`, `<property name="password" value="X"/>`)."""
    out: list[Span] = []
    for start, line in key_lines:
        for pattern in (_XML_ELEMENT, _XML_NAME_VALUE, _XML_NAMED_TEXT):
            for m in pattern.finditer(line):
                key, value = m.group("key"), m.group("value")
                if named_secret_key(key) and value_ok(value, key) and (
                        pattern is not _XML_NAMED_TEXT
                        or is_secret_value(value, key, literal_words=False)) \
                        or password_digest(key, value) \
                        or value.isdigit() and secret_number(value, key_words(key)):
                    # (Jenkins' `<passwordHash>`; FreeSWITCH's `vm-password` PIN)
                    out.append((start + m.start("value"), start + m.end("value"),
                                "xml_value", False))
    return out


# a secret-named element whose value is its `<Value>` child's text, on the next line as
# Windows' answer files write it (`<AdministratorPassword>` / `<Password>` then `<Value>X</Value>`
# and `<PlainText>`: X the password, or its base64 when PlainText is false; session 41:
# FileZilla Server's `<password index="1">` then `<hash>X</hash>`, the password's hash)
_XML_VALUE_CHILD = re.compile(r"<(?P<key>[A-Za-z_][\w.\-]{0,80})(?:\s[^<>]*)?>\s*"
                              r"<(?P<tag>[Vv]alue|hash)>(?P<value>[^<>\n]{1,400})</(?P=tag)>")


# session 40: Hadoop's `<property>` (core-site.xml, hive-site.xml, ssl-server.xml, oozie-site.xml)
# and Knox's `<param>` name a setting in a `<name>` element and give it in the `<value>` after
# it: `<name>javax.jdo.option.ConnectionPassword</name>` / `<value>X</value>`
# session 41: also Jenkins' job parameters (`<name>API_TOKEN</name>` then
# `<defaultValue>X</defaultValue>`) and a KeePass XML export's entries (`<Key>Password</Key>`
# then `<Value ProtectInMemory="True">X</Value>`)
_XML_NAME_CHILD = re.compile(r"<(?P<nt>name|Key)>\s*(?P<key>[A-Za-z_][\w.\-]{0,200})\s*"
                             r"</(?P=nt)>\s*"
                             r"<(?P<vt>value|Value|defaultValue)(?:\s[^<>]*)?>"
                             r"(?P<value>[^<>\n]{1,400})</(?P=vt)>")


# session 41: a crypt hash as the text of an element named for a hash (pfSense's and OPNsense's
# `<bcrypt-hash>$2y$10$..</bcrypt-hash>`, a user's password hash, crackable offline)
_XML_CRYPT = re.compile(r"<(?P<tag>[A-Za-z_][\w.\-]{0,80}(?:hash|Hash|digest|Digest))>"
                        r"(?P<value>\$(?:1|5|6|y|apr1|2[aby]?|argon2(?:id|i|d))\$[^<>\s]{20,400})"
                        r"</(?P=tag)>")


def _xml_child_values(text: str) -> list[Span]:
    out: list[Span] = []
    if "hash>$" in text or "Hash>$" in text or "igest>$" in text:
        out += [(m.start("value"), m.end("value"), "xml_value", False)
                for m in _XML_CRYPT.finditer(text)]
    if "<Value" not in text and "<value>" not in text and "<defaultValue>" not in text \
            and "<hash>" not in text:
        return out
    return out + [(m.start("value"), m.end("value"), "xml_value", False)
                  for pattern in (_XML_VALUE_CHILD, _XML_NAME_CHILD)
                  for m in pattern.finditer(text)
                  if named_secret_key(m.group("key")) and value_ok(m.group("value"),
                                                                    m.group("key"))]


def xml_values(text: str) -> list[Span]:
    """`_xml_values` of a whole text: the classifier's head scan of XML (a pom's `<storepass>`,
    Maven's settings.xml `<password>`), which `scan.scan` alone does not read."""
    if "<" not in text:
        return []
    return _xml_values(KeyLines(text).line_texts(P.KEY_ANCHORS)) + _xml_child_values(text)


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
    user, colon, password = (base64_text(value) or "").partition(":")
    return bool(colon and password and not is_placeholder(password))


_AUTH_WORDS = ("auth", "token")  # an Authorization header's, docker's "auth" lines


# a nested mapping's keys that name an object, never hold a value (`secretStoreRef:` then
# `name: vault-backend` and `kind: SecretStore`; a selector's `secret:` then `name: creds`)
_NAMING_KEYS = frozenset({"name", "kind", "namespace", "apiVersion"})


# a YAML mapping's line (`  version: 2`, `  - name: x`) after `secret:`: the keys of an object
# (the mapping branch above reads its values), not an INI value continued over lines, which
# took `version: 2\n  rotation_days: 90` for a password
_MAPPING_LINE = re.compile(r"""[ \t]+(?:-[ \t]+)?[\w.\-"']+[ \t]*:(?:[ \t]|$)""", re.M)


def _blocks(text: str, ini: bool) -> list[Span]:
    """Multi-line values under a secret-named key: YAML block scalars, `!!binary`, a nested
    mapping's scalars, and INI continuation lines."""
    out: list[Span] = []
    for m in _YAML_KEY.finditer(text):
        key, rest = m.group("key"), m.group("rest").strip()
        binary = rest.startswith("!!binary")
        if not rest and (is_secret_key(key) or plural_secret(key)):
            out += _secret_items(text, m)  # `api_keys:` / `  - X`
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
            for child in re.finditer(r"^(?P<i>[ \t]+)(?:- )?(?P<k>[\w.\-\"']+)\s*:[ \t]*"
                                     r"(?P<v>[^\s#][^\n]*)$", block, re.M):
                if child.group("k").strip("\"'") in _NAMING_KEYS:
                    continue  # `secretStoreRef:` / `name: vault-backend`: which object
                value = child.group("v").strip().strip("\"'")
                # its own keys only, not a whole CI job under `required-checks-pass:`; and a
                # value that could be a secret, not prose, `${{ x }}` or `ubuntu-latest`
                if first and child.group("i") == first.group(1) and secret_scalar(value):
                    out.append((body_start + child.start("v"), body_start + child.end("v"),
                                "multiline_value", False))
    for m in _INI_KEY.finditer(text) if ini else ():
        if not is_secret_key(m.group("key")):
            continue
        body_start = m.end() + 1
        body_end = _indented_block_end(text, body_start, 0)
        span = _trim(text, body_start, body_end) if body_end > body_start else None
        if span and not text[body_start:body_end].lstrip().startswith(("[", "#", ";")) \
                and not _MAPPING_LINE.match(text, body_start):
            out.append((*span, "multiline_value", False))
    return out


def secret_scalar(value: str) -> bool:
    """A YAML scalar under a secret's key that could be the secret: not prose, `${{ x }}`,
    `always()`, `ubuntu-latest` nor a name (`ansible.netcommon.type5_pw`)."""
    return (value_ok(value) and len(value) >= 8 and not any(c.isspace() for c in value)
            and "${" not in value
            and not (P.CODE_REFERENCE.match(value) and "(" in value)  # always()
            and not names_something(value)
            and (looks_random(value) or entropy(value) >= 3.5))


def plural_secret(key: str) -> bool:
    """`passwords`, `api_keys`, `accessTokens`: a list of secrets (its singular names one)."""
    words = key_words(key)
    return bool(words) and len(words[-1]) > 3 and words[-1].endswith("s") \
        and is_secret_key("_".join([*words[:-1], words[-1][:-1]]))


# a YAML sequence's scalar item, at any indent not less than its key's
_ITEM = re.compile(r"""(?P<i>[ \t]*)-[ \t]+(?P<q>["']?)(?P<v>[^\s#"'{}\[\]][^\s#"']*)(?P=q)"""
                   r"""[ \t]*(?:#[^\n]*)?(?:\n|$)""")


def _secret_items(text: str, key: re.Match[str]) -> list[Span]:
    """The items of a YAML sequence of scalars under a key naming secrets (`api_keys:` then
    `  - X`, `passwords:` then `- X`) that could be secrets (`secret_scalar`); a list of
    names (Compose's `secrets:` / `- db_password`) stays."""
    out: list[Span] = []
    at = key.end() + 1
    indent = len(key.group("indent"))
    while at < len(text) and (item := _ITEM.match(text, at)) and len(item.group("i")) >= indent:
        value = item.group("v")
        if ":" not in value and secret_scalar(value):
            out.append((item.start("v"), item.end("v"), "secret_list_item", False))
        at = item.end()
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


# an age recipient (`age1` and Bech32, a plugin's `age1yubikey1...`): a public key, what SOPS'
# `.sops.yaml` and an age recipients file list (its secret key is `AGE-SECRET-KEY-1...`)
_AGE_RECIPIENT = re.compile(r"age1(?:[a-z0-9]{1,20}1)?[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{58,}")


def readable(line: str, start: int, end: int) -> bool:
    """A value that only looks secret: an integrity hash, checksum or SHA named as such, an age
    recipient (a public key)."""
    if _AGE_RECIPIENT.fullmatch(line, start, end):
        return True
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
