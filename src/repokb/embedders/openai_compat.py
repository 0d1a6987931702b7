"""Remote embedder: any OpenAI-compatible `POST {url}/embeddings` service (Text Embeddings
Inference, vLLM, Ollama, LM Studio, OpenAI itself), over httpx.

Documents go in batches of `batch_size` texts, `concurrency` requests at once; a connection
error, time-out, 429 or 5xx is retried with exponential back-off, then indexing stops with a
ModelError (the files already written stay indexed: the catalog commits per file after the
store). The model name and dimension sign the vectors (`Settings.embed_plan`), so a change of
either re-embeds instead of mixing vectors of two models in one store.

A query (a search, the proxy's cache lookup) is asked once, waiting at most QUERY_TIMEOUT: a
search falls back to BM25 rather than wait out the back-off meant for indexing; and after a
query failed, queries skip the service for QUIET_SECONDS (one proxy request embeds its question
twice, for the cache and the search: a refused connection cost ~5 s a request before, a hung
service up to 2 x 4 x embed_timeout).

The protocol has no token limit: the service cuts long texts at its own (TEI: --auto-truncate).
Vectors are L2-normalised here whatever the service returns (the store compares by cosine).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import numpy as np

from repokb.embedders.base import Embedder, register
from repokb.errors import ConfigError, ModelError

if TYPE_CHECKING:  # httpx loads with the first client: every `repokb` start registers this
    import httpx  # backend, and most never use it (~50 ms of each start)

QUERY_TIMEOUT = 10.0  # seconds a query's embedding may take
QUIET_SECONDS = 30.0  # after a failed query, queries fail at once this long
_HINT = ("Check that the embedding service at embed_url is up and answers POST /embeddings; "
         "raise embed_timeout for a slow one. Files already indexed are kept: run the index "
         "again to finish.")


class OpenAICompatEmbedder(Embedder):
    name = "openai-compat"
    dimension = 0  # set per instance from the settings
    tokens_per_second = None  # depends on the service
    remote = True

    def __init__(self, *, url: str = "", model: str = "", dimension: int = 0,
                 api_key: str = "", batch_size: int = 64, concurrency: int = 4,
                 timeout: float = 60.0, retries: int = 3, backoff: float = 0.5,
                 max_tokens: int = 256, **_: Any) -> None:
        if not url or not model or dimension < 1:
            raise ConfigError(
                "embedder = 'openai-compat' needs embed_url, embed_model and embed_dimension.",
                hint="e.g. REPOKB_EMBED_URL=http://gpu-box:8080/v1 "
                     "REPOKB_EMBED_MODEL=sentence-transformers/all-MiniLM-L6-v2 "
                     "REPOKB_EMBED_DIMENSION=384")
        self.url = url.rstrip("/") + "/embeddings"
        self.model, self.dimension = model, dimension
        self.batch_size, self.concurrency = max(1, batch_size), max(1, concurrency)
        self.max_tokens = max_tokens
        self._retries, self._backoff = retries, backoff
        self._query_timeout = min(timeout, QUERY_TIMEOUT)
        self._quiet_until = 0.0  # monotonic: queries skip the service until then
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        import httpx

        self._client = httpx.Client(timeout=timeout, headers=headers)

    def close(self) -> None:
        self._client.close()

    def embed_documents(self, texts: Sequence[str],
                        token_limits: Sequence[int] | None = None) -> np.ndarray:
        self.limits_for(texts, token_limits)  # checked; the service applies its own limit
        batches = [list(texts[i : i + self.batch_size])
                   for i in range(0, len(texts), self.batch_size)]
        if not batches:
            return np.zeros((0, self.dimension), dtype=np.float32)
        with ThreadPoolExecutor(min(self.concurrency, len(batches)),
                                thread_name_prefix="repokb-embed") as pool:
            parts = list(pool.map(self._request, batches))  # in order; the first error raises
        return np.vstack(parts)

    def _embed_batch(self, texts: list[str], *, is_query: bool, max_tokens: int) -> np.ndarray:
        # The protocol has one input type: queries and documents embed alike (a model that
        # wants a query instruction gets it from a subclass overriding embed_query).
        if not is_query:
            return self._request(texts)
        wait = self._quiet_until - time.monotonic()
        if wait > 0:
            raise ModelError(f"The embedding service {self.url} failed a query less than "
                             f"{QUIET_SECONDS:.0f} s ago; it is asked again in {wait:.0f} s.",
                             hint=_HINT)
        try:
            return self._request(texts, retries=0, timeout=self._query_timeout)
        except ModelError:
            self._quiet_until = time.monotonic() + QUIET_SECONDS
            raise

    def _request(self, texts: list[str], retries: int | None = None,
                 timeout: float | None = None) -> np.ndarray:
        import httpx

        body = {"model": self.model, "input": texts, "encoding_format": "float"}
        retries = self._retries if retries is None else retries
        wait: Any = httpx.USE_CLIENT_DEFAULT if timeout is None else timeout
        attempt = 0
        while True:
            try:
                response = self._client.post(self.url, json=body, timeout=wait)
                if response.status_code != 429 and response.status_code < 500:
                    break
                problem = f"HTTP {response.status_code}"
            except httpx.TimeoutException:
                problem = f"no answer within {timeout or self._client.timeout.read} s"
            except httpx.TransportError as exc:
                problem = f"{type(exc).__name__}: {exc}"
            if attempt >= retries:
                raise ModelError(f"The embedding service {self.url} failed after "
                                 f"{attempt + 1} attempts: {problem}.", hint=_HINT)
            time.sleep(self._backoff * 2 ** attempt)
            attempt += 1
        if response.status_code != 200:
            raise ModelError(f"The embedding service {self.url} refused the request: HTTP "
                             f"{response.status_code}: {response.text[:300]}",
                             hint="Check embed_model and embed_api_key." if
                             response.status_code in (401, 403, 404) else _HINT)
        return self._vectors(response, len(texts))

    def _vectors(self, response: httpx.Response, count: int) -> np.ndarray:
        try:
            data = sorted(response.json()["data"], key=lambda d: d["index"])
            vectors = np.asarray([d["embedding"] for d in data], dtype=np.float32)
        except (ValueError, KeyError, TypeError) as exc:
            raise ModelError(f"The embedding service {self.url} answered something that is "
                             f"not an OpenAI embeddings response: {exc}", hint=_HINT) from exc
        if vectors.shape != (count, self.dimension):
            raise ModelError(
                f"The embedding service {self.url} returned vectors of shape {vectors.shape}, "
                f"expected {(count, self.dimension)}.",
                hint="Set embed_dimension to the model's size (a new size re-embeds).")
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.where(norms == 0, 1.0, norms)


register("openai-compat", OpenAICompatEmbedder)
