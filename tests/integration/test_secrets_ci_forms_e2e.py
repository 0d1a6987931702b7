"""Secret forms last session's attacker matrices left as written, indexed for real (ONNX model,
Qdrant Edge): no byte of a value under REPOKB_HOME, in `index --json`, a search or `explain`.

The forms: Jenkins' httpRequest `customHeaders: [[name: 'X-Api-Key', value: 'X']]` and
`[name: 'Authorization', value: 'Bearer X']`; Gradle's `useInMemoryPgpKeys("ID", "KEY", "X")`
in a Kotlin script; a lower-case password with a digit given by position to a bare
`connect(host, user, "X")` or `login(user, "X")`; a random token after "Auth token" in a comment
and in Markdown; GitLab CI's `DEPLOY_TOKEN: {value: "X", expand: false}`. Helm's
`existingSecret: redis-creds` names a Kubernetes Secret: it stays.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ..conftest import answered, assert_never_stored, write

pytestmark = pytest.mark.integration

# FAKE values, assembled at run time
HEADER_KEY = "".join(("devkey", "2024abc"))
HEADER_BEARER = "".join(("ab12cd", "34ef56gh"))
PGP_KEY = "".join(("KtsS1gnKey", "Lit9Qx3Mv7Zp2"))
PGP_PW = "".join(("KtsPgpPw8", "Rn4Tb6Yc1Wd"))
DB_PW = "".join(("hunter2", "prod"))
LOGIN_PW = "".join(("sunshine", "42"))
COMMENT_TOKEN = "".join(("9a8bC7dE6f", "G5hJ4kL3mN2pQ1"))
DOC_TOKEN = "".join(("3Jx7Kp2Qw9", "Rz5Lm8Vb4Tn6Hd"))
GITLAB = "".join(("GlFlowTok4", "Wq8Zr2"))


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "shop"
    write(root, "Jenkinsfile",
          "pipeline {\n"
          "  agent any\n"
          "  stages {\n"
          "    stage('notify') {\n"
          "      steps {\n"
          "        httpRequest url: 'https://api.example.com/deploy', httpMode: 'POST',\n"
          f"          customHeaders: [[name: 'X-Api-Key', value: '{HEADER_KEY}']]\n"
          "        httpRequest url: 'https://api.example.com/hook',\n"
          f"          customHeaders: [[name: 'Authorization', value: 'Bearer {HEADER_BEARER}']]\n"
          "      }\n"
          "    }\n"
          "  }\n"
          "}\n")
    write(root, "build.gradle.kts",
          "plugins {\n    `maven-publish`\n    signing\n}\n\n"
          "signing {\n"
          f'    useInMemoryPgpKeys("ABCD1234", "{PGP_KEY}", "{PGP_PW}")\n'
          "    sign(publishing.publications)\n"
          "}\n")
    write(root, "shop/db.py",
          '"""Database access for the shop."""\n\n\n'
          "def open_orders():\n"
          '    """The connection the order reports read from."""\n'
          f'    return connect("db.internal", "admin", "{DB_PW}")\n\n\n'
          "def sign_in(user):\n"
          '    """Sign the reporting user in to the partner portal."""\n'
          f'    return login(user, "{LOGIN_PW}")\n\n\n'
          "def encode(s):\n"
          '    return s.encode("utf-8"), connect("localhost", "admin", "password")\n\n\n'
          f"# Auth token {COMMENT_TOKEN}\n"
          "def partner_headers():\n"
          '    return {"Accept": "application/json"}\n')
    write(root, "docs/ops.md",
          "# Operations\n\n"
          "## Staging\n\n"
          f"Auth token {DOC_TOKEN} for the staging API, rotated every quarter.\n")
    write(root, "chart/values.yaml",
          "replicaCount: 1\n"
          "redis:\n"
          "  enabled: true\n"
          "  auth:\n"
          "    existingSecret: redis-creds\n"
          "    existingSecretPasswordKey: redis-password\n")
    write(root, ".gitlab-ci.yml",
          "stages: [deploy]\n\n"
          "deploy:\n"
          "  stage: deploy\n"
          "  variables:\n"
          f'    DEPLOY_TOKEN: {{value: "{GITLAB}", expand: false}}\n'
          "  script:\n"
          "    - ./deploy.sh\n")
    return root


def test_these_forms_never_reach_the_home_or_an_answer(home, project):
    values = [HEADER_KEY, HEADER_BEARER, PGP_KEY, PGP_PW, DB_PW, LOGIN_PW, COMMENT_TOKEN,
              DOC_TOKEN, GITLAB]
    assert_never_stored(home, project, values, (
        "jenkins deploy notify api key", "signing pgp keys", "open orders connection",
        "sign in partner portal", "staging auth token", "partner headers",
        "deploy variables"), files=6)
    # what surrounds them stays readable: the key id, ordinary strings, the Secret's name
    content = answered("signing useInMemoryPgpKeys", "--limit", "20")
    assert 'useInMemoryPgpKeys("ABCD1234", "<REDACTED_SECRET>", "<REDACTED_SECRET>")' in content
    content = answered("encode utf-8 connect localhost", "--path", "shop/*")
    assert 'connect("localhost", "admin", "password")' in content
    assert 'connect("db.internal", "admin", "<REDACTED_SECRET>")' in content
    content = answered("redis existingSecret", "--path", "chart/*")
    assert "existingSecret: redis-creds" in content
