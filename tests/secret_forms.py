"""The two checks every table of secret forms runs (tests/unit/test_secrets_*): a form that
holds a secret is redacted (none of its values left, the marker in their place, no line added
or lost), and the nearest readable form stays as written. A test file keeps only its tables:

    test_each_form_is_redacted = redacted_forms(MUST_REDACT)
    test_readable_forms_stay = kept_forms(MUST_KEEP)

Each row is redacted as the pipeline does, in the mode of its language (`mode_for`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from repokb.secrets import find_all, redact
from repokb.secrets.scan import mode_for

from .conftest import assert_redacted, cases

PLACE = "{X}"  # in a row's text, where its value stands (written once, in the row)


def filled(text: str, values: Sequence[str]) -> str:
    """`text` with each `@@i@@` place holding `values[i]` (a form of several values)."""
    for i, value in enumerate(values):
        text = text.replace(f"@@{i}@@", value)
    return text


def redacted_files(rows: list[Any]) -> Callable[..., None]:
    """`redacted_forms` of rows (path, language, text with `@@i@@` places, values): the forms
    an attacker's files hold, each with the path it was found at."""
    return redacted_forms([(language, filled(text, values), values)
                           for _path, language, text, values in rows])


def j(*parts: str) -> str:
    """A FAKE value assembled at run time from `parts` (no whole token sits in the repository)."""
    return "".join(parts)


def assert_form_redacted(language: str | None, text: str, values: Sequence[str],
                         stays: Sequence[str] = ()) -> Any:
    """`text` (its `{X}` standing for its one value) redacted as `language` is: none of
    `values` is left (`assert_redacted`), and each word of `stays` that the text holds is still
    there (the user's name beside a password). Returns the redaction's result."""
    if PLACE in text:
        (value,) = values
        text = text.replace(PLACE, value)
    result = assert_redacted(text, mode_for(language), language, *values)
    for word in stays:
        assert word not in text or word in result.text, result.text
    return result


def assert_kept(language: str | None, text: str, *, nothing_found: bool = False) -> None:
    """`text` redacted as `language` is stays as written; with `nothing_found`, no finder
    even reports a span of it."""
    mode = mode_for(language)
    if nothing_found:
        assert find_all(text, mode, language) == []
    assert redact(text, mode, language).text == text


def redacted_forms(rows: list[Any], *values: str,
                   stays: Sequence[str] = ()) -> Callable[..., None]:
    """A test that each row of `rows` is redacted (`assert_form_redacted`): rows of (language,
    text, value or tuple of values), or of (language, text) where `values` are every row's."""
    if values:
        @cases(("language", "text"), rows)
        def test_fixed(language: str, text: str) -> None:
            assert_form_redacted(language, text, values, stays)

        return test_fixed

    @cases(("language", "text", "value"), rows)
    def test(language: str, text: str, value: str | tuple[str, ...]) -> None:
        assert_form_redacted(language, text, (value,) if isinstance(value, str) else value, stays)

    return test


def kept_forms(rows: list[Any], *, nothing_found: bool = False) -> Callable[..., None]:
    """A test that each (language, text) row of `rows` stays as written (`assert_kept`)."""
    @cases(("language", "text"), rows)
    def test(language: str, text: str) -> None:
        assert_kept(language, text, nothing_found=nothing_found)

    return test
