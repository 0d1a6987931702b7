"""The REST API through FastAPI's TestClient, on the real model and a real Qdrant Edge shard."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from repokb.errors import AuthError
from repokb.models import MAX_PATH_GLOBS
from repokb.operations import Access, Operations
from repokb.search import Query
from repokb.settings import Settings
from repokb.surfaces.server.app import create_app
from repokb.workspace import Workspace

from ..conftest import every_byte, readable_bytes, write, written_files

pytestmark = pytest.mark.integration
KEY = "test-key-123"
ERROR_KEYS = {"status", "code", "message", "hint", "details", "request_id"}
DASHBOARD = {"x-repokb-client": "test"}  # what the dashboard sends with its uploads


@pytest.fixture
def make_client(home, tmp_path, real_embedder):
    opened: list[tuple[Workspace, TestClient]] = []

    def make(**overrides: object) -> TestClient:
        values = {"api_key": KEY, "allowed_roots": (str(tmp_path / "allowed"),), **overrides}
        ws = Workspace(Settings.load(**values))
        ws.__dict__["embedder"] = real_embedder  # share the session's loaded model
        # a key guards every request: the client sends it, as the dashboard does once asked
        key = {"x-api-key": ws.settings.api_key} if ws.settings.api_key else None
        client = TestClient(create_app(Operations(ws)), raise_server_exceptions=False,
                            base_url="http://127.0.0.1:8765", headers=key)  # a Host it accepts
        client.__enter__()
        opened.append((ws, client))
        return client

    yield make
    for ws, client in opened:
        client.__exit__(None, None, None)
        ws.close()


@pytest.fixture
def client(make_client) -> TestClient:
    return make_client()


def keyless(client: TestClient) -> TestClient:
    """The same server, called without its key (another user of the machine)."""
    return TestClient(client.app, raise_server_exceptions=False, base_url="http://127.0.0.1:8765")


def assert_error(response, status: int, code: str, words: str = "") -> dict:
    body = response.json()
    assert response.status_code == status, body
    assert set(body) == {"error"} and set(body["error"]) == ERROR_KEYS, body
    assert body["error"]["status"] == status and body["error"]["code"] == code
    assert words.lower() in body["error"]["message"].lower(), body
    return body["error"]


def points(client: TestClient) -> int:
    return client.get("/knowledge/stats").json()["points"]


def ingest_file(client: TestClient, path: str, content: str, project: str = "shop"):
    return client.post("/knowledge/ingest/file",
                       json={"path": path, "content": content, "project": project})


PY = ('def send_password_reset_email(address: str, token: str) -> None:\n'
      '    """Email a password reset link containing a one-time token to the user."""\n'
      '    print(f"to {address}: reset at https://shop.example/reset?token={token}")\n')


def test_one_error_shape_for_every_failure(client):
    """Pinned: every 4xx/5xx is {"error": {status, code, message, hint, details}}."""
    refused = keyless(client).delete("/knowledge/flush")
    request_id = refused.headers["x-request-id"]
    assert len(request_id) == 12 and int(request_id, 16) >= 0
    assert refused.json() == {"error": {
        "status": 401, "code": "unauthorized", "message": "Missing or wrong API key.",
        "hint": "This server has an API key (REPOKB_API_KEY): send it as the x-api-key header "
                "(or as Authorization: Bearer KEY).", "details": [],
        "request_id": request_id}}
    assert_error(client.get("/no/such/route"), 404, "not_found")
    assert_error(client.put("/knowledge/search"), 405, "method_not_allowed")
    invalid = assert_error(client.post("/knowledge/search", json={"limit": 0}), 422,
                           "invalid_request", "not valid")
    assert {d["location"] for d in invalid["details"]} >= {"body.query", "body.limit"}
    assert_error(client.post("/knowledge/search", content=b"{not json",
                             headers={"content-type": "application/json"}), 422,
                 "invalid_request")
    assert_error(client.post("/knowledge/ingest/file", content=b"x",
                             headers={"content-type": "text/plain", **DASHBOARD}), 415,
                 "unsupported_media_type")
    assert_error(client.post("/knowledge/index", json={"path": "/etc"}), 403, "forbidden")
    assert_error(client.get("/knowledge/jobs/nope"), 404, "not_found")
    assert_error(client.get("/knowledge/explain", params={"path": "none.py"}), 404, "not_found",
                 "not in the catalog")


def test_validation_errors_never_echo_the_input(client):
    secret = "AKIAABCDEFGHIJKLMNOP"
    response = client.post("/knowledge/ingest", json={"chunks": [
        {"content": f"key = {secret}", "file_path": "a.py", "chunk_index": -1}]})
    assert_error(response, 422, "invalid_request")
    assert secret not in response.text


def test_a_body_that_is_not_json_is_told_where_it_breaks_and_never_echoed(client):
    """Seen on a fresh clone: a stray comma answered "not valid at body.14: JSON decode error"
    (the 14 a character offset read as a field path) and a body that is not UTF-8 a bare
    "There was an error parsing the body"."""
    secret = "ghp_" + "Zq8" * 12
    broken = client.post("/knowledge/search", content=f'{{\n "query": "{secret}",\n}}',
                         headers={"content-type": "application/json"})
    error = assert_error(broken, 422, "invalid_request",
                         "not valid JSON: Expecting property name enclosed in double quotes "
                         "(line 3, column 1)")
    assert error["details"][0]["location"] == "body" and secret not in broken.text
    empty = client.post("/knowledge/search", content=b"",
                        headers={"content-type": "application/json"})
    assert_error(empty, 422, "invalid_request", "has no body")
    latin = client.post("/knowledge/search", content='{"query": "caf\xe9"}'.encode("latin-1"),
                        headers={"content-type": "application/json"})
    assert_error(latin, 400, "bad_request", "not UTF-8 JSON")
    # 100,000 nested lists (surfaces27): it said "not UTF-8 JSON" of a UTF-8 body
    deep = client.post("/knowledge/search", content=b'{"query": ' + b"[" * 100_000
                       + b"]" * 100_000 + b"}", headers={"content-type": "application/json"})
    assert_error(deep, 400, "bad_request", "nested too deeply")


def test_ingest_file_json_and_multipart_are_classified_chunked_and_searchable(client):
    first = ingest_file(client, "./src//shop/mail.py", PY)
    assert first.status_code == 200, first.json()
    record = first.json()
    assert record["path"] == "src/shop/mail.py" and record["status"] == "indexed"
    assert record["classification"]["kind"] == "source"
    assert record["classification"]["language"] == "python"
    assert record["chunks"] == 1 and record["counts"]["chunks_embedded"] == 1

    doc = b"# Shop\n\n## Installation with Docker\n\nBuild the image with docker build and " \
          b"run it with docker run; the container listens on port 8000.\n"
    multi = client.post("/knowledge/ingest/file", files={"file": ("install.md", doc)},
                        data={"path": "docs/install.md", "project": "shop"}, headers=DASHBOARD)
    assert multi.status_code == 200, multi.json()
    assert multi.json()["classification"]["kind"] == "documentation"

    hits = client.post("/knowledge/search", json={"query": "reset a forgotten password by email"})
    assert hits.status_code == 200
    top = hits.json()[0]
    assert (top["path"], top["symbol"], top["project"]) == (
        "src/shop/mail.py", "send_password_reset_email", "shop")
    assert set(top) == {"path", "start_line", "end_line", "symbol", "symbol_type", "kind",
                        "language", "score", "project", "content"}
    assert top["symbol_type"] == "function"

    why = client.get("/knowledge/explain", params={"project": "shop", "path": "docs/install.md"})
    assert why.json()["status"] == "indexed" and why.json()["chunks"] == 1
    stats = client.get("/knowledge/stats").json()
    assert stats["by_project"] == {"shop": 2} and stats["points"] == 2

    again = ingest_file(client, "src/shop/mail.py", PY)  # same content: no model work
    assert again.json()["counts"]["chunks_embedded"] == 0
    assert again.json()["counts"]["chunks_unchanged"] == 1


def test_uploaded_secrets_binaries_and_transcripts_never_reach_the_store(client):
    env = ingest_file(client, ".env", "DATABASE_PASSWORD=hunter2-very-secret\n")
    assert env.status_code == 200
    assert env.json()["status"] == "skipped"
    assert env.json()["classification"]["index_policy"] == "block"
    assert "hunter2" not in env.text
    aws = ingest_file(client, "deploy/config.yaml",
                      "aws:\n  access_key: AKIAABCDEFGHIJKLMNOP\n  region: eu-west-1\n"
                      "  bucket: shop-invoices-archive\n")
    # configuration worth indexing: indexed only as a redacted copy
    assert aws.json()["classification"]["index_policy"] == "index_text"
    assert "redact" in aws.json()["classification"]["flags"]
    assert "AKIAABCDEFGHIJKLMNOP" not in aws.text
    binary = client.post("/knowledge/ingest/file",
                         files={"file": ("notes.txt", b"abc\x00\x01\x02" * 50)},
                         headers=DASHBOARD)
    assert binary.json()["project"] == "uploads"
    assert binary.json()["classification"]["kind"] == "binary"
    transcript = ingest_file(client, "docs/chat.md", "# Notes\n\n" + "User: how do I deploy it?\n"
                             "Assistant: Run the deploy script with the production profile.\n" * 3)
    # a whole file of conversation is excluded by the classifier (chunk-level drops cover the
    # transcripts hidden inside otherwise useful files)
    assert transcript.json()["status"] == "skipped"
    assert "contamination" in transcript.json()["reason"]
    hits = client.post("/knowledge/search", json={"query": "aws access_key AKIAABCDEFGHIJKLMNOP",
                                                  "limit": 50}).json()
    assert {h["path"] for h in hits} == {"deploy/config.yaml"}  # nothing else was stored
    assert all("AKIA" not in h["content"] and "hunter2" not in h["content"] for h in hits)
    assert "<REDACTED_SECRET>" in hits[0]["content"]
    why = client.get("/knowledge/explain", params={"project": "shop", "path": ".env"}).json()
    assert why["classification"]["knowledge_role"] == "blocked_sensitive"


def test_an_uploaded_name_holding_a_credential_is_stored_redacted(client, home):
    """An upload named `uploads/ghp_.../notes.md` was written under its raw name, then the
    answer looked it up redacted, found nothing and ended in a 500 (nu2's trial); fragments
    kept their raw file_path in the store and catalog."""
    token = "ghp_" + "Q9xW8vU7tS6rQ5pO4nM3lK2jI1hG0fE9dC8b"
    doc = ingest_file(client, f"uploads/{token}/notes.md", "# Upload\n\nHow the upload "
                      "process stores documents for the team, explained in detail.\n")
    assert doc.status_code == 200, doc.text
    assert doc.json()["path"].startswith("uploads/<REDACTED_SECRET_") and token not in doc.text
    multipart = client.post("/knowledge/ingest/file", headers=DASHBOARD, data={
        "path": f"lib/{token}-tokens.js", "project": "shop"}, files={"file": (
            "x.js", b"// the notifier module sends messages to the team channel\n"
                    b"module.exports = function notify(message) { return message; };\n")})
    assert multipart.status_code == 200, multipart.text
    fragments = client.post("/knowledge/ingest", json={"chunks": [{
        "content": "A perfectly ordinary fragment about uploads and how they are kept.",
        "file_path": f"docs/{token}/x.md", "chunk_index": 0, "project": "shop"}]})
    assert fragments.json()["stored"] == 1
    hits = client.post("/knowledge/search", json={"query": "upload process notifier fragment",
                                                  "limit": 20}).text
    assert "<REDACTED_SECRET_" in hits and token not in hits
    for path in written_files(home):
        assert token.encode() not in readable_bytes(path), path


def test_ingest_fragments_counts_stored_skipped_failed(client):
    text = "The dashboard uploads a folder in batches and shows a progress bar while it works."
    chunks = [
        {"content": text, "file_path": "docs/ui.md", "chunk_index": 0, "project": "web"},
        {"content": "short", "file_path": "docs/ui.md", "chunk_index": 1, "project": "web"},
        {"content": "token: ghp_" + "a1B2" * 10 + " is what we deploy with, keep it safe",
         "file_path": "docs/ui.md", "chunk_index": 2, "project": "web"},
        {"content": '{"role": "user", "content": "What does the dashboard do with my folder?"}',
         "file_path": "scripts/payload.json", "chunk_index": 0, "project": "web"},
        {"content": "binary\x00content that is long enough to be considered at all here",
         "file_path": "docs/ui.md", "chunk_index": 3, "project": "web"},
        {"content": "PASSWORD=hunter2-very-secret and more text to be long enough here",
         "file_path": ".env", "chunk_index": 0, "project": "web"},
        {"content": "Install with pip and run the server with repokb serve on port 8765.",
         "file_path": "README.md", "chunk_index": 4, "start_line": 10, "project": "web"},
    ]
    response = client.post("/knowledge/ingest", json={"chunks": chunks})
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["stored"], body["skipped"], body["failed"], body["total"]) == (2, 4, 1, 7)
    assert body["reasons"] == {"failed_binary": 1, "skipped_contaminated": 1,
                               "skipped_policy_block": 1, "skipped_secret": 1,
                               "skipped_too_short": 1}
    assert "hunter2" not in response.text and "ghp_" not in response.text
    assert points(client) == 2
    hits = client.post("/knowledge/search", json={"query": "repokb serve port",
                                                  "project": "web"}).json()
    assert (hits[0]["path"], hits[0]["start_line"], hits[0]["end_line"]) == ("README.md", 10, 10)
    assert all("hunter2" not in h["content"] and "ghp_" not in h["content"] for h in hits)
    why = client.get("/knowledge/explain", params={"project": "web", "path": "docs/ui.md"}).json()
    assert why["status"] == "indexed" and why["chunks"] == 1
    blocked = client.get("/knowledge/explain", params={"project": "web", "path": ".env"}).json()
    assert blocked["status"] == "skipped" and "secret" in blocked["reason"]


def test_a_fragment_given_one_of_its_lines_gets_the_other_from_its_text(client):
    body = "Deploy the web app on Fridays.\nRoll back with the previous tag.\nTell the team."
    chunks = [{"content": body, "file_path": "docs/deploy.md", "chunk_index": 0,
               "start_line": 5},
              {"content": body.replace("web app", "worker"), "file_path": "docs/worker.md",
               "chunk_index": 0, "end_line": 9}]
    assert client.post("/knowledge/ingest", json={"chunks": chunks}).json()["stored"] == 2
    hits = client.post("/knowledge/search", json={"query": "deploy on Fridays"}).json()
    spans = {h["path"]: (h["start_line"], h["end_line"]) for h in hits}
    assert spans == {"docs/deploy.md": (5, 7), "docs/worker.md": (7, 9)}, spans


def test_uploaded_fragments_are_embedded_as_the_settings_say(make_client):
    client = make_client(code_max_tokens=100, max_tokens=300)
    chunks = [{"content": "def total(order):\n    return sum(line.price for line in order)\n",
               "file_path": "shop/orders.py", "chunk_index": 0},
              {"content": "Orders are totalled line by line, taxes included, in euros.",
               "file_path": "docs/orders.md", "chunk_index": 0}]
    assert client.post("/knowledge/ingest", json={"chunks": chunks}).json()["stored"] == 2
    ws = client.app.state.ops.ws
    limits = {p.payload["path"]: p.payload["token_limit"] for p in ws.store.export()}
    assert limits == {"shop/orders.py": 100, "docs/orders.md": 300}


def test_limits_are_clear_errors_and_nothing_is_half_written(make_client):
    client = make_client(max_batch_chunks=3, max_chunk_chars=200, max_request_bytes=20_000)
    good = {"content": "A perfectly fine fragment about configuration and timeouts.",
            "file_path": "a.md", "chunk_index": 0}
    too_many = [dict(good, chunk_index=i) for i in range(4)]
    assert_error(client.post("/knowledge/ingest", json={"chunks": too_many}), 413,
                 "payload_too_large", "limit is 3")
    too_long = [good, dict(good, chunk_index=1, content="x" * 201)]
    assert_error(client.post("/knowledge/ingest", json={"chunks": too_long}), 422,
                 "invalid_request", "limit is 200")
    twice = [good, dict(good)]
    assert_error(client.post("/knowledge/ingest", json={"chunks": twice}), 422,
                 "invalid_request", "repeats the")
    bad_path = [good, dict(good, chunk_index=1, file_path="../../etc/passwd")]
    assert_error(client.post("/knowledge/ingest", json={"chunks": bad_path}), 422,
                 "invalid_request", "'..'")
    assert points(client) == 0  # the good fragment in each rejected batch was not stored
    big = {"path": "big.md", "content": "word " * 5000}
    assert_error(client.post("/knowledge/ingest/file", json=big), 413, "payload_too_large")

    def stream():  # no Content-Length: counted while reading
        yield b'{"path": "big.md", "content": "'
        for _ in range(30):
            yield b"x" * 1000
        yield b'"}'

    assert_error(client.post("/knowledge/ingest/file", content=stream(),
                             headers={"content-type": "application/json"}),
                 413, "payload_too_large")
    assert client.get("/knowledge/stats").json()["files"] == 0


@pytest.mark.parametrize("path", ["../outside.py", "src/../../x.py", "/etc/passwd",
                                  "C:\\\\Windows\\\\x.py", "\\\\server\\\\share.py", "",
                                  "src/\x00.py"])
def test_upload_paths_cannot_escape_their_project(client, path):
    response = ingest_file(client, path, PY)
    assert_error(response, 422, "invalid_request")
    assert client.get("/knowledge/stats").json()["files"] == 0


def test_explain_rejects_traversal(client):
    assert_error(client.get("/knowledge/explain", params={"path": "../../etc/passwd"}), 422,
                 "invalid_request", "'..'")


def test_a_search_with_too_many_path_globs_is_refused_at_once(client):
    """An attacker's body of 3,000 globs with literal folders answered a 500 (SQLite's
    expression depth), and 20,000 wildcard globs held the server for 338 s."""
    ingest_file(client, "src/a.py", PY)
    assert client.post("/knowledge/search", json={
        "query": "password reset", "path": [f"src/d{i}/**" for i in range(MAX_PATH_GLOBS)],
    }).json() == []  # the most allowed: searched (none matches)
    for globs in ([f"src/d{i}/**" for i in range(3000)],
                  [f"**/{'a' * 100}{i}*" for i in range(MAX_PATH_GLOBS + 1)]):
        assert_error(client.post("/knowledge/search", json={"query": "password reset",
                                                            "path": globs}),
                     422, "invalid_request", f"at most {MAX_PATH_GLOBS} path globs")


def test_search_is_the_cli_search(client, mixed_repo, tmp_path):
    allowed = tmp_path / "allowed"
    mixed_repo.rename(allowed)
    job = client.post("/knowledge/index", json={"path": str(allowed), "project": "shop"})
    assert job.status_code == 202
    assert job.headers["location"] == f"/knowledge/jobs/{job.json()['id']}"
    done = wait_for(client, job.json()["id"])
    assert done["status"] == "done" and done["summary"]["files_failed"] == 0
    assert done["done"] == done["total"] > 0
    ws = client.app.state.ops.ws
    for body, query in [
        ({"query": "database connection timeout"}, Query("database connection timeout")),
        ({"query": "timeout", "kind": "configuration", "limit": 3},
         Query("timeout", kinds=("configuration",), limit=3)),
        ({"query": "timeout", "path": "src/**", "project": ["shop"], "language": "python"},
         Query("timeout", path_globs=("src/**",), projects=("shop",), languages=("python",))),
        ({"query": "timeout", "path": ["config/*", "src/**/db.py"], "limit": 20},
         Query("timeout", path_globs=("config/*", "src/**/db.py"), limit=20)),
    ]:
        api = client.post("/knowledge/search", json=body).json()
        assert api and api == [h.to_json() for h in ws.searcher.search(query)]
        if isinstance(body.get("path"), list):  # any of the globs: hits of each
            assert {h["path"] for h in api} == {"config/app.yaml", "src/shop/db.py"}
    # the schema says so: `path` is a glob or a list of globs, like project, kind, language
    request = client.get("/openapi.json").json()["components"]["schemas"]["SearchRequest"]
    assert [t.get("type") for t in request["properties"]["path"]["anyOf"]] == [
        "string", "array", "null"]
    stats = client.get("/knowledge/stats").json()
    assert stats["points"] == ws.store.count() > 0 and stats["by_project"] == {
        "shop": stats["files"]}
    assert stats["by_status"]["indexed"] == done["summary"]["files_indexed"]
    # explain without a project: a file under a skipped folder answers with that folder
    inside = client.get("/knowledge/explain", params={"path": "node_modules/leftpad/index.js"})
    assert inside.status_code == 200, inside.json()
    assert (inside.json()["project"], inside.json()["status"]) == ("shop", "skipped")
    assert inside.json()["chunks"] == 0
    # a kind is refused as the CLI's `--kind` is (models.Query): a typo gets the kind it means
    typo = assert_error(client.post("/knowledge/search", json={"query": "x", "kind": "sourcee"}),
                        422, "invalid_request", "sourcee is not a kind")
    assert typo["hint"].startswith("Did you mean source? Kinds: source, test, "), typo
    none = assert_error(client.post("/knowledge/search", json={"query": "x", "kind": "sauce"}),
                        422, "invalid_request", "sauce is not a kind")
    assert none["hint"].startswith("Kinds: source, "), none
    assert_error(client.post("/knowledge/search", json={"query": "   "}), 422, "invalid_request",
                 "empty")
    listed = assert_error(client.post("/knowledge/search", json={"query": "x",
                                                                "kind": ["test", "tests"]}),
                          422, "invalid_request", "tests is not a kind")
    assert listed["hint"].startswith("Did you mean test? "), listed
    # a value failing both members of `kind: Text | list[Text]`: the message is about the
    # value, at a location without pydantic's member names (function-after[_utf8(), str])
    bad = assert_error(client.post("/knowledge/search", json={"query": "x", "kind": [5]}),
                       422, "invalid_request", "at body.kind: Input should be a valid string")
    assert all("[" not in d["location"] for d in bad["details"]), bad
    assert "body.kind.0" in [d["location"] for d in bad["details"]], bad
    assert_error(client.post("/knowledge/search", json={"query": "x", "project": 5}), 422,
                 "invalid_request", "at body.project: Input should be a valid string")
    assert client.post("/knowledge/search", json={"query": "x", "path": "none/**"}).json() == []


def test_a_path_written_as_hits_show_it_is_read_by_every_route(client):
    """A hit's line writes its file with its project first (`shop/src/shop/mail.py:1-3`), and a
    client copies it from there: MCP's get_context and explain_file took it (agents42), REST's
    /knowledge/context and /knowledge/explain answered 404 "not in the catalog" (mcpstart43).
    The operations read it now, for every surface; only a file of that project is found."""
    assert ingest_file(client, "src/shop/mail.py", PY).status_code == 200
    assert ingest_file(client, "notes.md", "# Ops\n\nRelease with twine after tagging.\n",
                       project="ops").status_code == 200
    for params in ({"path": "shop/src/shop/mail.py"},
                   {"path": "shop/src/shop/mail.py", "project": "shop"}):
        context = client.get("/knowledge/context", params={**params, "line": 2})
        assert context.status_code == 200, context.json()
        assert (context.json()["project"], context.json()["path"]) == ("shop", "src/shop/mail.py")
        assert "send_password_reset_email" in context.json()["target"]["content"]
        record = client.get("/knowledge/explain", params=params)
        assert record.status_code == 200, record.json()
        assert (record.json()["project"], record.json()["path"]) == ("shop", "src/shop/mail.py")
    for params in ({"path": "ops/src/shop/mail.py"},  # a project without that file
                   {"path": "shop/src/shop/mail.py", "project": "ops"}):  # another project's
        assert_error(client.get("/knowledge/context", params=params), 404, "not_found")
        assert_error(client.get("/knowledge/explain", params=params), 404, "not_found")
    hits = client.post("/knowledge/search", json={"query": "password reset email",
                                                  "path": "shop/src/**"}).json()
    assert hits and {(h["project"], h["path"]) for h in hits} == {("shop", "src/shop/mail.py")}


def wait_for(client: TestClient, job_id: str, timeout: float = 120) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = client.get(f"/knowledge/jobs/{job_id}").json()
        if job["status"] not in ("queued", "running"):
            return job
        time.sleep(0.2)
    raise AssertionError(f"job {job_id} did not finish")


def test_index_only_under_allowed_roots(make_client, tmp_path):
    allowed = tmp_path / "allowed"
    write(allowed, "proj/README.md", "# Proj\n\nA project inside the allowed root, with docs.\n")
    (tmp_path / "secret").mkdir()
    client = make_client()
    for path in ("/etc", str(tmp_path / "secret"), str(allowed / ".." / "secret"),
                 "relative/path", str(allowed) + "/../allowed/proj", "~no-such-user-xyz/x"):
        assert_error(client.post("/knowledge/index", json={"path": path}), 403, "forbidden")
    link = allowed / "escape"
    link.symlink_to(tmp_path / "secret")
    assert_error(client.post("/knowledge/index", json={"path": str(link)}), 403, "forbidden")
    assert_error(client.post("/knowledge/index", json={"path": str(allowed / "missing")}), 422,
                 "invalid_request", "not a folder")
    job = client.post("/knowledge/index", json={"path": str(allowed / "proj")}).json()
    assert wait_for(client, job["id"])["summary"]["files_indexed"] == 1
    assert job["project"] == "proj"
    assert [j["id"] for j in client.get("/knowledge/jobs").json()] == [job["id"]]
    closed = make_client(allowed_roots=(), home=tmp_path / "other-home")
    assert_error(closed.post("/knowledge/index", json={"path": str(allowed)}), 403, "forbidden",
                 "disabled")


def test_an_index_request_takes_no_projects_files_away_without_the_key(make_client, tmp_path):
    """Found by a new user acting as an attacker on loopback: `POST /knowledge/index/run` with
    `"flush": true` flushed a project without the key `DELETE /knowledge/flush` asks for, and
    an empty folder sent under an indexed project's name pruned every file of it. (With a key
    set, the guard refuses every keyless request; on a server without one, a flush is refused
    however it is asked for.)"""
    allowed = tmp_path / "allowed"
    write(allowed, "koa/README.md", "# Koa\n\nExpressive middleware for node.js servers.\n")
    write(allowed, "koa/lib/context.js", "function throwError(status) {\n"
          "  // throw an HTTP error with this status\n  throw new Error(status);\n}\n")
    (allowed / "empty").mkdir()
    client = make_client()
    assert client.post("/knowledge/index/run", json={"paths": [str(allowed / "koa")]}
                       ).status_code == 200
    before = points(client)
    assert before >= 2
    empty, koa = str(allowed / "empty"), str(allowed / "koa")
    for path in (empty, koa):  # a flush, however it is asked for, needs the key
        assert_error(keyless(client).post("/knowledge/index/run", json={
            "paths": [path], "project": "koa", "flush": True}), 401, "unauthorized")
        assert_error(keyless(client).post("/knowledge/index", json={
            "path": path, "project": "koa", "flush": True}), 401, "unauthorized")
        assert_error(client.post("/knowledge/index", headers={"x-api-key": "wrong"}, json={
            "path": path, "project": "koa", "flush": True}), 401, "unauthorized")
    unkeyed = make_client(api_key="", home=tmp_path / "unkeyed-home")
    assert unkeyed.post("/knowledge/index/run", json={"paths": [koa]}).status_code == 200
    unkeyed_points = points(unkeyed)
    for response in (unkeyed.post("/knowledge/index/run", json={
                         "paths": [empty], "project": "koa", "flush": True}),
                     unkeyed.post("/knowledge/index", json={
                         "path": empty, "project": "koa", "flush": True})):
        assert_error(response, 403, "forbidden", "no API key")
    assert points(unkeyed) == unkeyed_points
    for response in (client.post("/knowledge/index/run", json={"paths": [empty],
                                                               "project": "koa"}),
                     client.post("/knowledge/index", json={"path": empty, "project": "koa"})):
        refused = assert_error(response, 422, "invalid_request", "would delete them")
        assert str(allowed) not in str(refused)  # where it was indexed from is not told
        # in the API's words (it said "--project" and "--flush", the CLI's)
        assert refused["hint"] == ("Give another name with the project parameter, or replace "
                                   'the project on purpose with "flush": true (it needs the '
                                   "API key).")
    assert points(client) == before
    replaced = client.post("/knowledge/index/run",
                           json={"paths": [empty], "project": "koa", "flush": True})
    assert replaced.status_code == 200 and points(client) == 0


def test_stats_of_a_project_are_its_own_and_an_unknown_one_is_a_404(make_client):
    """`stats?project=nope` answered 200 with zeros and another project's last run."""
    client = make_client()
    ingest_file(client, "a.py", PY, project="one")
    ingest_file(client, "b.py", PY, project="two")
    one = client.get("/knowledge/stats", params={"project": "one"}).json()
    assert one["points"] == 1 and one["last_run"]["project"] == "one"
    missing = assert_error(client.get("/knowledge/stats", params={"project": "nope"}), 404,
                           "not_found", "no project 'nope'")
    assert "one" in missing["hint"] and "two" in missing["hint"]


