"""Document embedding speed of checkouts of repokb, on the same texts, each as its index run
builds its embedder, on this CPU or on its AVX2 kernels only (bench/avx2_only.py).

    python bench/embed_versions.py --checkout OLD=/path/to/old/src --checkout NEW=src \\
        [--checkout 'NEW-fp32=src;REPOKB_EMBED_INT8=false'] [--modes avx2,native] \\
        [--chunks 400] [--rounds 4] [--idle 5] [--work DIR] [TREE]

The texts are a fixed random sample (seed 19) of every chunk this checkout's chunkers cut from
TREE (default: the Django 5.2.8 sdist), each with its token limit from this checkout's settings;
every checkout embeds the same texts at the same limits, so the tokens are the same. Each
measurement is a fresh process (the mask is per process) with that checkout's src first on
PYTHONPATH and its own REPOKB_HOME (its derived models apart), the embedder built by its
`Workspace.new_embedder()` with its default settings (threads, workers, priority; or those that
the checkout's REPOKB_* variables after `;` set), warmed on 4 texts, then fed 512 texts a call as
both index paths do. Rounds alternate every checkout and mode in a rotated order; the table gives
medians, with CPU seconds of the whole process and the cores the machine's other processes used
meanwhile (`--idle SECONDS`: wait for a quiet machine before each measurement). A work folder
given with `--work` keeps the sample, the homes and the vectors for the next run.
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
import tempfile
import time
from pathlib import Path

from avx2_only import host, masked_env
from serve_load import machine_busy_seconds

DJANGO = Path("/tmp/dj/django-5.2.8")
CALL = 512  # texts per embed_documents call: b93db80's write slice, main's dense page

WORKER = """
import json, sys, time
from pathlib import Path
import numpy as np
from repokb.settings import Settings
from repokb.workspace import Workspace
sample = json.loads(Path(sys.argv[1]).read_text())
texts, limits = sample["texts"], sample["limits"]
started = time.perf_counter()
model = Workspace(Settings.load()).new_embedder()
model.embed_documents(texts[:4], limits[:4])
load = time.perf_counter() - started
wall, cpu = time.perf_counter(), time.process_time()
out = []
call = int(sys.argv[3])
for start in range(0, len(texts), call):
    out.append(model.embed_documents(texts[start:start + call], limits[start:start + call]))
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
np.save(sys.argv[2], np.vstack(out))
print(json.dumps({"load": load, "wall": wall, "cpu": cpu}))
"""


def sample(tree: Path, count: int, path: Path) -> int:
    """`count` chunks of the whole tree, uniformly, written as texts and limits; their tokens."""
    from embed_speed import sample_chunks

    from repokb.embedders import create, load_builtins

    every = sample_chunks(tree, ["."], 10**9)  # every code chunk, then every docs chunk
    chosen = random.Random(19).sample(every, min(count, len(every)))
    texts, limits = [c.embed_text for c in chosen], [c.token_limit for c in chosen]
    load_builtins()
    counter = create("minilm-onnx", cache_dir=path.parent / "models-for-counting")
    tokens = counter.count_tokens(texts, limits)
    path.write_text(json.dumps({"texts": texts, "limits": limits, "tokens": tokens}))
    return tokens


def children_seconds() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def wait_idle(window: float, patience: float) -> None:
    """Until the machine stays idle (< 5% of one core busy) for `window` seconds, at most
    `patience` seconds. Processes of other sessions share the cores, and Linux's autogroups give
    each session an equal part whatever its niceness: an index that could use two cores gets
    one while another session runs anything."""
    given_up = time.monotonic() + patience
    while time.monotonic() < given_up:
        before = machine_busy_seconds()
        time.sleep(window)
        if machine_busy_seconds() - before < 0.05 * window:
            return


def measure(checkout: str, home: Path, masked: bool, sample_file: Path, vectors: Path
            ) -> dict[str, float]:
    """One fresh process of `checkout` (SRC;NAME=VALUE;...) embedding the sample; `others`:
    the cores the machine's other processes used meanwhile."""
    src, *assignments = checkout.split(";")
    env = {**os.environ, **dict(a.split("=", 1) for a in assignments),
           "PYTHONPATH": str(Path(src).resolve()), "REPOKB_HOME": str(home)}
    env.pop("PYTHONFAULTHANDLER", None)
    started, busy, mine = time.perf_counter(), machine_busy_seconds(), children_seconds()
    done = subprocess.run([sys.executable, "-c", WORKER, str(sample_file), str(vectors), str(CALL)],
                          env=masked_env(env) if masked else env, check=True,
                          capture_output=True, text=True)
    others = (machine_busy_seconds() - busy) - (children_seconds() - mine)
    result: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    result["others"] = max(0.0, others) / (time.perf_counter() - started)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", type=Path, nargs="?", default=DJANGO)
    parser.add_argument("--checkout", action="append", required=True,
                        metavar="LABEL=SRC[;NAME=VALUE...]")
    parser.add_argument("--modes", default="avx2,native")
    parser.add_argument("--chunks", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--idle", type=float, default=0, metavar="SECONDS",
                        help="before each measurement, wait (up to 15 min) until the machine "
                        "has been idle this long")
    parser.add_argument("--work", type=Path, help="keep homes and vectors here (default: temp)")
    args = parser.parse_args()
    checkouts = dict(c.split("=", 1) for c in args.checkout)
    modes = args.modes.split(",")
    work = args.work or Path(tempfile.mkdtemp(prefix="repokb-embed-versions-"))
    work.mkdir(parents=True, exist_ok=True)
    sample_file = work / "sample.json"
    if sample_file.exists():  # a kept work folder: the same texts again
        tokens = int(json.loads(sample_file.read_text())["tokens"])
    else:
        tokens = sample(args.tree.resolve(), args.chunks, sample_file)
    chunks = len(json.loads(sample_file.read_text())["texts"])
    print(f"\n#### embed_versions.py, {chunks} chunks of {args.tree.name}, {tokens:,} tokens\n")
    print(host())
    sides = [(label, mode) for label in checkouts for mode in modes]
    results: dict[tuple[str, str], list[dict[str, float]]] = {s: [] for s in sides}
    for r in range(args.rounds):
        for label, mode in sides[r % len(sides):] + sides[: r % len(sides)]:
            name = f"{label}-{mode}"
            if args.idle:
                wait_idle(args.idle, 900)
            got = measure(checkouts[label], work / f"home-{name}", mode == "avx2", sample_file,
                          work / f"{name}.npy")
            results[label, mode].append(got)
            print(f"round {r + 1} {name}: {tokens / got['wall']:,.0f} tokens/s, "
                  f"{1e6 * got['cpu'] / tokens:.0f} CPU ms/1k, others {got['others']:.2f} cores",
                  file=sys.stderr, flush=True)
    print(f"\nafter: `{subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}`")
    print("\n| checkout, kernels | tokens/s | chunks/s | CPU ms per 1,000 tokens | cores used | "
          "model load s | rounds (tokens/s; other processes' cores) |\n"
          "| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for side, got in results.items():
        wall = statistics.median(g["wall"] for g in got)
        cpu = statistics.median(g["cpu"] for g in got)
        each = ", ".join(f"{tokens / g['wall']:,.0f} ({g['others']:.2f})" for g in got)
        print(f"| {side[0]}, {side[1]} | {tokens / wall:,.0f} | {chunks / wall:.1f} | "
              f"{1e6 * cpu / tokens:.0f} | {cpu / wall:.2f} | "
              f"{statistics.median(g['load'] for g in got):.2f} | {each} |")
    import numpy as np

    first = sides[0]
    base = np.load(work / f"{first[0]}-{first[1]}.npy")
    for side in sides[1:]:
        other = np.load(work / f"{side[0]}-{side[1]}.npy")
        cosines = (base * other).sum(axis=1)
        print(f"\nvectors {side[0]}, {side[1]} against {first[0]}, {first[1]}: cosine min "
              f"{cosines.min():.4f}, mean {cosines.mean():.4f}", end="")
    print()


if __name__ == "__main__":
    main()
