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
