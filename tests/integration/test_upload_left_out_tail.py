"""A file an uploading client left out is sent by its head only: Linguist's rules on a file's
last lines (`has_source_map`: a bundle's `//# sourceMappingURL=` comment) must not read the
head's end as the file's. The walk reads the real end; the upload says its end was not seen.
The real model, a real Qdrant Edge shard.

Before: web/app.js, whose first 8 KB end with a source-map comment of an inlined module but
whose real end has none, was recorded generated (`generated.rb: has_source_map`) from its
head; the walk records it source."""

from __future__ import annotations

import pytest

from ..conftest import write
from .uploads import explain, server_fixture

pytestmark = pytest.mark.integration
KEY = "tail-key"


server = server_fixture(KEY)


def test_a_file_sent_by_its_head_is_not_judged_by_the_end_of_its_head(server, tmp_path):
    line = "export function handler_{0}(event) {{ return event.detail + {0}; }}\n"
    head = "".join(line.format(i) for i in range(120))
    head += "//# sourceMappingURL=inlined-module.js.map\n"
    head_bytes = server.ops.settings.head_bytes
    head = ("// " + "x" * 60 + "\n") * ((head_bytes - len(head)) // 64) + head
    body = head + "".join(line.format(i) for i in range(120, 60_000))  # 3.9 MB, no map at end
    assert len(head.encode()) <= head_bytes < len(body.encode())
    write(tmp_path / "shop", "web/app.js", body)
    server.ops.index([str(tmp_path / "shop")], "walked")
    walked = explain(server, "walked", "web/app.js")
    assert walked["classification"]["kind"] == "source", walked
    sent = head.encode()[:head_bytes]
    answer = server.post("/knowledge/ingest/file", files={"file": ("app.js", sent)}, data={
        "project": "up", "path": "web/app.js", "size": str(len(body.encode())),
        "left_out": "too large"})
    assert answer.status_code == 200, answer.text
    up = explain(server, "up", "web/app.js")
    for key in ("kind", "index_policy", "knowledge_role"):
        assert up["classification"][key] == walked["classification"][key], (key, up)
    assert (up["status"], up["reason"]) == (walked["status"], walked["reason"])
    assert any(s["type"] == "upload" and "end not seen" in s["value"]
               for s in up["classification"]["signals"]), up
