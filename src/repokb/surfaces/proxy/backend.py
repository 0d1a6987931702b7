"""The one place the proxy reaches the knowledge base: search, question vectors, chunk hashes
and the answer cache's stats and flush, each an operation of `repokb.operations`; the cache's
own lookups and writes go to the workspace's answer shard (stores/answers.py)."""

from __future__ import annotations

import logging
from typing import Any

from repokb.errors import RepokbError
from repokb.models import Hit
from repokb.operations import LOCAL, Access, Operations
from repokb.search import Query
from repokb.stores.answers import AnswerCache

log = logging.getLogger("repokb.proxy")


class Backend:
    def __init__(self, ops: Operations) -> None:
        self.ops = ops

    def warm(self) -> None:
        """Open the model, the searcher and the answer cache before the first request."""
        _ = self.ops.ws.embedder, self.ops.ws.searcher
        try:
            _ = self.ops.ws.answers
        except RepokbError as exc:  # the proxy still serves: each lookup fails over to MISS
            log.warning("proxy: the answer cache cannot be opened: %s", exc.message)

    def search(self, text: str, projects: tuple[str, ...], limit: int) -> list[Hit]:
        found = self.ops.search(Query(text=text, limit=limit, projects=projects, explain=True))
        return [Hit.from_json(h) for h in found]

    def projects_meant(self, projects: tuple[str, ...]) -> tuple[str, ...]:
        return self.ops.projects_meant(projects)

    def embed(self, text: str) -> list[float]:
        return self.ops.embed_question(text)

    def chunk_hashes(self, project: str, path: str) -> dict[int, str]:
        return self.ops.chunk_hashes(project, path)

    @property
    def answers(self) -> AnswerCache:
        return self.ops.ws.answers

    def cache_stats(self) -> dict[str, Any]:
        return self.ops.cache_stats()

    def cache_flush(self, access: Access = LOCAL) -> dict[str, Any]:
        return self.ops.cache_flush(access)
