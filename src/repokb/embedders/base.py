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
    max_tokens: int = 256  # the limit for texts that name none (and for queries)
    # Measured document tokens per second on the reference machine (2 cores), for cost
    # estimates before indexing (`repokb index --dry-run`); None when not measured. Tokens, not
    # chunks: the cost of a chunk follows its length and its token limit.
    tokens_per_second: float | None = None
    remote = False  # a service over the network, which may be down while the store is not

    @abstractmethod
    def _embed_batch(self, texts: list[str], *, is_query: bool, max_tokens: int) -> np.ndarray:
        """L2-normalised float32 vectors, one row per text, each text cut at `max_tokens`."""

    def embed_documents(self, texts: Sequence[str],
                        token_limits: Sequence[int] | None = None) -> np.ndarray:
        """One vector per text; `token_limits` gives each text its own cut (default: the
        backend's `max_tokens`)."""
        limits = self.limits_for(texts, token_limits)
        # Sorting by limit, then length, keeps each batch under one limit and its padding (wasted
        # attention work) small.
        order = sorted(range(len(texts)), key=lambda i: (limits[i], len(texts[i])))
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        start = 0
        while start < len(order):
            limit = limits[order[start]]
            idx = order[start : start + self.batch_size]
            idx = [i for i in idx if limits[i] == limit]
            vectors = self._embed_batch([texts[i] for i in idx], is_query=False, max_tokens=limit)
            if vectors.shape != (len(idx), self.dimension):
                raise ModelError(f"{self.name} returned shape {vectors.shape}, "
                                 f"expected {(len(idx), self.dimension)}.")
            out[idx] = vectors
            start += len(idx)
        return out

    def embed_documents_counted(self, texts: Sequence[str],
                                token_limits: Sequence[int] | None = None,
                                ) -> tuple[np.ndarray, int | None]:
        """`embed_documents`, and the tokens the model read for these texts when the backend
        counts them as it embeds (as `count_tokens` would); None: it does not, ask
        `count_tokens` (a second pass of the tokenizer over the same texts)."""
        return self.embed_documents(texts, token_limits), None

    def limits_for(self, texts: Sequence[str],
                   token_limits: Sequence[int] | None) -> list[int]:
        """One token limit per text: the ones given, or the backend's `max_tokens` for all."""
        limits = list(token_limits) if token_limits is not None else [self.max_tokens] * len(texts)
        if len(limits) != len(texts):
            raise ValueError("token_limits must have one entry per text")
        return limits

    def count_tokens(self, texts: Sequence[str],
                     token_limits: Sequence[int] | None = None) -> int:
        """Tokens the model reads for these documents, each cut at its limit: the cost of
        embedding them. A backend with a tokenizer counts exactly; this estimate takes four
        characters a token."""
        limits = self.limits_for(texts, token_limits)
        return sum(min(limit, len(text) // 4 + 2) for text, limit in zip(texts, limits,
                                                                          strict=True))

    def prepare_documents(self) -> None:  # noqa: B027  (optional hook)
        """Open now what embedding documents needs (a local model's sessions), as the first
        `embed_documents` would: a run that found a changed file opens it while it walks."""

    def close(self) -> None:  # noqa: B027  (optional hook: a local model holds nothing)
        """Release what the backend holds (a remote one: its HTTP connections)."""

    def embed_query(self, text: str) -> np.ndarray:
        vector: np.ndarray = self._embed_batch([text], is_query=True,
                                               max_tokens=self.max_tokens)[0]
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
