"""User-facing surfaces: CLI (and later the server, proxy, MCP)."""
