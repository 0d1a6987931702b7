"""Calibrate the proxy's cache thresholds on a paraphrase set, then check them end to end.

    python bench/proxy/calibrate.py [--questions bench/proxy/questions.json] [--no-e2e]

1. Model only: the default model (as the proxy runs it) embeds every question. For each pair
   (A, B) of questions meaning the same, the similarity of B to A and to the nearest *other* A
   (another question about the same repository: the hard negative); for each unrelated question,
   its similarity to the nearest A. A table gives, per threshold, the share of paraphrases at
   or above it (with A as their nearest neighbour) and the false rates.
2. End to end (the thresholds in settings.py): this repository's src/ is indexed into a temp
   home, `repokb serve`'s app runs on loopback in front of a loopback upstream; every A is asked
   (and cached), then every B, then every unrelated question; the X-Cache outcomes are counted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path

import httpx
import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from repokb.operations import Operations  # noqa: E402
from repokb.search import Query  # noqa: E402
from repokb.settings import Settings  # noqa: E402
from repokb.surfaces.server.app import create_app  # noqa: E402
from repokb.workspace import Workspace  # noqa: E402
from tests.integration.upstream import serve_app, upstream  # noqa: E402


def _summary(values: list[float]) -> str:
    v = sorted(values)
    return (f"min {v[0]:.3f} · p10 {v[len(v) // 10]:.3f} · median {statistics.median(v):.3f} · "
            f"max {v[-1]:.3f}")


def model_only(ops: Operations, pairs: list[list[str]], unrelated: list[str]) -> None:
    def embed(texts: list[str]) -> np.ndarray:
        m = np.array([ops.embed_question(t) for t in texts])
        return m / np.linalg.norm(m, axis=1, keepdims=True)

    a = embed([p[0] for p in pairs])
    b = embed([p[1] for p in pairs])
    u = embed(unrelated)
    pair = (a * b).sum(axis=1)
    cross = b @ a.T
    np.fill_diagonal(cross, -1.0)
    other = cross.max(axis=1)  # nearest cached question that is NOT the paraphrased one
    nearest_is_own = pair > other
    unrel = (u @ a.T).max(axis=1)
    print(f"paraphrase pairs ({len(pairs)}): {_summary(pair.tolist())}")
    print(f"paraphrase -> nearest other repo question: {_summary(other.tolist())}")
    print(f"unrelated ({len(unrelated)}) -> nearest cached question: {_summary(unrel.tolist())}")
    print("\n| threshold | paraphrases reaching their own question | repo questions reaching "
          "another one | unrelated reaching a cached one |\n| --- | --- | --- | --- |")
    for t in np.arange(0.60, 0.99, 0.02):
        reach = float(np.mean((pair >= t) & nearest_is_own))
        print(f"| {t:.2f} | {reach:.0%} | {float(np.mean(other >= t)):.0%} | "
              f"{float(np.mean(unrel >= t)):.0%} |")


def knowledge_table(ops: Operations, repo: list[str], unrelated: list[str]) -> None:
    """Top dense similarity of the knowledge search for repository and unrelated questions:
    how many of each would get a knowledge block at a given threshold."""
    def top(question: str) -> float:
        hits = ops.search(Query(text=question, limit=8, explain=True))
        return max((h["provenance"]["dense_score"] or 0.0 for h in hits), default=0.0)

    r = np.array([top(q) for q in repo])
    u = np.array([top(q) for q in unrelated])
    print(f"knowledge: top similarity, repo questions {_summary(r.tolist())}; unrelated "
          f"{_summary(u.tolist())}")
    print("| knowledge threshold | repo questions with a block | unrelated with a block |\n"
          "| --- | --- | --- |")
    for t in (0.30, 0.34, 0.38, 0.42, 0.46, 0.50, 0.52, 0.55):
        print(f"| {t:.2f} | {float(np.mean(r >= t)):.0%} | {float(np.mean(u >= t)):.0%} |")


def end_to_end(settings: Settings, pairs: list[list[str]], unrelated: list[str]) -> None:
    with upstream() as up, tempfile.TemporaryDirectory() as tmp:
        s = Settings.load(home=Path(tmp) / "home", proxy_anthropic_url=up.url,
                          proxy_openai_url=up.url)
        with Workspace(s) as ws:
            ops = Operations(ws)
            ops.index([str(ROOT / "src")], "repokb")
            print(f"\nindexed {ws.store.count()} chunks of {ROOT / 'src'}; thresholds: HIT >= "
                  f"{s.proxy_cache_hit_similarity}, CACHE-RAG >= "
                  f"{s.proxy_cache_context_similarity}, knowledge block when the top hit >= "
                  f"{s.proxy_knowledge_similarity} (fragments >= {s.context_min_similarity})")
            knowledge_table(ops, [p[0] for p in pairs], unrelated)
            app = create_app(ops)
            app.state.proxy.backend.warm()
            with serve_app(app) as url, httpx.Client(base_url=url, timeout=60) as client:
                def ask(question: str, i: int) -> str:
                    protocol = i % 2  # alternate the two protocols
                    path = "/v1/messages" if protocol == 0 else "/v1/chat/completions"
                    body = {"model": "m", "max_tokens": 50,
                            "messages": [{"role": "user", "content": question}]}
                    r = client.post(path, json=body, headers={"x-api-key": "k"})
                    r.raise_for_status()
                    return r.headers["x-cache"]

                first = Counter(ask(p[0], i) for i, p in enumerate(pairs))
                second = Counter(ask(p[1], i + 1) for i, p in enumerate(pairs))
                unrel = Counter(ask(q, i) for i, q in enumerate(unrelated))
                stats = client.get("/proxy/stats").json()
    n, m = len(pairs), len(unrelated)
    reached = second["HIT"] + second["CACHE-RAG"]
    print(f"first asks (repo questions, empty cache): {dict(first)}")
    print(f"paraphrases: {dict(second)} -> HIT or CACHE-RAG {reached}/{n} = {reached / n:.0%}")
    print(f"unrelated: {dict(unrel)} -> false HIT {unrel['HIT']}/{m}, false CACHE-RAG "
          f"{unrel['CACHE-RAG']}/{m}")
    print(f"added latency before the upstream (all requests): p50 {stats['added_ms']['p50']} ms,"
          f" p99 {stats['added_ms']['p99']} ms · load average {os.getloadavg()[0]:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=Path, default=Path(__file__).parent /
                        "questions.json")
    parser.add_argument("--no-e2e", action="store_true")
    args = parser.parse_args()
    data = json.loads(args.questions.read_text())
    pairs, unrelated = data["paraphrases"], data["unrelated"]
    settings = Settings.load()
    with tempfile.TemporaryDirectory() as tmp, \
            Workspace(Settings.load(home=Path(tmp))) as ws:
        model_only(Operations(ws), pairs, unrelated)
    if not args.no_e2e:
        end_to_end(settings, pairs, unrelated)


if __name__ == "__main__":
    main()
