"""An upload is judged by the project's `.repokb.yml` as the walk is: a vendor override that
reopens `vendor/acme/` (the walk enters it), exclude globs, through POST /knowledge/ingest/file,
pre-cut fragments (POST /knowledge/ingest) and the dashboard's left-out list. The real model, a
real Qdrant Edge shard.

Before: the config was read from the project's root on disk only, and an upload has none:
vendor/acme/engine.py was recorded as 'skipped directory: vendored third-party code' (the walk
indexes it as source), docs/drafts/plan.md indexed (the walk excludes it by the config), and
vendor/other/lib.py got the folder's reason instead of the walk's vendor rule."""

from __future__ import annotations

import pytest

from ..conftest import every_byte
from .uploads import decision, judged_as_walked, server_fixture, upload, walk

pytestmark = pytest.mark.integration
KEY = "repo-config-key"
SECRET = "ghp_" + "Rk4Tq8Wz1Lm7Np3Vx6Cb9Hd2Fs5Jy0Ga2QeX"  # in a comment of the config
CONFIG = f"""# deploy token for the mirror: {SECRET}
classification:
  vendorOverrides:
    - path: vendor/acme/**
      treatAs: source
      reason: our fork of the rules engine, product logic
  exclude: ["docs/drafts/**"]
"""
TREE = {
    ".repokb.yml": CONFIG,
    "vendor/acme/engine.py": "def apply_discount_rules(cart):\n    \"\"\"Apply the shop's "
                             "discount rules to the cart.\"\"\"\n    return [r for r in "
                             "cart.rules if r.active]\n",
    "vendor/other/lib.py": "def helper_function_of_other():\n    return 'a helper of "
                           "another vendored library'\n",
    "docs/drafts/plan.md": "# Plan\n\nA draft of the plan for the next release of the shop.\n",
    "app.py": "def checkout(cart):\n    \"\"\"Charge the cart and ship it.\"\"\"\n"
              "    return cart.total()\n",
}


server = server_fixture(KEY)


def test_uploaded_files_are_judged_by_the_uploaded_config_as_the_walk_judges_them(
        server, tmp_path, home):
    walk(server, tmp_path / "shop", TREE)
    assert decision(server, "walked", "vendor/acme/engine.py")[:2] == ("indexed", "")
    for rel, content in TREE.items():  # the config first, as the dashboard sends it
        upload(server, "up", rel, content)
    judged_as_walked(server, TREE)
    # the dashboard's left-out list: vendor/ is no folder the walk leaves out here
    answer = server.post("/knowledge/ingest/left-out",
                         json={"project": "up", "folders": [{"path": "vendor"}]})
    assert [r["path"] for r in answer.json()["refused"]] == ["vendor"], answer.text
    hits = server.post("/knowledge/search", json={"query": "discount rules of the cart",
                                                  "project": "up"}).json()
    assert hits and hits[0]["path"] == "vendor/acme/engine.py"
    assert SECRET.encode() not in every_byte(home)  # the config is kept redacted


def test_fragments_are_judged_by_the_uploaded_config(server):
    upload(server, "up", ".repokb.yml", CONFIG)
    fragments = [{"project": "up", "file_path": rel, "content": TREE[rel], "chunk_index": 0}
                 for rel in ("vendor/acme/engine.py", "docs/drafts/plan.md")]
    answer = server.post("/knowledge/ingest", json={"chunks": fragments})
    assert answer.status_code == 200, answer.text
    assert answer.json()["stored"] == 1, answer.json()
    assert decision(server, "up", "vendor/acme/engine.py")[0] == "indexed"
    assert decision(server, "up", "docs/drafts/plan.md")[1] == \
        "excluded by .repokb.yml (docs/drafts/**)"


def test_an_invalid_uploaded_config_is_refused_and_a_pruned_one_forgotten(server):
    bad = "classification:\n  vendorOverides: []\n"
    answer = server.post("/knowledge/ingest/file", data={"project": "up", "path": ".repokb.yml"},
                         files={"file": (".repokb.yml", bad.encode())})
    assert answer.status_code == 422 and "vendorOverides" in answer.text, answer.text
    for rel in (".repokb.yml", "app.py"):
        server.post("/knowledge/ingest/file", data={"project": "up", "path": rel},
                    files={"file": (rel, TREE[rel].encode())})
    assert server.ops.ws.catalog.configs("up")
    # the folder uploaded again without its config: the config goes with the file
    assert server.post("/knowledge/ingest/prune",
                       json={"project": "up", "paths": ["app.py"]}).status_code == 200
    assert server.ops.ws.catalog.configs("up") == {}


def test_a_file_left_out_by_the_client_is_recorded_by_its_head_never_indexed(server, home):
    """The dashboard sends a file it left out (too large, a name on its list) by its head and
    size: recorded as the walk records it, never read. A client cannot pass a whole file off
    as a head (over head_bytes: 422), nor a head as bigger than the file it is."""
    head = ("DATABASE_URL=postgres://app:" + SECRET + "@db/app\n").encode()
    def send(path: str, data: bytes, size: str, why: str = "too large") -> object:
        return server.post("/knowledge/ingest/file", files={"file": (path, data)},
                           data={"project": "up", "path": path, "size": size,
                                 "left_out": why})
    answer = send(".env", head, "3000000")
    assert answer.status_code == 200, answer.text
    assert (answer.json()["status"], answer.json()["classification"]["index_policy"]) == (
        "skipped", "block")
    big = send("notes.txt", b"release notes of the shop\n" * 100, "5000000")
    assert big.json()["reason"].startswith("too large to read whole (5000000 bytes"), big.text
    assert send("a.txt", b"x" * 9000, "9000000").status_code == 422  # over head_bytes
    assert send("a.txt", b"x" * 100, "10").status_code == 422  # a head bigger than its file
    assert send("a.txt", b"x" * 100, "-1").status_code == 422
    assert server.get("/knowledge/stats", params={"project": "up"}).json()["points"] == 0
    assert SECRET.encode() not in every_byte(home)
