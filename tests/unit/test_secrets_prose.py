"""A password written in a sentence is redacted; documentation about passwords is not.

A new user's pass found "To log in use the password <value> on the admin page." and "Use
password <value>." stored, searchable and sent through the LLM proxy as written: only "the
password is <value>" and "password: <value>" were redacted. Losing good documentation to
redaction is a bug too, so the sentences that must stay are pinned beside the ones that must go.
"""

from __future__ import annotations

import pytest

from repokb.secrets import REDACTED, redact

_PW = "".join(("hunter2", "hunter2", "X9"))  # a FAKE password, assembled at run time
_PW2 = "".join(("Tr0ub4", "dor&3"))
_PW3 = "".join(("Zq8#mW2", "!vLp9"))

MUST_REDACT = [  # (mode, language, text, value)
    ("text", "markdown", f"To log in use the password {_PW} on the admin page.\n", _PW),
    ("text", "markdown", f"Use password {_PW}.\n", _PW),
    ("text", "markdown", f"Use password {_PW} to log in.\n", _PW),
    ("text", "markdown", f"Use the password **{_PW}** for the demo user.\n", _PW),
    ("text", "markdown", f"Use the password `{_PW}` for the demo user.\n", _PW),
    ("text", "rst", f"Your passphrase is {_PW2}, keep it safe.\n", _PW2),
    ("text", "markdown", f"the password is: {_PW}\n", _PW),
    ("text", "markdown", f"Set a password of {_PW2} on the router.\n", _PW2),
    ("text", "markdown", f"Change the password to {_PW3} after the first login.\n", _PW3),
    ("text", "markdown", f"my passwd {_PW3} (do not share)\n", _PW3),
    ("text", "markdown", f"PWD {_PW} for the staging database\n", _PW),
    ("text", "markdown", "Default login: admin, password Summer2024Vacation!\n",
     "Summer2024Vacation!"),
    ("text", None, f"ssh in, then use password {_PW} for sudo\n", _PW),
    ("config", "yaml", f"# staging: use password {_PW}\nhost: db\n", _PW),
    # prose in a comment of a code file
    ("code", "python", f"# test account: use password {_PW} on the admin page\nx = 1\n", _PW),
    ("code", "javascript", f"// the password is {_PW}.\nconst x = 1;\n", _PW),
    ("code", "java", f"/**\n * Use password {_PW} for staging.\n */\nclass A {{}}\n", _PW),
    ("code", "python", f"x = 1  # password {_PW}\n", _PW),
    # found once in prose, redacted wherever else it stands
    ("text", "markdown", f"Use password {_PW}.\n\n```\nlogin admin {_PW}\n```\n", _PW),
]


@pytest.mark.parametrize(("mode", "language", "text", "value"), MUST_REDACT,
                         ids=[f"{m[0]}{i}" for i, m in enumerate(MUST_REDACT)])
def test_a_password_in_a_sentence_is_redacted(mode, language, text, value):
    result = redact(text, mode, language)
    assert value not in result.text, result.text
    assert REDACTED in result.text
    assert result.text.count("\n") == text.count("\n")


def test_only_the_password_goes_not_the_sentence_around_it():
    text = f"To log in use the password {_PW} on the admin page.\n"
    assert redact(text, "text", "markdown").text == (
        f"To log in use the password {REDACTED} on the admin page.\n")
    assert redact(f"Use password {_PW}.", "text").text == f"Use password {REDACTED}."


# Documentation about passwords, and the names and examples that follow the word. Decided:
# a word with a number (`password123`, `hunter2`, `sha256`) stays: in prose it is an example
# of a weak password or a name far more often than a real one, and the same rule already held
# for "the password is ..." before.
MUST_KEEP = [
    "Enter your name in the password field.",
    "The password reset flow sends an e-mail.",
    "Password hashing with bcrypt is slower on purpose.",
    "Never use the password123 example in production.",
    "Use password password123 in the demo only.",
    "The classic weak password hunter2 is a joke.",
    "Store it in password_hash, not in password.",
    "Set the password via PASSWORD_ENV before starting.",
    "Choose a password of at least 8 characters.",
    "The password must be 8+ characters long.",
    "Unpack password-protected archives with -p.",
    "Mail the password to ops@corp-mail.io instead.",
    "The password https://vault.internal/v1/db is read at start-up.",
    "The password is changeme until the first login.",
    "Set `password: ${DB_PASSWORD}` in the config.",
    "password <your-password>",
    "The password `%(password)s` is filled in by the template.",
    "Pass --password-file=/run/secrets/db rather than the password itself.",
    "password (str) -- the password to check",
    "password1 and password2 must match.",
    "The form's password2 field repeats password1.",
    "Django stores the password with PBKDF2PasswordHasher by default.",
    "The password hasher is PBKDF2PasswordHasher by default.",
    "Store the password as bcrypt_sha256 with a work factor.",
    "The password is read/write for the owner only.",
    "The password is 12345678 in every demo.",  # no letter: not the shape we look for
    "user.password is None until set_password() runs.",
    # sentences of Django 5.2.8's documentation and code comments
    "If disabled, the current password for this user will be lost.",
    "Password validation can prevent the use of many types of weak passwords.",
    "* ``contrib.auth`` user password hash-upgrade sequence",
    "always be the clear text password - not a hashed password.",
    ":djadmin:`manage.py changepassword *username* <changepassword>` offers a method",
    "Argon2_ is the winner of the 2015 `Password Hashing Competition`_, a community",
]


@pytest.mark.parametrize("text", MUST_KEEP)
def test_documentation_about_passwords_stays_readable(text):
    assert redact(text + "\n", "text", "markdown").text == text + "\n"
    assert redact(f"# {text}\n", "code", "python").text == f"# {text}\n"


@pytest.mark.parametrize("text", [
    "if password is None: return user1234x\n",  # code, not a comment: an expression
    "self.assertIs(form.is_valid(), True)  # Valid despite password empty/mismatch.\n",
    "check(password to_user123x)\n",
])
def test_code_outside_comments_is_not_read_as_prose(text):
    assert redact(text, "code", "python").text == text
