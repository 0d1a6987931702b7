"""Pieces that are base64 or hex data inside code are dropped, counted, never embedded.

three 0.187.0's SMAAPass.js returns two PNG textures as `data:image/png;base64,...` strings of
44 KB each: cut for length, they made 31 of its 41 chunks, windows of base64 no question finds.
"""

from __future__ import annotations

import base64
import random

from repokb.pipeline.chunk import chunk_file

from .test_enrich_and_metrics import PLAN, _classification, _file

_PNG = base64.b64encode(random.Random(3).randbytes(30_000)).decode()
SMAA_PASS = (
    "import { Texture } from 'three';\n\n"
    "/**\n * A pass for applying SMAA, a post-processing anti-aliasing technique.\n */\n"
    "class SMAAPass {\n\n"
    "\t/**\n\t * Performs the SMAA pass: edges, blend weights, then the neighbourhood blend.\n"
    "\t */\n\trender( renderer, writeBuffer, readBuffer ) {\n\n"
    "\t\tthis._edgesRT.texture = readBuffer.texture;\n"
    "\t\trenderer.setRenderTarget( this._edgesRT );\n\n\t}\n\n"
    "\t_getAreaTexture() {\n\n"
    f"\t\treturn 'data:image/png;base64,{_PNG}';\n\n\t}}\n\n}}\n\nexport {{ SMAAPass }};\n")


def test_base64_data_in_code_is_dropped_and_counted():
    chunked = chunk_file(_file("examples/jsm/postprocessing/SMAAPass.js"),
                         _classification("javascript"), SMAA_PASS, "h", PLAN)
    assert not any(_PNG[1000:1100] in c.content for c in chunked.chunks)
    assert chunked.dropped["encoded_data"] >= 20
    assert "SMAAPass.render" in [c.symbol for c in chunked.chunks]
    assert len(chunked.chunks) <= 5


def test_code_and_prose_with_long_names_are_kept():
    text = ("const HASHES = {\n" + "".join(
        f"\t'lodash-{i}.tgz': 'sha512-{base64.b64encode(bytes([i]) * 48).decode()}',\n"
        for i in range(30)) + "};\n\n"
        "/**\n * Integrity of each tarball, checked before it is unpacked into the cache.\n */\n"
        "export function verify( name, bytes ) {\n\n\treturn HASHES[ name ] === digest( bytes );\n"
        "\n}\n")
    chunked = chunk_file(_file("src/verify.js"), _classification("javascript"), text, "h", PLAN)
    assert chunked.dropped["encoded_data"] == 0
    assert "verify" in [c.symbol for c in chunked.chunks]
