"""A Qdrant Edge shard's folder on disk, crash-safe: the exclusive lock that makes one process
its holder, the staging folder beside it, a new shard built there and renamed or exchanged
(Linux renameat2 RENAME_EXCHANGE) into place in one atomic step, what a killed process left
removed by the next holder, and the guarded shard whose engine errors become StoreError. Both
shards, the store's (stores/qdrant_edge.py) and the answer cache's (stores/edge_answers.py),
are opened, swapped and released here."""

from __future__ import annotations

import contextlib
import ctypes
import fcntl
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol

import qdrant_edge as q

from repokb.errors import StoreBusyError, StoreError
from repokb.stores.base import DENSE
from repokb.stores.edge_points import Index

DIMENSION_HINT = "If the embedding dimension changed, flush or use a new REPOKB_HOME."
STAGING = "-new-"  # a staging folder's name: ".<shard folder>-new-<random>"


class Guarded:
    """The shard, with the engine's bare exceptions turned into StoreError at this boundary.
    Once a swap closed it (`swap_in`), a call that fails on it (a reader that took it just
    before) is made again on the shard that took its place (`then`), not answered an error."""

    then: Callable[[], Guarded] | None = None

    def __init__(self, shard: q.EdgeShard) -> None:
        self._shard = shard

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._shard, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                return method(*args, **kwargs)
            except Exception as exc:
                if self.then is not None:  # closed by a swap meanwhile: the new shard answers
                    return getattr(self.then(), name)(*args, **kwargs)
                raise StoreError(f"Qdrant Edge {name} failed: {exc}") from exc

        return call


class Holder(Protocol):
    """What holds a shard: its lock's descriptor, the open shard, its folder and config."""

    _lock: int | None
    _open: Guarded | None
    _path: Path
    _config: q.EdgeConfig


def _renameat2() -> Callable[[Path, Path], None] | None:
    """Swap two paths in one atomic step (Linux renameat2 RENAME_EXCHANGE), or None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        call = libc.renameat2
    except (OSError, AttributeError):
        return None
    at_fdcwd, exchange_flag = -100, 2

    def swap(a: Path, b: Path) -> None:
        if call(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), exchange_flag) != 0:
            err = ctypes.get_errno()
            raise StoreError(f"Cannot swap {a} and {b}: {os.strerror(err)}")

    return swap


exchange = _renameat2()


def exclusive(path: Path) -> int:
    """An open descriptor holding an exclusive lock on `path` (released when closed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise
    return fd


def held(path: Path, busy: str, hint: str | None = None) -> int:
    """The exclusive lock of the shard at `path` (on `<path>.lock`, beside it); while another
    process holds it, StoreBusyError(busy, hint)."""
    try:
        return exclusive(path.with_name(path.name + ".lock"))
    except BlockingIOError as exc:
        raise StoreBusyError(busy, hint=hint) from exc


# The engine's one error for a shard another opener holds (its write-ahead log's lock,
# taken without waiting; qdrant-edge-py 0.9.0, probed in another process and in this one):
# "Service runtime error: failed to open WAL <path>/wal: Can't init WAL: Kind(WouldBlock)".
# A corrupt store's errors name their files, so any other text holding "lock" (a folder named
# `blocks`, a segment's "block") is not this.
ENGINE_BUSY = "Can't init WAL: Kind(WouldBlock)"


@contextlib.contextmanager
def opening(what: str, path: Path, hint: str, busy_hint: str | None = None) -> Iterator[None]:
    """Around a shard's opening: the engine's busy error (another opener holds the shard:
    `ENGINE_BUSY`) as StoreBusyError, any other as StoreError saying which shard (`what`)
    could not open and why."""
    try:
        yield
    except Exception as exc:
        text = str(exc)
        if ENGINE_BUSY in text:
            raise StoreBusyError(f"The {what} at {path} is in use by another process.",
                                 hint=busy_hint) from exc
        raise StoreError(f"Cannot open the {what} at {path}: {text}", hint=hint) from exc


def release(holder: Holder, shard: bool = True) -> None:
    """Close a holder's shard (unless `shard` is False), then drop its lock file's flock: the
    one way both shards let go, each step at most once. The engine's close flushes (segments
    written, the log acknowledged up to the last write): a flush before it wrote the same
    again (0.2 s of a Django one-file re-index; tests/contract pins it)."""
    opened, lock = (holder._open if shard else None), holder._lock
    if shard:
        holder._open = None
    holder._lock = None
    try:
        if opened is not None:
            opened.close()
    finally:
        if lock is not None:
            os.close(lock)


def due_mark(path: Path) -> Path:
    """The file beside the shard at `path` that says a compaction is due (removed text may
    still be on disk: the write-ahead log, freed payload pages)."""
    return path.with_name(path.name + ".compact-due")


def mark_due(path: Path) -> None:
    """Put up the due mark durably (the file and its folder's entry synced) unless it is up:
    it goes before the write that removes text, so a process killed after that write leaves
    the mark for the next holder."""
    mark = due_mark(path)
    if mark.exists():
        return
    mark.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(mark, os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    folder = os.open(mark.parent, os.O_RDONLY | os.O_CLOEXEC)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


def clear_due(path: Path) -> None:
    """Take the due mark down (after a compaction swapped the rewritten shard in)."""
    due_mark(path).unlink(missing_ok=True)


def check_dimension(path: Path, dimension: int) -> None:
    """Refuse, before any load, a store made for another vector size (its config says)."""
    try:
        config = json.loads((path / "edge_config.json").read_text(encoding="utf-8"))
        size = config["vectors"][DENSE]["size"]
    except (OSError, ValueError, KeyError, TypeError):
        return  # no store yet, or one the load itself judges
    if size != dimension:
        raise StoreError(f"Cannot open the store at {path}: it holds {size}-dimensional "
                         f"vectors, the embedder makes {dimension}.", hint=DIMENSION_HINT)


def add_missing_indexes(shard: Guarded, indexes: dict[str, Index]) -> None:
    schema = getattr(shard.info(), "payload_schema", None) or {}
    for key, kind in indexes.items():
        if key not in schema:
            shard.update(q.UpdateOperation.create_field_index(key, kind))


@contextlib.contextmanager
def staging(path: Path) -> Iterator[Path]:
    """A new folder beside `path` (the same file system: a rename or an exchange into place is
    one atomic step), removed with whatever it holds at the end: after an exchange, the old
    shard."""
    path.parent.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix=f".{path.name}{STAGING}", dir=path.parent))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def remove_staging(path: Path) -> None:
    """Remove what a killed process left beside `path` (only its lock holder may): a staging
    folder holds a half-built shard, or, after an exchange, the old shard and its bytes."""
    for infix in (STAGING, "-compact-"):  # "-compact-": where compactions staged before
        for left in path.parent.glob(f".{path.name}{infix}*"):
            shutil.rmtree(left, ignore_errors=True)


