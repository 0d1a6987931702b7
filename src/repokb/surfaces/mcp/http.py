"""`/mcp` under `repokb serve`: the MCP tools over streamable HTTP, answered by the server's own
operations (the app factory passes them in).

An agent killed outright (SIGKILL, its host crashing) sends no DELETE: the SDK keeps its
session, and the session's holds on index runs, until its idle time-out (30 minutes). Every
official client keeps an event stream open for its session (a GET it opens again at once when
it drops), so its client's presence shows: a session whose requests (that stream included) all
ended, after one such stream was open, and from which nothing more came for job_lease_seconds,
has lost its client, and lets go of its holds then (`Backend.went_quiet`), as a follower's lapsed
lease does. A client that never keeps a stream open cannot be told from an agent thinking
between two calls: its session keeps its holds until it ends (its DELETE, or the SDK's idle
time-out).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio

from repokb.operations import Operations

SESSION_HEADER = b"mcp-session-id"


class _Busy:
    """The requests of one session being served now (its event stream included)."""

    def __init__(self) -> None:
        self.requests = 0
        self.streamed = False  # one of them was its event stream (a GET answered 200)


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
        # by session id, only while a request of the session is being served
        self._busy: dict[str, _Busy] = {}
        # by session id, only for a session holding index runs that went quiet: since when
        # (a new object each time; a request of the session drops it)
        self._quiet: dict[str, object] = {}
        self._tasks: anyio.abc.TaskGroup | None = None

    def _new_manager(self) -> Any:
        from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
        from mcp.server.transport_security import TransportSecuritySettings

        from repokb.surfaces.mcp import calls  # noqa: F401  (imported now, not by a first call)
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
        async with anyio.create_task_group() as tasks:  # the quiet sessions' countdowns
            self.manager, self._tasks = manager, tasks
            try:
                async with manager.run():
                    yield
            finally:
                self.manager = self._tasks = None
                self._busy.clear()
                self._quiet.clear()
                tasks.cancel_scope.cancel()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        manager = self.manager
        if manager is None:  # an app served without its lifespan (the owner socket)
            from repokb.surfaces.server.errors import error_response

            response = error_response(503, "MCP sessions run only under `repokb serve`.",
                                      "Connect to /mcp of repokb serve, or run `repokb mcp`.")
            await response(scope, receive, send)
            return
        session_id = next((v.decode("latin-1") for k, v in scope["headers"]
                           if k == SESSION_HEADER), None)
        if session_id is None:  # an initialize, or a stateless request: nothing to follow
            await manager.handle_request(scope, receive, send)
            return
        busy = self._busy.setdefault(session_id, _Busy())
        busy.requests += 1
        self._quiet.pop(session_id, None)
        stream = scope["method"] == "GET"

        async def sent(message: Any) -> None:
            if stream and message["type"] == "http.response.start" and message["status"] == 200:
                busy.streamed = True
            await send(message)

        try:
            await manager.handle_request(scope, receive, sent)
        finally:
            busy.requests -= 1
            if not busy.requests:
                self._ended(session_id, busy)

    def _ended(self, session_id: str, busy: _Busy) -> None:
        """The last request of a session being served ended: if its event stream was among
        them and it holds index runs, start the countdown of its client's absence."""
        if self._busy.get(session_id) is busy:
            del self._busy[session_id]
        tasks = self._tasks
        if tasks is None or not busy.streamed or not self.backend.holding(session_id):
            return
        since = self._quiet[session_id] = object()
        tasks.start_soon(self._absent, session_id, since)

    async def _absent(self, session_id: str, since: object) -> None:
        await anyio.sleep(self.ops.settings.job_lease_seconds)
        if self._quiet.get(session_id) is since:  # nothing came from it meanwhile
            del self._quiet[session_id]
            self.backend.went_quiet(session_id)
