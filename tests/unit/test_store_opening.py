"""Opening a Qdrant Edge store: the engine's busy error (another opener holds the shard's
write-ahead log) is told as busy, and only it. Before (session 42), any engine error whose text
held "lock" was StoreBusyError, so a corrupt store under a folder named `blocks` was told "in
use by another process" (retry later) instead of what was wrong with it."""

from __future__ import annotations

from pathlib import Path

import pytest

from repokb.errors import StoreBusyError, StoreError
from repokb.stores.edge_files import ENGINE_BUSY
from repokb.stores.qdrant_edge import QdrantEdgeStore


def _made(path: Path) -> Path:
    store = QdrantEdgeStore(path, 384)
    store.load()  # creates the shard
    store.close()
    return path


def test_a_shard_the_engine_holds_elsewhere_is_busy(tmp_path: Path) -> None:
    import qdrant_edge as q

    path = _made(tmp_path / "store")
    holder = q.EdgeShard.load(str(path))  # another opener, past our own file lock
    try:
        store = QdrantEdgeStore(path, 384)
        with pytest.raises(StoreBusyError) as busy:
            store.load()
        assert "in use by another process" in busy.value.message
        assert ENGINE_BUSY in str(busy.value.__cause__)  # the engine's own words, pinned
        store.close()
    finally:
        holder.close()


@pytest.mark.parametrize("folder", ["blocks", "Clock-work"])
def test_a_corrupt_store_under_a_folder_named_like_lock_is_not_busy(tmp_path: Path,
                                                                    folder: str) -> None:
    path = _made(tmp_path / folder / "store")
    (path / "edge_config.json").write_text("{", encoding="utf-8")  # a torn config
    store = QdrantEdgeStore(path, 384)
    with pytest.raises(StoreError) as failed:
        store.load()
    assert not isinstance(failed.value, StoreBusyError)
    assert failed.value.message.startswith(f"Cannot open the store at {path}")
    assert "edge_config.json" in failed.value.message  # what is wrong, said
    store.close()
