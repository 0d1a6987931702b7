"""Every number of issue 19's acceptance, for this repository and for a tree given.

    python bench/bench.py [TREE ...] [--quick] [--queries 200] [--cli-calls 40]
                          [--load-seconds 30] [--clients 8] [--client-rate 4]
                          [--keep-home DIR]

With no TREE, this repository. Each tree is copied to a scratch folder first (without .git,
.venv and __pycache__, which the walk skips anyway), since one phase edits a file. Then, in a
fresh REPOKB_HOME, as a user runs it (the real CLI in subprocesses, interpreter start-up
included):

- dry run wall;
- time to first search: `repokb index TREE` starts, and another process runs `repokb search`
  over and over until one answers with hits: seconds from the start of the index to that
  answer (and whether it came while the index still ran);
- full index wall, peak RSS of the index process (its own, from wait4), chunks and tokens
  embedded (tokens when the run reports them), and when in the run the whole tree was
  searchable (BM25) and its source and docs were dense (tests are embedded last);
- unchanged re-index and one-file re-index (one new function appended to a source file, then
  taken out again: its chunk pruned), each a cold process; and the same one-file change again
  after the CLI searches, answered by the warm owner they started (an agent's loop: search,
  edit, `index --json`);
- search latency in-process (Searcher, query embedding included) p50/p99;
- CLI wall per `repokb search` call p50/p95 (each a new process, as coding agents call it);
- search p50/p99 and throughput under `repokb serve` with CLIENTS concurrent clients on a copy
  of the tree's index (searches at its size), idle and during an index job (of Python's
  standard library, into the copy; bench/serve_load.py, run as a subprocess): back to back
  (closed loop, saturation), and paced at CLIENT_RATE searches/s per client (open loop, Poisson
  arrivals, latency from each search's due time: agents that search a few times a second),
  with the memory of the server and its index worker together at their peak (RSS, PSS,
  anonymous: from the job's start to the window's end).

`--quick` shortens every phase (a smoke run: few queries, a 3 s load window, 2 clients, the
server seeded with the tree itself rather than repokb's src/). The
header gives the CPU model, its vector flags, the core count and the load average before and
after, since the same code differs several-fold between machines of one kind.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from repokb.scratch import scratch_folder

REPO = Path(__file__).resolve().parents[1]
GENERIC_QUERIES = [
    "how is the configuration loaded", "where are errors handled", "how do I install it",
    "database connection timeout", "parse command line arguments", "read a file from disk",
    "authentication and login", "how are tests run", "logging setup", "http request retry",
    "cache invalidation", "serialize to json", "validate user input", "start the server",
    "cómo se configura la base de datos", "dónde se manejan los errores",
]
# flags that decide how fast the int8 model runs (lscpu's "Flags", as /proc/cpuinfo has them)
VECTOR_FLAGS = ("sse4_2", "avx", "avx2", "fma", "f16c", "avx512f", "avx512bw", "avx512vl",
                "avx512_vnni", "avx_vnni", "amx_int8")


def machine() -> dict[str, Any]:
    model, flags = "unknown CPU", set()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
            elif line.startswith("flags"):
                flags = set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return {"model": model, "cores": os.cpu_count(), "load": os.getloadavg()[0],
            "flags": [f for f in VECTOR_FLAGS if f in flags]}


def _pct(values: list[float], p: int) -> float:
    """As the other benchmarks compute it (statistics.quantiles, exclusive method)."""
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100)[p - 1]


def run_cli(args: list[str], env: dict[str, str],
            timeout: float | None = None) -> tuple[float, Any, float, int]:
    """(wall seconds, parsed JSON stdout or None, peak RSS MB of that process, exit code)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "repokb", *args], env=env, stdout=out,
                                stderr=err)
        try:
            rc, peak = _wait(proc, timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            return time.perf_counter() - started, None, 0.0, -9
        seconds = time.perf_counter() - started
        out.seek(0)
        err.seek(0)
        text = out.read().decode("utf-8", "replace")
        if rc != 0 and args[0] != "search":
            raise SystemExit(f"repokb {' '.join(args)} failed:\n"
                             f"{err.read().decode('utf-8', 'replace')}")
    try:
        data = json.loads(text) if text.strip() else None
    except ValueError:
        data = None
    return seconds, data, peak, rc


def _wait(proc: subprocess.Popen[bytes], timeout: float | None) -> tuple[int, float]:
    """Wait for one child; its exit code and its own peak RSS in MB (wait4, Linux: KB)."""
    deadline = None if timeout is None else time.monotonic() + timeout
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            proc.returncode = os.waitstatus_to_exitcode(status)
            return proc.returncode, usage.ru_maxrss / 1024
        if deadline is not None and time.monotonic() > deadline:
            raise subprocess.TimeoutExpired(proc.args, timeout or 0)
        time.sleep(0.02)


def first_search(tree: Path, env: dict[str, str], query: str,
                 timeout: float) -> dict[str, Any]:
    """Start the full index; poll `repokb search` from other processes until one has hits."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        index = subprocess.Popen([sys.executable, "-m", "repokb", "index", str(tree),
                                  "--flush", "--json"], env=env, stdout=out, stderr=err)
        ended: dict[str, Any] = {}

        def wait() -> None:  # the index's own end and peak RSS, whatever the polls do
            ended["rc"], ended["peak"] = _wait(index, timeout)
            ended["at"] = time.perf_counter() - started

        waiter = threading.Thread(target=wait, daemon=True)
        waiter.start()
        # the index becomes the home's owner before the first search: a search's warm owner
        # started first would be handed the run (the index process then only waits, and its
        # peak RSS, 90 MB, says nothing). A home with no catalog yet (a dry run makes none)
        # took the index ~1 s longer to start, and lost that race once.
        sock = Path(env["REPOKB_HOME"]) / "owner.sock"
        while not sock.exists() and waiter.is_alive() and time.perf_counter() - started < 60:
            time.sleep(0.02)
        first: float | None = None
        polls = 0
        while first is None:
            running = waiter.is_alive()
            polls += 1
            _, hits, _, rc = run_cli(["search", query, "--limit", "3", "--json"], env,
                                     timeout=timeout)
            if rc == 0 and hits:
                first = time.perf_counter() - started
            elif not running:
                break  # the index ended and the search still has nothing: say so
        waiter.join()
        during = first is not None and first <= ended["at"]  # the answer came before the end
        out.seek(0)
        err.seek(0)
        if ended["rc"] != 0:
            raise SystemExit(f"repokb index failed:\n{err.read().decode('utf-8', 'replace')}")
        result = json.loads(out.read().decode("utf-8"))
    return {"first": first, "during": during, "polls": polls, "peak_mb": ended["peak"],
            "index_wall": ended["at"], "result": result}


def one_file_rows(tree: Path, env: dict[str, str], target: Path,
                  how: str = "") -> list[tuple[str, str]]:
    """The one-file re-index and its way back, each a new `repokb index --json` process: a new
    function appended to `target` (one new chunk to embed: a bare comment line would be
    shorter than the minimum chunk and embed nothing), then taken out again (its chunk pruned:
    a store that vacuumed on every delete rewrote all of its points here). `how` names the
    setting in the rows (", warm owner": a warm owner the CLI searches started answers)."""
    rows: list[tuple[str, str]] = []
    original = target.read_bytes()
    name = b"bench_warm_function" if how else b"bench_changed_function"
    try:
        target.write_bytes(original + b"\n\ndef " + name + b"(value):\n"
                           b"    \"\"\"Added by bench.py to time a one-file change.\"\"\"\n"
                           b"    return value * 2 + 1\n")
        secs, one, _, _ = run_cli(["index", str(tree), "--json"], env)
        rows.append((f"one file changed{how}", f"{secs:.2f} s, "
                     f"{one['summary']['chunks_embedded']} chunks embedded"))
    finally:
        target.write_bytes(original)
        secs, back, _, _ = run_cli(["index", str(tree), "--json"], env)
        rows.append((f"one file changed back (a chunk pruned){how}", f"{secs:.2f} s, "
                     f"{back['summary']['chunks_pruned']} chunk pruned"))
    return rows


def pick_file_to_touch(tree: Path, files: list[dict]) -> Path | None:
    for f in files:
        if f["language"] == "python" and f["chunks"]:
            return tree / f["path"]
    for f in files:
        if f["chunks"]:
            return tree / f["path"]
    return None


def pick_query(files: list[dict]) -> str:
    """A query the tree surely answers lexically: the name of an admitted source file."""
    for f in files:
        if f["chunks"] and f["language"] == "python":
            stem = f["path"].rsplit("/", 1)[-1].split(".")[0]
            if len(stem) > 3 and stem != "__init__":
                return stem
    return next((f["path"].rsplit("/", 1)[-1].split(".")[0] for f in files if f["chunks"]),
                "function")


def search_latency(home: Path, queries: int) -> tuple[list[float], int]:
    """In-process searches (query embedding included) after the index is built."""
    os.environ["REPOKB_HOME"] = str(home)
    from repokb.search import Query
    from repokb.settings import Settings
    from repokb.workspace import Workspace

    with Workspace(Settings.load()) as ws:
        ws.store.optimize()
        points = ws.store.count()
        if ws.settings.dense_copy:  # as `repokb serve` answers once it is quiet
            ws.store.prepare_searches()
            deadline = time.monotonic() + 300
            while ws.store.dense_copy() is None and time.monotonic() < deadline:
                time.sleep(0.05)
        symbols = [e.path.rsplit("/", 1)[-1].split(".")[0]
                   for p in ws.catalog.projects() for e in ws.catalog.entries(p).values()
                   if e.status == "indexed"]
        rng = random.Random(7)
        texts = GENERIC_QUERIES + [f"where is {s} implemented" for s in rng.sample(
            symbols, min(len(symbols), queries))]
        texts = (texts * (queries // max(len(texts), 1) + 1))[:queries]
        ws.searcher.search(Query(texts[0]))  # warm-up: model and shard caches
        timings = []
        for text in texts:
            started = time.perf_counter()
            ws.searcher.search(Query(text))
            timings.append((time.perf_counter() - started) * 1000)
    return timings, points


def step_aside(home: Path) -> None:
    """Ask a warm owner of `home` (started by a CLI search) to leave, so this process can open
    the store itself."""
    from repokb.settings import Settings
    from repokb.surfaces.warm import step_aside as leave

    leave(Settings.load(home=home))


def cli_search_walls(env: dict[str, str], calls: int) -> list[float]:
    walls = []
    for i in range(calls):
        seconds, _, _, rc = run_cli(["search", GENERIC_QUERIES[i % len(GENERIC_QUERIES)],
                                     "--json"], env, timeout=120)
        if rc == 0:
            walls.append(seconds * 1000)
    return walls


def serve_load(tree: Path | None, clients: int, seconds: float, job: bool,
               seed: Path | None, home: Path | None = None,
               rate: float = 0.0) -> dict[str, str]:
    """bench/serve_load.py in a subprocess; its result row (searches, errors, throughput, p50,
    p95, p99, max) and whether its job ran through the window. `home`: a copy of the tree's
    index, served as it is (searches at the tree's size; the job indexes `tree`, default
    serve_load's, Python's standard library); else `seed`: what the server indexes before the
    window (default: serve_load's, repokb's src/)."""
    args = [sys.executable, str(REPO / "bench" / "serve_load.py"),
            "--clients", str(clients), "--seconds", str(seconds)]
    if tree is not None:
        args += ["--tree", str(tree)]
    if home is not None:
        args += ["--home", str(home)]
    elif seed is not None:
        args += ["--seed", str(seed)]
    if not job:
        args.append("--no-job")
    if rate:
        args += ["--rate", str(rate)]
    proc = subprocess.run(args, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        return {"error": (proc.stderr.strip().splitlines() or ["failed"])[-1]}
    lines = proc.stdout.splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.startswith("| searches |"))
    names = ["searches", "errors", "throughput", "p50", "p95", "p99", "max"]
    row = dict(zip(names, (c.strip() for c in lines[at + 2].strip("|").split("|")), strict=True))
    state = next((ln for ln in lines if ln.startswith("| index job during the window")), "")
    row["job"] = state.split("|")[2].strip() if state else "none"
    together = next((ln for ln in lines if ln.startswith("| server and worker together")), "")
    row["memory"] = together.split("|")[2].strip() if together else "n/a"
    return row


def bench_tree(tree: Path, args: argparse.Namespace) -> list[tuple[str, str]]:
    home = args.keep_home or tree.parent / ".repokb-bench-home"  # beside the copy, in its scratch
    env = {**os.environ, "REPOKB_HOME": str(home)}
    rows: list[tuple[str, str]] = []
    try:
        # the first dry run on a home also measures the machine's indexing rate, once
        first_dry, _, _, _ = run_cli(["index", str(tree), "--dry-run", "--json"], env)
        secs, dry, _, _ = run_cli(["index", str(tree), "--dry-run", "--json"], env)
        s = dry["summary"]
        rows.append(("dry run", f"{secs:.2f} s for {s['files_seen']:,} files "
                     f"({s['files_indexed']:,} admitted, ~{s.get('chunks_estimated', 0):,} "
                     f"chunks); the home's first, which measures the rate: {first_dry:.1f} s"))
        first = first_search(tree, env, pick_query(dry["files"]), timeout=7200)
        s = first["result"]["summary"]
        if first["first"] is None:
            answer = "no search answered with hits (even after the index ended)"
        elif first["during"]:
            answer = f"{first['first']:.1f} s (while the index ran)"
        else:
            answer = f"{first['first']:.1f} s (only after the index ended)"
        rows.append(("time to first search", f"{answer}; {first['polls']} searches tried"))
        rows.append(("full index", f"{first['index_wall']:.1f} s wall ({s['seconds']:.1f} s "
                     f"in the run), {s['files_indexed']:,} files, {s['chunks_created']:,} "
                     f"chunks"))
        rows.append(("embedded", f"{s['chunks_embedded']:,} chunks, "
                     f"{_tokens(s)} tokens"))
        if "seconds_to_dense_source_docs" in s:
            rows.append(("whole tree searchable / source and docs dense",
                         f"{s['seconds_to_lexical_all']:.1f} s (BM25) / "
                         f"{s['seconds_to_dense_source_docs']:.1f} s (hybrid; tests and the "
                         f"rest follow), in the run"))
        rows.append(("peak RSS (index process)", f"{first['peak_mb']:.0f} MB"))
        secs, again, _, _ = run_cli(["index", str(tree), "--json"], env)
        rows.append(("unchanged re-index", f"{secs:.2f} s, "
                     f"{again['summary']['chunks_embedded']} chunks embedded"))
        target = pick_file_to_touch(tree, first["result"]["files"])
        if target is not None:
            rows += one_file_rows(tree, env, target)
        walls = cli_search_walls(env, args.cli_calls)
        rows.append(("CLI wall per `repokb search`", f"p50 {statistics.median(walls):.0f} ms, "
                     f"p95 {_pct(walls, 95):.0f} ms over {len(walls)} calls (the first, "
                     f"{walls[0]:.0f} ms, starts the warm owner)" if walls else "no call answered"))
        if target is not None:  # an agent's loop: search, edit, `index --json`, which the warm
            rows += one_file_rows(tree, env, target, ", warm owner (agent loop)")  # owner the
            # searches started runs
        step_aside(home)  # the warm owner those calls started lets the store go
        timings, points = search_latency(home, args.queries)
        rows.append(("search in-process, as a quiet `serve` answers (query embedding incl.)",
                     f"p50 {statistics.median(timings):.1f} ms, p99 {_pct(timings, 99):.1f} ms "
                     f"over {len(timings)} queries, {points:,} chunks"))
        rows += serve_rows(tree, home, args, points)
    finally:
        if not args.keep_home:
            shutil.rmtree(home, ignore_errors=True)
    return rows


def serve_rows(tree: Path, home: Path, args: argparse.Namespace,
               points: int) -> list[tuple[str, str]]:
    """`repokb serve` under load, idle and during an index job: on a copy of the tree's own
    index (searches at its size; the job indexes the standard library into it), or with
    --quick on a fresh home seeded with the tree (the job indexes the tree)."""
    rows: list[tuple[str, str]] = []
    paces = [0.0] + ([args.client_rate] if args.client_rate else [])
    for rate, job in itertools.product(paces, (False, True)):
        with scratch_folder("bench-serve") as folder:
            copy = None
            if not args.quick:
                copy = folder / "home"
                shutil.copytree(home, copy, symlinks=True,
                                ignore=shutil.ignore_patterns("*.sock", "*.lock"))
            load = serve_load(tree if args.quick else None, args.clients, args.load_seconds,
                              job, tree if args.quick else None, copy, rate)
        label = (f"search under `repokb serve`, {args.clients} clients "
                 + (f"at {rate:g}/s each (open loop), " if rate else "back to back, ")
                 + ("during an index job" if job else "no job")
                 + ("" if args.quick else f", {points:,} chunks"))
        if "error" in load:
            rows.append((label, f"failed: {load['error']}"))
            continue
        rows.append((label, f"p50 {load['p50']}, p99 {load['p99']}, {load['throughput']} "
                     f"({load['searches']} searches, {load['errors']} errors"
                     + (f"; job {load['job']}" if job else "")
                     + f"; server and worker together at their peak, RSS / PSS / anonymous: "
                     f"{load['memory']})"))
    return rows


def _tokens(summary: dict[str, Any]) -> str:
    value = summary.get("tokens_embedded")
    return f"{value:,}" if isinstance(value, int) else "n/a (not reported by this version)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", type=Path, nargs="*", help="Default: this repository.")
    parser.add_argument("--quick", action="store_true", help="A short smoke run.")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--cli-calls", type=int, default=40)
    parser.add_argument("--load-seconds", type=float, default=30.0)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--client-rate", type=float, default=4.0,
                        help="Searches/s per client of the paced serve rows (0: none).")
    parser.add_argument("--keep-home", type=Path, help="Use (and keep) this REPOKB_HOME.")
    args = parser.parse_args()
    if args.quick:
        args.queries, args.cli_calls = min(args.queries, 20), min(args.cli_calls, 3)
        args.load_seconds, args.clients = min(args.load_seconds, 3.0), min(args.clients, 2)
    trees = [t.resolve() for t in args.trees] or [REPO]
    before = machine()
    results = []
    for tree in trees:
        # scratch folders are removed after, a killed benchmark's by the next (200-600 MB each)
        with scratch_folder("bench-tree") as scratch:
            # a copy (same folder name, so the same project name): the one-file phase edits a
            # file, and a killed benchmark must not leave the user's tree changed
            copy = scratch / tree.name
            shutil.copytree(tree, copy, symlinks=True, ignore=shutil.ignore_patterns(
                ".git", ".venv", "__pycache__"))
            results.append((tree, bench_tree(copy, args)))
    after = os.getloadavg()[0]
    print(f"\n## repokb bench{' (--quick)' if args.quick else ''}: {before['model']}, "
          f"{before['cores']} cores, flags {' '.join(before['flags']) or 'none of note'}; "
          f"load average {before['load']:.1f} before, {after:.1f} after")
    for tree, rows in results:
        print(f"\n### {tree}\n\n| phase | result |\n| --- | --- |")
        for phase, result in rows:
            print(f"| {phase} | {result} |")


if __name__ == "__main__":
    main()
