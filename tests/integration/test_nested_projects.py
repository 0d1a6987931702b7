"""A folder indexed inside an indexed project's folder, or around one: every file belongs to one
project, as a git repository nested in another is its own project and never indexed twice.

Before, `repokb index ~/work` and then `repokb index ~/work/tool` (or the other order) stored
tool's files under two projects ("work" and "tool"): every search showed each hit twice."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import anyio
import pytest

from ..conftest import invoke, run_cli, write

pytestmark = pytest.mark.integration


def tree(tmp_path: Path) -> Path:
    work = tmp_path / "work"
    write(work, "app.py", '''
        def render_invoice_page(invoice):
            """Render an invoice as the HTML page a customer sees."""
            return f"<h1>Invoice {invoice.number}</h1><p>{invoice.total}</p>"
        ''')
    write(work, "tool/cli.py", '''
        def rotate_log_files(folder, keep=5):
            """Rotate the log files of a folder, keeping the newest `keep` of them."""
            logs = sorted(folder.glob("*.log"))
            for old in logs[:-keep]:
                old.unlink()
        ''')
    write(work, "tool/README.md", "# Tool\n\nA command line tool that rotates log files "
          "and keeps the newest ones.\n")
    return work


def index(*args: str) -> dict[str, Any]:
    code, out, err = run_cli("index", *args, "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def refused(*args: str) -> str:
    code, out, err = run_cli(*args)
    assert code == 2, (out, err)
    assert "Traceback" not in err
    return " ".join(err.split())  # one line, however the terminal wrapped it


def stats() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(invoke("stats", "--json"))
    return data


def search(query: str) -> list[dict[str, Any]]:
    hits: list[dict[str, Any]] = json.loads(invoke("search", query, "--json", "--limit", "20"))
    return hits


def no_twice(hits: list[dict[str, Any]]) -> None:
    """No file's text answers twice (once per project)."""
    places = [(h["path"].removeprefix("tool/"), h["start_line"]) for h in hits]
    assert len(places) == len(set(places)), hits


def test_a_folder_inside_an_indexed_project_updates_that_project(home, tmp_path):
    work = tree(tmp_path)
    index(str(work))
    write(work, "tool/archive.py", '''
        def archive_rotated_logs(folder, target):
            """Move the rotated log files of a folder into an archive folder."""
            for log in folder.glob("*.log.*"):
                log.rename(target / log.name)
        ''')
    (work / "tool/README.md").unlink()
    data = index(str(work / "tool"))
    assert data["summary"]["scope"] == {"work": "tool"}
    assert {f["project"] for f in data["files"]} == {"work"}
    assert {f["path"] for f in data["files"]} == {"tool/cli.py", "tool/archive.py"}
    assert data["summary"]["files_deleted"] == 1  # tool/README.md: under the folder, gone
    found = stats()
    assert set(found["by_project"]) == set(found["points_by_project"]) == {"work"}
    assert found["by_project"]["work"] == 3  # app.py, outside the folder, is kept
    hits = search("rotate and archive log files")
    assert {h["project"] for h in hits} == {"work"}
    assert {"tool/cli.py", "tool/archive.py", "app.py"} <= {h["path"] for h in hits}
    no_twice(hits)
    # the person at the terminal is told where the files went
    code, out, err = run_cli("index", str(work / "tool"))
    assert code == 0, err
    said = " ".join(out.split())
    assert "part of project 'work'" in said and "tool/" in said, out
    assert "last run: work (its folder tool/)" in invoke("stats")
    # the dry run decides the same
    dry = index(str(work / "tool"), "--dry-run")
    assert dry["summary"]["scope"] == {"work": "tool"}
    assert {f["project"] for f in dry["files"]} == {"work"}
    assert {f["path"] for f in dry["files"]} == {"tool/cli.py", "tool/archive.py"}


