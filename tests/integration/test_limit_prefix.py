"""A smaller --limit gives exactly the first hits of a larger one (real model, real store).

Before, the candidate depth followed the limit (max(50, limit * 5) from each ranking), so
fusion and re-ranking saw other candidates at limit 20 than at limit 5, and the top hits a
user or an agent had seen were reshuffled when it asked for more.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from repokb.models import MAX_LIMIT
from repokb.roots import resolve_roots
from repokb.search import Query
from repokb.settings import Settings
from repokb.workspace import Workspace

pytestmark = pytest.mark.integration

# a real tree: repokb's own retrieval and store code, ~20 files, a few hundred chunks
_SOURCES = ["search.py", "rank.py", "query", "models", "settings.py", "stores",
            "embedders"]
QUESTIONS = [
    "how are the dense and lexical rankings fused", "reciprocal rank fusion", "tie at the page end",
    "where is the candidate depth chosen", "payload index", "how does the store search",
    "BM25 tokenize camelCase", "Searcher.search", "shape", "merge overlapping chunks of one file",
    "max_per_file", "query embedding cache", "settings loaded from environment", "rrf",
    "how is a symbol query expanded", "Spanish question translated", "quality score factor",
    "delete points of a file", "scroll", "StoreFilter", "embedding batch size", "int8",
    "what does the dense copy scan", "project named in the question",
]


def _hits(ws: Workspace, text: str, limit: int) -> list[tuple[str, int, int, float, str]]:
    return [(h.path, h.start_line, h.end_line, h.score, h.content)
            for h in ws.searcher.search(Query(text=text, limit=limit))]


@pytest.fixture(scope="module")
def indexed(tmp_path_factory: pytest.TempPathFactory, real_embedder):  # type: ignore[no-untyped-def]
    import repokb

    root = tmp_path_factory.mktemp("tree") / "repokb-code"
    package = Path(repokb.__file__).parent
    for name in _SOURCES:
        source = package / name
        if source.is_dir():
            shutil.copytree(source, root / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            root.mkdir(parents=True, exist_ok=True)
            shutil.copy(source, root / name)
    return tmp_path_factory.mktemp("home"), root, real_embedder


def _workspace(indexed, **overrides) -> Workspace:  # type: ignore[no-untyped-def]
    home, root, embedder = indexed
    ws = Workspace(Settings.load(home=home, **overrides))
    ws.__dict__["embedder"] = embedder
    if not ws.store.count(None):
        ws.indexer.run(resolve_roots([root], None))
    return ws


@pytest.mark.parametrize("overrides", [{}, {"candidates": 8}],
                         ids=["default-depth", "shallow-depth-grows"])
def test_a_smaller_limit_is_a_prefix_of_a_larger_one(indexed, overrides) -> None:  # type: ignore[no-untyped-def]
    ws = _workspace(indexed, **overrides)
    try:
        assert ws.store.count(None) > 200  # deep enough for the candidate depth to matter
        limits = [1, 3, 5, 10, 20, 35, 50, MAX_LIMIT]
        for text in QUESTIONS:
            widest = _hits(ws, text, MAX_LIMIT)
            assert len(widest) >= 20, text  # the depth grows while hits are missing
            scores = [h[3] for h in widest]
            assert scores == sorted(scores, reverse=True), text  # deeper never ranks above
            for limit in limits[:-1]:
                assert _hits(ws, text, limit) == widest[:limit], (text, limit)
    finally:
        ws.close()
