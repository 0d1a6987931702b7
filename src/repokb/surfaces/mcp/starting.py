"""`repokb mcp` (stdio): the backend made once the client has initialised, on a worker thread,
so that `initialize` and `tools/list` are answered as soon as the SDK itself could answer them.

An agent starts `repokb mcp` itself and gives it a few seconds to answer `initialize` (some
clients 5-10 s, then they go on without its tools). What answers a tool call (the operations
and the tools' modules, ~1 s of CPU to import; the store and the model, opened after) is
loaded when the client's `notifications/initialized` comes, or at its first tool call (a client
that skips the handshake): a call waits for the backend alone, and the warm-up (the store taken,
the model loaded) goes on behind it, as it did beside `initialize` before.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

import anyio
import anyio.abc

if TYPE_CHECKING:
    from repokb.surfaces.mcp.backend import Backend

log = logging.getLogger("repokb.mcp")


class Starting:
    """The backend `make` makes (on a worker thread, once `begin` is called), then warms."""

    def __init__(self, make: Callable[[], Backend]) -> None:
        self._make = make
        self._backend: Backend | None = None
        self._failed: Exception | None = None
        self._made: anyio.Event | None = None
        self._tasks: anyio.abc.TaskGroup | None = None
        self._begun = False

    @asynccontextmanager
    async def running(self) -> AsyncIterator[Starting]:
        """While the server serves. On leaving, a start-up going on ends first (a worker
        thread is not stopped halfway), and the backend it made is closed."""
        self._made = anyio.Event()
        try:
            async with anyio.create_task_group() as tasks:
                self._tasks = tasks
                try:
                    yield self
                finally:
                    self._tasks = None
                    tasks.cancel_scope.cancel()
        finally:
            if self._backend is not None:
                await anyio.to_thread.run_sync(self._backend.close)

    def begin(self) -> None:
        """Start making the backend, once (from the event loop, while running)."""
        if self._tasks is not None and not self._begun:
            self._begun = True
            self._tasks.start_soon(self._start)

    async def backend(self) -> Backend:
        """The backend, made now if nothing began it yet; its maker's error if it failed."""
        assert self._made is not None, "Starting.backend() outside running()"
        self.begin()
        await self._made.wait()
        if self._backend is None:
            raise self._failed or RuntimeError("The MCP server is stopping.")
        return self._backend

    async def _start(self) -> None:
        assert self._made is not None
        try:
            # kept by the thread itself: a backend made while the server stops is closed too
            await anyio.to_thread.run_sync(self._keep)
        except Exception as exc:  # every tool call reports it; the server goes on
            log.exception("could not start")
            self._failed = exc
        finally:
            self._made.set()
        if self._backend is not None:
            await anyio.to_thread.run_sync(self._backend.warm)

    def _keep(self) -> None:
        self._backend = self._make()
