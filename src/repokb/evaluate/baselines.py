"""The naive baselines: what a team would build first (fixed 500/100-character windows of the
raw text, English BM25, the dense model, RRF of both), on the same files, the same embedding
model and the same engine (Qdrant Edge) as repokb, in the same run, so the difference is
repokb's cutting and ranking.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from repokb.chunkers import fixed_windows
from repokb.embedders.base import Embedder
from repokb.evaluate.systems import Result
from repokb.fusion import rrf
from repokb.models import Chunk, EmbeddedChunk
from repokb.rank import Candidate, shape
from repokb.settings import Settings
from repokb.stores.base import StoreFilter
from repokb.stores.qdrant_edge import QdrantEdgeStore


class NaiveSystem:
    """Fixed 500/100 windows of the raw text (no prefix), English BM25 (word tokens, stemming,
    stop words) and the dense model, read out three ways: BM25 alone, dense alone, and RRF."""

    rankings = ("naive-bm25", "naive-dense", "naive-rrf")
    # A control, not a baseline: the RRF ranking shaped by repokb's merge and per-file cap, to
    # show how much of repokb's lead comes from result shaping alone.
    control = "naive-rrf+shaping"

    def __init__(self, home: Path, embedder: Embedder) -> None:
        self.embedder = embedder
        import qdrant_edge as q

        self.store = QdrantEdgeStore(home / "naive-store", embedder.dimension)
        self.bm25: Any = q.Bm25(q.Bm25Config(language="english"))
        self.shaping = Settings()  # repokb's default merge and per-file settings
        self.index_seconds = 0.0
        self.chunks = 0

    def index(self, root: Path, project: str, files: list[str]) -> None:
        started = time.perf_counter()
        chunks = []
        for rel in files:
            try:
                text = (root / rel).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):  # binary or vanished: no windows
                continue
            for n, piece in enumerate(fixed_windows(text, 500, 100)):
                chunks.append(Chunk(project, rel, n, piece.start_line, piece.end_line,
                                    piece.content, piece.content, None, "window", "source",
                                    None, "primary_evidence", 0.5, "naive"))
        for start in range(0, len(chunks), 256):
            batch = chunks[start : start + 256]
            dense = self.embedder.embed_documents([c.embed_text for c in batch])
            points = []
            for chunk, vector in zip(batch, dense, strict=True):
                sparse = self.bm25.embed_document(chunk.content)
                points.append(EmbeddedChunk(chunk, [float(x) for x in vector],
                                            list(sparse.indices), list(sparse.values)))
            self.store.upsert(points)
        self.store.optimize()
        self.chunks = len(chunks)
        self.index_seconds = time.perf_counter() - started

    def search(self, text: str, limit: int = 10, candidates: int = 50) -> dict[str, list[Result]]:
        dense = [float(x) for x in self.embedder.embed_query(text)]
        sparse = self.bm25.embed_query(text)
        dense_hits, lexical_hits = self.store.search(
            dense, (list(sparse.indices), list(sparse.values)), StoreFilter(), candidates)
        by_id = {p.id: p for p in dense_hits + lexical_hits}
        scores = {p.id: p.score for p in dense_hits}
        fused = rrf([(dense_hits, 1.0), (lexical_hits, 1.0)], 60)
        fused_ids = sorted(fused, key=lambda i: -fused[i])

        def results(ids: list[str]) -> list[Result]:
            out = []
            for i in ids[:limit]:
                p = by_id[i].payload
                out.append(Result(p["path"], p["start_line"], p["end_line"], scores.get(i),
                                  None, p["content"]))
            return out

        fused_candidates = []
        for i in fused_ids:
            c = Candidate(i, by_id[i].payload, fused[i], None, None, scores.get(i))
            c.score = c.fused
            fused_candidates.append(c)
        shaped = [Result(g.best.payload["path"], g.start_line, g.end_line, g.best.dense_score)
                  for g in shape(fused_candidates, limit, self.shaping)]
        return {"naive-bm25": results([p.id for p in lexical_hits]),
                "naive-dense": results([p.id for p in dense_hits]),
                "naive-rrf": results(fused_ids),
                self.control: shaped}

    def close(self) -> None:
        self.store.close()
