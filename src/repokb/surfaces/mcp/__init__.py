"""`repokb mcp`: repokb as a Model Context Protocol server for coding agents.

    backend.py  the ONE place the MCP server calls repokb's operations (`Operations`)
    lease.py    stdio: the store held while agents use it, else the owner's (`Remote`)
    tools.py    the tools: names, descriptions and JSON schemas for a model, and handlers
    render.py   each result as readable text        server.py  the SDK server, errors, freshness
    unparsed.py stdio: a line the SDK cannot read answered with a JSON-RPC error, not dropped
    http.py     `/mcp` under `repokb serve` (mounted by the app factory, over its Operations)

Over stdio (`run_stdio`, for agents that start it) and over streamable HTTP at `/mcp` under
`repokb serve` (`http.HttpEndpoint`).
"""

from __future__ import annotations

import logging
import sys
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

        from repokb.surfaces.mcp.lease import StdioBackend
        from repokb.surfaces.mcp.server import create_server
        from repokb.surfaces.mcp.unparsed import Answering

        backend = StdioBackend(settings)
        try:
            async with stdio_server() as (read, write):
                server = create_server(backend)
                backend.start(watch)
                async with anyio.create_task_group() as tg:
                    # load the model while the client initialises: the first search is quick
                    tg.start_soon(anyio.to_thread.run_sync, backend.warm)
                    await server.run(Answering(read, write), write,
                                     server.create_initialization_options())
                    tg.cancel_scope.cancel()
        finally:
            await anyio.to_thread.run_sync(backend.close)

    anyio.run(main)
