"""Property-based tests of the API from its own OpenAPI schema (Schemathesis): whatever the
generated input, the server never answers 5xx, and every error has the one shape.

Examples are bounded per operation: ingestion runs the real model (~50 chunks/s on 2 cores).
"""

from __future__ import annotations

from collections import Counter

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode

from repokb.operations import Operations
from repokb.settings import Settings
from repokb.surfaces.server.app import create_app
from repokb.workspace import Workspace

pytestmark = pytest.mark.integration
KEY = "schema-key"


OPERATIONS = [("POST", "/knowledge/ingest"), ("POST", "/knowledge/ingest/file"),
              ("POST", "/knowledge/ingest/prune"), ("POST", "/knowledge/ingest/left-out"),
              ("POST", "/knowledge/index"),
              ("POST", "/knowledge/index/run"), ("POST", "/knowledge/verify"),
              ("GET", "/knowledge/jobs"),
              ("GET", "/knowledge/jobs/{job_id}"), ("POST", "/knowledge/jobs/{job_id}/cancel"),
              ("POST", "/knowledge/search"),
              ("POST", "/knowledge/search/why-nothing"),
              ("GET", "/knowledge/stats"), ("GET", "/knowledge/explain"),
              ("GET", "/knowledge/files"),
              ("DELETE", "/knowledge/flush"), ("GET", "/knowledge/client-config"),
              ("GET", "/knowledge/context"), ("GET", "/knowledge/activity"),
              ("GET", "/healthz")]


@pytest.fixture(scope="module")
def api(tmp_path_factory, real_embedder):
    home = tmp_path_factory.mktemp("schema-home")
    allowed = tmp_path_factory.mktemp("schema-allowed")
    (allowed / "README.md").write_text("# Readme\n\nA small project for the schema tests.\n")
    settings_ = Settings.load(home=home, api_key=KEY, allowed_roots=(str(allowed),),
                              max_request_bytes=200_000, write_wait_seconds=30,
                              allowed_hosts=("testserver",))  # schemathesis' ASGI Host
    ws = Workspace(settings_)
    ws.__dict__["embedder"] = real_embedder
    app = create_app(Operations(ws))
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    operations = {(op.method.upper(), op.path): op
                  for op in (r.ok() for r in schema.get_all_operations())}
    yield operations
    app.state.ops.close()
    ws.close()


def test_the_schema_covers_every_endpoint(api):
    assert set(api) == set(OPERATIONS)


STATUSES: dict[tuple[str, str], Counter[int]] = {}


# Nothing in these can violate the schema (no input, or a free-form string id).
NO_INPUT = {("GET", "/knowledge/jobs"), ("GET", "/knowledge/activity"),
            ("GET", "/knowledge/client-config"), ("GET", "/healthz"),
            ("GET", "/knowledge/jobs/{job_id}"), ("POST", "/knowledge/jobs/{job_id}/cancel")}
CASES = [pytest.param(m, p, mode, id=f"{m} {p} {mode.value}")
         for m, p in OPERATIONS for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
         if mode is GenerationMode.POSITIVE or (m, p) not in NO_INPUT]


@pytest.mark.parametrize(("method", "path", "mode"), CASES)
def test_no_server_error_on_any_input(api, method, path, mode):
    strategy = api[(method, path)].as_strategy(generation_mode=mode)
    seen = STATUSES.setdefault((method, path), Counter())

    @given(case=strategy)
    @settings(max_examples=25, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    def check(case) -> None:
        # as the dashboard, once given the key (every request needs it when one is set)
        response = case.call(headers={"x-repokb-client": "schemathesis", "x-api-key": KEY})
        seen[response.status_code] += 1
        assert response.status_code < 500, (case.method, case.path, response.text[:500])
        if response.status_code >= 400:
            body = response.json()
            assert set(body) == {"error"}, body
            assert set(body["error"]) == {"status", "code", "message", "hint", "details",
                                          "request_id"}, body
            assert body["error"]["status"] == response.status_code

    check()


def test_valid_inputs_do_reach_the_pipeline():
    """Guard against a vacuous run: generated valid requests must also succeed, not only 4xx."""
    if len(STATUSES) < len(OPERATIONS):
        pytest.skip("run together with the generated tests above")
    for op in [("POST", "/knowledge/ingest"), ("POST", "/knowledge/ingest/file"),
               ("POST", "/knowledge/search"), ("GET", "/knowledge/stats")]:
        assert STATUSES[op][200] > 0, (op, STATUSES[op])
