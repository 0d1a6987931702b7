"""The password inside a compound finding is redacted wherever it stands in the file.

A URL's userinfo was one value, `analyst:<pw>`: spread to its other occurrences as a whole, so
the password alone (`check_login("analyst", "<pw>")`, `PGPASSWORD=<pw>` in a comment, a README's
code block) stayed as written; so did the password of an `Authorization: Basic` header (base64
of `user:<pw>`). Pinned here, with what must not spread: placeholders, words, short passwords.
"""

from __future__ import annotations

import base64

from repokb.secrets import REDACTED, encoded, redact
from repokb.secrets.parts import passwords, spreads

from ..conftest import cases

PW = "".join(("S3cret", "Passw0rd!"))  # a FAKE password, assembled at run time
PW2 = "".join(("Tq7v", "Lx2m&Zr"))
URL = f"postgres://analyst:{PW}@db.example.com:5432/app"
BASIC = base64.b64encode(f"analyst:{PW2}".encode()).decode()
B64_URL = base64.b64encode(URL.encode()).decode()

MUST_REDACT = [  # (mode, language, text, value)
    ("code", "python", f'DATABASE_URL = "{URL}"\n\n\ndef test_login():\n'
     f'    assert check_login("analyst", "{PW}")\n', PW),
    ("code", "python", f'DSN = "{URL}"\n# PGPASSWORD={PW} psql -h db app\n', PW),
    ("text", "markdown", f"Connect with `{URL}`.\n\n```python\ncheck_login('analyst', '{PW}')\n"
     "```\n", PW),
    ("config", "yaml", f"database:\n  url: {URL}\n  # the same password, for psql: {PW}\n", PW),
    # the URL percent-encodes it; elsewhere it is typed as it is
    ("config", "dotenv", f"REDIS_URL=redis://cache:{PW.replace('!', '%21')}@cache:6379/0\n"
     f"# redis-cli: AUTH cache {PW}\n", PW),
    # a Basic header's password, written again in a test
    ("code", "python", f'HEADERS = {{"Authorization": "Basic {BASIC}"}}\n\n\n'
     f'def test_auth():\n    assert verify("analyst", "{PW2}")\n', PW2),
    ("config", "json", f'{{"auths": {{"registry.example.com": {{"auth": "{BASIC}"}}}}}}\n'
     f'{{"note": "{PW2}"}}\n', PW2),
    # a .pgpass line or a .netrc entry written out where one is named (the files themselves
    # are never indexed)
    ("text", "markdown", f"Put this in `~/.pgpass`:\n\n```\ndb.example.com:5432:app:analyst:{PW}\n"
     f"```\n\nor `export PGPASS_VALUE={PW}`.\n", PW),
    ("code", "shell", f"echo '*:*:*:postgres:{PW}' > ~/.pgpass\n", PW),
    ("text", "markdown", "In `~/.netrc`:\n\n    machine api.example.com\n      login analyst\n"
     f"      password {PW}\n", PW),  # the whole token: the final `!` is the password's
    # a URL's password inside base64 (a Kubernetes Secret's `data:`, a blob in a comment): the
    # blob was redacted, the password typed bare beside it was not
    ("code", "python", f'DSN_B64 = "{B64_URL}"\n# PGPASSWORD={PW} psql -h db app\n', PW),
    ("code", "python", f"# {B64_URL}\n\n\ndef test_login():\n"
     f'    assert check_login("analyst", "{PW}")\n', PW),
    ("config", "yaml", f"kind: Secret\ndata:\n  DATABASE_URL: {B64_URL}\n"
     f"# for psql: {PW}\n", PW),
    ("text", "markdown", f"The secret holds `{B64_URL}`.\n\n```\nlogin analyst {PW2}\n```\n"
     .replace(B64_URL, base64.b64encode(f"https://analyst:{PW2}@api.example.com/".encode())
              .decode()), PW2),
]


@cases(("mode", "language", "text", "value"), MUST_REDACT, named_by=1)
def test_the_password_of_a_compound_finding_is_redacted_wherever_it_stands(mode, language,
                                                                            text, value):
    result = redact(text, mode, language)
    assert value not in result.text, result.text
    assert value.rstrip("!") not in result.text, result.text
    assert f"{REDACTED}!" not in result.text, result.text  # not one character of it
    assert result.text.count("\n") == text.count("\n")


