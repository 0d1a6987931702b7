"""`repokb index` of a project holding a file its grammar is slow on (unclosed `<#` comments:
tree-sitter-powershell 0.26 is quadratic on them, 33 s for 160 KB) does not wait for the parse:
the parse stops at its budget, the file is indexed as fixed windows, the run summary counts it
and `repokb explain` gives the reason; the module beside it is cut by its definitions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..conftest import invoke, write

pytestmark = pytest.mark.integration


def test_a_file_past_its_parse_budget_is_indexed_as_windows_with_its_reason(
        home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a tight budget (10 ms + 0.1 ms/KB) keeps the hostile file small and the test fast
    monkeypatch.setenv("REPOKB_PARSE_BUDGET_SECONDS", "0.01")
    monkeypatch.setenv("REPOKB_PARSE_BUDGET_MS_PER_KB", "0.1")
    root = tmp_path / "ops"
    write(root, "evil.ps1", "".join(f"<# x{i}\n" for i in range(4000)))
    write(root, "Shop.psm1",
          "<#\n.SYNOPSIS\nGets the orders of a customer from the shop's API.\n#>\n"
          "function Get-ShopOrder {\n    param([int]$CustomerId)\n"
          '    Invoke-RestMethod "https://shop.example.com/customers/$CustomerId/orders"\n}\n')
    report = json.loads(invoke("index", str(root), "--json"))
    files = {f["path"]: f for f in report["files"]}
    assert files["evil.ps1"]["chunks"] > 0
    assert any("parse stopped at its budget" in r for r in files["evil.ps1"]["reasons"])
    assert not any("budget" in r for r in files["Shop.psm1"]["reasons"])
    assert report["summary"]["files_parse_over_budget"] == 1
    explained = json.loads(invoke("explain", str(root / "evil.ps1"), "--json"))
    assert "parse stopped at its budget" in json.dumps(explained)
    hits = json.loads(invoke("search", "where is Get-ShopOrder defined", "--json"))
    assert hits[0]["symbol"] == "Get-ShopOrder"
    # the human summary line says it too
    assert "files parse over budget: 1" in invoke("index", str(root), "--flush")