UNKNOWN = ("No project 'nosuch' in the knowledge base.", "Known projects: shop.")


def test_an_unknown_project_is_the_same_404_on_every_route_and_mcp_tool(client):
    """A project an operation is about that nothing is known of: stats and flush answered 404
    "No project 'nosuch'", context 422 "has never been indexed" (its hint told a REST client
    about `repokb index FOLDER --project NAME`), explain 404 "That file is not in the catalog",
    verify "nothing to verify". Now one NotFoundError (errors.unknown_project) everywhere, and
    the MCP tools answer it as a `not_found` tool error with the same words. A search's project
    is a filter: no hits, and why-nothing says so on both surfaces."""
    import anyio

    from repokb.surfaces.mcp.backend import Backend
    from repokb.surfaces.mcp.calls import call

    assert ingest_file(client, "mail.py", PY).status_code == 200
    asked = {"stats": client.get("/knowledge/stats", params={"project": "nosuch"}),
             "context": client.get("/knowledge/context",
                                   params={"path": "mail.py", "project": "nosuch"}),
             "explain": client.get("/knowledge/explain",
                                   params={"path": "mail.py", "project": "nosuch"}),
             "flush": client.delete("/knowledge/flush", params={"project": "nosuch"}),
             "verify": client.post("/knowledge/verify", json={"project": "nosuch"}),
             "prune": prune(client, ["mail.py"], project="nosuch")}
    for route, response in asked.items():
        error = assert_error(response, 404, "not_found")
        assert (error["message"], error["hint"]) == UNKNOWN, route
    assert points(client) == 1

    ops = client.app.state.ops
    backend = Backend(ops.settings, ops)
    for tool, args in {"stats": {}, "get_context": {"path": "mail.py"},
                       "explain_file": {"path": "mail.py"}}.items():
        result = anyio.run(call, backend, tool, {**args, "project": "nosuch"})
        assert result.is_error, tool
        assert result.structured_content["error"] == {
            "type": "not_found", "message": UNKNOWN[0], "hint": UNKNOWN[1]}, tool
        assert result.content[0].text.startswith(f"Error: {UNKNOWN[0]}\nWhat to do: "
                                                 f"{UNKNOWN[1]}"), tool

    body = {"query": "send a password reset email", "project": "nosuch"}
    assert client.post("/knowledge/search", json=body).json() == []
    reason = client.post("/knowledge/search/why-nothing", json=body).json()["reason"]
    assert reason == "no project named nosuch. Known projects: shop."
    found = anyio.run(call, backend, "search", body)  # it was a tool error, worded its own way
    assert not found.is_error and found.structured_content["hits"] == []
    assert found.structured_content["reason"] == reason and reason in found.content[0].text


