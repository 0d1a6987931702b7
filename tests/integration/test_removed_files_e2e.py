"""What a user deletes, or leaves out with the ignore rules, is gone from the home: no byte of
its text under REPOKB_HOME after the next `repokb index` (the real CLI in a subprocess, the real
model and Qdrant Edge shard).

Before, the run made the file's points tombstones and the engine kept its text: the shard's
write-ahead log held every word of a deleted private note (and its freed payload pages did, in
a store where tombstones are under a tenth of the points), found by a grep of the home
(newuser41's trial: 11 projects updated to their next releases)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ..conftest import every_byte, write, write_tree

pytestmark = pytest.mark.integration

DELETED = "Quokka-Saffron-Lattice-7731"  # a private note the user deletes
EXCLUDED = "Marmot-Juniper-Basalt-5519"  # a roadmap the user leaves out with .repokb.yml


def repokb(home: Path, *args: str, **settings: str) -> str:
    env = {**os.environ, "REPOKB_HOME": str(home), "REPOKB_OWNER_IDLE_SECONDS": "0",
           **{f"REPOKB_{k.upper()}": v for k, v in settings.items()}}
    done = subprocess.run([sys.executable, "-m", "repokb", *args], capture_output=True,
                          text=True, env=env, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def shop(tmp_path: Path) -> Path:
    # 30 modules, so that two files' tombstones are under the tenth of the points that sweeps them
    tree = {f"shop/orders_{i}.py": f'def total_{i}(order):\n    """The total of order kind {i}, '
                                   f'taxes included."""\n    return order.amount * {i + 2}\n'
            for i in range(30)}
    return write_tree(tmp_path / "shop", {
        **tree,
        "NOTES-private.md": f"# Private notes\n\nThe acquisition of Zephyrine Ltd closes in "
                            f"March; codeword {DELETED}, for the board only.\n",
        "docs/roadmap.md": f"# Roadmap\n\nWe sunset the hosted plan next spring; codeword "
                           f"{EXCLUDED}.\n"})


def test_a_deleted_or_excluded_file_leaves_no_byte_under_the_home(home, tmp_path):
    project = shop(tmp_path)
    repokb(home, "index", str(project), "--json")
    assert DELETED.encode() in every_byte(home) and EXCLUDED.encode() in every_byte(home)

    # a file left out while still on disk is a decision: the store is compacted at once
    write(project, ".repokb.yml", 'classification:\n  exclude: ["docs/roadmap.md"]\n')
    summary = json.loads(repokb(home, "index", str(project), "--json"))["summary"]
    assert EXCLUDED.encode() not in every_byte(home)
    assert summary["chunks_pruned"] == 1 and summary["store_compacted"] == 1, summary

    # a deletion in a store too big to rewrite within the run (compact_points) leaves the
    # compaction due ...
    (project / "NOTES-private.md").unlink()
    summary = json.loads(repokb(home, "index", str(project), "--json",
                                compact_points="1"))["summary"]
    assert summary["files_deleted"] == 1 and "store_compacted" not in summary, summary
    assert summary["store_compaction_due"] == 1, summary
    # ... and with `compact_after_delete` its text leaves the disk whatever the store's size
    write(project, "NOTES-private.md", f"Board only: codeword {DELETED}.\n")
    repokb(home, "index", str(project), "--json", compact_points="1")
    (project / "NOTES-private.md").unlink()
    summary = json.loads(repokb(home, "index", str(project), "--json", compact_points="1",
                                compact_after_delete="true"))["summary"]
    assert summary["files_deleted"] == 1 and summary["store_compacted"] == 1, summary
    assert DELETED.encode() not in every_byte(home)

    hits = json.loads(repokb(home, "search", "acquisition codeword for the board", "--json"))
    hits += json.loads(repokb(home, "search", "sunset the hosted plan", "--json"))
    assert {h["path"] for h in hits}.isdisjoint({"NOTES-private.md", "docs/roadmap.md"})
    assert json.loads(repokb(home, "verify", "--json"))["ok"]
    assert len(hits) > 0 and hits[0]["path"].startswith("shop/orders_")  # the rest answers

    # nothing dropped, no compaction: a re-index that finds nothing changed stays cheap (31:
    # the modules and .repokb.yml)
    again = json.loads(repokb(home, "index", str(project), "--json"))["summary"]
    assert "store_compacted" not in again and again["chunks_unchanged"] == 31, again
