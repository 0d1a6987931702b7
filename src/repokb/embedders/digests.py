"""sha256 of model files, remembered by the file's identity so a new process need not re-read
them; and the model copies derived into the cache, each with its recorded sha256 beside it.

Every CLI call loads the model and checked its files by hashing them (about 50 MB, 0.1-0.3 s).
A digest is remembered in `digests.json` of the model cache folder under the file's path, keyed
by its device, inode, size, mtime and ctime. Any write, rename, truncation, reinstall or
`touch` changes the ctime (which user space cannot set back), so a changed file is hashed again.
A file changed in the last seconds is not remembered (a timestamp tick may hide a second write,
as git's racy-clean rule says). What the remembered digest does not catch is a silent change of
the bytes under an unchanged inode (disk corruption); the cache folder holding it is the one that
already holds the int8 copy and its recorded hash, so it trusts nothing the folder did not.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
import time
from pathlib import Path

_BOOK = "digests.json"
_SETTLED_NS = 2_000_000_000  # a file changed less than this ago is hashed every time


def _identity(path: Path) -> list[int]:
    st = path.stat()
    return [st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]


def _read(book: Path) -> dict[str, dict[str, object]]:
    try:
        data = json.loads(book.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write(book: Path, data: dict[str, dict[str, object]]) -> None:
    """Atomically, best effort: a read-only or full cache folder only costs the next hash."""
    try:
        book.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=book.parent, prefix=".digests-")
    except OSError:
        return
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out, sort_keys=True)
        os.replace(tmp, book)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def file_sha256(path: Path, cache_dir: Path | None) -> str:
    """The file's sha256: remembered under `cache_dir` while the file stays the same file."""
    if cache_dir is None:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    book, name = cache_dir / _BOOK, str(path.resolve())
    before = _identity(path)
    known = _read(book)
    entry = known.get(name)
    if isinstance(entry, dict) and entry.get("identity") == before \
            and isinstance(entry.get("sha256"), str):
        return str(entry["sha256"])
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    settled = time.time_ns() - max(before[3], before[4]) > _SETTLED_NS
    if settled and _identity(path) == before:  # not changed while it was read
        known = {k: v for k, v in _read(book).items() if k != name and Path(k).exists()}
        known[name] = {"identity": before, "sha256": digest}
        _write(book, known)
    return digest


def intact(copy: Path, cache_dir: Path) -> bool:
    """A derived copy is whole: its recorded sha256 (written last) matches its bytes."""
    recorded = copy.with_name(copy.name + ".sha256")
    return copy.is_file() and recorded.is_file() \
        and recorded.read_text().strip() == file_sha256(copy, cache_dir)


def publish(derived: Path, copy: Path) -> Path:
    """Move `derived` (in a work folder beside `copy`) into place, its sha256 recorded after.

    Model first, hash last: a reader that sees the hash sees the whole model. Two processes
    deriving at once each rename a complete file; either result is the same."""
    digest = hashlib.sha256(derived.read_bytes()).hexdigest()
    os.replace(derived, copy)
    sidecar = derived.with_name(derived.name + ".sha256")
    sidecar.write_text(digest + "\n")
    os.replace(sidecar, copy.with_name(copy.name + ".sha256"))
    return copy


def release_freed_memory() -> None:
    """Hand the heap a model derivation freed back to the system (glibc keeps it otherwise).
    Deriving the copies peaks at ~0.5 GB and left ~85 MB more resident for the rest of the run
    than a run that found them cached: on Django, a first index peaked at 1,017 MB against
    904 MB (bench/RESULTS.md). Elsewhere than glibc, nothing is done."""
    import ctypes
    import sys

    if not sys.platform.startswith("linux"):
        return
    # another C library (musl) has nothing to trim by this name
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)