def test_another_name_for_an_indexed_folder_or_one_inside_it_is_refused(home, tmp_path):
    work = tree(tmp_path)
    index(str(work))
    before = stats()
    for extra in ((), ("--dry-run",)):
        said = refused("index", str(work / "tool"), "--project", "tool", *extra)
        assert "lies inside project 'work'" in said and "twice" in said, said
        assert "Leave out --project (or give it 'work')" in said, said
        assert "flush project 'work' first" in said, said
        said = refused("index", str(work), "--project", "other", *extra)
        assert "already indexed as project 'work'" in said, said
    # the project's own name is the same project (as no name is)
    assert index(str(work / "tool"), "--project", "work")["summary"]["scope"] == {"work": "tool"}
    # --flush would drop the whole project and index back only the folder
    said = refused("index", str(work / "tool"), "--flush")
    assert "--flush" in said and "project 'work'" in said, said
    after = stats()
    assert after["by_project"] == before["by_project"] == {"work": 3}
    assert after["points"] == before["points"]
    # a folder indexed under another name is that project again, not a second one
    invoke("flush", "--project", "work", "--yes")
    index(str(work), "--project", "shop")
    assert {f["project"] for f in index(str(work))["files"]} == {"shop"}
    assert set(stats()["by_project"]) == {"shop"}


def test_a_parent_folder_leaves_an_indexed_folder_inside_it_to_its_project(home, tmp_path):
    work = tree(tmp_path)
    index(str(work / "tool"))
    tool_points = stats()["points"]
    for extra in (("--dry-run",), ()):
        data = index(str(work), *extra)
        record = next(f for f in data["files"] if f["path"] == "tool")
        assert record["project"] == "work" and record["chunks"] == 0
        assert "indexed as project 'tool'" in record["reasons"][0], record
        assert not [f for f in data["files"] if f["path"].startswith("tool/")]
        assert data["summary"]["left_to_other_projects"] == {"work": {"tool": "tool"}}
    found = stats()
    assert found["by_project"] == {"tool": 2, "work": 1}
    assert found["points_by_project"]["tool"] == tool_points
    no_twice(search("rotate log files keeping the newest"))
    # explain answers from the project that holds the file, and why the other left it out
    record = json.loads(invoke("explain", str(work / "tool/cli.py"), "--json"))
    assert record["project"] == "tool" and record["status"] == "indexed"
    record = json.loads(invoke("explain", "tool/cli.py", "--project", "work", "--json"))
    assert record["inside"] == "tool" and "indexed as project 'tool'" in record["reason"]
    # the human dry run says it too
    code, out, err = run_cli("index", str(work), "--dry-run")
    assert code == 0, err
    assert "indexed as project 'tool'" in " ".join(out.split())
    # a file of tool changed: indexing the parent does not touch it, tool's own run does
    write(work, "tool/cli.py", "def rotate_log_files(folder):\n    \"\"\"Rotate them all, "
          "keeping none of the old log files.\"\"\"\n    return [p.unlink() for p in "
          "folder.glob('*.log')]\n")
    assert index(str(work))["summary"]["chunks_updated"] == 0
    again = index(str(work / "tool"))
    assert "scope" not in again["summary"] and again["summary"]["chunks_updated"] == 1
    assert {f["project"] for f in again["files"]} == {"tool"}


