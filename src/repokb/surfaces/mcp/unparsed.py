"""Over stdio, a line the SDK cannot read as a JSON-RPC message still gets an answer.

The SDK's stdio transport hands such a line on as an exception, and its server drops it: the
client then waits forever for the answer to its request (a string with a lone surrogate,
`"\\udcff"`, is one such line; JSON itself allows it, the SDK's parser does not). `Answering`
stands between the transport and the server and writes the JSON-RPC error the specification
asks for instead: -32700 (parse error) or -32600 (invalid request), to the request's own id
when the line has one, else to `null`. Over HTTP the SDK answers these itself (a -32700 400).
"""

from __future__ import annotations

import json
import logging
from types import TracebackType
from typing import Any

import anyio
import mcp_types as types
from mcp.shared.message import SessionMessage
from pydantic import ValidationError

log = logging.getLogger("repokb.mcp")

PARSE_ERROR, INVALID_REQUEST = -32700, -32600


class Answering:
    """The read stream the server sees: every message as the transport gave it, except a line
    it could not read, which is answered on `write` and not passed on."""

    def __init__(self, read: Any, write: Any) -> None:
        self._read, self._write = read, write

    @property
    def last_context(self) -> Any:  # the sender's context, which the SDK's runner reads
        return getattr(self._read, "last_context", None)

    async def receive(self) -> Any:
        while True:
            item = await self._read.receive()
            if not isinstance(item, ValidationError):
                return item
            await self._write.send(SessionMessage(error_for(item)))

    def __aiter__(self) -> Answering:
        return self

    async def __anext__(self) -> Any:
        try:
            return await self.receive()
        except anyio.EndOfStream:
            raise StopAsyncIteration from None

    async def aclose(self) -> None:
        await self._read.aclose()

    async def __aenter__(self) -> Answering:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc_val: BaseException | None, exc_tb: TracebackType | None) -> None:
        await self.aclose()


def error_for(exc: ValidationError) -> types.JSONRPCError:
    """The JSON-RPC error answering the line `exc` rejected: a parse error when it was no JSON
    the SDK could read, else an invalid request; to the line's id when it names one."""
    errors = [dict(e) for e in exc.errors(include_url=False)]
    first: dict[str, Any] = errors[0] if errors else {}
    unreadable = first.get("type") == "json_invalid"
    where = ".".join(str(part) for part in first.get("loc", ()))
    reason = str(first.get("msg") or "not a JSON-RPC message") + (f" ({where})" if where else "")
    log.warning("answered an unreadable message: %s", reason)
    code, what = (PARSE_ERROR, "Parse error") if unreadable else (INVALID_REQUEST,
                                                                  "Invalid request")
    return types.JSONRPCError(jsonrpc="2.0", id=_request_id([e.get("input") for e in errors]),
                              error=types.ErrorData(code=code, message=f"{what}: {reason}"))


def _request_id(inputs: list[Any]) -> int | str | None:
    """The id of the message the errors were about: the line itself (read leniently: Python's
    JSON reader takes what the SDK's refused, a lone surrogate too) or the object the SDK
    read from it; None when there is none to read."""
    for seen in inputs:
        message = seen
        if isinstance(seen, str):
            try:
                message = json.loads(seen)
            except ValueError:
                continue
        if isinstance(message, dict) and "id" in message:
            ident = message["id"]
            if isinstance(ident, str):  # a lone surrogate in the id is written as U+FFFD
                return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in ident)
            return ident if isinstance(ident, int) and not isinstance(ident, bool) else None
    return None
