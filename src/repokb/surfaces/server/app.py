"""The FastAPI app factory: routes, the one error shape, the body limit, docs and dashboard.

`create_app(ops)` serves the operations over a workspace the caller opened and closes (tests,
`repokb serve`, and every owner's Unix socket: one app behind both), with the LLM proxy's routes
(surfaces/proxy); `proxy_only` serves those alone (`repokb proxy`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from repokb import __version__
from repokb.operations import Operations
from repokb.surfaces.mcp.http import HttpEndpoint
from repokb.surfaces.proxy import Proxy, create_proxy
from repokb.surfaces.proxy import routes as proxy_routes
from repokb.surfaces.server import errors, routes
from repokb.surfaces.server.guard import UPSTREAM_PATHS, Guard, in_model_api_shape

STATIC = Path(__file__).parent / "static"

DESCRIPTION = """The repokb knowledge base over HTTP: ingest files or pre-cut fragments, index
folders on the server, search, explain classification decisions, flush (with `x-api-key`).
Every error is `{"error": {status, code, message, hint, details, request_id}}`. Writes must be
JSON or carry the `x-repokb-client` header; cross-origin writes and foreign `Host` names are
refused. The dashboard is at `/`;
coding agents reach the same operations over MCP (streamable HTTP) at `/mcp`."""


class BodyTooLarge(StarletteHTTPException):
    pass


class BodyLimit:
    """Refuse request bodies over `max_bytes` (the LLM proxy's `/v1/` routes: `model_api_bytes`)
    with 413: by Content-Length before reading, and while reading for bodies sent without
    one. On `/v1/` the refusal is also in the model APIs' error shape, as the guard's."""

    def __init__(self, app: ASGIApp, max_bytes: int, model_api_bytes: int = 0) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.model_api_bytes = model_api_bytes or max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        model_api = scope.get("path", "").startswith(UPSTREAM_PATHS)
        limit = self.model_api_bytes if model_api else self.max_bytes
        message = (f"The request body is larger than {limit} bytes.",
                   "Send a shorter conversation (setting proxy_max_request_bytes)." if model_api
                   else "Send smaller batches or files (setting max_request_bytes).")
        length = dict(scope["headers"]).get(b"content-length")
        rid = scope.get("state", {}).get("request_id", "")
        if length is not None:
            if not length.isdigit():
                await errors.error_response(400, "Invalid Content-Length header.",
                                            request_id=rid)(scope, receive, send)
                return
            if int(length) > limit:
                body = errors.error_body(413, *message, request_id=rid)
                if model_api:
                    in_model_api_shape(body, 413)
                await JSONResponse(body, 413)(scope, receive, send)
                return
        received = 0

        async def limited() -> Message:
            nonlocal received
            msg = await receive()
            if msg["type"] == "http.request":
                received += len(msg.get("body", b""))
                if received > limit:
                    raise BodyTooLarge(413, message[0])
            return msg

        await self.app(scope, limited, send)


def create_app(ops: Operations, proxy_only: bool = False, proxy: Proxy | None = None) -> FastAPI:
    """The app over the operations of a workspace the caller opened (and closes); its
    lifespan runs the MCP sessions of `/mcp`; its end stops the index jobs and the proxy's
    upstream connections. Opens nothing itself: `repokb serve` warms the operations (and the
    proxy) first, an owner that only indexes never loads what it does not need. `proxy_only`:
    the LLM proxy's routes alone; `proxy`: share another app's proxy (its counters and
    upstream connections)."""
    settings = ops.settings
    mcp = HttpEndpoint(ops)  # the MCP server at /mcp, over the same operations
    proxy = proxy if proxy is not None else create_proxy(ops)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        try:
            async with mcp.running():
                yield
        finally:
            await proxy.aclose()
            ops.close()

    app = FastAPI(title="repokb", version=__version__, description=DESCRIPTION,
                  lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.ops = ops
    app.state.proxy = proxy
    errors.install(app)
    app.add_middleware(BodyLimit, max_bytes=settings.max_request_bytes,
                       model_api_bytes=settings.proxy_max_request_bytes)
    # outermost: before anything reads the body (requests on the owner socket pass)
    app.add_middleware(Guard, settings=settings)
    app.include_router(proxy_routes.router)
    if proxy_only:
        return app
    app.include_router(routes.router)
    app.router.routes.append(Route("/mcp", endpoint=mcp, include_in_schema=False))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    _docs(app)

    @app.get("/", include_in_schema=False)
    def dashboard() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml",
                            headers={"Cache-Control": "max-age=86400"})

    return app


def _docs(app: FastAPI) -> None:
    """Swagger UI 5 (the assets the fastapi-swagger package ships; the schema is OpenAPI 3.1,
    which Swagger UI 4 cannot render), served locally so /docs needs no internet."""
    from importlib import resources

    _key_in_schema(app)
    assets = Path(str(resources.files("fastapi_swagger") / "resources"))
    app.mount("/docs-assets", StaticFiles(directory=assets), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return get_swagger_ui_html(openapi_url="/openapi.json", title="repokb API",
                                   swagger_js_url="/docs-assets/swagger-ui-bundle.js",
                                   swagger_css_url="/docs-assets/swagger-ui.css",
                                   swagger_favicon_url="/docs-assets/favicon-32x32.png")


def _key_in_schema(app: FastAPI) -> None:
    """The API key as the schema's security scheme, so /docs has an Authorize button and its
    "Try it out" sends the key: with REPOKB_API_KEY set, a search tried in /docs was a 401 (the
    key was a parameter of the destructive routes only, and the guard asks it of every route).
    Optional (`{}`): a server without a key takes requests without one."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        schema = build()
        schema.setdefault("components", {})["securitySchemes"] = {
            "apiKey": {"type": "apiKey", "in": "header", "name": "x-api-key",
                       "description": "The server's API key (REPOKB_API_KEY), when it has one; "
                                      "also accepted as Authorization: Bearer KEY."}}
        for path, operations in schema.get("paths", {}).items():
            if path in ("/healthz",):
                continue
            for operation in operations.values():
                operation["security"] = [{"apiKey": []}, {}]
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]