def test_duplicates_an_older_repokb_stored_leave_the_parent_project_only(home, tmp_path,
                                                                        settings, real_embedder):
    """A home where both folders were indexed before this rule (tool's files in two projects):
    the next index of the parent forgets its copies, and tool's own stay."""
    from repokb.operations import Operations
    from repokb.pipeline.discover import ProjectRoot
    from repokb.workspace import Workspace

    work = tree(tmp_path)
    with Workspace(settings) as ws:
        ws.__dict__["embedder"] = real_embedder
        ops = Operations(ws)
        ops.run_index([ProjectRoot("work", work)])
        ops.run_index([ProjectRoot("tool", work / "tool")])
    assert stats()["by_project"] == {"tool": 2, "work": 3}  # the old duplicate state
    tool_points = stats()["points_by_project"]["tool"]
    summary = index(str(work))["summary"]
    assert summary["files_deleted"] == 2 and summary["chunks_pruned"] >= 2
    found = stats()
    assert found["by_project"] == {"tool": 2, "work": 1}
    assert found["points_by_project"]["tool"] == tool_points  # the other project's are kept
    hits = search("rotate log files keeping the newest")
    assert any(h["project"] == "tool" and h["path"] == "cli.py" for h in hits)
    no_twice(hits)
    # explain answers from the innermost project (work, listed first, only says it left it)
    record = json.loads(invoke("explain", str(work / "tool/cli.py"), "--json"))
    assert record["project"] == "tool" and record["status"] == "indexed"
    # and indexing a folder of both now picks the innermost project
    assert index(str(work / "tool"))["files"][0]["project"] == "tool"


def git(folder: Path, *args: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}
    subprocess.run(["git", "-C", str(folder), *args], check=True, capture_output=True, env=env)


def test_git_repositories_and_plain_folders_draw_project_boundaries_alike(home, tmp_path):
    """Inside a parent, a nested git repository was already its own project; a folder indexed
    as a project is one too. A subfolder of an indexed git repository updates that project,
    as a plain one does."""
    parent = tmp_path / "all"
    work = tree(parent)
    write(parent, "repo/lib/pay.py", "def charge_card(card, amount):\n    \"\"\"Charge a "
          "card through the payment gateway.\"\"\"\n    return gateway.charge(card, amount)\n")
    write(parent, "repo/lib/refund.py", "def refund_card(card, amount):\n    \"\"\"Refund a "
          "card charge.\"\"\"\n    return gateway.refund(card, amount)\n")
    git(parent / "repo", "init", "-q")
    git(parent / "repo", "add", "-A")
    git(parent / "repo", "commit", "-qm", "init")
    write(parent, "other/main.go", "package main\n\nfunc main() {}\n")
    git(parent / "other", "init", "-q")
    index(str(work))
    index(str(parent / "repo"))
    data = index(str(parent / "repo" / "lib"))
    assert data["summary"]["scope"] == {"repo": "lib"}
    data = index(str(parent))
    reasons = {f["path"]: f["reasons"][0] for f in data["files"]}
    assert set(reasons) == {"repo", "work", "other"}  # nothing of theirs walked
    assert "nested repository" in reasons["other"]  # a git repository: its own project
    assert "indexed as project 'repo'" in reasons["repo"]  # an indexed one: that project
    assert "indexed as project 'work'" in reasons["work"]  # and a plain folder's too
    # "all" is a project too, of 0 files (its records are the three folders)
    assert stats()["by_project"] == {"repo": 2, "work": 3, "all": 0}


def test_odd_spellings_and_missing_roots(home, tmp_path):
    work = tree(tmp_path)
    index(str(work))
    # a symlink to the folder is the folder
    link = tmp_path / "shortcut"
    link.symlink_to(work / "tool", target_is_directory=True)
    assert index(str(link))["summary"]["scope"] == {"work": "tool"}
    assert index(f"{work}/./tool/")["summary"]["scope"] == {"work": "tool"}
    # one folder given twice under two spellings, or a folder with one inside it
    alias = tmp_path / "alias"
    alias.symlink_to(work, target_is_directory=True)
    said = refused("index", str(work), str(alias))
    assert "twice" in said, said
    said = refused("index", str(work), str(work / "tool"))
    assert "inside" in said and "also given" in said, said
    assert set(stats()["by_project"]) == {"work"}
    # a folder the project's walk leaves out is not the project's: its own project, as a
    # nested git repository is
    write(work, "node_modules/leftpad/index.js", "module.exports = function leftpad(s, n) "
          "{ return s.padStart(n); };\n")
    data = index(str(work / "node_modules" / "leftpad"))
    assert "scope" not in data["summary"]
    assert {f["project"] for f in data["files"]} == {"leftpad"}
    assert index(str(work))["summary"]["files_indexed"] == 3  # node_modules: still skipped
    # a project whose folder is gone: its parent is indexed, the gone project left as it was
    outer = tmp_path / "outer"
    write(outer, "readme.md", "# Outer\n\nThe outer folder of everything here.\n")
    write(outer, "inner/notes.md", "# Notes\n\nSome notes about deployments and rollbacks.\n")
    index(str(outer / "inner"))
    (outer / "inner" / "notes.md").unlink()
    (outer / "inner").rmdir()
    data = index(str(outer))
    assert [f["path"] for f in data["files"]] == ["readme.md"]
    assert stats()["by_project"]["inner"] == 1
    said = refused("index", str(outer / "inner"))
    assert "does not exist" in said


