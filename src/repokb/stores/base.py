"""The vector store interface: a few methods a backend implements for one data model.

Points are chunks: id = point_id(project, path, chunk_index), a named dense vector "dense", a
named sparse vector "bm25" (IDF applied by the engine) and the chunk payload. A point may lack
the dense vector (written lexical-first, or never worth one): its payload's `lexical_only` says
why, dense search does not see it, BM25 does; `fill_dense` adds the vector later. Filters arrive as
`StoreFilter`; each backend translates them to its own engine's filter type.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from repokb.errors import ConfigError, StoreError
from repokb.models import LEXICAL_ONLY, PENDING, EmbeddedChunk

DENSE = "dense"
SPARSE = "bm25"
# payload fields every backend indexes as keywords (the filters: project, path glob, kind ...;
# lexical_only: the points still without a dense vector, and why)
KEYWORD_FIELDS = ("project", "path", "kind", "language", "role", LEXICAL_ONLY)


@dataclass(frozen=True)
class StoreFilter:
    projects: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()
    paths: tuple[str, ...] | None = None  # None: any path; (): no path matched


@dataclass(frozen=True)
class StoredPoint:
    id: str
    score: float
    payload: dict[str, Any]
    dense: list[float] | None = None


@dataclass(frozen=True)
class RawPoint:
    """A point exactly as stored: both vectors (sparse values before IDF) and the payload, for
    moving an index between stores without re-embedding."""

    id: str
    dense: list[float]  # empty: a lexical-only point
    sparse: tuple[list[int], list[float]]
    payload: dict[str, Any]


class Store(ABC):
    # True when other processes, maybe on other machines with their own catalogs, write the
    # same store (a Qdrant server): then a catalog vouches only for its own projects.
    shared: bool = False

    @abstractmethod
    def upsert(self, points: list[EmbeddedChunk]) -> None: ...

    @abstractmethod
    def file_points(self, project: str, path: str) -> list[StoredPoint]:
        """Every point of one file, payload without content (for incremental diffing):
        chunk_index, text_hash, start/end line and lexical_only (when set)."""

    def file_chunks(self, project: str, path: str) -> list[StoredPoint]:
        """Every point of one file with its whole payload (content included), in chunk order:
        what `get_context` widens a hit with. A backend that cannot list them says so."""
        raise StoreError(f"The {type(self).__name__} store cannot list a file's chunks.",
                         hint="Use the default store (qdrant-edge) for file context.")

    @abstractmethod
    def dense_vectors(self, ids: list[str]) -> dict[str, list[float]]: ...

    @abstractmethod
    def export(self, project: str | None = None) -> list[StoredPoint]:
        """Every point (payload and dense vector) of one project or all: for checks and moves."""

    @abstractmethod
    def scroll_raw(self, offset: str | None, limit: int) -> tuple[list[RawPoint], str | None]:
        """One page of points in id order from `offset` (None: the first), and the offset of
        the next page (None: this was the last)."""

    @abstractmethod
    def write_raw(self, points: list[RawPoint]) -> None:
        """Upsert points as they are (ids, vectors and payloads from `scroll_raw`)."""

    @abstractmethod
    def scroll_pending(self, project: str, kinds: tuple[str, ...], exclude: tuple[str, ...],
                       offset: str | None, limit: int,
                       ) -> tuple[list[StoredPoint], str | None]:
        """One page of the project's points waiting for a dense vector (`lexical_only` =
        pending), whole payloads, in id order from `offset`; only `kinds` (when given), none of
        `exclude`. Returns the page and the next offset (None: the last page)."""

    @abstractmethod
    def fill_dense(self, vectors: dict[str, list[float]]) -> None:
        """Give points their dense vector (by id) and drop their lexical-only marks."""

    def lexical_only(self, project: str | None = None) -> dict[str, int]:
        """Points without a dense vector, by reason (`pending`: the model has yet to reach
        them)."""
        return self.facet(LEXICAL_ONLY, project)

    def dense_pending(self, project: str | None = None) -> int:
        return self.lexical_only(project).get(PENDING, 0)

    @abstractmethod
    def prune(self, project: str, path: str, keep_count: int) -> None:
        """Delete the file's points with chunk_index >= keep_count (0 deletes the file)."""

    @abstractmethod
    def delete_project(self, project: str | None) -> None:
        """Delete one project's points, or every point when project is None."""

    @abstractmethod
    def search(self, dense: list[float] | None, sparse: tuple[list[int], list[float]],
               where: StoreFilter, limit: int) -> tuple[list[StoredPoint], list[StoredPoint]]:
        """(dense hits, lexical hits), each best first, with payloads; no dense hits when
        `dense` is None (the embedding service is down: BM25 alone answers)."""

    @abstractmethod
    def count(self, project: str | None = None) -> int: ...

    @abstractmethod
    def facet(self, key: str, project: str | None = None) -> dict[str, int]: ...

    def compact(self) -> bool:
        """Rewrite the store from its live points so nothing overwritten or deleted stays on
        disk; False where the backend cannot (a Qdrant server keeps its own files)."""
        return False

    def optimize(self) -> None:  # noqa: B027  (optional hook: most engines need nothing)
        """Compact and build indexes after a large write (no-op where the engine does it)."""

    def close(self) -> None:  # noqa: B027  (optional hook)
        """Release the store (and any lock on it)."""


_FACTORIES: dict[str, Callable[..., Store]] = {}


def register(name: str, factory: Callable[..., Store]) -> None:
    _FACTORIES[name] = factory


def create(name: str, **options: Any) -> Store:
    if name not in _FACTORIES:
        raise ConfigError(f"Unknown store {name!r}.",
                          hint="Available: " + ", ".join(sorted(_FACTORIES)))
    return _FACTORIES[name](**options)
