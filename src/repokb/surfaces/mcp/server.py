"""The MCP server (official `mcp` SDK, low-level Server): what it says of itself and of its
tools, and where a tool call goes.

`initialize` and `tools/list` are answered from this module and specs.py alone (nothing that
searches or indexes is imported for them); a tool call goes to calls.py with the backend: under
`repokb serve` the server's own, for `repokb mcp` (stdio) the one starting.py makes once the
client has initialised.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server

from repokb import __version__
from repokb.surfaces.mcp.specs import TOOLS, Tool
from repokb.surfaces.mcp.starting import Starting

if TYPE_CHECKING:
    from repokb.surfaces.mcp.backend import Backend

INSTRUCTIONS = (
    "repokb is a local knowledge base of the user's code repositories (code, tests, docs, "
    "configuration, contracts). Use `search` to find where something is implemented, "
    "configured or documented before reading files one by one; `get_context` widens a hit "
    "with neighbouring chunks and the file outline; `explain_file` says why a file is or is "
    "not indexed; `index_path` indexes or refreshes a project folder (`cancel_index` stops "
    "such a run). Every answer says how fresh the index is; when files changed since the last "
    "run, refresh with `index_path`.")


def create_server(backend: Backend | Starting) -> Server[Any]:
    """The SDK server over `backend`, or over the backend `Starting` makes: begun when the
    client's `notifications/initialized` comes (or by the first tool call)."""

    async def list_tools(ctx: ServerRequestContext[Any],
                         params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[_describe(t) for t in TOOLS.values()])

    async def call_tool(ctx: ServerRequestContext[Any],
                        params: types.CallToolRequestParams) -> types.CallToolResult:
        ready = await backend.backend() if isinstance(backend, Starting) else backend
        # imported with the backend (starting.py's maker, or serve's app): no import here
        from repokb.surfaces.mcp import calls

        return await calls.call(ready, params.name, dict(params.arguments or {}),
                                calls.session_of(ready, ctx))

    server: Server[Any] = Server(
        "repokb", version=__version__, title="repokb",
        description="Search and explain indexed code repositories.",
        instructions=INSTRUCTIONS, on_list_tools=list_tools, on_call_tool=call_tool)
    if isinstance(backend, Starting):
        async def initialized(ctx: ServerRequestContext[Any],
                              params: types.NotificationParams) -> None:
            backend.begin()

        server.add_notification_handler("notifications/initialized", types.NotificationParams,
                                        initialized)
    return server


def _describe(tool: Tool) -> types.Tool:
    return types.Tool(name=tool.name, title=tool.title, description=tool.description,
                      input_schema=tool.schema, annotations=types.ToolAnnotations(
                          title=tool.title, read_only_hint=tool.read_only,
                          destructive_hint=False, idempotent_hint=True,
                          open_world_hint=False))
