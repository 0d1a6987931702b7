"""Time `repokb mcp` (stdio) from process start to the first answered `search`, as an agent
sees it: spawn, MCP initialize, tools/list, one search (with the official SDK's client).

    python bench/mcp_startup.py PATH [--runs 5] [--home DIR] [--src OLD --src NEW] [--floor]

PATH is indexed first into a temporary REPOKB_HOME (or DIR) if it is not there yet. The first
run of the model derives its int8 copy (cold); every run after is warm. Prints one line per
run and the medians of the warm runs, with the load average and the CPU time the server
process used over its whole life (start-up, two searches, exit): on a shared machine the wall
time follows the load, the CPU time much less.

`--src DIR` (repeatable) runs the server with PYTHONPATH=DIR, the runs alternating between
them (old and new code under the same load). `--floor` adds, alternating too, a bare server of
the SDK that imports nothing of repokb (one tool; initialize and tools/list only): how fast the
SDK alone can answer.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

FLOOR = """
import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

async def list_tools(ctx, params):
    return types.ListToolsResult(tools=[types.Tool(name="search", input_schema={
        "type": "object", "properties": {"query": {"type": "string"}}})])

async def main():
    server = Server("floor", on_list_tools=list_tools)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())

anyio.run(main)
"""


async def one_run(home: Path, query: str, src: str | None) -> dict[str, float | str]:
    env = {**os.environ, "REPOKB_HOME": str(home)}
    if src == "floor":
        args = ["-c", FLOOR]
    else:
        args = ["-m", "repokb", "mcp"]
        if src:
            env["PYTHONPATH"] = src
    times: dict[str, float | str] = {}
    started = time.perf_counter()
    params = StdioServerParameters(command=sys.executable, args=args, env=env)
    with open(os.devnull, "w") as devnull:
        async with (stdio_client(params, errlog=devnull) as (read, write),
                    ClientSession(read, write) as session):
            await session.initialize()
            times["initialize"] = time.perf_counter() - started
            await session.list_tools()
            times["tools/list"] = time.perf_counter() - started
            if src == "floor":
                return times
            result = await session.call_tool("search", {"query": query, "limit": 5})
            times["search"] = time.perf_counter() - started
            assert not result.is_error, result.content
            hits = (result.structured_content or {}).get("hits") or [{}]
            t0 = time.perf_counter()
            await session.call_tool("search", {"query": query + " again", "limit": 5})
            times["next"] = time.perf_counter() - t0
    times["top"] = f"{hits[0].get('path')}:{hits[0].get('symbol')}"
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--runs", type=int, default=5, help="Runs of each server.")
    parser.add_argument("--home", type=Path)
    parser.add_argument("--query", default="how is the database connection timeout configured")
    parser.add_argument("--src", action="append", default=[],
                        help="PYTHONPATH of a server to time (repeatable: runs alternate).")
    parser.add_argument("--floor", action="store_true",
                        help="Also time a bare SDK server (initialize, tools/list).")
    args = parser.parse_args()
    home = args.home or Path(tempfile.mkdtemp(prefix="repokb-mcp-bench-"))
    env = {**os.environ, "REPOKB_HOME": str(home)}
    if not (home / "catalog.sqlite3").exists():
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "repokb", "index", str(args.path)], env=env,
                       check=True, capture_output=True)
        print(f"indexed {args.path} in {time.perf_counter() - started:.1f} s")
    servers: list[str | None] = list(args.src) or [None]
    if args.floor:
        servers.append("floor")
    warm: dict[str | None, list[dict[str, float | str]]] = {s: [] for s in servers}
    for n in range(1, args.runs + 1):
        for src in servers:
            load = os.getloadavg()[0]
            before = _children_cpu()
            times = anyio.run(one_run, home, args.query, src)
            times["cpu"] = _children_cpu() - before
            times["load"] = load
            print(f"run {n} {src or 'installed'}: " + ", ".join(
                f"{k} {v:.2f}" if isinstance(v, float) else f"{k} {v}"
                for k, v in times.items()), flush=True)
            if n > 1 or args.runs == 1:
                warm[src].append(times)
    for src, runs in warm.items():
        if not runs:
            continue
        medians = {k: statistics.median(float(r[k]) for r in runs)
                   for k in runs[0] if k != "top"}
        print(f"{src or 'installed'} (median of {len(runs)} runs): " + ", ".join(
            f"{k} {v:.2f}" for k, v in medians.items()))


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    main()
