"""Search latency at 40,000 chunks, query embedding included (SPEC §7: p50 < 15 ms, p99 < 50 ms).

    python bench/retrieval/latency.py [--points 40000] [--queries 300] [--cache DIR]

The benchmark corpora are indexed by repokb (real chunks, real vectors, cached by text), then
replicated into projects `copy-N` until the store holds --points chunks: each replica's dense
vectors get a small random perturbation (so HNSW sees 40,000 distinct vectors) and its own
BM25 vector of the same text. The store is optimized, as after any `repokb index`. Queries are
the benchmark's derived questions plus symbol names; each is timed end to end through
`Searcher.search` (query understanding, query embedding, both retrievals, fusion, re-ranking,
shaping, catalog look-ups for provenance).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpora import CORPORA, Corpus, fetch, selected_files  # noqa: E402
from systems import CachingEmbedder, stored_embed_text  # noqa: E402

from repokb.embedders import load_builtins  # noqa: E402
from repokb.evaluate.cases import derive  # noqa: E402
from repokb.models import Chunk, EmbeddedChunk  # noqa: E402
from repokb.roots import resolve_roots  # noqa: E402
from repokb.search import Query  # noqa: E402
from repokb.settings import Settings  # noqa: E402
from repokb.workspace import Workspace  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--points", type=int, default=40_000)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--cache", type=Path, default=Path(os.environ.get(
        "REPOKB_BENCH_CACHE", Path.home() / ".cache" / "repokb-bench")))
    parser.add_argument("--keep", type=Path,
                        help="Build the store here and keep it; reuse it when it is there.")
    args = parser.parse_args()
    cache = args.cache.expanduser().resolve()
    cache.mkdir(parents=True, exist_ok=True)
    load_builtins()
    embedder = CachingEmbedder.minilm(cache, Settings.load())
    work = args.keep or Path(tempfile.mkdtemp(prefix="repokb-latency-", dir=cache))
    rng = np.random.default_rng(7)
    try:
        ws = Workspace(Settings.load(home=work / "home"))
        ws.__dict__["embedder"] = embedder
        queries = build(ws, embedder, work, cache, args.points, rng)
        points = ws.store.count()
        random.Random(7).shuffle(queries)
        queries = (queries * (args.queries // max(len(queries), 1) + 1))[: args.queries]
        for i in range(10):  # warm-up (model session, shard caches) on texts not timed after:
            ws.searcher.search(Query(f"warm up the search {i}"))  # no query vector re-used
        total_ms, embed_ms, store_ms, calls = [], [], [], []
        searcher = ws.searcher
        store_search, embed_query = ws.store.search, embedder.embed_query

        def timed_store(*a: object, **k: object) -> object:
            t = time.perf_counter()
            result = store_search(*a, **k)  # type: ignore[arg-type]
            store_ms[-1] += (time.perf_counter() - t) * 1000
            calls[-1] += 1
            return result

        def timed_embed(text: str) -> np.ndarray:
            t = time.perf_counter()
            result = embed_query(text)
            embed_ms[-1] += (time.perf_counter() - t) * 1000
            return result

        searcher.store.search = timed_store  # type: ignore[method-assign]
        searcher.embedder.embed_query = timed_embed  # type: ignore[method-assign]
        for text in queries:
            embed_ms.append(0.0)
            store_ms.append(0.0)
            calls.append(0)
            t0 = time.perf_counter()
            searcher.search(Query(text))
            total_ms.append((time.perf_counter() - t0) * 1000)
        ws.close()
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)

    def pct(values: list[float], q: int) -> float:
        return statistics.quantiles(values, n=100)[q - 1]

    rest = [t - e - s for t, e, s in zip(total_ms, embed_ms, store_ms, strict=True)]
    print("| points | queries | search p50 ms | search p99 ms | of which query embedding "
          "p50 / p99 | store (dense + BM25) p50 / p99 | store calls per search | the rest "
          "p50 / p99 | load average |\n"
          "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n"
          f"| {points} | {len(total_ms)} | {statistics.median(total_ms):.1f} | "
          f"{pct(total_ms, 99):.1f} | {statistics.median(embed_ms):.1f} / "
          f"{pct(embed_ms, 99):.1f} | {statistics.median(store_ms):.1f} / "
          f"{pct(store_ms, 99):.1f} | {statistics.mean(calls):.2f} | "
          f"{statistics.median(rest):.1f} / {pct(rest, 99):.1f} | "
          f"{os.getloadavg()[0]:.1f} |")


def build(ws: Workspace, embedder: CachingEmbedder, work: Path, cache: Path, points: int,
          rng: np.random.Generator, corpora: list[Corpus] = CORPORA) -> list[str]:
    """Index the corpora into `ws`, then replicate their chunks into projects `copy-N` until
    the store holds `points` (perturbed dense vectors, so HNSW sees distinct ones); optimize.
    Returns the queries derived from the corpora (questions and symbol names)."""
    queries: list[str] = []
    for corpus in corpora:
        tree = fetch(corpus, cache)
        copy = work / corpus.name
        cases = derive(corpus.name, tree, selected_files(corpus, tree, False), copy, 60, 40)
        queries += [c.query for c in cases] + [t.symbol for c in cases for t in c.targets[:1]
                                               if t.symbol]
        if ws.store.count() < points:
            ws.indexer.run(resolve_roots([copy], corpus.name))
    embedder.save()
    base = [p for p in ws.store.export() if not p.payload["project"].startswith("copy-")]
    print(f"{len(base)} real chunks from {len(corpora)} corpora", file=sys.stderr)
    replica, total = 0, ws.store.count()
    started = time.perf_counter()
    while total < points:
        replica += 1
        batch = []
        for p in base[: points - total]:
            v = np.asarray(p.dense, dtype=np.float32)
            v = v + rng.normal(0, 0.02, v.shape).astype(np.float32)
            v /= np.linalg.norm(v)
            pl = p.payload
            chunk = Chunk(f"copy-{replica}", pl["path"], pl["chunk_index"], pl["start_line"],
                          pl["end_line"], pl["content"], stored_embed_text(pl),
                          pl["symbol"], pl["symbol_type"], pl["kind"], pl["language"],
                          pl["role"], pl["quality"], pl["classifier_version"],
                          token_limit=pl["token_limit"])
            indices, values = ws.lexical.document(chunk.embed_text)
            batch.append(EmbeddedChunk(chunk, v.tolist(), indices, values))
        for i in range(0, len(batch), 1000):
            ws.store.upsert(batch[i : i + 1000])
        total = ws.store.count()
    ws.store.optimize()
    print(f"replicated to {ws.store.count()} points in {time.perf_counter() - started:.0f} s",
          file=sys.stderr)
    return queries


if __name__ == "__main__":
    main()
