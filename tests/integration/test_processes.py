"""Real processes: kill -9 convergence, a searcher during an index run, two writers, watch."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from repokb.settings import Settings
from repokb.stores.catalog import Catalog
from repokb.workspace import Workspace

from ..conftest import with_models, write

pytestmark = pytest.mark.integration

TOPICS = ["invoice", "customer", "payment", "shipping", "warehouse", "discount", "refund",
          "catalog", "review", "coupon", "cart", "tax", "currency", "address", "session"]


def generate_tree(root: Path, files: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for i in range(files):
        a, b = rng.sample(TOPICS, 2)
        write(root, f"pkg/mod_{i:03d}.py",
              f'def handle_{a}_{i}(request):\n    """Handle the {a} step {i} of an order."""\n'
              f"    return request.get('{a}', {i})\n\n\n"
              f"def compute_{b}_{i}(order):\n    \"\"\"Compute the {b} of order number {i}.\"\"\"\n"
              f"    return order.total * {i % 7 + 1}\n")
        if i % 20 == 0:
            write(root, f"docs/topic_{i:03d}.md",
                  f"# Topic {i}\n\n## About {a}\n\nHow the shop deals with {a} and {b}, "
                  f"part {i} of the handbook.\n")


def cli(home: Path, *args: str, **kw: object) -> subprocess.Popen[str]:
    env = {**os.environ, "REPOKB_HOME": str(home)}
    return subprocess.Popen([sys.executable, "-m", "repokb", *args], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def interruptible() -> None:
    """Ctrl-C as in a terminal for a command the test interrupts: a suite started in the
    background by a non-interactive shell (`nohup ... &`) passes SIGINT on as ignored, and the
    command then ran to its end (seen in a fresh-install check: exit 0)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def finish(proc: subprocess.Popen[str], timeout: float = 600) -> tuple[str, str]:
    out, err = proc.communicate(timeout=timeout)
    assert proc.returncode == 0, err
    return out, err


def snapshot(home: Path) -> tuple[dict[str, tuple[dict, list[float]]], dict[str, tuple]]:
    with Workspace(Settings.load(home=home)) as ws:
        points = {p.id: (p.payload, p.dense or []) for p in ws.store.export()}
        catalog = Catalog(Settings.load(home=home).catalog_path)
        entries = {(e.project, e.path): (e.status, e.chunks, e.content_hash, e.reason)
                   for name in catalog.projects() for e in catalog.entries(name).values()}
        catalog.close()
    return points, entries


def test_kill_9_at_random_points_converges_to_a_clean_run(tmp_path, derived_models):
    tree = tmp_path / "shop"
    generate_tree(tree, 160)
    clean_home, crash_home = (with_models(tmp_path / name, derived_models)
                              for name in ("clean", "crash"))
    started = time.monotonic()
    finish(cli(clean_home, "index", str(tree), "--json"))
    full_run = time.monotonic() - started

    rng = random.Random(42)
    for _ in range(3):
        proc = cli(crash_home, "index", str(tree), "--json")
        time.sleep(rng.uniform(0.8, max(1.0, full_run * 0.9)))
        proc.send_signal(signal.SIGKILL)
        proc.communicate()
    finish(cli(crash_home, "index", str(tree), "--json"))

    assert_same_store(crash_home, clean_home)
    out, _ = finish(cli(crash_home, "verify", "--json"))
    assert json.loads(out)["ok"]


def _owner_stats(home: Path) -> dict | None:
    """The running indexer's stats over its owner socket (None: no answer yet)."""
    from repokb.errors import RepokbError
    from repokb.surfaces.owner import NoOwner, Remote

    try:
        return Remote(Settings.load(home=home)).stats()
    except (NoOwner, RepokbError):
        return None


