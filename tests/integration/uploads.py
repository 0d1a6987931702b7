"""What the upload tests share: a tree walked from disk as `repokb index` walks it, its files
uploaded through the REST API (POST /knowledge/ingest/file, as the dashboard sends them) and
the records of both read back (GET /knowledge/explain) to compare."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ..conftest import app_client, write_tree


def server_fixture(key: str) -> Any:
    """A module's `server` fixture (`server = server_fixture(KEY)`): a client of the REST app
    over the test's home with the session's real model and the API key `key`; its `ops` is the
    operations layer behind it (see app_client)."""

    @pytest.fixture
    def server(home: Path, real_embedder: Any) -> Iterator[TestClient]:
        with app_client(real_embedder, key) as client:
            yield client

    return server


def explain(server: TestClient, project: str, path: str) -> dict[str, Any]:
    """The record of `path` in `project` (explain answers 200)."""
    answer = server.get("/knowledge/explain", params={"project": project, "path": path})
    assert answer.status_code == 200, (path, answer.text)
    record: dict[str, Any] = answer.json()
    return record


def decision(server: TestClient, project: str, path: str) -> tuple[Any, ...]:
    """What was decided of `path`: (status, reason, kind, index_policy)."""
    record = explain(server, project, path)
    c = record["classification"] or {}
    return record["status"], record["reason"], c.get("kind"), c.get("index_policy")


def upload(server: TestClient, project: str, rel: str, content: str) -> dict[str, Any]:
    """Upload `content` as the file `rel` of `project` (a multipart form, as the dashboard
    sends it); the server's answer (200)."""
    answer = server.post("/knowledge/ingest/file", data={"project": project, "path": rel},
                         files={"file": (rel.rsplit("/", 1)[-1], content.encode())})
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def walk(server: TestClient, root: Path, tree: Mapping[str, str],
         project: str = "walked") -> dict[str, Any]:
    """Write `tree` (path -> content) under `root` and index it as `project`, as
    `repokb index` does; the run's result."""
    write_tree(root, dict(tree))
    result: dict[str, Any] = server.ops.index([str(root)], project)  # type: ignore[attr-defined]
    return result


def judged_as_walked(server: TestClient, paths: Iterable[str], project: str = "up") -> None:
    """Assert that each of `paths` is decided in the uploaded `project` as in the walked one
    (status, reason, kind, policy) and that both hold as many points."""
    for rel in paths:
        assert decision(server, project, rel) == decision(server, "walked", rel), rel
    stats = [server.get("/knowledge/stats", params={"project": name}).json()["points"]
             for name in (project, "walked")]
    assert stats[0] == stats[1], stats
