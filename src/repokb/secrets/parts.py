"""The password inside a compound finding, as a value of its own.

Some findings hold more than the secret: a URL's userinfo (`postgres://analyst:S3cr...@db`,
redacted user and password together), an `Authorization: Basic` header or a docker `"auth"`
(base64 of `user:password`). A value found once is redacted wherever else it occurs in the
file, but the value of such a finding is the whole span, so the password written again on its
own (`check_login("analyst", "S3cr...")`, `PGPASSWORD=S3cr...` in a comment, a README's code
block) stayed. `passwords` gives those passwords, to be redacted wherever they occur too.

Only a password that cannot be an ordinary word spreads (`spreads`): 6+ characters, a letter
and a digit or symbol, no placeholder (`${DB_PASS}`, `<password>`), no field name
(`password2`). A shorter or all-letter one (`guest`, `postgres`, `secret`: the classic
`postgres://postgres:postgres@localhost`) would redact a scheme, a user name or common words all
over the file; the URL itself is redacted either way. 6, not the 8 asked of any found value,
because this one is known to be a password (it stands where a URL or header puts one) rather
than guessed from its looks.
"""

from __future__ import annotations

from urllib.parse import unquote

from repokb.rules.secret_patterns import REDACTED
from repokb.secrets.scan import is_placeholder, url_credentials
from repokb.secrets.shapes import basic_credentials
from repokb.secrets.values import base64_text, is_field_name

MIN_LENGTH = 6
# The detectors whose span holds a password among other parts (see the module docstring).
COMPOUND = frozenset({"url_credentials", "authorization_header", "docker_auth"})


def passwords(text: str) -> set[str]:
    """The passwords of text's URL credentials and Basic credentials that may be redacted
    wherever they occur (`spreads`); a URL's percent-encoded one also as it is typed."""
    found: set[str] = set()
    for m in url_credentials(text):
        password = m.group("password")
        found.update((password, unquote(password)))
    for encoded in basic_credentials(text):
        userinfo = base64_text(encoded)
        if userinfo is not None and ":" in userinfo:
            found.add(userinfo.split(":", 1)[1])
    return {p for p in found if spreads(p)}


def spreads(password: str) -> bool:
    """Whether a password may be redacted wherever it occurs: not a word, a number, a
    placeholder or a field name (see the module docstring)."""
    if len(password) < MIN_LENGTH or password == REDACTED or any(c.isspace() for c in password):
        return False
    if not any(c.isalpha() for c in password) or password.isalpha():
        return False
    return not (is_placeholder(password) or is_field_name(password))
