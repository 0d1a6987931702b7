"""The installed command ends without the interpreter's teardown (surfaces/cli.run), and loses
nothing by it: the exit code, every byte written to stdout, and the exit handlers (a temporary
folder's cleanup, logging's flush) are as a normal exit leaves them."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.integration

SCRIPT = textwrap.dedent("""
    import atexit, sys
    mark = sys.argv[1]
    atexit.register(lambda: open(mark, "w").write("handlers ran"))
    sys.argv = ["repokb", *sys.argv[2:]]
    from repokb.surfaces.cli import run
    run()
""")


def _run(tmp_path, *args):
    mark = tmp_path / "mark"
    env = {"REPOKB_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    proc = subprocess.run([sys.executable, "-c", SCRIPT, str(mark), *args], env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    return proc, mark


@pytest.mark.usefixtures("home")  # tmp_path / "home", the derived model in it
def test_a_finished_command_keeps_its_output_code_and_exit_handlers(tmp_path):
    tree = tmp_path / "proj"
    tree.mkdir()
    for i in range(40):  # enough output to fill more than one pipe buffer
        (tree / f"m{i}.py").write_text(f"def handler_{i}(event):\n    return event * {i}\n")
    proc, mark = _run(tmp_path, "index", str(tree), "--json")
    assert proc.returncode == 0, proc.stderr[-3000:]
    result = json.loads(proc.stdout)  # the whole document, flushed
    assert len(result["files"]) == 40
    assert mark.read_text() == "handlers ran"


def test_a_failed_command_keeps_its_exit_code_and_message(tmp_path):
    proc, mark = _run(tmp_path, "index", str(tmp_path / "missing"))
    assert proc.returncode == 2
    assert "does not exist" in proc.stderr
    assert mark.read_text() == "handlers ran"


def test_python_dash_m_is_the_same_command(tmp_path):
    env = {"REPOKB_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    proc = subprocess.run([sys.executable, "-m", "repokb", "index", str(tmp_path / "missing")],
                          env=env, capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 2
    assert "does not exist" in proc.stderr


@pytest.mark.usefixtures("home")  # tmp_path / "home", the derived model in it
def test_a_profiled_command_still_writes_its_profile(tmp_path):
    """`python -m cProfile -o F -m repokb ...` (how bench/RESULTS.md profiles a run): the
    profiler writes F after the program returns, so the command exits the usual way."""
    tree = tmp_path / "proj"
    tree.mkdir()
    (tree / "app.py").write_text("def handler(event):\n    return event\n")
    profile = tmp_path / "run.prof"
    env = {"REPOKB_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    proc = subprocess.run([sys.executable, "-m", "cProfile", "-o", str(profile), "-m", "repokb",
                           "index", str(tree), "--json"], env=env, capture_output=True,
                          text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert profile.stat().st_size > 0
