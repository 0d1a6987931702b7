"""Secret forms last session's attacker matrices left readable, and what only looks like them.

Each of these was stored as written: a header's value in Jenkins' httpRequest
`customHeaders: [[name: 'X-Api-Key', value: 'X']]` (a Postman collection's `{"key":
"Authorization", "value": "Bearer X"}` too), Gradle's `useInMemoryPgpKeys(id, "KEY", "X")` in
a Kotlin script; a password given by position to a bare `login(user, "X")` or a
`connect(host, user, "X")` (MySQLdb's, PHP's `mysql_connect`, paramiko's with a port); a random
token after "token", "secret" or "API key" in prose or a comment with no verb between ("Auth
token X", "Deploy token for staging: X"); GitLab CI's `API_TOKEN: {value: "X", expand:
false}`. And Helm's `existingSecret: redis-creds`, the name of a Kubernetes Secret, was
redacted: it stays.
"""

from __future__ import annotations

import pytest

from repokb.secrets import mode_for, redact

from ..conftest import assert_redacted
from ..secret_forms import kept_forms, redacted_forms

TOKEN = "".join(("Jq7Lm2", "Vx9Tb4Rw6Yp1"))  # FAKE values, assembled at run time
LOW = "".join(("devkey", "2024abc"))  # a FAKE key a base64-entropy plugin passes over
PW = "".join(("hunter2", "prod"))  # a FAKE lower-case password with a digit
PW2 = "".join(("sunshine", "42"))
HEX = "".join(("9a8bc7de6f5a4b3c", "2d1e0f9a8b7c"))

MUST_REDACT = [  # (language, text, the value)
    ("groovy", f"httpRequest url: u, customHeaders: [[name: 'X-Api-Key', value: '{LOW}']]\n",
     LOW),
    ("groovy", f"httpRequest url: u, customHeaders: [[name: 'PRIVATE-TOKEN', value: '{LOW}', "
               "maskValue: true]]\n", LOW),
    ("groovy", "httpRequest(url: u, customHeaders: [\n"
               f"    [name: 'Authorization', value: 'Bearer {LOW}'],\n"
               "    [name: 'Accept', value: 'application/json']\n])\n", LOW),
    ("groovy", f"customHeaders: [[name: 'Authorization', value: \"Token {LOW}\"]]\n", LOW),
    ("json", f'{{"header": [{{"key": "Authorization", "value": "Bearer {LOW}"}}]}}\n', LOW),
    ("kotlin", f'signing {{\n    useInMemoryPgpKeys("ABCD1234", "{TOKEN}", "{PW}")\n}}\n',
     TOKEN),
    ("kotlin", f'signing {{\n    useInMemoryPgpKeys("ABCD1234", "{TOKEN}", "{PW}")\n}}\n', PW),
    ("groovy", f'signing {{\n  useInMemoryPgpKeys(signingKey, "{PW}")\n}}\n', PW),
    ("groovy", f'useInMemoryPgpKeys(findProperty("signingKey") as String, "{PW}")\n', PW),
    ("kotlin", f'useInMemoryPgpKeys(\n    "0xABCDEF12",\n    "{TOKEN}",\n    "{PW}"\n)\n', PW),
    ("python", f'conn = connect("db", "admin", "{PW}")\n', PW),
    ("python", f'conn = MySQLdb.connect("localhost", "app", "{PW}", "shop")\n', PW),
    ("python", f'client.connect("10.0.0.5", 22, "deploy", "{PW}")\n', PW),
    ("python", f'return login(user, "{PW2}")\n', PW2),
    ("php", f'$link = mysql_connect("localhost", "root", "{PW}");\n', PW),
    ("php", f'ftp_login($conn, $user, "{PW2}");\n', PW2),
    ("python", f"# Auth token {TOKEN}\ndef f():\n    return 1\n", TOKEN),
    ("python", f'"""Use the service token {TOKEN} to call the API."""\n', TOKEN),
    ("markdown", f"Auth token {TOKEN} for the staging API.\n", TOKEN),
    ("markdown", f"The webhook secret {HEX}.\n", HEX),
    ("text", f"api key {TOKEN}\n", TOKEN),
    ("python", f"# Deploy token for staging: {TOKEN}\nx = 1\n", TOKEN),
    ("yaml", f'variables:\n  API_TOKEN: {{value: "{LOW}", expand: false}}\n', LOW),
    ("yaml", f"variables:\n  DB_PASSWORD: {{ value: {LOW}, description: db }}\n", LOW),
]

