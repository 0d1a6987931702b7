"""Qdrant Edge: deleted and overwritten points must not count in the sparse IDF statistics
(issue 17: a store that went through edits and prunes scored BM25 unlike a clean index)."""

from __future__ import annotations

from pathlib import Path

from repokb.pipeline.discover import resolve_roots
from repokb.settings import Settings
from repokb.stores.base import StoreFilter
from repokb.workspace import Workspace

from ..conftest import HashEmbedder, write


def _tree(root: Path, version: int) -> None:
    for i in range(30):
        extra = (f"\ndef helper_{i}_{version}(x):\n    return x * {version}  # retry token cache\n"
                 if i % 3 == 0 or version == 1 else "")
        write(root, f"pkg/mod{i}.py", f'def func_{i}(value):\n    """Checksum of a payment '
              f'token number {i}."""\n    return hash((value, {i}))\n{extra}')
    gone = root / "pkg" / "gone.py"
    if version == 1:
        write(root, "pkg/gone.py", "def obsolete_retry():\n    return 'token cache retry'\n")
    elif gone.exists():
        gone.unlink()


def _lexical(home: Path, tree: Path, versions: list[int]) -> list[list[tuple[str, float]]]:
    ws = Workspace(Settings.load(home=home))
    ws.__dict__["embedder"] = HashEmbedder()
    try:
        for version in versions:
            _tree(tree, version)
            ws.indexer.run(resolve_roots([tree], None))
        out = []
        for query in ("retry token cache", "payment token checksum", "helper value"):
            _, lexical = ws.store.search([0.1] * 384, ws.lexical.query(query), StoreFilter(), 100)
            out.append(sorted((p.id, round(p.score, 6)) for p in lexical))
        return out
    finally:
        ws.close()


def test_bm25_scores_after_edits_and_prunes_equal_a_clean_index(tmp_path):
    clean = _lexical(tmp_path / "clean", tmp_path / "a" / "shop", [2])
    edited = _lexical(tmp_path / "edited", tmp_path / "b" / "shop", [1, 2])
    assert all(clean)
    assert edited == clean
