"""Every CLI command answers the same with and without a running `repokb serve`: with one, the
command speaks the REST API to it over the owner socket; without, it runs the operation itself.
"""

from __future__ import annotations

import json
import re
import stat
from pathlib import Path

import httpx
import pytest

from repokb.settings import Settings
from repokb.surfaces.owner import socket_path

from ..conftest import run_cli, serve_process, write

pytestmark = pytest.mark.integration

TIMING = ("seconds", "tokens_per_second", "started_at", "finished_at")


def untimed(value: object) -> object:
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if not any(t in k for t in TIMING)}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    if isinstance(value, str):
        value = re.sub(r"finished [0-9-]+ [0-9:]+ \([0-9.]+ s\)", "finished -", value)
        # a run that took no measurable time prints no seconds at all; the run's milestones
        # ("seconds to lexical all: 0.001") are timings too
        return re.sub(r"( · )?seconds( to [a-z ]+)?:? [0-9.]+", "", value)
    return value


def answers(repo: Path, notes: Path, loose: Path) -> dict[str, object]:
    """Each command's exit code, stdout (parsed when JSON) and stderr, in one fixed order that
    leaves the knowledge base as it found it."""
    commands = {
        "index": ("index", str(notes), "--json"),
        "index_again": ("index", str(notes)),
        "search": ("search", "open a database connection with a timeout", "--json"),
        "search_text": ("search", "send a password reset email", "--limit", "3"),
        "search_explain": ("search", "install with docker", "--json", "--explain",
                           "--project", "shop", "--kind", "documentation"),
        "search_filtered": ("search", "timeout", "--json", "--path", "src/**/*.py"),
        "search_two_paths": ("search", "timeout", "--json", "--limit", "20", "--path",
                             "config/*", "--path", "src/**/db.py"),
        "explain_disk": ("explain", str(repo / ".env"), "--json"),
        "explain_relative": ("explain", "src/shop/db.py", "--project", "shop", "--json"),
        "explain_inside": ("explain", "node_modules/leftpad/index.js", "--json"),
        "explain_never_indexed": ("explain", str(loose), "--json"),
        "explain_missing": ("explain", "no/such/file.py"),
        "search_nothing": ("search", "timeout", "--project", "nosuch"),
        "search_nothing_json": ("search", "timeout", "--kind", "ci_cd", "--json"),
        "search_no_kind": ("search", "timeout", "--kind", "sauce"),
        "search_context": ("search", "open a database connection", "--context-lines", "3",
                           "--limit", "2", "--json"),
        "flush_unknown": ("flush", "--project", "nosuch", "--yes"),
        # input the REST schema once judged before the search operation could
        "search_empty": ("search", ""),
        "search_odd_project": ("search", "timeout", "--project", "../x"),
        "search_long_project": ("search", "timeout", "--project", "p" * 300),
        "search_long_query": ("search", "open a database connection " * 100, "--limit", "1",
                              "--json"),
        "search_long_filters": ("search", "timeout", "--path", "x" * 600, "--language",
                                "y" * 600),
        "stats": ("stats",),
        "stats_json": ("stats", "--json"),
        "verify": ("verify", "--json"),
        "verify_unknown": ("verify", "--project", "nosuch"),
        "flush": ("flush", "--project", "notes", "--yes"),
        "cache_stats": ("cache", "stats", "--json"),
        "cache_stats_text": ("cache", "stats"),
        "cache_flush": ("cache", "flush", "--yes"),
        "index_bad": ("index", str(repo / "missing")),
    }
    results: dict[str, object] = {}
    for name, args in commands.items():
        code, out, err = run_cli(*args)
        try:
            parsed: object = json.loads(out)
        except ValueError:
            parsed = out
        results[name] = (code, untimed(parsed), err)
    return results


