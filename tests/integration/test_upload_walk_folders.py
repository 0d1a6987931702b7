"""What the walk leaves out, an upload leaves out too, with the walk's recorded reason: folders
left out by their name (`node_modules/`, `.git/`, `.venv/`, `__pycache__/`, `*.egg-info/`:
rules/tables.py SKIP_DIRS and SKIP_DIR_SUFFIXES) as well as for a marker they hold
(rules/folders.py), whether a client uploads their files one by one (POST
/knowledge/ingest/file) or as pre-cut fragments (POST /knowledge/ingest); and the folders the
dashboard leaves out before uploading are recorded on the server (POST
/knowledge/ingest/left-out) as `repokb index` records them. The real model, a real Qdrant
Edge shard.

Before: a file of `node_modules/` or `.venv/` sent through the REST API was judged as a file
(indexed, or recorded with a vendor rule's reason, never as its folder), and a folder the
dashboard left out left no record: explain, stats and the skipped list could not say it was
left out, nor why."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ..conftest import every_byte
from .uploads import explain, server_fixture, walk

pytestmark = pytest.mark.integration
KEY = "walk-folders-key"
TOKEN = "ghp_" + "Zq7Xw2Lp9Rt4Vn6Bm1Kc8Hd3Fs5Jy0Ga2Qe"  # a token in a cached copy under .git

TREE = {
    "app.py": "def checkout(cart):\n    \"\"\"Charge the cart and ship it.\"\"\"\n"
              "    return cart.total()\n",
    "README.md": "# Shop\n\nA small shop: carts, checkout and shipping for the team.\n",
    "node_modules/left-pad/index.js": "module.exports = function leftPad(str, len, ch) {\n"
                                      "  return String(ch || ' ').repeat(len) + str;\n};\n",
    "node_modules/left-pad/README.md": "# left-pad\n\nPads a string on the left, for everyone "
                                       "who needs that.\n",
    ".venv/lib/python3.12/site-packages/requests/api.py":
        "def get(url, params=None, **kwargs):\n    \"\"\"Sends a GET request.\"\"\"\n"
        "    return request('get', url, params=params, **kwargs)\n",
    ".git/config": f"[remote \"origin\"]\n\turl = https://x:{TOKEN}@github.com/acme/shop.git\n",
    "__pycache__/app.cpython-312.pyc": "not really bytecode, but named like it: a cache file\n",
    "shop.egg-info/PKG-INFO": "Metadata-Version: 2.1\nName: shop\nVersion: 1.0\nSummary: A "
                              "small shop for the team\n",
    "env/pyvenv.cfg": "home = /usr/bin\ninclude-system-site-packages = false\n",
}
LEFT_OUT = {  # folder -> the reason `repokb index` records
    "node_modules": "skipped directory: installed npm dependencies",
    ".venv": "skipped directory: Python virtualenv",
    ".git": "skipped directory: version-control internals",
    "__pycache__": "skipped directory: Python bytecode cache",
    "shop.egg-info": "skipped directory: Python packaging metadata (a build's copy of the "
                     "README and manifests)",
    "env": "skipped directory: Python virtualenv",
}
OWN = {"app.py", "README.md"}


def inside(path: str) -> str | None:
    return next((f for f in LEFT_OUT if path.startswith(f + "/")), None)


server = server_fixture(KEY)


def walked(server: TestClient, tmp_path: Path) -> None:
    assert walk(server, tmp_path / "shop", TREE)["summary"]["files_indexed"] == len(OWN)


def same_as_the_walk(server: TestClient, project: str) -> None:
    for path in TREE:
        walk, upload = explain(server, "walked", path), explain(server, project, path)
        if (folder := inside(path)) is None:
            assert upload["status"] == walk["status"] == "indexed", (path, upload, walk)
            continue
        assert (walk["status"], walk["inside"], walk["reason"]) == (
            "skipped", folder, LEFT_OUT[folder]), walk
        assert (upload["status"], upload["inside"], upload["reason"],
                upload["classification"]["kind"]) == (
            walk["status"], walk["inside"], walk["reason"], walk["classification"]["kind"]), (
            path, upload, walk)

    def stats(p: str) -> tuple[int, int]:
        answer = server.get("/knowledge/stats", params={"project": p}).json()
        return answer["files"], answer["points"]

    assert stats(project) == stats("walked")  # the same records, the same chunks


def test_files_of_name_skipped_folders_uploaded_one_by_one_are_left_out_as_the_walk_does(
        server, tmp_path, home):
    walked(server, tmp_path)
    for path in sorted(TREE):
        answer = server.post("/knowledge/ingest/file",
                             json={"path": path, "content": TREE[path], "project": "sent"})
        assert answer.status_code == 200, answer.text
        record = answer.json()
        if (folder := inside(path)) is not None:  # never chunked, never embedded
            assert (record["status"], record["chunks"], record["reason"]) == (
                "skipped", 0, LEFT_OUT[folder]), (path, record)
    same_as_the_walk(server, "sent")
    hits = server.post("/knowledge/search", json={"query": "pad a string on the left",
                                                  "project": "sent", "limit": 20}).json()
    assert {h["path"] for h in hits} <= OWN, hits
    assert TOKEN.encode() not in every_byte(home)


def test_pre_cut_fragments_of_name_skipped_folders_are_left_out_as_the_walk_does(
        server, tmp_path):
    walked(server, tmp_path)
    fragments = [{"content": TREE[p], "file_path": p, "chunk_index": 0, "project": "cut"}
                 for p in sorted(TREE)]
    answer = server.post("/knowledge/ingest", json={"chunks": fragments})
    assert answer.status_code == 200, answer.text
    reasons = answer.json()["reasons"]
    assert reasons["skipped_named_folder"] == 6 and reasons["skipped_marker_folder"] == 1, reasons
    assert answer.json()["stored"] == len(OWN), answer.json()
    same_as_the_walk(server, "cut")


# -- what the dashboard left out before uploading (POST /knowledge/ingest/left-out) ----------
# the outermost folders it leaves out of TREE, with the marker that showed each (None: a name)
SENT_LEFT_OUT = [{"path": "node_modules"}, {"path": ".venv"}, {"path": ".git"},
                 {"path": "__pycache__"}, {"path": "shop.egg-info"},
                 {"path": "env", "marker": "pyvenv.cfg"}]


def test_folders_left_out_before_upload_are_recorded_as_the_walk_records_them(
        server, tmp_path):
    """The dashboard uploads only the project's own files and says what it left out: the
    uploaded project's records of those folders, explain of a path in them (one whose marker
    was never uploaded: env/lib/site.py) and its last run's count of folders skipped are then
    the walk's. Before, nothing was recorded: explain of env/... answered 404, the folders had
    no record, and the run counted none."""
    walked(server, tmp_path)
    answer = server.post("/knowledge/ingest/left-out",
                         json={"project": "chosen", "folders": SENT_LEFT_OUT})
    assert answer.status_code == 200, answer.text
    assert answer.json()["refused"] == [], answer.json()
    assert {r["path"]: r["reason"] for r in answer.json()["recorded"]} == LEFT_OUT
    for path in sorted(OWN):
        sent = server.post("/knowledge/ingest/file",
                           json={"path": path, "content": TREE[path], "project": "chosen"})
        assert sent.status_code == 200, sent.text
    same_as_the_walk(server, "chosen")
    for folder, reason in LEFT_OUT.items():
        for project in ("walked", "chosen"):
            record = explain(server, project, folder)
            assert (record["status"], record["reason"]) == ("skipped", reason), record
    for path in ("env/lib/python3.12/site.py", "node_modules/left-pad/package.json"):
        assert explain(server, "chosen", path)["reason"] == explain(server, "walked", path)[
            "reason"], path
    last = server.get("/knowledge/stats", params={"project": "chosen"}).json()["last_run"]
    assert last["summary"]["dirs_skipped"] == len(LEFT_OUT), last


def test_what_a_client_says_it_left_out_is_judged_by_the_servers_rules(server):
    """An attacker may send anything: a folder the server's rules do not leave out is refused
    (not recorded, the project's files there kept), the reason recorded is the server's,
    paths that leave the project are a 422, and an unbounded list is a 413."""
    sent = server.post("/knowledge/ingest/file",
                       json={"path": "src/app.py", "content": TREE["app.py"], "project": "p"})
    assert sent.status_code == 200, sent.text
    answer = server.post("/knowledge/ingest/left-out", json={"project": "p", "folders": [
        {"path": "src"}, {"path": "src", "marker": "README.md"}, {"path": "bin"},
        {"path": "node_modules/left-pad"}, {"path": "node_modules"}]}).json()
    assert [r["path"] for r in answer["refused"]] == ["src", "src", "bin"], answer
    # one inside a folder left out is that folder's record
    assert answer["recorded"] == [{"path": "node_modules", "kind": "vendor",
                                   "reason": LEFT_OUT["node_modules"]}], answer
    assert explain(server, "p", "src/app.py")["status"] == "indexed"
    assert server.get("/knowledge/explain", params={"project": "p", "path": "src"}
                      ).status_code == 404
    for bad in ({"path": "../etc"}, {"path": "/etc"}, {"path": "env", "marker": "../../x"},
                {"path": "a\x00b"}, {"path": "env", "extra": 1}):
        refused = server.post("/knowledge/ingest/left-out",
                              json={"project": "p", "folders": [bad]})
        assert refused.status_code == 422, (bad, refused.text)
        assert refused.json()["error"]["code"] == "invalid_request", refused.text
    many = [{"path": f"node_modules/x{i}"} for i in range(10_001)]
    too_many = server.post("/knowledge/ingest/left-out", json={"project": "p", "folders": many})
    assert too_many.status_code == 413, too_many.text
    assert server.post("/knowledge/ingest/left-out",
                       json={"project": "p", "folders": []}).status_code == 422


def test_a_build_folder_an_init_py_makes_a_package_is_entered_once_it_arrives(server):
    """Uploaded one by one, `build/Builder.py` may come before `build/__init__.py` (sorted:
    "B" < "_"; or any order a client picks): the folder is first left out as build output, as
    the walk would leave a `build/` without it; once the package's __init__.py arrives it is a
    package, as for the walk, and the stale record of the folder goes."""
    def send(path: str) -> dict:
        answer = server.post("/knowledge/ingest/file", json={
            "path": path, "project": "pkg",
            "content": "def build(src):\n    \"\"\"Build the sources into a wheel.\"\"\"\n"
                       "    return src\n"})
        assert answer.status_code == 200, answer.text
        return answer.json()

    assert send("setup.py")["status"] == "indexed"
    assert send("build/Builder.py")["reason"] == "skipped directory: build output"
    assert explain(server, "pkg", "build")["status"] == "skipped"
    assert send("build/__init__.py")["status"] == "indexed"
    assert server.get("/knowledge/explain", params={"project": "pkg", "path": "build"}
                      ).status_code == 404  # no stale record says the package is build output
    assert send("build/Builder.py")["status"] == "indexed"


def test_a_project_of_folders_left_out_only_is_a_known_project(server):
    """A project whose upload recorded only folders left out (the dashboard on a folder of
    `node_modules/` and a virtualenv alone) is a project of 0 files, not an unknown one:
    stats of it, explain of a path in it and the projects' list name it. Before: stats and
    explain said "No project 'lo'" (404), stats' by_project left it out (the dashboard's
    project count and list), and MCP's list_projects did not name it."""
    answer = server.post("/knowledge/ingest/left-out", json={"project": "lo", "folders": [
        {"path": "node_modules"}, {"path": "env", "marker": "pyvenv.cfg"}]})
    assert answer.status_code == 200 and not answer.json()["refused"], answer.text
    stats = server.get("/knowledge/stats", params={"project": "lo"})
    assert stats.status_code == 200, stats.text
    assert stats.json()["files"] == 0 and stats.json()["by_project"] == {"lo": 0}
    assert server.get("/knowledge/stats").json()["by_project"] == {"lo": 0}
    record = explain(server, "lo", "node_modules/left-pad/index.js")
    assert (record["status"], record["inside"]) == ("skipped", "node_modules")
    assert record["reason"] == LEFT_OUT["node_modules"]
    assert explain(server, "lo", "env/lib/site.py")["reason"] == LEFT_OUT["env"]
    assert server.ops.ws.catalog.project_names() == ["lo"]  # MCP's list_projects
