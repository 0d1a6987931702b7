"""Stopping an index run from every surface, with real processes: the MCP `cancel_index` tool
under `repokb serve` (/mcp), under `repokb mcp` holding the store, and under `repokb mcp`
forwarding its run to the owner; and Ctrl-C on a `repokb index` sent to a running `repokb serve`.

Each run is caught in the first half of its dense pass (pages of 16 chunks: ~50 of them for 400
modules), so a run that was not stopped would still have most of its vectors to make: after
the stop, the owner writes no more and vectors are still pending; a run left going would end
with none pending."""

from __future__ import annotations

import json
import signal
import subprocess
import threading
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from mcp import ClientSession

from repokb.errors import RepokbError
from repokb.operations import Operations
from repokb.operations.jobs import JobCancelled
from repokb.settings import Settings
from repokb.surfaces.owner import NoOwner, Remote
from repokb.workspace import Workspace

from ..conftest import serve_process
from .test_mcp import call, run, stdio_session
from .test_processes import cli, finish, generate_tree, interruptible

pytestmark = pytest.mark.integration

PAGE = "16"  # chunks per page of the dense pass (REPOKB_BUFFER_CHUNKS)
FILES = 420  # generate_tree(_, 400): 400 modules and 20 docs
KEY = {"x-api-key": "test-key"}  # serve_process's


# How long a wait may take on a loaded host (the fresh-install check ran at load 12-18, 4x as
# slow as a quiet one): a deadline, not a duration the test measures
LOADED = 600.0


def asked(home: Path, question: Callable[[Remote], Any]) -> tuple[Any, str]:
    """The owner's answer to `question` over its socket, and "" (or None, and why not: no
    owner listening, or an error it answered, e.g. while a loaded host kept it busy)."""
    try:
        return question(Remote(Settings.load(home=home))), ""
    except (NoOwner, RepokbError) as exc:
        return None, f"{type(exc).__name__}: {exc}"


def owner_stats(home: Path, project: str) -> dict[str, Any] | None:
    """The store owner's stats of `project`, over its socket (None: no answer yet)."""
    stats: dict[str, Any] | None = asked(home, lambda owner: owner.stats(project))[0]
    return stats