def built(folder: Path, config: q.EdgeConfig, indexes: dict[str, Index],
          fill: Callable[[q.EdgeShard], None] | None = None) -> Path:
    """A new shard in the staging `folder`, with its payload indexes and what `fill` writes
    into it, flushed and closed: its folder."""
    fresh = folder / "shard"
    shard = q.EdgeShard.create(str(fresh), config)
    try:
        for key, schema in indexes.items():
            shard.update(q.UpdateOperation.create_field_index(key, schema))
        if fill is not None:
            fill(shard)
        shard.flush()
    finally:
        shard.close()
    return fresh


def swap_in(holder: Holder, fresh: Path, current: Callable[[], Guarded] | None = None) -> None:
    """Close the holder's shard, exchange its folder with the one built at `fresh` (which then
    holds the old shard, for its staging folder's removal) and open the new one; if the
    exchange fails, the old one again. `current`: the holder's shard once the swap is done
    (where a call still on the old one goes, see Guarded)."""
    assert exchange is not None
    old, holder._open = holder._open, None
    if old is not None:
        old.then = current
        old.flush()
        old.close()
    try:
        exchange(fresh, holder._path)
    finally:
        holder._open = Guarded(q.EdgeShard.load(str(holder._path), holder._config))


def opened(path: Path, config: q.EdgeConfig, indexes: dict[str, Index]) -> Guarded:
    """The shard at `path` (created with its payload indexes if there is none yet), once what a
    killed process left beside it is gone. Only the holder of its lock may call this."""
    remove_staging(path)
    if not path.is_dir() or not any(path.iterdir()):
        create_atomically(path, config, indexes)
    return Guarded(q.EdgeShard.load(str(path), config))


def create_atomically(path: Path, config: q.EdgeConfig, indexes: dict[str, Index]) -> None:
    """Build a new shard with its payload indexes beside `path`, then rename it into place, so
    a concurrent opener sees either no store or a complete one. A lost race is harmless."""
    with staging(path) as folder:
        fresh = built(folder, config, indexes)
        if path.is_dir() and not any(path.iterdir()):
            path.rmdir()
        with contextlib.suppress(OSError):  # another process won the race: use its store
            os.rename(fresh, path)
