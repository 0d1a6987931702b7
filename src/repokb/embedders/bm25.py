"""The lexical side: BM25 sparse vectors with Qdrant's own BM25 embedder and code tokenizer.

The Code tokenizer splits camelCase, snake_case and paths while keeping the whole identifier,
so `getUserName` matches both "getUserName" and "user name". IDF is applied by the store
(sparse vector modifier), so documents carry only term-frequency weights.
"""

from __future__ import annotations

import qdrant_edge as q

SparseVector = tuple[list[int], list[float]]


class Bm25Encoder:
    name = "bm25-code"

    def __init__(self) -> None:
        self._model = q.Bm25(q.Bm25Config(tokenizer=q.TokenizerType.Code, language="english"))

    def document(self, text: str) -> SparseVector:
        vector = self._model.embed_document(text)
        return list(vector.indices), list(vector.values)

    def query(self, text: str) -> SparseVector:
        vector = self._model.embed_query(text)
        return list(vector.indices), list(vector.values)
