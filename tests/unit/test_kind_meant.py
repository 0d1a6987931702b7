"""A kind filter that names no kind is refused with the kinds (models/answers.py); a typo of one
(newuser43's `--kind sourcee`, or `tests`, `docs`) also gets the kind it most likely means."""

from __future__ import annotations

import pytest

from repokb.errors import InputError
from repokb.models.answers import Query, meant_kind


@pytest.mark.parametrize(("typed", "meant"), [
    ("sourcee", "source"), ("tests", "test"), ("Docs", "documentation"),
    ("config", "configuration"), ("lockfiles", "lockfile"), ("vendored", "vendor"),
    ("sauce", None), ("con", None), ("x", None),  # con: configuration or contract?
])
def test_a_mistyped_kind_means_its_one_close_kind(typed: str, meant: str | None) -> None:
    assert meant_kind(typed) == meant


def test_the_refusal_names_the_kind_meant_before_the_kinds() -> None:
    with pytest.raises(InputError) as refused:
        Query("charge a card", kinds=("sourcee",))
    assert refused.value.hint.startswith("Did you mean source? Kinds: source, test, ")
    with pytest.raises(InputError) as refused:
        Query("charge a card", kinds=("sauce",))
    assert refused.value.hint.startswith("Kinds: source, ")


def test_a_mistyped_language_filter_is_told_the_indexed_language_it_means() -> None:
    """ux43: why a search found nothing names the indexed language a typo means, as a kind's
    refusal does (one function, models.answers.meant_name, for CLI, REST and MCP)."""
    from repokb.operations.why import nothing_found

    stats = {"points": 9, "by_project": {"shop": 3}, "points_by_project": {"shop": 9},
             "by_kind": {"source": 3}, "by_language": {"python": 2, "javascript": 1, "None": 1}}
    why = nothing_found(stats, Query("x", languages=("pyhton",)), read_project=False)
    assert why == ("no indexed file in pyhton. Did you mean python? Indexed languages: "
                   "javascript, python.")
    why = nothing_found(stats, Query("x", languages=("rust",)), read_project=False)
    assert why == "no indexed file in rust. Indexed languages: javascript, python."
