"""What a value is, judged alone: a field's name, a value worth redacting beside a secret-named
key, a password in prose, a random token, the name of something.

`value_ok` (not too short, no placeholder, no number), `is_field_name` (`password2`,
`remember_token`), `password_like` (letters with digits or symbols, not a word, an identifier,
an address or a path), `placed_password` (words ending in digits with a capital too, in a
password's own place), `random_token` (16+ characters mixed, high entropy) and
`names_something` (what follows "password" in documentation without being one). Every finder
of secrets/ judges its values with these.
"""

from __future__ import annotations

import base64
import binascii
import re

from repokb.rules import secret_patterns as P
from repokb.secrets.scan import entropy, is_placeholder

_FIELD_NAME = re.compile(r"(?:[a-z]+_)*(?:password|passwd|pwd|secret|token|api_?key|secret_?key|"
                         r"passphrase)s?(?:_[a-z]+)*\d?")


def is_field_name(value: str) -> bool:
    """A value that names a field, a column or a table rather than holds a secret: `password2`,
    `new_password1`, `remember_token`, `password_resets`, `password_reset_tokens`."""
    return bool(_FIELD_NAME.fullmatch(value.lower()))


def value_ok(value: str, key: str = "") -> bool:
    """A value worth redacting beside a secret-named key: not shorter than WEAK_MIN_LENGTH,
    not a placeholder or a `${VAR}`, not the key itself, not a number or a version."""
    value = value.strip()
    if len(value) < P.WEAK_MIN_LENGTH or is_placeholder(value) or value.lower() == key.lower():
        return False
    return not value.replace(".", "").replace("-", "").isdigit()


def looks_random(value: str) -> bool:
    """A password in prose: letters with digits or symbols (not only `_-.`), not a word, an
    identifier, a file name or a version."""
    has_alpha = any(c.isalpha() for c in value)
    has_other = any(c.isdigit() or (not c.isalnum() and c not in "_-.:") for c in value)
    # a version or an ordinal (`1.2.3`, `2024-01-01`, `3rd`, `2fa-enabled`), not any value that
    # opens with a digit: `2oeq3hDavJA76rNicH` was a "version"
    return has_alpha and has_other and not re.fullmatch(
        r"[\w\-]+\.[a-z]{1,4}|[A-Za-z]+[\d.]*|v?\d+[a-z]{0,3}(?:[._\-+]\w*)*", value)


def random_token(value: str) -> bool:
    """A token, not a word, a name or a version: 16+ characters of letters and digits mixed
    (upper and lower case, or hex), high entropy, naming nothing (`names_something`)."""
    if len(value) < 16 or not any(c.isdigit() for c in value) or names_something(value):
        return False
    hexed = set(value.lower()) <= set("0123456789abcdef")
    mixed = any(c.isupper() for c in value) and any(c.islower() for c in value)
    return ((hexed and len(value) >= 20 and entropy(value) > 3.0 or mixed and entropy(value) > 3.5)
            and looks_random(value) and not is_placeholder(value))


_TOKEN_RUN = re.compile(r"[A-Za-z0-9+/_\-]{16,}")  # a token's characters (base64, url-safe)


_WORD = re.compile(r"[^\s'\"`<>()\[\]{},;]{16,}")  # a word a password may be: `!`, `#` ... too
_WORD_END = ".,:?"  # a sentence's punctuation after it


def random_tokens(text: str) -> list[tuple[int, int]]:
    """The spans of the bare random-looking tokens of `text` (`random_token`), whatever stands
    around them: what redaction leaves in prose, since alone a token cannot be told from an id
    (the LLM proxy keeps no answer holding one and shows none on the dashboard). A pasted
    password with symbols (`Pl4nt3d-Br1ck!wall77`: the token's characters stop at `!`) is
    judged as the whole word; the spans never overlap."""
    words = []
    for m in _WORD.finditer(text):
        word = m.group().rstrip(_WORD_END)
        if len(word) >= 16 and random_token(word):
            words.append((m.start(), m.start() + len(word)))
    runs = [m.span() for m in _TOKEN_RUN.finditer(text) if random_token(m.group())
            and not any(start <= m.start() < end for start, end in words)]
    return sorted(words + runs)


# What follows "password" in documentation without being one: an e-mail address or URL, a
# path, an option, a variable or markup, a dotted name, a number with a unit, words joined by
# a slash (`empty/mismatch`, `read/write`); and (`_identifier_of_words`) an identifier made of
# words (`PBKDF2PasswordHasher`, `bcrypt_sha256`). `looks_random` already keeps a word with a
# number (`password123`, `hunter2`, `sha256`, `utf8`: an example or a name, kept on purpose).
_NOT_A_PASSWORD = re.compile(
    r"[^@\s]+@[\w\-]+(?:\.[\w\-]+)+|\w+://.*|[/~.\-$%@#&\\].*"
    r"|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+|\d+[A-Za-z]{0,3}|[A-Za-z]+(?:[/&+][A-Za-z]+)+"
    # a YAML tag before the value (`token: !vault |`, Home Assistant's `!secret name`)
    r"|!!?(?:vault|secret|env_var|ENV|include|str|binary)")
_IDENTIFIER_WORDS = re.compile(r"[A-Z]{2,}(?=[A-Z][a-z]|\d|_|$)|[A-Z]?[a-z]{2,}|\d+|_")


_WORDS_NUMBER = re.compile(r"[A-Za-z]{4,}\d{2,}")
# two or three plain words (`secret key`, `your password here`): a placeholder or a phrase,
# not a passphrase (those are four words and more: `correct horse battery staple`)
_FEW_WORDS = re.compile(r"[A-Za-z]+(?: [A-Za-z]+){1,2}")


def password_like(value: str, min_length: int = 8, glued_words: bool = False) -> bool:
    """A password in prose: `min_length`+ characters, letters with digits or symbols, not a
    word, a placeholder, a `${VAR}`, a name of something (see `_NOT_A_PASSWORD`) or a field
    name (`password2`). With `glued_words` (a command line's password place: `curl -u
    user:X`, `sshpass -p X`), words with digits (`MyPassw0rd`, `CurlPass4417`, `Summer2024`)
    count too: a class's name (`PBKDF2PasswordHasher`) or a version stands in no such place."""
    if len(value) < min_length or is_placeholder(value) or _FEW_WORDS.fullmatch(value):
        return False
    if not (looks_random(value) or glued_words and _WORDS_NUMBER.fullmatch(value)):
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


def base64_text(value: str) -> str | None:
    """A base64 value (its padding optional) as printable text (`user:password`), or None when
    it is no base64 of such text."""
    try:
        text = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("utf-8")
    except (binascii.Error, ValueError):  # UnicodeDecodeError is a ValueError
        return None
    return text if text.isprintable() else None
