"""Index runs several callers share, or whose caller vanished, with real processes: a `repokb
serve` owning the store, `repokb mcp` agents forwarding their runs to it and agents using its
/mcp endpoint (the official MCP client), and plain REST callers.

Found in earlier sessions: a `repokb mcp` killed outright (SIGKILL, its agent's host crashing)
after handing its index run to the owner left the run going to its end, holding the write lock,
followed by nobody; and the same folder asked for by two callers while its job waited was one
job, so one caller's cancel stopped the other's run too."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

from repokb.settings import Settings
from repokb.surfaces.owner import Remote

from ..conftest import serve_process
from .test_index_cancel import (
    FILES,
    KEY,
    LOADED,
    PAGE,
    followed,
    http_session,
    in_dense_pass,
    stopped,
)
from .test_mcp import call, run, stdio_session
from .test_processes import generate_tree

pytestmark = pytest.mark.integration

LEASE = 3.0  # the owner's job_lease_seconds in these tests (15 s by default)
MARGIN = 12.0  # the run's next file or page of vectors, a loaded machine


def jobs_of(url: str, project: str) -> list[dict[str, Any]]:
    with httpx.Client(headers=KEY) as client:
        return [j for j in client.get(f"{url}/knowledge/jobs").json() if j["project"] == project]


def wait_for(url: str, project: str, statuses: tuple[str, ...], seconds: float = 300,
             ) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = jobs_of(url, project)
        if found and found[0]["status"] in statuses:
            return found[0]
        time.sleep(0.05)
    pytest.fail(f"the job of {project} never got to {statuses}: {jobs_of(url, project)}")


def mcp_servers() -> list[int]:
    """The `repokb mcp` processes this test started (children of this process)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if parent == os.getpid() and b"repokb" in cmdline and b"mcp" in cmdline:
            found.append(int(entry.name))
    return found


