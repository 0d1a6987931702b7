"""Model file digests remembered by file identity: a changed file is always hashed again."""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from pathlib import Path

import pytest

from repokb.embedders import digests
from repokb.embedders.digests import file_sha256


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.fixture
def settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files written by the test count as settled at once (no 2 s wait)."""
    monkeypatch.setattr(digests, "_SETTLED_NS", -1)


class _NoHashing:
    def __getattr__(self, name: str) -> object:
        raise AssertionError("the file was hashed again")


def test_a_remembered_digest_spares_the_read(tmp_path: Path, settled: None,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    model, cache = tmp_path / "model.onnx", tmp_path / "cache"
    model.write_bytes(b"weights" * 1000)
    assert file_sha256(model, cache) == _sha(b"weights" * 1000)
    monkeypatch.setattr(digests, "hashlib", _NoHashing())
    assert file_sha256(model, cache) == _sha(b"weights" * 1000)


def test_a_rewritten_file_is_hashed_again_even_with_its_old_size_and_mtime(
        tmp_path: Path, settled: None) -> None:
    model, cache = tmp_path / "model.onnx", tmp_path / "cache"
    model.write_bytes(b"a" * 4096)
    before = model.stat()
    assert file_sha256(model, cache) == _sha(b"a" * 4096)
    time.sleep(0.05)  # past the kernel's timestamp tick (what _SETTLED_NS guards in real use)
    with model.open("r+b") as f:  # same inode, same size, one byte flipped
        f.seek(100)
        f.write(b"b")
    os.utime(model, ns=(before.st_atime_ns, before.st_mtime_ns))  # mtime put back
    assert model.stat().st_size == before.st_size
    assert model.stat().st_mtime_ns == before.st_mtime_ns
    changed = b"a" * 100 + b"b" + b"a" * 3995
    assert file_sha256(model, cache) == _sha(changed)


def test_a_replaced_file_is_hashed_again(tmp_path: Path, settled: None) -> None:
    model, cache = tmp_path / "model.onnx", tmp_path / "cache"
    model.write_bytes(b"first")
    assert file_sha256(model, cache) == _sha(b"first")
    other = tmp_path / "other"
    other.write_bytes(b"secnd")
    os.replace(other, model)
    assert file_sha256(model, cache) == _sha(b"secnd")


def test_a_just_written_file_is_not_remembered(tmp_path: Path) -> None:
    model, cache = tmp_path / "model.onnx", tmp_path / "cache"
    model.write_bytes(b"fresh")
    assert file_sha256(model, cache) == _sha(b"fresh")
    assert not (cache / "digests.json").exists()  # a second write in the same tick could hide


def test_a_damaged_or_unwritable_book_only_costs_a_hash(tmp_path: Path, settled: None) -> None:
    model = tmp_path / "model.onnx"
    model.write_bytes(b"weights")
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "digests.json").write_text("{not json")
    assert file_sha256(model, cache) == _sha(b"weights")
    assert json.loads((cache / "digests.json").read_text())  # rewritten whole
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder should be")
    assert file_sha256(model, blocked) == _sha(b"weights")
    assert not list(tmp_path.glob("**/.digests-*"))  # no temp file left behind


def test_a_wrong_recorded_digest_is_not_trusted_for_another_file(tmp_path: Path,
                                                                settled: None) -> None:
    one, two, cache = tmp_path / "one", tmp_path / "two", tmp_path / "cache"
    one.write_bytes(b"one")
    two.write_bytes(b"two")
    assert file_sha256(one, cache) == _sha(b"one")
    assert file_sha256(two, cache) == _sha(b"two")
    assert file_sha256(one, cache) == _sha(b"one")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's heap")
def test_the_heap_a_derivation_freed_goes_back_to_the_system():
    """A first run derives the model copies (~0.5 GB at peak): what they freed must not stay
    resident for the rest of the run (Django's first index went over 1 GB that way)."""
    from repokb.embedders.digests import release_freed_memory

    def resident_mb() -> float:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20

    blocks = [bytes(1000 + i % 7) for i in range(200_000)]  # ~200 MB from malloc's heap
    kept = blocks[::50]  # a few survivors hold the heap's top: free() alone cannot shrink it
    del blocks
    before = resident_mb()
    release_freed_memory()
    after = resident_mb()
    assert before - after > 100, (before, after)
    assert len(kept) == 4000
