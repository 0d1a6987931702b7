"""Stage 5 — embed: dense and sparse vectors for the chunks that need new ones.

Vectors whose embedded text is already in the store, under any project, are reused (by text
hash: pipeline/store.py), so only new or edited text costs model time. Dense batches are
sorted by length inside the embedder.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import Any

from repokb.embedders.base import Embedder, LexicalEncoder
from repokb.models import PENDING, Chunk, EmbeddedChunk

# Texts per embedder call when someone watches progress: small enough to report often. Tokens
# are counted this many texts at a time too: the tokenizer's encodings of a whole page (512
# texts, each up to 512 tokens with its offsets and word pieces) took ~40 MB at once, and the
# allocator kept it for the rest of the run; 32 at a time, ~5 MB.
_PROGRESS_SLICE = 32


class Vectorizer:
    def __init__(self, embedder: Callable[[], Embedder], lexical: LexicalEncoder) -> None:
        self._embedder = embedder  # loaded on first use: an unchanged re-index never needs it
        self.lexical = lexical
        # vectors computed beforehand, by text_hash (uploads embed before taking the lock)
        self.ahead: dict[str, list[float]] = {}
        self.ahead_sparse: dict[str, tuple[list[int], list[float]]] = {}  # by embed_text
        # (embedded, to embed) of the current call, reported as the model works
        self.progress: Callable[[int, int], None] | None = None
        # which chunks never need a dense vector, and why (pipeline/lexical_only.py)
        self.never_dense: Callable[[Chunk], str | None] | None = None
        self.tokens = 0  # document tokens the model has read (cut at each text's limit)
        self._preparing: threading.Thread | None = None  # prepare_soon's thread

    def prepare_soon(self) -> None:
        """Load the model and open its document sessions on a thread of its own (0.1-0.3 s:
        onnxruntime and the tokenizer imported, the session built, mostly outside the
        interpreter's lock), so a run that found a changed file has them when its dense pass
        starts. An error waits for the first use, which loads again and raises it."""
        if self._preparing is not None:
            return

        def prepare() -> None:
            with contextlib.suppress(Exception):
                self._embedder().prepare_documents()

        self._preparing = threading.Thread(target=prepare, name="repokb-model-load",
                                           daemon=True)
        self._preparing.start()

    def settle(self) -> None:
        """Wait for `prepare_soon`'s thread: a run that ends (or fails) leaves no model half
        built behind it while the process closes."""
        if self._preparing is not None:
            self._preparing.join()

    def dense(self, chunks: list[Chunk]) -> dict[str, list[float]]:
        """Dense vectors by text hash, computed now."""
        fresh = {c.text_hash: c for c in chunks}
        if not fresh:
            return {}
        vectors = self.embed([c.model_text for c in fresh.values()],
                              [c.token_limit for c in fresh.values()])
        return {h: [float(x) for x in v] for h, v in zip(fresh, vectors, strict=True)}

    def sparse(self, chunks: list[Chunk]) -> dict[str, tuple[list[int], list[float]]]:
        """Lexical vectors by the text BM25 reads (not by text hash: two texts the dense text
        rules make one are still two texts to BM25), computed now."""
        return {c.embed_text: self.lexical.document(c.embed_text) for c in chunks}

    def vectorize(self, chunks: list[Chunk], reuse: dict[str, list[float]], *,
                  dense: bool = True) -> list[EmbeddedChunk]:
        """Chunks with vectors; `reuse` maps text_hash to an existing dense vector. With
        `dense=False` (the lexical-first pass) only reused vectors are set: the others are left
        for the dense pass (pipeline/dense.py). A chunk `lexical_reason` names gets no dense
        vector, embedded or reused (what a clean run writes)."""
        reuse = {**self.ahead, **reuse}
        never = {c.text_hash: reason for c in chunks
                 if (reason := self.lexical_reason(c)) is not None}
        fresh = {c.text_hash: c for c in chunks
                 if dense and c.text_hash not in reuse and c.text_hash not in never}
        texts = [c.model_text for c in fresh.values()]
        limits = [c.token_limit for c in fresh.values()]
        made: Any = self.embed(texts, limits) if texts else []
        vectors = dict(reuse)
        for text_hash, vector in zip(fresh, made, strict=True):
            vectors[text_hash] = [float(x) for x in vector]
        out = []
        for chunk in chunks:
            known = self.ahead_sparse.get(chunk.embed_text)
            indices, values = known or self.lexical.document(chunk.embed_text)
            # a chunk a rule keeps lexical-only stays so, even where its text has a vector
            vector = None if chunk.text_hash in never else vectors.get(chunk.text_hash)
            out.append(EmbeddedChunk(chunk, vector, indices, values,
                                     None if vector is not None
                                     else never.get(chunk.text_hash, PENDING)))
        return out

    def lexical_reason(self, chunk: Chunk) -> str | None:
        """Why this chunk never needs a dense vector (None: it does)."""
        return self.never_dense(chunk) if self.never_dense is not None else None

    def embed(self, texts: list[str], limits: list[int]) -> list[Any]:
        """Document vectors, counting the tokens the model reads (`tokens`): as the model
        reads them, when the embedder counts them so; else by its tokenizer, a slice at a
        time."""
        embedder = self._embedder()  # loading the model is not embedding progress
        if self.progress is None:
            return self._embed(embedder, texts, limits)
        self.progress(0, len(texts))
        dense: list[Any] = []
        for start in range(0, len(texts), _PROGRESS_SLICE):
            end = start + _PROGRESS_SLICE
            dense.extend(self._embed(embedder, texts[start:end], limits[start:end]))
            self.progress(len(dense), len(texts))
        return dense

    def _embed(self, embedder: Embedder, texts: list[str], limits: list[int]) -> list[Any]:
        vectors, read = embedder.embed_documents_counted(texts, limits)
        if read is None:
            for start in range(0, len(texts), _PROGRESS_SLICE):
                end = start + _PROGRESS_SLICE
                read = (read or 0) + embedder.count_tokens(texts[start:end], limits[start:end])
        self.tokens += read or 0
        return list(vectors)
