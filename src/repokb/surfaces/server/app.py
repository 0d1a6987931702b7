"""The FastAPI app factory: routes, the one error shape, the body limit, docs and dashboard.

`create_app(ops)` serves the operations over a workspace the caller opened and closes (tests,
`repokb serve`, and every owner's Unix socket: one app behind both).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from repokb import __version__
from repokb.operations import Operations
from repokb.surfaces.mcp.http import HttpEndpoint
from repokb.surfaces.server import errors, routes

STATIC = Path(__file__).parent / "static"

DESCRIPTION = """The repokb knowledge base over HTTP: ingest files or pre-cut fragments, index
folders on the server, search, explain classification decisions, flush (with `x-api-key`).
Every error is `{"error": {status, code, message, hint, details}}`. The dashboard is at `/`;
coding agents reach the same operations over MCP (streamable HTTP) at `/mcp`."""


class BodyTooLarge(StarletteHTTPException):
    pass


class BodyLimit:
    """Refuse request bodies over `max_bytes` with 413: by Content-Length before reading, and
    while reading for bodies sent without one."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        message = (f"The request body is larger than {self.max_bytes} bytes.",
                   "Send smaller batches or files (setting max_request_bytes).")
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None:
            if not length.isdigit():
                await errors.error_response(400, "Invalid Content-Length header.")(
                    scope, receive, send)
                return
            if int(length) > self.max_bytes:
                await errors.error_response(413, *message)(scope, receive, send)
                return
        received = 0

        async def limited() -> Message:
            nonlocal received
            msg = await receive()
            if msg["type"] == "http.request":
                received += len(msg.get("body", b""))
                if received > self.max_bytes:
                    raise BodyTooLarge(413, message[0])
            return msg

        await self.app(scope, limited, send)


def create_app(ops: Operations) -> FastAPI:
    """The app over the operations of a workspace the caller opened (and closes); its
    lifespan runs the MCP sessions of `/mcp` and its end stops the index jobs. Opens nothing
    itself: `repokb serve` warms the operations first, an owner that only indexes never loads
    what it does not need."""
    settings = ops.settings
    mcp = HttpEndpoint(ops)  # the MCP server at /mcp, over the same operations

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        try:
            async with mcp.running():
                yield
        finally:
            ops.close()

    app = FastAPI(title="repokb", version=__version__, description=DESCRIPTION,
                  lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.ops = ops
    errors.install(app)
    app.add_middleware(BodyLimit, max_bytes=settings.max_request_bytes)
    app.include_router(routes.router)
    app.router.routes.append(Route("/mcp", endpoint=mcp, include_in_schema=False))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    _docs(app)

    @app.get("/", include_in_schema=False)
    def dashboard() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    return app


def _docs(app: FastAPI) -> None:
    """Swagger UI from the swagger-ui-bundle package, so /docs needs no internet either."""
    import swagger_ui_bundle

    app.mount("/docs-assets", StaticFiles(directory=swagger_ui_bundle.swagger_ui_path),
              name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return get_swagger_ui_html(openapi_url="/openapi.json", title="repokb API",
                                   swagger_js_url="/docs-assets/swagger-ui-bundle.js",
                                   swagger_css_url="/docs-assets/swagger-ui.css",
                                   swagger_favicon_url="/docs-assets/favicon-32x32.png")
