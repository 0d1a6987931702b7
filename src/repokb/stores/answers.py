"""The proxy's semantic cache: (question -> answer) entries in a store of their own.

Kept apart from the knowledge points (another Qdrant Edge shard under `$REPOKB_HOME/cache`), so
flushing either never touches the other and a chunk search can never return a cached answer. An
entry is one point: the embedded (redacted) question as its dense vector, and a payload with the
scope (the projects the question was asked about), the answer text and the chunks it was built
on. The Store interface does not fit (its points are chunks), so this is a small interface of
its own; the engine behind it is in stores/edge_answers.py (`QdrantEdgeAnswers`), opened the same
way as the knowledge store (single-process lock -> StoreBusyError, engine errors -> StoreError).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class CachedAnswer:
    id: str
    score: float
    payload: dict[str, Any]


class AnswerCache(ABC):
    @abstractmethod
    def nearest(self, vector: list[float], scope: str, limit: int = 3) -> list[CachedAnswer]:
        """Entries of one scope, most similar question first."""

    @abstractmethod
    def put(self, entry_id: str, vector: list[float], payload: dict[str, Any]) -> None: ...

    @abstractmethod
    def delete(self, ids: list[str]) -> None: ...

    @abstractmethod
    def entries(self) -> list[CachedAnswer]:
        """Every entry's payload (for stats and checks)."""

    @abstractmethod
    def count(self) -> int: ...

    @abstractmethod
    def flush(self) -> int:
        """Delete every entry; returns how many there were."""

    @abstractmethod
    def close(self) -> None: ...
