"""Calibrate the similarity threshold of the default model from a benchmark run's scores.

    python bench/retrieval/calibrate.py RUN.json [--system repokb]

For every query, the dense cosine similarity of each top-10 hit is split into "relevant" (the
query's target, by the chunk-level rule of metrics.py) and "other". The threshold printed is
the one that best separates the two (maximum of TPR - FPR, Youden's J), with the distributions'
quartiles, so the number stored in settings can be checked and re-derived for another model.
Hits outside the dense candidate list (found by BM25 only) have no similarity and are skipped.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", type=Path)
    parser.add_argument("--system", default="repokb")
    args = parser.parse_args()
    data = json.loads(args.run.read_text())
    relevant: list[float] = []
    other: list[float] = []
    for info in data.values():
        for r in info["ranks"]:
            if r["system"] != args.system:
                continue
            for rank, score in enumerate(r["dense_scores"], 1):
                if score is None:
                    continue
                (relevant if r["chunk"] == rank else other).append(score)
    best, best_j = 0.0, -1.0
    for step in range(0, 101):
        t = step / 100
        tpr = sum(1 for s in relevant if s >= t) / max(len(relevant), 1)
        fpr = sum(1 for s in other if s >= t) / max(len(other), 1)
        if tpr - fpr > best_j:
            best, best_j = t, tpr - fpr

    def quartiles(values: list[float]) -> str:
        q = statistics.quantiles(values, n=4)
        return f"{q[0]:.3f} / {q[1]:.3f} / {q[2]:.3f}"

    print(f"relevant hits: {len(relevant)}, quartiles {quartiles(relevant)}")
    print(f"other hits:    {len(other)}, quartiles {quartiles(other)}")
    tpr = sum(1 for s in relevant if s >= best) / len(relevant)
    fpr = sum(1 for s in other if s >= best) / len(other)
    print(f"best separating threshold: {best:.2f} (keeps {tpr:.0%} of relevant hits, "
          f"{fpr:.0%} of the others)")
    floor = statistics.quantiles(relevant, n=10)[0]
    kept = sum(1 for s in other if s >= floor) / len(other)
    print(f"recall floor (90% of relevant hits at or above): {floor:.2f} "
          f"(keeps {kept:.0%} of the others)")
    seed = sum(1 for s in relevant if s >= 0.75) / len(relevant)
    print(f"the seed's 0.75 would keep {seed:.0%} of the relevant hits")


if __name__ == "__main__":
    main()
