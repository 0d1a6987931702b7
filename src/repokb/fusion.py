"""The rankings fused: weighted reciprocal rank fusion of the dense and lexical rankings (and
the definitions looked up by name), a question's two dense readings joined into one ranking,
and a tie at a page's end settled so that the same store gives the same answer however it got
there. Fusion happens here rather than inside the engine so every store backend ranks the same
way (search.py asks the store and shapes the answer).
"""

from __future__ import annotations

from repokb.rank import Candidate
from repokb.stores.base import StoredPoint


def rrf(rankings: list[tuple[list[StoredPoint], float]], k: int) -> dict[str, float]:
    """Weighted reciprocal rank fusion: sum of weight / (k + rank) over the rankings."""
    fused: dict[str, float] = {}
    for points, weight in rankings:
        for rank, point in enumerate(points, 1):
            fused[point.id] = fused.get(point.id, 0.0) + weight / (k + rank)
    return fused


def fused_candidates(rankings: list[tuple[list[StoredPoint], float]], k: int,
                     seen: set[str], tier: int) -> list[Candidate]:
    """The rankings fused (RRF), as candidates with their ranks, found at depth `tier`; those
    in `seen` left out."""
    dense_hits, lexical_hits = rankings[0][0], rankings[1][0]
    fused = rrf(rankings, k)
    payloads = {p.id: p.payload for points, _ in rankings for p in points}
    dense_rank = {p.id: i for i, p in enumerate(dense_hits, 1)}
    lexical_rank = {p.id: i for i, p in enumerate(lexical_hits, 1)}
    dense_score = {p.id: p.score for p in dense_hits}
    return [Candidate(i, payloads[i], score, dense_rank.get(i), lexical_rank.get(i),
                      dense_score.get(i), tier=tier)
            for i, score in fused.items() if i not in seen]


def _straddles(points: list[StoredPoint], limit: int, n: int) -> bool:
    """Whether the engine may have left out points scoring as much as the n-th best: it
    returned a full page, and its last score equals the n-th best."""
    if len(points) < max(limit, n):
        return False
    scores = sorted((p.score for p in points), reverse=True)
    return scores[n - 1] == scores[-1]


def unsettled(points: list[StoredPoint], limit: int, n: int) -> bool:
    """A tie straddles the page's end and starts in the first half of the top n: leaving the
    tie out (`settle`) would leave too few; only a bigger page settles it."""
    if not _straddles(points, limit, n):
        return False
    last = min(p.score for p in points)
    return sum(p.score > last for p in points) < n // 2


def settle(points: list[StoredPoint], limit: int, n: int) -> list[StoredPoint]:
    """The top n, equal scores by point id. A tie straddling the page's end is left out whole
    (which of its points the engine returned depends on the store's write history): what is
    left, every point scoring more, is the same however the store got there."""
    ordered = sorted(points, key=lambda p: (-p.score, p.id))
    if _straddles(points, limit, n):
        above = [p for p in ordered if p.score > ordered[-1].score]
        ordered = above or ordered  # all tied even at the widest page: best effort
    return ordered[:n]


def better_reading(named: list[StoredPoint], unnamed: list[StoredPoint],
                   n: int) -> list[StoredPoint]:
    """One dense ranking of a question read with the name of the project it is scoped to and
    without it: a piece of documentation by the first reading (the name is a word of the
    project's prose: "Does Black have an API?"), any other by the better of the two (it is
    no word of its code: cobra's `Command.Find`); the top n, best first, equal scores by id.
    (Measured: with documentation by its better reading too, run.py --name-project's black
    doc questions lost 0.487 -> 0.454 MRR@10; bench/RESULTS.md, rank34.)"""
    best: dict[str, StoredPoint] = {}
    code = (p for p in unnamed if p.payload.get("kind") != "documentation")
    for point in (*named, *code):
        if point.id not in best or point.score > best[point.id].score:
            best[point.id] = point
    return sorted(best.values(), key=lambda p: (-p.score, p.id))[:n]
