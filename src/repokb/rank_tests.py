"""A test named after what the question asks to see tested: "tests for Preconditions.checkArgument"
asks for guava's `PreconditionsTest.testCheckArgument_*`, not for the source overloads of
`checkArgument` that take the exact-symbol boost for the name alone (they came first, the tests
4th). rank.py gives such a test, where the question asks for tests, the boost the name's own
definition gets: its last name's words (`test`, `check`, `argument`) hold every word of the
name's last part (`check`, `argument`), so `StringUtilsEmptyBlankTest.testIsBlank` answers
"StringUtils isBlank tests" and `ImmutableListTest` "where is ImmutableList tested".

A "how do I test X" question (`QueryPlan.testing_howto`) asks, besides the docs, for the helpers
a package ships for its users' tests: structlog's `src/structlog/testing.py` (`capture_logs`,
`LogCapture`) for "how do I test that my code logged something" (rank40b: its
`CapturingLogger` 47th in the model's ranking, nowhere in the first 40 hits, behind docs that
say "test" and "code"). Such a module is source, not the project's tests (the classifier's
kind), named for testing: `testing.py`, `testutils.py`, `pytest_plugin.py`, Perl's
`lib/Plack/Test.pm` (perllua's "how do I test a PSGI app without a server": `test_psgi` 9th ->
1st over every project), or in a `testing/` or `test/` package (`django/test/client.py`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

# a source module named for the testing it helps with, or a package folder so named
_HELPER = re.compile(r"(?:^|/)(?:(?:testing|test|testutils?|test_?utils|testing_?utils"
                     r"|test_?helpers|testing_?helpers|pytest_?plugins?)\.\w+"
                     r"|(?:testing|test)/[^/]+)$", re.I)


def helps_testing(path: str, kind: object) -> bool:
    """Whether a piece's file is a package's testing helpers: source named for testing."""
    return kind == "source" and bool(_HELPER.search(path))


def names_tested(symbol: str, written: Iterable[str],
                 name_words: Callable[[str], frozenset[str]]) -> bool:
    """Whether a test's `symbol` is named after one of the names the question writes (its
    last name's words hold all of one name's last part's words)."""
    if not symbol:
        return False
    words = name_words(symbol.rpartition(".")[2])
    for name in written:
        wanted = name_words(name.rpartition(".")[2])
        if wanted and wanted <= words:
            return True
    return False
