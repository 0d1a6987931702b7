"""Two clients uploading to one project, each bringing it in line with its folder after: a
prune removes only what its own upload meant to (files recorded before that upload began and
not sent by it), never what another client uploaded meanwhile. The real model, a real Qdrant
Edge shard, a real `repokb serve` for the concurrent uploaders."""

from __future__ import annotations

import threading
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from ..conftest import serve_process
from .uploads import server_fixture

pytestmark = pytest.mark.integration
KEY = "prune-key"


def text(topic: str) -> str:
    return (f"# {topic.title()}\n\nHow the team handles {topic}: who does it, when, and what "
            "they write down afterwards.\n")


server = server_fixture(KEY)


def other_client(client: TestClient) -> TestClient:
    """A second client of the same server (another browser, another person)."""
    return TestClient(client.app, raise_server_exceptions=False,
                      base_url="http://127.0.0.1:8765", headers={"x-api-key": KEY})


def upload(client: TestClient | httpx.Client, path: str, project: str = "team") -> float:
    """Upload one file; the server's `received_at` for it."""
    answer = client.post("/knowledge/ingest/file",
                         json={"path": path, "content": text(path), "project": project})
    assert answer.status_code == 200, answer.text
    received: float = answer.json()["received_at"]
    return received


def files(client: TestClient | httpx.Client, project: str = "team") -> set[str]:
    """The project's files, by their records (the catalog), checked against its count."""
    stats = client.get("/knowledge/stats", params={"project": project}).json()
    known = {p for p in ALL if client.get("/knowledge/explain", params={
        "project": project, "path": p}).status_code == 200}
    assert len(known) == stats["files"], (known, stats)
    return known


ALL = ["docs/retired.md", "docs/onboarding.md", "docs/releases.md", "b/shared.md",
       "b/during.md", "b/after.md", "a.md", "old.md", "cut.md", "theirs.md", "old/one.md",
       "old/two.md", *(f"{x}/note{i}.md" for x in "ab" for i in range(6))]


def test_a_prune_keeps_what_another_client_uploaded_during_or_after_the_upload(server):
    """The defect: client A uploads its folder, client B uploads files to the same project
    while A's upload runs and after it ends, then A's prune removed B's files with the file
    A's folder no longer has. With `since` (the earliest `received_at` of A's answers), A's
    prune removes only what existed before A began and A did not send. Without it, a prune
    keeps its old meaning: everything not among `paths` goes."""
    a, b = server, other_client(server)
    upload(a, "docs/retired.md")  # an earlier upload of A's folder; deleted from it since
    upload(b, "b/shared.md")  # B's file, from before A's upload
    since = upload(a, "docs/onboarding.md")
    upload(b, "b/during.md")  # B, while A's upload runs
    upload(b, "b/shared.md")  # B sends its file again (unchanged) while A's upload runs
    since = min(since, upload(a, "docs/releases.md"))
    upload(b, "b/after.md")  # B, after A's last file, before A's prune

    answer = a.post("/knowledge/ingest/prune", json={
        "project": "team", "paths": ["docs/onboarding.md", "docs/releases.md"], "since": since})
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"project": "team", "files_removed": 1, "chunks_removed": 1,
                             "removed": ["docs/retired.md"], "upload_again": []}
    assert files(b) == {"docs/onboarding.md", "docs/releases.md", "b/during.md",
                        "b/shared.md", "b/after.md"}
    assert b.post("/knowledge/verify", json={"project": "team"}).json()["ok"] is True

    # a prune without `since`, as before: every file not among `paths` goes (B's too)
    legacy = a.post("/knowledge/ingest/prune", json={
        "project": "team", "paths": ["docs/onboarding.md", "docs/releases.md"]})
    assert sorted(legacy.json()["removed"]) == ["b/after.md", "b/during.md", "b/shared.md"]
    assert files(b) == {"docs/onboarding.md", "docs/releases.md"}


def test_prune_since_must_be_a_time(server):
    upload(server, "a.md")
    for bad in (-1, "soon", "nan"):
        answer = server.post("/knowledge/ingest/prune",
                             json={"project": "team", "paths": ["old.md"], "since": bad})
        assert answer.status_code == 422, answer.text
        assert answer.json()["error"]["details"][0]["location"] == "body.since"
    assert files(server) == {"a.md"}


