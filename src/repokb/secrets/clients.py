"""Secrets in the forms API-client collections write them (Postman, Insomnia, Thunder Client,
Hoppscotch): each an entry of a list of name/value objects, the secret's name in a sibling field.

- `{"key": "password", "value": "X"}` (Postman's auth, headers, variables, environments;
  Hoppscotch's headers and variables, whose `initialValue` and `currentValue` are values too),
  in either order: the name in `key` or `name` says a secret, the value is one (an id under
  `X-API-Key` too);
- an entry typed secret whatever its name: Postman's `"type": "secret"`, Hoppscotch's
  `"secret": true`;
- Postman's API-key auth, `"apikey": [{"key": "value", "value": "X"}, {"key": "key", "value":
  "X-Shop-Key"}]`: the entry named `value` is the key (the one named `key` a header's name);
  Hoppscotch's `{"authType": "api-key", "key": "X-Shop-Key", "value": "X"}`, Thunder Client's
  `{"type": "bearer", "bearer": "X"}` and Bruno's `auth:apikey { ... value: X }` block;
- session 38: a cookie named for a session in a name/value list (a HAR file's `"cookies":
  [{"name": "sessionid", "value": "X"}]`; `cookies.session_cookie`);
- session 39: a CloudFormation parameters file's `{"ParameterKey": "DBPassword",
  "ParameterValue": "X"}`, Elastic Beanstalk's `{"OptionName": "DB_PASSWORD", "Value": "X"}`,
  and a template's parameter marked `"NoEcho": "true"`, whose `"Default"` is the secret
  whatever the parameter's name;
- a request's JSON body written inside a JSON string (Postman's `"raw"`, Insomnia's `"text"`,
  Thunder Client's and Hoppscotch's bodies): `\\"password\\": \\"X\\"`, its quotes escaped,
  which the assignment finders read no key in.
- session 41: HeidiSQL's settings export, one `PATH<|||>TYPE<|||>VALUE` a line, a secret under a
  path ending in a secret's name (`Servers\\prod\\Password<|||>1<|||>X`).
A value of digits is a secret there too: a PIN or an OTP in an entry typed secret, a numeric API
key or password under a name that says the secret itself (`"key": "apiKey", "value":
"84736251908374"`; secrets/numbers.py). A value that is a placeholder (`{{apiKey}}`, `<<...>>`,
empty) stays, as everywhere.
"""

from __future__ import annotations

import re

from repokb.rules import secret_patterns as P
from repokb.secrets.cookies import session_cookie
from repokb.secrets.numbers import secret_number
from repokb.secrets.scan import is_placeholder, is_secret_key, is_secret_value, key_words
from repokb.secrets.values import value_ok

Span = tuple[int, int, str, bool]
DETECTOR = "client_entry"

# an innermost JSON object (no object inside it), strings read whole (a `{{var}}` in one)
_OBJECT = re.compile(r'\{(?:[^{}"]++|"(?:[^"\\\n]|\\.)*+"){1,120}+\}')
_FIELD = re.compile(r'"(?P<field>key|name|value|initialValue|currentValue|type|authType|secret|'
                    r'bearer|ParameterKey|ParameterValue|OptionName|Value|NoEcho|Default)"\s*:\s*'
                    r'(?:"(?P<s>(?:[^"\\\n]|\\.)*)"|(?P<b>true|false))')
_VALUES = ("value", "initialValue", "currentValue", "ParameterValue", "Value")
_NAMES = ("key", "name", "ParameterKey", "OptionName")
# an entry typed secret (Postman's environments), an auth object whose type says its value is
# the credential (Hoppscotch's `{"authType": "api-key", "key": "X-Shop-Key", "value": "X"}`)
_SECRET_TYPES = frozenset({"secret", "bearer", "api-key", "apikey"})
# Bruno's `auth:apikey { key: X-Shop-Key  value: X }` (a `.bru` file): the value by its block
_BRU_APIKEY = re.compile(r"^auth:apikey[ \t]*\{[^}]*?^[ \t]*value:[ \t]*(?P<v>\S[^\n]*?)[ \t]*$",
                         re.M)
_APIKEY = re.compile(r'"apikey"\s*:\s*\[[^\]]*$')  # inside Postman's apikey list
# a JSON pair inside a JSON string: `\"password\": \"X\"`
_ESCAPED = re.compile(r'\\"(?P<key>[A-Za-z_][\w.\-]{0,80})\\"\s*:\s*'
                      r'\\"(?P<value>(?:[^"\\\n]|\\[^"\n])*)\\"')
