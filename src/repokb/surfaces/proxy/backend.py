"""The one place the proxy reaches the knowledge base: search, question vectors, chunk hashes
and the answer cache, each through repokb's operations (`repokb.service`)."""

from __future__ import annotations

import logging
from typing import Any

from repokb import service as operations
from repokb.errors import RepokbError
from repokb.models import Hit
from repokb.search import Query
from repokb.stores.answers import AnswerCache
from repokb.workspace import Workspace

log = logging.getLogger("repokb.proxy")


class Backend:
    def __init__(self, ws: Workspace) -> None:
        self.ws = ws

    def warm(self) -> None:
        _ = self.ws.embedder, self.ws.searcher
        try:
            _ = self.ws.answers
        except RepokbError as exc:  # the proxy still serves: each lookup fails over to MISS
            log.warning("proxy: the answer cache cannot be opened: %s", exc.message)

    def search(self, text: str, projects: tuple[str, ...], limit: int) -> list[Hit]:
        found = operations.search(self.ws, Query(text=text, limit=limit, projects=projects,
                                                 explain=True))
        return [Hit(**h) for h in found]

    def embed(self, text: str) -> list[float]:
        return operations.embed_question(self.ws, text)

    def chunk_hashes(self, project: str, path: str) -> dict[int, str]:
        return operations.chunk_hashes(self.ws, project, path)

    @property
    def answers(self) -> AnswerCache:
        return self.ws.answers

    def cache_stats(self) -> dict[str, Any]:
        return operations.cache_stats(self.ws)

    def cache_flush(self) -> int:
        return operations.cache_flush(self.ws)
