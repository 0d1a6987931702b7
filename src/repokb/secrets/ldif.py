"""Secrets in LDIF (RFC 2849): an LDAP entry's password given base64-encoded.

A directory's export or seed (`users.ldif`, OpenLDAP's `cn=config` LDIF) writes a value that
is not plain ASCII, or that its tool chose to encode, after a double colon, base64, folded
over lines that open with one space: `userPassword:: e1NTSEF9...`. ASSIGNMENT reads `::` as a
scope (`Token::NAME`), so the value stayed. A line at the column's start whose attribute is a
secret's name (`userPassword`, `olcRootPW`, `sambaNTPassword`, an option `;binary` too) and
whose value is base64 of 8 characters or more: its value (continuation lines too), in a text
that names an entry's `dn:` (C++'s and Ruby's `::` are everywhere else). A plain
`userPassword: X` is read by scan as any key's value.
"""

from __future__ import annotations

import re

from repokb.secrets.scan import is_secret_key

Span = tuple[int, int, str, bool]
_BASE64_LINE = re.compile(
    r"^(?P<key>[A-Za-z][A-Za-z0-9-]{0,60})(?:;[\w-]+)*::[ \t]*"
    r"(?P<value>[A-Za-z0-9+/]{8,}={0,2}(?:\r?\n [A-Za-z0-9+/=]+)*)[ \t]*\r?$", re.M)


def find(text: str) -> list[Span]:
    """Spans of the base64 values LDIF gives to secret-named attributes."""
    if "::" not in text or "dn:" not in text:  # (an entry, or a snippet of one, names its dn)
        return []
    return [(m.start("value"), m.end("value"), "secret_assignment", False)
            for m in _BASE64_LINE.finditer(text) if is_secret_key(m.group("key"))]
