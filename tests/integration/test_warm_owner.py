"""The warm owner a read command starts on demand (surfaces/warm.py): real `repokb` processes,
real model, real Qdrant Edge. It answers the next calls, leaves when idle, steps aside for a
command that needs the store (index, migrate), survives a stale socket, and is off at 0."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from repokb.settings import Settings
from repokb.surfaces.owner import Remote, socket_path
from repokb.surfaces.warm import step_aside
from repokb.workspace import Workspace

from ..conftest import write

pytestmark = pytest.mark.integration

QUESTION = "open a database connection with a timeout"


def repokb(home: Path, *args: str, idle: float = 30, **env: str) -> tuple[int, str, str]:
    """One `repokb` command as a user runs it. The store wait is 0: a command that did not go
    through the owner would fail on the store's lock at once instead of waiting."""
    environ = {**os.environ, "REPOKB_HOME": str(home), "REPOKB_OWNER_IDLE_SECONDS": str(idle),
               "REPOKB_STORE_WAIT_SECONDS": "0", **env}
    done = subprocess.run([sys.executable, "-m", "repokb", *args], env=environ, text=True,
                          capture_output=True, timeout=300)
    return done.returncode, done.stdout, done.stderr


def owner_pid(home: Path, **env: str) -> int | None:
    """The pid of the process answering on the home's owner socket, if any."""
    from repokb.surfaces.owner import NoOwner

    settings = Settings.load(home=home, **env)  # type: ignore[arg-type]
    try:
        remote = Remote(settings)
    except NoOwner:
        return None
    try:
        return int(remote.activity()["pid"])
    finally:
        remote.close()


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # an exited process nobody reaped yet is a zombie: not alive
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def wait_until(condition, seconds: float = 30.0) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


@pytest.fixture
def indexed(home: Path, mixed_repo: Path) -> Iterator[Path]:
    code, _, err = repokb(home, "index", str(mixed_repo), "--json", idle=0)
    assert code == 0, err
    yield home
    step_aside(Settings.load(home=home))  # no owner outlives the test
    wait_until(lambda: not socket_path(Settings.load(home=home)).exists(), 15)


def search(home: Path, **env: str) -> list[dict]:
    code, out, err = repokb(home, "search", QUESTION, "--json", **env)
    assert code == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


def index_a_new_file(home: Path, repo: Path, rel: str, text: str) -> dict:
    """Add a file to the repository and run `repokb index --json` on it (as an agent does: no
    terminal); the run's summary."""
    write(repo, rel, text)
    code, out, err = repokb(home, "index", str(repo), "--json")
    assert code == 0, err
    return json.loads(out)["summary"]  # type: ignore[no-any-return]


def index_in_a_terminal(home: Path, repo: Path, rel: str, text: str) -> None:
    """Add a file and run `repokb index` with its stderr a terminal, where a person sees its
    progress bars."""
    import pty

    write(repo, rel, text)
    leader, follower = pty.openpty()
    try:
        environ = {**os.environ, "REPOKB_HOME": str(home), "REPOKB_OWNER_IDLE_SECONDS": "30",
                   "REPOKB_STORE_WAIT_SECONDS": "0"}
        done = subprocess.run([sys.executable, "-m", "repokb", "index", str(repo)],
                              env=environ, stdout=subprocess.PIPE, stderr=follower,
                              text=True, timeout=300)
    finally:
        os.close(follower)
        os.close(leader)
    assert done.returncode == 0, done.stdout


