"""The proxy's endpoints: the two model APIs, a pass-through (redacted) for Anthropic's token
counter, and the dashboard's view of outcomes and the cache. Kept out of the OpenAPI schema:
they speak the model APIs' shapes, not repokb's."""

from __future__ import annotations

from typing import Any

import anyio
import httpx
from fastapi import APIRouter, Request, Response
from starlette.responses import JSONResponse

from repokb.errors import RepokbError
from repokb.surfaces.proxy.core import FORWARD, Proxy, ProxyError
from repokb.surfaces.proxy.protocols import ANTHROPIC, OPENAI
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


@router.post("/v1/messages/count_tokens")
async def count_tokens(request: Request) -> Response:
    """Claude Code asks this before sending; passed through, redacted as a message is."""
    proxy = _proxy(request)
    headers = {k: v for k, v in request.headers.items() if k.lower() in FORWARD}
    headers["content-type"] = "application/json"
    try:
        content = await proxy.redacted(ANTHROPIC, request)
    except ProxyError as exc:
        return JSONResponse(ANTHROPIC.error(exc.status, exc.message, exc.kind), exc.status)
    try:
        reply = await proxy.client.post(proxy.upstream_url(ANTHROPIC, request.url.path,
                                                           request.url.query),
                                        content=content, headers=headers)
    except httpx.HTTPError as exc:
        return JSONResponse(ANTHROPIC.error(502, f"Cannot reach the upstream: "
                                            f"{type(exc).__name__}.", "connection"), 502)
    return Response(reply.content, status_code=reply.status_code,
                    media_type=reply.headers.get("content-type"))


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
