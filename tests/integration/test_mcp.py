"""The MCP server through the official SDK's own client: a real `repokb mcp` over stdio, and
`/mcp` over streamable HTTP under a real `repokb serve` on loopback."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from repokb.operations import Operations
from repokb.settings import Settings
from repokb.workspace import Workspace

from ..conftest import serve_process, write

pytestmark = pytest.mark.integration

TOOLS = {"search", "get_context", "explain_file", "index_path", "cancel_index", "list_projects",
         "stats"}


@asynccontextmanager
async def stdio_session(home: Path, *args: str, cwd: str | None = None,
                        **env: str) -> AsyncIterator[ClientSession]:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "repokb", "mcp", *args], cwd=cwd,
        env={**os.environ, "REPOKB_HOME": str(home), **env})
    with (home.parent / "mcp-stderr.log").open("a") as errlog:
        async with (stdio_client(params, errlog=errlog) as (read, write_),
                    ClientSession(read, write_) as session):
            await session.initialize()
            yield session


async def call(session: ClientSession, tool: str, **args: Any) -> tuple[dict[str, Any], str,
                                                                         bool]:
    result = await session.call_tool(tool, args)
    text = "\n".join(c.text for c in result.content if c.type == "text")
    return result.structured_content or {}, text, bool(result.is_error)


def run(test: Callable[[], Awaitable[None]]) -> None:
    anyio.run(test)


@pytest.fixture
def indexed(workspace: Workspace, mixed_repo: Path) -> Path:
    """mixed_repo indexed as project 'shop' by the real model; the store released after."""
    Operations(workspace).index([str(mixed_repo)])
    workspace.close()
    return mixed_repo


def many_files(root: Path, n: int) -> Path:
    for i in range(n):
        write(root, f"pkg/mod_{i:03d}.py",
              f'def handle_step_{i}(request):\n    """Handle step {i} of an order."""\n'
              f"    return request.get('step', {i}) * {i % 7 + 1}\n")
    return root


def test_stdio_tools_answer_with_freshness(indexed: Path, home: Path, tmp_path: Path) -> None:
    big = many_files(tmp_path / "big", 200)

    async def scenario() -> None:
        async with stdio_session(home, "--allow-root", str(tmp_path), cwd="/") as s:
            listed = (await s.list_tools()).tools
            assert {t.name for t in listed} == TOOLS
            for t in listed:
                assert len(t.description or "") > 80 and t.input_schema["type"] == "object"
            search = next(t for t in listed if t.name == "search")
            assert search.input_schema["required"] == ["query"]

            # a paraphrase (no word of the name) finds the definition first
            data, text, error = await call(s, "search", query="open a link to the database "
                                           "that stops waiting after some seconds", limit=5)
            assert not error
            first = data["hits"][0]
            assert (first["path"], first["symbol"]) == ("src/shop/db.py", "connect_with_timeout")
            assert {"path", "start_line", "end_line", "symbol", "kind", "score",
                    "content"} <= set(first)
            assert "def connect_with_timeout" in first["content"]
            fresh = data["freshness"]["projects"]
            assert [p["project"] for p in fresh] == ["shop"]
            assert fresh[0]["changed_since_index"] == 0 and fresh[0]["indexed_at"] > 0
            assert "src/shop/db.py:" in text and "Index of shop: last indexed" in text
            # `path` is one glob or a list of them (any of them)
            data, text, error = await call(s, "search", query="timeout", limit=20,
                                           path=["config/*", "src/**/db.py"])
            assert not error, text
            assert {h["path"] for h in data["hits"]} == {"config/app.yaml", "src/shop/db.py"}
            data, text, error = await call(s, "search", query="timeout", path="config/*")
            assert not error, text
            assert {h["path"] for h in data["hits"]} == {"config/app.yaml"}

            # get_context by symbol (a method inside a class) and by line, with the outline
            data, text, error = await call(s, "get_context", path="src/shop/db.py",
                                           symbol="total_for_customer")
            assert not error, text
            assert "def total_for_customer" in data["target"]["content"]  # its class chunk
            outline = {o["symbol"]: o for o in data["outline"]}
            assert "connect_with_timeout" in outline and "InvoiceRepository" in outline
            method = outline["InvoiceRepository.total_for_customer"]["start_line"]
            lines = (indexed / "src/shop/db.py").read_text().splitlines()
            assert "def total_for_customer" in lines[method - 1]
            line = outline["connect_with_timeout"]["start_line"]
            data, _, error = await call(s, "get_context", path=str(indexed / "src/shop/db.py"),
                                        line=line + 1, after=1)
            assert not error and data["target"]["symbol"] == "connect_with_timeout"
            assert len(data["chunks"]) == 2 and data["changed_on_disk"] is False

            data, text, error = await call(s, "explain_file", path=".env", project="shop")
            assert not error and data["classification"]["index_policy"] == "block"
            assert "hunter2" not in text and "hunter2" not in json.dumps(data)
            data, text, error = await call(s, "explain_file", path="/etc/passwd")
            assert error and "outside the indexed projects" in text
            for escape in ("../../../../../../etc/passwd", "etc/passwd"):  # not the cwd's
                data, text, error = await call(s, "explain_file", path=escape)
                assert error and "passwd" in text and "classification" not in data, text
            data, text, error = await call(s, "explain_file",
                                           path=str(indexed / "node_modules/leftpad/index.js"))
            assert not error and data["inside"] == "node_modules"
            data, _, _ = await call(s, "stats", project="shop")
            assert data["points"] > 0 and set(data["by_project"]) == {"shop"}
            data, text, _ = await call(s, "list_projects")
            assert [p["project"] for p in data["projects"]] == ["shop"]

            # errors a model can act on
            # a search's project is a filter (as on every surface): no hits, and why
            data, text, error = await call(s, "search", query="timeout", project="nope")
            assert not error and data["hits"] == [], text
            assert "no project named nope. Known projects: shop." in text
            data, text, error = await call(s, "stats", project="nope")  # a project asked about
            assert error and data["error"]["type"] == "not_found"
            assert "No project 'nope' in the knowledge base." in text and "shop" in text
            data, text, error = await call(s, "index_path", path=str(indexed.parent.parent))
            assert error and data["error"]["type"] == "forbidden"
            assert "outside the allowed roots" in text
            _, text, error = await call(s, "index_path", path=str(big), project="../x")
            assert error and "project names are one folder-like name" in text
            _, text, error = await call(s, "search", query="")
            assert error and "query" in text
            # as many hits as REST and the CLI give (MCP stopped at 50 before), and no more
            data, text, error = await call(s, "search", query="timeout", limit=100)
            assert not error and data["hits"], text
            _, text, error = await call(s, "search", query="timeout", limit=101)
            assert error and "100" in text, text
            _, text, error = await call(s, "get_context", path="../etc/passwd", project="shop")
            assert error and "'..'" in text
            # the hint names the projects, never where they live (/mcp may be over TCP)
            _, text, error = await call(s, "get_context", path="/etc/passwd")
            assert error and "shop" in text and str(indexed) not in text, text

            # the disk moves on: the next answer says so; index_path catches up
            db = indexed / "src/shop/db.py"
            db.write_text(db.read_text() + "\n\ndef close_quietly(conn):\n"
                          "    \"\"\"Close a connection, ignoring errors.\"\"\"\n"
                          "    conn.close()\n")
            data, text, _ = await call(s, "search", query="close a connection quietly")
            assert data["freshness"]["projects"][0]["changed_since_index"] == 1
            assert "1 of its" in text and "src/shop/db.py" in text

            # a concurrent search while index_path runs (a 120-file project)
            data, text, error = await call(s, "index_path", path=str(big), wait_seconds=0)
            assert not error and not data["finished"], text
            job = data["job"]["id"]
            data, text, error = await call(s, "search", query="compute the tax", project="shop")
            assert not error and data["hits"]
            data, text, _ = await call(s, "index_path", path=str(big), wait_seconds=0)
            assert data["job"]["id"] == job  # the same run, not a second one
            if not data["finished"]:
                assert "index run" in text and data["freshness"]["index_jobs"]
            # both in flight at once on one session: the search answers while index_path waits
            order: list[str] = []
            results: dict[str, tuple[dict[str, Any], str, bool]] = {}

            async def tool(name: str, **args: Any) -> None:
                results[name] = await call(s, name, **args)
                order.append(name)

            async with anyio.create_task_group() as tg:
                tg.start_soon(lambda: tool("index_path", path=str(big), wait_seconds=120))
                await anyio.sleep(0.2)
                tg.start_soon(lambda: tool("search", query="send a password reset link"))
            data, text, _ = results["index_path"]
            assert data["finished"] and data["job"]["status"] == "done", text
            assert data["job"]["summary"]["files_indexed"] == 200
            assert results["search"][0]["hits"][0]["symbol"] == "send_password_reset_email"
            assert order == ["search", "index_path"]

    run(scenario)


def test_never_indexed_says_how_to_index(home: Path) -> None:
    async def scenario() -> None:
        async with stdio_session(home) as s:
            data, text, error = await call(s, "search", query="where is the timeout set")
            assert not error and data["indexed"] is False and data["hits"] == []
            assert "Nothing has been indexed yet" in text and "index_path" in text
            data, text, error = await call(s, "list_projects")
            assert data["projects"] == [] and "index_path" in text

    run(scenario)


def test_store_busy_is_a_tool_error_then_the_idle_store_is_let_go(indexed: Path,
                                                                  home: Path) -> None:
    settings = Settings.load(home=home)

    async def scenario() -> None:
        holder = Workspace(settings)
        holder.store  # noqa: B018  (a process holding the store without serving others)
        try:
            async with stdio_session(home, REPOKB_WRITE_WAIT_SECONDS="1",
                                     REPOKB_MCP_IDLE_SECONDS="1") as s:
                data, text, error = await call(s, "search", query="timeout")
                assert error and data["error"]["type"] == "busy"
                assert "in use by another process" in text
                holder.close()
                data, _, error = await call(s, "search", query="timeout")  # takes it now
                assert not error and data["hits"]
                assert data["freshness"]["store_owner"] == "this process"
                # idle for mcp_idle_seconds: the store is free again for other processes
                deadline = time.monotonic() + 20
                while True:
                    try:
                        Workspace(settings).store.close()
                        break
                    except Exception:
                        assert time.monotonic() < deadline, "the idle store was never let go"
                        await anyio.sleep(0.5)
                data, _, error = await call(s, "search", query="timeout")  # and takes it back
                assert not error and data["hits"]
        finally:
            holder.close()

    run(scenario)


def test_stdout_carries_only_protocol_messages(indexed: Path, home: Path) -> None:
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "raw", "version": "0"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
         "params": {"name": "search", "arguments": {"query": "send a password reset email"}}},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
         "params": {"name": "index_path", "arguments": {"path": str(indexed)}}},
    ]
    proc = subprocess.Popen([sys.executable, "-m", "repokb", "mcp", "--allow-root",
                             str(indexed)], env={**os.environ, "REPOKB_HOME": str(home)},
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdin and proc.stdout
    answers: dict[int, dict[str, Any]] = {}
    for message in messages:
        proc.stdin.write(json.dumps(message) + "\n")
        proc.stdin.flush()
        while "id" in message and message["id"] not in answers:
            line = proc.stdout.readline()
            assert line, proc.stderr.read() if proc.stderr else ""
            parsed = json.loads(line)  # every stdout line is a JSON-RPC message
            assert parsed["jsonrpc"] == "2.0"
            if "id" in parsed:
                answers[parsed["id"]] = parsed
    proc.stdin.close()  # the client leaves: the server ends
    assert proc.wait(timeout=60) == 0
    assert proc.stderr
    rest, err = proc.stdout.read(), proc.stderr.read()
    proc.stdout.close()
    proc.stderr.close()
    for line in rest.splitlines():
        assert json.loads(line)["jsonrpc"] == "2.0"
    hit = answers[2]["result"]["structuredContent"]["hits"][0]
    assert hit["symbol"] == "send_password_reset_email"
    job = answers[3]["result"]["structuredContent"]["job"]
    assert job["status"] == "done" and job["summary"]["files_seen"] > 0
    assert "holding the store" in err  # logs went to stderr


def test_a_line_the_sdk_cannot_read_is_answered_not_dropped(home: Path) -> None:
    """Over stdio the SDK dropped such a line and its client waited forever (a lone surrogate
    is valid JSON the SDK's parser refuses); now each gets the JSON-RPC error for its id, and
    the server goes on serving."""
    lines = [
        json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "raw", "version": "0"}}}),
        json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        '{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "search", '
        '"arguments": {"query": "where is \\udcff set"}}}',
        '{"jsonrpc": "2.0", "id": "three", "method": 3}',
        "{this is not json",
        json.dumps({"jsonrpc": "2.0", "id": 4, "method": "tools/list"}),
    ]
    proc = subprocess.Popen([sys.executable, "-m", "repokb", "mcp"],
                            env={**os.environ, "REPOKB_HOME": str(home)},
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdin and proc.stdout and proc.stderr
    proc.stdin.write("\n".join(lines) + "\n")
    proc.stdin.flush()
    answers: list[dict[str, Any]] = []
    watchdog = threading.Timer(60, proc.kill)  # a dropped line: no answer, never a hung test
    watchdog.start()
    try:
        while len(answers) < 5:  # initialize, the three lines and tools/list
            line = proc.stdout.readline()
            assert line, f"answered only {[a.get('id') for a in answers]}"
            answers.append(json.loads(line))
    finally:
        watchdog.cancel()
    proc.stdin.close()
    assert proc.wait(timeout=60) == 0
    proc.stdout.close()
    err = proc.stderr.read()
    proc.stderr.close()
    by_id = {a.get("id"): a for a in answers}
    assert by_id[2]["error"]["code"] == -32700 and "surrogate" in by_id[2]["error"]["message"]
    assert by_id["three"]["error"]["code"] == -32600
    assert by_id[None]["error"]["code"] == -32700  # no id to answer to: null, as JSON-RPC says
    assert {t["name"] for t in by_id[4]["result"]["tools"]} == TOOLS  # still serving
    assert "Traceback" not in err


def test_http_endpoint_under_serve_and_stdio_forwarding(indexed: Path, home: Path,
                                                        tmp_path: Path) -> None:
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    big = many_files(tmp_path / "big", 80)

    async def scenario(url: str) -> None:
        headers = {"x-api-key": "test-key"}
        async with (create_mcp_http_client(headers=headers) as http,
                    streamable_http_client(f"{url}/mcp", http_client=http) as (read, write_),
                    ClientSession(read, write_) as s):
            await s.initialize()
            assert {t.name for t in (await s.list_tools()).tools} == TOOLS
            data, text, error = await call(s, "search", query="how do I build the docker "
                                           "image", limit=3)
            assert not error and data["hits"][0]["path"] == "docs/install.md", text
            assert data["freshness"]["store_owner"] == "this process"
            data, text, error = await call(s, "index_path", path=str(indexed.parent.parent))
            assert error and "outside the allowed roots" in text
            data, text, error = await call(s, "index_path", path=str(big), wait_seconds=0)
            assert not error
            job = data["job"]["id"]
            data, _, error = await call(s, "search", query="database connection timeout")
            assert not error and data["hits"]
            with httpx.Client(headers=headers) as plain:  # the server's own job list has it
                jobs = plain.get(f"{url}/knowledge/jobs").json()
                assert job in {j["id"] for j in jobs}
            data, text, _ = await call(s, "index_path", path=str(big), wait_seconds=120)
            assert data["job"]["status"] == "done", text
            data, _, _ = await call(s, "get_context", path="src/shop/mail.py",
                                    symbol="send_password_reset_email")
            assert "reset" in data["target"]["content"]

        # another process owns the store: a stdio `repokb mcp` forwards to it
        async with stdio_session(home) as s:
            data, text, error = await call(s, "search", query="sum of a customer's invoices")
            assert not error and data["hits"][0]["symbol"] == "InvoiceRepository", text
            assert "another repokb process" in data["freshness"]["store_owner"]
            data, _, error = await call(s, "get_context", path="src/shop/db.py", line=1)
            assert not error and data["outline"]

    with serve_process(home, allow_roots=(tmp_path,)) as url:
        for headers in ({}, {"x-api-key": "wrong"}, {"authorization": "Bearer wrong"}):
            response = httpx.post(f"{url}/mcp", json={}, headers=headers)
            assert response.status_code == 401
            assert response.json()["error"]["code"] == "unauthorized"
            assert response.headers["www-authenticate"] == "Bearer"
        run(lambda: scenario(url))


def test_watch_keeps_the_index_current(mixed_repo: Path, home: Path) -> None:
    async def scenario() -> None:
        async with stdio_session(home, "--watch", str(mixed_repo)) as s:
            deadline = time.monotonic() + 120  # the first run indexes the project
            while True:
                data, text, _ = await call(s, "list_projects")
                if data.get("projects") and not data["freshness"]["index_jobs"] and \
                        not data["freshness"]["writing"]:
                    break
                assert time.monotonic() < deadline, text
                await anyio.sleep(0.5)
            write(mixed_repo, "src/shop/refunds.py", '''
                def issue_refund_voucher(order_id: int) -> str:
                    """Give the customer a voucher worth the refunded amount."""
                    return f"VOUCHER-{order_id}"
                ''')
            deadline = time.monotonic() + 60
            while True:
                data, text, _ = await call(s, "search", query="issue_refund_voucher", limit=1)
                if data["hits"] and data["hits"][0]["symbol"] == "issue_refund_voucher":
                    break
                assert time.monotonic() < deadline, text
                await anyio.sleep(0.5)
            assert data["freshness"]["store_owner"] == "this process"

    run(scenario)


def test_mcp_route_takes_the_key_and_survives_a_second_lifespan(workspace: Workspace) -> None:
    """Regression: the SDK's session manager runs once; an app whose lifespan is entered again
    (test clients, Schemathesis) failed to start."""
    from fastapi.testclient import TestClient

    from repokb.surfaces.server.app import create_app

    keyed = Workspace(dataclasses.replace(workspace.settings, api_key="k"))
    keyed.__dict__["embedder"] = workspace.embedder
    app = create_app(Operations(keyed))
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "t", "version": "0"}}}
    accept = {"accept": "application/json, text/event-stream"}
    try:
        for key in ({"x-api-key": "k"}, {"authorization": "Bearer k"}):
            with TestClient(app, base_url="http://127.0.0.1:8765") as client:
                response = client.post("/mcp", json=initialize, headers={**accept, **key})
                assert response.status_code == 200, response.text
                assert '"serverInfo"' in response.text and "repokb" in response.text
                response = client.post("/mcp", json=initialize,
                                       headers={**accept, "authorization": "Bearer kk"})
                assert response.status_code == 401
    finally:
        app.state.ops.close()
        keyed.close()


def test_bad_arguments_name_their_types_and_an_unknown_project_still_says_freshness(
        indexed: Path, home: Path) -> None:
    """A coding agent's pass with the official client (surfaces27, httpx 0.28.1): every invalid
    search hinted "path (None)" for the glob argument, and an answer about a project nothing is
    known of (search's filter, stats, get_context) carried no freshness at all. Arguments
    refused before any work carry the error alone (one freshness line per project was noise)."""
    async def scenario() -> None:
        async with stdio_session(home) as s:
            data, text, error = await call(s, "search", query="total", path=["src/*.py", 5])
            assert error and data["error"]["type"] == "invalid"
            assert "path (string or array of strings)" in data["error"]["hint"], text
            assert "None" not in data["error"]["hint"]
            # refused arguments: the error alone, no line per project under it (agents37)
            assert "Index of" not in text and "freshness" not in data, text
            data, text, error = await call(s, "serch", query="total")
            assert error and "Unknown tool 'serch'" in text and "Index of" not in text, text
            for tool, args in (("search", {"query": "invoice total", "project": "nope"}),
                               ("stats", {"project": "nope"}),
                               ("get_context", {"path": "src/shop/db.py", "project": "nope"})):
                data, text, _ = await call(s, tool, **args)
                assert "nope" in text
                assert [p["project"] for p in data["freshness"]["projects"]] == ["shop"], tool
                assert "Index of shop: last indexed" in text, (tool, text)

    run(scenario)


def test_a_path_with_a_nul_is_an_invalid_argument_never_echoed(indexed: Path, home: Path) -> None:
    """An agent's pass (agents37): explain_file and get_context with a path holding a NUL
    answered "a<NUL>b is not in the catalog" (an absolute one with a NUL in a folder: "Unexpected
    error"): the NUL went into the agent's model context, and
    "not found" sent it looking for a file no name can spell. index_path already said it."""
    async def scenario() -> None:
        async with stdio_session(home) as s:
            for tool, args in (("explain_file", {"path": "src/shop/db\x00.py"}),
                               ("explain_file", {"path": str(indexed / "src\x00/db.py")}),
                               ("get_context", {"path": "src/shop/db\x00.py"}),
                               ("get_context", {"path": str(indexed / "src\x00/db.py")}),
                               ("get_context", {"path": "src/shop/db\x00.py",
                                                "project": "shop"})):
                data, text, error = await call(s, tool, **args)
                assert error and data["error"]["type"] == "invalid", (tool, text)
                assert "NUL character" in text and "\x00" not in text + json.dumps(data)
            data, _, error = await call(s, "explain_file", path="src/shop/db.py")
            assert not error and data["path"] == "src/shop/db.py"

    run(scenario)


def test_a_search_during_a_projects_first_run_says_it_is_being_indexed(indexed: Path, home: Path,
                                                                        tmp_path: Path) -> None:
    """An agent's pass (agents37): index_path(wait_seconds=0), then a search of the new project
    answered "no project named big. Known projects: ..." while the freshness line below it said
    "first index run running": the agent took its project's name for wrong. It says the run
    is going and to ask again; the hits come once the run stored them."""
    big = many_files(tmp_path / "big", 600)

    async def scenario() -> None:
        async with stdio_session(home, "--allow-root", str(tmp_path)) as s:
            data, text, error = await call(s, "index_path", path=str(big), wait_seconds=0)
            assert not error, text
            reasons = []
            for _ in range(600):
                data, text, error = await call(s, "search", query="handle step of an order",
                                               project="big", limit=3)
                assert not error, text
                if data["hits"]:
                    break
                reasons.append(data["reason"])
                await anyio.sleep(0.1)
            assert data["hits"] and reasons, reasons  # asked before anything was stored
            # (a search that read the store just before the run's first files landed is
            # told the run is going too, not "no chunk matches": fresh-install check, load)
            assert all("big is being indexed" in r
                       and "no project named" not in r for r in reasons), reasons
            await call(s, "cancel_index", path=str(big), wait_seconds=0)

    run(scenario)


def test_an_agent_reuses_what_the_answers_show(workspace: Workspace, mixed_repo: Path,
                                               home: Path) -> None:
    """A new user's agent on three PyPI/npm projects (agents42): a search hit's line names the
    file `undici-6.21.0/lib/handler/retry-handler.js:107-163`, and get_context or explain_file
    given that path answered "not in the catalog in any indexed project" (and a search's `path`
    glob so written, `undici-6.21.0/lib/**`, matched nothing); explain_file refused
    `project: cattrs` ("No project 'cattrs'... Did you mean 'cattrs-24.1.2'?") where search,
    get_context and stats take it; `language: JavaScript` or `js` found nothing, the answer
    listing `None` among the indexed languages; a line past the file's end hinted that the
    file "may have changed" when it had not."""
    Operations(workspace).index([str(mixed_repo)], project="shop-2.0.1")
    workspace.close()

    async def scenario() -> None:
        async with stdio_session(home, cwd="/") as s:
            data, text, error = await call(s, "search", query="open a database connection "
                                           "with a timeout", limit=3)
            assert not error and data["hits"][0]["path"] == "src/shop/db.py", text
            # the path exactly as the first hit's line writes it, its project first
            line = next(x for x in text.splitlines() if x.startswith("1. "))
            shown = line.split()[1].rsplit(":", 1)[0]
            assert shown == "shop-2.0.1/src/shop/db.py", line
            data, text, error = await call(s, "get_context", path=shown,
                                           symbol="connect_with_timeout")
            assert not error, text
            assert (data["project"], data["path"]) == ("shop-2.0.1", "src/shop/db.py")
            assert "def connect_with_timeout" in data["target"]["content"]
            data, text, error = await call(s, "explain_file", path=shown)
            assert not error and data["path"] == "src/shop/db.py", text
            # ... and a path glob written the same way
            data, text, error = await call(s, "search", query="timeout",
                                           path="shop-2.0.1/src/**")
            paths = {h["path"] for h in data["hits"]}
            assert not error and "src/shop/db.py" in paths, text
            assert all(p.startswith("src/") for p in paths), text
            # the project's name without its version, as every other tool takes it
            for tool in ("explain_file", "get_context"):
                data, text, error = await call(s, tool, path="src/shop/db.py", project="shop")
                assert not error and data["project"] == "shop-2.0.1", (tool, text)
            # a path whose first part names another project than the one given: not found
            data, text, error = await call(s, "get_context", path=shown, project="nope")
            assert error and data["error"]["type"] == "not_found", text
            # languages as people name them
            for language in ("Python", "py", "python"):
                data, text, error = await call(s, "search", query="database timeout",
                                               language=language)
                assert not error and data["hits"], (language, text)
                assert {h["language"] for h in data["hits"]} == {"python"}
            data, text, _ = await call(s, "search", query="database timeout", language="COBOL")
            assert not data["hits"] and "Indexed languages: " in text
            assert "None" not in data["reason"] and "python" in data["reason"], text
            # a line past the end: the range to give, not "the file may have changed"
            data, text, error = await call(s, "get_context", path="src/shop/db.py", line=9999)
            assert error and "from 1 to " in data["error"]["hint"], text
            assert "index_path" in data["error"]["hint"], text

    run(scenario)


def test_an_empty_knowledge_base_says_its_first_run_is_going(home: Path, tmp_path: Path) -> None:
    """A new user's agent (agents42), a fresh home: index_path(wait_seconds=0), then search and
    list_projects answered "Nothing has been indexed yet ... Index the project first: call the
    index_path tool" while the run it had just started walked its files: the agent is sent to
    start what is already going. Until the run stores a file they name the run, and how far
    it is, and then the hits come."""
    big = many_files(tmp_path / "big", 600)

    async def scenario() -> None:
        async with stdio_session(home, "--allow-root", str(tmp_path)) as s:
            data, text, error = await call(s, "index_path", path=str(big), wait_seconds=0)
            assert not error, text
            said = []
            for _ in range(600):
                data, text, error = await call(s, "search", query="handle step of an order",
                                               limit=3)
                assert not error, text
                if data["hits"]:
                    break
                said.append(text)
                listed, text, _ = await call(s, "list_projects")
                said.append(text)
                await anyio.sleep(0.1)
            assert data["hits"] and said, said  # asked before anything was stored
            assert not [t for t in said if "Nothing has been indexed yet" in t], said
            assert all("first index run is going: big (" in t
                       or "big is being indexed" in t for t in said), said
            await call(s, "cancel_index", path=str(big), wait_seconds=0)

    run(scenario)


HANDSHAKE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw",
                                                                        "version": "0"}}}
LISTED = Path(__file__).resolve().parents[1] / "golden" / "mcp" / "tools_list.json"
HEAVY = ("repokb.operations", "repokb.search", "repokb.pipeline", "repokb.workspace",
         "repokb.surfaces.mcp.calls", "onnxruntime", "qdrant_edge", "fastapi", "jsonschema")


def _raw_session(home: Path, messages: list[dict[str, Any]]) -> tuple[dict[Any, Any], list[str]]:
    """`repokb mcp` (under `python -X importtime`) sent `messages`, every request answered,
    then left: the answers by id, and every module the process imported in its whole life."""
    with (home.parent / "mcp-importtime.log").open("w+") as errlog:  # a pipe would fill up
        proc = subprocess.Popen([sys.executable, "-X", "importtime", "-m", "repokb", "mcp"],
                                env={**os.environ, "REPOKB_HOME": str(home)},
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errlog,
                                text=True)
        assert proc.stdin and proc.stdout
        answers: dict[Any, Any] = {}
        watchdog = threading.Timer(120, proc.kill)  # an unanswered request fails, never hangs
        watchdog.start()
        try:
            for message in messages:
                proc.stdin.write(json.dumps(message) + "\n")
                proc.stdin.flush()
                while "id" in message and message["id"] not in answers:
                    line = proc.stdout.readline()
                    assert line, f"no answer to {message['method']}"
                    answers[json.loads(line).get("id")] = json.loads(line)
            proc.stdin.close()  # the client leaves: the server ends
            assert proc.wait(timeout=60) == 0
        finally:
            watchdog.cancel()
            proc.kill()
            proc.stdout.close()
        errlog.seek(0)
        err = errlog.read()
    assert "Traceback" not in err
    imported = [line.rsplit("|", 1)[1].strip() for line in err.splitlines()
                if line.startswith("import time:") and line.count("|") == 2]
    return answers, imported


def test_initialize_and_the_tool_list_load_nothing_that_searches(indexed: Path,
                                                                   home: Path) -> None:
    """An agent starts `repokb mcp` and gives it a few seconds to answer initialize (some
    clients 5-10 s): it answered after importing the operations, the search and the pipeline,
    4.3 s after spawn at load 7 where the SDK alone answers after 1.6 s (mcpstart43). A client
    that initialises, lists the tools and leaves makes the process import none of them; the
    list is the one main served before the tools' modules were split (tests/golden/mcp)."""
    answers, imported = _raw_session(home, [
        HANDSHAKE, {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}])
    server = {k: v for k, v in answers[1]["result"]["serverInfo"].items() if k != "version"}
    listed = {"server": server,
              "instructions": answers[1]["result"]["instructions"],
              "tools": answers[2]["result"]["tools"]}
    if os.environ.get("REPOKB_REFRESH_GOLDEN") == "1":
        LISTED.parent.mkdir(exist_ok=True)
        LISTED.write_text(json.dumps(listed, indent=1, ensure_ascii=False) + "\n",
                          encoding="utf-8")
    assert listed == json.loads(LISTED.read_text(encoding="utf-8"))
    assert {t["name"] for t in listed["tools"]} == TOOLS
    assert [m for m in imported if any(m == h or m.startswith(h + ".") for h in HEAVY)] == []


def test_a_tool_call_without_the_initialized_notification_starts_the_backend(
        indexed: Path, home: Path) -> None:
    """The backend starts on `notifications/initialized`; a client that never sends it (or
    calls at once) gets its answer all the same: the call starts it."""
    answers, imported = _raw_session(home, [HANDSHAKE, {
        "jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "search", "arguments": {"query": "send a password reset email"}}}])
    hits = answers[2]["result"]["structuredContent"]["hits"]
    assert hits[0]["symbol"] == "send_password_reset_email"
    assert "repokb.operations" in imported
