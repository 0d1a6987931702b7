"""A redaction takes the value, never the name it is assigned to.

Found by the numpy pass: `export GITHUB_TOKEN=ghp_...` was stored as `export <REDACTED_SECRET>`.
detect-secrets' GitHub plugin yields only the token's prefix (`ghp`), and widening it to the
whole token ran over the `=` into the variable's name, so a search for where GITHUB_TOKEN is set
in a CI script found nothing by that name.
"""

from __future__ import annotations

import pytest

from repokb.secrets import REDACTED, redact

_GH = "ghp_" + "Zk3qW8rT1vYp5LmN0xAe7sDf2GhJ9bCu4KoI"  # FAKE: the shape of a GitHub token


@pytest.mark.parametrize(("line", "kept"), [
    (f"export GITHUB_TOKEN={_GH}", "export GITHUB_TOKEN="),
    (f"GITHUB_TOKEN={_GH} make release", "GITHUB_TOKEN="),
    (f"  - GH_TOKEN={_GH}", "  - GH_TOKEN="),
    (f"env GITHUB_TOKEN={_GH} gh release create v1", "env GITHUB_TOKEN="),
])
@pytest.mark.parametrize("mode", ["code", "config"])
def test_the_variable_name_stays_and_the_token_goes(line, kept, mode):
    text = "#!/bin/sh\n" + line + "\n"
    result = redact(text, mode, "shell")
    assert _GH not in result.text and "ghp_" not in result.text, result.text
    assert kept + REDACTED in result.text, result.text


def test_a_token_alone_on_its_line_is_still_redacted_whole():
    result = redact(f"{_GH}\n", "config", None)
    assert result.text == REDACTED + "\n"
