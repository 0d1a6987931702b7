"""The owner socket builds its REST app on the first request, not before (issue 19).

A one-file `repokb index` becomes the owner for its run; building FastAPI's app up front cost
~0.6 s of CPU that nobody used. Checked in a fresh interpreter, where nothing else has imported
the web stack: before any request it is not loaded; the first request is answered as before.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.integration

SCRIPT = textwrap.dedent("""
    import sys
    from repokb.operations import Operations
    from repokb.settings import Settings
    from repokb.surfaces.owner import OwnerSocket, Remote
    from repokb.workspace import Workspace

    lazy, module = sys.argv[1] == "lazy", sys.argv[2]
    settings = Settings.load()
    with Workspace(settings) as ws:
        ops = Operations(ws)
        with OwnerSocket(ops, lazy=lazy):
            print("before", module in sys.modules)
            remote = Remote(Settings.load())
            try:
                stats = remote.stats()
            finally:
                remote.close()
            print("after", module in sys.modules, sorted(stats)[:2])
        ops.close()
""")


def _owner_loads(tmp_path, how: str, module: str) -> list[str]:
    """Whether `module` is loaded before and after the owner's first request (answered)."""
    env = {"REPOKB_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    proc = subprocess.run([sys.executable, "-c", SCRIPT, how, module], env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = proc.stdout.splitlines()
    assert lines[1].startswith(("after True [", "after False [")), proc.stdout  # answered
    return [line.split(" [")[0] for line in lines]


def test_the_owner_builds_its_app_on_the_first_request(tmp_path):
    for module in ("repokb.surfaces.server.app", "fastapi"):
        assert _owner_loads(tmp_path, "eager", module) == ["before False", "after True"]


def test_a_command_run_owner_starts_its_server_on_the_first_connection(tmp_path):
    """`repokb index` owns the store for its run: the web stack (uvicorn) comes up only when
    another command connects, and that command is answered."""
    assert _owner_loads(tmp_path, "lazy", "uvicorn") == ["before False", "after True"]


@pytest.mark.usefixtures("home")  # tmp_path / "home", the derived model in it
def test_an_index_run_imports_neither_the_web_stack_nor_the_search(tmp_path):
    """A one-file `repokb index` nobody asks anything: no uvicorn, no search code imported
    (~0.1 s of a cold run's ~2 s; issue 19)."""
    tree = tmp_path / "proj"
    tree.mkdir()
    (tree / "app.py").write_text("def handler(event):\n    return event['body'].upper()\n")
    env = {"REPOKB_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "repokb", "index",
                           str(tree), "--json"], env=env, capture_output=True, text=True,
                          timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    imported = {line.rsplit("|", 1)[-1].strip() for line in proc.stderr.splitlines()
                if line.startswith("import time:")}
    assert "repokb.pipeline" in imported  # the log is read
    assert not {"uvicorn", "repokb.search", "repokb.query"} & imported
