"""A REST client that uploads the project's rule files (`.repokb.yml`, `.gitattributes`) after
other files: those are judged again under them. What the new rules leave out leaves the store
at once; what they admit (or admit as another kind) is listed to upload again, since the server
keeps no uploaded content; once it is, every decision is the walk's. The real model, a real
Qdrant Edge shard.

Before: nothing was judged again: docs/drafts/plan.md stayed indexed and searchable though the
config excludes it, gen/api_pb.py stayed indexed though `.gitattributes` marks it generated,
and `vendor/` stayed recorded as left out though the config reopens vendor/acme/."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from ..conftest import every_byte
from .test_upload_gitattributes import TREE as ATTRIBUTED
from .test_upload_repo_config import SECRET
from .test_upload_repo_config import TREE as CONFIGURED
from .uploads import decision, judged_as_walked, server_fixture, upload, walk

pytestmark = pytest.mark.integration
KEY = "rejudge-key"
RULES = (".repokb.yml", ".gitattributes", "lib/.gitattributes")


server = server_fixture(KEY)


def points(server: TestClient, project: str, path: str) -> int:
    return len(server.ops.ws.store.file_points(project, path))


@pytest.mark.parametrize("tree", [CONFIGURED, ATTRIBUTED], ids=["repokb.yml", "gitattributes"])
def test_files_uploaded_before_the_rule_files_are_judged_again(server, tmp_path, home, tree):
    walk(server, tmp_path / "shop", tree)
    for rel, content in tree.items():  # the rule files last
        if rel not in RULES:
            upload(server, "up", rel, content)
    answers = [upload(server, "up", rel, tree[rel]) for rel in RULES if rel in tree]
    if tree is CONFIGURED:
        removed, again = {"docs/drafts/plan.md"}, {"vendor/"}
    else:  # documentation now (cut as such); a negation turns off its head's generated marker
        removed = {"gen/api_pb.py", "extern/zlib_wrap.py", "lib/old/legacy.py"}
        again = {"docs2/guide.txt", "lib/kept_models_pb2.py"}
    for path in removed:  # out of the store at once, recorded as the walk records it
        assert points(server, "up", path) == 0, path
        assert decision(server, "up", path) == decision(server, "walked", path), path
    told = [a.get("rejudged") or {"removed": [], "upload_again": []} for a in answers]
    assert {p for t in told for p in t["removed"]} == removed, answers
    assert {p for t in told for p in t["upload_again"]} == again, answers
    for rel in sorted(again):  # the client sends what it was told to send again
        for path, content in tree.items():
            if path == rel or rel.endswith("/") and path.startswith(rel):
                upload(server, "up", path, content)
    judged_as_walked(server, tree)
    assert SECRET.encode() not in every_byte(home)


def test_a_pruned_config_takes_its_decisions_with_it(server):
    """The folder uploaded again without its .repokb.yml: the prune forgets the config, and
    what it excluded is judged again (to upload again: its content was never kept)."""
    for rel in (".repokb.yml", "docs/drafts/plan.md", "app.py"):
        upload(server, "up", rel, CONFIGURED[rel])
    assert decision(server, "up", "docs/drafts/plan.md")[1] == \
        "excluded by .repokb.yml (docs/drafts/**)"
    answer = server.post("/knowledge/ingest/prune", json={
        "project": "up", "paths": ["docs/drafts/plan.md", "app.py"]})
    assert answer.status_code == 200, answer.text
    status, reason, kind, policy = decision(server, "up", "docs/drafts/plan.md")
    assert (status, kind, policy) == ("skipped", "documentation", "parse_and_index")
    assert "upload it again" in reason, reason
    upload(server, "up", "docs/drafts/plan.md", CONFIGURED["docs/drafts/plan.md"])
    assert decision(server, "up", "docs/drafts/plan.md")[0] == "indexed"


def test_fragments_are_judged_again_and_never_set_the_rules(server):
    """Fragments are pieces a client cut, not the file the walk reads: a fragment of
    `.repokb.yml` is stored as any file's and said not taken (`rules_not_taken`); the config
    uploaded whole judges the fragments' files again, as it judges uploaded files."""
    fragments = [{"project": "up", "file_path": rel, "content": CONFIGURED[rel],
                  "chunk_index": 0} for rel in (".repokb.yml", "docs/drafts/plan.md")]
    answer = server.post("/knowledge/ingest", json={"chunks": fragments})
    assert answer.status_code == 200, answer.text
    assert answer.json()["rules_not_taken"] == [".repokb.yml"], answer.json()
    assert server.ops.ws.catalog.configs("up") == {}
    assert points(server, "up", "docs/drafts/plan.md") == 1
    told = upload(server, "up", ".repokb.yml", CONFIGURED[".repokb.yml"])["rejudged"]
    assert told["removed"] == ["docs/drafts/plan.md"], told
    assert points(server, "up", "docs/drafts/plan.md") == 0
    assert decision(server, "up", "docs/drafts/plan.md")[1] == \
        "excluded by .repokb.yml (docs/drafts/**)"
