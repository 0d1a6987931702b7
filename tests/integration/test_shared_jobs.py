"""One index run per folder, whichever surface asks for it: a real `repokb serve`, an agent on
its /mcp endpoint (the official MCP client) and plain REST callers (the dashboard's Index
button sends the same POST /knowledge/index).

Before: a REST call for a folder an MCP session had queued got a second job (the queue told the
two apart by how they were asked: over TCP the run is `guarded`, an MCP session's is not), and a
REST call for a folder whose run was going queued another run of it, whereas an MCP session
joined the running one."""

from __future__ import annotations

from pathlib import Path

import anyio
import httpx
import pytest

from ..conftest import serve_process
from .test_index_cancel import KEY, PAGE, http_session
from .test_job_holders import wait_for
from .test_mcp import call, run
from .test_processes import generate_tree

pytestmark = pytest.mark.integration


def test_rest_and_mcp_asking_for_the_same_folder_share_one_job(
        home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, shared = tmp_path / "first", tmp_path / "shared"
    generate_tree(first, 400, seed=3)
    generate_tree(shared, 400, seed=5)
    monkeypatch.setenv("REPOKB_BUFFER_CHUNKS", PAGE)

    def rest(url: str, path: Path) -> dict:
        with httpx.Client(headers=KEY, timeout=60) as client:
            answer = client.post(f"{url}/knowledge/index", json={"path": str(path)})
            assert answer.status_code == 202, answer.text
            return answer.json()

    def stop(url: str, job: str) -> None:
        with httpx.Client(headers=KEY, timeout=60) as client:
            client.post(f"{url}/knowledge/jobs/{job}/cancel", params={"all": "true"})

    async def callers(url: str) -> None:
        blocker = await anyio.to_thread.run_sync(rest, url, first)  # keeps the next one queued
        async with http_session(url) as agent:
            data, text, error = await call(agent, "index_path", path=str(shared), wait_seconds=0)
            assert not error and data["job"]["status"] == "queued", text
            job = data["job"]["id"]
            # queued: a REST call (the dashboard's Index) for it gets that job, one hold more
            posted = await anyio.to_thread.run_sync(rest, url, shared)
            assert (posted["id"], posted["status"], posted["holders"]) == (job, "queued", 2), posted
            await anyio.to_thread.run_sync(stop, url, blocker["id"])
            await anyio.to_thread.run_sync(wait_for, url, "shared", ("running",))
            # running: REST and MCP asking again get the run going, not a second one
            posted = await anyio.to_thread.run_sync(rest, url, shared)
            assert (posted["id"], posted["status"], posted["holders"]) == (
                job, "running", 3), posted
            data, text, error = await call(agent, "index_path", path=str(shared), wait_seconds=0)
            assert not error and data["job"]["id"] == job and data["job"]["holders"] == 3, text
            with httpx.Client(headers=KEY) as client:
                runs = [j for j in client.get(f"{url}/knowledge/jobs").json()
                        if j["project"] == "shared"]
            assert [j["id"] for j in runs] == [job], runs  # one job for the folder, ever
            await anyio.to_thread.run_sync(stop, url, job)
        await anyio.to_thread.run_sync(wait_for, url, "shared", ("cancelled", "done"))

    with serve_process(home, allow_roots=(tmp_path,)) as url:
        run(lambda: callers(url))
