"""Values of words and digits in a secret's own place, which an attacker's pass found stored as
written (the secrets9 matrix): the rules read `GetenvDef4471`, `StagingPw9931` as example words
or identifiers wherever they stood.

- a secret-named lookup's default: `os.getenv("API_KEY", "GetenvDef4471")` (a value opening
  with `getenv` was taken for the placeholder `getenv(...)`);
- a secret-named option's default: argparse's `add_argument("--password", default="X")`,
  click's `@click.option("--token", default="X")`;
- prose: "the staging password is `X`", "use password X to log in";
- a Markdown table's Password, Token, Secret or API key column.

Readable stays what names, marks or describes a secret: empty defaults, `None`, placeholders,
names, `False`, "the password is stored hashed", a table's types and settings' names.
"""

from __future__ import annotations

from ..secret_forms import kept_forms, redacted_forms

# FAKE values, assembled at run time
GETENV = "".join(("Getenv", "Def4471"))
ARGPARSE = "".join(("Argparse", "Def5512"))
CLICK = "".join(("ClickTok", "7781"))
STAGING = "".join(("Staging", "Pw9931"))
LOGIN = "".join(("Login", "Pw5521"))
TABLE = "".join(("Table", "Pw7712"))
MAPS = "".join(("MapsKey", "2024x"))
TOKEN = "".join(("Deploy", "Tok8841"))
SECRET = "".join(("Hook", "Secret2025"))

MUST_REDACT = [  # (language, text, value): each stored as written before
    ("python", f'API_KEY = os.getenv("API_KEY", "{GETENV}")\n', GETENV),
    ("python", f'API_KEY = env.str("API_KEY", default="{GETENV}")\n', GETENV),  # environs
    ("python", f'parser.add_argument("--password", default="{ARGPARSE}")\n', ARGPARSE),
    ("python", f'parser.add_argument("-p", "--password", type=str, default="{ARGPARSE}")\n',
     ARGPARSE),
    ("python", f'@click.option("--token", default="{CLICK}")\ndef main(token):\n    pass\n',
     CLICK),
    ("markdown", f"# Setup\n\nThe staging password is `{STAGING}`.\n", STAGING),
    ("markdown", f"Then use password {LOGIN} to log in.\n", LOGIN),
    ("python", f'def setup():\n    """The staging password is {STAGING}."""\n', STAGING),
    ("markdown", f"| User  | Password |\n|---|---|\n| admin | {TABLE} |\n", TABLE),
    ("markdown", f"| Service | API key |\n|---|---|\n| maps | {MAPS} |\n", MAPS),
    ("markdown", f"| Env | Token |\n|---|---|\n| prod | `{TOKEN}` |\n", TOKEN),
    ("markdown", f"| Hook | Secret |\n|---|---|\n| ci | {SECRET} |\n", SECRET),
    # the same places written otherwise: a call black broke over lines, words between
    # "password" and "is", a table without outer pipes or with short separators
    ("python", f'parser.add_argument(\n    "--password",\n    default="{ARGPARSE}",\n'
               '    help="the database password",\n)\n', ARGPARSE),
    ("python", f'@click.option(\n    "--api-key",\n    default="{CLICK}",\n)\n', CLICK),
    ("python", f'token: str = typer.Option("{CLICK}", "--token")\n', CLICK),
    ("python", f'def main(api_key: str = typer.Option("{CLICK}")):\n    pass\n', CLICK),
    ("python", f'body = "password=%s" % "{ARGPARSE}"\n', ARGPARSE),
    ("markdown", f"The password for staging is {STAGING}.\n", STAGING),
    ("markdown", f"The admin password on staging is `{STAGING}`.\n", STAGING),
    ("markdown", f"The staging token is {TOKEN}.\n", TOKEN),
    ("markdown", f"API key: {MAPS}\n", MAPS),
    ("markdown", f"- Staging API key: `{GETENV}`\n", GETENV),
    ("markdown", f"Name | Password\n--- | ---\ndb | {TABLE}\n", TABLE),
    ("markdown", f"| Name | Access token |\n|:--|:--|\n| db | {TOKEN} |\n", TOKEN),
]

MUST_KEEP = [  # (language, text): the nearest readable forms
    ("python", 'SECRET_KEY = os.getenv("SECRET_KEY", "")\n'),
    ("python", 'API_KEY = os.getenv("API_KEY", DEFAULT_KEY)\n'),
    ("python", 'DEBUG = os.getenv("DEBUG", "False")\n'),
    ("python", 'API_KEY = env.str("API_KEY", default="")\nDEBUG = env.str("DEBUG", "False")\n'),
    ("python", 'API_KEY = os.getenv("API_KEY", "changeme")\n'),
    ("python", 'API_KEY = os.getenv("API_KEY", "<your-token>")\n'),
    ("python", 'API_KEY = os.getenv("API_KEY", "${TOKEN}")\n'),
    ("python", 'API_KEY = os.getenv("API_KEY", getenv("OTHER_KEY"))\n'),
    ("python", 'parser.add_argument("--api-key", default=None)\n'),
    ("python", 'parser.add_argument("--token", default="xxx")\n'),
    ("python", 'parser.add_argument("--password", default="password")\n'),
    ("python", 'parser.add_argument("--token-type", default="Bearer")\n'),
    ("python", 'parser.add_argument("--password-hasher", default="PBKDF2PasswordHasher")\n'),
    ("python", '@click.option("--secret", default=None)\n'),
    ("python", 'token: str = typer.Option(..., "--token", envvar="APP_TOKEN")\n'
               'name: str = typer.Option("World2024", "--name")\n'
               'def main(api_key: str = typer.Option("", "--api-key")):\n    pass\n'),
    ("python", 'token: str = typer.Option("--token")\n'),
    ("markdown", "The password is stored hashed.\n"),
    ("markdown", "The password is hashed with PBKDF2PasswordHasher.\n"),
    ("markdown", "The password is hashed with bcrypt_sha256.\n"),
    ("markdown", "The token is signed with HmacSHA256 by default.\n"),
    ("markdown", "The secret key is SECRET_KEY2 in the tests.\n"),
    ("markdown", "API key: `$MAPS_API_KEY`, see the settings.\nAPI key: required\n"),
    ("markdown", "API keys: PBKDF2PasswordHasher and bcrypt_sha256 are names.\n"),
    ("python", 'parser.add_argument(\n    "--token",\n    default=None,\n)\n'
               'parser.add_argument("--mode", default="Prod2024")\n'),
    ("markdown", "Pipe a | b.\nName | Password\n--- | ---\ndb | `$DB_PASSWORD`\n"),
    ("markdown", "| Field | Type | Token |\n|---|---|---|\n| name | str | optional |\n"
                 "| pw | CharField | PASSWORD_HASHERS |\n"),
    ("markdown", "| Secret | Where |\n|---|---|\n| GITHUB_TOKEN | CI |\n| S3_SECRET | vault |\n"),
    ("markdown", "| Token | Meaning |\n|---|---|\n| INT64 | integer |\n| `<s>` | start |\n"),
    ("markdown", "| Password | Notes |\n|---|---|\n| changeme | default |\n"),
    # a word with a number is an example in prose (README), a secret's own name with one too
    ("markdown", "Use password password123 in the demo only.\n"),
    ("markdown", "The password is Password123 in every demo.\n"),
    ("markdown", "| User | Password |\n|---|---|\n| admin | Admin2024 |\n"),
]


test_words_and_digits_in_a_secrets_place_are_redacted = redacted_forms(MUST_REDACT)


test_the_nearest_readable_form_stays = kept_forms(MUST_KEEP)