def test_explaining_a_path_two_projects_have_asks_which(make_client):
    """`explain?path=README.md` answered with the first project's record, silently (and an
    uploaded file's path, with no project given, was not found: uploads have no root)."""
    client = make_client()
    for project in ("one", "two"):
        assert ingest_file(client, "a.py", PY, project=project).status_code == 200
    ambiguous = assert_error(client.get("/knowledge/explain", params={"path": "a.py"}), 422,
                             "invalid_request", "2 projects: one, two")
    # in the API's words: it said "Name the project: --project (REST and MCP: project)."
    assert ambiguous["hint"] == "Say which with the project parameter."
    # on the owner's socket the hint keeps its term: the CLI words it as its own option
    from repokb.errors import from_response
    from repokb.surfaces.server.errors import TRUSTED

    async def socket(scope, receive, send):  # what the owner socket's server sets
        await client.app({**scope, TRUSTED: True}, receive, send)

    over_socket = TestClient(socket, raise_server_exceptions=False).get(
        "/knowledge/explain", params={"path": "a.py"}).json()
    assert over_socket["error"]["hint"] == "Say which with <<project>>."
    assert from_response(over_socket, 422).hint_on("cli") == "Say which with --project."
    chosen = client.get("/knowledge/explain", params={"path": "a.py", "project": "two"})
    assert chosen.status_code == 200 and chosen.json()["project"] == "two"