def assert_same_store(crash_home: Path, clean_home: Path) -> None:
    """The run that was killed and run again left what a clean run leaves: the same catalog
    entries, the same points, payloads and vectors."""
    clean_points, clean_entries = snapshot(clean_home)
    crash_points, crash_entries = snapshot(crash_home)
    assert crash_entries == clean_entries
    assert crash_points.keys() == clean_points.keys()
    for point_id, (payload, vector) in clean_points.items():
        crash_payload, crash_vector = crash_points[point_id]
        assert crash_payload == payload, point_id
        assert np.allclose(crash_vector, vector, atol=1e-4), point_id


def test_kill_9_in_the_dense_pass_converges_and_bm25_answers_before_it(tmp_path, monkeypatch,
                                                                       derived_models):
    """Lexical-first: the indexer answers BM25 searches for every file before the model is
    done; killed while it fills dense vectors, the next run finishes them and the store equals
    a clean run's."""
    tree = tmp_path / "shop"
    generate_tree(tree, 200, seed=5)
    clean_home, crash_home = (with_models(tmp_path / name, derived_models)
                              for name in ("clean", "crash"))
    finish(cli(clean_home, "index", str(tree), "--json"))
    clean_points, clean_entries = snapshot(clean_home)

    # pages of 16 chunks: the dense pass takes many steps, one of them is interrupted
    monkeypatch.setenv("REPOKB_BUFFER_CHUNKS", "16")
    proc = cli(crash_home, "index", str(tree), "--json")
    monkeypatch.delenv("REPOKB_BUFFER_CHUNKS")
    seen = None
    deadline = time.monotonic() + 300
    while proc.poll() is None and time.monotonic() < deadline:
        stats = _owner_stats(crash_home)
        if stats and stats["points"] == len(clean_points) and 0 < stats["dense_pending"] < len(
                clean_points):
            seen = stats  # every chunk stored, some still without a dense vector: kill it
            break
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.communicate()
    assert seen is not None, "never caught the run in its dense pass"
    out, _ = finish(cli(crash_home, "stats", "--json"))
    left = json.loads(out)["dense_pending"]
    assert 0 < left <= seen["dense_pending"]  # what the killed run filled stays filled
    out, _ = finish(cli(crash_home, "search", "handle the refund step of an order", "--json",
                        "--limit", "50"))
    hits = json.loads(out)
    assert any(h.get("lexical_only") == "pending" for h in hits)  # found by BM25, marked

    out, _ = finish(cli(crash_home, "index", str(tree), "--json"))
    summary = json.loads(out)["summary"]
    assert summary["chunks_embedded"] > 0 and summary["chunks_dense_pending"] == 0
    assert_same_store(crash_home, clean_home)
    out, _ = finish(cli(crash_home, "index", str(tree), "--json"))  # unchanged: no model work
    assert json.loads(out)["summary"]["chunks_embedded"] == 0


