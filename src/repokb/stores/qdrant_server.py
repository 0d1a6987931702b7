"""Qdrant server or cluster store (qdrant-client), the same data model as the Edge shard.

One collection `<prefix>chunks`: a named dense vector "dense" (cosine) and a named sparse vector
"bm25" with the IDF modifier, the same deterministic point ids and payload as Qdrant Edge, and
keyword/integer payload indexes on the filter fields. Any number of processes may use it at
once: the server coordinates writes, so no repokb process owns it.

`url` is a server (http://host:6333, https://... with TLS, API key in the api-key header) or
`local:PATH`, qdrant-client's local mode: one process, brute-force search in Python, no payload
indexes - for trials and tests. Every request this module builds runs in local mode too.

A search is one request (`query_batch_points`: the dense and the BM25 query side by side). The
fusion stays in repokb (search.py), not the server's prefetch + RRF: repokb's fusion is weighted
per intent and explains each hit with both ranks and its dense score, so the two rankings must
come back separately, and the results are then the same on Edge and on a server.
"""

from __future__ import annotations

import ssl
import time
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

from repokb.errors import StoreBusyError, StoreError
from repokb.models import LEXICAL_ONLY, PENDING, UNEMBEDDED_KEYS, EmbeddedChunk
from repokb.stores.base import (
    DENSE,
    KEYWORD_FIELDS,
    PLACED_CONTENT,
    SEARCH_FIELDS,
    SPARSE,
    TEXT_HASH,
    WORD_FIELDS,
    RawPoint,
    Store,
    StoredPoint,
    StoreFilter,
    register,
    scan_defining,
)
from repokb.stores.points import FILE_FIELDS, PAGE, dense_of, filter_terms, raw_point, text_holders

LOCAL = "local:"
T = TypeVar("T")


