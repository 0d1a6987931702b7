"""Ranking metrics for single-target queries, at chunk and at file level.

A result is relevant at chunk level when it lies in the target file and overlaps the target's
line range by at least half of the target or at least half of the result: a small window inside
a long function counts, and so does a definition-sized chunk that holds a small target, but a
window that merely touches the target's edge does not. At file level a result is relevant when
it is in the target file; results are reduced to distinct files in order first.

Each query has one target, so the rank of the first relevant result decides every metric:
Recall@k = share of queries with it in the top k; MRR@10 = mean 1/rank (0 beyond 10);
nDCG@10 = mean 1/log2(rank + 1) (the ideal DCG is 1).

MRR@10 is blind to length: a result of 80 lines that holds the target counts as much as one of
8. `budget_rank` charges for it: a reader (or a prompt) takes results in order until a fixed
budget of lines is spent, and the target counts only if it is reached within the budget
(MRR@B lines = mean 1/rank over those ranks).

The samples are small (9 to 60 cases per corpus and kind), so a lift comes with a paired
bootstrap interval: the cases are resampled with replacement, both systems on the same draw;
pooled over corpora, each corpus is resampled on its own and weighs the same.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from typing import Protocol


class Span(Protocol):
    path: str
    start_line: int
    end_line: int


def overlaps(result: Span, target: Span) -> bool:
    if result.path != target.path:
        return False
    inside = min(result.end_line, target.end_line) - max(result.start_line, target.start_line) + 1
    if inside <= 0:
        return False
    result_lines = result.end_line - result.start_line + 1
    target_lines = target.end_line - target.start_line + 1
    return inside * 2 >= target_lines or inside * 2 >= result_lines


def first_rank(results: Sequence[Span], target: Span, level: str) -> int | None:
    if level == "chunk":
        for rank, result in enumerate(results, 1):
            if overlaps(result, target):
                return rank
        return None
    files: list[str] = []
    for result in results:
        if result.path not in files:
            files.append(result.path)
    return files.index(target.path) + 1 if target.path in files else None


def budget_rank(results: Sequence[Span], target: Span, budget: int) -> int | None:
    """Rank of the first relevant result (chunk level) when the results are read in order and
    only `budget` lines in all may be read: a result counts only if it ends within the budget."""
    spent = 0
    for rank, result in enumerate(results, 1):
        spent += result.end_line - result.start_line + 1
        if spent > budget:
            return None
        if overlaps(result, target):
            return rank
    return None


BUDGET_LINES = 100

METRICS = ("R@1", "R@5", "R@10", "MRR@10", "nDCG@10")


def summarize(ranks: Iterable[int | None]) -> dict[str, float]:
    ranks = list(ranks)
    n = max(len(ranks), 1)
    hit = [r for r in ranks if r is not None and r <= 10]
    return {
        "R@1": sum(1 for r in hit if r <= 1) / n,
        "R@5": sum(1 for r in hit if r <= 5) / n,
        "R@10": len(hit) / n,
        "MRR@10": sum(1 / r for r in hit) / n,
        "nDCG@10": sum(1 / math.log2(r + 1) for r in hit) / n,
    }


def reciprocal(rank: int | None) -> float:
    return 1 / rank if rank is not None and rank <= 10 else 0.0


Ranks = Sequence[int | None]


def lift(strata: Sequence[tuple[Ranks, Ranks]]) -> float | None:
    """MRR@10 lift of ours over theirs, each stratum (a corpus) weighing the same:
    sum of our per-stratum MRRs / sum of theirs - 1; None when theirs are all 0."""
    ours = sum(sum(map(reciprocal, a)) / len(a) for a, _ in strata if a)
    theirs = sum(sum(map(reciprocal, b)) / len(b) for _, b in strata if b)
    return ours / theirs - 1 if theirs > 0 else None


def lift_interval(strata: Sequence[tuple[Ranks, Ranks]], resamples: int = 2000,
                  confidence: float = 0.95, seed: int = 0) -> tuple[float, float] | None:
    """Paired, stratified bootstrap interval of `lift`: in each draw every stratum's cases
    are resampled with replacement, both systems on the same cases (ranks[i] of ours and of
    theirs answer case i). None when there are no cases or the baseline never scores."""
    for a, b in strata:
        if len(a) != len(b):
            raise ValueError("both systems must be ranked on the same cases")
    strata = [(a, b) for a, b in strata if a]
    if not strata:
        return None
    draw = random.Random(seed)
    lifts = []
    for _ in range(resamples):
        sample = []
        for a, b in strata:
            picks = [draw.randrange(len(a)) for _ in a]
            sample.append(([a[i] for i in picks], [b[i] for i in picks]))
        value = lift(sample)
        if value is not None:  # draws where the baseline scores 0 have no ratio
            lifts.append(value)
    if not lifts:
        return None
    lifts.sort()
    tail = (1 - confidence) / 2
    return lifts[int(tail * (len(lifts) - 1))], lifts[int(round((1 - tail) * (len(lifts) - 1)))]