def test_the_url_keeps_its_scheme_and_host_and_the_rest_keeps_the_user_name():
    text = (f'DSN = "{URL}"\n\n\ndef test_login():\n'
            f'    assert check_login("analyst", "{PW}")\n')
    assert redact(text, "code", "python").text == (
        f'DSN = "postgres://{REDACTED}@db.example.com:5432/app"\n\n\ndef test_login():\n'
        f'    assert check_login("analyst", "{REDACTED}")\n')


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


MUST_KEEP = [  # (mode, language, text, what must stay as written)
    # a placeholder is no password, wherever it stands
    ("config", "yaml", "url: postgres://app:${DB_PASS}@db/app\npassword: ${DB_PASS}\n",
     "password: ${DB_PASS}\n"),
    ("text", "markdown", "Use `postgres://<user>:<password>@host/db`; the password is set by "
     "your admin.\n", "the password is set by your admin"),
    ("text", "markdown", "Use `postgres://user:password@host/db`.\n\nThe password field.\n",
     "The password field."),
    # a word or a short password: the URL goes, the word stays everywhere else
    ("config", "yaml", "broker: amqp://guest:guest@rabbit:5672//\nuser: guest\n",
     "user: guest\n"),
    ("config", "yaml", "db: postgres://app:pa55@db/app\nnote: pa55 is the dev default\n",
     "note: pa55 is the dev default\n"),
    ("config", "yaml", "db: postgres://app:123456@db/app\nretries: 123456\n",
     "retries: 123456\n"),
    ("config", "yaml", "db: postgres://app:password1@db/app\nfields: [password1, password2]\n",
     "fields: [password1, password2]\n"),
    # a Bearer token is spread whole already; only Basic carries a user:password
    ("code", "python", 'HEADERS = {"Authorization": "Bearer abc.def"}\nname = "analyst"\n',
     'name = "analyst"\n'),
    # colon-separated numbers in a text naming .pgpass are no .pgpass line
    ("text", "markdown", "See `~/.pgpass`. Logged at 10:30:45:12:00 from 2001:db8:0:0:1:0:0:1.\n",
     "Logged at 10:30:45:12:00 from 2001:db8:0:0:1:0:0:1."),
    # inside base64 as outside: a word or a placeholder does not spread from a decoded URL
    ("text", "markdown", f"`{_b64('postgres://postgres:postgres@db.example.com/app')}`\n\n"
     "Log in as postgres with the postgres client.\n",
     "Log in as postgres with the postgres client."),
    ("text", "markdown", f"`{_b64(f'https://bot:{PW2}@x.example/ postgres://app:${{DB_PASS}}@db')}`"
     "\n\nSet ${DB_PASS} first.\n", "Set ${DB_PASS} first."),
]


@cases(("mode", "language", "text", "kept"), MUST_KEEP, named_by=1)
def test_what_is_no_password_does_not_spread(mode, language, text, kept):
    assert kept in redact(text, mode, language).text


def test_which_passwords_spread():
    assert passwords(f"a: {URL}\nb: https://bot:{PW2}@x.example/\n") == {PW, PW2}
    assert passwords(f"Authorization: Basic {BASIC}\n") == {PW2}
    assert passwords("Authorization: Basic bm90IGJhc2U2NA\n") == set()  # no `user:` inside
    assert passwords("Authorization: Basic ////////////\n") == set()  # no text inside
    # decoded: a blob that holds a secret (`encoded.find`), and base64 of base64
    assert encoded.passwords(f"# {B64_URL}\n") == {PW}
    assert encoded.passwords(f"# {_b64(B64_URL)}\n") == {PW}
    assert encoded.passwords(f"# {_b64('no credentials in this harmless text')}\n") == set()
    for password in (PW, PW2, "hunter2", "root12", "S3cret%21"):
        assert spreads(password), password
    for password in ("postgres", "guest", "pa55", "123456", "${DB_PASS}", "<password>",
                     "password2", "$PGPASS", "two words1", REDACTED):
        assert not spreads(password), password