def test_flush_needs_the_key(make_client):
    client = make_client()
    ingest_file(client, "a.py", PY, project="one")
    ingest_file(client, "b.py", PY, project="two")
    assert_error(keyless(client).delete("/knowledge/flush", params={"project": "one"}), 401,
                 "unauthorized")
    assert_error(client.delete("/knowledge/flush", params={"project": "one"},
                               headers={"x-api-key": "wrong"}), 401, "unauthorized")
    assert points(client) == 2
    ok = client.delete("/knowledge/flush", params={"project": "one"})
    assert ok.status_code == 200 and ok.json() == {"project": "one", "points_deleted": 1}
    assert client.get("/knowledge/stats").json()["by_project"] == {"two": 1}
    # the key in any header the guard takes counts for a flush too (the guard let
    # `Authorization: Bearer` through, then the flush answered "Missing or wrong x-api-key")
    bearer = keyless(client).delete("/knowledge/flush", headers={"Authorization": f"Bearer {KEY}"})
    assert bearer.json() == {"project": None, "points_deleted": 1}, bearer.text


def test_without_an_api_key_destructive_calls_are_refused(make_client):
    client = make_client(api_key="")
    assert_error(client.delete("/knowledge/flush", headers={"x-api-key": ""}), 403, "forbidden",
                 "no API key")
    assert client.get("/knowledge/client-config").json()["api_key_configured"] is False


