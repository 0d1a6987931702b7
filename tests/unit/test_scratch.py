"""A run killed mid-way (SIGKILL, SIGTERM) leaves its scratch folder under the temp dir
(`repokb-dry-run-*`, `repokb-calibrate-*`, `repokb-eval-*`); the next run removes it, and never
the folder of a run still going (scratch.py). Real processes, really killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from repokb.scratch import scratch_folder

_HOLDER = """
import sys, time
from repokb.scratch import scratch_folder
with scratch_folder(sys.argv[1]) as folder:
    (folder / "home").mkdir()
    (folder / "home" / "catalog.sqlite3").write_text("x")
    print(folder, flush=True)
    time.sleep(600)
"""


def _holder(tmp: Path, purpose: str) -> tuple[subprocess.Popen[str], Path]:
    """A process holding a scratch folder of `purpose` under `tmp` (its temp dir); the folder."""
    proc = subprocess.Popen([sys.executable, "-c", _HOLDER, purpose], text=True,
                            stdout=subprocess.PIPE, env={**os.environ, "TMPDIR": str(tmp)})
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    proc.stdout.close()
    assert line, proc.wait()
    return proc, Path(line)


@pytest.fixture
def tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # this process's temp dir
    return tmp_path


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
@pytest.mark.parametrize("purpose", ["dry-run", "calibrate"])
def test_a_killed_runs_folder_is_removed_by_the_next_run(tmp, sig, purpose):
    proc, left = _holder(tmp, purpose)
    assert left.name.startswith(f"repokb-{purpose}-{proc.pid}-") and left.parent == tmp
    proc.send_signal(sig)
    proc.wait()
    assert (left / "home" / "catalog.sqlite3").is_file()  # what the kill left behind
    with scratch_folder("dry-run") as mine:
        assert not left.exists()
        assert mine.is_dir() and mine.parent == tmp
    assert not mine.exists()
    assert list(tmp.iterdir()) == []


def test_a_running_runs_folder_is_kept(tmp):
    proc, theirs = _holder(tmp, "calibrate")
    try:
        with scratch_folder("calibrate") as mine:
            assert theirs.is_dir() and mine != theirs
        assert (theirs / "home" / "catalog.sqlite3").is_file()
    finally:
        proc.kill()
        proc.wait()


def test_folders_not_made_by_a_run_of_this_version_are_left(tmp):
    """An older repokb's folder (no pid, no lock) and a folder named like ours without the lock
    file are not ours to judge."""
    older = tmp / "repokb-dry-run-_ricp0zt"
    lookalike = tmp / "repokb-eval-999999999-abc"
    for folder in (older, lookalike):
        (folder / "home").mkdir(parents=True)
    with scratch_folder("eval"):
        pass
    assert older.is_dir() and lookalike.is_dir()
