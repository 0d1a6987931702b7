"""A workspace: the catalog, store and models under one REPOKB_HOME, opened on first use.

Surfaces hold one workspace and close it when done; opening the store takes the shard's
single-process lock, so it is opened only by commands that need it.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from repokb.embedders import Embedder, backend
from repokb.embedders import create as create_embedder
from repokb.embedders import load_builtins as load_embedders
from repokb.embedders.bm25 import Bm25Encoder
from repokb.pipeline import Indexer
from repokb.pipeline.embed import Vectorizer
from repokb.search import Searcher
from repokb.settings import Settings
from repokb.stores import Store
from repokb.stores import create as create_store
from repokb.stores import load_builtins as load_stores
from repokb.stores.catalog import Catalog


class Workspace:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    @cached_property
    def catalog(self) -> Catalog:
        return Catalog(self.settings.catalog_path)

    @cached_property
    def embedder(self) -> Embedder:
        return self.new_embedder()

    def new_embedder(self) -> Embedder:
        """A fresh model session (the server gives index jobs their own)."""
        load_embedders()
        return create_embedder(self.settings.embedder, max_tokens=self.settings.max_tokens,
                               batch_size=self.settings.embed_batch_size)

    @cached_property
    def lexical(self) -> Bm25Encoder:
        return Bm25Encoder()

    @cached_property
    def store(self) -> Store:
        load_stores()
        load_embedders()
        dimension = backend(self.settings.embedder).dimension  # no model load needed
        return create_store(self.settings.store, path=self.settings.store_path,
                            dimension=dimension)

    @cached_property
    def indexer(self) -> Indexer:
        return Indexer(self.settings, self.catalog, store_factory=lambda: self.store,
                       vectorizer_factory=lambda: Vectorizer(self.embedder, self.lexical))

    @cached_property
    def searcher(self) -> Searcher:
        return Searcher(self.settings, self.store, self.embedder, self.lexical, self.catalog)

    # -- what the CLI and the server both report ------------------------------------------
    def stats(self) -> dict[str, Any]:
        """What the knowledge base holds: `repokb stats --json` and `GET /knowledge/stats`."""
        breakdown = self.catalog.breakdown
        return {
            "points": self.store.count(),
            "files": sum(breakdown("status").values()),
            "by_status": breakdown("status"),
            "by_project": breakdown("project"),
            "by_kind": breakdown("kind"),
            "by_language": breakdown("language"),
            "by_role": breakdown("role"),
            "by_policy": breakdown("policy"),
            "points_by_project": self.store.facet("project"),
            "last_run": self.catalog.last_run(),
        }

    def explain(self, project: str, path: str) -> dict[str, Any] | None:
        """The catalog record of one canonical path: status, reason, chunks, classification."""
        entry = self.catalog.get(project, path)
        if entry is None:
            return None
        return {"project": project, "path": path, "status": entry.status,
                "reason": entry.reason, "chunks": entry.chunks,
                "classification": entry.classification.to_dict()
                if entry.classification else None}

    def flush(self, project: str | None) -> int:
        """Delete one project's (or every) chunk and catalog record; returns chunks deleted."""
        before = self.store.count(project)
        self.store.delete_project(project)
        self.catalog.delete_project(project)
        return before

    def close(self) -> None:
        if "store" in self.__dict__:
            self.store.close()
        if "catalog" in self.__dict__:
            self.catalog.close()

    def __enter__(self) -> Workspace:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
