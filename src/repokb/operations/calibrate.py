"""The indexing rate of this machine, measured once and cached, for the dry run's estimate.

A rate written into the code (tokens per second on the reference machine) was 7x too
optimistic on httpx and express: the whole run costs more than the model's matrix products
(chunking, per-chunk calls, BM25, the store). So the first dry run on a REPOKB_HOME indexes a
fixed sample (repokb's own modules, ~40 KB) into a throw-away home with the real model and
store, and divides the tokens the dry run's estimator assigns to that sample by the seconds the
real run took: estimated tokens per second, comparable with the estimate's own token count.
The result is cached in REPOKB_HOME/calibration.json per embedder configuration and core count.

The model's sessions are opened and the store is created before the clock (each worker's first
call opens a session, 0.1-0.3 s, once per process; a new store takes ~0.4 s, once per home): on
a sample this small those starts counted as a third of the run, and the estimate for httpx said
22 s for a run of 10 s. The chunkers' first use (their grammars loaded) is before the clock too.

The sample is indexed once. A colleague process's burst on a shared machine must not set the
rate for good, so the run counts the seconds it spent on a CPU when they are fewer than the
wall clock's (a process kept waiting for a core; idle, the model's threads make its CPU
seconds as many as the wall's or more, and the wall counts). The sample was indexed twice
before, the faster run counting, which doubled the first dry run's measuring.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from repokb.roots import resolve_roots
from repokb.scratch import scratch_folder
from repokb.workspace import Workspace

SAMPLE_BYTES = 40_000


def _key(ws: Workspace) -> str:
    s = ws.settings
    # the plan's model names the embedder, int8 compute and the graph's version (a faster graph
    # must not keep the rate measured for the slower one)
    return (f"{s.embed_plan.model} max_tokens={s.max_tokens} "
            f"batch={s.embed_batch_size} cores={os.cpu_count()}")


def _sample(into: Path) -> None:
    """repokb's own modules, in name order, up to SAMPLE_BYTES: real code, same every time."""
    package = Path(__file__).resolve().parents[1]  # src/repokb
    total = 0
    for path in sorted(package.rglob("*.py")):
        size = path.stat().st_size
        if total + size > SAMPLE_BYTES:
            continue
        target = into / path.relative_to(package)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        total += size


def measured_rate(ws: Workspace, notify: Callable[[str], None] | None = None) -> float:
    """Estimated tokens per second of a real index run on this machine (cached)."""
    cache = ws.settings.home / "calibration.json"
    key = _key(ws)
    try:
        known = json.loads(cache.read_text())
    except (OSError, ValueError):
        known = {}
    if isinstance(known.get(key), dict) and known[key].get("tokens_per_second"):
        return float(known[key]["tokens_per_second"])
    if notify:
        notify("measuring this machine's indexing rate once (a few seconds) ...")
    rate, tokens, seconds = _measure(ws)
    known[key] = {"tokens_per_second": rate, "sample_tokens": tokens,
                  "seconds": round(seconds, 3), "measured_at": time.time()}
    cache.parent.mkdir(parents=True, exist_ok=True)
    staging = cache.with_suffix(".tmp")
    staging.write_text(json.dumps(known, indent=1))
    os.replace(staging, cache)
    return rate


def _measure(ws: Workspace) -> tuple[float, int, float]:
    with scratch_folder("calibrate") as work:
        root = work / "sample"
        _sample(root)
        roots = resolve_roots([root], None)
        embedder = ws.embedder  # loaded (and derived) before the clock ...
        embedder.embed_documents(["def warm(up):", "return up"])  # ... its sessions opened too
        probe = Workspace(replace(ws.settings, home=work / "home"))
        probe.__dict__["embedder"] = embedder
        try:
            tokens = int(probe.indexer.dry_run(roots).counts.get("tokens_estimated", 0))
            probe.indexer.dry_run(roots, chunk=True)  # the chunkers' first use, before the clock
            _ = probe.store  # created before the clock too (~0.4 s, once per home)
            wall, cpu = time.perf_counter(), time.process_time()
            probe.indexer.run(roots, keep_files=False)
            seconds = min(time.perf_counter() - wall, time.process_time() - cpu)
        finally:
            probe.close()
        return tokens / max(seconds, 1e-6), tokens, seconds
