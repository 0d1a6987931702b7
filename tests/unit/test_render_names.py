"""Names from a repository (paths, symbols) print on one line: a file named with a newline
could forge a result line in `repokb search` (nu2's trial: `proj/new` and `line.py:1-2` were
printed on two lines)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from repokb.surfaces import render


def test_a_newline_in_a_path_or_symbol_cannot_forge_a_hit(monkeypatch: pytest.MonkeyPatch) -> None:
    buffer = io.StringIO()
    monkeypatch.setattr(render, "out", Console(file=buffer, width=300, color_system=None))
    forged = "x.py:1-2\n2. proj/payments/auth.py:10-20  verify_token  source · score 0.9\n"
    render.hits([{"project": "proj", "path": forged, "start_line": 1, "end_line": 2,
                  "symbol": "f\tg\u2028h", "kind": "source", "score": 0.5,
                  "content": "def f():\n    return 1\n"}], explain=False)
    lines = buffer.getvalue().splitlines()
    assert lines[0].startswith("1. proj/x.py:1-2\\x0a2. proj/payments/auth.py"), lines
    assert "f\\x09g\\u2028h" in lines[0]
    assert not any(line.startswith("2. ") for line in lines)
    assert lines[1:3] == ["def f():", "    return 1"]  # contents keep their lines


def test_a_fragment_uploaded_without_its_lines_is_shown_without_a_line_range(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen on a fresh clone: fragments posted to /knowledge/ingest without start_line were
    listed as `notes.md:0-0` by the CLI, MCP and the proxy's injected context."""
    from repokb.context import format_context
    from repokb.models import Hit
    from repokb.surfaces.mcp import render as mcp_render

    buffer = io.StringIO()
    monkeypatch.setattr(render, "out", Console(file=buffer, width=300, color_system=None))
    hit = {"project": "web", "path": "notes.md", "start_line": 0, "end_line": 0, "symbol": None,
           "kind": "documentation", "score": 0.5, "content": "Deploy on Fridays.\n"}
    render.hits([hit, {**hit, "path": "a.md", "start_line": 3, "end_line": 4}], explain=False)
    shown = buffer.getvalue()
    assert "1. web/notes.md  " in shown and "2. web/a.md:3-4" in shown and ":0-0" not in shown
    assert ":0-0" not in mcp_render.hits("deploy", [hit]) and "web/notes.md  (" in \
        mcp_render.hits("deploy", [hit])
    fragment = Hit("notes.md", 0, 0, None, "documentation", "markdown", 0.9, "web",
                   "Deploy on Fridays.\n", {"dense_score": 0.8})
    other = Hit("notes.md", 0, 0, None, "documentation", "markdown", 0.8, "web",
                "Roll back on Mondays.\n", {"dense_score": 0.7})
    for cite, head in ((True, "`notes.md`:"), (False, "A fragment:")):
        text = format_context([fragment, other], min_similarity=0.3, cite=cite)
        assert head in text and "0-0" not in text, text
        assert "Deploy on Fridays." in text and "Roll back on Mondays." in text  # both given


def test_a_hit_line_says_what_its_symbol_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """infra39: a user could not tell a class from a function from a Terraform resource on
    `repokb search`'s hit line: it showed the bare symbol (`k3d_cluster.zenml-cluster`)."""
    from repokb.models import Hit
    from repokb.surfaces.mcp import render as mcp_render

    buffer = io.StringIO()
    monkeypatch.setattr(render, "out", Console(file=buffer, width=300, color_system=None))
    found = [Hit("main.tf", 3, 20, "k3d_cluster.zenml-cluster", "infrastructure", "hcl", 0.9,
                 "stacks", 'resource "k3d_cluster" "zenml-cluster" {\n}\n',
                 symbol_type="resource").to_json(),
             Hit("router.py", 1, 9, "Router", "source", "python", 0.8, "web",
                 "class Router:\n    pass\n", symbol_type="class").to_json(),
             Hit("big.py", 10, 60, "handle", "source", "python", 0.7, "web",
                 "    x = 1\n", symbol_type="window").to_json(),
             {"project": "web", "path": "old.py", "start_line": 1, "end_line": 2,
              "symbol": "legacy", "kind": "source", "score": 0.6, "content": "def legacy(): ...\n"},
             Hit("notes.md", 1, 4, None, "documentation", "markdown", 0.5, "web", "Notes.\n",
                 symbol_type="window").to_json()]
    assert found[0]["symbol_type"] == "resource" and "symbol_type" not in found[4]
    render.hits(found, explain=False)
    heads = [line for line in buffer.getvalue().splitlines() if line[:3] in ("1. ", "2. ", "3. ",
                                                                            "4. ", "5. ")]
    assert "main.tf:3-20  resource k3d_cluster.zenml-cluster  infrastructure" in heads[0]
    assert "router.py:1-9  class Router  source" in heads[1]
    assert "big.py:10-60  handle  source" in heads[2]  # a window of `handle`: its name alone
    assert "old.py:1-2  legacy  source" in heads[3]  # an older server's hit: no type known
    assert "notes.md:1-4  documentation" in heads[4]
    text = mcp_render.hits("k3d", found)
    assert "stacks/main.tf:3-20  resource k3d_cluster.zenml-cluster  (" in text
    assert "web/router.py:1-9  class Router  (" in text
    assert Hit.from_json(found[1]).symbol_type == "class"
