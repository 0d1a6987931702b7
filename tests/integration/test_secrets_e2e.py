"""Zero leaks end to end: index FAKE secrets with the real model and the real Qdrant Edge store,
then look for every value and key name in search hits, `index --json` and `explain --json`."""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .. import fake_secrets as fake
from ..conftest import assert_nowhere, every_byte, invoke, write

pytestmark = pytest.mark.integration


@pytest.fixture
def leaky_repo(tmp_path):
    root = tmp_path / "leaky"
    write(root, ".env", f"AWS_ACCESS_KEY_ID={fake.AWS_ACCESS_KEY}\n")
    write(root, "deploy/id_rsa", fake.PRIVATE_KEY)
    write(root, "deploy/service-account.json", fake.GCP_SERVICE_ACCOUNT)
    write(root, ".env.example",
          "# Copy to .env and fill in\nAWS_ACCESS_KEY_ID=<your-access-key>\n"
          f"AWS_SECRET_ACCESS_KEY={fake.AWS_SECRET_KEY}\nSLACK_BOT_TOKEN={fake.SLACK_TOKEN}\n"
          f"DATABASE_URL=postgres://shop:{fake.DB_PASSWORD}@db.internal:5432/shop\n")
    write(root, "config/application.yml",
          "spring:\n  datasource:\n    url: jdbc:postgresql://db:5432/orders\n"
          f"    username: shop\n    password: {fake.YAML_PASSWORD}\n"
          f"github:\n  token: {fake.GITHUB_TOKEN}\n")
    write(root, "docker-compose.yml",
          "services:\n  api:\n    image: shop-api\n    environment:\n"
          f"      STRIPE_SECRET_KEY: {fake.STRIPE_KEY}\n"
          f"      GOOGLE_MAPS_KEY: {fake.GOOGLE_API_KEY}\n")
    write(root, "src/shop/client.py",
          '"""HTTP client for the partner API."""\n\n\n'
          "def partner_headers() -> dict[str, str]:\n"
          '    """Headers sent to the partner API on every request."""\n'
          f'    return {{"Authorization": "Bearer {fake.JWT}"}}\n')
    # a secret far past the classifier's head: only the chunk stage's redaction can catch it
    filler = "".join(f"Step {i}: configure the service carefully and check the logs.\n"
                     for i in range(400))
    write(root, "docs/operations.md",
          "# Operations\n\n" + filler + "\n## Database access\n\n"
          f"Connect with `psql postgres://ops:{fake.DB_PASSWORD}@db.internal/orders` "
          "from the bastion host.\n")
    # tricky negatives that must stay searchable
    write(root, "config/ids.json",
          '{"tenant_id": "123e4567-e89b-12d3-a456-426614174000",\n'
          ' "integrity": "sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+ZtgL==",\n'
          ' "password": "${DB_PASSWORD}", "api_key": "<your-api-key>"}\n')
    return root


