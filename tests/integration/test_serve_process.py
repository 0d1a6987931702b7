"""A real `repokb serve` process on loopback: flags, env, the store lock, HTTP over a socket."""

from __future__ import annotations

import json
import socket
import time

import httpx
import pytest

from ..conftest import run_cli, serve_process

pytestmark = pytest.mark.integration


def test_served_api_over_loopback(tmp_path, home, mixed_repo):
    allowed = tmp_path / "allowed"
    mixed_repo.rename(allowed)
    with serve_process(home, api_key="loop-key", allow_roots=(allowed,)) as url:
        assert url.startswith("http://127.0.0.1:")
        port = url.rsplit(":", 1)[1]  # it said it answers, with its address, when it did
        log = (home.parent / f"serve-{port}.log").read_text()
        assert f"repokb: ready at {url}/\n" in log
        assert log.index("repokb: dashboard") < log.index("repokb: ready at")
        with httpx.Client(base_url=url, timeout=60, headers={"x-api-key": "loop-key"}) as http:
            assert http.get("/healthz").json()["status"] == "ok"
            assert "webkitdirectory" in http.get("/").text
            upload = http.post("/knowledge/ingest/file", data={"project": "notes"},
                               headers={"x-repokb-client": "test"},
                               files={"file": ("todo.md", b"# Todo\n\n## Release\n\nTag the "
                                               b"release and publish the wheel to the index.\n")})
            assert upload.status_code == 200 and upload.json()["status"] == "indexed"
            job = http.post("/knowledge/index", json={"path": str(allowed), "project": "shop"})
            assert job.status_code == 202
            while (state := http.get(f"/knowledge/jobs/{job.json()['id']}").json())["status"] in (
                    "queued", "running"):
                time.sleep(0.2)
            assert state["status"] == "done", state
            hits = http.post("/knowledge/search",
                             json={"query": "send a password reset email", "limit": 3}).json()
            assert hits[0]["path"] == "src/shop/mail.py"

            # quiet for 5 s: the server reads its dense copy, and answers the same through it
            stats = http.get("/knowledge/stats").json()
            dense = stats["points"] - sum(stats["lexical_only"].values())
            deadline = time.monotonic() + 60
            while http.get("/knowledge/activity").json()["dense_copy"] != dense:
                assert time.monotonic() < deadline, http.get("/knowledge/activity").json()
                time.sleep(0.2)
            assert http.post("/knowledge/search", json={
                "query": "send a password reset email", "limit": 3}).json() == hits
            status, body = raw_request(url, b"POST /knowledge/ingest HTTP/1.1\r\n"
                                       b"Host: 127.0.0.1\r\nContent-Type: application/json\r\n"
                                       b"X-Api-Key: loop-key\r\n"
                                       b"Content-Length: 9000000\r\n\r\n{")
            assert status == 413 and b'"payload_too_large"' in body  # refused before reading
            assert http.delete("/knowledge/flush", headers={"x-api-key": "wrong"}
                               ).status_code == 401

            # The server owns the store: CLI commands meanwhile are answered by it.
            code, out, err = run_cli("stats", "--json")
            assert code == 0, err
            assert json.loads(out)["by_project"].keys() == {"shop", "notes"}
            code, out, err = run_cli("search", "send a password reset email", "--json")
            assert code == 0 and json.loads(out)[0]["path"] == "src/shop/mail.py"
            # a command that needs the store itself says to stop the server, not to wait
            code, out, err = run_cli("migrate", "--to", f"local:{tmp_path / 'server'}")
            assert code == 5 and "stop it first" in err and "Traceback" not in err, err

            flushed = http.delete("/knowledge/flush", params={"project": "notes"})
            assert flushed.json()["points_deleted"] == 1
            assert http.get("/knowledge/activity").json()["dense_copy"] is None  # a write came
    # Stopped: the lock is released and what was written is there for the CLI.
    code, out, err = run_cli("stats", "--json")
    assert code == 0, err
    stats = json.loads(out)
    assert set(stats["by_project"]) == {"shop"} and stats["points"] > 0


def raw_request(url: str, request: bytes) -> tuple[int, bytes]:
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        sock.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data or not data.rstrip().endswith(b"}"):
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    return int(data.split(b" ", 2)[1]), data.split(b"\r\n\r\n", 1)[1]


def test_serve_refuses_a_busy_store(home):
    from repokb.settings import Settings
    from repokb.workspace import Workspace

    with Workspace(Settings.load()) as holder:
        holder.store.count()
        code, _, err = run_cli("serve", "--port", "1")
    assert code == 5 and "in use by another process" in err
