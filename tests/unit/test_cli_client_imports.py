"""A read command answered by a warm owner is a new process per call: what it imports is most of
its time. Its path (parsing, the Query record, the owner socket client) loads none of the heavy
packages: not the model runtime, Qdrant, the web stack, httpx, nor pydantic (typer 0.29 converts
parameters with it: surfaces/cli_types.py does it without)."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("onnxruntime", "qdrant_edge", "qdrant_client", "fastapi", "starlette", "uvicorn",
         "httpx", "pydantic", "numpy", "tokenizers")

PROBE = """
import json, sys
from repokb.models import Query
from repokb.settings import Settings
from repokb.surfaces import cli, owner
Query("where is the parser", kinds=("source",))
owner.fingerprint(Settings.load())
errors = []
for args in (["search", "x", "--limit", "0"], ["search", "x", "--limit", "abc"],
             ["search", "x", "--limit", "101"], ["search", "x", "--context-lines", "-1"]):
    try:
        cli.app(args, standalone_mode=False)
    except Exception as exc:
        errors.append(str(exc))
print(json.dumps({"loaded": [m for m in %r if m in sys.modules], "errors": errors}))
"""


def test_the_read_commands_path_imports_nothing_heavy():
    done = subprocess.run([sys.executable, "-c", PROBE % (HEAVY,)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["loaded"] == []
    # the parameters are still checked, with the messages typer's own conversion gives
    assert result["errors"] == [
        "Input should be greater than or equal to 1",
        "Input should be a valid integer, unable to parse string as an integer",
        "Input should be less than or equal to 100",
        "Input should be greater than or equal to 0"]


INDEX_PROBE = """
import json, sys, tempfile
from repokb.surfaces import cli, dispatch
asked = []
def answered(home, call, local=None, warm=False):  # a warm owner that ran the job
    asked.append(True)
    return {"files": [], "summary": {}}
cli.dispatch = dispatch.dispatch = answered
folder = tempfile.mkdtemp()
try:
    cli.app(["index", folder, "--json"], standalone_mode=False)
except SystemExit:
    pass
heavy = [m for m in %r if m in sys.modules]
print(json.dumps({"asked": asked, "loaded": heavy}))
"""


def test_an_index_a_warm_owner_runs_imports_no_pipeline_here():
    """`repokb index --json` in an agent's loop (search, edit, index) is run by the warm owner:
    the client only makes the folders absolute. It imported the whole pipeline package for
    that (`resolve_roots`), ~0.3-0.6 s of every call (repokb/roots.py now)."""
    done = subprocess.run([sys.executable, "-c", INDEX_PROBE % (
        (*HEAVY, "repokb.pipeline", "repokb.chunkers", "repokb.secrets", "repokb.rules"),)],
        capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result == {"asked": [True], "loaded": []}
