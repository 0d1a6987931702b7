"""Secrets in JavaScript template literals (backticks), as a front-end project writes them.

Found on a three.js tree with planted credentials: a token in `Bearer ...` or in a URL's query
inside backticks was stored whole, while the same token in '...' or "..." was redacted.
"""

from __future__ import annotations

import pytest

from repokb.secrets import redact

_T = "hFdnXsiVpzz63FfkCzJr4i0B3JrTAwR4y9ojfljo"  # FAKE, random letters and digits


@pytest.mark.parametrize("language", ["javascript", "typescript"])
@pytest.mark.parametrize("line", [
    f"fetch( url, {{ headers: {{ Authorization: `Bearer {_T}` }} }} );",
    f"fetch( url, {{ headers: {{ 'Authorization': `Bearer {_T}` }} }} );",
    f"xhr.setRequestHeader( 'Authorization', `Bearer {_T}` );",
    f"const url = `https://api.example.com/v1/items?api_key={_T}`;",
    f"const url = `https://api.example.com/v1/items?x=1&api_key={_T}&y=${{page}}`;",
])
def test_a_token_in_a_template_literal_is_redacted(language, line):
    text = "// load the catalogue\n" + line + "\n"
    result = redact(text, "code", language)
    assert _T not in result.text, result.text
    assert result.text.count("\n") == text.count("\n")


@pytest.mark.parametrize("line", [
    "fetch( url, { headers: { Authorization: `Bearer ${ token }` } } );",
    "const url = `https://api.example.com/v1/items?api_key=${ apiKey }&page=${ page }`;",
    "const label = `key=${ key }`;",
])
def test_an_interpolated_value_in_a_template_literal_stays_readable(line):
    text = line + "\n"
    assert redact(text, "code", "javascript").text == text
