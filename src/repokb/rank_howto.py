"""A "how do I" question's documentation of the asked feature comes before the tests of it.

A test's name is a sentence about the behaviour it checks (`test_validator_nested_many_field_
error`), so a question about a feature meets the feature's tests in both rankings: BM25 finds
its words in the tests' names, the model finds the same subject. For "how do I validate a
nested schema field", marshmallow's tests of nested validation fused first and second in both,
and stepping back (`howto_test_factor`, 0.8) kept them ahead of docs/extending/
schema_validation.rst, which the model put 9th and BM25 not at all: the docs came 10th, behind
seven tests (bench/RESULTS.md, rank36). A question that says no word of tests asks how to do
it, which a test shows only by the way.

Where such a question names a documentation file (its name's words: `path_match`, the file is
about the asked feature) and a piece of that file is among the first `NEAR` of either ranking,
every test scoring above that piece goes just below it, their order kept; nothing else moves
(a source answer above the docs stays above them, a hit below them stays below).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

# a piece of the named documentation is this near the top of a ranking (dense or lexical),
# as rank.py's lead-file rule reads "near" (`_LEAD_RANK`)
NEAR = 10
# the step between the tests put below the docs, so their order stays (no other piece scores
# within it of the docs' score but by chance)
_STEP = 1e-6


def docs_before_tests(candidates: Iterable[Any], howto: bool, asks_for_tests: bool) -> None:
    """Put the tests that score above the best named documentation piece (rank.py's
    `Candidate`s, their factors set) just below it, in their order; the factor
    `after_named_docs` records the step back. Only for a "how do I" question (`howto`) that
    does not ask for tests."""
    if not howto or asks_for_tests:
        return
    pieces = list(candidates)
    named = [c for c in pieces if "docs_for_howto" in c.factors and "path_match" in c.factors
             and min(c.dense_rank or NEAR + 1, c.lexical_rank or NEAR + 1) <= NEAR]
    if not named:
        return
    docs = max(named, key=lambda c: (c.score, c.id))
    ahead = sorted((c for c in pieces if "test" in c.factors and c.score > docs.score),
                   key=lambda c: (-c.score, c.id))
    for i, c in enumerate(ahead, 1):
        below = docs.score * (1 - _STEP * i)
        c.factors["after_named_docs"] = round(below / c.score, 4)
        c.score = below
