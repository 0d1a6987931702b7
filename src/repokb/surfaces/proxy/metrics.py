"""What the dashboard shows about the proxy: outcomes, latencies, tokens, the last requests.

Kept in memory for the process's lifetime; a question is stored redacted, its bare
random-looking tokens masked too (`values.random_tokens`: redaction leaves them, and the
dashboard shows every client's questions), and cut short."""

from __future__ import annotations

import statistics
import threading
import time
from collections import deque
from typing import Any

from repokb.rules.secret_patterns import REDACTED
from repokb.secrets.values import random_tokens

OUTCOMES = ("HIT", "CACHE-RAG", "KNOWLEDGE-RAG", "MISS")


def _masked(text: str) -> str:
    for start, end in reversed(random_tokens(text)):
        text = text[:start] + REDACTED + text[end:]
    return text


def _percentiles(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"p50": None, "p99": None}
    if len(values) == 1:
        return {"p50": round(values[0], 2), "p99": round(values[0], 2)}
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return {"p50": round(cuts[49], 2), "p99": round(cuts[98], 2)}


class Metrics:
    def __init__(self, recent: int = 50, window: int = 2000) -> None:
        self._lock = threading.Lock()
        self.outcomes = dict.fromkeys(OUTCOMES, 0)
        self.warnings = 0
        self.upstream_errors = 0
        self.tokens_injected = 0
        self.cached = 0
        self._added: deque[float] = deque(maxlen=window)
        self._upstream: deque[float] = deque(maxlen=window)
        self.recent: deque[dict[str, Any]] = deque(maxlen=recent)

    def warn(self) -> None:
        with self._lock:
            self.warnings += 1

    def stored(self) -> None:
        with self._lock:
            self.cached += 1

    def record(self, *, protocol: str, outcome: str, question: str | None,
               projects: tuple[str, ...], files: tuple[str, ...], tokens: int,
               added_ms: float, upstream_ms: float | None, status: int) -> None:
        with self._lock:
            self.outcomes[outcome] += 1
            self.tokens_injected += tokens
            self._added.append(added_ms)
            if upstream_ms is not None:
                self._upstream.append(upstream_ms)
            if status >= 500:
                self.upstream_errors += 1
            self.recent.appendleft({
                "time": time.time(), "protocol": protocol, "outcome": outcome,
                "question": _masked(question or "")[:160], "projects": list(projects),
                "files": list(files)[:8], "tokens": tokens, "status": status,
                "added_ms": round(added_ms, 1),
                "upstream_ms": round(upstream_ms, 1) if upstream_ms is not None else None})

    def snapshot(self) -> dict[str, Any]:
        with self._lock:
            return {"outcomes": dict(self.outcomes), "warnings": self.warnings,
                    "upstream_errors": self.upstream_errors,
                    "tokens_injected": self.tokens_injected, "answers_cached": self.cached,
                    "added_ms": _percentiles(list(self._added)),
                    "upstream_ms": _percentiles(list(self._upstream)),
                    "recent": list(self.recent)}
