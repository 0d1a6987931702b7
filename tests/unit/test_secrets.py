"""Secret finding and redaction: realistic FAKE credentials found, tricky negatives left alone."""

from __future__ import annotations

import pytest

from repokb.secrets import REDACTED, redact, scan
from repokb.secrets.library import library_findings

from .. import fake_secrets as fake

POSITIVES = [
    ("env", f"AWS_ACCESS_KEY_ID={fake.AWS_ACCESS_KEY}", fake.AWS_ACCESS_KEY, True),
    ("env", f"aws_secret_access_key = {fake.AWS_SECRET_KEY}", fake.AWS_SECRET_KEY, False),
    ("yaml", f"github:\n  token: {fake.GITHUB_TOKEN}\n", fake.GITHUB_TOKEN, True),
    ("env", f"SLACK_BOT={fake.SLACK_TOKEN}", fake.SLACK_TOKEN, True),
    ("py", f'stripe.api_key = "{fake.STRIPE_KEY}"', fake.STRIPE_KEY, True),
    ("js", f'const key = "{fake.GOOGLE_API_KEY}";', fake.GOOGLE_API_KEY, True),
    ("md", f"Authorization: Bearer {fake.JWT}", fake.JWT, False),
    ("env", f"DATABASE_URL=postgres://admin:{fake.DB_PASSWORD}@db.internal:5432/orders",
     fake.DB_PASSWORD, True),
    ("yaml", f"spring:\n  datasource:\n    password: {fake.YAML_PASSWORD}\n",
     fake.YAML_PASSWORD, False),
    ("json", fake.GCP_SERVICE_ACCOUNT, fake.PRIVATE_KEY_BODY, True),
    ("pem", fake.PRIVATE_KEY, fake.PRIVATE_KEY_BODY, True),
]
MODES = {"py": "code", "js": "code", "md": "text"}


@pytest.mark.parametrize(("fmt", "text", "value", "strong"), POSITIVES,
                         ids=[p[0] + str(i) for i, p in enumerate(POSITIVES)])
def test_fake_secrets_are_found_and_redacted(fmt, text, value, strong):
    mode = MODES.get(fmt, "config")
    found = scan(text, mode)
    assert found, text
    assert any(f.strong for f in found) is strong
    result = redact(text, mode)
    assert value not in result.text and REDACTED in result.text
    assert result.text.count("\n") == text.count("\n")  # line numbers stay true


def test_connection_strings_keep_everything_but_the_credentials():
    text = f"url: postgres://shop:{fake.DB_PASSWORD}@db.internal:5432/orders\n"
    assert redact(text).text == f"url: postgres://{REDACTED}@db.internal:5432/orders\n"


NEGATIVES = [
    ("config", "password: ${DB_PASSWORD}"),
    ("config", "API_KEY=<your-api-key>"),
    ("config", "password: changeme"),
    ("config", "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE"),
    ("config", "id: 123e4567-e89b-12d3-a456-426614174000"),
    ("config", '"integrity": "sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+ZtgLjKqvy'
               '3tQ5uqWn7VjVkLrQhPqr8Yk2g0/pw=="'),
    ("config", "golang.org/x/text v0.3.0 h1:g61tztE5qeGQ89tm6NTjjM9VPIm088od1l6aSorWRWg="),
    ("text", 'src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4'
             '2mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="'),
    ("code", 'password = os.environ["DB_PASSWORD"]'),
    ("code", "def login(user, password):"),
    ("code", 'SESSION_KEY = "_auth_user_id"'),
    ("code", 'CSRF_COOKIE = "csrftoken"'),
    ("text", "commit 3f2a9c8e1b7d4f6a0e5c2b9d8a7f6e5d4c3b2a19"),
    ("config", "url: jdbc:postgresql://db:5432/orders"),
    ("config", "postgres://${USER}:${PASS}@db/x"),
    ("config", "password_min_length: 12"),
    ("config", 'token_type: "bearer"'),
    ("config", "max_tokens: 256"),
]


@pytest.mark.parametrize(("mode", "text"), NEGATIVES)
def test_tricky_negatives_are_not_secrets(mode, text):
    assert scan(text, mode) == []
    assert redact(text, mode).text == text


def test_detect_secrets_adds_formats_our_table_lacks():
    # A Mailchimp-shaped FAKE key: no rule of ours, one plugin of detect-secrets.
    mailchimp = "".join(("3f2a9c8e1b7d4f6a", "0e5c2b9d8a7f6e5d", "-us12"))
    text = f"mailchimp = {mailchimp}\n"
    assert not [f for f in scan(text, "code")]
    assert [f.detector for f in library_findings(text)] == ["detect_secrets:mailchimp_access_key"]
    assert mailchimp not in redact(text, "code").text


def test_findings_describe_without_the_value():
    (finding,) = scan(f"token: {fake.GITHUB_TOKEN}\n")
    assert fake.GITHUB_TOKEN not in finding.describe()
    assert finding.describe() == "github_token at line 1"
