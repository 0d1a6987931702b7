"""Words and digits in a secret's own place (tests/unit/test_secrets_placed_words.py): a
secret-named lookup's and option's default, a password in prose, a Password/Token/API key
column, in Python, JavaScript, Ruby and Markdown files of one project indexed for real (ONNX
model, Qdrant Edge): no byte of a value under REPOKB_HOME, in `index --json`, a search or
`explain --json`. The empty defaults, names, placeholders and docs beside them stay readable."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..conftest import answered, assert_never_stored, write

pytestmark = pytest.mark.integration

VALUES = {  # FAKE values, assembled at run time
    "getenv": "".join(("Getenv", "Def4471")),
    "environ": "".join(("Devpass", "2024")),
    "argparse": "".join(("Argparse", "Def5512")),
    "click": "".join(("ClickTok", "7781")),
    "js": "".join(("Dev4471", "Key")),
    "ruby": "".join(("RubyFetch", "8812")),
    "prose": "".join(("Staging", "Pw9931")),
    "login": "".join(("Login", "Pw5521")),
    "token": "".join(("abc123", "Def456")),
    "table": "".join(("Table", "Pw7712")),
    "apikey": "".join(("MapsKey", "2024x")),
}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "billing"
    v = VALUES
    write(root, "billing/settings.py",
          '"""Settings of the billing service, read from the environment."""\n\n'
          "import argparse\nimport os\n\nimport click\n\n"
          f'API_KEY = os.getenv("API_KEY", "{v["getenv"]}")\n'
          f'DB_PASSWORD = os.environ.get("DB_PASSWORD", "{v["environ"]}")\n'
          'SECRET_KEY = os.getenv("SECRET_KEY", "")\n'
          'FALLBACK_KEY = os.getenv("API_KEY", DEFAULT_KEY)\n'
          'DEBUG = os.getenv("DEBUG", "False")\n\n\n'
          "def parse():\n"
          "    parser = argparse.ArgumentParser()\n"
          "    parser.add_argument(\n"
          '        "--password",\n'
          f'        default="{v["argparse"]}",\n'
          '        help="the database password",\n'
          "    )\n"
          '    parser.add_argument("--api-key", default=None)\n'
          "    return parser.parse_args()\n\n\n"
          "@click.command()\n"
          f'@click.option("--token", default="{v["click"]}")\n'
          "def serve(token):\n"
          '    """Serve the billing API."""\n')
    write(root, "web/config.js",
          f'export const apiKey = process.env.API_KEY || "{v["js"]}";\n'
          'export const fallback = process.env.API_KEY || "";\n')
    write(root, "config/app.rb",
          f'SECRET = ENV.fetch("SECRET", "{v["ruby"]}")\n')
    write(root, "docs/staging.md",
          "# Staging\n\n"
          f"The staging password is `{v['prose']}`.\n\n"
          f"Then use password {v['login']} to log in.\n\n"
          f"token: {v['token']}\n\n"
          "The password is stored hashed.\n\n"
          "| User  | Password |\n|-------|----------|\n"
          f"| admin | {v['table']} |\n\n"
          "| Field | Type | Token |\n|---|---|---|\n"
          "| name | str | optional |\n| pw | CharField | PASSWORD_HASHERS |\n\n"
          "| Service | API key |\n|---|---|\n"
          f"| maps | {v['apikey']} |\n")
    return root


def test_words_and_digits_in_a_secrets_place_never_reach_the_home_or_an_answer(home, project):
    assert_never_stored(home, project, VALUES.values(), (
        "staging password", "database password option",
        "api key from the environment", "password table"), files=4)
    content = answered("settings from the environment", "--limit", "20")
    for kept in ('os.getenv("SECRET_KEY", "")', 'os.getenv("API_KEY", DEFAULT_KEY)',
                 'os.getenv("DEBUG", "False")', 'add_argument("--api-key", default=None)'):
        assert kept in content, kept
    docs = answered("password table", "--path", "docs/staging.md")
    for kept in ("The password is stored hashed.", "| name | str | optional |",
                 "| pw | CharField | PASSWORD_HASHERS |"):
        assert kept in docs, kept
