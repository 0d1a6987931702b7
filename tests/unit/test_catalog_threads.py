"""The catalog's one SQLite connection is shared by the server's threads (searches with a path
glob, explanations, the index job). A path-glob search once ran a Python function inside SQL:
a statement calling back into Python waits for the GIL while it holds the connection, and a
thread holding the GIL waits for the connection to bind its parameters, so `repokb serve`
hung, every thread stopped, with 8 concurrent searches half of which had a path glob. The
threads run in a child process so a regression fails on the time-out instead of hanging the
test run."""

from __future__ import annotations

import subprocess
import sys
import textwrap

WORK = textwrap.dedent("""
    import sys, threading
    from pathlib import Path
    from repokb.stores.catalog import Catalog

    catalog = Catalog(Path(sys.argv[1]) / "catalog.sqlite3")
    with catalog.transaction():
        for i in range(3000):
            catalog.put("p", f"src/pkg{i % 30}/mod{i}.py", status="indexed", chunks=1)
        catalog.put("p", "docs/guide.md", status="indexed", chunks=1)
    found = []

    def work(k):
        for i in range(150):
            if (k + i) % 2:
                found.append(len(catalog.match_paths("src/**/*.py", ["p"])))
            else:
                assert catalog.get("p", f"src/pkg{i % 30}/mod{i}.py") is not None

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(len(found), set(found))
""")


def test_path_globs_and_lookups_from_eight_threads_finish(tmp_path):
    proc = subprocess.run([sys.executable, "-c", WORK, str(tmp_path)], capture_output=True,
                          text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.split(maxsplit=1) == ["600", "{3000}\n"]  # every glob found all 3,000
