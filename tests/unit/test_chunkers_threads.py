"""The chunkers are shared by every thread of a process: `repokb serve` chunks concurrent
uploads (the dashboard sends several files at once) in its worker threads. One tree-sitter
parser per language, shared, crashed the server with a segfault in tree-sitter's binding
(seen in the fresh-install check: the dashboard test's server died mid-upload). Each thread now
has its own parser and query cursor. The threads run in a child process, so a crash fails this
test instead of killing the test run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import repokb

SOURCES = Path(repokb.__file__).parent

SCRIPT = """
import sys, threading
from pathlib import Path
from repokb.chunkers import chunker_for

root = Path(sys.argv[1])
python = [p.read_text() for p in sorted(root.rglob("*.py"))][:40]
json_texts = ['{"a": {"b": [1, 2, {"c": "%d"}]}, "d": "e"}' % i for i in range(200)]
counts = []

def work():
    n = 0
    for _ in range(3):
        n += sum(len(chunker_for("python").chunk(t)) for t in python)
        n += sum(len(chunker_for("json").chunk(t)) for t in json_texts)
    counts.append(n)

threads = [threading.Thread(target=work) for _ in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(len(set(counts)), counts[0])
"""


def test_threads_chunking_at_once_get_the_same_pieces_and_no_crash():
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(SOURCES)], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    distinct, pieces = done.stdout.split()
    assert distinct == "1" and int(pieces) > 100  # every thread cut the same pieces
