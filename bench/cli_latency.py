"""Wall time of `repokb search` from the command line, one new process per call, as coding
agents call it in loops: cold (no owner: each call loads the model and opens the store) against
warm (a warm owner started on demand answers over the owner socket).

    python bench/retrieval/latency.py --keep DIR --queries 20   # once: a 40,000-chunk home
    python bench/cli_latency.py --home DIR/home [--calls 100]

Each call is `python -m repokb search QUESTION --limit 10 --json` with a different question (no
call re-uses another's query vector), timed from spawn to exit; CPU is the child's user + system
time. The warm run's first call starts the owner and is reported on its own. Prints one Markdown
table, with the load average and the CPU model.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

TOPICS = ["cookies", "the request parser", "the connection pool", "template loading",
          "date parsing", "plugin registration", "retry with backoff", "the config loader",
          "url routing", "test fixtures", "the command line entry point", "string formatting",
          "the cache layer", "error handling", "session middleware", "the json encoder",
          "file uploads", "logging setup", "the query builder", "type validation",
          "the event loop", "redirects", "timeouts", "authentication headers", "encodings"]
FORMS = ["how does {t} work", "where is {t} implemented", "what calls {t}",
         "how do I configure {t}", "why would {t} fail", "which tests cover {t}"]


def questions(n: int) -> list[str]:
    every = [f.format(t=t) for f in FORMS for t in TOPICS]
    return [every[i % len(every)] + (f" ({i // len(every)})" if i >= len(every) else "")
            for i in range(n)]


def call(env: dict[str, str], question: str) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one `repokb search`."""
    before = os.times()
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "repokb", "search", question, "--limit", "10",
                           "--json"], env=env, capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = os.times()
    if done.returncode != 0:
        raise SystemExit(f"repokb search failed ({done.returncode}): {done.stderr[-2000:]}")
    return wall, (after.children_user - before.children_user
                  + after.children_system - before.children_system)


def row(name: str, runs: list[tuple[float, float]]) -> str:
    walls = [w * 1000 for w, _ in runs]
    cuts = statistics.quantiles(walls, n=100, method="inclusive") if len(walls) > 1 else walls * 99
    cpu = statistics.mean(c for _, c in runs) * 1000
    return (f"| {name} | {len(runs)} | {statistics.median(walls):.0f} | {cuts[94]:.0f} | "
            f"{cuts[98]:.0f} | {cpu:.0f} | {os.getloadavg()[0]:.1f} |")


def stop_owner(env: dict[str, str]) -> None:
    from repokb.settings import Settings
    from repokb.surfaces.warm import step_aside

    step_aside(Settings.load(home=Path(env["REPOKB_HOME"])))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, required=True,
                        help="A home with an index (bench/retrieval/latency.py --keep DIR: "
                        "DIR/home).")
    parser.add_argument("--calls", type=int, default=100)
    parser.add_argument("--cold-calls", type=int, help="Cold calls (default: --calls).")
    args = parser.parse_args()
    base = {**os.environ, "REPOKB_HOME": str(args.home.resolve())}
    cold_env = {**base, "REPOKB_OWNER_IDLE_SECONDS": "0"}
    warm_env = {**base, "REPOKB_OWNER_IDLE_SECONDS": "600"}
    stop_owner(warm_env)
    asked = questions(args.calls + (args.cold_calls or args.calls) + 1)
    load_before = os.getloadavg()[0]

    cold = [call(cold_env, q) for q in asked[: args.cold_calls or args.calls]]
    rest = asked[len(cold):]
    first = call(warm_env, rest[0])  # starts the owner (model load, store open), then asks it
    warm = [call(warm_env, q) for q in rest[1:]]
    stop_owner(warm_env)

    cpu = next((line.split(":", 1)[1].strip() for line in
                subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines()
                if line.startswith("Model name")), "?")
    print(f"CPU: {cpu}; {os.cpu_count()} cores; load average before {load_before:.1f}\n")
    print("| `repokb search` | calls | wall p50 ms | p95 ms | p99 ms | CPU per call ms | "
          "load after |\n| --- | --- | --- | --- | --- | --- | --- |")
    print(row("cold (no owner: REPOKB_OWNER_IDLE_SECONDS=0)", cold))
    print(row("first call, starts the warm owner", [first]))
    print(row("warm (through the owner socket)", warm))


if __name__ == "__main__":
    main()
