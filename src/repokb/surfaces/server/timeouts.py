"""Read deadlines for `repokb serve`'s connections (uvicorn's h11 protocol has none).

uvicorn closes a connection idle *between* requests (`timeout_keep_alive`), but waits forever
for a request's headers and for a body that stops arriving: a client that sends
`Content-Length: 100` and 13 bytes, or half a header line, holds a connection (and a reader)
open indefinitely. This protocol adds two deadlines, checked after every read:
- `header_timeout`: from the connection's first moment (or the first byte of the next request
  on a kept-alive connection) until the request's headers are complete;
- `body_timeout`: from the headers until the whole body has arrived.
A connection past its deadline is closed (the app, if it was reading, sees a disconnect).
The app's own work after the body has arrived is not limited here.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

log = logging.getLogger("repokb.server")


class DeadlineH11Protocol(H11Protocol):
    header_timeout = 10.0
    body_timeout = 60.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._phase: str | None = None
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._watch()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch()

    def connection_lost(self, exc: Exception | None) -> None:
        self._arm(None)
        super().connection_lost(exc)

    def _current_phase(self) -> str | None:
        cycle = self.cycle
        if cycle is not None and cycle.more_body:
            return "body"
        waiting = cycle is None or cycle.response_complete
        if waiting and self.conn.their_state is h11.IDLE:
            # A new request: only once some of it arrived (or on a fresh connection); an idle
            # kept-alive connection is uvicorn's timeout_keep_alive's business.
            started = cycle is None or bool(self.conn.trailing_data[0])
            return "headers" if started else None
        return None

    def _watch(self) -> None:
        phase = self._current_phase()
        if phase != self._phase:
            self._arm(phase)

    def _arm(self, phase: str | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._phase = phase
        if phase is not None and self.transport is not None:
            budget = self.header_timeout if phase == "headers" else self.body_timeout
            self._deadline = self.loop.call_later(budget, self._expired, phase)

    def _expired(self, phase: str) -> None:
        self._deadline = None
        if self._current_phase() != phase or self.transport.is_closing():
            self._watch()
            return
        client = f"{self.client[0]}:{self.client[1]}" if self.client else "?"
        log.warning("closed a connection from %s: its request %s did not arrive in time",
                    client, phase)
        self.transport.close()


def protocol(header_timeout: float, body_timeout: float) -> type[DeadlineH11Protocol]:
    """The protocol class with these deadlines, for uvicorn's `http=` option."""
    return type("RepokbH11Protocol", (DeadlineH11Protocol,),
                {"header_timeout": header_timeout, "body_timeout": body_timeout})
