"""One proxied request: semantic cache -> knowledge search -> upstream, in that order (seed 002).

The request is redacted first (every text of its system prompt and messages): what is embedded,
cached, logged or sent upstream never holds a secret-like string. The client's auth headers go
to the upstream as they came and nowhere else. A cache or search failure never fails the
request: it is counted as a warning and the request goes through (X-Cache: MISS). Upstream
failures come back in the protocol's own error shape.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

import anyio
import httpx
from starlette.background import BackgroundTask
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from repokb.secrets import redact as redact_text
from repokb.secrets.paths import stored_names
from repokb.settings import Settings
from repokb.surfaces.proxy.backend import Backend
from repokb.surfaces.proxy.cache import SemanticCache
from repokb.surfaces.proxy.context import Injection, cached_answer_block, knowledge_block
from repokb.surfaces.proxy.metrics import Metrics
from repokb.surfaces.proxy.protocols import Body, Protocol

log = logging.getLogger("repokb.proxy")

MODES = ("off", "cache", "knowledge", "both")
# Request headers passed to the upstream unchanged (auth and protocol versions); never stored.
FORWARD = ("x-api-key", "authorization", "anthropic-version", "anthropic-beta",
           "anthropic-dangerous-direct-browser-access", "openai-organization", "openai-project",
           "openai-beta", "user-agent", "accept")
# Response headers not copied back: they describe the upstream connection, not the answer.
_HOP = {"content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive",
        "date", "server"}
_WINDOW_CHARS = 300  # how much of the previous user turn joins the knowledge query


@lru_cache(maxsize=4096)
def _redact(text: str) -> str:
    """Redacted text, remembered: an agent resends the whole conversation every turn."""
    return redact_text(text, "text").text


class ProxyError(Exception):
    def __init__(self, status: int, message: str, kind: str) -> None:
        super().__init__(message)
        self.status, self.message, self.kind = status, message, kind


@dataclass
class Plan:
    """What the pre-upstream steps decided for one request."""

    body: Body
    projects: tuple[str, ...] = ()
    outcome: str = "MISS"
    question: str | None = None
    vector: list[float] | None = None
    cacheable: bool = False
    injection: Injection | None = None
    replay: str | None = None
    sources: list[dict[str, Any]] = field(default_factory=list)


class Proxy:
    def __init__(self, backend: Backend, settings: Settings) -> None:
        self.backend = backend
        self.settings = settings
        self.cache = SemanticCache(backend, settings)
        self.metrics = Metrics()
        self._client: httpx.AsyncClient | None = None
        self._slots: anyio.CapacityLimiter | None = None

    @property
    def client(self) -> httpx.AsyncClient:
        if self._client is None:  # created on the event loop, at first use
            timeout = httpx.Timeout(self.settings.proxy_timeout_seconds)
            self._client = httpx.AsyncClient(timeout=timeout, follow_redirects=False,
                                             trust_env=False)
        return self._client

    @property
    def slots(self) -> anyio.CapacityLimiter:
        """Embedding and search run on worker threads, at most one per core at a time."""
        if self._slots is None:
            self._slots = anyio.CapacityLimiter(os.cpu_count() or 2)
        return self._slots

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()

    def upstream_url(self, protocol: Protocol, path: str, query: str) -> str:
        base = (self.settings.proxy_anthropic_url if protocol.name == "anthropic"
                else self.settings.proxy_openai_url)
        return base.rstrip("/") + path + (f"?{query}" if query else "")

    # -- the request ------------------------------------------------------------------------
    async def handle(self, protocol: Protocol, request: Request) -> Response:
        started = time.perf_counter()
        raw = await request.body()
        try:
            mode, projects = _controls(request)
            body = _json_object(raw)
        except ProxyError as exc:
            return _error(protocol, exc.status, exc.message, exc.kind)
        headers = {k: v for k, v in request.headers.items() if k.lower() in FORWARD}
        headers["content-type"] = "application/json"
        headers["accept-encoding"] = "identity"
        if mode == "off":
            plan = Plan(body, projects)
        else:
            try:
                plan = await anyio.to_thread.run_sync(self._plan, protocol, body, mode,
                                                      projects, limiter=self.slots)
            except Exception:  # a body shape redaction cannot walk: refuse, never leak
                log.warning("proxy: cannot read the request body", exc_info=True)
                return _error(protocol, 400, "The request body has an unexpected shape.",
                              "invalid")
        added_ms = (time.perf_counter() - started) * 1000
        model = str(body.get("model") or "")
        stream = body.get("stream") is True
        injected = plan.injection
        common: dict[str, Any] = {
            "protocol": protocol.name, "question": plan.question, "projects": projects,
            "files": injected.files if injected else (),
            "tokens": injected.tokens if injected else 0, "added_ms": added_ms}
        timing = {"X-Repokb-Added-Ms": f"{added_ms:.1f}"}
        if plan.replay is not None:
            self.metrics.record(outcome="HIT", upstream_ms=None, status=200, **common)
            hit = {"X-Cache": "HIT", **timing}
            if stream:
                return StreamingResponse(_iterate(protocol.replay_events(plan.replay, model)),
                                         media_type="text/event-stream", headers=hit)
            return JSONResponse(protocol.replay(plan.replay, model), headers=hit)
        content = raw if plan.body is body else json.dumps(plan.body).encode()
        url = self.upstream_url(protocol, request.url.path, request.url.query)
        upstream = self.client.build_request("POST", url, content=content, headers=headers)
        t0 = time.perf_counter()
        response = await self._send(upstream)
        if isinstance(response, tuple):
            status, message, kind = response
            self.metrics.record(outcome=plan.outcome, upstream_ms=_ms(t0), status=status,
                                **common)
            return _error(protocol, status, message, kind, plan)
        reply_headers = {k: v for k, v in response.headers.items() if k.lower() not in _HOP}
        reply_headers.update({"X-Cache": plan.outcome, **timing})
        streaming = "text/event-stream" in response.headers.get("content-type", "")
        if response.status_code != 200 or not streaming:
            return await self._whole(protocol, plan, response, reply_headers, model, t0, common)
        return StreamingResponse(self._relay(protocol, plan, response, model, t0, common),
                                 status_code=200, headers=reply_headers)

    async def forward(self, protocol: Protocol, request: Request,
                      content: bytes | None = None) -> Response:
        """A request the proxy does not rework (a model list, embeddings, a stored response,
        a token count): to the protocol's upstream as it came (or with `content`), the answer
        streamed back as it comes, `X-Cache: MISS`."""
        headers = {k: v for k, v in request.headers.items()
                   if k.lower() in FORWARD or k.lower() == "content-type"}
        headers["accept-encoding"] = "identity"
        url = self.upstream_url(protocol, request.url.path, request.url.query)
        body = await request.body() if content is None else content
        upstream = self.client.build_request(request.method, url, content=body or None,
                                             headers=headers)
        response = await self._send(upstream)
        if isinstance(response, tuple):
            return _error(protocol, *response)
        reply_headers = {k: v for k, v in response.headers.items() if k.lower() not in _HOP}
        reply_headers["X-Cache"] = "MISS"
        return StreamingResponse(_relayed(response), status_code=response.status_code,
                                 headers=reply_headers)

    async def _send(self, upstream: httpx.Request) -> httpx.Response | tuple[int, str, str]:
        """The upstream's answer, streamed, or why there is none as (status, message, kind): it
        did not answer in time (504) or could not be reached (502, naming its scheme and host
        only: no credentials, no query)."""
        try:
            return await self.client.send(upstream, stream=True)
        except httpx.TimeoutException:
            return (504, "The upstream model API did not answer in time "
                    f"({self.settings.proxy_timeout_seconds:g} s).", "timeout")
        except httpx.HTTPError as exc:
            where = f"{upstream.url.scheme}://{upstream.url.host}"
            return (502, f"Cannot reach the upstream model API at {where}: "
                    f"{type(exc).__name__}.", "connection")

    async def redacted(self, protocol: Protocol, request: Request) -> bytes:
        """The body of a pass-through route (Anthropic's token counter) redacted as a message
        is: the same prompt, so the same secrets (`X-Repokb-Mode: off`: as it came). Raises
        ProxyError for a body that is not a JSON object or a shape redaction cannot walk."""
        raw = await request.body()
        mode, _ = _controls(request)
        if mode == "off":
            return raw
        body = _json_object(raw)
        try:
            clean = await anyio.to_thread.run_sync(protocol.redact, body, _redact,
                                                   limiter=self.slots)
        except Exception:  # as handle(): refuse, never leak
            log.warning("proxy: cannot read the request body", exc_info=True)
            raise ProxyError(400, "The request body has an unexpected shape.",
                             "invalid") from None
        return json.dumps(clean).encode()

    def _plan(self, protocol: Protocol, body: Body, mode: str,
              projects: tuple[str, ...]) -> Plan:
        """Redact, then cache lookup, then knowledge search (on a worker thread)."""
        s = self.settings
        try:  # `cattrs` or `Cattrs` is `cattrs-24.1.2`: one cache scope, as search reads it
            projects = self.backend.projects_meant(projects)
        except Exception:  # as a failed lookup: the names as sent
            log.warning("proxy: cannot read the project names", exc_info=True)
        plan = Plan(protocol.redact(body, _redact), projects)
        plan.question = protocol.question(plan.body)
        if plan.question is None:
            return plan
        plan.cacheable = (mode in ("cache", "both")
                          and len(plan.question.split()) >= s.proxy_cache_min_words
                          and plan.body.get("n") in (None, 1)  # one answer, not several
                          and not protocol.has_images(plan.body)
                          and not protocol.has_tool_turns(plan.body)
                          and not protocol.continues(plan.body)
                          # a question redaction took a secret from: never cached (docs/proxy.md;
                          # the words around it, hosts and users, would reach other clients)
                          and protocol.question(body) == plan.question)
        if plan.cacheable:
            try:
                plan.vector = self.backend.embed(plan.question)
                found = self.cache.lookup(plan.vector, projects)
            except Exception:  # degrade to pass-through: never fail a request on the cache
                log.warning("proxy: cache lookup failed", exc_info=True)
                self.metrics.warn()
                plan.cacheable, found = False, None
            if found is not None:
                if not protocol.replayable(plan.body):  # the upstream answers, given it
                    found = replace(found, outcome="CACHE-RAG")
                plan.outcome, plan.sources = found.outcome, found.sources
                if found.outcome == "HIT":
                    plan.replay = found.answer
                    return plan
                plan.injection = cached_answer_block(found.question, found.answer, found.score)
                plan.body = protocol.inject(plan.body, plan.injection.text)
                return plan
        if mode in ("knowledge", "both"):
            earlier = protocol.user_texts(plan.body)[-2:-1]
            text = plan.question + ("\n" + earlier[0][:_WINDOW_CHARS] if earlier else "")
            try:
                hits = self.backend.search(text, projects, s.proxy_knowledge_hits)
                plan.injection = knowledge_block(hits, s.proxy_knowledge_similarity,
                                                 s.context_min_similarity,
                                                 s.proxy_knowledge_tokens, _redact,
                                                 self.backend.chunk_hashes)
            except Exception:
                log.warning("proxy: knowledge search failed", exc_info=True)
                self.metrics.warn()
                plan.injection = None
            if plan.injection is not None:
                plan.outcome, plan.sources = "KNOWLEDGE-RAG", list(plan.injection.sources)
                plan.body = protocol.inject(plan.body, plan.injection.text)
        return plan

    async def _whole(self, protocol: Protocol, plan: Plan, response: httpx.Response,
                     headers: dict[str, str], model: str, t0: float,
                     common: dict[str, Any]) -> Response:
        try:
            data = await response.aread()
        except httpx.HTTPError as exc:
            late = isinstance(exc, httpx.TimeoutException)
            status = 504 if late else 502
            self.metrics.record(outcome=plan.outcome, upstream_ms=_ms(t0), status=status,
                                **common)
            return _error(protocol, status, f"The upstream answer broke off: "
                          f"{type(exc).__name__}.", "timeout" if late else "connection", plan)
        finally:
            await response.aclose()
        status = response.status_code
        self.metrics.record(outcome=plan.outcome, upstream_ms=_ms(t0), status=status, **common)
        try:
            parsed = json.loads(data)
        except ValueError:
            parsed = None
        if status >= 500 and not isinstance(parsed, dict):
            return _error(protocol, status, f"The upstream model API failed with HTTP {status}.",
                          "upstream", plan)
        task = None
        if status == 200 and isinstance(parsed, dict) and plan.cacheable:
            answer = protocol.answer(parsed)
            if answer.cacheable:
                task = BackgroundTask(self._remember, protocol, plan, answer.text, model)
        return Response(data, status_code=status, headers=headers, background=task)

    async def _relay(self, protocol: Protocol, plan: Plan, response: httpx.Response, model: str,
                     t0: float, common: dict[str, Any]) -> AsyncIterator[bytes]:
        """The upstream's events, passed on as they arrive; the answer read along the way is
        cached only if the stream completed."""
        reader = protocol.stream_reader()
        status = 200
        try:
            async for chunk in response.aiter_raw():
                reader.feed(chunk)
                yield chunk
        except httpx.HTTPError as exc:
            status = 504 if isinstance(exc, httpx.TimeoutException) else 502
            reader.answer.complete = False
            yield protocol.stream_error(f"The upstream stream broke: {type(exc).__name__}.")
        finally:
            await response.aclose()
            self.metrics.record(outcome=plan.outcome, upstream_ms=_ms(t0), status=status,
                                **common)
        if plan.cacheable and reader.answer.cacheable:
            await self._remember(protocol, plan, reader.answer.text, model)

    async def _remember(self, protocol: Protocol, plan: Plan, answer: str, model: str) -> None:
        if plan.vector is None or plan.question is None:
            return
        try:
            stored = await anyio.to_thread.run_sync(
                self.cache.store, plan.vector, plan.projects, plan.question, answer, protocol.name,
                model, plan.sources, limiter=self.slots)
        except Exception:
            log.warning("proxy: cache write failed", exc_info=True)
            self.metrics.warn()
            return
        if stored:
            self.metrics.stored()


def _json_object(raw: bytes) -> Body:
    """The request body as a JSON object, or ProxyError 400."""
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        body = None
    if not isinstance(body, dict):
        raise ProxyError(400, "The request body is not a JSON object.", "invalid")
    return body


def _controls(request: Request) -> tuple[str, tuple[str, ...]]:
    mode = (request.headers.get("x-repokb-mode") or "both").strip().lower()
    if mode not in MODES:
        raise ProxyError(400, f"X-Repokb-Mode must be one of {', '.join(MODES)}.", "invalid")
    raw = request.headers.get("x-repokb-project") or ""
    # as stored (a folder's name holding a credential: redacted): the cache keeps the scope
    projects = stored_names(tuple(sorted({p.strip() for p in raw.split(",") if p.strip()})))
    return mode, projects


def _ms(since: float) -> float:
    return (time.perf_counter() - since) * 1000


async def _relayed(response: httpx.Response) -> AsyncIterator[bytes]:
    """An upstream answer's bytes as they come; a break ends the body early."""
    try:
        async for chunk in response.aiter_raw():
            yield chunk
    except httpx.HTTPError:
        log.warning("proxy: a passed-through answer broke off")
    finally:
        await response.aclose()


async def _iterate(events: Any) -> AsyncIterator[bytes]:
    for event in events:
        yield event


def _error(protocol: Protocol, status: int, message: str, kind: str,
           plan: Plan | None = None) -> JSONResponse:
    headers = {"X-Cache": plan.outcome if plan else "MISS"}
    return JSONResponse(protocol.error(status, message, kind), status_code=status,
                        headers=headers)

