"""Text a user removes leaves every byte under REPOKB_HOME: a file deleted, renamed, left out or
edited, within the run that removes it (the real CLI in a subprocess, the real model and Qdrant
Edge shard); and where the store is too big to rewrite within the run, or the run is killed
before its compaction, the compaction stays due and the next holder performs it.

The witness is an attacker's: windows of 12 bytes of the removed text, searched in every file
of the home and in every payload value the engine's pages hold, decompressed (conftest
`leaked`: the engine writes payloads LZ4-compressed, so a phrase compressed against its own
words is missed by a grep of the raw bytes). Before (session 41), a deletion or an edit left
its text in the engine's write-ahead log and freed payload pages until some later compaction,
and a run killed before its compaction forgot it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ..conftest import free_port, leaked, serve_process, write, write_tree

pytestmark = pytest.mark.integration

NOTE = "Zephyrine acquisition closes in Brumaire; quokka saffron lattice is the codeword."
SALARY = "Salaries: the marmot juniper basalt crew earns ostrogoth wages of 9,119 a month."
ROADMAP = "We sunset the hosted vireo pumpkin plan next spring, under codeword tamarind."
OLD_NAME = "Handbook-of-Gryphon-Wickerwork.md"  # a renamed file's old name
UPLOADED = "Ledger of the ocelot vineyard: pay Quillon Barnaby by the nineteenth, in cash."
PRUNED = "Vault combination for the heron annex: turn left to Oswin, right to Pellucid twice."
KEY = "test-key"


def repokb(home: Path, *args: str, check: bool = True, **settings: str) -> str:
    env = {**os.environ, "REPOKB_HOME": str(home), "REPOKB_OWNER_IDLE_SECONDS": "0",
           "REPOKB_API_KEY": KEY, **{f"REPOKB_{k.upper()}": v for k, v in settings.items()}}
    done = subprocess.run([sys.executable, "-m", "repokb", *args], capture_output=True,
                          text=True, env=env, timeout=600, check=False)
    assert done.returncode == 0 or not check, done.stderr[-2000:]
    return done.stdout


def index(home: Path, project: Path, **settings: str) -> dict[str, int]:
    summary: dict[str, int] = json.loads(
        repokb(home, "index", str(project), "--json", **settings))["summary"]
    return summary


@pytest.fixture
def project(home: Path, tmp_path: Path) -> Path:
    """A project with a private note, a team page with a salary paragraph, a roadmap and a
    handbook, indexed once (each text is then on disk: the witness can see it)."""
    modules = {f"shop/orders_{i}.py": f'def total_{i}(order):\n    """The total of order '
                                      f'kind {i}, taxes included."""\n'
                                      f"    return order.amount * {i + 2}\n"
               for i in range(30)}
    root = write_tree(tmp_path / "shop", {
        **modules,
        "NOTES-private.md": f"# Private notes\n\n{NOTE}\n",
        "docs/team.md": f"# Team\n\n## Who we are\n\nFour people build the shop.\n\n"
                        f"## Pay\n\n{SALARY}\n\n## Hours\n\nWe work from nine to five.\n",
        "docs/roadmap.md": f"# Roadmap\n\n{ROADMAP}\n",
        f"docs/{OLD_NAME}": "# Handbook\n\nHow to pack an order: box, tape, label.\n"})
    index(home, root)
    for text in (NOTE, SALARY, ROADMAP, OLD_NAME):
        assert leaked(home, text), text  # the witness sees what is stored
    return root


def test_a_deleted_file_leaves_the_disk_within_the_run(home, project):
    (project / "NOTES-private.md").unlink()
    summary = index(home, project)
    assert summary["files_deleted"] == 1 and summary["store_compacted"] == 1, summary
    assert leaked(home, NOTE) == []
    assert leaked(home, SALARY) and leaked(home, ROADMAP)  # what stays is still there


def test_a_renamed_file_leaves_its_old_name_nowhere(home, project):
    (project / "docs" / OLD_NAME).rename(project / "docs" / "handbook.md")
    summary = index(home, project)
    assert summary["files_deleted"] == 1 and summary["store_compacted"] == 1, summary
    assert leaked(home, OLD_NAME) == []
    hits = json.loads(repokb(home, "search", "how to pack an order", "--json"))
    assert hits[0]["path"] == "docs/handbook.md"  # the text answers under its new name


def test_an_excluded_file_leaves_the_disk_within_the_run(home, project):
    write(project, ".repokb.yml", 'classification:\n  exclude: ["docs/roadmap.md"]\n')
    summary = index(home, project)
    assert summary["chunks_pruned"] == 1 and summary["store_compacted"] == 1, summary
    assert leaked(home, ROADMAP) == []


def test_an_edited_away_paragraph_leaves_the_disk_within_the_run(home, project):
    team = project / "docs/team.md"
    team.write_text(team.read_text().replace(f"{SALARY}\n", "Ask the office.\n"))
    summary = index(home, project)
    assert summary["chunks_updated"] >= 1 and summary["store_compacted"] == 1, summary
    assert leaked(home, SALARY) == []
    hits = json.loads(repokb(home, "search", "work from nine to five", "--json"))
    assert hits[0]["path"] == "docs/team.md"  # the rest of the page is still found
    # an edit that leaves no text behind (nothing changed) rewrites nothing
    assert "store_compacted" not in index(home, project)