def test_a_run_handed_off_by_a_killed_mcp_server_is_cancelled_after_its_lease(
        home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SIGKILL a `repokb mcp` whose index run is a job of serve's: serve cancels the job once
    nobody asked about it for the lease, says why, and its write lock is free for the next
    run. Before: the job ran to its end (status "done"), minutes of embedding for nobody."""
    tree, small = tmp_path / "big", tmp_path / "small"
    generate_tree(tree, 1200, seed=7)  # over 30 s of work under serve on this machine
    generate_tree(small, 20, seed=8)
    monkeypatch.setenv("REPOKB_BUFFER_CHUNKS", PAGE)
    monkeypatch.setenv("REPOKB_JOB_LEASE_SECONDS", str(LEASE))

    async def hand_off_then_die(url: str) -> None:
        async with stdio_session(home, "--allow-root", str(tmp_path)) as s:
            data, text, error = await call(s, "index_path", path=str(tree), wait_seconds=0)
            assert not error and "another repokb process" in data["freshness"]["store_owner"]
            await anyio.to_thread.run_sync(in_dense_pass, home, "big")
            (pid,) = mcp_servers()
            os.kill(pid, signal.SIGKILL)  # no goodbye: its job is left to serve

    with serve_process(home, allow_roots=(tmp_path,)) as url:
        run(lambda: hand_off_then_die(url))
        killed = time.monotonic()
        job = wait_for(url, "big", ("done", "failed", "cancelled"), seconds=LEASE + MARGIN)
        assert time.monotonic() - killed < LEASE + MARGIN
        assert job["status"] == "cancelled", job
        assert "caller went away" in job["reason"] and job["holders"] == 0, job
        assert stopped(home, "big")["dense_pending"] > 0  # the owner writes no more: stopped
        with httpx.Client(headers=KEY, base_url=url) as client:  # the write lock is free
            posted = client.post("/knowledge/index", json={"path": str(small)}).json()
            assert posted["hold"] and posted["holders"] == 1
        assert wait_for(url, "small", ("done", "failed", "cancelled"), 120)["status"] == "done"


def test_two_agents_ask_for_the_same_run_and_one_cancels_it_goes_on_for_the_other(
        home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two `repokb mcp` agents ask serve for the same folder while its job waits (behind an
    operator's run): one job, two holds. The first agent's cancel_index releases its hold only:
    the run goes on and completes for the second. Before: it stopped for both."""
    first, shared = tmp_path / "first", tmp_path / "shared"
    generate_tree(first, 400, seed=5)
    generate_tree(shared, 400, seed=6)
    monkeypatch.setenv("REPOKB_BUFFER_CHUNKS", PAGE)
    monkeypatch.setenv("REPOKB_JOB_LEASE_SECONDS", str(LEASE))

    async def agents(url: str) -> None:
        with httpx.Client(headers=KEY, base_url=url) as client:
            blocker = client.post("/knowledge/index", json={"path": str(first)}).json()
        await anyio.to_thread.run_sync(wait_for, url, "first", ("running",))
        async with (stdio_session(home, "--allow-root", str(tmp_path)) as one,
                    stdio_session(home, "--allow-root", str(tmp_path)) as two):
            for agent in (one, two):
                data, text, error = await call(agent, "index_path", path=str(shared),
                                               wait_seconds=0)
                assert not error, text
            deadline = time.monotonic() + LOADED
            while time.monotonic() < deadline:  # each forwards its run as a job of serve's
                theirs = await anyio.to_thread.run_sync(jobs_of, url, "shared")
                if theirs and theirs[0]["holders"] == 2:
                    break
                await anyio.sleep(0.1)
            (job,) = theirs
            assert job["status"] == "queued" and job["holders"] == 2, theirs
            data, text, error = await call(one, "cancel_index", path=str(shared),
                                           wait_seconds=30)
            assert not error and data["job"]["status"] == "cancelled", text
            assert "goes on for 1 other caller" in text, text
            (job,) = await anyio.to_thread.run_sync(jobs_of, url, "shared")
            assert job["status"] == "queued" and job["holders"] == 1, job
            with httpx.Client(headers=KEY, base_url=url) as client:  # the operator's stop
                stop = client.post(f"/knowledge/jobs/{blocker['id']}/cancel",
                                   params={"all": "true"}).json()
            assert stop["released"] and stop["reason"].startswith("Stopped for every caller")
            data, text = await followed(two, shared)
            assert data["job"]["status"] == "done", text
            summary = data["job"]["summary"]
            assert summary["files_seen"] == FILES and summary["chunks_dense_pending"] == 0
            (job,) = await anyio.to_thread.run_sync(jobs_of, url, "shared")
            assert job["status"] == "done" and job["reason"] is None, job

    with serve_process(home, allow_roots=(tmp_path,)) as url:
        run(lambda: agents(url))


def test_a_lease_only_when_the_caller_asks_for_one(home: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """POST /knowledge/index without `follow` (the dashboard, a script: fire and forget) runs
    to its end though nobody asks about it; with `follow` and no poll it is cancelled. Two REST
    callers of one waiting run each get a hold; the cancel of one (?hold=) releases its own."""
    fire, followed = tmp_path / "fire", tmp_path / "followed"
    generate_tree(fire, 400, seed=5)
    generate_tree(followed, 400, seed=6)
    monkeypatch.setenv("REPOKB_BUFFER_CHUNKS", PAGE)
    monkeypatch.setenv("REPOKB_JOB_LEASE_SECONDS", "1")
    with serve_process(home, allow_roots=(tmp_path,)) as url, \
            httpx.Client(headers=KEY, base_url=url, timeout=30) as client:
        schema = client.get("/openapi.json").json()["components"]["schemas"]
        assert "follow" in schema["IndexRequest"]["properties"]
        assert {"holders", "reason", "hold", "released"} <= set(schema["Job"]["properties"])
        plain = client.post("/knowledge/index", json={"path": str(fire)}).json()
        lease = client.post("/knowledge/index", json={"path": str(followed), "follow": True})
        assert lease.status_code == 202, lease.text
        again = client.post("/knowledge/index", json={"path": str(followed), "follow": True})
        assert again.json()["id"] == lease.json()["id"] and again.json()["holders"] == 2
        mine = client.post(f"/knowledge/jobs/{lease.json()['id']}/cancel",
                           params={"hold": lease.json()["hold"]}).json()
        assert mine["released"] and mine["status"] == "queued" and mine["holders"] == 1
        # nobody asks about either job from here on: the followed one's last hold lapses
        ended = wait_for(url, "followed", ("done", "failed", "cancelled"), seconds=300)
        assert ended["status"] == "cancelled" and "caller went away" in ended["reason"]
        assert ended["started_at"] is None  # let go while it waited: never ran
        while Remote(Settings.load(home=home)).activity()["writing"]:
            time.sleep(0.5)  # the activity, not the job: the plain job is asked about by none
        job = client.get(f"/knowledge/jobs/{plain['id']}").json()
        assert job["status"] == "done" and job["reason"] is None, job
        assert job["summary"]["chunks_dense_pending"] == 0


def holders_of(url: str, job_id: str, holders: int, seconds: float = LOADED,
               ) -> dict[str, Any]:
    """The job once `holders` callers hold it (a session's end reaches serve a moment after
    its client left)."""
    deadline = time.monotonic() + seconds
    while True:
        with httpx.Client(headers=KEY) as client:
            job = client.get(f"{url}/knowledge/jobs/{job_id}").json()
        if job["holders"] == holders or time.monotonic() > deadline:
            return job
        time.sleep(0.1)


def test_each_mcp_session_under_serve_holds_its_own_part_of_a_shared_run(
        home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two agents on serve's /mcp index the same folder: the second joins the first's run. The
    second's cancel_index lets go of its own part only (the run goes on for the first), a
    cancel_index from a session that holds no part of a run is refused and stops nothing, and
    the first's cancel then stops it. A session that ends (its client closes: DELETE) lets go
    of its part too: the run stops when the last session holding it ends. Before: index_path
    took a hold without keeping its id and cancel_index let go of any such hold, so the second
    agent's cancel stopped the first agent's run, and a closed session held on for ever."""
    tree = tmp_path / "big"
    generate_tree(tree, 1200, seed=7)  # over 30 s of work under serve on this machine
    monkeypatch.setenv("REPOKB_BUFFER_CHUNKS", PAGE)

    async def agents(url: str) -> None:
        async with http_session(url) as one, http_session(url) as two:
            data, text, error = await call(one, "index_path", path=str(tree), wait_seconds=0)
            assert not error, text
            job = data["job"]["id"]
            await anyio.to_thread.run_sync(wait_for, url, "big", ("running",))
            data, text, error = await call(two, "index_path", path=str(tree), wait_seconds=0)
            assert not error and data["job"]["id"] == job, text  # the same run, joined
            assert data["job"]["status"] == "running" and data["job"]["holders"] == 2, text
            data, text, error = await call(two, "cancel_index", job_id=job, wait_seconds=5)
            assert not error and data["job"]["status"] == "running", text
            assert "goes on for them" in text and data["job"]["holders"] == 1, text
            # asked again, or by a session that never asked for the run: refused, not stopped
            data, text, error = await call(two, "cancel_index", path=str(tree), wait_seconds=5)
            assert error and data["error"]["type"] == "forbidden", text
            assert "was not cancelled" in text and "goes on for the 1 caller" in text, text
            assert "cancel?all=true" in data["error"]["hint"], data
            await anyio.sleep(2)  # a run stopped would be cancelled by now (its next file)
            (ran,) = await anyio.to_thread.run_sync(jobs_of, url, "big")
            assert ran["status"] == "running" and ran["holders"] == 1, ran
            data, text, error = await call(one, "cancel_index", job_id=job, wait_seconds=60)
            assert not error and data["job"]["status"] == "cancelled", text
            assert data["job"]["reason"] == "Cancelled by its caller.", data["job"]
            await anyio.to_thread.run_sync(stopped, home, "big")  # the owner writes no more

            # a session that ends lets go of its part; the last one's end stops the run
            async with http_session(url) as three:
                data, text, error = await call(one, "index_path", path=str(tree),
                                               wait_seconds=0)
                assert not error, text
                again = data["job"]["id"]
                assert again != job and data["job"]["holders"] == 1, text
                data, text, error = await call(three, "index_path", path=str(tree),
                                               wait_seconds=0)
                assert not error and data["job"]["id"] == again, text
                assert data["job"]["holders"] == 2, text
            left = await anyio.to_thread.run_sync(holders_of, url, again, 1)
            assert left["status"] in ("queued", "running") and left["holders"] == 1, left
        ended = await anyio.to_thread.run_sync(wait_for, url, "big",
                                               ("done", "failed", "cancelled"), MARGIN * 5)
        assert ended["id"] == again and ended["status"] == "cancelled", ended
        assert "MCP session ended" in ended["reason"] and ended["holders"] == 0, ended
        await anyio.to_thread.run_sync(stopped, home, "big")

    with serve_process(home, allow_roots=(tmp_path,)) as url:
        run(lambda: agents(url))


def test_a_rest_cancel_naming_no_hold_lets_go_only_of_a_plain_rest_callers_hold(
        home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One waiting run held by an agent on serve's /mcp, a REST caller following it and a
    plain REST caller. A cancel with neither ?hold= nor ?all=true lets go of the plain REST
    caller's hold (a caller that may not have kept its hold), and then of nothing: it is
    refused (403, the one error shape, a hint naming ?hold= and ?all=true) and the run goes on
    for the agent and the follower. Before: the second such cancel let go of the agent's hold,
    so one REST client silently dropped an MCP session's part of the run."""
    first, shared = tmp_path / "first", tmp_path / "shared"
    generate_tree(first, 400, seed=5)
    generate_tree(shared, 40, seed=6)
    monkeypatch.setenv("REPOKB_BUFFER_CHUNKS", PAGE)
    monkeypatch.setenv("REPOKB_JOB_LEASE_SECONDS", "120")  # the follower never lapses here

    async def callers(url: str) -> None:
        client = httpx.Client(headers=KEY, base_url=url, timeout=30)
        blocker = client.post("/knowledge/index", json={"path": str(first)}).json()
        await anyio.to_thread.run_sync(wait_for, url, "first", ("running",))
        plain = client.post("/knowledge/index", json={"path": str(shared)}).json()
        follower = client.post("/knowledge/index",
                               json={"path": str(shared), "follow": True}).json()
        job = plain["id"]
        assert follower["id"] == job and follower["holders"] == 2, follower
        assert plain["hold"] and follower["hold"] and plain["hold"] != follower["hold"]
        async with http_session(url) as agent:  # joins the run waiting its turn
            data, text, error = await call(agent, "index_path", path=str(shared),
                                           wait_seconds=0)
            assert not error and data["job"]["id"] == job, text
            assert data["job"]["status"] == "queued" and data["job"]["holders"] == 3, text

            anonymous = client.post(f"/knowledge/jobs/{job}/cancel")
            assert anonymous.status_code == 200, anonymous.text
            assert anonymous.json()["released"] and anonymous.json()["holders"] == 2
            refused = client.post(f"/knowledge/jobs/{job}/cancel")
            assert refused.status_code == 403, refused.text
            error_body = refused.json()["error"]
            assert error_body["code"] == "forbidden" and error_body["request_id"], error_body
            assert "was not cancelled" in error_body["message"], error_body
            assert "2 callers" in error_body["message"], error_body
            assert "?hold=" in error_body["hint"] and "?all=true" in error_body["hint"]
            held = client.get(f"/knowledge/jobs/{job}").json()
            assert held["status"] == "queued" and held["holders"] == 2, held

            mine = client.post(f"/knowledge/jobs/{job}/cancel",
                               params={"hold": follower["hold"]}).json()
            assert mine["released"] and mine["holders"] == 1, mine
            data, text, error = await call(agent, "cancel_index", job_id=job, wait_seconds=5)
            assert not error and data["job"]["status"] == "cancelled", text
            assert data["job"]["reason"] == "Cancelled by its caller.", data["job"]
            ended = client.post(f"/knowledge/jobs/{job}/cancel")  # ended: answered as it is
            assert ended.status_code == 200 and not ended.json()["released"], ended.text
        stop = client.post(f"/knowledge/jobs/{blocker['id']}/cancel", params={"all": "true"})
        assert stop.status_code == 200 and stop.json()["released"], stop.text
        client.close()

    with serve_process(home, allow_roots=(tmp_path,)) as url:
        run(lambda: callers(url))


# An agent on serve's /mcp with the official MCP client, killed outright (SIGKILL) while its
# session holds an index run: it sends no DELETE, so serve must notice on its own.
AGENT = """
import sys

import anyio
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client


async def main(url: str, folder: str) -> None:
    async with (create_mcp_http_client(headers={"x-api-key": "test-key"}) as http,
                streamable_http_client(url + "/mcp", http_client=http) as (read, write),
                ClientSession(read, write) as session):
        await session.initialize()
        result = await session.call_tool("index_path", {"path": folder, "wait_seconds": 0})
        assert not result.is_error, result
        print(result.structured_content["job"]["id"], flush=True)
        await anyio.sleep_forever()

anyio.run(main, sys.argv[1], sys.argv[2])
"""


def http_agent(url: str, folder: Path, started: list[subprocess.Popen[str]],
               ) -> tuple[subprocess.Popen[str], str]:
    """A killable agent on serve's /mcp that asked for an index run of `folder`, and its job
    id; added to `started` (for the test to kill it whatever happens)."""
    proc = subprocess.Popen([sys.executable, "-c", AGENT, url, str(folder)],
                            stdout=subprocess.PIPE, text=True)
    started.append(proc)
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    if not line:
        kill(proc)
        pytest.fail(f"the agent exited with {proc.returncode}")
    return proc, line


def kill(proc: subprocess.Popen[str]) -> None:
    """SIGKILL: no goodbye, no DELETE of its MCP session (a no-op once it was killed)."""
    proc.kill()
    proc.wait()
    if proc.stdout is not None:
        proc.stdout.close()


def test_a_killed_agents_mcp_session_lets_go_of_its_run_after_the_lease(
        home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An agent killed outright leaves its MCP session at serve's /mcp (no DELETE): its event
    stream (the GET every official client keeps open) closes, and once nothing more came from
    the session for job_lease_seconds, serve lets go of its part of the run. A live agent that
    keeps its stream open keeps its part, though it calls nothing for longer than that. Before:
    the killed agent's session held the run until the SDK's idle time-out, 30 minutes."""
    tree = tmp_path / "big"
    generate_tree(tree, 1200, seed=7)  # over 30 s of work under serve on this machine
    monkeypatch.setenv("REPOKB_BUFFER_CHUNKS", PAGE)
    monkeypatch.setenv("REPOKB_JOB_LEASE_SECONDS", str(LEASE))
    started: list[subprocess.Popen[str]] = []

    async def agents(url: str) -> None:
        async with http_session(url) as live:
            killed, job = await anyio.to_thread.run_sync(http_agent, url, tree, started)
            await anyio.to_thread.run_sync(wait_for, url, "big", ("running",))
            data, text, error = await call(live, "index_path", path=str(tree), wait_seconds=0)
            assert not error and data["job"]["id"] == job and data["job"]["holders"] == 2
            quiet = time.monotonic()  # the live agent calls nothing from here on
            kill(killed)
            left = await anyio.to_thread.run_sync(holders_of, url, job, 1, LEASE + MARGIN)
            assert left["status"] == "running" and left["holders"] == 1, left
            assert time.monotonic() - quiet < LEASE + MARGIN
            await anyio.sleep(max(0.0, quiet + LEASE + 2 - time.monotonic()))
            (still,) = await anyio.to_thread.run_sync(jobs_of, url, "big")
            assert still["status"] == "running" and still["holders"] == 1, still  # the live one

            # the last holder killed: the run stops, saying why
            again, joined = await anyio.to_thread.run_sync(http_agent, url, tree, started)
            assert joined == job
            data, text, error = await call(live, "cancel_index", job_id=job, wait_seconds=5)
            assert not error and data["job"]["status"] == "running", text
            assert data["job"]["holders"] == 1, text  # the second agent's
            kill(again)
            gone = time.monotonic()
            ended = await anyio.to_thread.run_sync(wait_for, url, "big",
                                                   ("done", "failed", "cancelled"),
                                                   LEASE + MARGIN)
            assert time.monotonic() - gone < LEASE + MARGIN
            assert ended["status"] == "cancelled" and ended["holders"] == 0, ended
            assert "MCP session" in ended["reason"] and "went quiet" in ended["reason"], ended
            await anyio.to_thread.run_sync(stopped, home, "big")

    with serve_process(home, allow_roots=(tmp_path,)) as url:
        try:
            run(lambda: agents(url))
        finally:
            for proc in started:
                kill(proc)


def test_a_rest_cancel_naming_a_hold_the_job_never_gave_is_not_found(
        home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cancel with ?hold= of a hold the job never gave (a typo, another job's hold) is
    answered 404 in the one error shape, naming the hold, and lets go of nothing; the caller's
    own hold still lets the run go, and asked for again once the run ended is answered as it
    is. Before: 200 `released: false`, which a script reads as "the run was already stopping"
    while it goes on."""
    big = tmp_path / "big"
    generate_tree(big, 400, seed=9)
    monkeypatch.setenv("REPOKB_BUFFER_CHUNKS", PAGE)
    with serve_process(home, allow_roots=(tmp_path,)) as url, httpx.Client(
            headers=KEY, base_url=url, timeout=30) as client:
        job = client.post("/knowledge/index", json={"path": str(big)}).json()
        wait_for(url, "big", ("running",))
        for stale in ("0123456789abcdef0123456789abcdef", "typo"):
            wrong = client.post(f"/knowledge/jobs/{job['id']}/cancel", params={"hold": stale})
            assert wrong.status_code == 404, wrong.text
            error = wrong.json()["error"]
            assert error["code"] == "not_found" and error["request_id"], error
            assert stale in error["message"] and job["id"] in error["message"], error
            assert "?hold=" in error["hint"] and "?all=true" in error["hint"], error
        held = client.get(f"/knowledge/jobs/{job['id']}").json()
        assert held["status"] == "running" and held["holders"] == 1, held
        mine = client.post(f"/knowledge/jobs/{job['id']}/cancel", params={"hold": job["hold"]})
        assert mine.status_code == 200 and mine.json()["released"], mine.text
        ended = wait_for(url, "big", ("cancelled",), seconds=MARGIN * 5)
        assert ended["reason"] == "Cancelled by its caller.", ended
        again = client.post(f"/knowledge/jobs/{job['id']}/cancel", params={"hold": job["hold"]})
        assert again.status_code == 200 and not again.json()["released"], again.text
        wrong = client.post(f"/knowledge/jobs/{job['id']}/cancel", params={"hold": "typo"})
        assert wrong.status_code == 404, wrong.text
