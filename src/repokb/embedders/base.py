"""The embedder interface. The base class sorts by length, batches and checks shapes; a backend
writes only `_embed_batch`. Documents and queries stay separate methods all the way through,
so a backend with asymmetric encoders (or query instructions) can tell them apart.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np

from repokb.errors import ConfigError, ModelError


class Embedder(ABC):
    name: str
    dimension: int
    batch_size: int = 32
    # Measured documents per second on the reference machine (2 cores), for cost estimates
    # before indexing (`repokb index --dry-run`); None when a backend has not been measured.
    chunks_per_second: float | None = None

    @abstractmethod
    def _embed_batch(self, texts: list[str], *, is_query: bool) -> np.ndarray:
        """L2-normalised float32 vectors, one row per text."""

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        # Sorting by length keeps padding (and so wasted attention work) small per batch.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for start in range(0, len(order), self.batch_size):
            idx = order[start : start + self.batch_size]
            vectors = self._embed_batch([texts[i] for i in idx], is_query=False)
            if vectors.shape != (len(idx), self.dimension):
                raise ModelError(f"{self.name} returned shape {vectors.shape}, "
                                 f"expected {(len(idx), self.dimension)}.")
            out[idx] = vectors
        return out

    def embed_query(self, text: str) -> np.ndarray:
        vector: np.ndarray = self._embed_batch([text], is_query=True)[0]
        return vector


class LexicalEncoder(Protocol):
    """The lexical side: text to a BM25 sparse vector (indices, weights); IDF is the store's."""

    name: str

    def document(self, text: str) -> tuple[list[int], list[float]]: ...

    def query(self, text: str) -> tuple[list[int], list[float]]: ...


_BACKENDS: dict[str, type[Embedder]] = {}


def register(name: str, backend: type[Embedder]) -> None:
    _BACKENDS[name] = backend


def backend(name: str) -> type[Embedder]:
    """The backend class (its `dimension` is known without loading the model)."""
    if name not in _BACKENDS:
        raise ConfigError(f"Unknown embedder {name!r}.",
                          hint="Available: " + ", ".join(sorted(_BACKENDS)))
    return _BACKENDS[name]


def create(name: str, **options: Any) -> Embedder:
    return backend(name)(**options)