def test_writes_are_serialised_while_searches_keep_answering(make_client):
    client = make_client(write_wait_seconds=0.3)
    ingest_file(client, "a.py", PY)
    ops = client.app.state.ops
    holding, release = threading.Event(), threading.Event()

    def hold() -> None:
        with ops.writing(Access()):  # a remote caller: answered 409 after the wait
            holding.set()
            release.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert holding.wait(5)
        assert client.post("/knowledge/search", json={"query": "password"}).status_code == 200
        assert client.get("/knowledge/stats").status_code == 200
        assert_error(ingest_file(client, "b.py", PY), 409, "busy")
        assert_error(client.delete("/knowledge/flush", headers={"x-api-key": KEY}), 409, "busy")
    finally:
        release.set()
        holder.join()
    assert ingest_file(client, "b.py", PY).status_code == 200


def test_health_docs_and_dashboard_need_no_internet(client):
    assert client.get("/healthz").json()["status"] == "ok"
    docs = client.get("/docs")
    assert docs.status_code == 200 and "/docs-assets/swagger-ui-bundle.js" in docs.text
    assert "cdn" not in docs.text and "https://" not in docs.text
    bundle = client.get("/docs-assets/swagger-ui-bundle.js")
    assert bundle.status_code == 200 and 'PACKAGE_VERSION:"5.' in bundle.text  # renders 3.1
    assert client.get("/favicon.ico").status_code == 200
    schema = client.get("/openapi.json").json()
    assert {"/knowledge/ingest", "/knowledge/ingest/file", "/knowledge/index",
            "/knowledge/jobs/{job_id}", "/knowledge/search", "/knowledge/stats",
            "/knowledge/explain", "/knowledge/flush", "/healthz"} <= set(schema["paths"])
    page = client.get("/")
    assert page.status_code == 200 and "webkitdirectory" in page.text
    static = Path(__file__).parents[2] / "src/repokb/surfaces/server/static"
    for file in static.iterdir():
        text = file.read_text().replace('xmlns="http://www.w3.org/2000/svg"', "")  # a name
        assert "http://" not in text and "https://" not in text and "//cdn" not in text, file
        assert client.get(f"/static/{file.name}").status_code == 200
    config = client.get("/knowledge/client-config").json()
    assert {"node_modules", ".git", "__pycache__", ".venv", "dist", "build"} <= set(
        config["skip_dirs"])
    assert json.dumps(config).count(KEY) == 0


