"""`repokb eval`: build a test set from a repository, index a shadow copy of it, ask every
question of repokb (and of the naive baselines, and of other settings), and score the answers.

The shadow copy lives in a temporary directory with its own REPOKB_HOME: the files the walk
finds, with the questions' docstrings and headings removed and `.repokb/eval.yml` left out. The
user's index is only read (its vectors are reused for text that did not change), never written.
"""

from __future__ import annotations

import shutil
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from repokb.errors import InputError
from repokb.evaluate.baselines import NaiveSystem
from repokb.evaluate.cases import Case, mine, still_written
from repokb.evaluate.history import history_cases
from repokb.evaluate.metrics import budget_rank, first_rank
from repokb.evaluate.records import Answer, Options
from repokb.evaluate.report import summarize_run
from repokb.evaluate.systems import RepokbSystem, Result, ReusingEmbedder, known_vectors
from repokb.evaluate.user_cases import EVAL_FILE, load, user_cases
from repokb.pipeline.classify import Classifier
from repokb.roots import ProjectRoot, present, resolve_roots
from repokb.scratch import scratch_folder
from repokb.settings import Settings

MINABLE = (".py", ".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx", ".go", ".rs", ".md")
Progress = Callable[[str], None]


def evaluate(settings: Settings, options: Options,
             progress: Progress = lambda _: None) -> dict[str, Any]:
    """Run the evaluation; the JSON-ready result (report.py renders it)."""
    started = time.perf_counter()
    root = resolve_roots([options.path], options.project or _indexed_as(settings, options.path))[0]
    other = _compare_settings(settings, options.compare) if options.compare else None
    with scratch_folder("eval") as work:
        systems: list[Any] = []
        try:
            copy = work / "copy"
            progress("building the test set ...")
            cases, problems = _cases(settings, root, copy, options.cases)
            if not cases:
                raise InputError(f"No evaluation cases could be built from {options.path}.",
                                 hint="repokb eval asks doc comments (Python, JS/TS, Go, "
                                 "Rust), question-shaped Markdown headings, git commit "
                                 "subjects and the questions in "
                                 f"{EVAL_FILE}; this repository has none of them.")
            embedder = _embedder(settings, root.name)
            wrappers = [embedder]
            current = RepokbSystem("repokb", _shadow(settings, work / "home"), embedder)
            systems.append(current)
            runs = [current]
            if other is not None:
                same_model = all(getattr(other, k) == getattr(settings, k)
                                 for k in ("embedder", "embed_int8", "max_tokens"))
                if not same_model:
                    wrappers.append(_embedder(other, None))
                runs.append(RepokbSystem("compare", _shadow(other, work / "home-compare"),
                                         wrappers[-1]))
                systems.append(runs[-1])
            cost: dict[str, dict[str, Any]] = {}
            for system in runs:
                progress(f"indexing the shadow copy ({system.name}) ...")
                cost[system.name] = _index(system, system.index, copy, root.name)
            chunks = current.chunks_of(root.name)
            cases = _fair(cases, chunks, problems, options.path)
            naive = None
            if options.baselines:
                progress("indexing the naive baselines ...")
                naive = NaiveSystem(work / "naive", embedder)
                systems.append(naive)
                cost["naive"] = _index(naive, naive.index, copy, root.name,
                                       current.indexed_files(root.name), embedder=embedder)
            # how many vectors came from the user's index (the rest: embedded, or cached by an
            # earlier evaluation)
            cost["repokb"]["from_index"] = len(embedder.used & embedder.seeded)
            if embedder.index_held:  # its vectors were there, behind another process
                cost["repokb"]["index_held"] = True
            _save(wrappers)
            progress(f"asking {len(cases)} questions ...")
            answers = _ask(cases, runs, naive, root.name, options.budget)
            return summarize_run(
                project=root.name, path=str(root.root), cases=cases, answers=answers, cost=cost,
                problems=problems, options=options, seconds=time.perf_counter() - started,
                chunks=chunks,
                changed=_changed(settings, other) if other is not None else None)
        finally:
            for system in systems:
                system.close()


def _shadow(settings: Settings, home: Path) -> Settings:
    """`settings` on a home of their own, always with the embedded store: a store server
    configured for the user's index must never receive the shadow copy."""
    return replace(settings, home=home, store="qdrant-edge")


def _indexed_as(settings: Settings, path: Path) -> str | None:
    """The project name under which the user indexed `path`, if they did (so its vectors are
    found under the same name); None: named after the folder, as `repokb index` would."""
    from repokb.stores.catalog import Catalog

    if not settings.catalog_path.is_file() or not present(path) or not path.is_dir():
        return None
    catalog = Catalog(settings.catalog_path)
    try:
        return next((name for name, root in catalog.projects().items()
                     if root == path.resolve()), None)
    finally:
        catalog.close()


def _compare_settings(settings: Settings, path: Path) -> Settings:
    from repokb.settings import read_toml

    values = read_toml(path) if path.is_file() else None
    if values is None:
        raise InputError(f"{path} is not a file.", hint="Give a TOML file of settings, e.g. "
                         "`lexical_weight = 0.5` (names as in `repokb.toml`).")
    other = settings.with_values(values, str(path))
    if not _changed(settings, other):
        raise InputError(f"{path} changes no setting.",
                         hint="Give a value that differs from the current settings.")
    return other


def _changed(settings: Settings, other: Settings) -> dict[str, list[Any]]:
    return {k: [str(getattr(settings, k)), str(getattr(other, k))]
            for k in settings.__dataclass_fields__
            if k != "home" and getattr(settings, k) != getattr(other, k)}


