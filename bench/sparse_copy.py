"""Could a quiet server answer the BM25 side from a copy of the sparse vectors, off the engine?

    python bench/sparse_copy.py --home COPY [--repeat 10]

Opens the home as search_cost.py does, records the store asks of its 300+ questions, reads
every point's sparse vector and filter fields, and scores each BM25 ask with numpy as Qdrant's
IDF modifier does (idf = ln((N - df + 0.5) / (df + 0.5) + 1) in float32, N the points with a
sparse vector; each term's posting weight times its query weight times its idf, summed in
float32 in query order), then prints, by the number of query terms the store knows:
  - asks whose every score equals the engine's bit for bit, and the largest gap in float32 steps;
  - asks whose top n after `fusion.settle` (what the searcher keeps) has the engine's ids;
and the scorer's CPU a request against the engine's, and the wall of two threads each scoring
every ask `--repeat` times against one thread doing it once as often (1.0: the work runs
beside itself; 2.0: it holds the interpreter). Reads only: run it on a copy. bench/RESULTS.md,
serve42, has the numbers and why the copy was not kept.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import search_cost  # noqa: E402

F = np.float32


class SparseCopy:
    """The points' sparse vectors as posting lists (row numbers, weights) and their fields."""

    def __init__(self, rows: list[tuple[str, tuple[list[int], list[float]], dict[str, Any]]]):
        self.ids = [point for point, _, _ in rows]
        self.fields = [payload for _, _, payload in rows]
        postings: dict[int, tuple[list[int], list[float]]] = collections.defaultdict(
            lambda: ([], []))
        for row, (_, (terms, weights), _) in enumerate(rows):
            for term, weight in zip(terms, weights, strict=True):
                postings[term][0].append(row)
                postings[term][1].append(weight)
        self.postings = {t: (np.asarray(r, dtype=np.int32), np.asarray(w, dtype=F))
                         for t, (r, w) in postings.items()}
        self.documents = F(sum(1 for _, (terms, _), _ in rows if terms))

    def known(self, sparse: tuple[list[int], list[float]]) -> int:
        return sum(t in self.postings for t in sparse[0])

    def passing(self, where: Any) -> np.ndarray:
        rows = np.ones(len(self.ids), dtype=bool)
        for name, values in (("project", where.projects), ("kind", where.kinds),
                             ("language", where.languages), ("path", where.paths)):
            if values is not None and (values or name == "path"):
                wanted = set(values)
                rows &= np.fromiter((f.get(name) in wanted for f in self.fields), dtype=bool,
                                    count=len(self.fields))
        return rows

    def scores(self, sparse: tuple[list[int], list[float]], into: np.ndarray) -> np.ndarray:
        """Every point's score added into `into` (zeros); the rows touched, once each."""
        touched = []
        for term, weight in zip(*sparse, strict=True):
            if term not in self.postings:
                continue
            rows, values = self.postings[term]
            df = F(len(rows))
            idf = np.log(F((self.documents - df + F(0.5)) / (df + F(0.5))) + F(1))
            into[rows] += values * F(F(weight) * idf)
            touched.append(rows)
        return np.unique(np.concatenate(touched)) if touched else np.zeros(0, dtype=np.int32)

    def top(self, sparse: tuple[list[int], list[float]], limit: int, scratch: np.ndarray,
            allowed: np.ndarray | None = None) -> list[tuple[str, float]]:
        at = self.scores(sparse, scratch)
        values = scratch[at].copy()
        scratch[at] = 0
        if allowed is not None:
            keep = allowed[at]
            at, values = at[keep], values[keep]
        order = np.lexsort((at, -values))[:limit]
        return [(self.ids[r], float(values[r_])) for r_, r in zip(order, at[order], strict=True)]