def test_no_secret_reaches_store_search_json_or_explain(home, leaky_repo):
    indexed = invoke("index", str(leaky_repo), "--json")
    data = json.loads(indexed)
    by_path = {f["path"]: f for f in data["files"]}
    for path in (".env", "deploy/id_rsa", "deploy/service-account.json"):
        assert by_path[path]["index_policy"] == "block", path
    for path in (".env.example", "config/application.yml", "docker-compose.yml",
                 "src/shop/client.py", "docs/operations.md", "config/ids.json"):
        assert by_path[path]["chunks"] > 0, path  # indexed (redacted), not blocked
    assert data["summary"]["secrets_redacted"] >= 8
    # a value past the classifier's head is redacted, and the file's record says so (it said
    # nothing: explain showed the file indexed as it is)
    late = ("secret-like values (1 value(s): url_credentials from line 406): redacted before "
            "indexing")
    assert late in by_path["docs/operations.md"]["reasons"]
    explained = json.loads(invoke("explain", str(leaky_repo / "docs/operations.md"), "--json"))
    assert explained["reason"] == late
    dry = invoke("index", str(leaky_repo), "--dry-run", "--json")

    values = [*fake.ALL.values(), fake.PRIVATE_KEY_BODY]
    outputs = [indexed, dry]
    for path in by_path:
        outputs.append(invoke("explain", str(leaky_repo / path), "--json"))
    key_names = ["AWS_SECRET_ACCESS_KEY", "SLACK_BOT_TOKEN", "DATABASE_URL", "password",
                 "STRIPE_SECRET_KEY", "GOOGLE_MAPS_KEY", "Authorization", "psql", "token"]
    hits_seen = 0
    for query in (*values, *key_names):
        hits = json.loads(invoke("search", query, "--json", "--limit", "20"))
        hits_seen += len(hits)
        outputs.append(json.dumps(hits))
    assert hits_seen > 0
    everything = "\n".join(outputs)
    for value in values:
        assert value not in everything, f"leak of a {value[:4]}... value"
    # the key names themselves remain searchable, next to a redacted value
    hits = json.loads(invoke("search", "AWS_SECRET_ACCESS_KEY", "--json", "--path", ".env.example"))
    assert hits and "AWS_SECRET_ACCESS_KEY=<REDACTED_SECRET>" in hits[0]["content"]
    hits = json.loads(invoke("search", "database access psql bastion", "--json",
                             "--path", "docs/*"))
    assert any("<REDACTED_SECRET>@db.internal" in h["content"] for h in hits)
    # negatives were not redacted: the UUID and lockfile hash are still there
    hits = json.loads(invoke("search", "tenant_id integrity", "--json", "--path", "config/*"))
    assert any("123e4567-e89b-12d3-a456-426614174000" in h["content"] for h in hits)


def test_a_password_in_a_docstring_or_string_literal_never_reaches_the_home_or_a_search(
        home, tmp_path):
    # FAKE passwords, assembled at run time; before, only the same sentence after `#` was read
    docstring_pw, literal_pw, template_pw = ("".join(("Xk29q", "Lm7vRt")),
                                             "".join(("Wp4t", "Nz8cQe")),
                                             "".join(("Hd7r", "Kf2mYs")))
    root = tmp_path / "staging"
    write(root, "src/staging/connect.py",
          '"""Connections to the staging database."""\n\n\n'
          "def connect(user: str, password: str) -> None:\n"
          '    """Connect to staging.\n\n'
          f"    The admin password is {docstring_pw} here.\n\n"
          "    :param password: the user's password, hashed with PBKDF2 before it is sent.\n"
          '    """\n\n\n'
          f'HELP = "log in to the staging console with password {literal_pw}"\n')
    write(root, "web/banner.js",
          "export const banner = `\n"
          f"  Use password {template_pw} on the admin page.\n"
          "`;\n")
    indexed = invoke("index", str(root), "--json")
    assert {f["path"]: f["chunks"] > 0 for f in json.loads(indexed)["files"]} == {
        "src/staging/connect.py": True, "web/banner.js": True}
    outputs = [indexed]
    for query in (docstring_pw, literal_pw, template_pw, "staging admin password",
                  "log in to the staging console", "password on the admin page"):
        outputs.append(invoke("search", query, "--json", "--limit", "20"))
    assert_nowhere(home, (docstring_pw, literal_pw, template_pw), outputs)
    # the docstring's documentation stays searchable, beside the redacted value
    hits = json.loads(invoke("search", "connect to staging admin password", "--json",
                             "--path", "src/*"))
    content = "\n".join(h["content"] for h in hits)
    assert "The admin password is <REDACTED_SECRET> here." in content
    assert ":param password: the user's password, hashed with PBKDF2" in content


