"""The remote embedder against a real HTTP service on loopback that speaks the OpenAI
embeddings protocol and computes vectors with the bundled model (a GPU box stand-in)."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest
import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from repokb.embedders.base import Embedder
from repokb.embedders.openai_compat import OpenAICompatEmbedder
from repokb.errors import ModelError
from repokb.settings import Settings
from repokb.stores import create, load_builtins

from ..conftest import invoke, run_cli, write

pytestmark = pytest.mark.integration


@dataclass
class Service:
    url: str
    delay: float = 0.0
    requests: list[dict[str, object]] = field(default_factory=list)
    server: uvicorn.Server | None = None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def service(real_embedder: Embedder) -> Iterator[Service]:
    app = FastAPI()
    port = _free_port()
    state = Service(url=f"http://127.0.0.1:{port}/v1")
    lock = threading.Lock()  # one model session: requests take turns, as on one GPU

    @app.post("/v1/embeddings")
    async def embeddings(request: Request) -> JSONResponse:
        body = await request.json()
        state.requests.append({"model": body["model"], "n": len(body["input"]),
                               "auth": request.headers.get("authorization")})
        if state.delay:
            await asyncio.sleep(state.delay)
        with lock:
            vectors = real_embedder.embed_documents(body["input"])
        return JSONResponse({"object": "list", "model": body["model"], "data": [
            {"object": "embedding", "index": i, "embedding": [float(x) for x in v]}
            for i, v in enumerate(vectors)][::-1]})  # out of order: the client sorts by index

    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    state.server = server
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    yield state
    server.should_exit = True
    thread.join(5)


def _stop(service: Service) -> None:
    assert service.server is not None
    service.server.should_exit = True
    while service.server.started and not service.server.should_exit:
        time.sleep(0.02)
    time.sleep(0.3)


def _remote(service: Service, **options: object) -> OpenAICompatEmbedder:
    return OpenAICompatEmbedder(url=service.url, model="all-MiniLM-L6-v2", dimension=384,
                                **options)  # type: ignore[arg-type]


TEXTS = ["def connect_with_timeout(url, timeout_seconds=30.0): ...",
         "How to install the shop with Docker", "x", "Sum of all invoice amounts " * 20,
         "class InvoiceRepository: stores and loads invoices", "password reset email link",
         "pool_size: 10", "SELECT SUM(amount) FROM invoices"]


def _cosines(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.sum(a * b, axis=1) / (np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1))


def test_vectors_equal_the_local_model_in_order(service, real_embedder):
    remote = _remote(service, batch_size=3, concurrency=3, api_key="sekrit")
    got = remote.embed_documents(TEXTS)
    query = remote.embed_query("invoice total")
    remote.close()
    assert got.shape == (8, 384)
    assert _cosines(got, real_embedder.embed_documents(TEXTS)).min() >= 0.999
    assert float(query @ real_embedder.embed_query("invoice total")) >= 0.999
    assert sorted(r["n"] for r in service.requests) == [1, 2, 3, 3]  # 3 batches + the query
    assert {r["auth"] for r in service.requests} == {"Bearer sekrit"}


def test_missing_settings_are_a_config_error():
    from repokb.errors import ConfigError

    with pytest.raises(ConfigError):
        OpenAICompatEmbedder(url="http://x/v1", model="m", dimension=0)


def test_a_wrong_dimension_is_a_clear_error(service):
    bad = OpenAICompatEmbedder(url=service.url, model="m", dimension=768)
    with pytest.raises(ModelError, match="shape"):
        bad.embed_documents(["a"])
    bad.close()


def test_a_slow_service_times_out_with_a_clear_error(service):
    service.delay = 1.5
    slow = _remote(service, timeout=0.3, retries=1, backoff=0.01)
    started = time.monotonic()
    with pytest.raises(ModelError) as caught:
        slow.embed_documents(["a", "b"])
    slow.close()
    assert "after 2 attempts" in caught.value.message and "no answer within" in caught.value.message
    assert "embed_timeout" in caught.value.hint
    assert time.monotonic() - started < 5


def test_a_query_waits_for_a_failing_service_once_then_skips_it_for_a_while(service,
                                                                            monkeypatch):
    """Seen by the new-user pass: with the service down, each proxy request paid the indexing
    back-off twice (cache lookup, then search), ~5 s with a refused connection and up to
    2 x 4 x embed_timeout with a hung one, before falling back to BM25."""
    from repokb.embedders import openai_compat

    service.delay = 1.5
    remote = _remote(service, timeout=0.3, retries=3, backoff=0.5)
    started = time.monotonic()
    with pytest.raises(ModelError, match="no answer within 0.3 s"):
        remote.embed_query("invoice total")
    assert time.monotonic() - started < 1.2  # one attempt, not four with 3.5 s of back-off
    asked = len(service.requests)
    started = time.monotonic()
    with pytest.raises(ModelError, match="asked again in"):
        remote.embed_query("invoice total")
    assert time.monotonic() - started < 0.1 and len(service.requests) == asked
    service.delay = 0.0
    assert remote.embed_documents(["indexing keeps its retries"]).shape == (1, 384)
    monkeypatch.setattr(openai_compat, "QUIET_SECONDS", 0.2)
    remote._quiet_until = 0.0
    service.delay = 1.5
    with pytest.raises(ModelError):
        remote.embed_query("invoice total")
    service.delay = 0.0
    time.sleep(0.3)
    assert remote.embed_query("invoice total").shape == (384,)  # asked again after the pause
    remote.close()


def test_the_model_signs_the_vectors():
    a = Settings(embedder="openai-compat", embed_model="m1", embed_dimension=384).embed_plan
    b = Settings(embedder="openai-compat", embed_model="m2", embed_dimension=384).embed_plan
    c = Settings(embedder="openai-compat", embed_model="m1", embed_dimension=768).embed_plan
    assert len({a.model, b.model, c.model, Settings().embed_plan.model}) == 4


def _env(monkeypatch, service: Service, model: str = "all-MiniLM-L6-v2") -> None:
    monkeypatch.setenv("REPOKB_EMBEDDER", "openai-compat")
    monkeypatch.setenv("REPOKB_EMBED_URL", service.url)
    monkeypatch.setenv("REPOKB_EMBED_MODEL", model)
    monkeypatch.setenv("REPOKB_EMBED_DIMENSION", "384")


def _vectors(home: Path) -> dict[str, list[float]]:
    load_builtins()
    store = create("qdrant-edge", path=home / "store", dimension=384)
    try:
        return {p.id: p.dense for p in store.export() if p.dense is not None}
    finally:
        store.close()


def test_index_through_the_service_matches_the_local_backend(service, mixed_repo, tmp_path,
                                                             monkeypatch):
    # the local run with the service's token limit (it cuts every text at 256)
    monkeypatch.setenv("REPOKB_HOME", str(tmp_path / "local"))
    monkeypatch.setenv("REPOKB_CODE_MAX_TOKENS", "256")
    invoke("index", str(mixed_repo))
    monkeypatch.setenv("REPOKB_HOME", str(tmp_path / "remote"))
    _env(monkeypatch, service)
    summary = json.loads(invoke("index", str(mixed_repo), "--json"))["summary"]
    assert summary["chunks_embedded"] > 5 and service.requests
    local, remote = _vectors(tmp_path / "local"), _vectors(tmp_path / "remote")
    assert set(local) == set(remote)
    ids = sorted(local)
    cos = _cosines(np.array([remote[i] for i in ids]), np.array([local[i] for i in ids]))
    assert cos.min() >= 0.999
    hits = json.loads(invoke("search", "database connection timeout", "--json"))
    assert hits[0]["path"] == "src/shop/db.py"
    # another model name: every vector is made again, none reused across models
    _env(monkeypatch, service, model="another-model")
    again = json.loads(invoke("index", str(mixed_repo), "--json"))["summary"]
    assert again["chunks_embedded"] == summary["chunks_embedded"]


def test_a_down_service_loses_nothing_already_indexed(service, mixed_repo, home, monkeypatch):
    _env(monkeypatch, service)
    invoke("index", str(mixed_repo))
    before = json.loads(invoke("stats", "--json"))
    vectors = _vectors(home)
    _stop(service)
    write(mixed_repo, "src/shop/new.py", (
        'def brand_new_function(customer_id: int) -> int:\n'
        '    """Count the invoices a customer received in the last twelve months."""\n'
        '    return len([i for i in range(customer_id) if i % 12 == 0])\n'))
    code, out, err = run_cli("index", str(mixed_repo))
    assert code == ModelError.exit_code, (out, err)
    assert "embedding service" in err and "failed after" in err and "Traceback" not in err
    assert "kept" in err  # the hint says nothing was lost
    after = json.loads(invoke("stats", "--json"))
    # lexical-first: the new file was written with its BM25 vector before the model was
    # asked, so it is searchable already and waits for its dense vector; nothing else moved
    assert after["points"] == before["points"] + 1 and after["files"] == before["files"] + 1
    assert after["lexical_only"] == {"pending": 1} and before["lexical_only"] == {}
    assert _vectors(home) == vectors
    # and a search still answers from the store, by BM25 alone, each hit saying why
    code, out, err = run_cli("search", "brand_new_function invoices", "--json")
    assert code == 0 and "Traceback" not in err, (out, err)
    hits = json.loads(out)
    assert hits[0]["path"] == "src/shop/new.py"
    assert all(h["lexical_only"] == "embedding service down" for h in hits)
    code, out, err = run_cli("search", "brand_new_function invoices")
    assert code == 0 and "lexical-only (embedding service down)" in out, (out, err)


def test_the_llm_proxy_caches_answers_when_the_embedder_is_a_remote_service(
        service, mixed_repo, home, monkeypatch):
    """Seen on a fresh clone with the team setup (embedder = openai-compat): the answer cache
    was created with the backend's class-level vector size, 0 for a remote service ("The
    vector's dimension cannot be 0"), so every request logged a failed cache lookup and the
    same question asked twice went upstream twice instead of being a HIT."""
    import anthropic

    from repokb.operations import Operations
    from repokb.surfaces.server.app import create_app
    from repokb.workspace import Workspace

    from .upstream import serve_app, upstream

    _env(monkeypatch, service)
    with upstream() as up:
        settings = Settings.load(home=home, proxy_anthropic_url=up.url)
        ws = Workspace(settings)
        try:
            ops = Operations(ws)
            ops.index([str(mixed_repo)], "shop")
            with serve_app(create_app(ops)) as url:
                client = anthropic.Anthropic(base_url=url, api_key="sk-ant-test", max_retries=0,
                                             timeout=20)
                question = "How is the database connection timeout configured?"
                outcomes = []
                for _ in range(2):
                    raw = client.messages.with_raw_response.create(
                        model="claude-test", max_tokens=50,
                        messages=[{"role": "user", "content": question}])
                    outcomes.append(raw.headers["x-cache"])
                    deadline = time.monotonic() + 10  # a JSON answer is cached after it went out
                    while ops.cache_stats()["entries"] == 0 and time.monotonic() < deadline:
                        time.sleep(0.05)
        finally:
            ws.close()
    assert outcomes == ["KNOWLEDGE-RAG", "HIT"]
    assert up.calls("/v1/messages") == 1
