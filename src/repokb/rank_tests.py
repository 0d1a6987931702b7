"""A test named after what the question asks to see tested: "tests for Preconditions.checkArgument"
asks for guava's `PreconditionsTest.testCheckArgument_*`, not for the source overloads of
`checkArgument` that take the exact-symbol boost for the name alone (they came first, the tests
4th). rank.py gives such a test, where the question asks for tests, the boost the name's own
definition gets: its last name's words (`test`, `check`, `argument`) hold every word of the
name's last part (`check`, `argument`), so `StringUtilsEmptyBlankTest.testIsBlank` answers
"StringUtils isBlank tests" and `ImmutableListTest` "where is ImmutableList tested".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable


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
