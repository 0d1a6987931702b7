"""Secret forms stored as written until session 26, and two over-redactions.

Stored: a random literal quoted in a comment or docstring with words between the secret word
and it (`# the client_secret default was "X"`, in any language); a node provider's key under
its conventional name with no key word (`ALCHEMY_ID=X` in a shell script or CI file); Oracle's
password given by position (`cx_Oracle.connect("scott", "X", dsn)`) or in a connect string
(`scott/X@host:1521/svc`); the second token of "Tokens X and Y"; a shell default
`${DB_PASSWORD:-X}`. Over-redacted: GitLab CI's `API_TOKEN: {value: "$CI_JOB_TOKEN"}` lost its
`{value:` (a reference, no secret in it), an Ansible one-liner lost every argument after
`password=X` (`priv=*.*:ALL state=present`), and references read only up to a `)` or `}` lost
their inside (`${POSTGRES_PASSWORD:?err}`, `$${REDIS_PASSWORD}`, `%(SSH_PASS)s`).
"""

from __future__ import annotations

import pytest

from repokb.secrets import mode_for, redact

from ..conftest import assert_redacted
from ..secret_forms import kept_forms, redacted_forms

# FAKE values, assembled at run time
RANDOM = "".join(("Xq9Lw2Rt7K", "p4Mz8Vn3Bs6"))
RANDOM2 = "".join(("Tz7Qw2Lp9X", "r4Kd8Vm3Ns5"))
ALCHEMY = "".join(("abc123def456ghi7", "89jkl012mno345pq"))  # 32 alphanumerics, entropy < 4.5
INFURA = "".join(("5c1f0e7a9b2d4", "e6f8a3c5b7d9e1f20"))
ORACLE_PW = "".join(("tiger_pw", "_9X"))
SYS_PW = "".join(("Oracle_", "123x"))
PW = "".join(("Hunter2", "prod"))
SHORT = "".join(("Pg8kLm", "2Qx"))  # too short for a bare literal of code to be judged random

