"""`repokb migrate` at 40,000 points: Edge -> qdrant-client local mode, time, vectors embedded,
and the same top 10 through the whole search (`Searcher.search`) on both sides.

    python bench/retrieval/migration.py [--points 40000] [--queries 50] [--cache DIR]
                                        [--corpora attrs,fastify]

The store is built as latency.py builds it (its `build`: the benchmark corpora indexed by
repokb, then replicated with perturbed vectors into projects `copy-N`) - NOT a real index of a
40k-chunk repository. The migration runs as a user runs it: `python -m repokb migrate --to
local:PATH --json` in a subprocess (start-up included in the wall time).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpora import CORPORA  # noqa: E402
from latency import build  # noqa: E402
from systems import CachingEmbedder  # noqa: E402

from repokb.embedders import load_builtins  # noqa: E402
from repokb.search import Query  # noqa: E402
from repokb.settings import Settings  # noqa: E402
from repokb.workspace import Workspace  # noqa: E402


def top10(ws: Workspace, queries: list[str]) -> list[list[tuple[str, str, int, int]]]:
    return [[(h.project, h.path, h.start_line, h.end_line) for h in ws.searcher.search(Query(q))]
            for q in queries]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--points", type=int, default=40_000)
    parser.add_argument("--queries", type=int, default=50)
    parser.add_argument("--corpora", default=",".join(c.name for c in CORPORA))
    parser.add_argument("--cache", type=Path, default=Path(os.environ.get(
        "REPOKB_BENCH_CACHE", Path.home() / ".cache" / "repokb-bench")))
    args = parser.parse_args()
    cache = args.cache.expanduser().resolve()
    corpora = [c for c in CORPORA if c.name in args.corpora.split(",")]
    load_builtins()
    embedder = CachingEmbedder.minilm(cache, Settings.load())
    work = Path(tempfile.mkdtemp(prefix="repokb-migration-", dir=cache))
    home, target = work / "home", f"local:{work / 'qdrant'}"
    try:
        ws = Workspace(Settings.load(home=home))
        ws.__dict__["embedder"] = embedder
        queries = build(ws, embedder, work, cache, args.points, np.random.default_rng(7),
                        corpora)
        random.Random(7).shuffle(queries)
        queries = queries[: args.queries]
        edge = top10(ws, queries)
        ws.close()  # the Edge shard's lock: the migration opens it

        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "repokb", "migrate", "--to", target,
                               "--json"], env={**os.environ, "REPOKB_HOME": str(home)},
                              capture_output=True, text=True, check=False)
        wall = time.perf_counter() - started
        if done.returncode:
            raise SystemExit(f"migrate failed ({done.returncode}): {done.stderr}")
        report = json.loads(done.stdout)

        remote = Workspace(Settings.load(home=home, store="qdrant", qdrant_url=target))
        remote.__dict__["embedder"] = embedder
        started = time.perf_counter()
        local = top10(remote, queries)
        search_s = time.perf_counter() - started
        remote.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)

    overlaps = [len(set(a) & set(b)) / max(len(a), 1) for a, b in zip(edge, local, strict=True)]
    same = sum(a == b for a, b in zip(edge, local, strict=True))
    print(json.dumps({k: report[k] for k in ("points_moved", "chunks_embedded", "counts_match",
                                             "dense_top10_overlap", "lexical_top10_overlap",
                                             "seconds")}), file=sys.stderr)
    print("| points | migrate wall s (command) | copy + verify s (report) | chunks embedded | "
          "queries | mean top-10 overlap | min | identical top-10 | local-mode search s/query "
          "| load average |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n"
          f"| {sum(report['counts']['source'].values())} | {wall:.1f} | {report['seconds']} | "
          f"{report['chunks_embedded']} | {len(queries)} | {np.mean(overlaps):.3f} | "
          f"{min(overlaps):.2f} | {same}/{len(queries)} | {search_s / len(queries):.2f} | "
          f"{os.getloadavg()[0]:.1f} |")


if __name__ == "__main__":
    main()
