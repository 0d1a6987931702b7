"""Text files kept compressed: Debian's man pages (`man1/ls.1.gz`), `changelog.Debian.gz`,
`README.txt.bz2`, a fixture saved as `data.json.xz`. Such a file is read through its
compression, as the file it holds (named without the suffix), when that file is one repokb
reads: the classifier decides on the inner name and text, the chunker cuts the text.

Bounded against compression bombs: what a file unpacks to is read up to the limit it is given
(max_file_bytes) and at most MAX_RATIO times its packed size; past either, or when the stream
is not valid, it is refused with a reason (`Refused`) and the file is recorded as it stands (a
compressed archive, metadata only). An archive of files (`.tar.gz`, `.tgz`) is not a text file:
it is never unpacked.
"""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import zlib
from collections.abc import Callable
from typing import BinaryIO

# suffix -> the format's name
PACKERS: dict[str, str] = {".gz": "gzip", ".bz2": "bzip2", ".xz": "xz"}
# the format's name -> (its magic bytes, its reader of a binary file object)
_FORMATS: dict[str, tuple[bytes, Callable[[BinaryIO], io.BufferedIOBase]]] = {
    "gzip": (b"\x1f\x8b", lambda fh: gzip.GzipFile(fileobj=fh, mode="rb")),
    "bzip2": (b"BZh", lambda fh: bz2.BZ2File(fh, "rb")),
    "xz": (b"\xfd7zXZ\x00", lambda fh: lzma.LZMAFile(fh, "rb")),  # noqa: SIM115
}
# inner names that are archives of files, never one text file
_ARCHIVES = (".tar", ".cpio", ".pax")
# a text file packs 2-10x (man pages ~3x); past 100x it is a bomb or filler, not prose
MAX_RATIO = 100
SIGNAL = "packed"  # the Signal type naming the format and what the file unpacked to


class Refused(Exception):
    """Why a packed file was not unpacked (the message is the recorded reason)."""


def inner_name(path: str) -> tuple[str, str] | None:
    """(the inner path, the format's name) of a packed text file's path
    (`man1/ls.1.gz` -> (`man1/ls.1`, `gzip`)); None when the name has no packing suffix, is
    only the suffix, or holds an archive (`x.tar.gz`)."""
    stem, dot, suffix = path.rpartition(".")
    fmt = PACKERS.get(dot + suffix.lower())
    name = stem.rsplit("/", 1)[-1]
    if fmt is None or not name or name.lower().endswith(_ARCHIVES):
        return None
    return stem, fmt


def unpack(fh: BinaryIO, fmt: str, packed_size: int, limit: int) -> bytes | None:
    """The bytes a packed file holds, read from `fh` (at its start); None when it does not
    open with the format's magic bytes (not packed: read as it is); Refused when the stream is
    broken, or it unpacks past `limit` bytes or MAX_RATIO times `packed_size`."""
    magic, reader = _FORMATS[fmt]
    if fh.read(len(magic)) != magic:
        return None
    fh.seek(0)
    bound = min(limit, max(packed_size, 1) * MAX_RATIO)
    try:
        with reader(fh) as stream:
            data = stream.read(bound + 1)
    except (OSError, EOFError, lzma.LZMAError, zlib.error, ValueError) as exc:
        raise Refused(f"{fmt} stream unreadable ({exc}): not unpacked") from exc
    if len(data) > bound and bound == limit:
        raise Refused(f"{fmt} file unpacks to more than {limit:,} bytes (max_file_bytes): "
                      "too large to read, recorded as a compressed file")
    if len(data) > bound:
        raise Refused(f"{fmt} file unpacks to more than {MAX_RATIO} times its {packed_size:,} "
                      "bytes: not unpacked (a compression bomb's guard), recorded as a "
                      "compressed file")
    return data


def signal_value(fmt: str, inner: str, size: int) -> str:
    """The `packed` signal's value: `gzip ls.1 4512 bytes`."""
    return f"{fmt} {inner.rsplit('/', 1)[-1]} {size} bytes"


def unpacked_size(value: str) -> int:
    """The size a `packed` signal's value records (see signal_value)."""
    return int(value.rsplit(" ", 2)[-2])
