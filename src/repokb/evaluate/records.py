"""The records an evaluation passes between its runner and its reports."""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from pathlib import Path

from repokb.evaluate.systems import Result

SOURCES = ("docstring", "history", "heading", "user")


@dataclass(frozen=True)
class Options:
    path: Path
    project: str | None = None
    cases: int = 60  # per query source
    budget: int = 200  # result lines a reader reads (MRR@budget)
    baselines: bool = True
    compare: Path | None = None  # a settings TOML to compare against the current settings
    worst: int = 25  # cases shown in the HTML report


@dataclass
class Answer:
    """One system's answer to one case."""

    system: str
    chunk: int | None
    budget: int | None
    file: int | None
    ms: float
    top: list[Result]


def latency(answers: list[Answer]) -> dict[str, float]:
    values = [a.ms for a in answers]
    p95 = statistics.quantiles(values, n=20)[18] if len(values) > 1 else values[0]
    return {"query_p50_ms": round(statistics.median(values), 1),
            "query_p95_ms": round(p95, 1)}