def test_every_command_answers_the_same_with_and_without_a_server(home, mixed_repo, tmp_path):
    notes = tmp_path / "notes"
    write(notes, "release.md", "# Release\n\n## Publishing\n\nTag the release, build the wheel "
          "and upload it to the package index with twine.\n")
    loose = write(tmp_path / "loose", "todo.md", "# Todo\n\nWrite the changelog entry.\n")
    code, _, err = run_cli("index", str(mixed_repo), "--json")
    assert code == 0, err

    alone = answers(mixed_repo, notes, loose)
    with serve_process(home, api_key="socket-test-key"):
        sock = socket_path(Settings.load())
        assert stat.S_IMODE(sock.stat().st_mode) == 0o600
        served = answers(mixed_repo, notes, loose)
        assert sock.exists()  # the commands above went through it: the store was the server's

    for name in alone:
        assert served[name] == alone[name], name
    # and the answers are real ones, not the same failure twice
    assert alone["index"][0] == 0 and alone["index"][1]["summary"]["files_indexed"] == 1
    assert "indexed" in alone["index_again"][1]
    assert alone["search"][1][0]["path"] == "src/shop/db.py"
    assert "provenance" in alone["search_explain"][1][0]
    assert {h["path"] for h in alone["search_filtered"][1]} <= {"src/shop/db.py",
                                                                "src/shop/mail.py"}
    assert {h["path"] for h in alone["search_two_paths"][1]} == {"config/app.yaml",
                                                                 "src/shop/db.py"}
    assert alone["explain_disk"][1]["classification"]["index_policy"] == "block"
    assert alone["explain_inside"][1]["inside"] == "node_modules"
    assert alone["explain_never_indexed"][1]["status"] == "not indexed"
    code, _, err = alone["explain_missing"]
    assert code == 2 and "does not exist" in err
    # why nothing was found is said by the operations, the same through the socket
    assert "no project named nosuch" in alone["search_nothing"][1]
    assert alone["search_nothing_json"][1] == []
    assert "no indexed file of kind ci_cd" in alone["search_nothing_json"][2]
    assert alone["search_no_kind"][0] == 2 and "sauce is not a kind" in alone["search_no_kind"][2]
    assert alone["search_context"][0] == 0 and alone["search_context"][1]
    assert alone["search_empty"][0] == 2 and "The query is empty" in alone["search_empty"][2]
    assert "no project named ../x" in alone["search_odd_project"][1]
    assert "no project named " + "p" * 300 in alone["search_long_project"][1].replace("\n", "")
    assert alone["search_long_query"][1][0]["path"] == "src/shop/db.py"
    assert alone["search_long_filters"][0] == 0
    assert alone["search_long_filters"][1].startswith("No results: no indexed file in")
    assert alone["flush_unknown"][0] == 2 and "No project 'nosuch'" in alone["flush_unknown"][2]
    assert alone["verify"][1]["ok"] is True
    code, _, err = alone["verify_unknown"]  # not "verify ok: 0 files ... in 0 project(s)"
    assert code == 2 and "No project 'nosuch' in the knowledge base." in err
    assert alone["flush"][0] == 0 and "Flushed project 'notes'" in alone["flush"][1]
    assert alone["index_bad"][0] == 2 and "does not exist" in alone["index_bad"][2]


def test_a_command_for_another_store_is_not_answered_by_the_edge_owner(home, mixed_repo,
                                                                        tmp_path, monkeypatch):
    """With `repokb serve` owning the home's Qdrant Edge store, `REPOKB_STORE=qdrant
    REPOKB_QDRANT_URL=local:PATH repokb index` went over home/owner.sock into the Edge store."""
    code, _, err = run_cli("index", str(mixed_repo))
    assert code == 0, err
    other = write(tmp_path / "other", "guide.md", "# Guide\n\nHow to rotate the signing keys "
                  "of the payment gateway every quarter.\n").parent
    with serve_process(home, api_key="socket-test-key"):
        monkeypatch.setenv("REPOKB_STORE", "qdrant")
        monkeypatch.setenv("REPOKB_QDRANT_URL", f"local:{tmp_path / 'qdrant'}")
        code, _, err = run_cli("index", str(other))
        assert code == 0, err
        code, out, err = run_cli("stats", "--json")
        assert code == 0, err
        assert json.loads(out)["points_by_project"] == {"other": 1}
        monkeypatch.delenv("REPOKB_STORE")
        monkeypatch.delenv("REPOKB_QDRANT_URL")
        code, out, err = run_cli("stats", "--json")  # the server's Edge store, untouched
        assert "other" not in json.loads(out)["points_by_project"]