MUST_REDACT = [  # (language, text, the values)
    ("python", f'# the client_secret default was "{RANDOM}"\nx = 1\n', [RANDOM]),
    ("python", f'def f():\n    """The old api key was "{RANDOM}" before rotation."""\n',
     [RANDOM]),
    ("go", f'// the token used to be "{RANDOM}", see #42\nvar a = 1\n', [RANDOM]),
    ("rust", f"/// secret was '{RANDOM}' in v1\nfn a() {{}}\n", [RANDOM]),
    ("javascript", f"/* the password we shipped: `{RANDOM}` */\nconst a = 1;\n", [RANDOM]),
    ("yaml", f'# old token was "{RANDOM}" until May\nreplicas: 2\n', [RANDOM]),
    ("markdown", f'The staging client secret defaults to "{RANDOM}" on first boot.\n', [RANDOM]),
    ("python", f'"""Config.\n\nThe API key for staging:\n    "{RANDOM}"\n"""\n', [RANDOM]),
    ("python", f'# The API key for staging:\n#   "{RANDOM}"\nx = 1\n', [RANDOM]),
    ("c", f'/*\n * The signing secret was "{RANDOM}"\n * until 2023.\n */\nint x;\n', [RANDOM]),
    ("sql", f"-- the admin password was '{RANDOM}' in the seed\nSELECT 1;\n", [RANDOM]),
    ("erlang", f'%% the api key was "{RANDOM}" before rotation\n-module(a).\n', [RANDOM]),
    ("ocaml", f'(* the secret was "{RANDOM}" *)\nlet x = 1\n', [RANDOM]),
    ("haskell", f'{{- the token was "{RANDOM}" -}}\nx = 1\n', [RANDOM]),
    ("fortran", f'! the api key was "{RANDOM}"\nx = 1\n', [RANDOM]),
    ("shell", f"ALCHEMY_ID={ALCHEMY}\n", [ALCHEMY]),
    ("shell", f"export NEXT_PUBLIC_ALCHEMY_ID={ALCHEMY}\n", [ALCHEMY]),
    ("yaml", f"env:\n  INFURA_PROJECT_ID: {INFURA}\n  ALCHEMY_ID: {ALCHEMY}\n", [INFURA, ALCHEMY]),
    ("dotenv", f'REACT_APP_INFURA_IDS="{INFURA}"\nINFURA_ID={INFURA}\n', [INFURA]),
    ("typescript", f"getDefaultConfig({{ alchemyId: '{ALCHEMY}', appName: 'shop' }})\n",
     [ALCHEMY]),
    ("python", f'conn = cx_Oracle.connect("scott", "{ORACLE_PW}", dsn)\n', [ORACLE_PW]),
    ("python", f'conn = oracledb.connect(user, "{ORACLE_PW}", "db.example.com/orclpdb1")\n',
     [ORACLE_PW]),
    ("python", f'conn = cx_Oracle.connect("scott/{ORACLE_PW}@dbhost:1521/orcl")\n',
     [ORACLE_PW]),
    ("shell", f"sqlplus -s scott/{ORACLE_PW}@dbhost:1521/orcl @report.sql\n", [ORACLE_PW]),
    ("shell", f"sqlplus scott/{ORACLE_PW}\n", [ORACLE_PW]),
    ("python", f'cx_Oracle.connect(\n    "scott",\n    "{ORACLE_PW}",\n    dsn,\n)\n', [ORACLE_PW]),
    ("java", f'String url = "jdbc:oracle:thin:scott/{ORACLE_PW}@dbhost:1521:orcl";\n',
     [ORACLE_PW]),
    ("properties", f"spring.datasource.url=jdbc:oracle:thin:scott/{ORACLE_PW}@//db:1521/orcl\n",
     [ORACLE_PW]),
    ("sql", f"CONNECT scott/{ORACLE_PW}\nSELECT 1 FROM dual;\n", [ORACLE_PW]),
    ("yaml", f"datasource: scott/{ORACLE_PW}@dbhost:1521/orcl\n", [ORACLE_PW]),
    ("markdown", f"Connect with `system/{SYS_PW}@//localhost:1521/XEPDB1`.\n", [SYS_PW]),
    ("markdown", f"Tokens {RANDOM} and {RANDOM2} were rotated.\n", [RANDOM, RANDOM2]),
    ("markdown", f"Use the tokens {RANDOM}, {RANDOM2} for staging.\n", [RANDOM, RANDOM2]),
    ("python", f"# api keys {RANDOM} or {RANDOM2}\nx = 1\n", [RANDOM, RANDOM2]),
    ("markdown", f"The secrets {RANDOM} / {RANDOM2} were leaked.\n", [RANDOM, RANDOM2]),
    ("markdown", f"API keys `{RANDOM}` and `{RANDOM2}` are live.\n", [RANDOM, RANDOM2]),
    ("shell", f'DB_PASSWORD="${{DB_PASSWORD:-{SHORT}}}"\n', [SHORT]),
    ("shell", f'DB_PASSWORD=${{DB_PASSWORD-{PW}}}\n', [PW]),
    ("shell", f': "${{API_TOKEN:={RANDOM}}}"\n', [RANDOM]),
    # a random token given as a key, `key` alone before it (a new user's trial, session 33:
    # stored verbatim under the home and shown in answers)
    ("markdown", f'In Go services we pass the key as `[]byte("{RANDOM}")` to `NewSigner`.\n',
     [RANDOM]),
    ("markdown", f"Use the key `{RANDOM}` for signing.\n", [RANDOM]),
    ("python", f'# the HMAC key: "{RANDOM}"\nx = 1\n', [RANDOM]),
]

