"""The proxy's endpoints: the three model APIs, the two token counters (passed through,
redacted), every other `/v1/` path passed through unchanged, and the dashboard's view of
outcomes and the cache. Kept out of the OpenAPI schema: they speak the model APIs' shapes, not
repokb's."""

from __future__ import annotations

from typing import Any

import anyio
from fastapi import APIRouter, Request, Response
from starlette.responses import JSONResponse

from repokb.errors import RepokbError
from repokb.surfaces.proxy.core import Proxy, ProxyError
from repokb.surfaces.proxy.protocols import ANTHROPIC, OPENAI, RESPONSES, Protocol
from repokb.surfaces.server.routes import Caller

router = APIRouter(include_in_schema=False)


def _proxy(request: Request) -> Proxy:
    proxy: Proxy = request.app.state.proxy
    return proxy


@router.post("/v1/messages")
async def messages(request: Request) -> Response:
    return await _proxy(request).handle(ANTHROPIC, request)


@router.post("/v1/chat/completions")
async def chat_completions(request: Request) -> Response:
    return await _proxy(request).handle(OPENAI, request)


@router.post("/v1/responses")
async def responses(request: Request) -> Response:
    return await _proxy(request).handle(RESPONSES, request)


@router.post("/v1/messages/count_tokens")
async def count_tokens(request: Request) -> Response:
    """Claude Code asks this before sending; passed through, redacted as a message is."""
    return await _counted(ANTHROPIC, request)


@router.post("/v1/responses/input_tokens")
async def input_tokens(request: Request) -> Response:
    """The Responses API's token counter; passed through, redacted as a request is."""
    return await _counted(RESPONSES, request)


async def _counted(protocol: Protocol, request: Request) -> Response:
    proxy = _proxy(request)
    try:
        content = await proxy.redacted(protocol, request)
    except ProxyError as exc:
        return JSONResponse(protocol.error(exc.status, exc.message, exc.kind), exc.status)
    return await proxy.forward(protocol, request, content)


@router.get("/proxy/stats")
async def stats(request: Request) -> dict[str, Any]:
    """Outcome counters, latencies, tokens injected, the last requests, the cache's size."""
    proxy = _proxy(request)
    data = proxy.metrics.snapshot()
    data["cache"] = data["cache_error"] = None
    try:
        data["cache"] = await anyio.to_thread.run_sync(proxy.backend.cache_stats)
    except RepokbError as exc:  # the dashboard still shows the counters
        data["cache_error"] = exc.message
    except Exception as exc:
        data["cache_error"] = f"The answer cache cannot be read: {type(exc).__name__}."
    return data


@router.delete("/proxy/cache")
async def flush_cache(request: Request, access: Caller) -> dict[str, Any]:
    """Delete every cached answer. Requires the x-api-key header (as /knowledge/flush), except
    on the owner's Unix socket."""
    backend = _proxy(request).backend
    return await anyio.to_thread.run_sync(backend.cache_flush, access)


@router.api_route("/v1/{rest:path}", methods=["GET", "POST", "PUT", "PATCH", "DELETE"])
async def other(request: Request) -> Response:
    """Every other path of the model APIs (`GET /v1/models`, `POST /v1/embeddings`, a stored
    response, files, batches): passed through unchanged, as a client pointed at the proxy
    expects of its base URL. Anthropic's clients send `anthropic-version` with every request:
    those go to the Anthropic upstream, the rest to the OpenAI one."""
    protocol = ANTHROPIC if "anthropic-version" in request.headers else OPENAI
    return await _proxy(request).forward(protocol, request)
