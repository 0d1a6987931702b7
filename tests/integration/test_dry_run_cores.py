"""`repokb index TREE --dry-run --json` judges a big tree's files on every core: the report a
user reads is the one one core writes, file for file (pipeline/fanout.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from repokb.pipeline import fanout

from ..conftest import write, write_shop

pytestmark = pytest.mark.integration


def _big_tree(root: Path) -> Path:
    write_shop(root, tests=True)
    write(root, ".gitattributes", "gen/** linguist-generated\nthird/** linguist-vendored\n")
    write(root, ".env", "STRIPE_SECRET_KEY=sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc" + "\n")
    write(root, "config/settings.py", 'DB_PASSWORD = "' + "p4ss" + 'w0rd-fanout-test"\n')
    for n in range(260):
        write(root, f"src/mod{n}.py", f'"""Module {n}."""\n\n\ndef handler_{n}(request):\n'
              f"    return request.get({n!r})\n")
        write(root, f"docs/page{n}.md", f"# Page {n}\n\nHow part {n} of the shop works.\n")
    for n in range(60):
        write(root, f"gen/api{n}.py", f"def call_{n}():\n    return {n}\n")
        write(root, f"third/lib{n}.js", f"export function lib{n}() {{ return {n}; }}\n")
        write(root, f"static/app{n}.min.js", "var a=1;" * 400 + "\n")
    write(root, "assets/logo.png", b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    return root


def _known_rate(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """This home knows the machine's indexing rate: no run measures it (a model load)."""
    from repokb.operations import calibrate
    from repokb.settings import Settings
    from repokb.workspace import Workspace

    monkeypatch.setenv("REPOKB_HOME", str(home))
    ws = Workspace(Settings.load())
    try:
        key = calibrate._key(ws)
    finally:
        ws.close()
    home.mkdir(parents=True, exist_ok=True)
    (home / "calibration.json").write_text(json.dumps({key: {"tokens_per_second": 20000.0}}))


def _dry_run(root: Path, home: Path, one_core: bool) -> dict:
    def pin() -> None:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})

    env = {**os.environ, "REPOKB_HOME": str(home)}
    done = subprocess.run([sys.executable, "-m", "repokb", "index", str(root), "--dry-run",
                           "--json"], capture_output=True, text=True, timeout=300, env=env,
                          preexec_fn=pin if one_core else None)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.skipif(fanout.usable_cores() < 2, reason="needs two usable cores")
def test_a_dry_run_on_two_cores_reports_what_one_core_does(tmp_path, monkeypatch, home):
    root = _big_tree(tmp_path / "shop")
    _known_rate(home, monkeypatch)
    both = _dry_run(root, home, one_core=False)
    one = _dry_run(root, home, one_core=True)
    assert both["summary"]["judged_in_processes"] == 2
    assert one["summary"]["judged_in_processes"] == 1
    assert both["files"] == one["files"]  # every decision, reason and estimate, in order
    timing = ("seconds", "judged_in_processes")
    assert ({k: v for k, v in both["summary"].items() if k not in timing}
            == {k: v for k, v in one["summary"].items() if k not in timing})
    by_path = {f["path"]: f for f in both["files"]}
    assert len(by_path) > fanout.MIN_ITEMS
    # what the children decided from state the parent built before the fork
    assert by_path["gen/api3.py"]["kind"] == "generated"  # the root's .gitattributes
    assert by_path["third/lib3.js"]["kind"] == "vendor"
    assert by_path[".env"]["index_policy"] == "block"
    assert both["summary"]["files_with_secrets"] >= 1
