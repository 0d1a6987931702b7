"""The warm owner's RSS (VmRSS) before, at the peak of and after an agent's `repokb index --json`
run through it, and that of a fresh owner on the grown index.

    python bench/owner_memory.py TREE

TREE e.g. rich 13.9.4's sdist (`pip download --no-binary :all: --no-deps rich==13.9.4`, untar).
Results: bench/RESULTS.md, "Warm owner memory after a run"."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from repokb.settings import Settings
from repokb.surfaces.owner import Remote


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS"):
            return int(line.split()[1]) / 1024
    return 0.0


def main(tree: str) -> dict[str, Any]:
    home = Path(tempfile.mkdtemp(prefix="owner-memory-home"))
    small = Path(tempfile.mkdtemp(prefix="owner-memory-small"))
    (small / "db.py").write_text('def open_db(url, timeout=30):\n    """Open a database '
                                 'connection."""\n    return url\n')
    env = {**os.environ, "REPOKB_HOME": str(home), "REPOKB_OWNER_IDLE_SECONDS": "600"}

    def repokb(*args: str) -> str:
        done = subprocess.run([sys.executable, "-m", "repokb", *args], env=env,
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def owner() -> int:
        remote = Remote(Settings.load(home=home))
        try:
            return int(remote.activity()["pid"])
        finally:
            remote.close()

    repokb("index", str(small), "--json")
    repokb("search", "open a database", "--json")  # starts the warm owner
    pid = owner()
    repokb("search", "open a database", "--json")
    time.sleep(1)
    before = rss_mb(pid)
    peak = [before]
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], rss_mb(pid))
            time.sleep(0.05)

    sampler = threading.Thread(target=sample)
    sampler.start()
    started = time.monotonic()
    summary = json.loads(repokb("index", tree, "--json"))["summary"]
    seconds = time.monotonic() - started
    done.set()
    sampler.join()
    time.sleep(2)
    after = rss_mb(pid)
    repokb("owner", "stop")
    repokb("search", "open a database", "--json")  # a fresh owner on the grown index
    time.sleep(1)
    fresh = rss_mb(owner())
    repokb("owner", "stop")
    return {"before_mb": round(before), "peak_mb": round(peak[0]), "after_mb": round(after),
            "fresh_owner_mb": round(fresh), "seconds": round(seconds, 1),
            "files": summary.get("files_indexed"), "chunks": summary.get("chunks_embedded")}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1])))
