"""A question asking for the tests of a name ("tests for Preconditions.checkArgument") gets the
test named after it (guava's `PreconditionsTest.testCheckArgument_*`) before the name's own
definitions, which took the exact-symbol boost for the name alone (`rank_tests.names_tested`).
The fused scores are the real search's on bench/retrieval/java.py's tree (java33)."""

from __future__ import annotations

from repokb.query import plan
from repokb.rank import Candidate, rerank
from repokb.settings import Settings

SRC = "guava/guava/src/com/google/common/base/Preconditions.java"
TEST = "guava/guava-tests/test/com/google/common/base/PreconditionsTest.java"


def _piece(pid: str, path: str, symbol: str, fused: float, line: int, kind: str) -> Candidate:
    payload = {"project": "java", "path": path, "kind": kind, "start_line": line,
               "end_line": line + 10, "symbol": symbol, "symbol_type": "method",
               "quality": 1.0, "content": "x\n", "chunk_index": line, "language": "java"}
    return Candidate(pid, payload, fused, None, None, None)


def _guava() -> list[Candidate]:
    return [
        _piece("s1", SRC, "Preconditions.checkArgument", 0.0260, 123, "source"),
        _piece("s2", SRC, "Preconditions.checkArgument", 0.0251, 425, "source"),
        _piece("s3", SRC, "Preconditions.checkArgument", 0.0244, 356, "source"),
        _piece("t1", TEST, "PreconditionsTest.testCheckArgument_tooManyArgs_failure", 0.0313,
               104, "test"),
        _piece("t2", TEST, "PreconditionsTest.testCheckState_simple_success", 0.0300, 150,
               "test"),
    ]


def test_the_test_named_after_the_name_comes_first_when_tests_are_asked_for():
    ranked = rerank(_guava(), plan("tests for Preconditions.checkArgument"), Settings())
    assert ranked[0].payload["symbol"] == "PreconditionsTest.testCheckArgument_tooManyArgs_failure"
    assert "tested_name" not in next(c for c in ranked if c.id == "t2").factors


def test_without_asking_for_tests_the_definition_stays_first():
    ranked = rerank(_guava(), plan("Preconditions.checkArgument with a message"), Settings())
    assert ranked[0].payload["symbol"] == "Preconditions.checkArgument"
    assert ranked[0].payload["kind"] == "source"