def test_credentials_in_config_build_and_connection_files_never_reach_the_home(home, tmp_path):
    """The shapes two batteries found leaking (a Vault token, WordPress's define(), Maven's
    settings.xml, make's ?=, a shell export, a header and a URL query in strings, JDBC, a
    Terraform default), indexed for real: not one byte of a value under REPOKB_HOME, in a
    search or in `index --json`; what surrounds them stays searchable."""
    # FAKE values, assembled at run time
    vault, token, password, key = ("hvs." + "".join(("CAESIJx9Kq2mWv7Rt4", "Lp8Nz3Bc6Hd1Fg5")),
                                   "".join(("Zt8pQ2xW7m", "K4vR9nL3bY6cJ1")),
                                   "".join(("Hq7!mZ2", "$kP9x")),
                                   "".join(("Wb3nX8qL5t", "R2vM7kJ4pZ9s")))
    root = tmp_path / "shop"
    write(root, "src/shop/vault.py",
          '"""Read secrets from the vault."""\n'
          f'VAULT_TOKEN = "{vault}"\n\n\n'
          "def unseal(keys):\n"
          '    """Unseal the vault with the key shares."""\n'
          '    return {"token": VAULT_TOKEN, "keys": keys}\n')
    write(root, "wordpress/wp-config.php",
          f"<?php\ndefine('DB_NAME', 'shop');\ndefine('DB_PASSWORD', '{password}');\n"
          "define('WP_DEBUG', false);\n")
    write(root, "ci/settings.xml",
          "<settings>\n  <servers>\n    <server>\n      <id>releases</id>\n"
          f"      <username>deploy</username>\n      <password>{password}</password>\n"
          "    </server>\n  </servers>\n</settings>\n")
    write(root, "Makefile", f"API_TOKEN ?= {token}\n\ndeploy:\n\t./deploy.sh $(API_TOKEN)\n")
    write(root, "scripts/deploy.sh",
          f"#!/bin/sh\nexport API_TOKEN={token}\n"
          f'curl -H "X-Api-Key: {key}" "https://api.example.com/v1/deploy?api_key={key}&env=prod"\n')
    write(root, "src/main/java/shop/Db.java",
          "package shop;\n\nclass Db {\n  java.sql.Connection open() throws Exception {\n"
          f'    return java.sql.DriverManager.getConnection("jdbc:postgresql://db/shop", "shop", '
          f'"{password}");\n  }}\n}}\n')
    write(root, "infra/variables.tf",
          f'variable "db_password" {{\n  type    = string\n  default = "{password}"\n}}\n')
    indexed = invoke("index", str(root), "--json")
    files = {f["path"]: f for f in json.loads(indexed)["files"]}
    assert all(f["chunks"] > 0 for f in files.values()), files  # redacted, not blocked
    outputs = [indexed]
    for query in (vault, token, password, key, "unseal the vault", "DB_PASSWORD wordpress",
                  "maven server releases deploy", "API_TOKEN deploy", "jdbc connection",
                  "db_password variable"):
        outputs.append(invoke("search", query, "--json", "--limit", "20"))
    assert_nowhere(home, (vault, token, password, key), outputs)
    hits = json.loads(invoke("search", "unseal the vault with the key shares", "--json"))
    assert any('VAULT_TOKEN = "<REDACTED_SECRET>"' in h["content"] for h in hits)


REPOKB = shutil.which("repokb", path=str(Path(sys.executable).parent)) or "repokb"


def _repokb(home: Path, *args: str) -> str:
    """The installed `repokb` command, as a user runs it; it must succeed. Its stdout."""
    run = subprocess.run([REPOKB, *args], capture_output=True, text=True, timeout=600,
                         env={**os.environ, "REPOKB_HOME": str(home)}, check=False)
    assert run.returncode == 0, run.stderr
    return run.stdout


