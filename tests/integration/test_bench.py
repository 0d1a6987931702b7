"""bench/bench.py --quick on a tiny tree prints every number issue 19's acceptance lists.

A smoke run of the real benchmark (real CLI, model, store and `repokb serve`), so the script
that reports the issue's figures cannot rot unnoticed. Timings are printed, never asserted.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench.py"


def test_quick_bench_prints_every_acceptance_number(tmp_path):
    tree = tmp_path / "tiny"
    (tree / "shop").mkdir(parents=True)
    orders = tree / "shop" / "orders.py"
    orders.write_text(
        "def total_for_customer(orders, customer_id):\n"
        '    """Sum of the order amounts of one customer."""\n'
        "    return sum(o.amount for o in orders if o.customer_id == customer_id)\n")
    (tree / "shop" / "payments.py").write_text(
        "def refund_payment(payment, reason):\n"
        '    """Give a payment back to the customer, recording why."""\n'
        "    payment.refunded = True\n    payment.reason = reason\n    return payment\n")
    (tree / "README.md").write_text("# Tiny shop\n\nOrders and payments for a tiny shop.\n")
    before = orders.read_bytes()
    env = {**os.environ, "REPOKB_HOME": str(tmp_path / "unused"),
           "REPOKB_EMBED_INT8": "false",  # the shipped model: no per-home int8 derivation
           # as a user runs it: its CLI searches start a warm owner (which the bench must ask
           # to leave before it opens the store itself; it did not, and died "store busy")
           "REPOKB_OWNER_IDLE_SECONDS": "60"}
    proc = subprocess.run([sys.executable, str(BENCH), str(tree), "--quick"], env=env,
                          capture_output=True, text=True, timeout=900, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = proc.stdout
    assert re.search(r"cores, flags .*; load average [\d.]+ before, [\d.]+ after", out), out
    rows = dict(re.findall(r"^\| ([^|]+?) \| (.+) \|$", out, re.M))
    seconds = r"\d+\.\d+ s"
    assert re.search(seconds, rows["dry run"]), rows
    assert re.match(rf"{seconds} \((while the index ran|only after the index ended)\)",
                    rows["time to first search"]), rows
    assert re.match(seconds, rows["full index"]) and "chunks" in rows["full index"], rows
    assert re.match(r"\d+ chunks, ", rows["embedded"]), rows
    assert re.match(rf"{seconds} \(BM25\) / {seconds} \(hybrid",
                    rows["whole tree searchable / source and docs dense"]), rows
    assert re.match(r"\d+ MB", rows["peak RSS (index process)"]), rows
    assert re.match(rf"{seconds}, 0 chunks embedded", rows["unchanged re-index"]), rows
    assert re.match(rf"{seconds}, [1-9]\d* chunks embedded", rows["one file changed"]), rows
    assert re.match(r"p50 \d+ ms, p95 \d+ ms over [1-9]\d* calls \(the first, \d+ ms, starts the "
                    r"warm owner\)", rows["CLI wall per `repokb search`"]), rows
    in_process = rows["search in-process, as a quiet `serve` answers (query embedding incl.)"]
    assert re.match(r"p50 [\d.]+ ms, p99 [\d.]+ ms", in_process), rows
    for pace in ("back to back", "at 4/s each (open loop)"):
        for load in ("no job", "during an index job"):
            row = rows[f"search under `repokb serve`, 2 clients {pace}, {load}"]
            assert re.match(r"p50 [\d.]+ ms, p99 [\d.]+ ms, [\d.]+/s \(\d+ searches, 0 errors",
                            row), row
            # the memory of serve and its index worker, while doing all of the above
            assert re.search(r"together at their peak, RSS / PSS / anonymous: [1-9]\d* / "
                             r"[1-9]\d* / [1-9]\d* MB\)$", row), row
    assert orders.read_bytes() == before  # the file changed for the re-index is restored
