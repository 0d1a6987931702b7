"""Ranking metrics, at chunk and at file level, with bootstrap intervals.

A query has one target or several (a commit changes several definitions); a result is relevant
when it is relevant to any of them. A result is relevant at chunk level when it lies in a
target's file and overlaps the target's line range by at least half of the target or at least
half of the result: a small window inside a long function counts, and so does a
definition-sized chunk that holds a small target, but a window that merely touches the target's
edge does not. At file level a result is relevant when
it is in a target file; results are reduced to distinct files in order first. A result that
lists copies of its text (`Hit.copies`: a README copied as docs/index.md) is relevant when it or
any copy is: the user reads the same text; it spends its own lines only.

The rank of the first relevant result decides every metric: Recall@k = share of queries with it
in the top k; MRR@10 = mean 1/rank (0 beyond 10); nDCG@10 = mean 1/log2(rank + 1) (the ideal
DCG is 1, the first relevant result counted). MRR@budget: the results are read in order until
`budget` lines have been read; a relevant result counts only if it ends within the budget, so a
long result (a whole file) is never free: it spends the reader's lines.

The samples are small (tens of cases per corpus and kind), so every figure comes with a
bootstrap interval, and a lift or a difference with a paired one: the cases are resampled
with replacement, both systems on the same draw; pooled over corpora, each corpus is
resampled on its own and weighs the same.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from typing import Protocol


class Span(Protocol):
    @property
    def path(self) -> str: ...

    @property
    def start_line(self) -> int: ...

    @property
    def end_line(self) -> int: ...


def places(result: Span) -> list[Span]:
    """The result and the copies folded into it (`Hit.copies`: the same text at other paths):
    any of them is as right as the result, since the user reads the same text."""
    return [result, *getattr(result, "copies", ())]


def relevant(result: Span, target: Span) -> bool:
    """Whether the result, or a copy of its text, is relevant to the target (chunk level)."""
    return any(overlaps(place, target) for place in places(result))


def overlaps(result: Span, target: Span) -> bool:
    if result.path != target.path:
        return False
    inside = min(result.end_line, target.end_line) - max(result.start_line, target.start_line) + 1
    if inside <= 0:
        return False
    result_lines = result.end_line - result.start_line + 1
    target_lines = target.end_line - target.start_line + 1
    return inside * 2 >= target_lines or inside * 2 >= result_lines


def first_rank(results: Sequence[Span], targets: Sequence[Span], level: str) -> int | None:
    """1-based rank of the first result relevant to any target (None: none in `results`)."""
    if level == "chunk":
        for rank, result in enumerate(results, 1):
            if any(relevant(result, target) for target in targets):
                return rank
        return None
    files: dict[str, set[str]] = {}  # each file's path, and its copies' paths
    for result in results:
        files.setdefault(result.path, set()).update(p.path for p in places(result))
    paths = {target.path for target in targets}
    return next((n for n, held in enumerate(files.values(), 1) if held & paths), None)


def budget_rank(results: Sequence[Span], targets: Sequence[Span], budget: int) -> int | None:
    """The chunk-level rank of the first relevant result when it ends within the first
    `budget` result lines read in order, else None."""
    spent = 0
    for rank, result in enumerate(results, 1):
        spent += result.end_line - result.start_line + 1
        if spent > budget:
            return None
        if any(relevant(result, target) for target in targets):
            return rank
    return None


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


def _per_case(metric: str, rank: int | None) -> float:
    if rank is None or rank > 10:
        return 0.0
    if metric.startswith("R@"):
        return 1.0 if rank <= int(metric[2:]) else 0.0
    if metric == "nDCG@10":
        return 1 / math.log2(rank + 1)
    return 1 / rank  # MRR@10, MRR@budget


def interval(ranks: Sequence[int | None], metric: str, resamples: int = 1000,
             confidence: float = 0.95, seed: int = 0) -> tuple[float, float] | None:
    """Percentile bootstrap interval of `metric` (R@k, MRR@10, nDCG@10) over the cases."""
    values = [_per_case(metric, r) for r in ranks]
    if not values:
        return None
    draw = random.Random(seed)
    n = len(values)
    means = sorted(sum(values[draw.randrange(n)] for _ in range(n)) / n
                   for _ in range(resamples))
    return _percentiles(means, confidence)


def difference(ours: Ranks, theirs: Ranks, metric: str = "MRR@10", resamples: int = 1000,
               confidence: float = 0.95,
               seed: int = 0) -> tuple[float, tuple[float, float] | None]:
    """Mean difference of `metric` (ours - theirs) on the same cases, with a paired bootstrap
    interval: each draw resamples the cases, both systems' answers to a case together."""
    if len(ours) != len(theirs):
        raise ValueError("both systems must be ranked on the same cases")
    deltas = [_per_case(metric, a) - _per_case(metric, b) for a, b in zip(ours, theirs,
                                                                          strict=True)]
    if not deltas:
        return 0.0, None
    draw = random.Random(seed)
    n = len(deltas)
    means = sorted(sum(deltas[draw.randrange(n)] for _ in range(n)) / n
                   for _ in range(resamples))
    return sum(deltas) / n, _percentiles(means, confidence)


def _percentiles(sorted_values: list[float], confidence: float) -> tuple[float, float]:
    tail = (1 - confidence) / 2
    last = len(sorted_values) - 1
    return sorted_values[int(tail * last)], sorted_values[int(round((1 - tail) * last))]


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