def test_pre_chunked_uploads_answer_when_they_were_received(server):
    """The pre-chunked upload (POST /knowledge/ingest) can be pruned after the same way."""
    before = upload(server, "old.md")
    answer = server.post("/knowledge/ingest", json={"chunks": [
        {"content": text("fragments"), "file_path": "cut.md", "chunk_index": 0,
         "project": "team"}]}).json()
    assert answer["stored"] == 1 and answer["received_at"] >= before
    upload(other_client(server), "theirs.md")
    pruned = server.post("/knowledge/ingest/prune", json={
        "project": "team", "paths": ["cut.md"], "since": answer["received_at"]}).json()
    assert pruned["removed"] == ["old.md"]
    assert files(server) == {"cut.md", "theirs.md"}


def _uploader(url: str, folder: str, count: int, ready: threading.Barrier,
              out: dict[str, Any]) -> None:
    """One client: the first file, wait until the other client has sent its first too, the
    rest of its folder, then the prune with its `since`."""
    with httpx.Client(base_url=url, headers={"x-api-key": "test-key"}, timeout=120) as client:
        paths = [f"{folder}/note{i}.md" for i in range(count)]
        received = {paths[0]: upload(client, paths[0])}
        ready.wait(timeout=120)
        for path in paths[1:]:
            received[path] = upload(client, path)
        out["received"] = received
        out["since"] = min(received.values())
        answer = client.post("/knowledge/ingest/prune", json={
            "project": "team", "paths": paths, "since": out["since"]})
        assert answer.status_code == 200, answer.text
        out["removed"] = answer.json()["removed"]


def test_two_clients_uploading_and_pruning_at_once_keep_each_others_files(home):
    """Two browsers upload different folders to one project at the same time, each pruning
    after its upload, on a real `repokb serve`. Each prune removes the files from before both
    uploads, and none of the other's files sent after its own upload began."""
    with serve_process(home) as url:
        with httpx.Client(base_url=url, headers={"x-api-key": "test-key"}, timeout=120) as c:
            for path in ("old/one.md", "old/two.md"):
                upload(c, path)
        ready = threading.Barrier(2)
        results: dict[str, dict[str, Any]] = {"a": {}, "b": {}}
        threads = [threading.Thread(target=_uploader, args=(url, name, 6, ready, results[name]))
                   for name in ("a", "b")]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=300)
        a, b = results["a"], results["b"]
        assert "removed" in a and "removed" in b, results  # both prunes answered
        removed = a["removed"] + b["removed"]
        assert sorted(removed) == sorted(set(removed))  # each file forgotten once
        assert {"old/one.md", "old/two.md"} <= set(removed)
        for mine, theirs in ((a, b), (b, a)):
            sent_since = {p for p, t in theirs["received"].items() if t >= mine["since"]}
            assert len(sent_since) >= 5  # all but perhaps the first (sent before the barrier)
            assert not sent_since & set(mine["removed"]), (mine, theirs)
        with httpx.Client(base_url=url, headers={"x-api-key": "test-key"}, timeout=120) as c:
            left = files(c)
            assert left == (set(a["received"]) | set(b["received"])) - set(removed)
            assert c.post("/knowledge/verify", json={"project": "team"}).json()["ok"] is True


def test_an_uploaded_package_named_like_build_output_is_not_called_build_output(server):
    """The dashboard leaves out what the walk leaves out, by the rule client-config gives it:
    a folder named like build output is skipped unless it holds one of its source markers.
    explain answers by the same rule for a path the upload did not send: pypa/build's own
    package `src/build/` is sources (404: not uploaded), a `dist/` of bundles is output."""
    config = server.get("/knowledge/client-config").json()
    assert {"build", "dist", "coverage"} <= set(config["skip_dirs"])
    assert config["source_markers"]["build"] == ["__init__.py", "mod.rs", "*.go", "conf.py",
                                                 "index.rst", "index.md", "package/", "ci/",
                                                 "Dockerfile", "*.sh"]
    assert config["source_markers"]["dist"] == ["__init__.py", "mod.rs", "*.go"]
    assert "node_modules" not in config["source_markers"]  # never walked, whatever it holds
    upload(server, "src/build/__init__.py")
    upload(server, "src/build/_builder.py")

    def explain(path: str) -> httpx.Response:
        return server.get("/knowledge/explain", params={"project": "team", "path": path})

    assert explain("src/build/_builder.py").json()["status"] == "indexed"
    assert explain("src/build/env.py").status_code == 404  # in a package: just not uploaded
    output = explain("dist/bundle.js").json()
    assert output["status"] == "skipped" and output["inside"] == "dist"
    assert output["reason"] == "skipped directory: build output"
    assert explain("node_modules/build/__init__.py").json()["inside"] == "node_modules"
