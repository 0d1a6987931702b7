"""The texts the store keeps compressed, read back for a secret test's witness.

Qdrant Edge keeps each point's payload in `payload_storage/page_*.dat` (its gridstore,
`config.json`: `"compression": "LZ4"`): every value starts on a block (128 bytes) as a 4-byte
little-endian length and one LZ4 block (lz4_flex's `compress_prepend_size`). Inside a block a
repeated run is a back-reference, so a value written twice in one payload (the text, then its
embedding header) shows its raw bytes once at most: a grep of the page alone can miss it.
`decompressed(path)` reads every value a page holds, the live and the overwritten ones, so a
witness greps what the engine would give back. Pure Python: a test home's pages are small.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

MAX_VALUE = 1 << 24  # a payload longer than 16 MiB is no value this store writes


class Corrupt(ValueError):
    """The bytes are no LZ4 block of the length they announce."""


def lz4_block(data: bytes, start: int, size: int) -> tuple[bytes, int]:
    """The `size` bytes the LZ4 block at `data[start:]` decodes to, and where it ends."""
    out = bytearray()
    at, end = start, len(data)
    while True:
        if at >= end:
            raise Corrupt("truncated")
        token = data[at]
        at += 1
        literals = token >> 4
        if literals == 15:
            while True:
                if at >= end:
                    raise Corrupt("truncated length")
                more = data[at]
                at += 1
                literals += more
                if more != 255:
                    break
        if at + literals > end or len(out) + literals > size:
            raise Corrupt("literals overrun")
        out += data[at:at + literals]
        at += literals
        if len(out) == size:
            return bytes(out), at
        if at + 2 > end:
            raise Corrupt("truncated offset")
        offset = data[at] | data[at + 1] << 8
        at += 2
        length = (token & 15) + 4
        if token & 15 == 15:
            while True:
                if at >= end:
                    raise Corrupt("truncated match")
                more = data[at]
                at += 1
                length += more
                if more != 255:
                    break
        if offset == 0 or offset > len(out) or len(out) + length > size:
            raise Corrupt("bad match")
        origin = len(out) - offset
        while length > 0:  # an overlapping match repeats its own output
            piece = out[origin:origin + min(length, offset)]
            out += piece
            length -= len(piece)
            origin += len(piece)
        if len(out) == size:  # a block ends with literals; a lenient reader stops here too
            return bytes(out), at


def page_values(data: bytes, block: int = 128) -> Iterator[bytes]:
    """Every value of a gridstore page: at each block whose first four bytes announce a length,
    the LZ4 block that decodes to exactly that length (a block that does not is skipped)."""
    at, end = 0, len(data.rstrip(b"\0"))
    while at + 4 < end:
        size = int.from_bytes(data[at:at + 4], "little")
        if 0 < size <= MAX_VALUE:
            try:
                value, stop = lz4_block(data, at + 4, size)
            except Corrupt:
                pass
            else:
                yield value
                at = -(-stop // block) * block
                continue
        at += block


def compressed_pages(folder: Path) -> Iterator[Path]:
    """The page files under `folder` whose gridstore says its values are LZ4 blocks."""
    for config in sorted(folder.rglob("config.json")):
        try:
            settings = json.loads(config.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(settings, dict) and str(settings.get("compression", "")).lower() == "lz4":
            yield from sorted(config.parent.glob("page_*.dat"))


def strings(value: bytes) -> Iterator[str]:
    """Every string a JSON payload holds, keys too, unescaped (`\\"` as `"`, `\\u00e9` as `é`):
    the page keeps them JSON-escaped, so a value holding a quote or a backslash would not be
    found as written."""
    try:
        tree = json.loads(value)
    except ValueError:
        return
    stack = [tree]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack += [*item.keys(), *item.values()]
        elif isinstance(item, list):
            stack += item


def decompressed(folder: Path) -> bytes:
    """Every value of every LZ4 page under `folder` as stored (JSON) and each of its strings
    unescaped, one a line."""
    return b"\n".join(readable_bytes(page)[page.stat().st_size + 1:]
                       for page in compressed_pages(folder))


def readable_bytes(path: Path) -> bytes:
    """`path`'s bytes, and, when it is an LZ4 page, every value it holds decompressed and its
    strings unescaped (`decompressed`): what a secret test greps in one file of a home."""
    data = path.read_bytes()
    config = path.parent / "config.json"
    if not (path.name.startswith("page_") and path.suffix == ".dat" and config.is_file()):
        return data
    try:
        settings = json.loads(config.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return data
    if not isinstance(settings, dict) or str(settings.get("compression", "")).lower() != "lz4":
        return data
    out = [data]
    for value in page_values(data, int(settings.get("block_size_bytes", 128))):
        out.append(value)
        out += (text.encode("utf-8", "surrogatepass") for text in strings(value))
    return b"\n".join(out)
