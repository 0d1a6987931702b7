"""Repository config (.repokb.yml / .ai-docs.yml): what it changes, what it can never change,
and errors that name the file, the line and the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from repokb.errors import ConfigError
from repokb.models import Kind, Policy, SourceFile
from repokb.pipeline.classify import Classifier
from repokb.rules.repo_config import load_repo_config

from ..conftest import run_cli, write


def classify_in(root: Path, rel: str, content: str) -> tuple[Kind, Policy, tuple[str, ...]]:
    path = write(root, rel, content)
    c = Classifier.for_root(root).classify(
        SourceFile("p", root, rel, path.stat().st_size, path.stat().st_mtime_ns))
    return c.kind, c.index_policy, c.reasons


def test_roots_include_exclude_and_generated(tmp_path):
    write(tmp_path, ".ai-docs.yml", """
        classification:
          include: ["app/**", "handbook/**", "gen/**", "lib/**"]
          exclude: ["app/legacy/**"]
          sourceRoots: ["lib"]
          testRoots: ["app/checks"]
          docsRoots: ["handbook"]
          generatedRoots: ["gen"]
        """)
    assert classify_in(tmp_path, "app/checks/orders.py", "x = 1\n")[0] is Kind.TEST
    assert classify_in(tmp_path, "handbook/onboarding.txt", "Welcome aboard.\n")[0] \
        is Kind.DOCUMENTATION
    assert classify_in(tmp_path, "gen/client.py", "x = 1\n")[:2] == (Kind.GENERATED,
                                                                     Policy.METADATA_ONLY)
    kind, policy, reasons = classify_in(tmp_path, "app/legacy/old.py", "x = 1\n")
    assert (kind, policy) == (Kind.SOURCE, Policy.EXCLUDE) and ".ai-docs.yml" in reasons[0]
    assert classify_in(tmp_path, "scripts/run.py", "x = 1\n")[1] is Policy.EXCLUDE  # not included
    assert classify_in(tmp_path, "app/main.py", "x = 1\n")[:2] == (Kind.SOURCE,
                                                                   Policy.PARSE_AND_INDEX)
    # a test inside a source root stays a test
    assert classify_in(tmp_path, "lib/tests/test_x.py", "def test(): pass\n")[0] is Kind.TEST


def test_config_can_never_unblock_a_secret(tmp_path):
    write(tmp_path, ".repokb.yml", """
        classification:
          include: [".env", "**"]
          sourceRoots: ["."]
          vendorOverrides:
            - path: ".env"
              treatAs: source
              reason: we really want it
            - path: "keys/**"
              treatAs: documentation
              reason: we really want them too
        """)
    assert classify_in(tmp_path, ".env", "SECRET=x\n")[1] is Policy.BLOCK
    pem = "-----BEGIN " + "PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n"
    assert classify_in(tmp_path, "keys/notes.txt", pem)[1] is Policy.BLOCK


def test_config_adds_blocks(tmp_path):
    write(tmp_path, ".repokb.yml", 'classification:\n  sensitive: ["config/prod/**"]\n')
    assert classify_in(tmp_path, "config/prod/app.yaml", "a: 1\n")[:2] == (
        Kind.SECRET_CANDIDATE, Policy.BLOCK)


@pytest.mark.parametrize(("text", "words"), [
    ("classification:\n  sourceRoot: [src]\n", ["line 2", "'sourceRoot'", "sourceRoots"]),
    ("clasification:\n  include: [src]\n", ["line 1", "'clasification'", "classification"]),
    ("classification:\n  include: src/**\n", ["line 2", "'include'", "list"]),
    ("classification:\n  vendorOverrides:\n    - path: third_party/x/**\n      treatAs: source\n",
     ["line 3", "'reason'"]),
    ("classification:\n  vendorOverrides:\n    - path: x/**\n      treatAs: magic\n"
     "      reason: because\n", ["line 4", "'magic'", "source"]),
    ("classification:\n  include: [src/**\n", ["line", "invalid YAML"]),
    ("classification:\n  exclude: ['../outside/**']\n", ["line 2", "leaves the project root"]),
])
def test_invalid_config_names_file_line_and_key(tmp_path, text, words):
    (tmp_path / ".repokb.yml").write_text(text)
    with pytest.raises(ConfigError) as info:
        load_repo_config(tmp_path)
    message = f"{info.value.message} {info.value.hint}"
    assert info.value.message.startswith(".repokb.yml")
    for word in words:
        assert word in message, (word, message)


def test_cli_prints_config_errors_without_traceback(home, tmp_path):
    write(tmp_path, "proj/.repokb.yml", "classification:\n  testRoot: [t]\n")
    code, out, err = run_cli("index", str(tmp_path / "proj"), "--dry-run")
    assert code == 2
    assert ".repokb.yml line 2: unknown key 'testRoot'" in err.replace("\n", " ")
    assert "testRoots" in err and "Traceback" not in err


def test_editing_the_config_reclassifies(tmp_path):
    write(tmp_path, ".repokb.yml", "classification:\n  exclude: []\n")
    first = load_repo_config(tmp_path)
    write(tmp_path, ".repokb.yml", "classification:\n  exclude: [old/**]\n")
    second = load_repo_config(tmp_path)
    assert first is not None and second is not None and first.digest != second.digest
