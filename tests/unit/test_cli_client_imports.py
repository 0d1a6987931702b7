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


SEARCH_PROBE = """
import hashlib, json, sys
import numpy as np
from pathlib import Path
from repokb.embedders.base import Embedder
from repokb.models import Query
from repokb.operations import Operations
from repokb.settings import Settings
from repokb.workspace import Workspace

class HashEmbedder(Embedder):  # tests/conftest.py's: the one the index was embedded with
    name = "hash-test"
    dimension = 384
    def _embed_batch(self, texts, *, is_query, max_tokens):
        rows = []
        for text in texts:
            seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")
            v = np.random.default_rng(seed).standard_normal(self.dimension).astype(np.float32)
            rows.append(v / np.linalg.norm(v))
        return np.stack(rows)

ws = Workspace(Settings.load(home=Path(sys.argv[1])))
ws.__dict__["embedder"] = HashEmbedder()
ops = Operations(ws)
hits = ops.search(Query("charge a card", projects=("shop",)))
why = ops.why_nothing(Query("charge a card", projects=("shopp",)))
loaded = [m for m in %r if m in sys.modules]
ws.close()
print(json.dumps({"hits": [h["path"] for h in hits], "why": why, "loaded": loaded}))
"""


def test_a_search_imports_no_pipeline_chunker_nor_secret_finder(tmp_path):
    """mcpstart43: the operations and the workspace imported the pipeline at the top, and the
    catalog the secrets package, so every cold `repokb search` and an MCP server's first one
    paid ~0.45 s of CPU for chunkers, classification rules and secret finders a search never
    runs (ux43). A search in a new process, through the operations every surface calls, on a
    home indexed here, loads none of them; it finds the file and says why a typo finds
    nothing as before."""
    from repokb.roots import resolve_roots
    from repokb.settings import Settings
    from repokb.workspace import Workspace

    from ..conftest import HashEmbedder, write

    home, tree = tmp_path / "home", tmp_path / "shop"
    write(tree, "billing.py", 'def charge_card(card, amount):\n    """Charge a card the '
          'amount given, in cents."""\n    return card.charge(amount)\n')
    ws = Workspace(Settings.load(home=home))
    ws.__dict__["embedder"] = HashEmbedder()
    try:
        ws.indexer.run(resolve_roots([tree], None))
    finally:
        ws.close()
    watched = ("repokb.pipeline", "repokb.chunkers", "repokb.secrets", "repokb.explain",
               "tree_sitter", "detect_secrets")
    done = subprocess.run([sys.executable, "-c", SEARCH_PROBE % (watched,), str(home)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["loaded"] == []
    assert result["hits"] == ["billing.py"]
    assert result["why"].startswith("no project named shopp. Did you mean shop?")
