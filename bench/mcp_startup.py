"""Time `repokb mcp` (stdio) from process start to the first answered `search`, as an agent
sees it: spawn, MCP initialize, tools/list, one search (with the official SDK's client).

    python bench/mcp_startup.py PATH [--runs 5] [--home DIR]

PATH is indexed first into a temporary REPOKB_HOME (or DIR) if it is not there yet. The first
run of the model derives its int8 copy (cold); every run after is warm. Prints one line per
run and the median of the warm runs, with the load average and the CPU time the server
process used over its whole life (start-up, two searches, exit): on a shared machine the wall
time follows the load, the CPU time much less.
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


async def one_run(home: Path, query: str) -> tuple[float, float, float, str]:
    started = time.perf_counter()
    params = StdioServerParameters(command=sys.executable, args=["-m", "repokb", "mcp"],
                                   env={**os.environ, "REPOKB_HOME": str(home)})
    with open(os.devnull, "w") as devnull:
        async with (stdio_client(params, errlog=devnull) as (read, write),
                    ClientSession(read, write) as session):
            await session.initialize()
            initialised = time.perf_counter() - started
            await session.list_tools()
            result = await session.call_tool("search", {"query": query, "limit": 5})
            answered = time.perf_counter() - started
            assert not result.is_error, result.content
            hits = (result.structured_content or {}).get("hits") or [{}]
            t0 = time.perf_counter()
            await session.call_tool("search", {"query": query + " again", "limit": 5})
            second = time.perf_counter() - t0
    top = f"{hits[0].get('path')}:{hits[0].get('symbol')}"
    return initialised, answered, second, top


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--home", type=Path)
    parser.add_argument("--query", default="how is the database connection timeout configured")
    args = parser.parse_args()
    home = args.home or Path(tempfile.mkdtemp(prefix="repokb-mcp-bench-"))
    env = {**os.environ, "REPOKB_HOME": str(home)}
    if not (home / "catalog.sqlite3").exists():
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "repokb", "index", str(args.path)], env=env,
                       check=True, capture_output=True)
        print(f"indexed {args.path} in {time.perf_counter() - started:.1f} s")
    warm, cpu = [], []
    for n in range(1, args.runs + 1):
        before = _children_cpu()
        initialised, answered, second, top = anyio.run(one_run, home, args.query)
        used = _children_cpu() - before
        print(f"run {n}: initialize {initialised:.2f} s, first search answered "
              f"{answered:.2f} s after start, next search {second * 1000:.0f} ms, server CPU "
              f"{used:.2f} s (top: {top})")
        if n > 1:
            warm.append(answered)
            cpu.append(used)
    if warm:
        print(f"warm start-up to first answered search: median {statistics.median(warm):.2f} s"
              f" (min {min(warm):.2f}, max {max(warm):.2f}, {len(warm)} runs); load average "
              f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}; server CPU median "
              f"{statistics.median(cpu):.2f} s")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    main()
