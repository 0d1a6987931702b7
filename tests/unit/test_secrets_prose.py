"""A password written in a sentence is redacted; documentation about passwords is not.

A new user's pass found "To log in use the password <value> on the admin page." and "Use
password <value>." stored, searchable and sent through the LLM proxy as written: only "the
password is <value>" and "password: <value>" were redacted. Losing good documentation to
redaction is a bug too, so the sentences that must stay are pinned beside the ones that must go.
"""

from __future__ import annotations

import pytest

from repokb.secrets import REDACTED, redact, values

from ..conftest import assert_redacted, cases

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


@cases(("mode", "language", "text", "value"), MUST_REDACT)
def test_a_password_in_a_sentence_is_redacted(mode, language, text, value):
    assert_redacted(text, mode, language, value)


def test_only_the_password_goes_not_the_sentence_around_it():
    text = f"To log in use the password {_PW} on the admin page.\n"
    assert redact(text, "text", "markdown").text == (
        f"To log in use the password {REDACTED} on the admin page.\n")
    # the full stop may be the password's last character: it goes with it (see below)
    assert redact(f"Use password {_PW}.", "text").text == f"Use password {REDACTED}"


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


# A password in a sentence inside code: in a docstring, a string literal, a text block, a
# template literal, a heredoc or a block comment without ` * ` (only comments were read before).
_DOC = "".join(("Xk29q", "Lm7vRt"))  # a FAKE password, assembled at run time
IN_CODE_PROSE = [  # (language, text)
    ("python", f'def connect():\n    """Connect to staging.\n\n'
               f'    The admin password is {_DOC} here.\n    """\n'),
    ("python", f'HELP = "log in with password {_DOC}"\n'),
    ("python", f"HELP = 'log in with password {_DOC}'\n"),
    ("python", f'msg = f"use password {_DOC} for {{host}}"\n'),
    ("python", f'raise ValueError(\n    "the password is {_DOC}, change it"\n)\n'),
    ("python", f"print('''\nUse password {_DOC} on the admin page.\n''')\n"),
    ("rust", f'let help = "the password is {_DOC}";\n'),
    ("go", f"var help = `\nthe password is {_DOC}\n`\n"),
    ("javascript", f"const s = `\n  Use password {_DOC} on the admin page.\n`;\n"),
    ("javascript", f"const s = `password ${{x}} and password {_DOC}`;\n"),
    ("typescript", f"/*\n  the password is {_DOC}\n*/\nexport {{}};\n"),
    ("c", f"/*\n   the password is {_DOC}\n */\nint x;\n"),
    ("java", f'String s = """\n    the password is {_DOC}\n    """;\n'),
    ("kotlin", f'val s = """\n    the password is {_DOC}\n"""\n'),
    ("elixir", f'@doc """\nThe password is {_DOC}.\n"""\ndef f, do: 1\n'),
    ("ruby", f"msg = <<~EOS\n  the password is {_DOC}\nEOS\nputs msg\n"),
    ("php", f"$m = <<<EOT\nthe password is {_DOC}\nEOT;\n"),
    ("shell", f'echo "use password {_DOC} for sudo"\n'),
    ("lua", f"--[[\n the password is {_DOC}\n]]\nlocal x = 1\n"),
    ("perl", f"=pod\n\nThe password is {_DOC}.\n\n=cut\nmy $x = 1;\n"),
]


@cases(("language", "text"), IN_CODE_PROSE)
def test_a_password_in_a_docstring_or_string_literal_is_redacted(language, text):
    result = redact(text, "code", language)
    assert _DOC not in result.text, result.text
    assert [f.detector for f in result.findings] == ["prose_password"]
    assert result.text.count("\n") == text.count("\n")


def test_only_the_password_goes_from_a_string_literal_not_its_escape_or_quote():
    text = f'HELP = "use password {_DOC}\\n"\n'
    assert redact(text, "code", "python").text == f'HELP = "use password {REDACTED}\\n"\n'


# What docstrings and messages say about passwords stays, in every shape of literal.
IN_CODE_KEEP = [
    ":param password: the user's password",
    ":param str password: the password to check against the stored hash",
    "password (str): The plaintext password.",
    "password : str",
    "Args:\n        password: the password to hash, at least 8 characters.",
    "The password is hashed with PBKDF2 before it is stored.",
    "Password must be at least 8 characters.",
    "Password must contain at least %(min_length)d characters.",
    "The password is too similar to the %(verbose_name)s.",
    "Return True if the password is correct.",
    "Raise ValueError if the password is empty or too short.",
    "password for {user} is incorrect",
    "Set the password with set_password(), never password directly.",
    "Use password hashers from PBKDF2PasswordHasher to Argon2PasswordHasher.",
]


