"""The witness of every secret test (`every_byte`) reads the store's LZ4 pages back: a text the
store holds twice in one payload is a back-reference the second time, so a grep of the raw page
misses it; `readable_bytes` finds every copy the engine would return."""

from __future__ import annotations

import pytest

from ..conftest import every_byte, invoke, write, written_files
from ..stored_pages import Corrupt, lz4_block, page_values, readable_bytes

pytestmark = pytest.mark.integration


def test_an_lz4_block_with_a_back_reference_reads_back():
    # 8 literals, then a match of 8 at offset 8, then 1 literal: "abcdefghabcdefgh!"
    block = bytes([0x84]) + b"abcdefgh" + bytes([8, 0]) + bytes([0x10]) + b"!"
    assert lz4_block(block, 0, 17) == (b"abcdefghabcdefgh!", len(block))
    # an overlapping match repeats its own output: "ab" then 6 more from offset 2
    assert lz4_block(bytes([0x22]) + b"ab" + bytes([2, 0]), 0, 8)[0] == b"abababab"
    with pytest.raises(Corrupt):
        lz4_block(bytes([0x84]) + b"abcdefgh" + bytes([9, 0]), 0, 16)  # before the start
    page = (17).to_bytes(4, "little") + block
    assert list(page_values(page + bytes(128 - len(page)) + page)) == [b"abcdefghabcdefgh!"] * 2


def test_a_text_written_twice_is_found_only_by_reading_the_pages_back(home, tmp_path):
    marker = "ZqWitness7Vb3Kt9Lp2Xr"  # readable prose, no secret: the store keeps it
    quoted = 'the "QxQuoted" word'  # JSON-escaped in a page (`\\"`)
    write(tmp_path / "repo", "notes.md",
          f"# Notes\n\nThe marker {marker} is here, and {marker} once more; {quoted}.\n")
    invoke("index", str(tmp_path / "repo"))
    pages = [p for p in written_files(home) if "payload_storage" in p.parts
             and p.name.startswith("page_")]
    assert pages
    # the raw page holds the marker once (the second is a back-reference) ...
    assert sum(p.read_bytes().count(marker.encode()) for p in pages) < \
        sum(readable_bytes(p).count(marker.encode()) for p in pages)
    assert not any(quoted.encode() in p.read_bytes() for p in pages)
    assert all(quoted.encode() in readable_bytes(p) for p in pages)
    # ... and the witness sees both copies of every payload version
    assert every_byte(home).count(marker.encode()) > \
        sum(p.read_bytes().count(marker.encode()) for p in written_files(home))
