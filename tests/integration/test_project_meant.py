"""A project typed as a user types it (`Shop`, `shop/`, the folder's path) is the project meant,
on every surface, from the one operations layer; a name meaning none finds nothing and says
which projects there are (and the one it most likely means)."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest
from fastapi.testclient import TestClient

from repokb.models import Query
from repokb.operations import Operations
from repokb.surfaces.mcp.backend import Backend
from repokb.surfaces.mcp.calls import call
from repokb.surfaces.server.app import create_app

pytestmark = pytest.mark.integration

QUESTION = "database connection"


def test_the_project_meant_on_every_surface(workspace, mixed_repo: Path):
    ops = Operations(workspace)
    ops.index([str(mixed_repo)])
    exact = ops.search(Query(QUESTION, limit=3, projects=("shop",)))
    assert exact and {h["project"] for h in exact} == {"shop"}
    backend = Backend(ops.settings, ops)
    with TestClient(create_app(ops), raise_server_exceptions=False,
                    base_url="http://127.0.0.1:8765") as client:
        for typed in ("Shop", "shop/", str(mixed_repo), str(mixed_repo / "src" / "shop")):
            assert ops.search(Query(QUESTION, limit=3, projects=(typed,))) == exact, typed
            rest = client.post("/knowledge/search",
                               json={"query": QUESTION, "limit": 3, "project": typed})
            assert rest.status_code == 200 and rest.json() == exact, typed
            tool = anyio.run(call, backend, "search",
                             {"query": QUESTION, "limit": 3, "project": typed})
            assert not tool.is_error and tool.structured_content["hits"] == exact, typed
        assert ops.stats("SHOP")["points"] == ops.stats("shop")["points"] > 0
        # a name meaning no project: no hits, and why, naming the projects
        assert ops.search(Query(QUESTION, projects=("shopp",))) == []
        why = client.post("/knowledge/search/why-nothing",
                          json={"query": QUESTION, "project": "shopp"}).json()["reason"]
        assert why == "no project named shopp. Did you mean shop? Known projects: shop."


def test_a_project_named_as_stored_reads_no_project_roots(workspace, mixed_repo: Path,
                                                          monkeypatch: pytest.MonkeyPatch):
    """A scoped search names its project exactly almost always: resolving it costs no read of
    the projects' roots (a SQL query and a path per project, on every such search)."""
    ops = Operations(workspace)
    ops.index([str(mixed_repo)])
    ops.search(Query(QUESTION, limit=3, projects=("shop",)))  # the names read, and kept
    reads: list[int] = []
    real = type(workspace.catalog).projects

    def counted(self):  # type: ignore[no-untyped-def]
        reads.append(1)
        return real(self)

    monkeypatch.setattr(type(workspace.catalog), "projects", counted)
    assert ops.search(Query(QUESTION, limit=3, projects=("shop",)))
    assert reads == []
    assert ops.search(Query(QUESTION, limit=3, projects=(str(mixed_repo),)))
    assert reads  # a folder's path is read against the roots