def test_ctrl_c_in_the_dense_pass_stops_with_a_message_and_the_next_run_finishes(tmp_path,
                                                                                 monkeypatch,
                                                                                 home):
    """Ctrl-C while the model embeds: exit 130 with a one-line message. It was a silent 130
    (Typer turns the interrupt into an exit code) or an abort with a C++ error from the model's
    worker threads, still running as the process closed the model ("terminate called without
    an active exception", 134)."""
    tree = tmp_path / "shop"
    generate_tree(tree, 400, seed=5)  # ~820 chunks: ~50 dense pages
    monkeypatch.setenv("REPOKB_BUFFER_CHUNKS", "16")  # dense pages of 16: pending counts down
    proc = cli(home, "index", str(tree), preexec_fn=interruptible)
    monkeypatch.delenv("REPOKB_BUFFER_CHUNKS")
    seen = None
    deadline = time.monotonic() + 300
    while proc.poll() is None and time.monotonic() < deadline:
        stats = _owner_stats(home)
        # the model at work, and in the first half of its pass: caught late (a page or two
        # left), the run could end before the signal came (CI: exit 0, the run complete)
        if stats and stats["points"] and (
                stats["points"] // 2 < stats["dense_pending"] < stats["points"]):
            seen = stats
            break
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert seen is not None, "never caught the run in its dense pass"
    assert proc.returncode == 130, err
    assert err.splitlines()[-1] == "interrupted: the next run picks up where this one stopped."
    out, _ = finish(cli(home, "index", str(tree), "--json"))
    summary = json.loads(out)["summary"]
    assert summary["chunks_embedded"] > 0 and summary["chunks_dense_pending"] == 0


def test_searches_answer_during_an_index_run_and_a_second_writer_waits(tmp_path, home):
    tree = tmp_path / "shop"
    generate_tree(tree, 40, seed=2)
    finish(cli(home, "index", str(tree), "--json"))
    generate_tree(tmp_path / "big", 600, seed=3)  # a run of ~15 s: longer than the searches
    indexer = cli(home, "index", str(tmp_path / "big"), "--json")
    time.sleep(1.5)  # past start-up: the indexer now owns the store
    answered = during = 0
    while indexer.poll() is None and answered < 3:
        out, _ = finish(cli(home, "search", "handle the refund step of an order", "--json",
                            "--project", "shop"))
        hits = json.loads(out)
        assert hits and all(h["project"] == "shop" for h in hits)
        answered += 1
        during += indexer.poll() is None  # answered while the indexer still held the store
    assert during >= 1
    assert indexer.poll() is None  # the second writer starts while the first one runs ...
    second = cli(home, "index", str(tree), "--json")
    finish(indexer)
    out, _ = finish(second)  # ... and is served once it is done, not refused or racing it
    summary = json.loads(out)["summary"]
    assert summary["files_seen"] == 42 and summary["chunks_embedded"] == 0  # 40 modules, 2 docs


def test_watch_picks_up_changes_and_coalesces_bursts(tmp_path, home):
    tree = tmp_path / "shop"
    generate_tree(tree, 10, seed=4)
    watcher = cli(home, "watch", str(tree), "--debounce-ms", "400", preexec_fn=interruptible)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # the initial index has run once the owner answers
            probe = cli(home, "stats", "--json")
            out, _ = probe.communicate()
            if probe.returncode == 0 and json.loads(out)["points"] > 0:
                break
            time.sleep(0.5)
        write(tree, "pkg/new_feature.py",
              'def apply_loyalty_points(customer):\n    """Give a customer loyalty points '
              'for every purchase."""\n    return customer.purchases * 10\n')
        found = False
        changed_at = time.monotonic()
        while time.monotonic() - changed_at < 15 and not found:
            out, _ = finish(cli(home, "search", "loyalty points for purchases", "--json"))
            found = any(h["path"] == "pkg/new_feature.py" for h in json.loads(out))
        assert found, "the change did not reach search within 15 s"

        for i in range(200):  # a burst, like a branch switch
            write(tree, f"burst/gen_{i:03d}.py",
                  f"def burst_{i}():\n    return 'generated module number {i} of the burst'\n")
        # until the burst's run has ended (recorded after its dense pass): its files are in the
        # catalog, and searchable, from its lexical pass on, and a Ctrl-C before the end stops
        # that run (no summary line: the next run would finish it)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            out, _ = finish(cli(home, "stats", "--json"))
            last = json.loads(out)["last_run"] or {}
            if last.get("summary", {}).get("files_seen", 0) >= 211:
                break
            time.sleep(0.5)
    finally:
        watcher.send_signal(signal.SIGINT)
        try:
            out, err = watcher.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            watcher.kill()
            out, err = watcher.communicate()
            pytest.fail(f"watch did not stop within 30 s of Ctrl-C\n{out}\n{err}")
    assert watcher.returncode == 0 and out.rstrip().endswith("stopped"), (out, err)
    batches = [line for line in out.splitlines() if line.startswith("updated")]
    # initial run + the new file + the burst: the 200 writes land in very few batches
    assert 3 <= len(batches) <= 6, out
