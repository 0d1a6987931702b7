"""Where one search's time goes on an existing index, and what runs in parallel.

    python bench/search_parts.py [--home DIR] [--rounds 20]

Opens the home (default: REPOKB_HOME) in this process, the way `repokb serve` holds it, and
times, over the same questions:
- the query embedding (ONNX, one thread);
- the engine call as the searcher makes it (Qdrant Edge `query_batch`: dense + BM25, a page of
  n + n/4 each), with the whole payload, with only the fields ranking reads (an include list),
  and with none; and the conversion of its answer to StoredPoints;
- the whole `Searcher.search`;
- whether the engine call lets other Python threads run (the GIL): engine calls per second from
  one thread and from two on the same shard, and from two on two shards (the second a copy of
  the store in a temp dir), and how far a busy Python thread gets while the engine runs.
Prints Markdown tables. Reads only: safe on a live home's copy (not while another process owns it).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

QUESTIONS = [
    "how is the configuration loaded", "where are errors handled", "database connection timeout",
    "parse command line arguments", "read a file from disk", "queryset filter chain",
    "csrf middleware token", "migration autodetector rename field", "QuerySet.bulk_create",
    "form validation clean method", "url resolver reverse", "timezone aware datetime",
]
# what rank.py, search.py and the hit shape read from a candidate's payload (all but content)
RANKING_FIELDS = ["project", "path", "kind", "symbol", "symbol_type", "quality", "start_line",
                  "end_line", "chunk_index", "language", "role", "lexical_only"]


def ms(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} / {statistics.mean(values):.2f}"


def engine_rate(shards: list[Any], request: Any, seconds: float = 3.0) -> float:
    """Engine calls per second, one thread per entry of `shards` calling it back to back."""
    counts = [0] * len(shards)
    deadline = time.perf_counter() + seconds

    def call(k: int) -> None:
        while time.perf_counter() < deadline:
            shards[k].query_batch(request)
            counts[k] += 1

    workers = [threading.Thread(target=call, args=(k,)) for k in range(len(shards))]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return sum(counts) / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    if args.home:
        os.environ["REPOKB_HOME"] = str(args.home)

    import qdrant_edge as q

    from repokb.models import Query
    from repokb.settings import Settings
    from repokb.stores.base import StoredPoint
    from repokb.stores.qdrant_edge import QdrantEdgeStore
    from repokb.workspace import Workspace

    with Workspace(Settings.load()) as ws:
        store, searcher = ws.store, ws.searcher
        store.optimize()
        shard: Any = store._shard  # type: ignore[attr-defined]  # the engine, as the store calls it
        n = max(ws.settings.candidates, 10 * 5)
        page = n + n // 4
        searcher.search(Query(QUESTIONS[0]))  # warm: sessions, caches
        times: dict[str, list[float]] = {k: [] for k in (
            "query embedding", "engine, whole payload", "engine, ranking fields only",
            "engine, no payload", "answer to StoredPoints", "Searcher.search (whole)")}
        kinds: list[tuple[str, Any]] = [("whole payload", True),
                                        ("ranking fields only", RANKING_FIELDS),
                                        ("no payload", False)]
        for r in range(args.rounds):
            for i, text in enumerate(QUESTIONS):
                text = f"{text} {r}"  # a new text: embedded each time
                started = time.perf_counter()
                dense = searcher.query_vector.embedder.embed_query(text).tolist()
                times["query embedding"].append((time.perf_counter() - started) * 1000)
                sparse = ws.lexical.query(text)
                turn = (r * len(QUESTIONS) + i) % 3  # each goes first as often (cold caches)
                for label, payload in kinds[turn:] + kinds[:turn]:
                    requests = [
                        q.QueryRequest(limit=page, query=q.Query.Nearest(dense, using="dense"),
                                       with_payload=payload),
                        q.QueryRequest(limit=page, query=q.Query.Nearest(
                            q.SparseVector(*sparse), using="bm25"), with_payload=payload)]
                    started = time.perf_counter()
                    found = shard.query_batch(q.QueryBatchRequest(requests))
                    times[f"engine, {label}"].append((time.perf_counter() - started) * 1000)
                    if payload is True:
                        started = time.perf_counter()
                        [[StoredPoint(str(p.id), p.score, dict(p.payload or {})) for p in ranking]
                         for ranking in found]
                        times["answer to StoredPoints"].append(
                            (time.perf_counter() - started) * 1000)
                started = time.perf_counter()
                searcher.search(Query(text + " again"))
                times["Searcher.search (whole)"].append((time.perf_counter() - started) * 1000)

        dense = searcher.query_vector("database connection timeout")
        request = q.QueryBatchRequest([q.QueryRequest(
            limit=page, query=q.Query.Nearest(dense, using="dense"), with_payload=True)])
        copy_dir = Path(tempfile.mkdtemp(prefix="repokb-parts-"))
        try:
            shutil.copytree(ws.settings.store_path, copy_dir / "store")
            other = QdrantEdgeStore(copy_dir / "store", len(dense))
            try:
                rates = {label: engine_rate(shards, request) for label, shards in (
                    ("one thread", [shard]), ("two threads, one shard", [shard, shard]),
                    ("two threads, two shards (a copy)", [shard, other._shard]),  # type: ignore[attr-defined]
                    ("one thread, again", [shard]))}
            finally:
                other.close()
        finally:
            shutil.rmtree(copy_dir, ignore_errors=True)
        ticks, stop = [0], threading.Event()

        def spin() -> None:
            while not stop.is_set():
                ticks[0] += 1

        spinner = threading.Thread(target=spin)
        spinner.start()
        time.sleep(0.2)
        mark = ticks[0]
        time.sleep(1.0)
        alone = ticks[0] - mark
        mark, busy, begun = ticks[0], 0.0, time.perf_counter()
        while time.perf_counter() < begun + 1.0:
            started = time.perf_counter()
            shard.query_batch(request)
            busy += time.perf_counter() - started
        beside, busy_wall = ticks[0] - mark, time.perf_counter() - begun
        stop.set()
        spinner.join()
        points = store.count()

    print(f"{points:,} points, pages of {page} (n = {n}), {args.rounds * len(QUESTIONS)} "
          f"questions, load average {os.getloadavg()[0]:.1f}\n")
    print("| part | p50 / mean ms |\n| --- | --- |")
    for label, values in times.items():
        print(f"| {label} | {ms(values)} |")
    print("\n| the engine and the GIL | value |\n| --- | --- |")
    for label, rate in rates.items():
        print(f"| dense engine calls/s, {label} | {rate:.0f} |")
    print(f"| a busy Python thread's progress beside engine calls back to back (in the engine "
          f"{busy:.2f} s of {busy_wall:.2f} s), against alone | "
          f"{100 * beside / max(alone, 1):.0f}% |")


if __name__ == "__main__":
    main()
