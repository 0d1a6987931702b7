"""Before any index has run, `explain FILE` and `index --dry-run` tell the truth about secrets.

The classifier reads only a file's head (8 KB) with the fast finder; indexing redacts the
whole text with every finder. `explain` of a file never indexed said nothing of a password 1,200
lines down, a GitHub token past the head, an AWS key deep in a doc or a docker config.json's
`auth` (the fast finder does not know that form), though indexing would redact each one; the
dry run said "1 admitted files hold secret-like values" for a tree with 6 such files, as if it
had looked. Now `explain` runs redaction's finders on the one file and says what indexing
would record (the same words a real run records); the dry run says how far it looked
(`secrets_checked: head`), and `--dry-run --chunk`, which reads and redacts the whole text
anyway, names each file's findings and counts them. No output holds a value.
"""

from __future__ import annotations

import base64
import json

import pytest

from .. import fake_secrets as fake
from ..conftest import invoke, write

pytestmark = pytest.mark.integration

_AUTH = base64.b64encode(f"deploybot:{fake.DB_PASSWORD}".encode()).decode()
VALUES = [fake.YAML_PASSWORD, fake.GITHUB_TOKEN, fake.AWS_ACCESS_KEY, fake.AWS_SECRET_KEY,
          fake.DB_PASSWORD, _AUTH, fake.STRIPE_KEY]
# path -> what a real index records about it (the finder's name and the value's line)
DEEP = {"app/settings.py": ("secret_assignment", 1203), "app/client.js": ("github_token", 501),
        "deploy/app.yaml": ("secret_assignment", 404), "docs/deploy.md": ("aws_access_key", 403),
        "config.json": ("detect_secrets", 4)}


@pytest.fixture
def planted(tmp_path, home):  # type: ignore[no-untyped-def]
    root = tmp_path / "tree"
    (root / ".git").mkdir(parents=True)
    filler = "".join(f"def helper_{i}(x):\n    return x + {i}\n\n\n" for i in range(300))
    write(root, "app/settings.py",
          f'"""App settings."""\n\n{filler}DB_PASSWORD = "{fake.YAML_PASSWORD}"\n')
    write(root, "app/client.js", "".join(f"export function f{i}(a) {{ return a * {i}; }}\n"
                                         for i in range(500))
          + f'const token = "{fake.GITHUB_TOKEN}";\n')
    write(root, "deploy/app.yaml", "server:\n" + "".join(f"  option_{i}: value_{i}\n"
                                                         for i in range(400))
          + f"database:\n  user: app\n  password: {fake.DB_PASSWORD}\n")
    write(root, "docs/deploy.md", "# Deploy\n\n" + "".join(
        f"Step {i}: run the thing number {i} and check the output.\n\n" for i in range(200))
          + f"Then export AWS_ACCESS_KEY_ID={fake.AWS_ACCESS_KEY} and "
            f"AWS_SECRET_ACCESS_KEY={fake.AWS_SECRET_KEY}\n")
    write(root, "config.json", json.dumps({"auths": {"ghcr.io": {"auth": _AUTH}}}, indent=2))
    # in the head: the classifier finds it, the dry run says so as before
    write(root, "app/billing.py", f'STRIPE_KEY = "{fake.STRIPE_KEY}"\n\n\ndef charge():\n'
          "    return STRIPE_KEY\n")
    # left out (metadata only) with a secret in its head: not among the admitted files that
    # hold one, and its reason does not say it is indexed (wagtail's fixtures, newuser43)
    write(root, "app/fixtures/users.json", json.dumps(
        [{"model": "auth.user", "pk": 1, "fields": {"username": "ops",
                                                    "api_key": fake.STRIPE_KEY}}], indent=2))
    return root


def _no_value(*outputs: str) -> None:
    for out in outputs:
        for value in VALUES:
            assert value not in out


def test_explain_before_any_index_names_what_indexing_would_redact(planted) -> None:  # type: ignore[no-untyped-def]
    said = {}
    for rel, (finder, line) in DEEP.items():
        out = invoke("explain", str(planted / rel), "--json")
        record = json.loads(out)
        assert record["status"] == "not indexed"
        assert finder in record["reason"] and f"line {line}" in record["reason"], (rel, record)
        assert "redacted before indexing" in record["reason"]
        said[rel] = record["reason"].split("; ", 1)[1]
        _no_value(out, invoke("explain", str(planted / rel)))
    # the same words a real run records for the file
    indexed = json.loads(invoke("index", str(planted), "--json"))
    reasons = {f["path"]: f["reasons"] for f in indexed["files"]}
    for rel, note in said.items():
        assert note in reasons[rel], (rel, note, reasons[rel])


def test_dry_run_says_how_far_it_looked_and_chunk_counts_the_whole_text(planted) -> None:  # type: ignore[no-untyped-def]
    plain = invoke("index", str(planted), "--dry-run", "--json")
    summary = json.loads(plain)["summary"]
    assert summary["secrets_checked"] == "head"
    assert summary["files_with_secrets"] == 1  # billing.py (within the head)
    (fixture,) = [f for f in json.loads(plain)["files"] if f["path"].endswith("users.json")]
    assert fixture["index_policy"] == "metadata_only", fixture
    assert not any("indexed" in r for r in fixture["reasons"][1:]), fixture
    human = invoke("index", str(planted), "--dry-run")
    assert "in their first 8 KB" in " ".join(human.split())
    assert "checks only each file's head" in " ".join(human.split())

    chunked = json.loads(invoke("index", str(planted), "--dry-run", "--chunk", "--json"))
    assert chunked["summary"]["secrets_checked"] == "whole_text"
    assert chunked["summary"]["files_with_secrets"] == 6
    reasons = {f["path"]: " ".join(f["reasons"]) for f in chunked["files"]}
    for rel, (finder, line) in DEEP.items():
        assert finder in reasons[rel] and f"line {line}" in reasons[rel], (rel, reasons[rel])
    human_chunked = invoke("index", str(planted), "--dry-run", "--chunk")
    assert "6 admitted files hold secret-like values" in " ".join(human_chunked.split())
    _no_value(plain, human, json.dumps(chunked), human_chunked)