@pytest.mark.parametrize("sentence", IN_CODE_KEEP + MUST_KEEP)
def test_documentation_about_passwords_in_docstrings_and_literals_stays_readable(sentence):
    for language, text in (
            ("python", f'def check(password):\n    """{sentence}\n    """\n'),
            ("python", f"raise ValueError({sentence!r})\n"),
            ("javascript", f"const msg = `\n{sentence}\n`;\n"),
            ("java", f'/**\n * {sentence}\n */\nclass A {{}}\n'),
            ("rust", f"/// {sentence}\nfn check() {{}}\n")):
        assert redact(text, "code", language).text == text, (language, text)


@pytest.mark.parametrize("text", [
    # a closed docstring or literal does not make the code after it prose
    '"""Check it."""\ncheck(password to_user123x)\n',
    "s = 'it'\nif password is user1234x: pass\n",
    # a heredoc's start without its closing line is code (C++ shifts, not a heredoc)
    "int m = 1 << FLAGS;\ncheck(password to_user123x);\n",
])
def test_code_after_a_literal_is_not_read_as_prose(text):
    assert redact(text, "code", "python").text == text


# A sentence's last character or the password's? "the password is Hunter2Xy!" cannot say, so
# the value is redacted with a `.`, `:`, `!` or `?` that ends it (losing a full stop costs
# nothing; keeping a password's last character is a leak, `<REDACTED_SECRET>!`). Whether it is
# a password at all is still judged without that character, so the next sentence, a prose word
# ("is the password correct?") and a placeholder stay as they are.
_BANG = "".join(("Hunt3r", "2Xy"))  # a FAKE password, assembled at run time; + its last char


@pytest.mark.parametrize("end", [".", ":", "!", "?"])
@pytest.mark.parametrize(("mode", "language", "template"), [
    ("code", "python", "# the password is {pw} Then log in as admin.\nx = 1\n"),
    ("code", "javascript", "// Use password {pw} Then log in as admin.\nconst x = 1;\n"),
    ("code", "python", 'def f():\n    """The admin password is {pw} Then log in."""\n'),
    ("code", "python", 'HELP = "use password {pw}\\n"\n'),
    ("text", "markdown", "Use password {pw} Then log in as admin.\n"),
    ("text", "markdown", "Log in with password {pw}\n"),
    ("config", "yaml", "# staging: use password {pw} Then log in as admin.\nhost: db\n"),
], ids=["comment-is", "comment-bare", "docstring", "literal-escape", "md", "md-eol", "yaml"])
def test_a_password_ending_in_punctuation_is_redacted_to_its_last_character(mode, language,
                                                                          template, end):
    text = template.format(pw=_BANG + end)
    result = redact(text, mode, language)
    assert _BANG not in result.text, result.text
    assert f"{REDACTED}{end}" not in result.text, result.text
    # only that character goes: the next sentence, an escape, the quotes stay
    assert result.text == text.replace(_BANG + end, REDACTED), result.text


def test_a_password_ending_in_punctuation_is_redacted_whole_wherever_else_it_stands():
    """Spread to the rest of the file both ways: with the character (a test's literal, where
    it is the password's) and without it (a command, where it ended the sentence)."""
    text = (f"# the password is {_BANG}!\n"
            f'assert check_login("admin", "{_BANG}!")\n'
            f"# or, with the shell: login admin {_BANG} && run\n")
    result = redact(text, "code", "python")
    assert _BANG not in result.text and f"{REDACTED}!" not in result.text, result.text
    assert result.text == (f"# the password is {REDACTED}\n"
                           f'assert check_login("admin", "{REDACTED}")\n'
                           f"# or, with the shell: login admin {REDACTED} && run\n")
    # and to a notebook's other cells (`known`): both forms
    found = values(text, result.findings)
    assert {_BANG, f"{_BANG}!"} <= found
    other = redact(f'login("{_BANG}!")\nlogin("{_BANG}")\n', "code", "python", known=found)
    assert other.text == f'login("{REDACTED}")\nlogin("{REDACTED}")\n'


@pytest.mark.parametrize("text", [
    "# the password is set. The feature is enabled.\n",
    "# The password hasher is enabled. Then restart.\n",
    "# Is the password correct? Then log in.\n",
    "# password: postgres. Then log in.\n",
    "# password: postgres\n",
    "# The password is changeme! Do change it.\n",
    "# Use password password123. Then log in.\n",
])
def test_punctuation_after_a_word_that_is_no_password_stays(text):
    assert redact(text, "code", "python").text == text
    assert redact(text[2:], "text", "markdown").text == text[2:]
