"""A coding agent's loop through the CLI on an existing index: search, edit a file, index,
search again, as separate `repokb` processes (each `--json`, no terminal, as an agent runs them).

    python bench/agent_loop.py HOME TREE [--file REL] [--rounds 5]

HOME: a finished index of TREE (pass a copy: the runs write into it). Each round takes the
first function out of FILE (a re-index that prunes a chunk and shifts the file's others), runs
`repokb index TREE --json` and a search, then puts the file back and does the same. The first
search of the run starts the warm owner (surfaces/warm.py). Prints each step's wall time per
round and their medians. The file is restored at the end, even on failure.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

QUESTIONS = ["capitalize the first letter of a string", "wrap text to a given width",
             "slugify a string for a url", "truncate a string to a number of words"]


def run(env: dict[str, str], *args: str) -> float:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "repokb", *args], env=env,
                          capture_output=True, text=True, check=False)
    took = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"repokb {' '.join(args)} failed:\n{done.stderr}")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("home", type=Path)
    parser.add_argument("tree", type=Path)
    parser.add_argument("--file", default="django/utils/text.py")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    env = {**os.environ, "REPOKB_HOME": str(args.home)}
    target = args.tree / args.file
    original = target.read_text(encoding="utf-8")
    first = re.search(r"^def \w+\(.*?(?=^\S)", original, re.M | re.S)
    if first is None:
        raise SystemExit(f"{target} has no top-level function to take out")
    shrunk = original[:first.start()] + original[first.end():]
    steps = ["search", "index (a function taken out)", "search after that index",
             "index (the function back)", "search after this index"]
    walls: dict[str, list[float]] = {step: [] for step in steps}
    try:
        for i in range(args.rounds):
            walls[steps[0]].append(run(env, "search", QUESTIONS[i % 4], "--json"))
            target.write_text(shrunk, encoding="utf-8")
            walls[steps[1]].append(run(env, "index", str(args.tree), "--json"))
            walls[steps[2]].append(run(env, "search", QUESTIONS[(i + 1) % 4], "--json"))
            target.write_text(original, encoding="utf-8")
            walls[steps[3]].append(run(env, "index", str(args.tree), "--json"))
            walls[steps[4]].append(run(env, "search", QUESTIONS[(i + 2) % 4], "--json"))
    finally:
        target.write_text(original, encoding="utf-8")
    print("| step | median | each round (s) |\n| --- | --- | --- |")
    for step, values in walls.items():
        print(f"| {step} | {statistics.median(values):.2f} s | "
              f"{', '.join(f'{v:.2f}' for v in values)} |")
    total = sum(statistics.median(v) for v in list(walls.values())[1:])
    print(f"\none round (edit, index, search; twice): {total:.2f} s, load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