def _indexed_and_searched(home: Path, root: Path, paths: set[str],
                          queries: tuple[str, ...]) -> tuple[bytes, list[str]]:
    """Index `root` (each of `paths` redacted, not blocked) and ask each query: every byte
    under the home, and every answer (the index run's included)."""
    indexed = _repokb(home, "index", str(root), "--json")
    files = {f["path"]: f for f in json.loads(indexed)["files"]}
    assert set(files) == paths
    assert all(f["chunks"] > 0 for f in files.values()), files  # redacted, not blocked
    outputs = [indexed] + [_repokb(home, "search", q, "--json", "--limit", "20")
                           for q in queries]
    return every_byte(home), outputs


def _found(home: Path, query: str, glob: str) -> str:
    """The contents of a search's hits among the paths matching `glob`, joined."""
    hits = json.loads(_repokb(home, "search", query, "--json", "--path", glob))
    return "\n".join(h["content"] for h in hits)


def _nowhere(value: str, stored: bytes, outputs: list[str]) -> None:
    assert value.encode() not in stored, f"{value[:4]}... stored"
    assert all(value not in out for out in outputs), f"{value[:4]}... shown"


def test_the_password_of_a_url_or_basic_credential_never_reaches_the_home_or_a_search(
        home, tmp_path):
    """A URL's userinfo was redacted at the URL, as one value `analyst:<pw>`; the password
    written again alone in the same file (a test's login call, a README's code block, a
    .pgpass line) was stored and shown as written. Likewise a Basic header's password."""
    # FAKE passwords, assembled at run time
    pw, pw2 = "".join(("S3cret", "Passw0rd!")), "".join(("Tq7v", "Lx2m&Zr"))
    basic = base64.b64encode(f"etl:{pw2}".encode()).decode()
    root = tmp_path / "warehouse"
    write(root, "src/analytics/db.py",
          '"""Connections to the analytics warehouse."""\n\n'
          f'WAREHOUSE_URL = "postgres://analyst:{pw}@warehouse.example.com:5432/analytics"\n\n\n'
          "def test_analyst_can_log_in():\n"
          '    """The analyst account logs in to the warehouse."""\n'
          f'    assert check_login("analyst", "{pw}")\n')
    write(root, "docs/warehouse.md",
          "# Warehouse\n\nConnect with "
          f"`psql postgres://analyst:{pw}@warehouse.example.com/analytics` from the bastion.\n\n"
          f"```python\ncheck_login('analyst', '{pw}')\n```\n\n"
          "For scripts, `~/.pgpass` holds the same credential:\n\n"
          f"```\nwarehouse.example.com:5432:analytics:analyst:{pw}\n```\n")
    write(root, "src/analytics/export.py",
          '"""Export jobs push tables to the partner API."""\n\n'
          f'HEADERS = {{"Authorization": "Basic {basic}"}}\n\n\n'
          "def test_export_credentials():\n"
          '    """The export job authenticates as the etl user."""\n'
          f'    assert verify("etl", "{pw2}")\n')
    stored, outputs = _indexed_and_searched(
        home, root, {"src/analytics/db.py", "docs/warehouse.md", "src/analytics/export.py"},
        (pw, pw2, "check_login analyst", "analyst logs in to the warehouse",
         "connect from the bastion pgpass", "export job authenticates as etl"))
    for value in (pw, pw2, pw.rstrip("!")):
        _nowhere(value, stored, outputs)
    # what surrounds the password stays searchable, the user name included
    content = _found(home, "analyst can log in check_login", "src/*")
    assert 'assert check_login("analyst", "<REDACTED_SECRET>")' in content
    assert "postgres://<REDACTED_SECRET>@warehouse.example.com" in content


