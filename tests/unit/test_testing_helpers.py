"""A "how do I test X" question asks for the helpers a package ships for its users' tests.

structlog 26.1.0, "how do I test that my code logged something": `src/structlog/testing.py`
(`capture_logs`, `CapturingLogger`) was nowhere in the first 40 hits, behind docs that say
"test" and "code" (session 39's new user; rank40b). It is source named for testing, not the
project's tests: a testing how-to lifts it as a name the question says would be.
"""

from __future__ import annotations

import pytest

from repokb.query import plan
from repokb.rank import Candidate, rerank
from repokb.rank_tests import helps_testing
from repokb.settings import Settings


def _piece(pid: str, path: str, kind: str, symbol: str | None, fused: float) -> Candidate:
    payload = {"project": "structlog", "path": path, "kind": kind, "start_line": 1,
               "end_line": 20, "symbol": symbol, "symbol_type": "class" if symbol else None,
               "quality": 0.8, "content": "x\n", "chunk_index": 0,
               "language": "markdown" if kind == "documentation" else "python"}
    return Candidate(pid, payload, fused, 1, 1, None)


def pool() -> list[Candidate]:
    # the real search's order: docs saying "test" and "code" first, testing.py far below
    return [
        _piece("d1", "docs/index.md", "documentation", "structlog > Development affordances",
               0.0320),
        _piece("d2", "docs/recipes.md", "documentation", "Recipes", 0.0300),
        _piece("t1", "tests/test_testing.py", "test", "TestCaptureLogs.test_captures_logs",
               0.0290),
        _piece("h1", "src/structlog/testing.py", "source", "CapturingLogger", 0.0180),
        _piece("s1", "src/structlog/stdlib.py", "source", "BoundLogger", 0.0185),
    ]


@pytest.mark.parametrize("question", [
    "how do I test that my code logged something",
    "how to unit test my log calls",
    "how can I write tests for code that logs",
])
def test_a_testing_howto_lifts_the_packages_testing_helpers(question):
    ranked = rerank(pool(), plan(question), Settings())
    ids = [c.id for c in ranked]
    assert "testing_helper" in ranked[ids.index("h1")].factors
    assert ids.index("h1") < ids.index("s1") and ids.index("h1") < ids.index("t1")
    assert all("testing_helper" not in c.factors for c in ranked if c.id != "h1")


@pytest.mark.parametrize("question", [
    "where is capture_logs tested",          # asks for the tests
    "how does the logger filter by level",   # no testing at all
    "how do I configure the processors",     # a how-to, not about testing
])
def test_other_questions_leave_the_helpers_where_they_were(question):
    ranked = rerank(pool(), plan(question), Settings())
    assert all("testing_helper" not in c.factors for c in ranked)


@pytest.mark.parametrize(("path", "kind", "helper"), [
    ("src/structlog/testing.py", "source", True),
    ("django/test/utils.py", "source", True),
    ("src/pkg/testing/fixtures.py", "source", True),
    ("src/pkg/testutils.py", "source", True),
    ("src/pytest_httpx/pytest_plugin.py", "source", True),
    ("lib/Plack/Test.pm", "source", True),          # Plack::Test's test_psgi
    ("tests/test_testing.py", "test", False),       # the project's own tests
    ("test/utils.py", "test", False),
    ("lib/Plack/Contest.pm", "source", False),
    ("src/structlog/stdlib.py", "source", False),
    ("docs/testing.md", "documentation", False),     # docs are lifted by docs_before_tests
    ("src/pkg/attesting.py", "source", False),
])
def test_a_testing_helper_is_source_named_for_testing(path, kind, helper):
    assert helps_testing(path, kind) is helper
