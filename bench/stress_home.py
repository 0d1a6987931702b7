"""Concurrent commands on one REPOKB_HOME, as users run them (issue 14).

    python bench/stress_home.py [--rounds 20] [--projects 3] [--keep-home]

Each round starts, at once, `repokb index` of each project (different folders), `repokb verify`,
`repokb search` and `repokb flush` (of a project nobody indexes) on one fresh home, waits for
all, then checks: no command aborted (exit code < 0 or 134) or failed (exit != 0), and
`repokb stats` lists every project. Prints one line
per round and a JSON summary. Black-box: only the installed CLI, so it holds whatever the owner
protocol is.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path


def make_project(root: Path, n: int, files: int = 6) -> None:
    for i in range(files):
        path = root / "src" / f"mod{i}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f'"""Module {i} of project {n}."""\n\n\n'
                        f"def compute_{n}_{i}(value: int) -> int:\n"
                        f'    """Scale the value for project {n}, module {i}."""\n'
                        f"    return value * {i + 2} + {n}\n")
    (root / "README.md").write_text(f"# Project {n}\n\nThe readme of project number {n}, which "
                                    "explains how to install and run it.\n")


def repokb() -> list[str]:
    exe = shutil.which("repokb")
    return [exe] if exe else [sys.executable, "-m", "repokb"]


def one_round(base: Path, projects: int,
              prepare: Callable[[Path], object] | None = None) -> dict[str, object]:
    """One round on a new home (`prepare`d first if given: the tests put the derived model in
    it for all rounds but the first)."""
    home = base / "home"
    shutil.rmtree(home, ignore_errors=True)
    if prepare is not None:
        prepare(home)
    env = {**os.environ, "REPOKB_HOME": str(home)}
    commands = [[*repokb(), "index", str(base / f"p{n}"), "--json"] for n in range(projects)]
    commands += [[*repokb(), "verify", "--json"],
                 [*repokb(), "search", "scale the value", "--json"],
                 [*repokb(), "flush", "--project", "scratch", "--yes"]]
    started = time.monotonic()
    procs = [subprocess.Popen(c, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for c in commands]
    results = []
    for cmd, proc in zip(commands, procs, strict=True):
        out, err = proc.communicate(timeout=600)
        results.append({"command": " ".join(cmd[-3:]), "code": proc.returncode,
                        "stderr": err.strip()[-400:]})
    stats = subprocess.run([*repokb(), "stats", "--json"], env=env, capture_output=True,
                           text=True, timeout=300)
    indexed = sorted(json.loads(stats.stdout)["by_project"]) if stats.returncode == 0 else []
    aborts = [r for r in results if r["code"] in (-6, 134) or int(r["code"]) < 0]  # type: ignore[call-overload]
    # flush of a project never indexed answers "No project 'scratch'" (exit 2): a clear
    # answer after its turn at the write lock, not a failure
    failed = [r for r in results if r["code"] != 0 and not (
        r["command"].startswith("--project scratch") and r["code"] == 2
        and "No project 'scratch'" in str(r["stderr"]))]
    missing = [f"p{n}" for n in range(projects) if f"p{n}" not in indexed]
    return {"seconds": round(time.monotonic() - started, 1), "aborts": len(aborts),
            "failed": failed, "missing": missing}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--projects", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        for n in range(args.projects):
            make_project(base / f"p{n}", n)
        totals = {"rounds": args.rounds, "passed": 0, "aborts": 0, "failed_commands": 0,
                  "missing_projects": 0, "load": os.getloadavg()[0]}
        for r in range(1, args.rounds + 1):
            result = one_round(base, args.projects)
            ok = not result["aborts"] and not result["failed"] and not result["missing"]
            totals["passed"] += ok
            totals["aborts"] += result["aborts"]  # type: ignore[operator]
            totals["failed_commands"] += len(result["failed"])  # type: ignore[arg-type]
            totals["missing_projects"] += len(result["missing"])  # type: ignore[arg-type]
            print(f"round {r}: {'ok' if ok else 'FAIL'} {result['seconds']} s"
                  + ("" if ok else f" {json.dumps(result)}"), flush=True)
        totals["load_after"] = os.getloadavg()[0]
        print(json.dumps(totals))


if __name__ == "__main__":
    main()
