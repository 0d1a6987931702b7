"""Qdrant Edge: deleted and overwritten points must not count in the sparse IDF statistics
(issue 17: a store that went through edits and prunes scored BM25 unlike a clean index)."""

from __future__ import annotations

from pathlib import Path

from repokb.roots import resolve_roots
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


def _shard_points(store_path: Path) -> tuple[set[str], int]:
    """The shard's segment folders and every point it holds, tombstones included (the engine
    read directly, with the store closed)."""
    import qdrant_edge

    shard = qdrant_edge.EdgeShard.load(str(store_path))
    try:
        return {p.name for p in (store_path / "segments").iterdir()}, shard.info().points_count
    finally:
        shard.close()


def _many(root: Path, count: int, drop: int) -> None:
    """`count` modules of two functions each; the first `drop` lose their second function."""
    for i in range(count):
        tail = "" if i < drop else (f"\ndef second_{i}(x):\n    \"\"\"Second helper {i}.\"\"\"\n"
                                    f"    return x + {i}\n")
        write(root, f"pkg/mod{i}.py", f'def first_{i}(value):\n    """Checksum of a payment '
              f'token number {i}."""\n    return hash((value, {i}))\n{tail}')


def _run(home: Path, tree: Path) -> tuple[int, list[str]]:
    # compact_points 0: a store too big to rewrite within a run (Django's), whose prunes stay
    # tombstones until a sweep (a small one is rewritten at the run's end)
    ws = Workspace(Settings.load(home=home, compact_points=0))
    ws.__dict__["embedder"] = HashEmbedder()
    try:
        ws.indexer.run(resolve_roots([tree], None))
        _, lexical = ws.store.search([0.1] * 384, ws.lexical.query("second helper"),
                                     StoreFilter(), 100)
        return ws.store.count(), sorted(p.payload["path"] for p in lexical)
    finally:
        ws.close()


def test_a_pruned_chunk_is_a_tombstone_not_a_rewrite_of_the_store(tmp_path):
    """A re-index that drops a file's last chunk leaves the segment where it is (a vacuum
    rewrote all of it: 4.4 s and 1.1 GB on Django for one pruned chunk) and the chunk is
    found by no search and counted nowhere; once tombstones are a tenth of the points, a
    close sweeps them."""
    tree, home = tmp_path / "shop", tmp_path / "home"
    _many(tree, 40, 0)
    count, _ = _run(home, tree)
    assert count == 80
    segments, points = _shard_points(Settings.load(home=home).store_path)
    assert points == 80

    _many(tree, 40, 2)  # 2 of 80 points pruned: under a tenth
    count, hits = _run(home, tree)
    assert count == 78 and "pkg/mod0.py" not in hits and "pkg/mod1.py" not in hits
    assert len(hits) == 38
    assert _shard_points(Settings.load(home=home).store_path) == (segments, 80)

    _many(tree, 40, 10)  # 10 tombstones of 80 points: swept at the close
    count, hits = _run(home, tree)
    assert count == 70 and len(hits) == 30
    after, points = _shard_points(Settings.load(home=home).store_path)
    assert points == 70 and after != segments
