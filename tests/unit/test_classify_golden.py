"""The golden mixed repository: every path's classification record, compared with expected.json.

Refresh after an intended change, then review the diff like code:

    REPOKB_REFRESH_GOLDEN=1 pytest tests/unit/test_classify_golden.py
    git diff tests/golden/classification/expected.json

Entries git cannot carry well (symlinks, a submodule's .git, secret files) are made at test time
in a temporary copy of tests/golden/classification/repo.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from repokb.models import SkippedPath
from repokb.pipeline import walk_skip_classification
from repokb.pipeline.classify import Classifier
from repokb.pipeline.discover import discover
from repokb.roots import resolve_roots

from .. import fake_secrets as fake

GOLDEN = Path(__file__).parents[1] / "golden" / "classification"
EXPECTED = GOLDEN / "expected.json"


def build_golden_tree(tmp_path: Path) -> Path:
    root = tmp_path / "shop"
    shutil.copytree(GOLDEN / "repo", root)
    outside = tmp_path / "outside.py"
    outside.write_text("print('outside the project')\n")
    os.symlink(outside, root / "link_outside.py")
    os.symlink(root, root / "loop")  # a directory link back to the root
    os.symlink(root / "src/shop/orders.py", root / "orders_link.py")
    (root / "libs/payments").mkdir(parents=True)
    (root / "libs/payments/.git").write_text("gitdir: ../../.git/modules/payments\n")
    (root / "libs/payments/pay.py").write_text("def pay():\n    return True\n")
    (root / "notes.tmp").write_text("scratch notes, ignored by .gitignore\n")
    (root / ".env").write_text(f"AWS_ACCESS_KEY_ID={fake.AWS_ACCESS_KEY}\n"
                               f"AWS_SECRET_ACCESS_KEY={fake.AWS_SECRET_KEY}\n")
    (root / ".env.example").write_text(
        "AWS_ACCESS_KEY_ID=<your-access-key>\nAWS_SECRET_ACCESS_KEY=${AWS_SECRET}\n"
        f"DATABASE_URL=postgres://shop:{fake.DB_PASSWORD}@db:5432/shop\nDEBUG=true\n")
    (root / "deploy").mkdir()
    (root / "deploy/id_rsa").write_text(fake.PRIVATE_KEY)
    (root / "config/application.yml").write_text(
        "spring:\n  datasource:\n    url: jdbc:postgresql://db:5432/orders\n"
        f"    username: shop\n    password: {fake.YAML_PASSWORD}\n")
    (root / "src/shop/payments.py").write_text(
        f'"""Payment client."""\n\nSTRIPE_KEY = "{fake.STRIPE_KEY}"\n')
    return root


def classify_tree(root: Path) -> dict[str, dict[str, Any]]:
    (project,) = resolve_roots([root], None)
    classifier = Classifier.for_root(root)
    records = {}
    for item in discover(project, classifier.config):
        if isinstance(item, SkippedPath):
            c = walk_skip_classification(item)
        else:
            c = classifier.classify(item)
        data = c.to_dict()
        for volatile in ("classifier_version", "config_digest"):  # bumps are not regressions
            data.pop(volatile)
        records[item.path] = data
    return records


@pytest.fixture
def golden(tmp_path: Path) -> dict[str, dict[str, Any]]:
    return classify_tree(build_golden_tree(tmp_path))


def test_golden_repository_matches_expected(golden):
    if os.environ.get("REPOKB_REFRESH_GOLDEN"):
        EXPECTED.write_text(json.dumps(golden, indent=2, sort_keys=True) + "\n")
    expected = json.loads(EXPECTED.read_text())
    assert sorted(golden) == sorted(expected), "paths differ: refresh and review the diff"
    changed = {p: (expected[p], golden[p]) for p in golden if golden[p] != expected[p]}
    assert not changed, json.dumps(changed, indent=1)[:4000]


def decided(golden: dict[str, dict[str, Any]], path: str) -> tuple[str, str]:
    return golden[path]["kind"], golden[path]["index_policy"]


def test_golden_decisions_that_must_hold(golden):
    """The behaviour the golden file pins, spelled out so a refresh cannot quietly undo it."""
    assert decided(golden, "src/shop/orders.py") == ("source", "parse_and_index")
    assert decided(golden, "tests/test_orders.py") == ("test", "parse_and_index")
    assert golden["docs/adr/0001-use-postgres.md"]["subkind"] == "adr"
    assert decided(golden, "openapi.yaml") == ("contract", "index_text")
    assert golden["k8s/deployment.yaml"]["subkind"] == "kubernetes_manifest"
    assert decided(golden, ".github/workflows/ci.yml") == ("ci_cd", "index_text")
    assert golden["Dockerfile"]["subkind"] == "dockerfile"
    assert decided(golden, "package-lock.json") == ("lockfile", "metadata_only")
    assert decided(golden, "web/static/app.min.js") == ("generated", "metadata_only")
    assert decided(golden, "notebooks/analysis.ipynb") == ("source", "parse_and_index")
    assert decided(golden, "docs/tutorial.ipynb") == ("documentation", "parse_and_index")
    assert decided(golden, "logs/shop.log") == ("log", "exclude")
    assert decided(golden, "data/orders.csv") == ("data", "metadata_only")
    assert decided(golden, "assets/logo.png") == ("asset", "metadata_only")
    # directories the walk does not enter: recorded once, with their reason
    for path, kind in (("node_modules", "vendor"), ("dist", "build_artifact"),
                       ("target", "build_artifact"), ("libs/payments", "vendor")):
        assert golden[path]["kind"] == kind and golden[path]["index_policy"] == "exclude"
    assert "submodule" in golden["libs/payments"]["reasons"][0]
    assert "outside the project root" in golden["link_outside.py"]["reasons"][0]
    assert "not followed" in golden["loop"]["reasons"][0]
    assert "src/shop/orders.py" in golden["orders_link.py"]["reasons"][0]
    assert "notes.tmp" in golden and ".gitignore" in golden["notes.tmp"]["reasons"][0]
    # secrets: only what is a secret as a whole is blocked; a file with a secret inside (code
    # included) is indexed with the secret redacted, and says so
    for path in (".env", "deploy/id_rsa"):
        assert decided(golden, path) == ("secret_candidate", "block"), path
    for path in (".env.example", "config/application.yml", "src/shop/payments.py"):
        assert golden[path]["index_policy"] in ("index_text", "parse_and_index"), path
        assert "redact" in golden[path]["flags"], path
    assert decided(golden, "src/shop/payments.py") == ("source", "parse_and_index")
    assert golden[".env.example"]["subkind"] == "example_env"
    assert golden["config/application.yml"]["subkind"] == "spring_boot_config"
    # the repository config: adds a block, excludes drafts, turns a vendored fork into source
    assert decided(golden, "config/prod/flags.yaml") == ("secret_candidate", "block")
    assert golden["docs/drafts/idea.md"]["index_policy"] == "exclude"
    fork = golden["third_party/rules-engine/engine.py"]
    assert (fork["kind"], fork["config_path"]) == ("source", ".repokb.yml")
    assert "Internally modified fork" in fork["reasons"][0]
    # a TypeScript build's output beside its source is no knowledge; hand-written JS is
    assert decided(golden, "packages/api/lib/index.js") == ("build_artifact", "exclude")
    assert "packages/api/src/index.ts" in golden["packages/api/lib/index.d.ts"]["reasons"][0]
    assert decided(golden, "packages/api/lib/client.js") == ("source", "parse_and_index")
    # monorepo package boundary
    assert golden["packages/api/src/index.ts"]["package"] == "packages/api"
    assert golden["src/shop/orders.py"]["package"] == ""


def test_no_secret_value_in_any_record(golden):
    text = json.dumps(golden)
    for value in (*fake.ALL.values(), fake.PRIVATE_KEY_BODY):
        assert value not in text