def _cases(settings: Settings, root: ProjectRoot, copy: Path,
           n: int) -> tuple[list[Case], list[str]]:
    """Write the shadow copy and return the cases over it (and the user cases' problems)."""
    walked = [(item, c) for item, c in Classifier.for_root(root.root).files(root, admitted=False)
              if item.size <= settings.skip_file_bytes and item.path != EVAL_FILE]
    files = [item.path for item, _ in walked]
    if not files:
        raise InputError(f"No files to evaluate in {root.root}.",
                         hint="repokb eval reads the files `repokb index` would; "
                         f"`repokb index {root.root} --dry-run` says why each one is left out.")
    for rel in files:
        target = copy / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            shutil.copyfile(root.root / rel, target)
        except OSError:
            continue
    # questions only from what the index keeps as the project's own knowledge: not a vendored,
    # generated, minified or build copy (the classifier's decision, as `repokb index` takes it)
    minable = [item.path for item, c in walked
               if item.path.endswith(MINABLE) and c.index_policy.admits_content]
    cases, texts = mine(root.name, root.root, minable, n, n, labels=("docstring", "heading"),
                        tasks=True)
    for rel in _edited(root.root, texts):  # the others stay byte for byte (CRLF too)
        (copy / rel).write_text(texts[rel], encoding="utf-8")
    cases += history_cases(root.root, root.name, texts, n)
    mine_user, problems = user_cases(load(root.root), root.name, copy)
    return cases + mine_user, problems


def _fair(cases: list[Case], chunks: dict[str, list[tuple[int, int, str]]],
          problems: list[str], path: Path) -> list[Case]:
    """The cases whose question the index no longer holds word for word; a note in
    `problems` for those left out (cases.still_written says why)."""
    texts = {rel: "\n".join(text for _, _, text in sorted(held)) for rel, held in chunks.items()}
    written = still_written(cases, texts)
    if not written:
        return cases
    kept = [case for case in cases if case.id not in written]
    kinds = Counter(case.kind for case in cases if case.id in written)
    where = Counter(written.values()).most_common(2)
    problems.append(
        f"{len(written)} case(s) left out ({', '.join(f'{k} {n}' for k, n in kinds.items())})"
        f": the question is still written word for word elsewhere in the repository (e.g. "
        f"{', '.join(p for p, _ in where)}), where a search would match the question's own "
        "words instead of finding its answer.")
    if not kept:
        raise InputError(f"No fair evaluation case could be built from {path}.",
                         hint=problems[-1])
    return kept


def _edited(root: Path, texts: dict[str, str]) -> list[str]:
    out = []
    for rel, text in texts.items():
        try:
            if (root / rel).read_text(encoding="utf-8") != text:
                out.append(rel)
        except (OSError, UnicodeDecodeError):
            continue
    return out


def _embedder(settings: Settings, project: str | None) -> ReusingEmbedder:
    """The configured model, reusing the vectors the user's index holds for `project` and
    those an earlier evaluation computed (kept in `$REPOKB_HOME/eval`, apart from the index)."""
    import re

    from repokb.workspace import Workspace

    inner = Workspace(settings).new_embedder()
    known = known_vectors(settings, project) if project else {}
    model = settings.embed_plan.model
    cache = settings.home / "eval" / (re.sub(r"[^\w.+-]", "_", model) + ".npz")
    wrapper = ReusingEmbedder(inner, model, known or {}, cache)
    wrapper.index_held = known is None
    return wrapper


def _save(wrappers: list[ReusingEmbedder]) -> None:
    """Keep the vectors each model computed for the next evaluation: one cache file per model,
    written once (a `--compare` with another token limit wraps the same model twice; saved
    one after the other, the second file replaced the first)."""
    first = wrappers[0]
    for wrapper in wrappers[1:]:
        if wrapper.cache == first.cache:
            first.adopt(wrapper)
        else:
            wrapper.save()
    first.save()


def _index(system: Any, index: Callable[..., None], *args: Any,
           embedder: ReusingEmbedder | None = None) -> dict[str, Any]:
    wrapper = embedder or system.ws.embedder
    misses, seconds = wrapper.misses, wrapper.embed_seconds
    index(*args)
    return {"index_s": round(system.index_seconds, 2), "chunks": system.chunks,
            "embedded": wrapper.misses - misses,
            "embed_s": round(wrapper.embed_seconds - seconds, 2)}


def _ask(cases: list[Case], runs: list[RepokbSystem], naive: NaiveSystem | None, project: str,
         budget: int) -> dict[str, list[Answer]]:
    """Every system's answer to every case, in case order (the lists pair up)."""
    answers: dict[str, list[Answer]] = {}

    def record(name: str, results: list[Result], ms: float, case: Case) -> None:
        answers.setdefault(name, []).append(Answer(
            name, first_rank(results, case.targets, "chunk"),
            budget_rank(results, case.targets, budget),
            first_rank(results, case.targets, "file"), ms, results[:3]))

    for case in cases:
        for system in runs:
            started = time.perf_counter()
            results = system.search(case.query, project)
            record(system.name, results, (time.perf_counter() - started) * 1000, case)
        if naive is not None:
            started = time.perf_counter()
            outcome = naive.search(case.query)
            ms = (time.perf_counter() - started) * 1000
            for name in NaiveSystem.rankings:
                record(name, outcome[name], ms, case)
    return answers
