"""`repokb index` reads and cuts a big tree's files on every core (pipeline/fanout.py
`in_order`, pipeline/prepare.py) while the run records them in the walk's order: the index a
user gets, and every byte of it that a secret could reach, is the one one process writes."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from repokb.pipeline import fanout

from ..conftest import assert_nowhere, with_models, write, write_shop

pytestmark = pytest.mark.integration

SECRET = "sk_live_" + "Q7fz3Wc8yTbN2kLpR5vXjD0a"
PASSWORD = "c0rrect-h0rse-" + "cuts-in-order"
TIMING = ("seconds", "seconds_to_lexical_all", "seconds_to_dense_source_docs",
          "cut_in_processes")


def _tree(root: Path) -> Path:
    write_shop(root, tests=True)
    write(root, ".env", f"STRIPE_SECRET_KEY={SECRET}\n")
    write(root, "config/settings.py", f'DB_PASSWORD = "{PASSWORD}"\n\n\ndef debug():\n'
          "    return False\n")
    for n in range(130):
        write(root, f"src/mod{n}.py", f'"""Module {n} of the shop."""\n\n\ndef handler_{n}(req):\n'
              f'    """Answer request {n} with its total."""\n    return req.get({n!r})\n')
        write(root, f"docs/page{n}.md", f"# Page {n}\n\nHow part {n} of the shop handles "
              f"refunds and totals, step by step.\n")
    write(root, "notebooks/broken.ipynb", '{"cells": [')  # not JSON: failed, with its reason
    write(root, "src/late.py", "x = 1\n" * 3000 + "\x00tail\n")  # a NUL byte past the head
    write(root, "src/tiny.py", "x = 1\n")  # no chunk long enough
    return root


def _index(root: Path, home: Path, processes: int) -> dict:
    env = {**os.environ, "REPOKB_HOME": str(home), "REPOKB_CUT_PROCESSES": str(processes)}
    done = subprocess.run([sys.executable, "-m", "repokb", "index", str(root), "--json"],
                          capture_output=True, text=True, timeout=600, env=env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _search(home: Path, query: str) -> list[dict]:
    env = {**os.environ, "REPOKB_HOME": str(home)}
    done = subprocess.run([sys.executable, "-m", "repokb", "search", query, "--json"],
                          capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    hits: list[dict] = json.loads(done.stdout)
    return hits


def _catalog(home: Path) -> list[tuple]:
    with sqlite3.connect(home / "catalog.sqlite3") as db:
        return db.execute("SELECT project, path, status, reason, size, content_hash, chunks, "
                          "classification FROM entries ORDER BY project, path").fetchall()


def _same(a: dict, b: dict) -> None:
    assert a["files"] == b["files"]  # every decision, reason and chunk count, in order
    assert ({k: v for k, v in a["summary"].items() if k not in TIMING}
            == {k: v for k, v in b["summary"].items() if k not in TIMING})


def test_a_run_cut_in_two_processes_indexes_what_one_process_does(tmp_path, derived_models):
    root = _tree(tmp_path / "shop")
    one, two = (with_models(tmp_path / name, derived_models) for name in ("one", "two"))
    first = [_index(root, one, 1), _index(root, two, 2)]
    assert "cut_in_processes" not in first[0]["summary"]
    assert first[1]["summary"]["cut_in_processes"] == 2
    _same(*first)
    by_path = {f["path"]: f for f in first[1]["files"]}
    assert by_path["notebooks/broken.ipynb"]["chunks"] == 0
    assert by_path["src/mod7.py"]["chunks"] > 0
    assert _catalog(one) == _catalog(two)
    for query in ("handler_42", "how are refunds handled", "debug settings"):
        assert _search(one, query) == _search(two, query)
    assert_nowhere(two, [SECRET, PASSWORD], [json.dumps(first[1])])

    # an edit and a new file: only those are cut again, the same way
    write(root, "src/mod3.py", '"""Module 3, now with taxes."""\n\n\ndef taxes(order):\n'
          "    return order.total * 0.2\n")
    write(root, "src/new.py", "def added():\n    return 'a new file in the shop'\n")
    again = [_index(root, one, 1), _index(root, two, 2)]
    _same(*again)
    assert again[1]["summary"]["chunks_created"] + again[1]["summary"]["chunks_updated"] <= 4
    assert _catalog(one) == _catalog(two)
    assert _search(one, "taxes") == _search(two, "taxes")


@pytest.mark.skipif(fanout.usable_cores() < 2, reason="needs two usable cores")
@pytest.mark.usefixtures("home")  # tmp_path / "home", the derived model in it
def test_a_big_run_uses_every_core_by_default(tmp_path):
    root = _tree(tmp_path / "shop")
    out = _index(root, tmp_path / "home", 0)
    assert out["summary"]["cut_in_processes"] == fanout.usable_cores()
