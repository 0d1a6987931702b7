"""Secret forms stored as written until session 26, indexed for real (ONNX model, Qdrant Edge):
no byte of a value under REPOKB_HOME (raw, base64 or URL-encoded), in `index --json`, a search
or `explain`; and the two forms that were over-redacted read as written.

The forms: a random literal quoted after a secret word in a Python comment, a docstring and a
TypeScript comment; Oracle's `cx_Oracle.connect("scott", "X", dsn)` and `scott/X@host:1521/svc`
in Python and given to `sqlplus`; `ALCHEMY_ID=X` and `export INFURA_PROJECT_ID=X` in a shell
script; "Tokens X and Y were rotated" in Markdown. Kept: GitLab CI's `{value: "$CI_JOB_TOKEN"}`
and an Ansible one-liner's `priv=*.*:ALL state=present` after its redacted password.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ..conftest import answered, assert_never_stored, write

pytestmark = pytest.mark.integration

# FAKE values, assembled at run time
COMMENT = "".join(("Xq9Lw2Rt7K", "p4Mz8Vn3Bs6"))
DOCSTRING = "".join(("Tz7Qw2Lp9X", "r4Kd8Vm3Ns5"))
TS_COMMENT = "".join(("Hq7Zk2Wp9L", "r4Xt8Mv3Bn6"))
ORACLE_PW = "".join(("tigerPw", "9Xq2"))
DSN_PW = "".join(("OraPw4", "Lk8Zt"))
SQLPLUS_PW = "".join(("SqlPw7", "Rn3Kq"))
ALCHEMY = "".join(("abc123def456ghi7", "89jkl012mno345pq"))
INFURA = "".join(("5c1f0e7a9b2d4e6f", "8a3c5b7d9e1f20"))
ANSIBLE_PW = "".join(("AnsPw5", "Tq9Lm"))
TOKEN_1 = "".join(("Kq8vWz3L", "p0Rt5Yx2"))
TOKEN_2 = "".join(("Zt8pQ2xW", "7mK4Lr9N"))
VALUES = [COMMENT, DOCSTRING, TS_COMMENT, ORACLE_PW, DSN_PW, SQLPLUS_PW, ALCHEMY, INFURA,
          ANSIBLE_PW, TOKEN_1, TOKEN_2]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "shop"
    write(root, "shop/settings.py",
          '"""Settings of the shop service."""\n\nimport os\n\n'
          f'# the client_secret default was "{COMMENT}" before we moved it to the vault\n'
          'CLIENT_SECRET = os.environ["CLIENT_SECRET"]\n\n\n'
          "def oracle_connection():\n"
          f'    """The reporting database; the old api key was "{DOCSTRING}" before rotation."""\n'
          "    import cx_Oracle\n\n"
          f'    return cx_Oracle.connect("scott", "{ORACLE_PW}", "dbhost:1521/orcl")\n\n\n'
          "def oracle_dsn():\n"
          f'    return "scott/{DSN_PW}@dbhost:1521/orclpdb1"\n')
    write(root, "web/wallet.ts",
          f'// the token used to be "{TS_COMMENT}", rotated in March\n'
          "export const config = getDefaultConfig({\n"
          '  appName: "shop",\n'
          "  alchemyId: process.env.NEXT_PUBLIC_ALCHEMY_ID,\n"
          "});\n")
    write(root, "scripts/deploy.sh",
          "#!/bin/sh\n# deploy the reporting job\n"
          f"ALCHEMY_ID={ALCHEMY}\n"
          f"export INFURA_PROJECT_ID={INFURA}\n"
          f"sqlplus -s report/{SQLPLUS_PW}@dbhost:1521/orcl @nightly.sql\n")
    write(root, ".gitlab-ci.yml",
          "stages: [deploy]\n\n"
          "deploy:\n"
          "  stage: deploy\n"
          "  variables:\n"
          '    API_TOKEN: {value: "$CI_JOB_TOKEN", expand: false}\n'
          "  script:\n"
          "    - ./scripts/deploy.sh\n")
    write(root, "ansible/db.yml",
          "- hosts: db\n"
          "  tasks:\n"
          "    - name: create the reporting user\n"
          f"      mysql_user: name=report password={ANSIBLE_PW} priv=*.*:ALL state=present\n")
    write(root, "docs/ops.md",
          "# Operations\n\n## Rotation\n\n"
          f"Tokens {TOKEN_1} and {TOKEN_2} were rotated after the incident of March.\n")
    return root


def test_these_forms_never_reach_the_home_or_an_answer(home, project):
    assert_never_stored(home, project, VALUES, (
        "client secret default vault", "oracle connection reporting", "alchemy wallet config",
        "deploy reporting job sqlplus", "create the reporting user", "tokens rotated incident",
        "gitlab deploy variables"), files=6)
    # the prose and the syntax around them stay readable
    content = answered("client secret default vault", "--path", "shop/*")
    assert '# the client_secret default was "<REDACTED_SECRET>" before we moved it' in content
    content = answered("deploy variables API_TOKEN", "--path", ".gitlab-ci.yml")
    assert 'API_TOKEN: {value: "$CI_JOB_TOKEN", expand: false}' in content
    content = answered("create the reporting user", "--path", "ansible/*")
    assert "password=<REDACTED_SECRET> priv=*.*:ALL state=present" in content