_SCHEME = re.compile(r"(?:Bearer|Token|Basic|Digest|ApiKey)\s+", re.I)
_HEIDI = re.compile(r"^(?:[^\\\n<]*\\)*(?P<key>[A-Za-z_][\w.\-]*)<\|\|\|>\d+<\|\|\|>"
                    r"(?P<value>[^\n]+)$", re.M)
_TEMPLATE = re.compile(r"\{\{.*\}\}|<<.*>>")


def find(text: str) -> list[Span]:
    out: list[Span] = []
    if '"value"' in text or "Value\"" in text or '"bearer"' in text or '"NoEcho"' in text:
        for m in _OBJECT.finditer(text):
            out += _entry(text, m)
    if "<|||>" in text:
        out += [(m.start("value"), m.end("value"), DETECTOR, False) for m in _HEIDI.finditer(text)
                if is_secret_key(m.group("key")) and _written(m.group("value"))
                and value_ok(m.group("value"))]
    if "auth:apikey" in text:
        out += [(m.start("v"), m.end("v"), DETECTOR, False) for m in _BRU_APIKEY.finditer(text)
                if _written(m.group("v")) and value_ok(m.group("v"))]
    if '\\"' in text:
        for m in _ESCAPED.finditer(text):
            key, value = m.group("key"), m.group("value")
            if (is_secret_key(key) or key == "value" and _inside_secret(text, m.start())) \
                    and _written(value) and is_secret_value(value, key, literal_words=True):
                out.append((m.start("value"), m.end("value"), DETECTOR, False))
    return out


# the JSON string a `\"value\"` stands in, opened on its line under a key: Keycloak's
# `"secretData": "{\"value\":\"X\",\"salt\":\"..\"}"` (a user's password hash)
_OUTER = re.compile(r'"(?P<key>[A-Za-z_][\w.\-]{0,80})"\s*:\s*"\{')


def _inside_secret(text: str, at: int) -> bool:
    """Whether the escaped pair at `at` stands in a JSON string under a secret-named key."""
    keys = [m.group("key") for m in _OUTER.finditer(text, text.rfind("\n", 0, at) + 1, at)]
    return bool(keys) and is_secret_key(keys[-1])


def _entry(text: str, obj: re.Match[str]) -> list[Span]:
    fields: dict[str, re.Match[str]] = {}
    for f in _FIELD.finditer(obj.group(0)):
        fields.setdefault(f.group("field"), f)
    typed = fields.get("type") or fields.get("authType")
    kind = (typed.group("s") or "").lower() if typed else ""
    # Thunder Client's bearer auth, `{"type": "bearer", "bearer": "X"}`: the token by its type
    value_fields: tuple[str, ...] = (*_VALUES, "bearer") if kind == "bearer" else _VALUES
    no_echo = fields.get("NoEcho")
    if no_echo is not None and "true" in (no_echo.group("b"), (no_echo.group("s") or "").lower()):
        value_fields, kind = ("Default",), "secret"  # a CloudFormation parameter kept secret
    values = [fields[v] for v in value_fields if v in fields and fields[v].group("s") is not None]
    if not values:
        return []
    named = next((fields[n] for n in _NAMES if n in fields), None)
    name = named.group("s") or "" if named else ""
    flagged = fields.get("secret")
    secret = (is_secret_key(name)
              or kind in _SECRET_TYPES
              or not name and is_secret_key(kind)  # Keycloak's `{"type": "password", "value": X}`
              or flagged is not None and flagged.group("b") == "true"
              or name == "value" and _APIKEY.search(text, max(0, obj.start() - 2000),
                                                    obj.start()) is not None
              or any(session_cookie(name, v.group("s")) for v in values))
    if not secret:
        return []
    # a number: by the entry's type any (a PIN), by its name 6+ digits (`numbers`)
    by_type = not is_secret_key(name)
    out: list[Span] = []
    for v in values:
        value = v.group("s")
        scheme = _SCHEME.match(value)
        at = scheme.end() if scheme else 0
        if _written(value[at:]) and (value_ok(value[at:]) or _number(value[at:], name, by_type)):
            start = obj.start() + v.start("s")
            out.append((start + at, start + len(value), DETECTOR, False))
    return out


def _number(value: str, name: str, by_type: bool) -> bool:
    """An all-digit secret: a PIN or a numeric key in an entry typed secret (4+ digits), or
    under a name that says the secret itself (`numbers.secret_number`: `apiKey`, 6+)."""
    if by_type:
        return value.isdigit() and len(value) >= P.WEAK_MIN_LENGTH
    return secret_number(value, key_words(name))


def _written(value: str) -> bool:
    """A value written, not a reference to one (`{{apiKey}}`, Hoppscotch's `<<...>>`)."""
    value = value.strip()
    return bool(value) and not _TEMPLATE.search(value) and not is_placeholder(value)
