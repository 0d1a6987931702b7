"""A secret reaches no surface, not only the store (session 34's attacker pass, each through the
real surface): a checkout cloned into a folder named by a token, a form-encoded query string in
`repokb serve`'s access log, a secret pasted into an MCP search (echoed back into the agent's
model context), a password given to a hashing call in a file."""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path

import anyio
import httpx
import pytest

from .. import fake_secrets as fake
from ..conftest import assert_nowhere, invoke, serve_process, write
from .test_mcp import call, stdio_session
from .uploads import server_fixture, upload

pytestmark = pytest.mark.integration
server = server_fixture("k34")

APP = ('def compute_invoice_total(lines, tax_rate):\n'
       '    """The invoice total: the sum of the lines plus the tax."""\n'
       '    return sum(line.amount for line in lines) * (1 + tax_rate)\n')
# a FAKE password given to the call that checks it, as a Rust test writes it
CHECKED = "".join(("Hu7nt", "er2Zq"))
LOGIN = ('fn login_works() {\n'
         '    let hash = bcrypt::hash("x", 4).unwrap();\n'
         f'    assert!(bcrypt::verify("{CHECKED}", &hash).is_ok());\n'
         '}\n')


def test_a_checkout_in_a_folder_named_by_a_token_is_stored_and_shown_redacted(
        home: Path, tmp_path: Path) -> None:
    """`git clone https://...` into `ghp_...` (a careless user's folder name): the project was
    named after the folder, so the token stood in the catalog's projects, runs and entries, in
    every point's payload, and in every answer, stats and explain."""
    project = tmp_path / fake.GITHUB_TOKEN
    write(project, "billing/invoice.py", APP)
    write(project, "tests/login.rs", LOGIN)
    first = json.loads(invoke("index", str(project), "--json"))
    names = {f.get("project") for f in first["files"]} - {None}
    assert names and all(n.startswith("<REDACTED_SECRET_") for n in names), names
    again = json.loads(invoke("index", str(project), "--json"))  # the root is found again
    assert again["summary"].get("chunks_created", 0) == 0, again["summary"]
    outputs = [json.dumps(first), json.dumps(again), invoke("stats", "--json"), invoke("stats"),
               invoke("search", "invoice total with tax", "--json"),
               invoke("explain", str(project / "billing/invoice.py"), "--json")]
    hits = json.loads(outputs[4])
    assert hits and hits[0]["path"] == "billing/invoice.py"
    assert hits[0]["project"].startswith("<REDACTED_SECRET_")
    assert_nowhere(home, [fake.GITHUB_TOKEN, CHECKED], outputs)


def test_a_dashboard_upload_of_a_folder_named_by_a_token_is_stored_redacted(
        server, home: Path) -> None:  # type: ignore[no-untyped-def]
    """The dashboard names an upload's project after the folder chosen: the token stood in the
    catalog, the points and every answer. The same name given again (a search's filter, the
    stats of one project) finds the project under its redacted name."""
    answer = upload(server, fake.GITHUB_TOKEN, "billing/invoice.py", APP)
    assert answer["project"].startswith("<REDACTED_SECRET_"), answer
    hits = server.post("/knowledge/search", json={"query": "invoice total with tax",
                                                  "project": fake.GITHUB_TOKEN})
    assert hits.status_code == 200 and hits.json(), hits.text
    outputs = [json.dumps(answer), hits.text, server.get("/knowledge/stats").text]
    server.ops.ws.close()  # type: ignore[attr-defined]
    assert_nowhere(home, [fake.GITHUB_TOKEN], outputs)


def test_the_access_log_redacts_a_form_encoded_query(home: Path, tmp_path: Path) -> None:
    """A client's query string holds a pasted private key (`?path=-----BEGIN+RSA+PRIVATE...`):
    spaces as `+` hid it from redaction, and the serve log printed it as sent."""
    key = fake.PRIVATE_KEY
    body = key.splitlines()[1]
    with serve_process(home, api_key="k") as url:
        query = urllib.parse.urlencode({"path": f"is this key ok?\n{key}"})
        httpx.get(f"{url}/knowledge/explain?{query}", headers={"x-api-key": "k"}, timeout=30)
        query = urllib.parse.urlencode({"path": f"mysql -u root -p{CHECKED} shop"})
        httpx.get(f"{url}/knowledge/explain?{query}", headers={"x-api-key": "k"}, timeout=30)
        httpx.get(f"{url}/healthz", timeout=30)
    log = "\n".join(p.read_text() for p in home.parent.glob("serve-*.log"))
    assert "GET /knowledge/explain?" in log and "GET /healthz" in log
    assert body not in log and body[8:40] not in log
    assert CHECKED not in log


def test_mcp_search_does_not_echo_a_pasted_secret(home: Path, tmp_path: Path) -> None:
    """An agent pastes a user's question holding a token and a checked password: the answer
    (its text and its structured content) said "1 hits for '<the question>'", putting them
    into the model's context again."""
    project = tmp_path / "shop"
    write(project, "billing/invoice.py", APP)
    invoke("index", str(project))
    question = (f"why does {fake.GITHUB_TOKEN} get 401 and bcrypt::verify(\"{CHECKED}\", &h) "
                "fail when computing the invoice total?")
    seen: list[str] = []

    async def scenario() -> None:
        async with stdio_session(home, cwd="/") as s:
            data, text, error = await call(s, "search", query=question, limit=3)
            assert not error and data["hits"]
            seen.extend([text, json.dumps(data)])
            _, text, error = await call(s, "explain_file", path=f"/nowhere/{question[:60]}")
            assert error
            seen.append(text)

    anyio.run(scenario)
    assert "<REDACTED_SECRET>" in seen[0]
    assert_nowhere(home, [fake.GITHUB_TOKEN, CHECKED], seen)
