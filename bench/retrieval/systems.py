"""The systems compared: repokb as shipped (through its own pipeline and Searcher) and the naive
approach the seeds started from (fixed 500/100 windows, BM25, dense, RRF of both), built on the
same files, the same embedding model and the same engine (Qdrant Edge), in the same run.

Both live in the package (`repokb.evaluate`, which `repokb eval` runs); this module adds what
only the benchmark needs: a vector cache kept between runs and the USE multilingual variant.
"""

from __future__ import annotations

import hashlib
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from repokb.embedders import create
from repokb.embedders.base import Embedder
from repokb.evaluate.baselines import NaiveSystem
from repokb.evaluate.systems import RepokbSystem, Result
from repokb.models import MINILM_GRAPH, ChunkPiece
from repokb.pipeline.enrich import prefix
from repokb.search import Searcher
from repokb.settings import Settings
from repokb.stores.base import StoredPoint

__all__ = ["CachingEmbedder", "MultilingualSearcher", "NaiveSystem", "RepokbSystem",
           "RepokbUseSystem", "Result", "stored_embed_text"]


def stored_embed_text(payload: dict[str, Any]) -> str:
    """The text a stored point was embedded from, as far as its payload tells: the enrichment
    prefix and the content (a member's container context is not stored)."""
    piece = ChunkPiece(payload["content"], payload["start_line"], payload["end_line"],
                       payload.get("symbol"), payload.get("symbol_type"))
    return prefix(payload["path"], piece) + piece.content


class CachingEmbedder(Embedder):
    """Document vectors remembered by text and token limit across runs (so re-running the
    benchmark after a ranking change costs no model time), one file per limit:
    `{stem}.npz` for 256 tokens, `{stem}-t{N}.npz` for N. Queries are never cached: latency
    includes them."""

    @classmethod
    def over(cls, inner: Embedder, folder: Path, stem: str, fresh: bool) -> CachingEmbedder:
        """`inner` with its vectors cached under `stem`; `fresh` times a cold index: it uses
        the stem `{stem}-fresh`, emptied first."""
        if fresh:
            stem += "-fresh"
            for old in folder.glob(f"{stem}*.npz"):
                old.unlink()
        return cls(inner, folder, stem)

    @classmethod
    def minilm(cls, folder: Path, settings: Settings, fresh: bool = False,
               layers: int = 6) -> CachingEmbedder:
        """The default model as `settings` run it (REPOKB_MAX_TOKENS, REPOKB_EMBED_INT8), its
        vectors cached apart per model variant and graph version (MINILM_GRAPH); `layers` below
        6: the graph cut after that encoder layer (bench/shallow_model.py), cached apart too."""
        options = {"max_tokens": settings.max_tokens, "batch_size": settings.embed_batch_size,
                   "int8": settings.embed_int8}
        if layers == 6:
            inner = create("minilm-onnx", **options)
        else:
            sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
            from shallow_model import shallow_embedder

            inner = shallow_embedder(layers, **options)
        stem = "vectors-int8" if settings.embed_int8 else "vectors"
        suffix = "" if layers == 6 else f"-layers{layers}"
        return cls.over(inner, folder, f"{stem}-graph{MINILM_GRAPH}{suffix}", fresh)

    def __init__(self, inner: Embedder, folder: Path, stem: str) -> None:
        self.inner, self.folder, self.stem = inner, folder, stem
        self.name, self.dimension = inner.name, inner.dimension
        self.max_tokens = inner.max_tokens
        self._caches: dict[int, dict[str, np.ndarray]] = {}
        self._added: set[int] = set()  # limits with vectors not saved yet
        self.misses = 0
        self.embed_seconds = 0.0

    def path(self, limit: int) -> Path:
        return self.folder / (f"{self.stem}.npz" if limit == 256 else f"{self.stem}-t{limit}.npz")

    def _cache(self, limit: int) -> dict[str, np.ndarray]:
        if limit not in self._caches:
            path, cache = self.path(limit), {}
            if path.is_file():
                data = np.load(path)
                cache = dict(zip(data["keys"].tolist(), data["vectors"], strict=True))
            self._caches[limit] = cache
        return self._caches[limit]

    @staticmethod
    def _key(text: str) -> str:
        return hashlib.sha1(text.encode("utf-8")).hexdigest()

    def _embed_batch(self, texts: list[str], *, is_query: bool, max_tokens: int) -> np.ndarray:
        return self.inner._embed_batch(texts, is_query=is_query, max_tokens=max_tokens)

    def embed_documents(self, texts: Any, token_limits: Any = None) -> np.ndarray:
        limits = self.limits_for(texts, token_limits)
        keys = [self._key(t) for t in texts]
        missing = sorted({(n, k): t for k, t, n in zip(keys, texts, limits, strict=True)
                          if k not in self._cache(n)}.items())
        if missing:
            started = time.perf_counter()
            vectors = self.inner.embed_documents([t for _, t in missing],
                                                 [n for (n, _), _ in missing])
            self.embed_seconds += time.perf_counter() - started
            self.misses += len(missing)
            for ((limit, key), _), vector in zip(missing, vectors, strict=True):
                self._cache(limit)[key] = vector
                self._added.add(limit)
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for i, (key, limit) in enumerate(zip(keys, limits, strict=True)):
            out[i] = self._cache(limit)[key]
        return out

    def embed_query(self, text: str) -> np.ndarray:
        return self.inner.embed_query(text)

    def save(self) -> None:
        """Write the caches that gained vectors since the last save."""
        for limit in sorted(self._added):
            cache, path = self._caches[limit], self.path(limit)
            if path.is_file():  # another run may have added vectors meanwhile: keep them
                data = np.load(path)
                for key, vector in zip(data["keys"].tolist(), data["vectors"], strict=True):
                    cache.setdefault(key, vector)
            tmp = path.with_suffix(".tmp.npz")
            np.savez(tmp, keys=np.array(list(cache)), vectors=np.stack(list(cache.values())))
            tmp.replace(path)
        self._added.clear()


