"""What one in-process search costs, stage by stage, and whether a change moved any hit.

    python bench/search_cost.py dump OUT.json [--home DIR] [--rounds 3]
    python bench/search_cost.py diff BEFORE.json AFTER.json
    python bench/search_cost.py profile [--home DIR] [--rounds 2] [--top 40]

Opens the home (default: REPOKB_HOME) in this process as a quiet `repokb serve` holds it (the
dense copy read first) and runs a fixed set of 300+ questions: bench.py's and serve_load.py's
questions, search_parts.py's, questions naming symbols ("where is QuerySet.bulk_create
defined", "signer class", `test_features`), "where is X implemented" for 150 of the home's
file stems, and a third of them again with a kind, language, path-glob or project filter.

`dump` writes every question's hits (project, path, lines, symbol, kind, score, in order) and
prints the per-search wall p50 / p90 / p99 and each stage's share (query embedding, engine
calls and how many, name lookups, chunk reads, ranking, hit building), timed by wrapping the
searcher's and the store's methods. `diff` says which questions' hits differ (order, lines or
score). `profile` prints cProfile's top functions by own time. Reads only: run it on a copy.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from search_parts import QUESTIONS as PARTS_QUESTIONS  # noqa: E402
from serve_load import QUERIES as SERVE_QUERIES  # noqa: E402

from bench import GENERIC_QUERIES  # noqa: E402

NAMED = [
    "where is QuerySet.bulk_create defined", "QuerySet.bulk_create", "signer class",
    "test_features", "Signer", "where is the form class", "django.forms.Form", "Model.save",
    "how does Model.save work", "paginator", "httpresponse", "HttpResponse", "get_queryset",
    "where is send_mail defined", "widget class", "models.Model", "timezone.now",
    "where is the paginator class", "QuerySet.filter", "Serializer", "serializer",
    "which architectures does PyPI accept", "GitHub actions workflow", "CsrfViewMiddleware",
    "where is reverse implemented", "views", "render", "get_object_or_404", "BaseCommand",
    "ModelAdmin.get_urls", "def as_view", "class Field", "migrations.RunPython",
]
FILTERS: list[dict[str, Any]] = [
    {"kinds": ("source",)}, {"kinds": ("test",)}, {"kinds": ("documentation",)},
    {"languages": ("python",)}, {"languages": ("markdown", "restructuredtext")},
    {"path_globs": ("django/db/**",)}, {"path_globs": ("docs/**", "*.txt")},
    {"path_globs": ("tests/**",)}, {"kinds": ("source",), "path_globs": ("django/contrib/**",)},
]


def questions(ws: Any) -> list[tuple[str, dict[str, Any]]]:
    stems = sorted({e.path.rsplit("/", 1)[-1].split(".")[0]
                    for p in ws.catalog.projects() for e in ws.catalog.entries(p).values()
                    if e.status == "indexed"})
    rng = random.Random(31)
    texts = list(dict.fromkeys(GENERIC_QUERIES + SERVE_QUERIES + PARTS_QUESTIONS + NAMED + [
        f"where is {s} implemented" for s in rng.sample(stems, min(150, len(stems)))]))
    projects = sorted(ws.catalog.projects())
    asked: list[tuple[str, dict[str, Any]]] = [(t, {}) for t in texts]
    for i, t in enumerate(texts[::3]):
        asked.append((t, dict(FILTERS[i % len(FILTERS)])))
    for t in texts[1::9]:
        asked.append((t, {"projects": tuple(projects[:1]), "limit": 5}))
    return asked


def served(count: int = 320) -> list[tuple[str, dict[str, Any]]]:
    """What bench/serve_load.py sends: its 16 questions, each with a running number (a new
    text each time: embedded each time)."""
    return [(f"{SERVE_QUERIES[i % len(SERVE_QUERIES)]} {i}", {}) for i in range(count)]


def opened(home: Path | None) -> Any:
    if home:
        os.environ["REPOKB_HOME"] = str(home)
    from repokb.settings import Settings
    from repokb.workspace import Workspace

    ws = Workspace(Settings.load())
    ws.__enter__()
    ws.store.optimize()
    if ws.settings.dense_copy:
        ws.store.prepare_searches()
        deadline = time.monotonic() + 300
        while ws.store.dense_copy() is None and time.monotonic() < deadline:
            time.sleep(0.05)
    return ws


def run(ws: Any, asked: list[tuple[str, dict[str, Any]]],
        cpu: list[float] | None = None) -> tuple[list[Any], list[float]]:
    """Every question searched once: the hits, and each search's wall ms (and into `cpu` its
    CPU ms in this thread: the interpreter's share, without the scans' onnxruntime threads)."""
    from repokb.models import Query

    answers, walls = [], []
    for text, where in asked:
        started, begun = time.perf_counter(), time.thread_time()
        hits = ws.searcher.search(Query(text, **where))
        walls.append((time.perf_counter() - started) * 1000)
        if cpu is not None:
            cpu.append((time.thread_time() - begun) * 1000)
        answers.append([[h.project, h.path, h.start_line, h.end_line, h.symbol, h.kind,
                         h.score] for h in hits])
    return answers, walls


def timed(stages: dict[str, list[float]], cpus: dict[str, list[float]],
          counts: dict[str, int]) -> Callable[..., Any]:
    def wrap(owner: Any, name: str, label: str) -> None:
        inner = getattr(owner, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            started, begun = time.perf_counter(), time.thread_time()
            try:
                return inner(*args, **kwargs)
            finally:
                stages[label].append((time.perf_counter() - started) * 1000)
                cpus[label].append((time.thread_time() - begun) * 1000)
                counts[label] += 1
        setattr(owner, name, call)
    return wrap


def dump(args: argparse.Namespace) -> None:
    import repokb.search as search_module

    ws = opened(args.home)
    asked = served() if args.served else questions(ws)
    run(ws, asked[:20])  # warm: sessions, caches
    walls_all: list[float] = []
    cpu_all: list[float] = []
    answers: list[Any] = []
    for r in range(args.rounds):
        answers, walls = run(ws, asked if not args.served else served(320 * (r + 2))[-320:],
                             cpu_all)
        walls_all += walls
    stages: dict[str, list[float]] = defaultdict(list)
    cpus: dict[str, list[float]] = defaultdict(list)
    counts: dict[str, int] = defaultdict(int)
    wrap = timed(stages, cpus, counts)
    s, st = ws.searcher, ws.store
    wrap(s, "query_vector", "query embedding (memo incl.)")
    wrap(st, "search", "engine: Store.search")
    wrap(st, "defining", "engine: Store.defining")
    wrap(st, "contents", "engine: Store.contents")
    wrap(st, "file_chunks", "engine: Store.file_chunks")
    wrap(search_module, "plan", "plan (query/, with is_file/is_defined)")
    wrap(search_module, "rerank", "rerank (rank.py)")
    wrap(search_module, "shape", "shape (rank.py)")
    wrap(search_module, "fused_candidates", "fuse (fusion.fused_candidates)")
    wrap(s, "_hit", "hit building")
    wrap(s, "_defining", "Searcher._defining (lookup incl.)")
    wrap(s, "_defines", "Searcher._defines (lookup incl.)")
    wrap(s, "_head_first", "Searcher._head_first")
    import repokb.stores.dense_scan as dense_scan
    import repokb.stores.edge_search as edge_search
    import repokb.stores.qdrant_edge as edge

    if isinstance(st, edge.QdrantEdgeStore):  # inside Store.search (stores/edge_search.py)
        wrap(dense_scan.View, "candidates", "  in Store.search: the dense copy's scan")
        wrap(edge_search, "_payloads", "  in Store.search: payloads of the engine's answer")
        wrap(edge_search, "among", "  in Store.search: the candidates' id filter")
    wrap(ws.catalog, "has_file_named", "catalog.has_file_named")
    wrap(ws.catalog, "project_names", "catalog.project_names")
    wrap(ws.catalog, "match_paths", "catalog.match_paths")
    cpu: list[float] = []
    _, walls = run(ws, asked if not args.served else served(320 * (args.rounds + 2))[-320:],
                   cpu)
    ws.__exit__(None, None, None)
    Path(args.out).write_text(json.dumps({"questions": [[t, {k: list(v) if isinstance(v, tuple)
                                                              else v for k, v in w.items()}]
                                                        for t, w in asked],
                                          "answers": answers}, indent=0))
    q = statistics.quantiles(walls_all, n=100)
    total = sum(walls)
    print(f"{len(asked)} questions x {args.rounds} rounds, load {os.getloadavg()[0]:.1f}: "
          f"p50 {statistics.median(walls_all):.2f}, p90 {q[89]:.2f}, p99 {q[98]:.2f}, "
          f"mean {statistics.mean(walls_all):.2f} ms wall; CPU in the searching thread p50 "
          f"{statistics.median(cpu_all):.2f}, mean {statistics.mean(cpu_all):.2f} ms")
    print(f"timed round: {total / len(asked):.2f} ms wall a search, "
          f"{sum(cpu) / len(asked):.2f} ms CPU in the searching thread\n")
    print("| stage | calls a search | wall ms a search | CPU ms a search (this thread) |\n"
          "| --- | --- | --- | --- |")
    for label, values in sorted(stages.items(), key=lambda kv: -sum(cpus[kv[0]])):
        print(f"| {label} | {counts[label] / len(asked):.2f} | {sum(values) / len(asked):.3f} | "
              f"{sum(cpus[label]) / len(asked):.3f} |")


def diff(args: argparse.Namespace) -> None:
    a, b = (json.loads(Path(p).read_text()) for p in (args.before, args.after))
    assert a["questions"] == b["questions"], "different question sets"
    moved = [(q, x, y) for q, x, y in zip(a["questions"], a["answers"], b["answers"],
                                          strict=True) if x != y]
    hits = sum(len(x) for x in a["answers"])
    print(f"{len(a['questions'])} questions, {hits} hits: {len(moved)} differ")
    for q, x, y in moved[:20]:
        print(f"- {q}\n  before {x[:3]}\n  after  {y[:3]}")
    sys.exit(1 if moved else 0)


def profile(args: argparse.Namespace) -> None:
    ws = opened(args.home)
    asked = questions(ws)
    run(ws, asked[:20])
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(args.rounds):
        run(ws, asked)
    prof.disable()
    ws.__exit__(None, None, None)
    if args.save:
        prof.dump_stats(args.save)
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.sort_stats("tottime").print_stats(args.top)
    stats.sort_stats("cumulative").print_stats(args.top)
    print(out.getvalue())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    d = sub.add_parser("dump")
    d.add_argument("out")
    d.add_argument("--home", type=Path)
    d.add_argument("--rounds", type=int, default=3)
    d.add_argument("--served", action="store_true",
                   help="serve_load.py's questions with a running number instead (no hits "
                        "compared: each round's texts are new)")
    f = sub.add_parser("diff")
    f.add_argument("before")
    f.add_argument("after")
    p = sub.add_parser("profile")
    p.add_argument("--home", type=Path)
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--top", type=int, default=40)
    p.add_argument("--save", help="also write the raw profile here (pstats)")
    args = parser.parse_args()
    {"dump": dump, "diff": diff, "profile": profile}[args.mode](args)


if __name__ == "__main__":
    main()
