"""A password or key written as the literal argument of the call that hashes, checks or keys
with it, where no secret-named key stands before it (session 34's attacker pass found each
stored as written):

- password hashing and checking: Rust's `bcrypt::verify("X", &h)`, PHP's
  `password_verify('X', $h)` / `password_hash('X', ..)`, Laravel's `Hash::make('X')` /
  `Hash::check('X', $h)` / `bcrypt('X')`, Werkzeug's `check_password_hash(h, "X")` /
  `generate_password_hash("X")`, Ruby's `BCrypt::Password.create("X")`, Python's
  `bcrypt.hashpw(b"X", ..)` / `bcrypt.checkpw(b"X", h)`, Node's `bcrypt.hash("X", 10)` /
  `compare` / `hashSync` / `compareSync`, Django's `make_password("X")` /
  `check_password("X", h)` / `user.set_password("X")`, Go's
  `bcrypt.GenerateFromPassword([]byte("X"), ..)` / `CompareHashAndPassword(h, []byte("X"))`,
  Java's `BCrypt.hashpw("X", ..)` / `checkpw` and a password encoder's `encode("X")` /
  `matches("X", h)`, .NET's `BCrypt.Net.BCrypt.HashPassword("X")` / `Verify("X", h)`,
  argon2's `PasswordHasher().hash("X")` / `ph.verify(h, "X")` / `argon2.hash("X")`, Rust's
  `argon2.hash_password(b"X", &salt)`, passlib's `pwd_context.hash("X")` / `.verify("X", h)`,
  `crypt.crypt("X", salt)`, `hashlib.scrypt(b"X", ..)` / `pbkdf2_hmac("sha256", b"X", ..)`,
  the shell's `mkpasswd -m sha-512 'X'`;
- keys given to a keyed hash, a signer or a cipher: `hmac.new(b"X", ..)`, Go's
  `hmac.New(sha256.New, []byte("X"))`, Node's `crypto.createHmac('sha256', 'X')`, Express's
  `cookieParser('X')`, Java's `new SecretKeySpec("X".getBytes(), "AES")`;
- a password given by position to a client: `ftplib.FTP(host, user, "X")` (`FTP_TLS`),
  ldap3's `Connection(server, "cn=admin,..", "X")`,
  `redis.Redis(host, port, db, "X")`;
- a test's expectation of a secret-named value: `expect(config.apiKey).toBe('X')`.

A value is a literal in a password's own place (`values.placed_password`, 6+ characters:
letters with digits or symbols, or words ending in digits with a capital) without a space; a
placeholder, a reference, a plain word (`make_password("password")`, `set_password("lètmein")`)
or a phrase (`set_password("new password")`, Django's docs) stays.
"""

from __future__ import annotations

import re

from repokb.secrets.keylines import KeyLines
from repokb.secrets.values import placed_password

Span = tuple[int, int, str, bool]

# one argument before the secret: a literal, a name, a call with its own arguments
_ARG = r"""(?:"[^"\n]*"|'[^'\n]*'|[\w.:&*\[\]]+(?:\([^()\n]*\))?)\s*,\s*"""
# the secret itself: a string literal, bytes (`b"X"`, Go's `[]byte("X")`) or Java's
# `"X".getBytes()` / `.toCharArray()`
_VALUE = r"""(?:\[\]byte\(\s*|b)?(?P<q>["'])(?P<value>[^"'\n]{1,128})(?P=q)"""


# argon2-cffi's hasher (`PasswordHasher().hash("X")`, `ph.verify(h, "X")`)
_HASHER = r"(?:PasswordHasher\([^()\n]*\)|ph|hasher|password_hasher)"


def _call(name: str, before: int = 0) -> re.Pattern[str]:
    return re.compile(name + r"\s*\(\s*" + _ARG * before + _VALUE)