def test_an_upload_embeds_before_taking_the_write_lock_and_big_files_are_capped(
        make_client, real_embedder, monkeypatch):
    client = make_client(max_chunks_per_file=5)
    lock = client.app.state.ops.write_lock
    held_while_embedding: list[bool] = []
    embed = real_embedder.embed_documents_counted  # the seam the run embeds through

    def spy(*args, **kwargs):
        held_while_embedding.append(lock.locked())
        return embed(*args, **kwargs)

    monkeypatch.setattr(real_embedder, "embed_documents_counted", spy)
    text = "".join(f"def handler_{n}(request):\n    return request.respond({n} * 3 + 7)\n\n\n"
                   for n in range(12))
    record = ingest_file(client, "src/handlers.py", text).json()
    assert held_while_embedding == [False]  # one model call, before the lock
    assert record["chunks"] == 5 and "first 5 of 12 chunks" in record["reason"]
    assert record["counts"]["chunks_dropped_over_max_chunks_per_file"] == 7
    assert points(client) == 5


def test_context_activity_and_stats_of_one_project(client):
    """The reads the MCP tools use are REST routes too (the owner socket speaks them)."""
    assert ingest_file(client, "src/shop/mail.py", PY).status_code == 200
    assert ingest_file(client, "notes.md", "# Notes\n\nRelease steps: tag, build the wheel, "
                       "upload it with twine.\n", project="ops").status_code == 200

    one = client.get("/knowledge/stats", params={"project": "ops"}).json()
    assert one["by_project"] == {"ops": 1} and one["points"] == 1
    assert one["points_by_project"] == {"ops": 1}
    assert client.get("/knowledge/stats").json()["points"] == 2
    assert_error(client.get("/knowledge/stats", params={"project": "../x"}), 422,
                 "invalid_request")

    by_symbol = client.get("/knowledge/context", params={
        "path": "src/shop/mail.py", "project": "shop", "symbol": "send_password_reset_email"})
    assert by_symbol.status_code == 200, by_symbol.text
    body = by_symbol.json()
    assert body["project"] == "shop" and body["path"] == "src/shop/mail.py"
    assert "def send_password_reset_email" in body["target"]["content"]
    assert [o["symbol"] for o in body["outline"]] == ["send_password_reset_email"]
    by_line = client.get("/knowledge/context", params={"path": "src/shop/mail.py", "line": 2})
    assert by_line.json()["target"] == body["target"]
    assert_error(client.get("/knowledge/context", params={"path": "src/shop/mail.py",
                                                          "symbol": "nowhere"}),
                 422, "invalid_request", "no symbol")
    assert_error(client.get("/knowledge/context", params={"path": "x.py", "before": 99}),
                 422, "invalid_request")
    # over TCP a path is project-relative: an absolute one probed the server's disk and the
    # answer named the indexed roots (nu2's trial)
    outside = client.get("/knowledge/context", params={"path": "/etc/passwd"})
    assert_error(outside, 422, "invalid_request", "no absolute paths")
    assert "Indexed roots" not in outside.text
    assert_error(client.get("/knowledge/context", params={"path": "../shop/src/shop/mail.py"}),
                 422, "invalid_request", "'..'")

    activity = client.get("/knowledge/activity").json()
    assert activity["writing"] is False and isinstance(activity["pid"], int)

    # Regression: uploaded projects have no folder on disk; the MCP tools knew only indexed
    # folders and answered "nothing indexed" / "never been indexed" for them.
    import anyio

    from repokb.surfaces.mcp import tools
    from repokb.surfaces.mcp.backend import Backend

    ops = client.app.state.ops
    backend = Backend(ops.settings, ops)
    assert backend.names() == ["ops", "shop"]
    data, _, concerned = anyio.run(tools.search, backend, {"query": "password reset email",
                                                           "project": "shop"}, backend.session)
    assert data["indexed"] and data["hits"][0]["path"] == "src/shop/mail.py"
    data, text, _ = anyio.run(tools.get_context, backend, {"path": "notes.md"}, backend.session)
    assert data["project"] == "ops" and data["changed_on_disk"] is None and "twine" in text
    data, _, _ = anyio.run(tools.explain_file, backend, {"path": "notes.md", "project": "ops"},
                           backend.session)
    assert data["status"] == "indexed"


