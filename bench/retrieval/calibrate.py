"""Calibrate the similarity threshold of the default model from a benchmark run's scores.

    python bench/retrieval/calibrate.py RUN.json [--system repokb]

For every query, the dense cosine similarity of each top-10 hit is split into "relevant" (the
query's target, by the chunk-level rule of repokb.evaluate.metrics) and "other". The threshold
printed is the one that best separates the two (maximum of TPR - FPR, Youden's J), with the
distributions' quartiles, so the number stored in settings can be checked and re-derived for
another model. Hits outside the dense candidate list (found by BM25 only) have no similarity and
are skipped.
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
            # every top-10 hit that overlaps the target (runs before 2026-11-30 kept only
            # the first one's rank)
            flags = r.get("relevant") or [r["chunk"] == rank
                                          for rank in range(1, len(r["dense_scores"]) + 1)]
            for score, is_relevant in zip(r["dense_scores"], flags, strict=True):
                if score is not None:
                    (relevant if is_relevant else other).append(score)
    def kept(scores: list[float], threshold: float) -> float:
        return sum(1 for s in scores if s >= threshold) / max(len(scores), 1)

    # Youden's J: the first threshold (0.00 to 1.00) with the largest TPR - FPR
    best = max((step / 100 for step in range(101)),
               key=lambda t: (kept(relevant, t) - kept(other, t), -t))

    def quartiles(values: list[float]) -> str:
        q = statistics.quantiles(values, n=4)
        return f"{q[0]:.3f} / {q[1]:.3f} / {q[2]:.3f}"

    print(f"relevant hits: {len(relevant)}, quartiles {quartiles(relevant)}")
    print(f"other hits:    {len(other)}, quartiles {quartiles(other)}")
    print(f"best separating threshold: {best:.2f} (keeps {kept(relevant, best):.0%} of "
          f"relevant hits, {kept(other, best):.0%} of the others)")
    floor = statistics.quantiles(relevant, n=10)[0]
    print(f"recall floor (90% of relevant hits at or above): {floor:.2f} "
          f"(keeps {kept(other, floor):.0%} of the others)")
    print(f"the seed's 0.75 would keep {kept(relevant, 0.75):.0%} of the relevant hits")


if __name__ == "__main__":
    main()