def test_a_search_starts_a_warm_owner_that_answers_later_calls_and_leaves_when_idle(indexed):
    home = indexed
    alone = search(home, REPOKB_OWNER_IDLE_SECONDS="0")  # no owner: run in the command
    assert alone[0]["path"] == "src/shop/db.py"
    assert owner_pid(home) is None and not socket_path(Settings.load(home=home)).exists()

    assert search(home, REPOKB_OWNER_IDLE_SECONDS="4") == alone  # starts one, asks it
    pid = owner_pid(home)
    assert pid is not None and pid != os.getpid()
    assert search(home, REPOKB_OWNER_IDLE_SECONDS="4") == alone  # the same owner answers
    code, out, err = repokb(home, "stats", "--json", idle=4)
    assert code == 0 and json.loads(out)["points"] > 0, err
    assert owner_pid(home) == pid
    log = (home / "logs" / "owner.log").read_text()
    assert f"repokb-owner[{pid}]" in log and "warm in" in log

    assert wait_until(lambda: not alive(pid), 30)  # idle for 4 s: it left
    assert "idle for" in (home / "logs" / "owner.log").read_text()
    assert not socket_path(Settings.load(home=home)).exists()
    with Workspace(Settings.load(home=home)) as ws:  # and let the store go
        assert ws.store.count() > 0


def test_owner_stop_stops_the_warm_owner_and_says_so_when_there_is_none(indexed):
    home = indexed
    alone = search(home)  # starts a warm owner (idle time 30 s)
    pid = owner_pid(home)
    assert pid is not None
    code, out, err = repokb(home, "owner", "stop")
    assert code == 0 and "Stopped the warm owner" in out, err
    assert not alive(pid) and not socket_path(Settings.load(home=home)).exists()
    code, out, err = repokb(home, "owner", "stop")
    assert code == 0 and "No warm owner runs" in out, err
    assert search(home) == alone  # the next search starts one again


def test_an_agents_index_runs_in_the_warm_owner_which_stays_warm(indexed, mixed_repo):
    """`repokb index --json` (no progress bars to show) with a warm owner running: the owner
    does the run and stays, so the next search is answered warm and sees what it wrote (it
    used to leave: the index loaded the store itself, the next search started a new owner)."""
    home = indexed
    search(home)
    first = owner_pid(home)
    assert first is not None
    summary = index_a_new_file(home, mixed_repo, "src/shop/refunds.py", (
        '"""Refunds."""\n\n\ndef refund_order_to_card(order):\n    """Send the money of a '
        'cancelled order back to the customer\'s credit card."""\n'
        '    return order.card.credit(order.total)\n'))
    assert summary["chunks_created"] >= 1 and summary["chunks_unchanged"] > 0
    assert owner_pid(home) == first
    code, out, err = repokb(home, "search", "refund a cancelled order to the credit card",
                            "--json", "--limit", "1")
    assert code == 0, err
    assert json.loads(out)[0]["path"] == "src/shop/refunds.py"
    assert owner_pid(home) == first
    assert "asked to leave" not in (home / "logs" / "owner.log").read_text()


def test_index_in_a_terminal_and_migrate_while_a_warm_owner_runs(indexed, mixed_repo, tmp_path):
    """The warm owner steps aside for a command that holds the store itself (an index showing
    its progress bars, a migration); the next search starts a new one that sees what the
    index run wrote."""
    home = indexed
    search(home)
    first = owner_pid(home)
    assert first is not None
    index_in_a_terminal(home, mixed_repo, "src/shop/refunds.py", (
        '"""Refunds."""\n\n\ndef refund_order_to_card(order):\n    """Send the money of a '
        'cancelled order back to the customer\'s credit card."""\n'
        '    return order.card.credit(order.total)\n'))
    assert wait_until(lambda: not alive(first), 15)
    assert "asked to leave" in (home / "logs" / "owner.log").read_text()

    code, out, err = repokb(home, "search", "refund a cancelled order to the credit card",
                            "--json", "--limit", "1")
    assert code == 0, err
    assert json.loads(out)[0]["path"] == "src/shop/refunds.py"
    second = owner_pid(home)
    assert second is not None and second != first

    code, out, err = repokb(home, "migrate", "--to", f"edge:{tmp_path / 'copy'}", "--json",
                            "--sample", "3")
    assert code == 0, err
    assert json.loads(out)["ok"] is True
    assert wait_until(lambda: not alive(second), 15)


def test_a_killed_owner_leaves_a_stale_socket_the_next_search_replaces(indexed):
    home = indexed
    expected = search(home)
    pid = owner_pid(home)
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    assert wait_until(lambda: not alive(pid), 15)
    sock = socket_path(Settings.load(home=home))
    assert sock.exists()  # nobody removed it
    assert search(home) == expected
    replacement = owner_pid(home)
    assert replacement is not None and replacement != pid