def test_rest_says_why_nothing_was_found_as_the_cli_does(make_client):
    """Issue 17 through the operations layer: why a search finds nothing, a flush of an unknown
    project, a path the dashboard left out, context lines and the stop words."""
    client = make_client()
    why = client.post("/knowledge/search/why-nothing", json={"query": "reset a password"})
    assert why.status_code == 200 and "knowledge base is empty" in why.json()["reason"]
    assert ingest_file(client, "mail.py", PY).status_code == 200
    body = {"query": "reset a password", "project": "nosuch"}
    assert client.post("/knowledge/search", json=body).json() == []
    reason = client.post("/knowledge/search/why-nothing", json=body).json()["reason"]
    assert "no project named nosuch" in reason and "Known projects: shop" in reason
    reason = client.post("/knowledge/search/why-nothing",
                         json={"query": "x", "kind": "test"}).json()["reason"]
    assert "no indexed file of kind test" in reason
    # a language filter's typo gets the indexed language it means, as the CLI's search says
    reason = client.post("/knowledge/search/why-nothing",
                         json={"query": "x", "language": "pyhton"}).json()["reason"]
    assert "no indexed file in pyhton. Did you mean python? Indexed languages: " in reason
    error = assert_error(client.delete("/knowledge/flush", params={"project": "nosuch"},
                                       headers={"x-api-key": KEY}), 404, "not_found",
                         "No project 'nosuch'")
    assert "shop" in error["hint"] and points(client) == 1
    # a file under a folder the dashboard never uploads is explained as `repokb index` would
    record = client.get("/knowledge/explain", params={"path": "node_modules/left/index.js",
                                                      "project": "shop"}).json()
    assert record["status"] == "skipped" and record["inside"] == "node_modules"
    assert record["classification"]["kind"] == "vendor"
    assert "the" in client.get("/knowledge/client-config").json()["stop_words"]
    hits = client.post("/knowledge/search", json={"query": "send a password reset email",
                                                  "context_lines": 5}).json()
    assert hits[0]["start_line"] == 1 and hits[0]["end_line"] == 3  # the file has 3 lines


def test_an_index_job_can_be_cancelled_and_the_next_run_finishes_the_folder(client, tmp_path):
    """The dashboard's Cancel: a job started by mistake stops at its next file; what it wrote
    stays and the next run of the folder completes it. An unknown job is a 404."""
    allowed = tmp_path / "allowed"
    for i in range(120):
        write(allowed, f"big/src/mod{i}.py", f'"""Module {i}."""\n\n\ndef f{i}(x):\n'
              f'    """Scale x by {i}."""\n    return x * {i}\n')
    job = client.post("/knowledge/index", json={"path": str(allowed / "big"), "project": "big"})
    answer = client.post(f"/knowledge/jobs/{job.json()['id']}/cancel")
    assert answer.status_code == 200 and answer.json()["status"] in ("queued", "running",
                                                                      "cancelled")
    ended = wait_for(client, job.json()["id"])
    assert ended["status"] == "cancelled", ended
    assert ended["summary"] is None and ended["done"] < 120
    again = client.post("/knowledge/index", json={"path": str(allowed / "big"), "project": "big"})
    done = wait_for(client, again.json()["id"])
    assert done["status"] == "done" and done["summary"]["files_indexed"] + done["summary"].get(
        "files_unchanged", 0) == 120, done["summary"]
    assert client.post(f"/knowledge/jobs/{job.json()['id']}/cancel").json()["status"] == (
        "cancelled")  # as it ended
    assert_error(client.post("/knowledge/jobs/nope/cancel"), 404, "not_found")



def test_asking_about_a_job_with_a_hold_it_never_gave_is_not_found(client, tmp_path):
    """GET /knowledge/jobs/{id}?hold= of a hold the job never gave (a typo, another job's hold)
    is the 404 a cancel naming it answers, naming the hold; the caller's own hold, let go of,
    is `held: false`. Before: `held: false` for any unknown hold, which a follower reads as
    its lease lapsed rather than as a wrong id."""
    allowed = tmp_path / "allowed"
    write(allowed, "proj/README.md", "# Proj\n\nA project inside the allowed root, with docs.\n")
    job = client.post("/knowledge/index", json={"path": str(allowed / "proj")}).json()
    other = "0123456789abcdef0123456789abcdef"
    for stale in (other, "typo"):
        error = assert_error(client.get(f"/knowledge/jobs/{job['id']}", params={"hold": stale}),
                             404, "not_found", stale)
        assert job["id"] in error["message"] and "?hold=" in error["hint"], error
        assert "let go" not in error["message"], error  # a question lets go of nothing anyway
        cancel = assert_error(client.post(f"/knowledge/jobs/{job['id']}/cancel",
                                          params={"hold": stale}), 404, "not_found", stale)
        assert "nothing was let go" in cancel["message"] and "?all=true" in cancel["hint"]
    ended = wait_for(client, job["id"])
    assert ended["status"] == "done", ended
    mine = client.get(f"/knowledge/jobs/{job['id']}", params={"hold": job["hold"]})
    assert mine.status_code == 200 and mine.json()["held"] is False, mine.text
    assert_error(client.get(f"/knowledge/jobs/{job['id']}", params={"hold": "typo"}), 404,
                 "not_found", "typo")
    assert_error(client.get("/knowledge/jobs/nope", params={"hold": job["hold"]}), 404,
                 "not_found", "no such job")

OLD = ("def round_invoice_tax(amount: float) -> float:\n"
       '    """Round the value-added tax of an invoice to whole cents, half up."""\n'
       "    return round(amount * 0.21 + 1e-9, 2)\n")
GUIDE = ("# Guide\n\n## Resetting a password\n\nUsers who forgot their password ask for a reset "
         "link by email; the link holds a one-time token.\n")


def prune(client: TestClient, paths: list[str], project: str = "shop", **kwargs):
    return client.post("/knowledge/ingest/prune", json={"project": project, "paths": paths},
                       **kwargs)