# (the lower-case words of which a line must hold one, the calls they anchor)
_CALLS: tuple[tuple[tuple[str, ...], tuple[re.Pattern[str], ...]], ...] = (
    (("bcrypt",), (
        _call(r"\bbcrypt(?:::|\.)(?:verify|hash|hashpw|checkpw|hashSync|compare|compareSync"
              r"|hash_password|using\([^()\n]*\)\.hash)"),
        _call(r"\bBCrypt(?:\.Net\.BCrypt)?\.(?:hashpw|checkpw|HashPassword|Verify"
              r"|EnhancedHashPassword|EnhancedVerify|HashString)"),
        _call(r"\bBCrypt::Password\.create"),
        _call(r"(?<![\w.])bcrypt"),  # Laravel's helper
    )),
    (("password_",), (_call(r"\bpassword_(?:verify|hash)"),)),
    (("hash::",), (_call(r"\bHash::(?:make|check)"),)),
    (("password_hash",), (_call(r"\bgenerate_password_hash"),
                          _call(r"\bcheck_password_hash", 1))),
    (("_password",), (_call(r"\b(?:make_password|check_password)"),
                      _call(r"(?<!keyring)\.set_password"),
                      _call(r"\.hash_password"))),
    (("password(",), (_call(r"\bGenerateFromPassword"),)),
    (("hashandpassword",), (_call(r"\bCompareHashAndPassword", 1),)),
    (("encoder",), (_call(r"\b\w*(?:[Pp]assword|[Bb][Cc]rypt|[Aa]rgon2)\w*[Ee]ncoder\w*\."
                          r"(?:encode|matches)"),)),
    (("hasher", "ph.hash"), (_call(rf"\b{_HASHER}\.hash"),)),
    (("hasher", "ph.verify"), (_call(rf"\b{_HASHER}\.verify", 1),)),
    (("argon2",), (_call(r"\bargon2\.(?:hash|hash_password)"), _call(r"\bargon2\.verify", 1))),
    (("context.hash", "context.verify", "context.encrypt"), (
        _call(r"\b\w*(?:pwd|password|crypt)_?context\.(?:hash|verify|encrypt)"),)),
    (("crypt(",), (_call(r"\bcrypt\.crypt"),)),
    (("scrypt",), (_call(r"\bhashlib\.scrypt"),)),
    (("pbkdf2",), (_call(r"\bpbkdf2_hmac", 1),)),
    (("hmac",), (_call(r"\bhmac\.new"), _call(r"\bhmac\.New", 1), _call(r"\bcreateHmac", 1))),
    (("cookieparser",), (_call(r"\bcookieParser"),)),
    (("secretkeyspec",), (_call(r"\bnew\s+SecretKeySpec"),)),
    # (`from ftplib import FTP_TLS` too; ldap3's user is a DN, `cn=..` or `uid=..`)
    (("ftp",), (_call(r"(?:\bftplib\.|(?<![\w.]))FTP(?:_TLS)?", 2),)),
    (("connection(",), (_call(r"\bldap3\.Connection", 2), re.compile(
        r"""(?<![\w.])Connection\(\s*[\w.]+\s*,\s*(?:user\s*=\s*)?["'](?:cn|uid)=[^"'\n]*["']\s*,"""
        r"""\s*(?:password\s*=\s*)?""" + _VALUE))),
    (("redis(",), (_call(r"\b(?:redis\.)?(?:Strict)?Redis", 3),)),
    (("expect(",), (re.compile(
        r"\bexpect\(\s*[\w.]*?(?i:api_?key|token|secret|passw(?:or)?d)\w*\s*\)\s*\.\s*"
        r"to(?:Be|Equal|StrictEqual)\(\s*" + _VALUE),)),
)
_MKPASSWD = re.compile(r"""\bmkpasswd\b(?:[ \t]+-{1,2}[\w-]+(?:[ \t=]+[\w-]+)?)*[ \t]+"""
                       r"""(?P<q>["']?)(?P<value>[^\s"']{1,128})(?P=q)""")
# a variable or a format's placeholder (`%s`, `%(pw)s`, `%d`); a `%` in a password is a
# character (`make_password('Qzk67l7%x9')`: session 43)
_REFERENCE = re.compile(r"[${}<>]|%(?:\(|[-#0 +]?[0-9]*[sdr](?![A-Za-z0-9]))")


def find(text: str, keys: KeyLines) -> list[Span]:
    """Spans of the passwords and keys given to the calls above."""
    out: list[Span] = []
    for words, calls in _CALLS:
        for start, end in keys.lines(words):
            for call in calls:
                out += [(m.start("value"), m.end("value"), "hash_call_secret", False)
                        for m in call.finditer(text, start, end) if _secret(m.group("value"))]
    for start, end in keys.lines(("mkpasswd",)):
        out += [(m.start("value"), m.end("value"), "hash_call_secret", False)
                for m in _MKPASSWD.finditer(text, start, end) if _secret(m.group("value"))]
    return out


def _secret(value: str) -> bool:
    """A password, not a phrase standing for one (Django's docs and tests:
    `set_password("new password")`, `check_password("not qwerty")`, `"   oldpassword   "`)."""
    return (not _REFERENCE.search(value) and not any(c.isspace() for c in value)
            and placed_password(value, 6))
