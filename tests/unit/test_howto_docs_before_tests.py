"""A "how do I" question's documentation of the asked feature comes before the tests of it
(rank_howto.py): marshmallow's "how do I validate a nested schema field" put seven tests of
nested validation first (both rankings find a test's name, a sentence of the question's words)
and docs/extending/schema_validation.rst 10th (bench/RESULTS.md, session 35's new user)."""

from __future__ import annotations

from repokb.query import plan
from repokb.rank import Candidate, rerank
from repokb.settings import Settings

from ..conftest import cases

QUESTION = "how do I validate a nested schema field"
DOCS = "docs/extending/schema_validation.rst"


def _piece(pid: str, path: str, symbol: str, symbol_type: str, kind: str, fused: float,
           dense: int | None, lexical: int | None) -> Candidate:
    payload = {"project": "marshmallow", "path": path, "kind": kind, "start_line": 10,
               "end_line": 30, "symbol": symbol, "symbol_type": symbol_type, "quality": 0.875,
               "content": "x\n", "chunk_index": 0,
               "language": "restructuredtext" if kind == "documentation" else "python"}
    return Candidate(pid, payload, fused, dense, lexical, None)


def _marshmallow(docs_dense: int | None = 9) -> list[Candidate]:
    """The real search's first candidates, their fused scores and ranks as it found them."""
    test = "tests/test_decorators.py"
    return [
        _piece("t1", test, "TestValidatesSchemaDecorator.test_validator_nested_many_field_error",
               "method", "test", 1 / 62 + 1 / 61, 2, 1),
        _piece("t2", test, "TestValidatesSchemaDecorator.test_validator_nested_many_schema_error",
               "method", "test", 1 / 61 + 1 / 63, 1, 3),
        _piece("t3", "tests/test_schema.py", "TestNestedSchema.test_nested_unknown_validation",
               "method", "test", 1 / 66 + 1 / 69, 6, 9),
        _piece("s1", "src/marshmallow/fields.py", "Nested._load", "method", "source",
               1 / 71 + 1 / 91, 11, 31),
        _piece("d1", DOCS, "Schema-level validation > Storing errors on specific fields",
               "section", "documentation", 1 / (60 + (docs_dense or 60)), docs_dense, None),
        _piece("s2", "src/marshmallow/schema.py", "Schema.load", "method", "source",
               1 / 100, 40, None),
    ]


def _order(question: str, pieces: list[Candidate]) -> list[str]:
    return [c.id for c in rerank(pieces, plan(question), Settings())]


def test_the_docs_it_names_come_before_the_tests():
    order = _order(QUESTION, _marshmallow())
    # the docs before every test; the source answer above the docs stays above them, the
    # tests keep their order, what came after the docs stays after the tests
    assert order == ["s1", "d1", "t1", "t2", "t3", "s2"]


def _unnamed() -> list[Candidate]:
    pieces = _marshmallow()
    pieces[4].payload["path"] = "docs/quickstart.rst"  # the question says not its name
    return pieces


@cases("question, pieces", [
    # a question that asks for tests
    ("tests of a nested schema field", _marshmallow()),
    # a question of how code works: source and tests, not docs, answer it
    ("how does marshmallow validate a nested schema field", _marshmallow()),
    # the docs it names far down both rankings: no lead to follow
    (QUESTION, _marshmallow(docs_dense=25)),
    # docs it does not name
    (QUESTION, _unnamed()),
], named_by=0)
def test_otherwise_the_tests_stay_ahead(question, pieces):
    ranked = rerank(pieces, plan(question), Settings())
    order = [c.id for c in ranked]
    assert order.index("t1") < order.index("d1")
    assert not any("after_named_docs" in c.factors for c in ranked)


@cases("question", [
    "how do I test the validation of a nested schema field",
    "how to unit test validating a nested schema field",
    "how can I write tests for validating a nested schema field",
])
def test_a_howto_about_testing_wants_the_docs_before_the_tests(question):
    # how a user tests: the docs and the helpers, the project's own tests step back (structlog's
    # "how do I test that my code logged something": docs/testing.md 5th behind its tests)
    assert not plan(question).asks_for_tests
    order = _order(question, _marshmallow())
    assert order.index("d1") < min(order.index(t) for t in ("t1", "t2", "t3"))
