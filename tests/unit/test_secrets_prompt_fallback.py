"""A prompt's fallback in a notebook cell (newuser39): `password = getpass.getpass() or "X"` and
`token = input("Token: ") or "X"` keep the value a user gets by pressing Enter; the planted
notebook's getpass fallback was the one value of 66 stored. A fallback under a name that says
nothing secret, or an empty one, is kept. Values are made up."""

from __future__ import annotations

import pytest

from repokb.secrets import redact

from ..conftest import assert_redacted

VALUE = "".join(("GlhQPi", "AwHXlR4H"))


@pytest.mark.parametrize("line", [
    f'password = getpass.getpass() or "{VALUE}"\n',
    f"db_password = getpass('Warehouse password: ') or '{VALUE}'\n",
    f'api_token = input("Token: ") or "{VALUE}"\n',
    f'    self.secret = raw_input() or "{VALUE}"\n',
])
def test_a_prompts_fallback_under_a_secrets_name_is_redacted(line: str):
    assert_redacted(line, "code", "python", VALUE)


@pytest.mark.parametrize("line", [
    'username = input("User: ") or "analyst_default"\n',
    'password = getpass.getpass() or ""\n',
    'answer = input("Continue? ") or "yes-please-go-on"\n',
])
def test_a_fallback_that_is_no_secret_is_kept(line: str):
    assert redact(line, "code", "python").text == line
