"""`repokb mcp`: repokb as a Model Context Protocol server for coding agents.

    backend.py  the ONE place the MCP server calls repokb's operations (and the owner socket)
    tools.py    the tools: names, descriptions and JSON schemas for a model, and handlers
    render.py   each result as readable text        server.py  the SDK server, errors, freshness

Over stdio (`run_stdio`, for agents that start it) and over streamable HTTP at `/mcp` under
`repokb serve` (`http_endpoint`, mounted by the app factory).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from repokb.settings import Settings


def run_stdio(settings: Settings, watch: list[Any] | None = None) -> None:
    """Serve MCP on stdin/stdout until the client closes them. Only protocol messages reach
    stdout: the SDK points fd 1 at stderr while it serves, and logs go to stderr."""
    import anyio

    logging.basicConfig(stream=sys.stderr, level=logging.WARNING,
                        format="repokb mcp: %(levelname)s %(name)s: %(message)s")
    logging.getLogger("repokb").setLevel(logging.INFO)

    async def main() -> None:
        from mcp.server.stdio import stdio_server

        from repokb.surfaces.mcp.backend import Backend
        from repokb.surfaces.mcp.server import create_server

        backend = Backend(settings)
        try:
            async with stdio_server() as (read, write):
                server = create_server(backend)
                backend.start(watch)
                async with anyio.create_task_group() as tg:
                    # load the model while the client initialises: the first search is quick
                    tg.start_soon(anyio.to_thread.run_sync, backend.warm)
                    await server.run(read, write, server.create_initialization_options())
                    tg.cancel_scope.cancel()
        finally:
            await anyio.to_thread.run_sync(backend.close)

    anyio.run(main)


class HttpEndpoint:
    """`/mcp` under `repokb serve`: the ASGI app, and the session manager the app's lifespan
    runs. With an API key set, requests carry it as `x-api-key` or `Authorization: Bearer`."""

    def __init__(self, service: Any) -> None:
        from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
        from mcp.server.transport_security import TransportSecuritySettings

        from repokb.surfaces.mcp.backend import Backend
        from repokb.surfaces.mcp.server import create_server

        settings = service.settings
        self.api_key: str = settings.api_key
        loopback = settings.host in ("127.0.0.1", "localhost", "::1")
        security = TransportSecuritySettings(
            enable_dns_rebinding_protection=loopback,
            allowed_hosts=["127.0.0.1:*", "localhost:*", "[::1]:*"],
            allowed_origins=["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"])
        self.backend = Backend(settings, service)
        server = create_server(self.backend)

        def manager() -> StreamableHTTPSessionManager:
            return StreamableHTTPSessionManager(
                app=server, security_settings=security,
                max_request_body_size=settings.max_request_bytes)

        self._new_manager = manager
        self.manager = manager()
        self._runs = 0

    @asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """Run the sessions for one lifespan of the app (a manager runs once: an app whose
        lifespan is entered again, as test clients do, gets a new one)."""
        if self._runs:
            self.manager = self._new_manager()
        self._runs += 1
        async with self.manager.run():
            yield

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and self.api_key and not self._authorised(scope):
            from repokb.surfaces.server.errors import error_response

            response = error_response(401, "Missing or wrong API key for /mcp.",
                                      "Send the server's key (REPOKB_API_KEY) as the x-api-key "
                                      "header or as Authorization: Bearer KEY.",
                                      headers={"WWW-Authenticate": "Bearer"})
            await response(scope, receive, send)
            return
        await self.manager.handle_request(scope, receive, send)

    def _authorised(self, scope: Any) -> bool:
        import hmac

        headers = dict(scope.get("headers") or [])
        given = headers.get(b"x-api-key")
        bearer = headers.get(b"authorization", b"")
        if given is None and bearer[:7].lower() == b"bearer ":
            given = bearer[7:].strip()
        return given is not None and hmac.compare_digest(given, self.api_key.encode("utf-8"))