def test_a_password_ending_a_sentence_never_leaves_its_last_character_in_the_home(home,
                                                                                   tmp_path):
    """"the password is X!" in a comment or "Use password X?" was redacted as `X` alone, so
    the store and every search kept `<REDACTED_SECRET>!`: the password's last character. Its
    repetitions elsewhere in the file (a test's literal) left the same character."""
    # FAKE passwords, assembled at run time; each ends in a character a sentence may end in
    bang, query, stop = ("".join(("Hq4mT", "rain9Xy!")), "".join(("Wd8k", "Lp2vQz?")),
                         "".join(("Zr5n", "Jc7wBt.")))
    root = tmp_path / "training"
    write(root, "src/training/login.py",
          '"""Log in to the training console."""\n\n'
          f"# the trainer password is {bang} Then open the dashboard.\n\n\n"
          "def test_trainer_can_log_in():\n"
          '    """The trainer account logs in."""\n'
          f'    assert check_login("trainer", "{bang}")\n')
    write(root, "docs/training.md",
          "# Training console\n\n"
          f"Use password {query} Then the console asks for the second factor.\n\n"
          f"The backup account's password is {stop}\n")
    stored, outputs = _indexed_and_searched(
        home, root, {"src/training/login.py", "docs/training.md"},
        (bang, query, stop, "trainer password dashboard", "trainer can log in",
         "console second factor", "backup account password"))
    for value in (bang, query, stop):
        for part in (value, value[:-1], f"<REDACTED_SECRET>{value[-1]}"):
            _nowhere(part, stored, outputs)
    # the sentences around the passwords stay searchable
    content = _found(home, "trainer password open the dashboard", "src/*")
    assert "# the trainer password is <REDACTED_SECRET> Then open the dashboard." in content
    assert 'assert check_login("trainer", "<REDACTED_SECRET>")' in content
    assert ("Use password <REDACTED_SECRET> Then the console asks for the second factor."
            in _found(home, "console asks for the second factor", "docs/*"))


def test_the_password_of_a_url_inside_base64_never_reaches_the_home_typed_bare(home, tmp_path):
    """A base64 DSN (as a Kubernetes Secret holds it, in a comment) was redacted, but the
    password inside it, typed bare elsewhere in the same file (a comment, a test's login call,
    a README's code block), was stored and shown as written."""
    # FAKE passwords, assembled at run time
    pw, pw2 = "".join(("Pa55", "word9Kx")), "".join(("Nv3q", "Rt8zLm"))
    dsn = base64.b64encode(f"postgres://app:{pw}@db.internal:5432/orders".encode()).decode()
    api = base64.b64encode(f"https://deploy:{pw2}@api.example.com/v1".encode()).decode()
    root = tmp_path / "orders"
    write(root, "scripts/connect.sh",
          "#!/bin/sh\n# DATABASE_URL as the orders-db Secret holds it (base64):\n"
          f"#   {dsn}\n"
          "# to connect by hand: psql -h db.internal -U app orders,\n"
          f"# then type {pw} at the prompt\n"
          'psql "$DATABASE_URL" -c "select 1"\n')
    write(root, "src/orders/db.py",
          '"""The orders database."""\n\n'
          f"# DSN, base64: {dsn}\n\n\n"
          "def test_app_can_log_in():\n"
          '    """The app account logs in to the orders database."""\n'
          f'    assert check_login("app", "{pw}")\n')
    write(root, "docs/deploy.md",
          "# Deploying\n\n"
          f"The deploy hook reads `{api}` from the vault.\n\n"
          f"```\ncurl -u deploy {pw2} https://api.example.com/v1/hooks\n```\n")
    stored, outputs = _indexed_and_searched(
        home, root, {"scripts/connect.sh", "src/orders/db.py", "docs/deploy.md"},
        (pw, pw2, dsn, api, "connect by hand psql", "app can log in check_login",
         "deploy hook vault curl"))
    for value in (pw, pw2, dsn, api):
        _nowhere(value, stored, outputs)
    # what surrounds the password stays searchable
    assert ('assert check_login("app", "<REDACTED_SECRET>")'
            in _found(home, "app can log in check_login", "src/*"))
    assert ("# then type <REDACTED_SECRET> at the prompt"
            in _found(home, "connect by hand psql type at the prompt", "scripts/*"))