def test_an_owner_started_with_other_settings_leaves_for_a_new_one(indexed):
    home = indexed
    search(home)
    pid = owner_pid(home)
    assert pid is not None
    hits = search(home, REPOKB_SEARCH_LIMIT="2")  # a setting the owner would apply
    assert len(hits) == 2
    assert wait_until(lambda: not alive(pid), 15)
    other = owner_pid(home, search_limit=2)
    assert other is not None and other != pid


def test_off_is_off(indexed):
    home = indexed
    for _ in range(2):
        search(home, REPOKB_OWNER_IDLE_SECONDS="0")
        assert owner_pid(home) is None
    assert not (home / "logs" / "owner.log").exists()


def test_a_serve_owner_is_no_warm_owner_it_stays_and_answers(indexed, mixed_repo):
    """With `repokb serve` owning the store, commands go through it as before: `index` asks it
    to leave (404: it stays) and sends its run there; no warm owner is started."""
    from ..conftest import serve_process

    home = indexed
    with serve_process(home, api_key="warm-test-key"):
        pid = owner_pid(home)
        assert pid is not None
        summary = index_a_new_file(home, mixed_repo, "src/shop/tax.py", (
            '"""Taxes."""\n\n\ndef value_added_tax(amount, rate):\n    """The value added '
            'tax owed on an amount at a rate."""\n    return amount * rate\n'))
        assert summary["chunks_created"] >= 1
        code, out, err = repokb(home, "search", "value added tax on an amount", "--json",
                                "--limit", "1")
        assert code == 0, err
        assert json.loads(out)[0]["path"] == "src/shop/tax.py"
        assert owner_pid(home) == pid and alive(pid)
    assert not (home / "logs" / "owner.log").exists()


def test_an_owner_nobody_can_reach_leaves_and_removes_no_other_socket(indexed):
    """The home deleted and made again under a running owner (a benchmark did this): its socket
    file is gone, so no command can reach it, yet it held the store for its whole idle time, and
    on leaving it removed the socket file of the next owner. Now it leaves within a tick, and
    removes only the file it bound."""
    home = indexed
    search(home)
    pid = owner_pid(home)
    assert pid is not None
    sock = socket_path(Settings.load(home=home))
    sock.unlink()  # as `rm -rf` of the home does
    import socket as socket_
    stranger = socket_.socket(socket_.AF_UNIX, socket_.SOCK_STREAM)
    try:
        stranger.bind(str(sock))  # another process's file at the same path
        assert wait_until(lambda: not alive(pid), 15)  # it let the store go
        assert sock.exists()  # and left the other file alone
        assert "gone or replaced" in (home / "logs" / "owner.log").read_text()
    finally:
        stranger.close()
        sock.unlink(missing_ok=True)
    with Workspace(Settings.load(home=home)) as ws:
        assert ws.store.count() > 0


@pytest.mark.parametrize("written", ["__init__.py", "chunkers/code.py"])
def test_an_owner_of_the_code_before_an_upgrade_leaves_for_one_of_the_new_code(indexed,
                                                                               written):
    """pip writes the package anew on an upgrade or reinstall, and a `git pull` in README's
    editable install rewrites only the modules that changed (here `chunkers/code.py`; before,
    only `__init__.py` counted, so such an owner answered with the old chunker for as long as
    it was kept busy): an owner started before must not answer for the new code."""
    import repokb

    home = indexed
    search(home)
    pid = owner_pid(home)
    assert pid is not None
    init = Path(repokb.__file__).parent / written
    before = init.stat()
    try:
        os.utime(init, ns=(before.st_atime_ns, before.st_mtime_ns + 1_000_000_000))
        assert search(home)  # answered: by a new owner, not the old one
        assert wait_until(lambda: not alive(pid), 15)
        other = owner_pid(home)
        assert other is not None and other != pid
    finally:
        os.utime(init, ns=(before.st_atime_ns, before.st_mtime_ns))
