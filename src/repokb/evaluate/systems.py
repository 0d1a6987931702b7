"""repokb as a system under evaluation: a workspace of its own (a temporary REPOKB_HOME) that
indexes a copy of a project and answers the cases' questions; and the embedder that lets that
shadow reuse vectors already computed (the user's index, an earlier system of the same run).

This is the one module of the evaluation that calls the indexing and search operations.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from repokb.embedders.base import Embedder
from repokb.roots import ProjectRoot
from repokb.search import Query
from repokb.settings import Settings
from repokb.workspace import Workspace


@dataclass(frozen=True)
class Result:
    path: str
    start_line: int
    end_line: int
    dense_score: float | None = None
    symbol: str | None = None
    content: str = ""
    copies: tuple[Result, ...] = ()  # the same text at other paths (Hit.copies)


def vector_key(model: str, limit: int, text: str) -> str:
    """The key of a stored vector: the pipeline's text hash (`Chunk.text_hash`)."""
    return hashlib.sha256(f"{model}\n{limit}\n{text}".encode()).hexdigest()


class ReusingEmbedder(Embedder):
    """`inner`, remembering every document vector by (model, token limit, text), seeded with
    vectors that exist already: a text embedded once is never embedded again in the run."""

    def __init__(self, inner: Embedder, model: str,
                 known: dict[str, np.ndarray] | None = None,
                 cache: Path | None = None) -> None:
        self.inner, self.model = inner, model
        self.name, self.dimension = inner.name, inner.dimension
        self.max_tokens, self.batch_size = inner.max_tokens, inner.batch_size
        self.known: dict[str, np.ndarray] = dict(known or {})
        self.seeded = set(self.known)  # held by the user's index: never cached again
        self.index_held = False  # the user's index was held by another process: not read
        self.cache = cache  # vectors the evaluation computed, kept for the next one
        self.cached = _load(cache) if cache else {}
        self.used: set[str] = set()
        self.misses = 0
        self.embed_seconds = 0.0

    def _embed_batch(self, texts: list[str], *, is_query: bool, max_tokens: int) -> np.ndarray:
        return self.inner._embed_batch(texts, is_query=is_query, max_tokens=max_tokens)

    def embed_documents(self, texts: Sequence[str],
                        token_limits: Sequence[int] | None = None) -> np.ndarray:
        limits = self.limits_for(texts, token_limits)
        keys = [vector_key(self.model, n, t) for t, n in zip(texts, limits, strict=True)]
        self.used.update(keys)
        for key in keys:
            if key not in self.known and key in self.cached:
                self.known[key] = self.cached[key]
        missing = {k: (t, n) for k, t, n in zip(keys, texts, limits, strict=True)
                   if k not in self.known}
        if missing:
            started = time.perf_counter()
            vectors = self.inner.embed_documents([t for t, _ in missing.values()],
                                                 [n for _, n in missing.values()])
            self.embed_seconds += time.perf_counter() - started
            self.misses += len(missing)
            self.known.update(zip(missing, vectors, strict=True))
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for i, key in enumerate(keys):
            out[i] = self.known[key]
        return out

    def embed_query(self, text: str) -> np.ndarray:
        return self.inner.embed_query(text)

    def adopt(self, other: ReusingEmbedder) -> None:
        """Take the vectors `other` used into this one's cache (a `--compare` with another
        token limit wraps the same model twice, and both caches are one file)."""
        for key in other.used:
            if key in other.known:
                self.known.setdefault(key, other.known[key])
        self.used |= other.used

    def save(self) -> None:
        """Keep the vectors this run used that the user's index does not hold, and only
        those: the cache follows the repository instead of growing with every edit."""
        if self.cache is None:
            return
        keep = sorted(k for k in self.used if k in self.known and k not in self.seeded)
        try:
            self.cache.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.cache.with_suffix(".tmp.npz")
            vectors = np.stack([self.known[k] for k in keep]) if keep else \
                np.zeros((0, self.dimension), dtype=np.float32)
            np.savez(tmp, keys=np.array(keep, dtype=str), vectors=vectors)
            tmp.replace(self.cache)
        except OSError:  # a read-only home: the next evaluation embeds again
            pass


def _load(path: Path) -> dict[str, np.ndarray]:
    try:
        data = np.load(path)
        return dict(zip(data["keys"].tolist(), data["vectors"], strict=True))
    except (OSError, ValueError, KeyError):
        return {}


class RepokbSystem:
    """repokb end to end, on its own home: classifier, chunkers, enrichment, store, Searcher."""

    def __init__(self, name: str, settings: Settings, embedder: Embedder) -> None:
        self.name = name
        self.settings = settings
        self.ws = Workspace(settings)
        self.ws.__dict__["embedder"] = embedder
        self.index_seconds = 0.0
        self.chunks = 0

    @classmethod
    def at(cls, name: str, home: Path, embedder: Embedder, **overrides: Any) -> RepokbSystem:
        """A system on `home` with the defaults, the environment and `overrides`."""
        return cls(name, Settings.load(home=home, **overrides), embedder)

    def index(self, root: Path, project: str) -> None:
        started = time.perf_counter()
        report = self.ws.indexer.run([ProjectRoot(project, root.resolve())])
        self.ws.store.optimize()
        self.index_seconds = time.perf_counter() - started
        self.chunks = report.counts["chunks_created"]

    def indexed_files(self, project: str) -> list[str]:
        return sorted(e.path for e in self.ws.catalog.entries(project).values()
                      if e.status == "indexed")

    def search(self, text: str, project: str | None, limit: int = 10) -> list[Result]:
        """The top `limit` results in `project` (None: every project in the store)."""
        hits = self.ws.searcher.search(Query(text, limit=limit,
                                             projects=(project,) if project else ()))
        return [Result(h.path, h.start_line, h.end_line, h.provenance.get("dense_score"),
                       h.symbol, h.content,
                       tuple(Result(c.path, c.start_line, c.end_line, symbol=h.symbol)
                             for c in h.copies if c.project == h.project)) for h in hits]

    def chunks_of(self, project: str) -> dict[str, list[tuple[int, int, str]]]:
        """Every stored chunk's (start, end, content) by path: what the index holds."""
        out: dict[str, list[tuple[int, int, str]]] = {}
        for point in self.ws.store.export(project):
            p = point.payload
            out.setdefault(p["path"], []).append((p["start_line"], p["end_line"], p["content"]))
        return out

    def close(self) -> None:
        self.ws.close()


def known_vectors(settings: Settings, project: str) -> dict[str, np.ndarray] | None:
    """The dense vectors the user's index holds for `project`, by text hash, read without
    writing anything; {} when there is no store yet, None when another process holds it (a
    running `repokb serve` or `repokb index`: its owner socket serves no vectors)."""
    from repokb.errors import RepokbError, StoreBusyError

    if not settings.store_path.exists():
        return {}
    ws = Workspace(settings)
    try:
        points = ws.store.export(project)
    except StoreBusyError:
        return None
    except RepokbError:
        return {}
    finally:
        ws.close()
    return {p.payload["text_hash"]: np.asarray(p.dense, dtype=np.float32)
            for p in points if p.dense is not None and p.payload.get("text_hash")}
