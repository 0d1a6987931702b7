"""The forms session newuser38's attacker pass found stored as written, or files lost, in an
operations repository (Ansible roles, Salt states, nginx), indexed for real (ONNX model, Qdrant
Edge): no byte of a value under REPOKB_HOME, in `index --json`, a search or `explain --json`;
each file indexed (redacted), none blocked nor excluded."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..conftest import answered, assert_never_stored, write

pytestmark = pytest.mark.integration

VALUES = {  # FAKE values, assembled at run time
    "jinja": "".join(("Jd4kQ8", "mWz2pLx7")),
    "redis": "".join(("Rq7vN3", "qTz8wRm1")),
    "salt": "".join(("Sp2pW6", "xLq9mZ4v")),
    "nginx": "".join(("Ng5mK1", "vQz3pWn8")),
    "task": "".join(("Tk9eR2", "wQz6mLp5")),
}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "ops"
    v = VALUES
    write(root, "roles/app/templates/app.ini.j2",
          "[database]\nhost = {{ db_host }}\n"
          f"password = {{{{ db_password | default('{v['jinja']}') }}}}\n")
    write(root, "roles/redis/defaults/main.yml",
          "---\n# the port redis listens on\nredis_port: 6379\n"
          f"redis_requirepass: \"{v['redis']}\"\n")
    write(root, "salt/pillar/postgres.sls",
          f"postgres:\n  users:\n    app:\n      password: {v['salt']}\n      createdb: True\n")
    write(root, "deploy/nginx/sites-available/shop",
          "server {\n    listen 443 ssl;\n    server_name shop.example.com;\n\n"
          "    location /api/ {\n        proxy_pass http://127.0.0.1:8080;\n"
          f"        proxy_set_header Authorization \"Basic {v['nginx']}\";\n    }}\n}}\n")
    # named like a secret: a role's task file (it was blocked by its name)
    write(root, "roles/db/tasks/credentials.yml",
          "---\n- name: Create the application database user\n"
          "  community.mysql.mysql_user:\n    name: app\n"
          f"    password: \"{v['task']}\"\n    priv: \"shop.*:ALL\"\n")
    return root


def test_ops_forms_never_reach_the_home_or_an_answer(home, project):
    assert_never_stored(home, project, VALUES.values(), (
        "database password default", "redis requirepass", "salt pillar postgres users",
        "nginx api authorization header", "create the application database user"), files=5)
    # the text around each value stays readable, and named by its own structure
    assert "server_name shop.example.com" in answered("nginx server shop.example.com")
    assert "Create the application database user" in answered("which task creates the db user")