# A run killed as it begins its compaction, after its drop is written (os._exit: no cleanup)
KILLED_AT_COMPACTION = ("import os, runpy\n"
                        "from repokb.stores.qdrant_edge import QdrantEdgeStore\n"
                        "QdrantEdgeStore.compact = lambda self: os._exit(9)\n"
                        "runpy.run_module('repokb', run_name='__main__')\n")


def test_a_run_killed_before_its_compaction_leaves_it_due(home, project):
    (project / "NOTES-private.md").unlink()
    env = {**os.environ, "REPOKB_HOME": str(home), "REPOKB_OWNER_IDLE_SECONDS": "0"}
    killed = subprocess.run([sys.executable, "-c", KILLED_AT_COMPACTION, "index", str(project),
                             "--json"], capture_output=True, env=env, timeout=600, check=False)
    assert killed.returncode == 9, killed.stderr[-2000:]
    assert leaked(home, NOTE)  # killed before its compaction: the text is still on disk
    # the next run finds nothing to re-index, yet performs the compaction left due
    summary = index(home, project)
    assert summary.get("files_deleted", 0) == 0 and summary["store_compacted"] == 1, summary
    assert leaked(home, NOTE) == []
    assert json.loads(repokb(home, "verify", "--json"))["ok"]


def test_a_big_stores_compaction_is_due_until_the_warm_owner_leaves_idle(home, project):
    # compact_points 1: a store too big to rewrite within the run (Django's, here in small)
    (project / "NOTES-private.md").unlink()
    summary = index(home, project, compact_points="1")
    assert summary["files_deleted"] == 1 and "store_compacted" not in summary, summary
    assert summary["store_compaction_due"] == 1, summary
    assert leaked(home, NOTE)  # not yet: the run left the rewrite due
    # a search starts a warm owner; idle for a second, it rewrites the store and leaves
    hits = json.loads(repokb(home, "search", "total of order kind 3", "--json",
                             owner_idle_seconds="1"))
    assert hits and hits[0]["path"].startswith("shop/orders_")
    deadline = time.monotonic() + 120
    while (home / "owner.sock").exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not (home / "owner.sock").exists(), "the warm owner did not leave"
    assert leaked(home, NOTE) == []
    assert "store_compaction_due" not in index(home, project, compact_points="1")


