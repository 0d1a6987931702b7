"""Retrieval benchmark: repokb against the naive approach on real third-party repositories.

    python bench/retrieval/run.py [--quick] [--corpus NAME ...] [--cache DIR]
                                  [--variant NAME:setting=value,...] [--json FILE]
                                  [--with-tests] [--name-project] [--layers N]

Corpora are fetched at run time from PyPI and npm into the cache (default
~/.cache/repokb-bench, or $REPOKB_BENCH_CACHE); cases are derived deterministically (see
repokb.evaluate.cases); every system is built and queried in this run with the same embedding
model.
Document vectors are cached by text between runs; pass --fresh-vectors to time a cold index.
Prints a Markdown report; --json writes every per-query rank for analysis.
--name-project measures questions that name their project ("in attrs, ...") over one store
holding every corpus, with no project filter (see `run_named`).
--layers N runs the model cut after encoder layer N of 6 (bench/shallow_model.py), its vectors
cached apart (`vectors-int8-graph3-layersN`); 6, the default, is the model as shipped.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bilingual import bilingual_cases  # noqa: E402
from corpora import CORPORA, QUICK, fetch, selected_files  # noqa: E402
from systems import (  # noqa: E402
    CachingEmbedder,
    NaiveSystem,
    RepokbSystem,
    RepokbUseSystem,
    Result,
)

from repokb.embedders import create, load_builtins  # noqa: E402
from repokb.evaluate.cases import derive  # noqa: E402
from repokb.evaluate.metrics import (  # noqa: E402
    METRICS,
    budget_rank,
    first_rank,
    lift,
    lift_interval,
    relevant,
    summarize,
)
from repokb.settings import Settings  # noqa: E402


def parse_variant(text: str) -> tuple[str, dict[str, str]]:
    """`NAME:setting=value,setting=value`; a value may hold commas itself
    (`sq:dense_text_rules=rule_lines,punct_runs`): a comma starts a setting only before `word=`."""
    name, _, assignments = text.partition(":")
    overrides = dict(item.split("=", 1) for item in re.split(r",(?=\w+=)", assignments) if item)
    return name, overrides


def run_corpus(corpus: Any, cache: Path, embedder: CachingEmbedder, quick: bool,
               variants: list[tuple[str, dict[str, str]]], max_code: int,
               max_doc: int, use: CachingEmbedder | None = None,
               max_test: int = 0) -> dict[str, Any]:
    tree = fetch(corpus, cache)
    files = selected_files(corpus, tree, quick, with_tests=max_test > 0)
    work = Path(tempfile.mkdtemp(prefix=f"repokb-bench-{corpus.name}-", dir=cache))
    try:
        copy = work / corpus.name
        cases = derive(corpus.name, tree, files, copy, max_code, max_doc, max_test=max_test)
        cases += bilingual_cases(corpus.name, copy)
        systems: dict[str, RepokbSystem] = {}
        info: dict[str, Any] = {"files": len(files), "systems": {}}
        for name, overrides in [("repokb", {})] + variants:
            system = RepokbSystem.at(name, work / f"home-{name}", embedder, **overrides)
            info["systems"][name] = _index(system, embedder, copy, corpus.name)
            systems[name] = system
        # repokb + USE multilingual as a third, cross-lingual ranking; with and without the
        # Spanish glossary, since USE is meant to make the glossary unnecessary.
        for name, translate in (("repokb+use", "true"), ("repokb+use-noglossary", "false")):
            if use is None:
                break
            system = RepokbUseSystem(name, work / f"home-{name}", embedder, use,
                                     translate_queries=translate)
            info["systems"][name] = _index(system, use, copy, corpus.name)  # USE's own cost
            systems[name] = system
        indexed = systems["repokb"].indexed_files(corpus.name)
        naive = NaiveSystem(work / "naive", embedder)
        info["systems"]["naive"] = _index(naive, embedder, copy, corpus.name, indexed)
        info["indexed_files"] = len(indexed)
        ranks: list[dict[str, Any]] = []
        latency: dict[str, list[float]] = defaultdict(list)
        for case in cases:
            outcome: dict[str, list[Result]] = {}
            for name, system in systems.items():
                started = time.perf_counter()
                outcome[name] = system.search(case.query, corpus.name)
                latency[name].append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            outcome.update(naive.search(case.query))
            latency["naive"].append((time.perf_counter() - started) * 1000)
            for name, results in outcome.items():
                ranks.append({"case": case.id, "kind": case.kind, "system": name,
                              "query": case.query,
                              "chunk": first_rank(results, case.targets, "chunk"),
                              "file": first_rank(results, case.targets, "file"),
                              "budget": budget_rank(results, case.targets, BUDGET_LINES),
                              **{f"budget_{b}": budget_rank(results, case.targets, b)
                                 for b in BUDGETS},
                              "top": [f"{r.path}:{r.start_line}-{r.end_line}"
                                      for r in results[:3]],
                              "target": " ".join(f"{t.path}:{t.start_line}-{t.end_line}"
                                                 for t in case.targets),
                              "lines": sum(r.end_line - r.start_line + 1 for r in results)
                              / max(len(results), 1),
                              "dense_scores": [r.dense_score for r in results[:10]],
                              "relevant": [any(relevant(r, t) for t in case.targets)
                                           for r in results[:10]]})
        info["latency_ms"] = {name: {"p50": statistics.median(v),
                                     "p95": statistics.quantiles(v, n=20)[18] if len(v) > 1
                                     else v[0]}
                              for name, v in latency.items()}
        info["cases"] = {kind: sum(1 for c in cases if c.kind == kind)
                         for kind in sorted({c.kind for c in cases})}
        info["ranks"] = ranks
        for system in systems.values():
            system.close()
        naive.close()
        return info
    finally:
        shutil.rmtree(work, ignore_errors=True)


# How --name-project reads a project out of a question: off (as before the feature), the named
# project as the search's scope, or the whole store with the named project's chunks boosted.
NAMED_SYSTEMS = [("name-ignored", {"project_from_question": "false"}),
                 ("name-scope", {}),
                 ("name-boost2", {"named_project_boost": "2"}),
                 ("name-boost4", {"named_project_boost": "4"})]
_QUESTION = re.compile(r"^(how|what|why|when|where|which|who|can|could|should|is|are|do|does"
                       r"|will|c[oó]mo|qu[eé]|d[oó]nde|por\s*qu[eé]|cu[aá]l)\b", re.I)


def named(query: str, project: str) -> str:
    """The question as a user with many projects writes it: a question gets "In attrs, ..."
    ("En attrs, ..." in Spanish), a description or a name gets "... in attrs"."""
    body = query.lstrip("¿¡ ")
    if _QUESTION.match(body):
        lead = "En" if query[:1] in "¿¡" else "In"
        opener = query[:len(query) - len(body)]
        return f"{lead} {project}, {opener}{body[:1].lower()}{body[1:]}"
    return f"{query.rstrip('.')} in {project}"


def run_named(corpora: list[Any], cache: Path, embedder: CachingEmbedder, quick: bool,
              max_code: int, max_doc: int) -> dict[str, dict[str, Any]]:
    """Every corpus in one store (a user's knowledge base of several projects); each case asked
    with its project's name in it and no project filter, by each of NAMED_SYSTEMS."""
    work = Path(tempfile.mkdtemp(prefix="repokb-bench-named-", dir=cache))
    try:
        cases, copies = [], {}
        for corpus in corpora:
            tree = fetch(corpus, cache)
            files = selected_files(corpus, tree, quick)
            copy = work / "trees" / corpus.name
            cases += derive(corpus.name, tree, files, copy, max_code, max_doc)
            cases += bilingual_cases(corpus.name, copy)
            copies[corpus.name] = copy
        results: dict[str, dict[str, Any]] = {c.name: {"ranks": [], "systems": {}, "cases": {}}
                                              for c in corpora}
        for name, overrides in NAMED_SYSTEMS:
            system = RepokbSystem.at(name, work / f"home-{name}", embedder, **overrides)
            for corpus_name, copy in copies.items():
                system.index(copy, corpus_name)
            # name-ignored also answers with the project as an explicit filter: the name kept
            # in the words searched, as a user who also types --project gets it
            # and name-scope with the filter too: the question read with and without the
            # name by the model (rank34), as a user typing --project and the name gets it
            asked = [(name, None)] + ([("name-kept+filter", "own")]
                                      if name == "name-ignored" else []) + (
                [("name+filter", "own")] if name == "name-scope" else [])
            for case in cases:
                for label, scope in asked:
                    found = system.search(named(case.query, case.corpus),
                                          case.corpus if scope else None)
                    results[case.corpus]["ranks"].append({
                        "case": case.id, "kind": case.kind, "system": label,
                        "query": named(case.query, case.corpus),
                        "chunk": first_rank(found, case.targets, "chunk"),
                        "file": first_rank(found, case.targets, "file"),
                        "top": [f"{r.path}:{r.start_line}" for r in found[:3]]})
            system.close()
        for corpus_name, info in results.items():
            kinds = sorted({r["kind"] for r in info["ranks"]})
            info["cases"] = {k: sum(1 for c in cases if c.corpus == corpus_name and c.kind == k)
                             for k in kinds}
        return results
    finally:
        shutil.rmtree(work, ignore_errors=True)


def named_report(results: dict[str, dict[str, Any]]) -> str:
    names = [n for n, _ in NAMED_SYSTEMS] + ["name-kept+filter", "name+filter"]
    lines = ["#### MRR@10 (chunk level), the project named in the question, one store of "
             "every corpus, no project filter", "",
             "| corpus | kind | n | " + " | ".join(names) + " |",
             "| --- | --- | --- | " + " | ".join("---" for _ in names) + " |"]
    for corpus, info in results.items():
        by = defaultdict(list)
        for r in info["ranks"]:
            by[(r["kind"], r["system"])].append(r["chunk"])
        for kind, n in info["cases"].items():
            lines.append(f"| {corpus} | {kind} | {n} | " + " | ".join(
                f"{summarize(by[(kind, s)])['MRR@10']:.3f}" for s in names) + " |")
    return "\n".join(lines)


def _index(system: Any, embedder: CachingEmbedder, *args: Any) -> dict[str, Any]:
    """Index with `system.index(*args)`; what it cost, the model time measured on `embedder`."""
    misses, seconds = embedder.misses, embedder.embed_seconds
    system.index(*args)
    return {"index_s": system.index_seconds, "chunks": system.chunks,
            "embedded": embedder.misses - misses, "embed_s": embedder.embed_seconds - seconds}


def report(results: dict[str, dict[str, Any]], quick: bool, elapsed: float) -> str:
    lines = [f"Run: {'quick' if quick else 'full'}, {elapsed / 60:.1f} min, "
             f"{os.cpu_count()} cores, load average at end "
             f"{os.getloadavg()[0]:.1f}, Python {platform.python_version()}.", ""]
    for level in ("chunk", "file"):
        lines += [f"#### {level}-level", "",
                  "| corpus | kind | n | system | " + " | ".join(METRICS) + " |",
                  "| --- | --- | --- | --- | " + " | ".join("---" for _ in METRICS) + " |"]
        for corpus, info in results.items():
            by = defaultdict(list)
            for r in info["ranks"]:
                by[(r["kind"], r["system"])].append(r[level])
            for kind in info["cases"]:
                for system in sorted({s for k, s in by if k == kind}, key=_system_order):
                    m = summarize(by[(kind, system)])
                    lines.append(f"| {corpus} | {kind} | {len(by[(kind, system)])} | {system} | "
                                 + " | ".join(f"{m[x]:.3f}" for x in METRICS) + " |")
        lines.append("")
    lines += ["#### Mean size of a result (lines, top 10)", "",
              "| corpus | " + " | ".join(_SIZE_SYSTEMS) + " |",
              "| --- | " + " | ".join("---" for _ in _SIZE_SYSTEMS) + " |"]
    for corpus, info in results.items():
        sizes = defaultdict(list)
        for r in info["ranks"]:
            sizes[r["system"]].append(r["lines"])
        lines.append(f"| {corpus} | " + " | ".join(
            f"{statistics.mean(sizes[s]):.0f}" if sizes[s] else "-" for s in _SIZE_SYSTEMS)
            + " |")
    lines.append("")
    lines += ["#### MRR@10 against MRR within a budget of result lines (chunk level)", "",
              "Results are read in order until the budget of lines is spent; a target "
              "reached later does not count, so a long result is not free.", "",
              "| corpus | kind | n | system | MRR@10 | "
              + " | ".join(f"MRR@{b} lines" for b in BUDGETS) + " | mean lines/result |",
              "| --- | --- | --- | --- | --- | " + " | ".join("---" for _ in BUDGETS) + " | --- |"]
    for corpus, info in results.items():
        by_rank: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
        for r in info["ranks"]:
            by_rank[(r["kind"], r["system"])].append(r)
        for kind in info["cases"]:
            for system in sorted({s for k, s in by_rank if k == kind}, key=_system_order):
                rows = by_rank[(kind, system)]
                mrr = summarize(r["chunk"] for r in rows)["MRR@10"]
                within = [summarize(r.get(f"budget_{b}") for r in rows)["MRR@10"]
                          for b in BUDGETS]
                size = statistics.mean(r["lines"] for r in rows)
                lines.append(f"| {corpus} | {kind} | {len(rows)} | {system} | {mrr:.3f} | "
                             + " | ".join(f"{w:.3f}" for w in within) + f" | {size:.0f} |")
    lines.append("")
    lines += ["#### MRR@10 (chunk level): repokb against the best naive baseline", "",
              "The best naive baseline is chosen per corpus and kind, on all its cases. The "
              "interval is a paired bootstrap over the cases (95%, 2,000 draws); the pooled "
              "rows weigh each corpus the same.", "",
              "| corpus | kind | n | repokb | best naive | lift | 95% interval |",
              "| --- | --- | --- | --- | --- | --- | --- |"]
    pooled: dict[str, list[tuple[list[int | None], list[int | None]]]] = defaultdict(list)
    for corpus, info in results.items():
        by = defaultdict(list)
        for r in info["ranks"]:  # case by case, every system in turn: the lists pair up
            by[(r["kind"], r["system"])].append(r["chunk"])
        for kind in info["cases"]:
            ours = summarize(by[(kind, "repokb")])["MRR@10"]
            best_name, best = max(((s, summarize(by[(kind, s)])["MRR@10"])
                                   for s in NaiveSystem.rankings), key=lambda x: x[1])
            pair = (by[(kind, "repokb")], by[(kind, best_name)])
            pooled[kind].append(pair)
            lines.append(f"| {corpus} | {kind} | {len(pair[0])} | {ours:.3f} | "
                         f"{best:.3f} ({best_name}) | {_lift_cells([pair])}")
    for kind, pairs in pooled.items():
        if len(pairs) > 1:
            lines.append(f"| all {len(pairs)} corpora | {kind} | "
                         f"{sum(len(a) for a, _ in pairs)} | | | {_lift_cells(pairs)}")
    lines += ["", "#### Index and query cost", "",
              "| corpus | files | system | chunks | index s | embedded | embed s | "
              "query p50 ms | query p95 ms |",
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for corpus, info in results.items():
        for name, s in info["systems"].items():
            lat = info["latency_ms"].get(name, {})
            lines.append(f"| {corpus} | {info['indexed_files']} | {name} | {s['chunks']} | "
                         f"{s['index_s']:.1f} | {s['embedded']} | {s['embed_s']:.1f} | "
                         f"{lat.get('p50', 0):.1f} | {lat.get('p95', 0):.1f} |")
    return "\n".join(lines)


def _lift_cells(pairs: list[tuple[list[int | None], list[int | None]]]) -> str:
    value, span = lift(pairs), lift_interval(pairs)
    shown = f"{value * 100:+.0f}%" if value is not None else "n/a"
    interval = f"{span[0] * 100:+.0f}% to {span[1] * 100:+.0f}%" if span else "n/a"
    return f"{shown} | {interval} |"


BUDGET_LINES = 100
BUDGETS = (30, 50, BUDGET_LINES)  # lines of results read: a prompt's share, a screen, two
_SIZE_SYSTEMS = ("repokb", "repokb-nomerge", "naive-rrf", "naive-rrf+shaping")


def _system_order(name: str) -> tuple[int, str]:
    return (0 if name == "repokb" else 2 if name.startswith("naive") else 1, name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="Two small corpora, fewer cases.")
    parser.add_argument("--corpus", action="append", help="Only these corpora.")
    parser.add_argument("--cache", type=Path, default=Path(os.environ.get(
        "REPOKB_BENCH_CACHE", Path.home() / ".cache" / "repokb-bench")))
    parser.add_argument("--variant", action="append", default=[],
                        help="Another repokb configuration, e.g. 'bm25:lexical=qdrant-bm25'.")
    parser.add_argument("--fresh-vectors", action="store_true",
                        help="Ignore cached document vectors (to time a cold index).")
    parser.add_argument("--json", type=Path, help="Write per-query ranks here.")
    parser.add_argument("--use", action="store_true",
                        help="Also measure repokb + USE multilingual (a second, cross-lingual "
                        "dense vector), with its own indexing cost.")
    parser.add_argument("--with-tests", action="store_true",
                        help="Index each corpus's test suite too, and add questions its tests "
                        "answer (kind 'test'): what tests cost the other questions, and what "
                        "a question about a tested behaviour finds.")
    parser.add_argument("--name-project", action="store_true",
                        help="Instead: every corpus in one store, each question with its "
                        "project's name in it and no project filter, by each way of reading "
                        "the name (NAMED_SYSTEMS).")
    parser.add_argument("--layers", type=int, default=6,
                        help="Run the model cut after this encoder layer (of 6), see "
                        "bench/shallow_model.py; its vectors are cached apart.")
    args = parser.parse_args()
    cache = args.cache.expanduser().resolve()
    cache.mkdir(parents=True, exist_ok=True)
    names = args.corpus or (list(QUICK) if args.quick else [c.name for c in CORPORA])
    corpora = [c for c in CORPORA if c.name in names]
    load_builtins()
    # The model honours REPOKB_MAX_TOKENS, REPOKB_CODE_MAX_TOKENS and REPOKB_EMBED_INT8 like
    # repokb does; vectors are cached per model variant and token limit.
    embedder = CachingEmbedder.minilm(cache, Settings.load(), fresh=args.fresh_vectors,
                                      layers=args.layers)
    variants = [parse_variant(v) for v in args.variant]
    use = None
    if args.use:
        use = CachingEmbedder.over(create("use-multilingual"), cache, "use-vectors",
                                   args.fresh_vectors)
    started = time.perf_counter()
    if args.name_project:
        named_results = run_named(corpora, cache, embedder, args.quick,
                                  max_code=25 if args.quick else 60,
                                  max_doc=15 if args.quick else 40)
        embedder.save()
        print(named_report(named_results))
        if args.json:
            args.json.write_text(json.dumps(named_results, indent=1, default=str))
        return
    results = {}
    for corpus in corpora:
        print(f"[{corpus.name}] fetching, deriving cases, indexing ...", file=sys.stderr)
        results[corpus.name] = run_corpus(corpus, cache, embedder, args.quick, variants,
                                          max_code=25 if args.quick else 60,
                                          max_doc=15 if args.quick else 40, use=use,
                                          max_test=(25 if args.quick else 60)
                                          if args.with_tests else 0)
        embedder.save()
        if use is not None:
            use.save()
    text = report(results, args.quick, time.perf_counter() - started)
    print(text)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, default=str))


if __name__ == "__main__":
    main()