def wait_for(get: Any, job_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        job: dict[str, Any] = get(f"/knowledge/jobs/{job_id}").json()
        if job["status"] not in ("queued", "running"):
            return job
        time.sleep(0.2)
    raise AssertionError(f"job {job_id} did not finish")


def test_the_rest_api_places_a_folder_as_the_cli_does(home, tmp_path, real_embedder):
    from fastapi.testclient import TestClient

    from repokb.operations import Operations
    from repokb.settings import Settings
    from repokb.surfaces.server.app import create_app
    from repokb.workspace import Workspace

    work = tree(tmp_path / "allowed")
    ws = Workspace(Settings.load(api_key="k", allowed_roots=(str(tmp_path / "allowed"),)))
    ws.__dict__["embedder"] = real_embedder
    try:
        with TestClient(create_app(Operations(ws)), raise_server_exceptions=False,
                        base_url="http://127.0.0.1:8765", headers={"x-api-key": "k"}) as client:
            assert client.post("/knowledge/index/run", json={"paths": [str(work)]}
                               ).status_code == 200
            job = client.post("/knowledge/index", json={"path": str(work / "tool")}).json()
            assert job["project"] == "work", job
            done = wait_for(client.get, job["id"])
            assert done["status"] == "done" and done["summary"]["scope"] == {"work": "tool"}
            run = client.post("/knowledge/index/run", json={"paths": [str(work / "tool")]})
            assert run.json()["summary"]["scope"] == {"work": "tool"}
            for path, body in (("/knowledge/index", {"path": str(work / "tool"),
                                                     "project": "tool"}),
                               ("/knowledge/index/run", {"paths": [str(work / "tool")],
                                                         "project": "tool"})):
                answer = client.post(path, json=body)
                assert answer.status_code == 422, answer.json()
                error = answer.json()["error"]
                assert "inside project 'work'" in error["message"]
                assert str(tmp_path) not in json.dumps(error)  # no folder of the server told
            stats = client.get("/knowledge/stats").json()
            assert set(stats["by_project"]) == {"work"}
    finally:
        ws.close()


def test_a_queued_job_whose_parent_project_was_flushed_indexes_its_folder_as_its_own(
        home, tmp_path, real_embedder):
    """A job for work/tool, placed as a run of project work when it was asked for, waits its
    turn; meanwhile project work is flushed. When it runs it is placed again, as a fresh
    `repokb index work/tool` would be: project "tool". Before, it indexed tool's files under
    the flushed parent's name ("work", scope-less), a project nobody asked for."""
    from fastapi.testclient import TestClient

    from repokb.operations import Operations
    from repokb.settings import Settings
    from repokb.surfaces.server.app import create_app
    from repokb.workspace import Workspace

    work = tree(tmp_path / "allowed")
    ws = Workspace(Settings.load(api_key="k", allowed_roots=(str(tmp_path / "allowed"),)))
    ws.__dict__["embedder"] = real_embedder
    ops = Operations(ws)
    try:
        with TestClient(create_app(ops), raise_server_exceptions=False,
                        base_url="http://127.0.0.1:8765", headers={"x-api-key": "k"}) as client:
            assert client.post("/knowledge/index/run", json={"paths": [str(work)]}
                               ).status_code == 200
            with ops.write_lock:  # another write goes on: the job waits its turn
                job = client.post("/knowledge/index", json={"path": str(work / "tool")}).json()
                assert job["project"] == "work", job
                # project work is flushed before the job runs (by a flush that got the store
                # first: another Operations on the same workspace, so this lock stays held)
                Operations(ws).flush("work")
            done = wait_for(client.get, job["id"])
            assert done["status"] == "done", done
            assert done["project"] == "tool", done
            assert "scope" not in done["summary"], done["summary"]
            stats = client.get("/knowledge/stats").json()
            assert set(stats["by_project"]) == {"tool"}, stats["by_project"]
            hits = client.post("/knowledge/search", json={"query": "rotate log files"}).json()
            assert hits and {h["project"] for h in hits} == {"tool"}, hits
    finally:
        ops.close()
        ws.close()


def test_the_mcp_index_path_tool_places_a_folder_as_the_cli_does(home, tmp_path):
    from .test_mcp import call, stdio_session

    work = tree(tmp_path)
    index(str(work))

    async def scenario() -> None:
        async with stdio_session(home, "--allow-root", str(tmp_path), cwd="/") as s:
            data, text, error = await call(s, "index_path", path=str(work / "tool"),
                                           wait_seconds=120)
            assert not error, text
            assert data["job"]["project"] == "work" and data["finished"], data
            assert data["job"]["summary"]["scope"] == {"work": "tool"}
            assert "indexed as part of project 'work'" in text, text
            data, text, error = await call(s, "index_path", path=str(work / "tool"),
                                           project="tool")
            assert error and "inside project 'work'" in text, text

    anyio.run(scenario)
    assert set(stats()["by_project"]) == {"work"}


def test_watch_of_a_folder_inside_a_project_keeps_that_project_current(home, tmp_path):
    work = tree(tmp_path)
    index(str(work))
    env = {**os.environ, "REPOKB_HOME": str(home)}
    watcher = subprocess.Popen(
        [sys.executable, "-m", "repokb", "watch", str(work / "tool"), "--debounce-ms", "300"],
        env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 90
        found: list[dict[str, Any]] = []
        added = False
        while time.monotonic() < deadline and not found:
            probe = subprocess.run([sys.executable, "-m", "repokb", "stats", "--json"], env=env,
                                   capture_output=True, text=True, check=False)
            last = (json.loads(probe.stdout)["last_run"] or {}) if probe.returncode == 0 else {}
            if not added and last.get("finished_at", 0) and last["summary"].get("files_seen") == 2:
                write(work, "tool/purge.py", "def purge_old_archives(folder, days):\n    \"\"\""
                      "Delete archived log files older than a number of days.\"\"\"\n"
                      "    return [p.unlink() for p in folder.glob('*.gz')]\n")
                added = True
            if added:
                hits = json.loads(subprocess.run(
                    [sys.executable, "-m", "repokb", "search", "purge old archived logs",
                     "--json"], env=env, capture_output=True, text=True, check=True).stdout)
                found = [h for h in hits if h["path"] == "tool/purge.py"]
            time.sleep(0.5)
        assert found and {h["project"] for h in found} == {"work"}, found
    finally:
        watcher.send_signal(signal.SIGINT)
        out, err = watcher.communicate(timeout=60)
    assert watcher.returncode == 0, err
    assert "tool/ lies inside the folder of project 'work'" in " ".join(out.split()), out
    found_stats = stats()
    assert set(found_stats["by_project"]) == {"work"} and found_stats["by_project"]["work"] == 4
