"""Secrets an iOS app stores under a secret's name in a keyed store, the value before the name.

`UserDefaults.standard.set("X", forKey: "apiToken")`, a keychain wrapper's
`KeychainWrapper.standard.set("X", forKey: "password")` or `keychain.set("X", key: "token")`
(Swift), `[defaults setObject:@"X" forKey:@"authToken"]` and `[keychain setString:@"X"
forKey:@"password"]` (Objective-C): no `name = value` shows the secret, and the name comes after
it. Session mobile40's planted iOS app kept such a value as written. The name must be a
secret's (`scan.is_secret_key`) and the literal one as code holds (`scan.is_secret_value`:
no reference, prose or single word; not a field's name, `onboarding_token_v2`, nor an
identifier of words); the spans are the value's only.
"""

from __future__ import annotations

import re

from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import is_secret_key, is_secret_value
from repokb.secrets.values import is_field_name, names_something

Span = tuple[int, int, str, bool]

_KEYED_SET = re.compile(
    r'\bset(?:Object|Value|String|Data)?[ \t]*(?:\([ \t]*|:[ \t]*)@?'
    r'"(?P<value>[^"\\\n]{1,400})"[ \t]*,?[ \t]*(?:forKey|key)[ \t]*:[ \t]*@?'
    r'"(?P<key>[\w.\-]{1,80})"')


def find(text: str, keys: KeyLines) -> list[Span]:
    """Spans of the values set under a secret's name in a keyed store (module docstring)."""
    out: list[Span] = []
    for start, end in keys.lines(("forkey", "key:")):
        for m in _KEYED_SET.finditer(text, start, end):
            key, value = m.group("key"), m.group("value")
            if (is_secret_key(key) and is_secret_value(value, key, literal_words=False)
                    and not is_field_name(value) and not names_something(value)):
                out.append((m.start("value"), m.end("value"), "keyed_store", False))
    return out
