"""A workspace: the catalog, store and models under one REPOKB_HOME, opened on first use.

Surfaces hold one workspace and close it when done; opening the store takes the shard's
single-process lock, so it is opened only by commands that need it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cached_property
from typing import TYPE_CHECKING, Any

from repokb.embedders import Embedder, backend, create_lexical
from repokb.embedders import create as create_embedder
from repokb.embedders import load_builtins as load_embedders
from repokb.embedders.base import LexicalEncoder
from repokb.errors import StoreBusyError
from repokb.settings import Settings
from repokb.stores import SERVER_STORES, Store
from repokb.stores import create as create_store
from repokb.stores import load_builtins as load_stores
from repokb.stores.catalog import Catalog

if TYPE_CHECKING:
    from repokb.pipeline import Indexer
    from repokb.search import Searcher
    from repokb.stores.answers import AnswerCache

_MODEL_LOCK = threading.Lock()


def vector_size(settings: Settings) -> int:
    """The embedder's vector size, known without loading a model: a remote service's is the
    setting `embed_dimension`, a local model's its backend's."""
    load_embedders()
    return settings.embed_dimension or backend(settings.embedder).dimension


def open_store(settings: Settings, **overrides: Any) -> Store:
    """The store the settings name, opened (`overrides`: e.g. another qdrant_url)."""
    load_stores()
    s = settings
    options: dict[str, Any] = {"path": s.store_path, "dimension": vector_size(s)}
    if s.store in SERVER_STORES:
        options.update(url=s.qdrant_url, api_key=s.qdrant_api_key, ca_cert=s.qdrant_ca_cert,
                       collection_prefix=s.qdrant_collection_prefix, shards=s.qdrant_shards,
                       replication=s.qdrant_replication, timeout=s.qdrant_timeout)
    options.update(overrides)
    return create_store(s.store, **options)


class Workspace:
    def __init__(self, settings: Settings, store: Store | None = None) -> None:
        """`store`: one opened elsewhere (the index worker's relay to its owner's store)."""
        self.settings = settings
        if store is not None:
            self.__dict__["store"] = store
        self._in_use = 0  # operations running on any thread: the store outlives them all
        self._idle = threading.Condition()

    @contextmanager
    def in_use(self) -> Iterator[None]:
        """Mark an operation running (operations/__init__.py wraps every one): `close` waits
        for it to end."""
        with self._idle:
            self._in_use += 1
        try:
            yield
        finally:
            with self._idle:
                self._in_use -= 1
                self._idle.notify_all()

    @cached_property
    def catalog(self) -> Catalog:
        return Catalog(self.settings.catalog_path)

    @cached_property
    def embedder(self) -> Embedder:
        with _MODEL_LOCK:  # request threads of one owner may ask at the same moment
            if "embedder" not in self.__dict__:
                self.__dict__["embedder"] = self.new_embedder()
            return self.__dict__["embedder"]  # type: ignore[no-any-return]

    def new_embedder(self) -> Embedder:
        """A fresh model session (the server gives index jobs their own)."""
        load_embedders()
        s = self.settings
        options: dict[str, Any] = {"max_tokens": s.max_tokens, "batch_size": s.embed_batch_size,
                                   "int8": s.embed_int8, "cache_dir": s.home / "models"}
        if s.embedder == "minilm-onnx":
            options["niceness"] = s.embed_niceness
        if s.embedder == "openai-compat":
            options.update(url=s.embed_url, model=s.embed_model, api_key=s.embed_api_key,
                           dimension=s.embed_dimension, batch_size=s.embed_remote_batch,
                           concurrency=s.embed_concurrency, timeout=s.embed_timeout)
        return create_embedder(s.embedder, **options)

    @cached_property
    def lexical(self) -> LexicalEncoder:
        return create_lexical(self.settings.lexical)

    @cached_property
    def store(self) -> Store:
        load_stores()
        load_embedders()
        return open_store(self.settings)

    def opened_store(self) -> Store | None:
        """The store if this workspace opened it already (None: never opened here)."""
        store: Store | None = self.__dict__.get("store")
        return store

    @cached_property
    def answers(self) -> AnswerCache:
        """The LLM proxy's semantic cache: its own shard under home/cache."""
        from repokb.stores.edge_answers import QdrantEdgeAnswers

        return QdrantEdgeAnswers(self.settings.cache_path, vector_size(self.settings))

    def acquire_store(self, wait: float) -> Store:
        """Open the store, waiting up to `wait` seconds while a short-lived command holds it."""
        deadline = time.monotonic() + wait
        while True:
            try:
                return self.store
            except StoreBusyError:
                if time.monotonic() >= deadline:
                    raise
                time.sleep(0.1)

    @cached_property
    def indexer(self) -> Indexer:
        return self.new_indexer(lambda: self.embedder)

    def new_indexer(self, embedder: Callable[[], Embedder]) -> Indexer:
        """An indexer over this workspace's catalog and store; `embedder` is called only when
        something needs embedding (an unchanged re-index never loads a model)."""
        # a search never indexes: the pipeline (chunkers, rules: ~0.45 s CPU) is not imported
        # for it
        from repokb.pipeline import Indexer
        from repokb.pipeline.embed import Vectorizer

        return Indexer(self.settings, self.catalog, store_factory=lambda: self.store,
                       vectorizer_factory=lambda: Vectorizer(embedder, self.lexical))

    @cached_property
    def searcher(self) -> Searcher:
        from repokb.search import Searcher  # an index run never searches: not imported for it

        return Searcher(self.settings, self.store, self.embedder, self.lexical, self.catalog)

    def close(self) -> None:
        """Close what this workspace opened, once no operation runs any more: closing the
        shard (or exiting, with the model's threads mid-inference) under a request still
        running on a server thread failed it ("The store is closed", "Shard is not
        initialized") or aborted the process (`terminate called without an active
        exception`)."""
        with self._idle:
            self._idle.wait_for(lambda: self._in_use == 0)
        if "store" in self.__dict__:
            self.store.close()
        if "answers" in self.__dict__:
            self.answers.close()
        if "catalog" in self.__dict__:
            self.catalog.close()
            del self.__dict__["catalog"]
        if "embedder" in self.__dict__:
            self.embedder.close()  # a remote one: its HTTP connections

    def __enter__(self) -> Workspace:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
