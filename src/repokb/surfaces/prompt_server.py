"""uvicorn's server, stopped at once: the owner socket's (surfaces/owner.py).

uvicorn's loop polls for the stop every 0.1 s and its shutdown sleeps 0.1 s for connections to
close: ~0.19 s added to every `repokb index` that owns the store (a one-file re-index of Django
takes ~2 s). Here a stop wakes the loop, and a shutdown with no connection open skips the sleep;
with one open, uvicorn's own shutdown runs as before (requests in flight answer).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket

import uvicorn


class PromptServer(uvicorn.Server):
    _loop: asyncio.AbstractEventLoop | None = None
    _wake: asyncio.Event | None = None

    def stop(self) -> None:
        """Ask the server to exit; from any thread."""
        self.should_exit = True
        loop, wake = self._loop, self._wake
        if loop is not None and wake is not None:
            with contextlib.suppress(RuntimeError):  # the loop has already ended
                loop.call_soon_threadsafe(wake.set)

    async def main_loop(self) -> None:
        self._wake = asyncio.Event()
        self._loop = asyncio.get_running_loop()
        counter = 0
        while not await self.on_tick(counter):  # on_tick also refreshes the Date header
            counter = (counter + 1) % 864000
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), 0.1)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        state = self.server_state
        if state.connections or state.tasks:
            await super().shutdown(sockets)
            return
        # Nothing open: stop listening, with no await between the check and the close, so no
        # connection can be accepted in between; lifespan is off, nothing else to wait for.
        for server in self.servers:
            server.close()
        for sock in sockets or []:
            sock.close()