def in_dense_pass(home: Path, project: str,
                  proc: subprocess.Popen[str] | None = None) -> dict[str, Any]:
    """Wait until the run of `project` is in the first half of its dense pass: every chunk
    written, more than half of them still without a dense vector."""
    deadline, seen = time.monotonic() + LOADED, "no answer"
    while time.monotonic() < deadline and (proc is None or proc.poll() is None):
        stats, why = asked(home, lambda owner: owner.stats(project))
        if stats and stats["points"] and (
                stats["points"] // 2 < stats["dense_pending"] < stats["points"]):
            return stats
        seen = why or f"points {stats['points']}, dense_pending {stats['dense_pending']}"
        time.sleep(0.02)
    pytest.fail(f"never caught the run of {project} in its dense pass (last: {seen})")


def stopped(home: Path, project: str, seconds: float = LOADED) -> dict[str, Any]:
    """Once the owner writes no more (its write lock is free): the stats of `project`. Each
    question is asked again until the owner answers it (one attempt failed under load)."""
    deadline, why = time.monotonic() + seconds, "no answer"
    while time.monotonic() < deadline:
        activity, why = asked(home, lambda owner: owner.activity())
        if activity is not None and activity["writing"]:
            why = "the owner is still writing: the run goes on"
        elif activity is not None:
            stats, why = asked(home, lambda owner: owner.stats(project))
            if stats is not None:
                return dict(stats)
        time.sleep(0.1)
    pytest.fail(f"waited {seconds:.0f} s for the owner to stop writing and answer the stats "
                f"of {project}; last: {why}")


async def wait_in_dense_pass(home: Path, project: str) -> None:
    await anyio.to_thread.run_sync(in_dense_pass, home, project)


@asynccontextmanager
async def http_session(url: str) -> AsyncIterator[ClientSession]:
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    async with (create_mcp_http_client(headers=KEY) as http,
                streamable_http_client(f"{url}/mcp", http_client=http) as (read, write_),
                ClientSession(read, write_) as session):
        await session.initialize()
        yield session


async def followed(session: ClientSession, folder: Path,
                   seconds: float = LOADED) -> tuple[dict[str, Any], str]:
    """index_path on the folder, asked again (the same run: each call waits at most the
    tool's 120 s) until the run ended or `seconds` passed: its answer."""
    deadline = time.monotonic() + seconds
    while True:
        data, text, error = await call(session, "index_path", path=str(folder),
                                       wait_seconds=120)
        assert not error, text
        if data["job"]["status"] not in ("queued", "running"):
            return data, text
        assert time.monotonic() < deadline, f"the run of {folder} did not end in {seconds} s: " \
                                            f"{text}"


async def finishes(session: ClientSession, folder: Path) -> None:
    """index_path on the folder again: the run completes it (no vector left pending)."""
    data, text = await followed(session, folder)
    assert data["job"]["status"] == "done", text
    summary = data["job"]["summary"]
    assert summary["files_seen"] == FILES and summary["chunks_dense_pending"] == 0, summary


def test_cancel_index_under_serve_and_from_a_stdio_server_forwarding_to_it(
        home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    generate_tree(first, 400, seed=5)
    generate_tree(second, 400, seed=6)
    monkeypatch.setenv("REPOKB_BUFFER_CHUNKS", PAGE)  # the server's pages

    async def under_serve(url: str) -> None:
        async with http_session(url) as s:
            assert "cancel_index" in {t.name for t in (await s.list_tools()).tools}
            data, text, error = await call(s, "index_path", path=str(first), wait_seconds=0)
            assert not error, text
            job = data["job"]["id"]
            await wait_in_dense_pass(home, "first")
            data, text, error = await call(s, "cancel_index", job_id=job, wait_seconds=60)
            assert not error and data["finished"], text
            assert data["job"]["status"] == "cancelled" and data["job"]["summary"] is None
            assert "cancelled" in text and "goes on from where it stopped" in text, text
            left = await anyio.to_thread.run_sync(stopped, home, "first")
            assert left["dense_pending"] > 0  # stopped, not run to its end
            # a run that ended is answered as it ended; an unknown one is a tool error
            data, text, error = await call(s, "cancel_index", job_id=job)
            assert not error and data["job"]["status"] == "cancelled", text
            data, text, error = await call(s, "cancel_index", job_id="0123456789ab")
            assert error and data["error"]["type"] == "not_found", text  # REST: a 404
            assert "No index run with id '0123456789ab'" in text and "index_path" in text
            data, text, error = await call(s, "cancel_index", path=str(tmp_path / "nothing"))
            assert error and "No index run of" in text, text
            _, text, error = await call(s, "cancel_index")
            assert error and "job_id or path" in text, text
            await finishes(s, first)

    async def forwarded(url: str) -> None:
        """`repokb mcp` while serve owns the store: the run is a job of serve's, its progress
        shows in the MCP job, and cancelling the MCP job stops serve's."""
        async with stdio_session(home, "--allow-root", str(tmp_path)) as s:
            data, text, error = await call(s, "index_path", path=str(second), wait_seconds=0)
            assert not error, text
            assert "another repokb process" in data["freshness"]["store_owner"], text
            await wait_in_dense_pass(home, "second")
            # Chunks whose text "first" holds take its vectors as they are written, so the
            # store can look half dense before the walk ends: wait for the walk too (its
            # progress is asked for every 0.5 s)
            walked = time.monotonic() + LOADED
            while time.monotonic() < walked:
                data, text, _ = await call(s, "index_path", path=str(second), wait_seconds=0)
                assert data["job"]["status"] == "running", text
                if data["job"]["done"] == data["job"]["total"] == FILES:
                    break
                await anyio.sleep(0.5)
            assert data["job"]["done"] == data["job"]["total"] == FILES, text  # files walked
            data, text, error = await call(s, "cancel_index", path=str(second),
                                           wait_seconds=60)
            assert not error and data["job"]["status"] == "cancelled", text
            left = await anyio.to_thread.run_sync(stopped, home, "second")
            assert left["dense_pending"] > 0
            with httpx.Client(headers=KEY) as plain:  # serve's job of it was cancelled
                jobs = plain.get(f"{url}/knowledge/jobs").json()
            assert [j["status"] for j in jobs if j["project"] == "second"] == ["cancelled"]
            await finishes(s, second)

    with serve_process(home, allow_roots=(tmp_path,)) as url:
        run(lambda: under_serve(url))
        run(lambda: forwarded(url))


def test_cancel_index_under_a_stdio_server_holding_the_store(
        home: Path, tmp_path: Path) -> None:
    tree = tmp_path / "shop"
    generate_tree(tree, 400, seed=5)

    async def scenario() -> None:
        async with stdio_session(home, "--allow-root", str(tmp_path),
                                 REPOKB_BUFFER_CHUNKS=PAGE) as s:
            data, text, error = await call(s, "index_path", path=str(tree), wait_seconds=0)
            assert not error, text
            await wait_in_dense_pass(home, "shop")  # asked over this server's owner socket
            data, text, error = await call(s, "cancel_index", path=str(tree), wait_seconds=60)
            assert not error and data["job"]["status"] == "cancelled", text
            assert data["freshness"]["store_owner"] == "this process"
            left = await anyio.to_thread.run_sync(stopped, home, "shop")
            assert left["dense_pending"] > 0
            data, text, error = await call(s, "cancel_index", job_id="nope")
            assert error and "No index run with id 'nope'" in text, text
            await finishes(s, tree)

    run(scenario)


def test_ctrl_c_on_an_index_run_sent_to_serve_stops_it_there(
        home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With `repokb serve` running, `repokb index` sends its run there (POST
    /knowledge/index/run). Ctrl-C ended the command, but serve went on indexing to the end,
    holding the write lock: the user's next command waited for a run they had stopped."""
    tree = tmp_path / "shop"
    generate_tree(tree, 400, seed=5)
    monkeypatch.setenv("REPOKB_BUFFER_CHUNKS", PAGE)
    with serve_process(home):
        proc = cli(home, "index", str(tree), preexec_fn=interruptible)
        try:
            in_dense_pass(home, "shop", proc)
        finally:
            proc.send_signal(signal.SIGINT)
            _, err = proc.communicate(timeout=60)
        assert proc.returncode == 130, err
        assert err.splitlines()[-1] == ("interrupted: the next run picks up where this one "
                                        "stopped.")
        assert stopped(home, "shop")["dense_pending"] > 0
        out, _ = finish(cli(home, "index", str(tree), "--json"))  # still sent to serve
        result = json.loads(out)
        assert result["summary"]["chunks_embedded"] > 0
        assert result["summary"]["chunks_dense_pending"] == 0
        assert len(result["files"]) == FILES  # the per-file records, as before


def test_a_run_whose_caller_is_gone_before_it_starts_changes_nothing(
        workspace: Workspace, mixed_repo: Path) -> None:
    """A `repokb index --flush` sent to the owner and interrupted while it waited for another
    write: when the write lock comes free, the run stops before its flush."""
    ops = Operations(workspace)
    ops.index([str(mixed_repo)])
    points = workspace.store.count("shop")
    gone = threading.Event()
    gone.set()
    with pytest.raises(JobCancelled):
        ops.index([str(mixed_repo)], flush=True, stop=gone)
    assert workspace.store.count("shop") == points > 0
    assert not ops.write_lock.locked()