class QdrantServerStore(Store):
    def __init__(self, url: str, dimension: int, *, api_key: str = "", ca_cert: str = "",
                 collection_prefix: str = "repokb_", shards: int = 1, replication: int = 1,
                 timeout: float = 30.0, batch: int = 256, retries: int = 4,
                 backoff: float = 0.5, **_: Any) -> None:
        from qdrant_client import QdrantClient
        from qdrant_client import models as m

        self._m = m
        self.url = without_credentials(url)  # for messages: never a password from the URL
        self.collection = f"{collection_prefix}chunks"
        self.local = url.startswith(LOCAL)
        self.shared = not self.local
        self._batch, self._retries, self._backoff = batch, retries, backoff
        if not url:
            raise StoreError("store = 'qdrant' needs a server URL.",
                             hint="Set REPOKB_QDRANT_URL=http://host:6333 (or local:PATH).")
        try:
            if self.local:
                path = Path(url[len(LOCAL):]).expanduser()
                path.mkdir(parents=True, exist_ok=True)
                # Threads of one owner process share the client (its SQLite file).
                self._client = QdrantClient(path=str(path), force_disable_check_same_thread=True)
            else:
                options: dict[str, Any] = {}
                if ca_cert:
                    options["verify"] = ssl.create_default_context(cafile=ca_cert)
                with warnings.catch_warnings():  # "api key with an insecure connection":
                    warnings.simplefilter("ignore", UserWarning)  # the setting's help says it
                    self._client = QdrantClient(url=url, api_key=api_key or None,
                                                timeout=int(timeout), check_compatibility=False,
                                                **options)
        except (RuntimeError, ValueError, OSError) as exc:
            if "already accessed" in str(exc):
                raise StoreBusyError(f"The local Qdrant store {url} is in use by another "
                                     "process.") from exc
            raise StoreError(f"Cannot open the Qdrant store {url}: {exc}") from exc
        try:
            self._ensure_collection(dimension, shards, replication)
        except BaseException:
            self.close()  # local mode: release the folder's lock for the next opener
            raise

    # -- setup ------------------------------------------------------------------------------
    def _ensure_collection(self, dimension: int, shards: int, replication: int) -> None:
        m = self._m
        if self._call("collection_exists", self._client.collection_exists, self.collection):
            info = self._call("get_collection", self._client.get_collection, self.collection)
            vectors = info.config.params.vectors
            size = vectors[DENSE].size if isinstance(vectors, dict) and DENSE in vectors else None
            if size != dimension:
                raise StoreError(
                    f"Collection {self.collection} at {self.url} holds {size}-dimensional "
                    f"vectors; the embedder makes {dimension}.",
                    hint="Use another qdrant_collection_prefix for another model, or flush.")
            if not self.local:  # a collection made by an older repokb: its missing indexes
                for key, schema in self._indexes():
                    if key not in (info.payload_schema or {}):
                        self._index(key, schema)
            return
        self._call("create_collection", self._client.create_collection, self.collection,
                   vectors_config={DENSE: m.VectorParams(size=dimension,
                                                         distance=m.Distance.COSINE)},
                   sparse_vectors_config={SPARSE: m.SparseVectorParams(modifier=m.Modifier.IDF)},
                   shard_number=shards, replication_factor=replication)
        for key, schema in [*self._indexes(), ("chunk_index", m.PayloadSchemaType.INTEGER)]:
            self._index(key, schema)

    def _indexes(self) -> list[tuple[str, Any]]:
        """The keyword and word indexes (field, schema) a collection has."""
        m = self._m
        words = m.TextIndexParams(type=m.TextIndexType.TEXT, tokenizer=m.TokenizerType.WORD,
                                  lowercase=True)
        return [*((k, m.PayloadSchemaType.KEYWORD) for k in KEYWORD_FIELDS),
                *((k, words) for k in WORD_FIELDS)]

    def _index(self, key: str, schema: Any) -> None:
        with warnings.catch_warnings():  # local mode: "payload indexes have no effect"
            warnings.simplefilter("ignore", UserWarning)
            self._call("create_payload_index", self._client.create_payload_index,
                       self.collection, key, field_schema=schema, wait=True)

    def _call(self, name: str, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run one client call; retry what a busy or restarting server answers (connection
        errors, time-outs, 429/5xx) with exponential back-off, then raise StoreError."""
        from qdrant_client.http.exceptions import ResponseHandlingException, UnexpectedResponse

        attempt = 0
        while True:
            try:
                return fn(*args, **kwargs)
            except UnexpectedResponse as exc:
                status = exc.status_code or 0
                transient = status == 429 or status >= 500
                if not transient or attempt >= self._retries:
                    raise StoreError(f"Qdrant {name} failed at {self.url}: HTTP "
                                     f"{status} {exc.reason_phrase}: "
                                     f"{exc.content[:300]!r}", hint=_hint(status)) from exc
            except (ResponseHandlingException, ConnectionError, TimeoutError) as exc:
                if attempt >= self._retries:
                    raise StoreError(f"Qdrant {name} failed at {self.url} after "
                                     f"{attempt + 1} attempts: {exc}",
                                     hint="Is the server up and the URL right?") from exc
            except (ValueError, KeyError, RuntimeError, AssertionError) as exc:
                raise StoreError(f"Qdrant {name} failed at {self.url}: {exc}") from exc
            time.sleep(self._backoff * 2 ** attempt)
            attempt += 1

    # -- filters ----------------------------------------------------------------------------
    def _match(self, key: str, value: Any) -> Any:
        return self._m.FieldCondition(key=key, match=self._m.MatchValue(value=value))

    def _project(self, project: str | None) -> Any:
        return self._m.Filter(must=[self._match("project", project)]) if project else None

    def _filter(self, where: StoreFilter) -> Any:
        m = self._m
        must = [m.FieldCondition(key=key, match=m.MatchAny(any=values))
                for key, values in filter_terms(where)]
        return m.Filter(must=must) if must else None

    def _file(self, project: str, path: str, min_index: int = 0,
              max_index: int | None = None) -> Any:
        must = [self._match("project", project), self._match("path", path)]
        if min_index or max_index is not None:
            must.append(self._m.FieldCondition(key="chunk_index", range=self._m.Range(
                gte=min_index, lte=max_index)))
        return self._m.Filter(must=must)

    # -- writes -----------------------------------------------------------------------------
    def upsert(self, points: list[EmbeddedChunk]) -> None:
        self.write_raw([RawPoint(p.chunk.point_id, p.dense or [],
                                 (p.sparse_indices, p.sparse_values), p.payload())
                        for p in points])

    def write_raw(self, points: list[RawPoint]) -> None:
        m = self._m
        for start in range(0, len(points), self._batch):
            batch = []
            for p in points[start : start + self._batch]:
                vector: dict[str, Any] = {
                    SPARSE: m.SparseVector(indices=p.sparse[0], values=p.sparse[1])}
                if p.dense:  # a lexical-only point has none
                    vector[DENSE] = p.dense
                batch.append(m.PointStruct(id=p.id, payload=p.payload, vector=vector))
            self._call("upsert", self._client.upsert, self.collection, batch, wait=True)

    def scroll_pending(self, project: str, kinds: tuple[str, ...], exclude: tuple[str, ...],
                       offset: str | None, limit: int,
                       ) -> tuple[list[StoredPoint], str | None]:
        m = self._m
        must = [self._match("project", project), self._match(LEXICAL_ONLY, PENDING)]
        if kinds:
            must.append(m.FieldCondition(key="kind", match=m.MatchAny(any=list(kinds))))
        must_not = ([m.FieldCondition(key="kind", match=m.MatchAny(any=list(exclude)))]
                    if exclude else None)
        records, next_offset = self._scroll(m.Filter(must=must, must_not=must_not), True,
                                            offset=offset, limit=limit)
        points = [StoredPoint(str(r.id), 0.0, dict(r.payload or {})) for r in records]
        return points, str(next_offset) if next_offset is not None else None

    def fill_dense(self, vectors: dict[str, list[float]]) -> None:
        m = self._m
        items = list(vectors.items())
        for start in range(0, len(items), self._batch):
            part = items[start : start + self._batch]
            # vector first, mark last: a crash in between leaves a point embedded again
            self._call("update_vectors", self._client.update_vectors, self.collection,
                       [m.PointVectors(id=i, vector={DENSE: v}) for i, v in part], wait=True)
            self._call("delete_payload", self._client.delete_payload, self.collection,
                       keys=list(UNEMBEDDED_KEYS),
                       points=[i for i, _ in part], wait=True)

    def _delete(self, where: Any) -> None:
        self._call("delete", self._client.delete, self.collection,
                   points_selector=self._m.FilterSelector(filter=where), wait=True)

    def prune(self, project: str, path: str, keep_count: int) -> None:
        self._delete(self._file(project, path, keep_count))

    def delete_project(self, project: str | None) -> None:
        # every point has chunk_index >= 0: that filter matches all of them
        self._delete(self._project(project) or self._m.Filter(must=[self._m.FieldCondition(
            key="chunk_index", range=self._m.Range(gte=0))]))

    # -- reads ------------------------------------------------------------------------------
    def _scroll(self, where: Any, payload: list[str] | bool, vectors: list[str] | bool = False,
                offset: Any = None, limit: int | None = None) -> tuple[list[Any], Any]:
        records: list[Any] = []
        while True:
            page, offset = self._call("scroll", self._client.scroll, self.collection,
                                      scroll_filter=where, limit=limit or PAGE, offset=offset,
                                      with_payload=payload, with_vectors=vectors)
            records.extend(page)
            if limit or offset is None or not page:
                return records, offset

    def file_points(self, project: str, path: str) -> list[StoredPoint]:
        records, _ = self._scroll(self._file(project, path), FILE_FIELDS)
        return [StoredPoint(str(r.id), 0.0, dict(r.payload or {})) for r in records]

    def file_chunks(self, project: str, path: str, first: int = 0,
                    last: int | None = None) -> list[StoredPoint]:
        records, _ = self._scroll(self._file(project, path, first, last), True)
        points = [StoredPoint(str(r.id), 0.0, dict(r.payload or {})) for r in records]
        return sorted(points, key=lambda p: int(p.payload.get("chunk_index", 0)))

    def export(self, project: str | None = None) -> list[StoredPoint]:
        records, _ = self._scroll(self._project(project), True, [DENSE])
        return [StoredPoint(str(r.id), 0.0, dict(r.payload or {}), dense_of(r.vector))
                for r in records]

    def scroll_raw(self, offset: str | None, limit: int) -> tuple[list[RawPoint], str | None]:
        records, next_offset = self._scroll(None, True, True, offset=offset, limit=limit)
        return [raw_point(r) for r in records], (
            str(next_offset) if next_offset is not None else None)

    def dense_vectors(self, ids: list[str]) -> dict[str, list[float]]:
        if not ids:
            return {}
        records = self._call("retrieve", self._client.retrieve, self.collection, ids,
                             with_payload=False, with_vectors=[DENSE])
        return {str(r.id): v for r in records if (v := dense_of(r.vector)) is not None}

    def dense_by_text(self, text_hashes: list[str]) -> dict[str, list[float]]:
        """The ids first, one point per text (by the `text_hash` index), then their vectors."""
        if not text_hashes:
            return {}
        m = self._m
        where = m.Filter(must=[
            m.FieldCondition(key=TEXT_HASH, match=m.MatchAny(any=list(set(text_hashes)))),
            m.HasVectorCondition(has_vector=DENSE)])
        records, _ = self._scroll(where, [TEXT_HASH])
        holders = text_holders(records)
        found = self.dense_vectors(list(holders.values()))
        return {text: found[i] for text, i in holders.items() if i in found}

    def contents(self, ids: list[str]) -> dict[str, dict[str, Any]]:
        if not ids:
            return {}
        records = self._call("retrieve", self._client.retrieve, self.collection, ids,
                             with_payload=list(PLACED_CONTENT), with_vectors=False)
        return {str(r.id): dict(r.payload) for r in records if r.payload}

    def defining(self, names: Sequence[str], where: StoreFilter, limit: int,
                 content: bool = True) -> list[StoredPoint]:
        m, scope = self._m, self._filter(where)
        fields = True if content else list(SEARCH_FIELDS)

        def scroll(phrases: list[str], offset: Any) -> tuple[list[Any], Any]:
            named = [m.FieldCondition(key="symbol", match=m.MatchText(text=words))
                     for words in phrases]
            where_named = m.Filter(must=[*(scope.must if scope else [])], should=named)
            return self._scroll(where_named, ["symbol"], offset=offset, limit=PAGE)

        def fetch(ids: list[str]) -> dict[str, dict[str, Any]]:
            records = self._call("retrieve", self._client.retrieve, self.collection, ids,
                                 with_payload=fields, with_vectors=False)
            return {str(r.id): dict(r.payload) for r in records if r.payload}

        return scan_defining(names, limit, scroll, fetch)

    def search(self, dense: list[float] | None, sparse: tuple[list[int], list[float]],
               where: StoreFilter, limit: int, content: bool = True,
               ) -> tuple[list[StoredPoint], list[StoredPoint]]:
        requests = self.search_requests(dense, sparse, where, limit, content)
        if not requests:
            return [], []
        responses = self._call("query_batch_points", self._client.query_batch_points,
                               self.collection, requests)
        ranked = [[StoredPoint(str(p.id), p.score, dict(p.payload or {})) for p in r.points]
                  for r in responses]
        dense_hits = ranked.pop(0) if dense is not None else []
        return dense_hits, ranked[0] if ranked else []

    def search_requests(self, dense: list[float] | None, sparse: tuple[list[int], list[float]],
                        where: StoreFilter, limit: int, content: bool = True) -> list[Any]:
        """The one batch request a search sends: dense nearest (unless None), then BM25 (IDF
        by the engine); without `content`, only SEARCH_FIELDS come back (fewer bytes)."""
        m, flt = self._m, self._filter(where)
        payload: Any = True if content else list(SEARCH_FIELDS)
        requests = [] if dense is None else [
            m.QueryRequest(query=dense, using=DENSE, filter=flt, limit=limit,
                           with_payload=payload)]
        if sparse[0]:
            requests.append(m.QueryRequest(
                query=m.SparseVector(indices=sparse[0], values=sparse[1]), using=SPARSE,
                filter=flt, limit=limit, with_payload=payload))
        return requests

    def count(self, project: str | None = None) -> int:
        result = self._call("count", self._client.count, self.collection,
                            count_filter=self._project(project), exact=True)
        return int(result.count)

    def facet(self, key: str, project: str | None = None) -> dict[str, int]:
        result = self._call("facet", self._client.facet, self.collection, key,
                            facet_filter=self._project(project), limit=10_000_000, exact=True)
        return {str(h.value): h.count for h in result.hits if h.count}

    def close(self) -> None:
        client = self.__dict__.pop("_client", None)
        if client is not None:
            client.close()


def without_credentials(url: str) -> str:
    """The URL without a user:password part, fit for messages, reports and checkpoints."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not (parts.username or parts.password):
        return url
    port = f":{parts.port}" if parts.port else ""
    return urlunsplit(parts._replace(netloc=(parts.hostname or "") + port))


def _hint(status: int) -> str:
    if status in (401, 403):
        return "Check REPOKB_QDRANT_API_KEY (a read-only key cannot index)."
    if status == 404:
        return "Check REPOKB_QDRANT_URL and qdrant_collection_prefix."
    return "See the server's log."


register("qdrant", QdrantServerStore)
register("qdrant-server", QdrantServerStore)
