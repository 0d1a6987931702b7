"""A value that names an environment variable, under a key that says it is a name, is kept.

Found by a new-user pass over the anthropic SDK: `api_key_env_vars: Sequence[str] =
("ANTHROPIC_AWS_API_KEY",)` was stored as `("<REDACTED_SECRET>",)`, so a search for where the
SDK reads ANTHROPIC_AWS_API_KEY found nothing; `secret_name = "AWS_SECRET_ACCESS_KEY"` the same.
The value is the NAME of a variable: all-caps words joined by underscores (no lower case, no
digits between letters), under a key ending in env, var(s), variable(s) or name(s). Both must
hold: `password1 = "FORBIDDEN_VALUE"` (django's forms tests) is a password, and a random
all-caps token (`JBSWY3DP_EHPK3PXP`) under `api_key_env_vars` is still redacted.
"""

from __future__ import annotations

import pytest

from repokb.secrets import REDACTED, mode_for, redact


@pytest.mark.parametrize(("language", "line", "name"), [
    ("python", 'api_key_env_vars: Sequence[str] = ("ANTHROPIC_AWS_API_KEY",),',
     "ANTHROPIC_AWS_API_KEY"),
    ("python", '_MANTLE_API_KEY_ENV_VARS = ("AWS_BEARER_TOKEN_BEDROCK", "ANTHROPIC_AWS_API_KEY")',
     "AWS_BEARER_TOKEN_BEDROCK"),
    ("python", '_MANTLE_API_KEY_ENV_VARS = ("AWS_BEARER_TOKEN_BEDROCK", "ANTHROPIC_AWS_API_KEY")',
     "ANTHROPIC_AWS_API_KEY"),
    ("python", 'secret_name = "AWS_SECRET_ACCESS_KEY"', "AWS_SECRET_ACCESS_KEY"),
    ("python", 'password_env: str = "DB_PASSWORD"', "DB_PASSWORD"),
    ("python", 'TOKEN_ENV = "GITHUB_TOKEN"', "GITHUB_TOKEN"),
    ("python", 'client_secret_env_name = "OAUTH2_CLIENT_SECRET"', "OAUTH2_CLIENT_SECRET"),
    ("typescript", 'const apiKeyEnvVar: string = "OPENAI_API_KEY";', "OPENAI_API_KEY"),
    ("yaml", "secret_key_var: DJANGO_SECRET_KEY", "DJANGO_SECRET_KEY"),
    ("yaml", "password_env: PASSWORD", "PASSWORD"),
])
def test_the_name_of_an_environment_variable_is_kept(language, line, name):
    result = redact(line + "\n", mode_for(language), language)
    assert name in result.text, (result.text, result.findings)


@pytest.mark.parametrize(("language", "line", "value"), [
    # the key names no variable: the value is the secret
    ("python", '"password1": "FORBIDDEN_VALUE",', "FORBIDDEN_VALUE"),
    ("yaml", "password: DB_PASSWORD_2024", "DB_PASSWORD_2024"),
    # the value is no variable's name: lower case, digits among letters, no underscore
    ("python", 'api_key_env_vars = ("JBSWY3DP_EHPK3PXP",)', "JBSWY3DP_EHPK3PXP"),
    ("python", 'secret_name = "JBSWY3DPEHPK3PXP"', "JBSWY3DPEHPK3PXP"),
    ("python", 'secret_name = "Tq7Wz3Lx9Rk5Np2V"', "Tq7Wz3Lx9Rk5Np2V"),
    ("yaml", "password_env: HUNTERTWOXYZ", "HUNTERTWOXYZ"),
    ("yaml", "api_key_name: sk-ant-api03-Zk3qW8rT1vYp5LmN0xAe7sDf2GhJ9bCu4KoIq", "sk-ant-api03"),
])
def test_a_secret_under_a_name_like_key_is_still_redacted(language, line, value):
    result = redact(line + "\n", mode_for(language), language)
    assert value not in result.text and REDACTED in result.text, (result.text, result.findings)
