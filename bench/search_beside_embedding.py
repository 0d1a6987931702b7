"""Searches while an index job embeds in the same process, its workers at a given niceness.

    python bench/search_beside_embedding.py [--home DIR] [--seconds 12] [--rounds 2]
                                            [--niceness 0 10]

What `repokb serve` does during an index job's dense pass, without HTTP: in one process, a
"job" thread embeds documents back to back (the real model, its two worker threads, 32 texts of
Django-like source per call), while two threads (the server's two search slots) search the home
back to back (closed loop, a new question each time). Each round measures, one after another:
no job; the job with its workers at each `--niceness` (0 is what every thread had before);
and the job alone, with no searches, at each niceness (embedding must not get slower when
nothing else wants the cores). Prints one Markdown table. Reads the home only.
"""

from __future__ import annotations

import argparse
import os
import statistics
import threading
import time
from pathlib import Path
from typing import Any

QUESTIONS = [
    "how is the configuration loaded", "where are errors handled", "database connection timeout",
    "parse command line arguments", "read a file from disk", "queryset filter chain",
    "csrf middleware token", "migration autodetector rename field",
]
REPO = Path(__file__).resolve().parents[1]


def job_texts() -> list[str]:
    """32 pieces of ~1,200 characters of repokb's own source (what an index job embeds)."""
    texts: list[str] = []
    for path in sorted((REPO / "src" / "repokb").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        texts += [source[i:i + 1200] for i in range(0, len(source) - 600, 1200)]
    return texts[:32]


def measure(ws: Any, embedder: Any, searching: bool, seconds: float,
            texts: list[str]) -> tuple[str, str, str, str]:
    """(searches/s, p50, p99, texts embedded/s): `embedder` (None: no job) embedding back to
    back for `seconds`, beside two closed-loop search threads when `searching`."""
    from repokb.models import Query

    stop, embedded = threading.Event(), [0]

    def embed() -> None:
        while not stop.is_set():
            embedder.embed_documents(texts)
            embedded[0] += len(texts)

    latencies: list[float] = []
    lock = threading.Lock()
    deadline = time.perf_counter() + seconds

    def client(k: int) -> None:
        i = k
        while time.perf_counter() < deadline:
            started = time.perf_counter()
            ws.searcher.search(Query(f"{QUESTIONS[i % len(QUESTIONS)]} {i}"))
            with lock:
                latencies.append((time.perf_counter() - started) * 1000)
            i += 2

    job = threading.Thread(target=embed) if embedder is not None else None
    if job:
        job.start()
    began = time.perf_counter()
    if searching:
        clients = [threading.Thread(target=client, args=(k,)) for k in range(2)]
        for c in clients:
            c.start()
        for c in clients:
            c.join()
    else:
        time.sleep(seconds)
    elapsed = time.perf_counter() - began
    stop.set()
    if job:
        job.join()
    rate = f"{embedded[0] / elapsed:.1f}/s" if job else ""
    if not latencies:
        return "", "", "", rate
    p99 = statistics.quantiles(latencies, n=100)[98]
    return (f"{len(latencies) / elapsed:.1f}/s", f"{statistics.median(latencies):.1f} ms",
            f"{p99:.1f} ms", rate)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path)
    parser.add_argument("--seconds", type=float, default=12.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--niceness", type=int, nargs="+", default=[0, 10])
    args = parser.parse_args()
    if args.home:
        os.environ["REPOKB_HOME"] = str(args.home)

    from repokb.embedders import create
    from repokb.models import Query
    from repokb.settings import Settings
    from repokb.workspace import Workspace

    texts = job_texts()
    rows: list[tuple[str, str, str, str, str]] = []
    with Workspace(Settings.load()) as ws:
        ws.searcher.search(Query("warm up"))
        points = ws.store.count()
        embedders = {n: create("minilm-onnx", niceness=n, cache_dir=ws.settings.home / "models")
                     for n in args.niceness}
        for embedder in embedders.values():
            embedder.embed_documents(texts[:4])  # sessions opened before the clock starts
        modes = [("no job", None, True)]
        modes += [(f"job, workers nice +{n}", n, True) for n in args.niceness]
        modes += [(f"job alone, workers nice +{n}", n, False) for n in args.niceness]
        for _ in range(args.rounds):
            for label, niceness, searching in modes:
                rows.append((label, *measure(ws, embedders.get(niceness) if niceness is not None
                                             else None, searching, args.seconds, texts)))
    print(f"{points:,} points, {args.seconds:.0f} s each, load average "
          f"{os.getloadavg()[0]:.1f} at the end\n")
    print("| run | searches | p50 | p99 | texts embedded |\n| --- | --- | --- | --- | --- |")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
