"""Secret forms stored as written until session secrets12.

Stored: the passwords of a list in prose ("Passwords X and Y were rotated", "the passwords X,
Y"), only the first of which, if any, was read; the values of a Markdown list under a heading
or a lead-in line naming secrets (`## API keys` then `- staging: X`); a literal quoted with
escaped quotes inside a string (a JSON file's `"note": "the api key was \\"X\\""`), which no
prose finder read past its `\\`.
"""

from __future__ import annotations

from repokb.secrets import redact

from ..secret_forms import kept_forms, redacted_forms

# FAKE values, assembled at run time
PW1 = "".join(("Kx8#vT", "q2Lm"))
PW2 = "".join(("Rg5!pW", "z9Nc"))
RANDOM = "".join(("Xq9Lw2Rt7K", "p4Mz8Vn3Bs6"))
RANDOM2 = "".join(("Tz7Qw2Lp9X", "r4Kd8Vm3Ns5"))

MUST_REDACT = [  # (language, text, the values)
    ("markdown", f"Passwords {PW1} and {PW2} were rotated.\n", [PW1, PW2]),
    ("markdown", f"The passwords {PW1}, {PW2} are for staging.\n", [PW1, PW2]),
    ("markdown", f"Passwords `{PW1}` and `{PW2}` work.\n", [PW1, PW2]),
    ("markdown", f"passwords: {PW1}, {PW2}\n", [PW1, PW2]),
    ("python", f"# passwords {PW1} or {PW2}\nx = 1\n", [PW1, PW2]),
    ("markdown", "Use the passwords StagingPw9931 and ProdPw44120 to log in.\n",
     ["StagingPw9931", "ProdPw44120"]),
    ("markdown", f"Tokens:\n\n- staging: {RANDOM}\n- prod: {RANDOM2}\n", [RANDOM, RANDOM2]),
    ("markdown", f"## API keys\n\nAsk ops first.\n\n- staging: {RANDOM}\n- prod: `{RANDOM2}`\n",
     [RANDOM, RANDOM2]),
    ("markdown", f"### Credentials\n\n* staging: `{RANDOM}`\n* prod: `{RANDOM2}`\n",
     [RANDOM, RANDOM2]),
    ("markdown", f"API keys for each environment:\n- staging: {RANDOM}\n- production: {RANDOM2}\n",
     [RANDOM, RANDOM2]),
    ("markdown", f"**API keys**\n\n1. {RANDOM}\n2. {RANDOM2}\n", [RANDOM, RANDOM2]),
    ("markdown", f"Staging passwords:\n- admin: {PW1}\n- ci: {PW2}\n", [PW1, PW2]),
    ("rst", f"API keys\n--------\n\n* staging: ``{RANDOM}``\n", [RANDOM]),
    # a word ending in "ss" is no plural: "Access keys" was read "acces key" (found in review)
    ("markdown", f"## Access keys\n\n- staging: {RANDOM}\n", [RANDOM]),
    ("markdown", f"Credentials\n===========\n\n- aws: {RANDOM}\n", [RANDOM]),
    ("json", '{"note": "the api key was \\"' + RANDOM + '\\""}\n', [RANDOM]),
    ("json", '{"note": "the password was \\"' + PW1 + '\\" before"}\n', [PW1]),
    ("python", 'x = {"note": "the api key was \\"' + RANDOM + '\\""}\n', [RANDOM]),
    ("javascript", 'const s = "the secret was \\"' + RANDOM + '\\" in v1";\n', [RANDOM]),
]

MUST_KEEP = [  # (language, text): nothing here is a secret
    ("markdown", "## Credentials\n\n- docs: https://example.com/creds\n- version: 1.2.3\n"
                 "- owner: the platform team\n- since: v2.3.1-rc4\n"),
    ("markdown", "## Token formats\n\n- PBKDF2PasswordHasher\n"
                 "- sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08\n"
                 "- django.contrib.auth.tokens\n"),
    ("markdown", f"Notes:\n- staging: {RANDOM}\n"),  # no secret word above: a cache key, an id
    ("markdown", f"## Tokens\n\nSee below.\n\n## Build\n\n- cache: {RANDOM}\n"),
    ("markdown", "Passwords must be 8+ characters and passwords expire.\n"),
    ("markdown", "The passwords field and password_reset_tokens table.\n"),
    ("json", '{"note": "the \\"password\\" field", "hint": "use \\"PBKDF2PasswordHasher\\""}\n'),
    # a quantity under a passwords title (`100/hour` was taken for a password in its place)
    ("markdown", "## Passwords\n\n- rate limit: 100/hour\n- lockout: 5 per minute\n- max: 2.5MB\n"),
]


test_a_secret_in_these_forms_is_redacted = redacted_forms(MUST_REDACT)


test_what_only_looks_like_one_stays = kept_forms(MUST_KEEP)


def test_an_escaped_quote_stays_around_the_redaction():
    text = '{"note": "the api key was \\"' + RANDOM + '\\""}\n'
    assert redact(text, "config", "json").text == (
        '{"note": "the api key was \\"<REDACTED_SECRET>\\""}\n')


def test_a_listed_secret_loses_its_value_only():
    text = f"## API keys\n\n- staging: {RANDOM}\n- docs: https://example.com/keys\n"
    assert redact(text, "text", "markdown").text == text.replace(RANDOM, "<REDACTED_SECRET>")