def read(ws: Any) -> SparseCopy:
    import qdrant_edge as q

    from repokb.stores.base import SPARSE

    shard, offset, rows = ws.store._shard, None, []
    while True:
        page, offset = shard.scroll(q.ScrollRequest(
            offset=offset, limit=512, with_payload=["project", "path", "kind", "language"],
            with_vector=[SPARSE]))
        for r in page:
            vector = r.vector.get(SPARSE) if isinstance(r.vector, dict) else None
            rows.append((str(r.id), (list(vector.indices), list(vector.values)) if vector
                         else ([], []), dict(r.payload or {})))
        if offset is None or not page:
            return SparseCopy(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, required=True)
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    import qdrant_edge as q

    from repokb.fusion import settle
    from repokb.stores.base import SPARSE, StoredPoint
    from repokb.stores.edge_points import engine_filter

    ws = search_cost.opened(args.home)
    store, asks = ws.store, []
    recorded = store._search_with
    store._search_with = lambda batch, scan: (asks.extend(batch), recorded(batch, scan))[1]
    search_cost.run(ws, search_cost.questions(ws))
    store._search_with = recorded
    copy = read(ws)
    lexical = [(sparse, where, limit) for _, sparse, where, limit, _ in asks if sparse[0]]
    shard, engine, engine_cpu = store._shard, [], []
    for sparse, where, limit in lexical:
        request = q.QueryBatchRequest([q.QueryRequest(
            limit=limit, query=q.Query.Nearest(q.SparseVector(*sparse), using=SPARSE),
            filter=engine_filter(where), with_payload=False)])
        began = time.thread_time()
        (points,) = shard.query_batch(request)
        engine_cpu.append(time.thread_time() - began)
        engine.append([(str(p.id), float(F(p.score))) for p in points])
    ws.__exit__(None, None, None)

    scratch = np.zeros(len(copy.ids), dtype=F)
    table: dict[int, list[int]] = collections.defaultdict(lambda: [0, 0, 0, 0])
    cpu = []
    for (sparse, where, limit), theirs in zip(lexical, engine, strict=True):
        allowed = copy.passing(where)  # (a server would keep the filter fields as codes)
        began = time.thread_time()
        ours = copy.top(sparse, limit, scratch, allowed)
        cpu.append(time.thread_time() - began)
        scores = dict(theirs)
        steps = [abs(int(np.float32(s).view(np.int32)) - int(np.float32(scores[i]).view(
            np.int32))) for i, s in ours if i in scores]
        n = limit * 4 // 5  # the searcher asks for n + n // 4
        kept = [[p.id for p in settle([StoredPoint(i, s, {}) for i, s in side], limit, n)]
                for side in (theirs, ours)]
        row = table[min(copy.known(sparse), 4)]
        row[0] += 1
        row[1] += all(s == 0 for s in steps)
        row[2] += kept[0] == kept[1]
        row[3] = max(row[3], max(steps, default=0))
    print(f"{len(lexical)} BM25 asks, {len(copy.ids)} points ({int(copy.documents)} with terms)")
    print("| query terms known | asks | scores equal bit for bit | largest gap (float32 steps) "
          "| settled top n: the engine's ids |\n| --- | --- | --- | --- | --- |")
    for terms, (count, equal, settled, gap) in sorted(table.items()):
        print(f"| {terms}{'+' if terms == 4 else ''} | {count} | {equal} | {gap} | {settled} |")
    read_a_request = statistics.mean(sum(len(copy.postings[t][0]) for t in s[0]
                                         if t in copy.postings) for s, _, _ in lexical)
    print(f"CPU a request: numpy {statistics.mean(cpu) * 1000:.3f} ms (p50 "
          f"{statistics.median(cpu) * 1000:.3f}), the engine "
          f"{statistics.mean(engine_cpu) * 1000:.3f} ms; postings read a request "
          f"{read_a_request:.0f}")

    def work() -> None:
        own = np.zeros(len(copy.ids), dtype=F)
        for _ in range(args.repeat):
            for sparse, _, limit in lexical:
                copy.top(sparse, limit, own)

    began = time.perf_counter()
    work()
    one = time.perf_counter() - began
    threads = [threading.Thread(target=work) for _ in range(2)]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    two = time.perf_counter() - began
    print(f"two threads' wall against one's (same work each): {two / one:.2f}x "
          f"({two:.2f} / {one:.2f} s)")


if __name__ == "__main__":
    main()
