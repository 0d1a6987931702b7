"""`repokb migrate` at 40,000 points: Edge -> qdrant-client local mode, time, vectors embedded,
and the same top 10 through the whole search (`Searcher.search`) on both sides.

    python bench/retrieval/migration.py [--points 40000] [--queries 50] [--cache DIR]
                                        [--corpora attrs,fastify]
    python bench/retrieval/migration.py --home DIR [--queries 50]

By default the store is built as latency.py builds it (its `build`: the benchmark corpora
indexed by repokb, then replicated with perturbed vectors into projects `copy-N`). With
`--home`, an existing home is migrated as it is (e.g. a real index of Django made with `repokb
index`): a copy of it, so the home given is never changed; the queries are questions about a
web framework's topics and "where is X implemented" for file names sampled from its catalog.
The migration runs as a user runs it: `python -m repokb migrate --to local:PATH --json` in a
subprocess (start-up included in the wall time).
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

REAL = ("attrs", "black", "hatch", "fastify")  # the indexed corpora; copy-N are replicas


def top10(ws: Workspace, queries: list[str],
          real: tuple[str, ...]) -> dict[str, list[list[tuple[object, ...]]]]:
    """Each query's top 10 twice: over the whole store, as (path, lines, score) - a replica's
    copy of a chunk ties with the original, so which project comes back is arbitrary - and
    within the real corpora only (no replica ties), as (project, path, lines)."""
    out: dict[str, list[list[tuple[object, ...]]]] = {"all": [], "real": []}
    for q in queries:
        out["all"].append([(h.path, h.start_line, h.end_line, round(h.score, 4))
                           for h in ws.searcher.search(Query(q))])
        out["real"].append([(h.project, h.path, h.start_line, h.end_line)
                            for h in ws.searcher.search(Query(q, projects=real))])
    return out


TOPICS = [
    "how are database migrations generated", "where is the query set filtered lazily",
    "how does the template engine load templates", "csrf protection middleware",
    "how are forms validated and cleaned", "password hashing algorithms",
    "where is the admin site registered", "how are static files collected",
    "send an email with attachments", "cache backend configuration",
    "how are url patterns resolved", "session storage in the database",
    "how to write a custom management command", "signals sent before saving a model",
    "timezone aware datetimes", "how is pagination done", "file upload handling",
    "how to test with the test client", "database transactions and atomic blocks",
    "translation of strings and locale middleware", "how are foreign keys deleted on cascade",
    "content types framework", "how does the ORM build SQL joins",
    "logging configuration defaults", "security settings for HTTPS",
]


def own_queries(ws: Workspace, n: int) -> list[str]:
    """Topic questions, then 'where is X implemented' for file names from the catalog."""
    names = sorted({e.path.rsplit("/", 1)[-1].split(".")[0]
                    for p in ws.catalog.projects() for e in ws.catalog.entries(p).values()
                    if e.status == "indexed" and e.path.endswith(".py")
                    and not e.path.rsplit("/", 1)[-1].startswith("__")})
    picked = random.Random(7).sample(names, min(len(names), max(0, n - len(TOPICS))))
    return (TOPICS + [f"where is {name} implemented" for name in picked])[:n]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--points", type=int, default=40_000)
    parser.add_argument("--queries", type=int, default=50)
    parser.add_argument("--corpora", default=",".join(c.name for c in CORPORA))
    parser.add_argument("--home", type=Path, default=None,
                        help="migrate (a copy of) this home's index instead of building one")
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
        if args.home is not None:
            shutil.copytree(args.home.expanduser().resolve(), home, symlinks=True,
                            ignore=shutil.ignore_patterns("*.sock", "*.lock"))
        ws = Workspace(Settings.load(home=home))
        ws.__dict__["embedder"] = embedder
        if args.home is not None:
            queries = own_queries(ws, args.queries)
        else:
            queries = build(ws, embedder, work, cache, args.points, np.random.default_rng(7),
                            corpora)
            random.Random(7).shuffle(queries)
            queries = queries[: args.queries]
        real = tuple(ws.catalog.projects()) if args.home is not None else REAL
        edge = top10(ws, queries, real)
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
        local = top10(remote, queries, real)
        search_s = time.perf_counter() - started
        remote.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)

    def agreement(name: str) -> tuple[float, float, int]:
        pairs = list(zip(edge[name], local[name], strict=True))
        overlaps = [len(set(a) & set(b)) / max(len(a), 1) for a, b in pairs]
        return float(np.mean(overlaps)), min(overlaps), sum(a == b for a, b in pairs)

    print(json.dumps({k: v for k, v in report.items() if k not in ("counts", "source",
                                                                    "target")}),
          file=sys.stderr)
    rows = []
    labels = ((("real", "with a project filter (every project)"), ("all", "whole store"))
              if args.home is not None else
              (("real", "real corpora only (project filter)"),
               ("all", "whole store, replicas' ties merged")))
    for name, label in labels:
        mean, low, same = agreement(name)
        rows.append(f"| {label} | {len(queries)} | {mean:.3f} | {low:.2f} | "
                    f"{same}/{len(queries)} |")
    print(f"points {sum(report['counts']['source'].values())}; `repokb migrate` {wall:.1f} s "
          f"wall (copy {report['copy_seconds']} s, copy + sample verification "
          f"{report['seconds']} s); chunks embedded {report['chunks_embedded']}; sample "
          f"verification top-10 dense {report['dense_top10_overlap']} / BM25 "
          f"{report['lexical_top10_overlap']} by id, {report['dense_top10_equivalent']} / "
          f"{report['lexical_top10_equivalent']} with equal-score ties; local-mode search "
          f"{search_s / len(queries) / 2:.2f} s/query; load average {os.getloadavg()[0]:.1f}\n")
    print("| searches compared (`Searcher.search`, top 10) | queries | mean overlap | min | "
          "identical |\n| --- | --- | --- | --- | --- |\n" + "\n".join(rows))


if __name__ == "__main__":
    main()