def _due_gone(home: Path, texts: tuple[str, ...], within: float = 180) -> list[str]:
    """Wait (a serving process idles, then compacts) until the due mark is down and none of
    `texts` is on disk, or `within` seconds; what is still leaked."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not (home / "store.compact-due").exists():
            break
        time.sleep(0.5)
    return [w for text in texts for w in leaked(home, text)]


def test_under_serve_what_a_user_removes_leaves_the_disk_once_it_idles(
        home, project, monkeypatch):
    """`repokb serve` holds the store for hours: before (session 42), a big store's compaction
    left due by an upload that edits a file or a run it answered stayed due while it ran, and the
    removed text stayed on disk. Now the server performs it once idle (compact_idle_seconds),
    answering searches throughout. An upload's prune leaves it due too (before prune43 it
    rewrote the store within the request whatever its size: 37-70 s on Django's), and serve's
    output says when the compaction starts and ends."""
    import httpx

    monkeypatch.setenv("REPOKB_COMPACT_POINTS", "1")  # a store too big to rewrite in the run
    monkeypatch.setenv("REPOKB_COMPACT_IDLE_SECONDS", "2")
    monkeypatch.setenv("REPOKB_OWNER_IDLE_SECONDS", "0")
    with serve_process(home, allow_roots=(project,)) as url:
        key = {"x-api-key": KEY}
        for path, text in {"ledger.md": f"# Ledger\n\n{UPLOADED}\n",
                           "guide.md": "# Guide\n\nHow the crew loads a wagon, step by step.\n",
                           "vault.md": f"# Vault\n\n{PRUNED}\n"}.items():
            sent = httpx.post(f"{url}/knowledge/ingest/file", headers=key, timeout=120,
                              json={"path": path, "content": text, "project": "uploads"})
            assert sent.status_code == 200, sent.text
        assert leaked(home, UPLOADED)
        # the ledger uploaded again with the line edited away (a prune compacts at once)
        again = httpx.post(f"{url}/knowledge/ingest/file", headers=key, timeout=120,
                           json={"path": "ledger.md", "project": "uploads",
                                 "content": "# Ledger\n\nSettled.\n"})
        assert again.status_code == 200, again.text
        assert (home / "store.compact-due").exists() and leaked(home, UPLOADED)
        # the folder uploaded again without vault.md: the prune forgets it and leaves the
        # rewrite due (a big store), answering at once
        pruned = httpx.post(f"{url}/knowledge/ingest/prune", headers=key, timeout=120,
                            json={"project": "uploads", "paths": ["ledger.md", "guide.md"]})
        assert pruned.status_code == 200 and pruned.json()["removed"] == ["vault.md"], pruned.text
        assert (home / "store.compact-due").exists() and leaked(home, PRUNED)
        # and a run the server answers (repokb index sent to its owner socket)
        (project / "NOTES-private.md").unlink()
        summary = index(home, project)
        assert summary["files_deleted"] == 1 and "store_compacted" not in summary, summary
        assert _due_gone(home, (UPLOADED, NOTE, PRUNED)) == []
        assert not (home / "store.compact-due").exists()
        log = next(home.parent.glob("serve-*.log"))
        deadline = time.monotonic() + 30  # (the line that says it is done follows the swap)
        while "compacted the store" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert "compacting the store" in log.read_text(), log.read_text()
        assert "compacted the store" in log.read_text(), log.read_text()
        hits = httpx.post(f"{url}/knowledge/search", headers=key, timeout=60,
                          json={"query": "how the crew loads a wagon"}).json()
        assert hits[0]["path"] == "guide.md"  # the rewritten store answers
    assert leaked(home, SALARY) and leaked(home, ROADMAP)  # what stays is still there


def test_under_watch_an_edited_away_paragraph_leaves_the_disk_once_it_idles(home, project):
    """`repokb watch` re-indexes an edit: a big store's compaction stayed due until the next
    run or warm owner (a secret the user edited away stayed on disk while watch ran)."""
    env = {**os.environ, "REPOKB_HOME": str(home), "REPOKB_OWNER_IDLE_SECONDS": "0",
           "REPOKB_COMPACT_POINTS": "1", "REPOKB_COMPACT_IDLE_SECONDS": "2"}
    log = (home.parent / "watch.log").open("w+")
    watcher = subprocess.Popen([sys.executable, "-m", "repokb", "watch", str(project),
                                "--debounce-ms", "200"], env=env, stdout=log,
                               stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 300
        while "watching" not in (home.parent / "watch.log").read_text():
            assert watcher.poll() is None and time.monotonic() < deadline, \
                (home.parent / "watch.log").read_text()
            time.sleep(0.3)
        time.sleep(3)  # its first run (nothing changed) is over
        team = project / "docs/team.md"
        team.write_text(team.read_text().replace(f"{SALARY}\n", "Ask the office.\n"))
        deadline = time.monotonic() + 300
        while not (home / "store.compact-due").exists():  # the watch's run left it due
            assert watcher.poll() is None and time.monotonic() < deadline, \
                (home.parent / "watch.log").read_text()
            time.sleep(0.2)
        assert _due_gone(home, (SALARY,)) == [], (home.parent / "watch.log").read_text()
    finally:
        watcher.send_signal(signal.SIGINT)
        try:
            watcher.wait(timeout=60)
        except subprocess.TimeoutExpired:
            watcher.kill()
            watcher.wait()
        log.close()
    assert leaked(home, ROADMAP)  # the rest stays


# A server whose idle compaction is killed (SIGKILL) in the middle of its rewrite: the fill
# says where it is (a file), then waits to be killed
KILLED_IN_REWRITE = ("import pathlib, runpy, sys, time\n"
                     "import repokb.stores.qdrant_edge as qe\n"
                     "flag, real = pathlib.Path(sys.argv.pop(1)), qe.built\n"
                     "def built(folder, config, indexes, fill=None):\n"
                     "    def filled(shard):\n"
                     "        fill(shard)\n"
                     "        flag.touch()\n"
                     "        time.sleep(600)\n"
                     "    return real(folder, config, indexes, filled)\n"
                     "qe.built = built\n"
                     "runpy.run_module('repokb', run_name='__main__')\n")


def test_a_server_killed_in_its_idle_compaction_leaves_a_store_that_answers_and_is_due(
        home, project):
    (project / "NOTES-private.md").unlink()
    assert index(home, project, compact_points="1")["store_compaction_due"] == 1
    flag = home.parent / "server.rewriting"
    env = {**os.environ, "REPOKB_HOME": str(home), "REPOKB_API_KEY": KEY,
           "REPOKB_COMPACT_IDLE_SECONDS": "1", "REPOKB_OWNER_IDLE_SECONDS": "0"}
    server = subprocess.Popen([sys.executable, "-c", KILLED_IN_REWRITE, str(flag), "serve",
                               "--port", str(free_port())], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 300
        while not flag.exists():
            assert server.poll() is None and time.monotonic() < deadline
            time.sleep(0.2)
        assert list(home.glob(".store-new-*"))  # a half-built rewrite beside the store
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert (home / "store.compact-due").exists()  # still due: the text is still on disk
    hits = json.loads(repokb(home, "search", "total of order kind 3", "--json"))
    assert hits and hits[0]["path"].startswith("shop/orders_")
    assert json.loads(repokb(home, "verify", "--json"))["ok"]
    summary = index(home, project, compact_points="1", compact_due_hours="0")
    assert summary["store_compacted"] == 1, summary  # a due compaction past its bound: now
    assert leaked(home, NOTE) == [] and not list(home.glob(".store-new-*"))
