"""Time repokb on a tree: dry run, full index, unchanged re-index, one-file re-index, search.

    python bench/bench.py PATH [--queries 200] [--keep-home DIR]

Each indexing phase runs the real CLI in a subprocess (start-up included, as a user sees it);
peak RSS is the child's maximum resident set. Search latency is measured in-process over many
queries, query embedding included, after the index is built. Prints one Markdown table.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GENERIC_QUERIES = [
    "how is the configuration loaded", "where are errors handled", "how do I install it",
    "database connection timeout", "parse command line arguments", "read a file from disk",
    "authentication and login", "how are tests run", "logging setup", "http request retry",
    "cache invalidation", "serialize to json", "validate user input", "start the server",
    "cómo se configura la base de datos", "dónde se manejan los errores",
]


def run_cli(args: list[str], env: dict[str, str]) -> tuple[float, dict, int]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "repokb", *args], env=env,
                          capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    if proc.returncode != 0:
        raise SystemExit(f"repokb {' '.join(args)} failed:\n{proc.stderr}")
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, json.loads(proc.stdout), max(peak_kb, before)


def pick_file_to_touch(tree: Path, files: list[dict]) -> Path | None:
    for f in files:
        if f["language"] == "python" and f["chunks"]:
            return tree / f["path"]
    for f in files:
        if f["chunks"]:
            return tree / f["path"]
    return None


def search_latency(home: Path, queries: int) -> tuple[list[float], int]:
    os.environ["REPOKB_HOME"] = str(home)
    from repokb.search import Query
    from repokb.settings import Settings
    from repokb.workspace import Workspace

    with Workspace(Settings.load()) as ws:
        ws.store.optimize()
        points = ws.store.count()
        symbols = [e.path.rsplit("/", 1)[-1].split(".")[0]
                   for p in ws.catalog.projects() for e in ws.catalog.entries(p).values()
                   if e.status == "indexed"]
        rng = random.Random(7)
        texts = GENERIC_QUERIES + [f"where is {s} implemented" for s in rng.sample(
            symbols, min(len(symbols), queries))]
        texts = (texts * (queries // max(len(texts), 1) + 1))[:queries]
        ws.searcher.search(Query(texts[0]))  # warm-up: model and shard caches
        timings = []
        for text in texts:
            started = time.perf_counter()
            ws.searcher.search(Query(text))
            timings.append((time.perf_counter() - started) * 1000)
    return timings, points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", type=Path)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--keep-home", type=Path, help="Use (and keep) this REPOKB_HOME.")
    args = parser.parse_args()
    tree = args.tree.resolve()
    home = args.keep_home or Path(tempfile.mkdtemp(prefix="repokb-bench-"))
    env = {**os.environ, "REPOKB_HOME": str(home)}
    rows: list[tuple[str, str]] = []
    try:
        secs, dry, _ = run_cli(["index", str(tree), "--dry-run", "--json"], env)
        s = dry["summary"]
        rows.append(("dry run (classify)", f"{secs:.2f} s for {s['files_seen']} files "
                     f"({s['files_indexed']} admitted, ~{s.get('chunks_estimated', 0)} chunks)"))
        secs, full, peak = run_cli(["index", str(tree), "--flush", "--json"], env)
        s = full["summary"]
        rate = s["chunks_embedded"] / secs if secs else 0
        rows.append(("full index", f"{secs:.1f} s, {s['files_indexed']} files, "
                     f"{s['chunks_created']} chunks ({rate:.0f} chunks/s), "
                     f"peak RSS {peak / 1024:.0f} MB"))
        secs, again, _ = run_cli(["index", str(tree), "--json"], env)
        rows.append(("unchanged re-index", f"{secs:.2f} s, "
                     f"{again['summary']['chunks_embedded']} chunks embedded"))
        target = pick_file_to_touch(tree, full["files"])
        if target is not None:
            original = target.read_bytes()
            try:
                # a new function: one new chunk to embed (a bare comment line would be
                # shorter than the minimum chunk and embed nothing)
                target.write_bytes(original + b"\n\ndef bench_changed_function(value):\n"
                                   b"    \"\"\"Added by bench.py to time a one-file change.\"\"\"\n"
                                   b"    return value * 2 + 1\n")
                secs, one, _ = run_cli(["index", str(tree), "--json"], env)
                rows.append(("one file changed", f"{secs:.2f} s, "
                             f"{one['summary']['chunks_embedded']} chunks embedded"))
            finally:
                target.write_bytes(original)
                run_cli(["index", str(tree), "--json"], env)
        timings, points = search_latency(home, args.queries)
        q = statistics.quantiles(timings, n=100)
        rows.append(("search (hybrid, query embedding incl.)",
                     f"p50 {statistics.median(timings):.1f} ms, p99 {q[98]:.1f} ms over "
                     f"{len(timings)} queries, {points} chunks"))
    finally:
        if not args.keep_home:
            shutil.rmtree(home, ignore_errors=True)
    print(f"\n### {tree.name} ({os.cpu_count()} cores)\n")
    print("| phase | result |\n| --- | --- |")
    for phase, result in rows:
        print(f"| {phase} | {result} |")


if __name__ == "__main__":
    main()