MUST_KEEP = [  # (language, text): nothing here is a secret, or a reference to one
    ("markdown", 'The cache key is "user_profile_settings_v2" for each user.\n'),
    ("markdown", "A dict key maps to `[]byte(name)` in Go.\n"),
    ("python", '# the password default was "hello world" for tests\n'),
    ("python", '# set the token to "bearer" or "basic"\n'),
    ("python", '"""Use `OAuth2PasswordRequestForm` as the token dependency."""\n'),
    ("rst", "#. Modify :setting:`PASSWORD_HASHERS` to list ``BCryptSHA256PasswordHasher``\n"),
    ("ruby", "# Trigger Token - generated by `SecureRandom.hex(20)`\n"),
    ("python", f'cache_key = compute("{RANDOM}")  # no secret word before it in a comment\n'),
    ("python", f'# a cache of "{RANDOM}" rows\n'),
    ("dotenv", "ALCHEMY_ID=${ALCHEMY_ID}\nINFURA_ID=your_infura_project_id_here\n"),
    ("python", f'sqlalchemy_id = "{RANDOM}"\n'),
    ("java", 'String url = "jdbc:oracle:thin:@dbhost:1521:orcl";\n'),
    ("shell", "GITHUB_APP_ID=123456\nWALLETCONNECT_PROJECT_ID=3fbb6bba6f1de962d911bb5b5c9dba88\n"),
    ("typescript", "const c = { alchemyId: process.env.NEXT_PUBLIC_ALCHEMY_ID }\n"),
    ("yaml", "env:\n  ALCHEMY_ID: ${{ secrets.ALCHEMY_ID }}\n"),
    ("python", 'cx_Oracle.connect("scott", password, dsn)\n'),
    ("python", 'cx_Oracle.connect(user, "password", dsn)\n'),
    ("shell", "sqlplus / as sysdba\nsqlplus $USER/$PASS@$DB\nsqlplus scott/${PW}@orcl\n"),
    ("sql", "CONNECT &user/&pw@&db\n"),
    ("yaml", "steps:\n  - uses: actions/checkout@v4\n"),
    ("shell", "npm i @scope/pkg@1.2.3 && pip install foo/bar@main\n"),
    ("markdown", "appending `@` to `repo_id`. E.g.: `dbmdz/bert-base-german-cased@main`.\n"),
    ("markdown", "Tokens 2fa-enabled-device and v2024.01.15-rc1 are names.\n"),
    ("yaml", 'variables:\n  API_TOKEN: {value: "$CI_JOB_TOKEN", expand: false}\n'),
    ("yaml", "variables:\n  API_TOKEN: {value: $CI_JOB_TOKEN}\n"),
    ("yaml", 'env:\n  GH_TOKEN: {value: "${{ secrets.GITHUB_TOKEN }}"}\n'),
    ("yaml", "- mysql_user: name=bob password={{ db_pass }} priv=*.*:ALL state=present\n"),
    # references read to their end: Compose's required variable and escaped `$`, Python's
    # named placeholder (an Ansible inventory); empty, placeholder and path defaults
    ("yaml", "environment:\n  - POSTGRES_PASSWORD=${POSTGRES_PASSWORD:?err}\n"
             "  - REDIS_PASSWORD=$${REDIS_PASSWORD}\n"),
    ("ini", "[db]\nansible_password=%(SSH_PASS)s\n"),
    ("shell", "PW=${DB_PASSWORD:-}\nT=${API_TOKEN:-$DEFAULT}\nP=${DB_PASSWORD:-changeme}\n"
              "F=${PASSWORD_FILE:-/run/secrets/pw}\nN=${TOKEN_TTL:-3600}\n"),
]


test_a_secret_in_these_forms_is_redacted = redacted_forms(MUST_REDACT)


test_what_only_looks_like_one_stays = kept_forms(MUST_KEEP)


@pytest.mark.parametrize(("language", "text"), [
    ("yaml", f"- mysql_user: name=bob password={PW} priv=*.*:ALL state=present\n"),
    ("yaml", f"  postgresql_user: db=acme name=django password={PW} priv=CONNECT/products:ALL\n"),
    ("shell", f'ansible db -m mysql_user -a "name=bob password={PW} priv=*.*:ALL state=present"\n'),
])
def test_an_ansible_one_liner_loses_its_password_only(language, text):
    result = assert_redacted(text, mode_for(language), language, PW)
    assert result.text == text.replace(PW, "<REDACTED_SECRET>")


def test_a_redacted_comment_keeps_its_prose():
    text = f'# the client_secret default was "{RANDOM}" before v2\n'
    assert redact(text, "code", "python").text == (
        '# the client_secret default was "<REDACTED_SECRET>" before v2\n')


def test_a_call_before_the_quoted_key_stays_whole():
    """"the secret key as `[]byte("X")`" lost `[]byte` to the prose finder (its value stopped at
    the call's parenthesis): the argument is the secret, the call stays."""
    text = f'We pass the secret key as `[]byte("{RANDOM}")` to `NewSigner`.\n'
    assert redact(text, "text", "markdown").text == text.replace(RANDOM, "<REDACTED_SECRET>")
