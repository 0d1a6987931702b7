"""Peak memory and time for one huge source file (issue 14), as a user runs it.

    python bench/memory_per_file.py [--bytes 1400000] [--max-chunks N] [--upload]
    python bench/memory_per_file.py --near-dup 25000

Writes one Python file of many tiny functions (~25,000 chunks in 1.4 MB), then:
- default: `repokb index DIR --json` in a subprocess on a fresh REPOKB_HOME (real model, real
  Qdrant Edge); prints the child's peak RSS (ru_maxrss), wall time, chunks indexed and the
  file's recorded reason. `--max-chunks` sets max_chunks_per_file for the run.
- `--upload`: the server's upload path in-process (Operations.ingest_file, the code behind
  POST /knowledge/ingest/file) and how long it held the write lock.
- `--near-dup N`: only the near-duplicate check on N random unit vectors given as one batch
  (one file's worth), in a subprocess: the mechanism that grew with the square of the chunks.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path


def source(size: int) -> str:
    parts, total, n = [], 0, 0
    while total < size:
        part = f"def h{n:05d}(r):\n    return r.send({n} * 3 + 7)\n\n\n"
        parts.append(part)
        total += len(part)
        n += 1
    return "".join(parts)


def index_run(tree: Path, home: str, max_chunks: int | None) -> None:
    env = {**os.environ, "REPOKB_HOME": home}
    if max_chunks is not None:
        env["REPOKB_MAX_CHUNKS_PER_FILE"] = str(max_chunks)
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "repokb", "index", str(tree), "--json"],
                          env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    if proc.returncode != 0:
        raise SystemExit(proc.stderr)
    out = json.loads(proc.stdout)
    (record,) = out["files"]
    summary = out["summary"]
    print(json.dumps({"peak_rss_mb": round(peak), "seconds": round(wall, 1),
                      "chunks_indexed": record["chunks"], "reasons": record["reasons"][-1:],
                      "chunks_embedded": summary["chunks_embedded"],
                      "over_max_chunks": summary.get("chunks_dropped_over_max_chunks_per_file",
                                                     0)}))


def upload_run(text: str, home: str) -> None:
    from repokb.operations import Operations
    from repokb.settings import Settings
    from repokb.workspace import Workspace

    ws = Workspace(Settings.load(home=Path(home)))
    service = Operations(ws)
    held: list[float] = []
    plain = service.writing

    @contextmanager
    def timed(access=None):  # type: ignore[no-untyped-def]
        with plain() if access is None else plain(access):
            start = time.perf_counter()
            try:
                yield
            finally:
                held.append(time.perf_counter() - start)

    service.writing = timed  # type: ignore[method-assign]
    started = time.perf_counter()
    result = service.ingest_file("big", "src/big.py", text.encode())
    wall = time.perf_counter() - started
    service.close()
    ws.close()
    print(json.dumps({"seconds": round(wall, 1), "write_lock_held_s": [round(h, 2) for h in held],
                      "chunks": result["chunks"], "reason": result.get("reason"),
                      "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
                                           / 1024)}))


def near_dup(n: int) -> None:
    from types import SimpleNamespace

    import numpy as np

    from repokb.pipeline.metrics import NearDuplicates

    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    rng = np.random.default_rng(0)
    vectors = rng.standard_normal((n, 384)).astype(np.float32)
    chunks = [SimpleNamespace(project="p", path="big.py", start_line=4 * i + 1,
                              end_line=4 * i + 2) for i in range(n)]
    started = time.perf_counter()
    flags = NearDuplicates(0.92).check(chunks, vectors)  # type: ignore[arg-type]
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"vectors": n, "near": sum(flags), "seconds":
                      round(time.perf_counter() - started, 2),
                      "peak_rss_mb": round(peak), "before_mb": round(base)}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bytes", type=int, default=1_400_000)
    parser.add_argument("--max-chunks", type=int, default=None)
    parser.add_argument("--upload", action="store_true")
    parser.add_argument("--near-dup", type=int, default=0)
    args = parser.parse_args()
    if args.near_dup:
        near_dup(args.near_dup)
        return
    text = source(args.bytes)
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "huge"
        tree.mkdir()
        (tree / "big.py").write_text(text)
        print(f"# {len(text):,} bytes, load {os.getloadavg()[0]:.2f}", file=sys.stderr)
        if args.upload:
            upload_run(text, str(Path(tmp) / "home"))
        else:
            index_run(tree, str(Path(tmp) / "home"), args.max_chunks)


if __name__ == "__main__":
    main()
