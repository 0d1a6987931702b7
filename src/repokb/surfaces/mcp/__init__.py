"""`repokb mcp`: repokb as a Model Context Protocol server for coding agents.

    backend.py  the ONE place the MCP server calls repokb's operations (`Operations`)
    lease.py    stdio: the store held while agents use it, else the owner's (`Remote`)
    specs.py    the tools as listed: names, descriptions and JSON schemas for a model
    tools.py    what each tool does           render.py  each result as readable text
    calls.py    one call: its arguments checked, its handler run, errors, freshness
    server.py   the SDK server: what it says of itself and its tools, where a call goes
    starting.py stdio: the backend made once the client has initialised (`initialize` and
                `tools/list` wait for the SDK's imports only)
    unparsed.py stdio: a line the SDK cannot read answered with a JSON-RPC error, not dropped
    http.py     `/mcp` under `repokb serve` (mounted by the app factory, over its Operations)

Over stdio (`run_stdio`, for agents that start it) and over streamable HTTP at `/mcp` under
`repokb serve` (`http.HttpEndpoint`).
"""

from __future__ import annotations

import logging
import sys
from typing import TYPE_CHECKING, Any

from repokb.settings import Settings

if TYPE_CHECKING:
    from repokb.surfaces.mcp.backend import Backend


def run_stdio(settings: Settings, watch: list[Any] | None = None) -> None:
    """Serve MCP on stdin/stdout until the client closes them. Only protocol messages reach
    stdout: the SDK points fd 1 at stderr while it serves, and logs go to stderr. The backend
    (and with it `watch`) starts once the client has initialised (starting.py)."""
    import anyio

    logging.basicConfig(stream=sys.stderr, level=logging.WARNING,
                        format="repokb mcp: %(levelname)s %(name)s: %(message)s")
    logging.getLogger("repokb").setLevel(logging.INFO)

    async def main() -> None:
        from mcp.server.stdio import stdio_server

        from repokb.surfaces.mcp.server import create_server
        from repokb.surfaces.mcp.starting import Starting
        from repokb.surfaces.mcp.unparsed import Answering

        def make() -> Backend:  # on a worker thread, once the client has initialised
            from repokb.surfaces.mcp import calls  # noqa: F401  (not on the first call's loop)
            from repokb.surfaces.mcp.lease import StdioBackend

            backend = StdioBackend(settings)
            backend.start(watch)
            return backend

        starting = Starting(make)
        async with stdio_server() as (read, write), starting.running():
            server = create_server(starting)
            await server.run(Answering(read, write), write,
                             server.create_initialization_options())

    anyio.run(main)