MUST_KEEP = [  # (language, text): nothing here is a secret
    ("groovy", "customHeaders: [[name: 'Content-Type', value: 'application/json']]\n"),
    ("groovy", "customHeaders: [[name: 'Authorization', value: \"Bearer ${env.TOKEN}\"]]\n"),
    ("groovy", "signing {\n  useInMemoryPgpKeys(signingKeyId, signingKey, signingPassword)\n}\n"),
    ("groovy", "useInMemoryPgpKeys('${signingKey}', '${signingPassword}')\n"),
    ("python", 'return s.encode("utf-8"), connect("localhost", "admin", "password")\n'),
    ("python", 'conn = sqlite3.connect("db.sqlite3")\n'),
    ("python", 'sock.connect(("localhost", 8080))\n'),
    ("python", 'post_save.connect(handler, sender="app.Model")\n'),
    ("python", 'obj.connect("notify::active", self.on_active, "userdata")\n'),
    ("python", "login(request, user)\n"),
    ("python", 'ftp.login("anonymous", "guest")\n'),
    ("markdown", "Pass the token as the first argument. The CSRF token CsrfViewMiddleware "
                 "checks it.\n"),
    ("markdown", "Set the secret key SECRET_KEY_FALLBACKS to rotate it.\n"),
    ("markdown", "The token 2fa-enabled-device and the token v2024.01.15-rc1 are names.\n"),
    ("markdown", "Our token deadbeefdeadbeefdeadbeef00 is a test vector.\n"),
    ("python", "# the token PBKDF2PasswordHasher123 hashes it\n"),
    ("markdown", "Ask for the deploy token for staging: the on-call engineer has it.\n"),
    ("yaml", 'variables:\n  DOCKER_DRIVER: {value: "overlay2", expand: false}\n'),
    ("yaml", "redis:\n  existingSecret: redis-creds\n"
             "  existingSecretPasswordKey: redis-password\n"),
]


test_a_secret_in_these_forms_is_redacted = redacted_forms(MUST_REDACT)


test_what_only_looks_like_one_stays = kept_forms(MUST_KEEP)


def test_the_pgp_key_id_stays_readable():
    text = f'useInMemoryPgpKeys("ABCD1234", "{TOKEN}", "{PW}")\n'
    assert '"ABCD1234"' in redact(text, "code", "kotlin").text


def test_a_helm_existing_secret_is_no_secret_like_value_to_the_classifier():
    # the classifier's content sniff reads `scan`: values.yaml's reasons said "indexed only
    # after redaction" for the Secret's name alone
    from repokb.secrets import scan

    assert scan("redis:\n  auth:\n    existingSecret: redis-creds\n", "config") == []


def test_a_gitlab_variable_given_a_reference_keeps_it():
    # scan took `{value:` for a bare value (redacted until session 26); now nothing is
    text = 'variables:\n  API_TOKEN: {value: "$CI_JOB_TOKEN", expand: false}\n'
    assert redact(text, "config", "yaml").text == text


@pytest.mark.parametrize(("language", "text"), [
    ("python", 'existing_password = "Hunter2Prod99"\n'),
    ("yaml", "db:\n  existingPassword: Hunter2Prod99\n"),
    ("yaml", "db:\n  existing_token: Kq8vWz3Lp0Rt5Yx2\n"),
])
def test_a_key_opening_with_existing_is_still_a_secret_unless_it_names_a_secret_object(
        language, text):
    # `existingSecret` names a Kubernetes Secret (kept above); the first version kept every
    # key whose first word was "existing", so `existing_password = "..."` was stored as written
    value = text.split(": " if language == "yaml" else '= "')[-1].strip().strip('"')
    assert_redacted(text, mode_for(language), language, value)
