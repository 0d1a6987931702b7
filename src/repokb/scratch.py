"""repokb's own throw-away folders under the temp dir, and what a killed run left of them.

A dry run on a home with no catalog works in `repokb-dry-run-*` (operations/dryhome.py), the
calibration in `repokb-calibrate-*` (operations/calibrate.py), `repokb eval` in `repokb-eval-*`:
homes with a catalog and a store, removed when the run ends; a model derived for this machine is
made in `repokb-derive-*` / `repokb-optimise-*` beside the models cache (embedders/). A run
killed by SIGKILL, or by SIGTERM (Python runs no `finally` then), left its folder behind for
good: each killed first dry run ~1 MB, each killed eval a shadow copy of a repository, each
killed derivation a model file.

Each folder is named for its process (`repokb-dry-run-<pid>-<random>`) and holds a lock file
its run holds (`flock`) until it ends; the kernel lets go of the lock however the process dies.
Making a folder first removes every folder of a run that is gone: its lock free and no process
of its pid. A folder without the lock file (made by an older repokb, or not by repokb) is left.
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK = ".repokb-run"  # in each folder, locked by its run
_NAME = re.compile(r"repokb-[a-z-]+?-(\d+)-")


@contextmanager
def scratch_folder(purpose: str, base: Path | None = None) -> Iterator[Path]:
    """A new private folder `repokb-<purpose>-<pid>-*` under `base` (the temp dir) for this run,
    removed after it (a killed run's by the next run's call)."""
    base = Path(tempfile.gettempdir()) if base is None else base
    remove_abandoned(base)
    folder = Path(tempfile.mkdtemp(prefix=f"repokb-{purpose}-{os.getpid()}-", dir=base))
    lock = os.open(folder / LOCK, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        os.close(lock)


def remove_abandoned(base: Path) -> list[Path]:
    """Remove the scratch folders under `base` whose run is gone; the folders removed."""
    removed = []
    for folder in base.glob("repokb-*"):
        match = _NAME.match(folder.name)
        if match is None or running(int(match[1])):
            continue
        try:
            lock = os.open(folder / LOCK, os.O_RDWR)  # never created here: no file, not ours
        except OSError:
            continue
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # held: its run is alive (in another pid namespace)
            os.close(lock)
            continue
        try:
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
        finally:
            os.close(lock)
    return removed


def running(pid: int) -> bool:
    """Whether a process of this pid exists (another user's too)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True