class MultilingualSearcher(Searcher):
    """repokb's Searcher plus a third ranking: USE multilingual vectors of the same chunks
    (document and query side), searched exactly in memory and fused by RRF like the others.
    Only for measuring whether a cross-lingual second vector is worth its cost."""

    def __init__(self, base: Searcher, use: Embedder, ids: list[str],
                 payloads: list[dict[str, Any]], matrix: np.ndarray, weight: float) -> None:
        super().__init__(base.settings, base.store, base.embedder, base.lexical, base.catalog)
        self.use, self.ids, self.payloads, self.matrix = use, ids, payloads, matrix
        self.weight = weight

    def _rankings(self, understood: Any, where: Any, n: int, content: bool = True,
                  ) -> list[tuple[list[StoredPoint], float]]:
        rankings = super()._rankings(understood, where, n, content)
        vector = self.use.embed_query(understood.text)  # the original words: USE reads Spanish
        scores = self.matrix @ vector
        top = np.argsort(-scores)[:n]
        points = [StoredPoint(self.ids[i], float(scores[i]), self.payloads[i]) for i in top]
        return rankings + [(points, self.weight)]


class RepokbUseSystem(RepokbSystem):
    """repokb with USE multilingual as a second (cross-lingual) dense vector."""

    def __init__(self, name: str, home: Path, embedder: Embedder, use: CachingEmbedder,
                 weight: float = 1.0, **overrides: Any) -> None:
        super().__init__(name, Settings.load(home=home, **overrides), embedder)
        self.use, self.weight = use, weight

    def index(self, root: Path, project: str) -> None:
        super().index(root, project)
        points = self.ws.store.export(project)
        texts = [stored_embed_text(p.payload) for p in points]
        started = time.perf_counter()
        matrix = self.use.embed_documents(texts)
        self.index_seconds += time.perf_counter() - started
        self.ws.__dict__["searcher"] = MultilingualSearcher(
            self.ws.searcher, self.use, [p.id for p in points], [p.payload for p in points],
            matrix, self.weight)