def test_the_socket_needs_no_key_but_tcp_does(home, mixed_repo):
    with serve_process(home, api_key="socket-test-key") as url:
        sock = socket_path(Settings.load())
        transport = httpx.HTTPTransport(uds=str(sock))
        with httpx.Client(transport=transport, base_url="http://localhost", timeout=120) as uds, \
                httpx.Client(base_url=url, timeout=120) as tcp:
            assert tcp.delete("/knowledge/flush").status_code == 401
            assert tcp.post("/knowledge/verify", json={"repair": True}).status_code == 401
            assert tcp.get("/knowledge/stats").status_code == 401  # a read too: a key is set
            key = {"x-api-key": "socket-test-key"}
            refused = tcp.post("/knowledge/index/run", json={"paths": [str(mixed_repo)]},
                               headers=key)
            assert refused.status_code == 403  # no allowed roots: nothing on disk over TCP
            done = uds.post("/knowledge/index/run", json={"paths": [str(mixed_repo)]})
            assert done.status_code == 200, done.text
            assert done.json()["summary"]["files_indexed"] > 0
            assert uds.post("/knowledge/verify", json={"repair": True}).json()["ok"] is True
            flushed = uds.delete("/knowledge/flush", params={"project": "shop"})
            assert flushed.status_code == 200 and flushed.json()["points_deleted"] > 0
            assert tcp.get("/knowledge/stats", headers=key).json()["points"] == 0


def test_a_stale_socket_is_ignored_and_replaced(home, mixed_repo):
    """An owner killed with -9 leaves its socket file behind: commands run here instead, and
    the next owner binds a fresh one (0600)."""
    import socket as sockets

    sock = socket_path(Settings.load())
    sock.parent.mkdir(parents=True, exist_ok=True)
    dead = sockets.socket(sockets.AF_UNIX, sockets.SOCK_STREAM)
    dead.bind(str(sock))
    dead.close()  # the file stays; nobody listens
    code, out, err = run_cli("stats", "--json")
    assert code == 0, err
    assert json.loads(out)["points"] == 0
    code, out, err = run_cli("index", str(mixed_repo), "--json")
    assert code == 0, err
    assert json.loads(out)["summary"]["files_indexed"] > 0
    assert not sock.exists()  # the owner removed its socket when done


def test_a_long_home_path_gets_a_short_socket(tmp_path):
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    path = socket_path(Settings.load(home=deep))
    assert len(str(path)) <= 100 and path.name.startswith("repokb-")
    assert socket_path(Settings.load(home=deep)) == path  # the same home, the same socket


def test_remote_speaks_context_activity_and_project_stats(home, mixed_repo):
    """The reads `repokb mcp` forwards to the store's owner answer as they do in-process."""
    from repokb.operations import Operations
    from repokb.surfaces.owner import NoOwner, Remote
    from repokb.workspace import Workspace

    code, _, err = run_cli("index", str(mixed_repo), "--json")
    assert code == 0, err
    settings = Settings.load()
    with pytest.raises(NoOwner):
        Remote(settings)
    with Workspace(settings) as ws:
        ops = Operations(ws)
        alone = (ops.context("src/shop/db.py", "shop", line=2, after=1), ops.stats("shop"))
    assert alone[1]["by_project"] == {"shop": alone[1]["files"]} and alone[1]["points"] > 0
    with serve_process(home):
        remote = Remote(settings)
        try:
            served = (remote.context("src/shop/db.py", "shop", line=2, after=1),
                      remote.stats("shop"))
            activity = remote.activity()
        finally:
            remote.close()
    assert untimed(served) == untimed(alone)
    assert activity["writing"] is False and activity["pid"] > 0


def test_an_owner_answers_with_a_short_switch_interval_and_gives_it_back(home, mixed_repo):
    """While this process serves the owner socket (an index run answering searches), the
    interpreter hands the GIL over every SWITCH_INTERVAL instead of CPython's 5 ms, so a
    search does not wait 5 ms behind the run's Python at each hand-over; afterwards the
    process's own interval is back."""
    import sys

    from repokb.operations import Operations
    from repokb.surfaces.owner import SWITCH_INTERVAL, OwnerSocket, Remote
    from repokb.workspace import Workspace

    before = sys.getswitchinterval()
    assert before > SWITCH_INTERVAL  # CPython's default, 0.005
    settings = Settings.load()
    with Workspace(settings) as ws:
        with OwnerSocket(Operations(ws)):
            during = sys.getswitchinterval()
            remote = Remote(settings)
            try:
                assert remote.activity()["writing"] is False  # it answers meanwhile
            finally:
                remote.close()
        after = sys.getswitchinterval()
    assert during == pytest.approx(SWITCH_INTERVAL)
    assert after == before
