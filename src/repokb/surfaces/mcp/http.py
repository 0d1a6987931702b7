"""`/mcp` under `repokb serve`: the MCP tools over streamable HTTP, answered by the server's own
operations (the app factory passes them in)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from repokb.operations import Operations


class HttpEndpoint:
    """`/mcp` under `repokb serve`: the ASGI app, and the session manager the app's lifespan
    runs. The server's guard checks the API key (`x-api-key` or `Authorization: Bearer`), as
    for every route."""

    def __init__(self, ops: Operations) -> None:
        """Cheap: the SDK loads when the app's lifespan starts the sessions (an owner socket,
        which runs no lifespan, never loads it)."""
        self.ops = ops
        self.manager: Any = None
        self._server: Any = None

    def _new_manager(self) -> Any:
        from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
        from mcp.server.transport_security import TransportSecuritySettings

        from repokb.surfaces.mcp.backend import Backend
        from repokb.surfaces.mcp.server import create_server

        settings = self.ops.settings
        if self._server is None:
            self.backend = Backend(settings, self.ops)
            self._server = create_server(self.backend)
        # The server's guard checks Host and Origin first and answers in the REST error shape;
        # the SDK's own check stays as a second line, told the same allowed names.
        loopback = settings.host in ("127.0.0.1", "localhost", "::1")
        hosts = [h for name in settings.allowed_hosts for h in (name, f"{name}:*")]
        security = TransportSecuritySettings(
            enable_dns_rebinding_protection=loopback,
            allowed_hosts=["127.0.0.1:*", "localhost:*", "[::1]:*", *hosts],
            allowed_origins=["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*",
                             *settings.allowed_origins,
                             *(f"{scheme}://{h}" for h in hosts for scheme in ("http", "https"))])
        return StreamableHTTPSessionManager(app=self._server, security_settings=security,
                                            max_request_body_size=settings.max_request_bytes)

    @asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """Run the sessions for one lifespan of the app (a manager runs once: an app whose
        lifespan is entered again, as test clients do, gets a new one)."""
        manager = self._new_manager()
        self.manager = manager
        try:
            async with manager.run():
                yield
        finally:
            self.manager = None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        manager = self.manager
        if manager is None:  # an app served without its lifespan (the owner socket)
            from repokb.surfaces.server.errors import error_response

            response = error_response(503, "MCP sessions run only under `repokb serve`.",
                                      "Connect to /mcp of repokb serve, or run `repokb mcp`.")
            await response(scope, receive, send)
            return
        await manager.handle_request(scope, receive, send)