def test_a_folder_uploaded_again_with_prune_forgets_the_files_gone_from_it(client):
    """Found by the dashboard pass: files deleted or renamed in a folder since its previous
    upload stayed in the knowledge base and kept being found; only a flush (and embedding
    everything again) got rid of them. A complete upload followed by the prune makes the
    project match the folder, and the files still there cost no model work."""
    token = "ghp_" + "Q9xW8vU7tS6rQ5pO4nM3lK2jI1hG0fE9dC8b"
    files = {"src/mail.py": PY, "docs/guide.md": GUIDE, "src/tax.py": OLD,
             f"notes/{token}.md": "# Notes\n\nHow the team keeps its meeting notes, in detail.\n"}
    for path, text in files.items():
        assert ingest_file(client, path, text).status_code == 200
    found = client.post("/knowledge/search", json={"query": "round invoice tax to cents"}).json()
    assert found[0]["path"] == "src/tax.py"
    before = client.get("/knowledge/stats", params={"project": "shop"}).json()
    assert before["files"] == 4

    # the folder again, without src/tax.py; the name with a credential as the browser sends it
    kept = ["./src/mail.py", "docs/guide.md", f"notes/{token}.md"]
    for path in kept:
        again = ingest_file(client, path, files[path.removeprefix("./")])
        assert again.json()["counts"]["chunks_embedded"] == 0  # unchanged: no model work
    removed = prune(client, kept)
    assert removed.status_code == 200, removed.text
    assert removed.json() == {"project": "shop", "files_removed": 1, "chunks_removed": 1,
                              "removed": ["src/tax.py"],
                              "upload_again": []}

    hits = client.post("/knowledge/search", json={"query": "round invoice tax to cents",
                                                  "limit": 50}).json()
    assert "src/tax.py" not in {h["path"] for h in hits}
    assert all("round_invoice_tax" not in h["content"] for h in hits)
    after = client.get("/knowledge/stats", params={"project": "shop"}).json()
    assert after["files"] == 3 and after["points"] == before["points"] - 1
    assert_error(client.get("/knowledge/explain", params={"project": "shop",
                                                          "path": "src/tax.py"}), 404, "not_found")
    assert after["last_run"]["summary"]["upload"] is True  # the upload's row says it
    assert after["last_run"]["summary"]["files_deleted"] == 1
    # and no byte of it stays under the home (the shard's write-ahead log kept it: newuser41)
    assert b"round_invoice_tax" not in every_byte(client.app.state.ops.ws.settings.home)
    assert client.post("/knowledge/search", json={"query": "reset password email"}).json()
    # nothing else to forget: a second prune changes nothing; other projects are untouched
    ingest_file(client, "src/tax.py", OLD, project="other")
    assert prune(client, kept).json()["files_removed"] == 0
    assert client.get("/knowledge/stats").json()["by_project"] == {"shop": 3, "other": 1}
    ws = client.app.state.ops.ws
    assert ws.store.count("shop") == after["points"]  # the store and the catalog agree
    assert client.post("/knowledge/verify", json={"project": "shop"}).json()["ok"] is True


def test_prune_is_destructive_and_refused_where_a_flush_is(make_client, tmp_path):
    client = make_client()
    ingest_file(client, "a.py", PY)
    ingest_file(client, "b.md", GUIDE)
    assert_error(prune(keyless(client), ["a.py"]), 401, "unauthorized")
    assert_error(prune(client, ["a.py"], headers={"x-api-key": "wrong"}), 401, "unauthorized")
    ops = client.app.state.ops
    with pytest.raises(AuthError):
        ops.prune_upload("shop", ["a.py"], Access())  # a remote caller without the key
    assert client.get("/knowledge/stats").json()["files"] == 2
    unkeyed = make_client(api_key="", home=tmp_path / "unkeyed-home")
    ingest_file(unkeyed, "a.py", PY)
    ingest_file(unkeyed, "b.md", GUIDE)
    assert_error(prune(unkeyed, ["a.py"]), 403, "forbidden", "no API key")
    assert unkeyed.get("/knowledge/stats").json()["files"] == 2
    assert ops.prune_upload("shop", ["a.py"])["removed"] == ["b.md"]  # the CLI's own process


def test_prune_input_is_checked_with_clear_errors(make_client, tmp_path, monkeypatch):
    allowed = tmp_path / "allowed"
    write(allowed, "koa/README.md", "# Koa\n\nExpressive middleware for node.js servers.\n")
    write(allowed, "koa/lib/context.js", "function throwError(status) {\n"
          "  // throw an HTTP error with this status\n  throw new Error(status);\n}\n")
    client = make_client()
    ingest_file(client, "a.py", PY)
    ingest_file(client, "b.md", GUIDE)
    assert_error(prune(client, []), 422, "invalid_request")
    for bad in ("../a.py", "/etc/passwd", "src/\x00.py", ""):
        error = assert_error(prune(client, ["a.py", bad]), 422, "invalid_request")
        assert error["details"][0]["location"].startswith("body.paths")
    assert_error(prune(client, ["a.py"], project="my/shop"), 422, "invalid_request",
                 "folder-like")
    assert_error(client.post("/knowledge/ingest/prune", json={"paths": ["a.py"]}), 422,
                 "invalid_request")
    assert_error(prune(client, ["a.py"], project="nosuch"), 404, "not_found", "no project")
    monkeypatch.setattr("repokb.operations.writes.MAX_UPLOAD_PATHS", 2)
    assert_error(prune(client, ["a.py", "b.md", "c.md"]), 413, "payload_too_large",
                 "limit is 2")
    monkeypatch.undo()
    # a project indexed from a folder on the server: its next run forgets what left the folder
    assert client.post("/knowledge/index/run", json={"paths": [str(allowed / "koa")]}
                       ).status_code == 200
    koa = client.get("/knowledge/stats", params={"project": "koa"}).json()["files"]
    assert_error(prune(client, ["README.md"], project="koa"), 422, "invalid_request",
                 "indexed from a folder")
    assert client.get("/knowledge/stats", params={"project": "koa"}).json()["files"] == koa
    assert client.get("/knowledge/stats", params={"project": "shop"}).json()["files"] == 2


def test_why_nothing_refuses_an_empty_query_as_search_does(client):
    """A REST client's pass (surfaces27): search refused `{"query": " "}` (422, "The query is
    empty.") while why-nothing answered 200 "no chunk matches all these filters together"."""
    for query in ("", "   "):
        for route in ("/knowledge/search", "/knowledge/search/why-nothing"):
            error = assert_error(client.post(route, json={"query": query}), 422,
                                 "invalid_request", "The query is empty.")
            assert "Ask a question" in error["hint"]


def test_a_value_of_another_json_type_is_refused_not_coerced(make_client, tmp_path):
    """A REST client's pass (surfaces27): `"flush": "yes"` was read as true (the project was
    flushed and indexed again) and `"limit": "5"` as 5, where MCP refuses both."""
    client = make_client()
    (tmp_path / "allowed" / "p").mkdir(parents=True)
    for route, body in (("/knowledge/search", {"query": "x", "limit": "5"}),
                        ("/knowledge/search", {"query": "x", "explain": "yes"}),
                        ("/knowledge/search", {"query": "x", "context_lines": 2.5}),
                        ("/knowledge/index", {"path": str(tmp_path / "allowed" / "p"),
                                              "flush": "yes"}),
                        ("/knowledge/index", {"path": str(tmp_path / "allowed" / "p"),
                                              "follow": 1})):
        response = client.post(route, json=body)
        assert response.status_code == 422, (route, body, response.text)
        assert "Traceback" not in response.text
    # the same requests with the types the schema gives are taken
    assert client.post("/knowledge/search", json={"query": "x", "limit": 5,
                                                  "explain": True}).status_code == 200

