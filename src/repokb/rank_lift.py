"""The one step of rank.py's lifts (`_lift_above`), rank_kinds.py's and rank_members.py's: a
candidate goes just above a score, and a factor records by how much it rose."""

from __future__ import annotations

from typing import Any

ABOVE = 1.0001  # "just above": a tie broken, no other order changed


def lift_above(candidate: Any, score: float, factor: str) -> None:
    """`candidate` (rank.py's `Candidate`) scores just above `score`; `factor` records the
    rise (times any rise it already recorded under that name)."""
    lifted = score * ABOVE
    candidate.factors[factor] = round(
        lifted / candidate.score * candidate.factors.get(factor, 1.0), 4)
    candidate.score = lifted
