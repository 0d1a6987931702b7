"""The last query vectors by text, so one question is embedded once (the proxy's cache lookup
and the search after it; a widened page)."""

from __future__ import annotations

import threading
from collections import OrderedDict

import numpy as np

from repokb.embedders.base import Embedder


class QueryVectors:
    """The last `size` query vectors by text: the proxy's cache lookup and the search after it
    embed the same question once, and a widened page re-uses its query's vector."""

    def __init__(self, embedder: Embedder, size: int = 256) -> None:
        self.embedder = embedder
        self.size = size
        self._memo: OrderedDict[str, list[float]] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, text: str) -> list[float]:
        with self._lock:
            known = self._memo.get(text)
            if known is not None:
                self._memo.move_to_end(text)
                return list(known)  # the caller's own copy
        vector: list[float] = np.asarray(self.embedder.embed_query(text)).tolist()
        with self._lock:
            self._memo[text] = vector
            while len(self._memo) > self.size:
                self._memo.popitem(last=False)
        return list(vector)
