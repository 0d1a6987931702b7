"""A secret written as a number: a password of digits, a PIN, a numeric API key.

Every finder takes a number for a port, a count, a lifetime or an id (`port: 5432`, `token_ttl:
3600`), and rightly so; but under a key that names the secret itself, 6+ digits are the secret
(`"password": 12345678901` in JSON, `ADMIN_PASSWORD=48291375`, `api_key = 84736251908374`). A key
names the secret itself when its last word is a secret's (`db_password`, `adminPin`) or its last
two words a secret's pair (`api_key`, `client_secret`); not `token` alone (a tokenizer's
`pad_token: 128004` is a token's id) nor `pass` (a test report's `"pass": 124563`). A PIN
is found where a type says secret (an API client's entry, secrets/clients.py): `pin` is no key
word (`mapping`, `spinner` hold it; GPIO's `pin: 17`).
"""

from __future__ import annotations

from repokb.rules import secret_patterns as P

MIN_DIGITS = 6  # fewer: a port, a count, a year, a small id
_LAST_WORDS = frozenset({
    "password", "passwd", "pwd", "pw", "passphrase", "secret", "apikey", "secretkey",
    "accesskey", "authkey", "authtoken", "privatekey", "credential", "smtppass",
})


# session 42: under a key whose last word is the password itself, 4+ digits are a PIN (a
# voicemail box's `vm-password: 58213`); no count, port or year is named a password
MIN_PASSWORD_DIGITS = 4
_PASSWORD_WORDS = frozenset({"password", "passwd", "passphrase", "passcode"})


def secret_number(value: str, words: list[str]) -> bool:
    """Whether `value`, all digits, is the secret a key of `words` (scan.key_words) names."""
    if not value.isdigit() or not words:
        return False
    if len(value) < MIN_DIGITS:
        return len(value) >= MIN_PASSWORD_DIGITS and words[-1] in _PASSWORD_WORDS
    return words[-1] in _LAST_WORDS or tuple(words[-2:]) in P.SECRET_KEY_PAIRS
