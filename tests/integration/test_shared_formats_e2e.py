"""A project with a Bruno request, an RPM spec, a CUE schema, a Kickstart file and a Gherkin
feature beside its code is indexed as a user runs it: each format read and cut, the request's
password and token and the Kickstart root password redacted, a question about the code finding
the code before the feature that describes it, a question about a scenario finding the feature.
Before, the `.bru` was metadata only, the `.spec`, `.cue` and `.ks` excluded as "unknown
format", and the feature counted as source."""

from __future__ import annotations

import json

import pytest

from ..conftest import assert_nowhere, invoke, write

pytestmark = pytest.mark.integration

PASSWORD = "Vq7#pL2mX9rT4wZ8"
TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJsZWRnZXIifQ.c2lnbmF0dXJlc2lnbmF0dXJl"
ROOTPW = "Rk4vN8qW2xZ7mP3s"


def test_shared_formats_are_indexed_searchable_and_redacted(home, tmp_path):
    root = tmp_path / "ledger"
    write(root, "src/ledger/total.py",
          '"""The running total of a ledger."""\n\n\n'
          "class RunningTotal:\n"
          '    """Keeps the sum of every amount added to the ledger."""\n\n'
          "    def __init__(self) -> None:\n        self.total = 0\n\n"
          "    def add(self, amount: int) -> int:\n"
          '        """Add an amount to the running total and return the new total."""\n'
          "        self.total += amount\n        return self.total\n")
    write(root, "features/total.feature",
          "Feature: Ledger running total\n"
          "  Scenario: Adding two amounts gives their sum\n"
          "    Given an empty ledger\n    When I add 2\n    And I add 3\n"
          "    Then the running total is 5\n\n"
          "  Scenario: A refund lowers the total\n"
          "    Given a ledger holding 10\n    When I add -4\n"
          "    Then the running total is 6\n")
    write(root, "api/login.bru",
          "meta {\n  name: Log in to the ledger service\n  type: http\n  seq: 1\n}\n\n"
          "post {\n  url: {{baseUrl}}/api/session\n  body: json\n  auth: basic\n}\n\n"
          f"auth:basic {{\n  username: bookkeeper\n  password: {PASSWORD}\n}}\n\n"
          f"auth:bearer {{\n  token: {TOKEN}\n}}\n\n"
          'body:json {\n  {\n    "remember": true\n  }\n}\n')
    write(root, "packaging/ledger.spec",
          "Name:           ledger\nVersion:        1.2.0\nRelease:        1%{?dist}\n"
          "Summary:        Keeps the running total of a ledger\nLicense:        MIT\n\n"
          "%description\nThe ledger package keeps a running total of the amounts added.\n\n"
          "%files\n%license LICENSE\n%{python3_sitelib}/ledger/\n")
    write(root, "schema/account.cue",
          "package ledger\n\n// An account of the ledger and its currency.\n#Account: {\n"
          '\tid:       string\n\tcurrency: "EUR" | "USD" | *"EUR"\n\tlimit:    int & >=0\n}\n')
    write(root, "deploy/ledger.ks",
          "lang en_US.UTF-8\nkeyboard us\n"
          f"rootpw --plaintext {ROOTPW}\nbootloader --location=mbr\n\n"
          "%packages\n@^minimal-environment\npython3-ledger\n%end\n")
    out = invoke("index", str(root), "--json")
    files = {f["path"]: f for f in json.loads(out)["files"]}
    for path, kind, language in (("features/total.feature", "test", "gherkin"),
                                 ("api/login.bru", "configuration", "bru"),
                                 ("packaging/ledger.spec", "configuration", "rpm_spec"),
                                 ("schema/account.cue", "source", "cue"),
                                 ("deploy/ledger.ks", "configuration", "kickstart")):
        got = files[path]
        assert (got["kind"], got["language"]) == (kind, language), got
        assert got["chunks"] >= 1, got

    answers = [out]
    for question, first in (
            ("how does RunningTotal add an amount to the total", "src/ledger/total.py"),
            ("scenario a refund lowers the total", "features/total.feature"),
            ("log in to the ledger service request", "api/login.bru"),
            ("ledger package description and files", "packaging/ledger.spec"),
            ("account currency definition", "schema/account.cue")):
        hits = json.loads(answer := invoke("search", question, "--json", "--limit", "5"))
        answers.append(answer)
        assert hits and hits[0]["path"] == first, (question, [h["path"] for h in hits])
    answers.append(invoke("explain", str(root / "api/login.bru"), "--json"))
    assert_nowhere(home, [PASSWORD, TOKEN, ROOTPW], answers)
