"""Same files, same answers: an index that went through kill -9, edits and re-runs ranks exactly
like a clean index of the same files (issue 17). Real processes, real model, real Qdrant Edge.

The cause it guards against: deleted and overwritten points stayed in their segments until
vacuumed and the sparse IDF statistics kept counting them, so BM25 scores (and with them the
fused ranking) differed in the third decimal; ties were ordered by the engine's internal order.
"""

from __future__ import annotations

import json
import random
import signal
import time
from pathlib import Path

import pytest

from ..conftest import write
from .test_processes import cli, finish, generate_tree

pytestmark = pytest.mark.integration

QUERIES = ["compute the refund of an order", "handle the payment step", "shipping",
           "customer_12", "how the shop deals with coupon and tax", "warehouse invoice",
           "order total", "session currency address"]


def _edit(tree: Path) -> None:
    """Changed, shrunk, grown and deleted files: overwritten and pruned points."""
    for i in range(0, 100, 7):
        write(tree, f"pkg/mod_{i:03d}.py", f'def handle_refund_{i}(request):\n    """Refund '
              f'the payment of order {i} to the customer."""\n    return request.refund({i})\n')
    for i in range(3, 100, 11):
        (tree / f"pkg/mod_{i:03d}.py").unlink()
    write(tree, "pkg/new_shipping.py", "def ship_order(order):\n    \"\"\"Hand an order to the "
          "shipping carrier and store the tracking number.\"\"\"\n    return carrier.book(order)\n")


def _answers(home: Path) -> list[list[tuple[str, int, int, float]]]:
    out = []
    for query in QUERIES:
        text, _ = finish(cli(home, "search", query, "--limit", "10", "--json"))
        out.append([(h["path"], h["start_line"], h["end_line"], h["score"])
                    for h in json.loads(text)])
    return out


def test_crashes_edits_and_reruns_rank_like_a_clean_index(tmp_path):
    tree = tmp_path / "shop"
    generate_tree(tree, 100)
    crash_home, clean_home = tmp_path / "crash", tmp_path / "clean"
    finish(cli(crash_home, "index", str(tree), "--json"))
    _edit(tree)
    rng = random.Random(7)
    for _ in range(2):  # killed while re-indexing the edits
        proc = cli(crash_home, "index", str(tree), "--json")
        time.sleep(rng.uniform(1.0, 3.0))
        proc.send_signal(signal.SIGKILL)
        proc.communicate()
    finish(cli(crash_home, "index", str(tree), "--json"))
    finish(cli(crash_home, "index", str(tree), "--json"))  # a re-run with nothing to do
    finish(cli(clean_home, "index", str(tree), "--json"))
    clean = _answers(clean_home)
    assert all(len(hits) == 10 for hits in clean)
    assert _answers(crash_home) == clean
