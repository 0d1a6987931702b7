"""A Jupyter notebook end to end, with the real model and the real Qdrant Edge store: its cells
are found with lines into the .ipynb, its outputs never are, and no secret in a cell's source
(plain or JSON-escaped on disk) or in an output reaches the home, a search or an explanation."""

from __future__ import annotations

import base64
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .. import fake_secrets as fake
from ..conftest import every_byte, invoke, write

pytestmark = pytest.mark.integration

# FAKE, assembled at run time (see fake_secrets): shaped like an OpenAI project key
OPENAI_KEY = "".join(("sk", "-proj-", "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z",
                      "Ab7cDe0fGh3iJk6lMn9oPq2rSt5uVw8xYz1AbC4d"))
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5E"


def lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def notebook(escape: bool = False) -> str:
    cells = [
        {"cell_type": "markdown", "id": "a1", "metadata": {}, "source": lines(
            "# Fraud model\n\nScores card payments for fraud before they are captured.")},
        {"cell_type": "code", "execution_count": 1, "id": "a2", "metadata": {}, "outputs": [
            {"output_type": "stream", "name": "stdout",
             "text": [f"token in use: {fake.GITHUB_TOKEN}\n", "OUTPUTMARKER quetzal\n"]}],
         "source": lines('import os\n\nos.environ["OPENAI_API_KEY"] = "' + OPENAI_KEY + '"\n'
                         'print("token in use:", os.environ["GITHUB_TOKEN"])')},
        {"cell_type": "markdown", "id": "a3", "metadata": {}, "source": lines(
            "## Load the training data\n\nThe nightly export of captured payments, labelled.")},
        {"cell_type": "code", "execution_count": 2, "id": "a4", "metadata": {}, "outputs": [
            {"output_type": "display_data", "metadata": {},
             "data": {"image/png": PNG, "text/plain": ["<Figure OUTPUTMARKER>"]}}],
         "source": lines(
             "def load_training_data(path: str) -> pd.DataFrame:\n"
             '    """Read the labelled payments export, dropping refunds."""\n'
             "    frame = pd.read_parquet(path)\n"
             '    return frame[frame["kind"] != "refund"]\n')},
    ]
    nb = {"cells": cells, "metadata": {"kernelspec": {"language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    text = json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
    # written as some tools do: the key's letters as \u escapes (json.loads reads the same)
    return text.replace(OPENAI_KEY, OPENAI_KEY.replace("A", "\\u0041")) if escape else text


def test_a_notebook_is_searchable_by_its_cells_and_leaks_no_secret(home: Path, tmp_path: Path):
    root = tmp_path / "fraud"
    write(root, "notebooks/fraud.ipynb", notebook())
    write(root, "notebooks/escaped.ipynb", notebook(escape=True))
    write(root, "notebooks/broken.ipynb", '{"cells": [\n')
    indexed = invoke("index", str(root), "--json")
    by_path = {f["path"]: f for f in json.loads(indexed)["files"]}
    for path in ("notebooks/fraud.ipynb", "notebooks/escaped.ipynb"):
        assert by_path[path]["index_policy"] == "parse_and_index"
        assert by_path[path]["chunks"] >= 3, by_path[path]
    broken = by_path["notebooks/broken.ipynb"]
    assert broken["chunks"] == 0
    assert "notebook is not valid JSON: Expecting value (line 2, column 1)" in broken["reasons"]

    hits = json.loads(invoke("search", "load the training data", "--json", "--path",
                             "notebooks/fraud.ipynb"))
    code = next(h for h in hits if h["symbol"] == "load_training_data")
    on_disk = (root / "notebooks/fraud.ipynb").read_text().split("\n")
    shown = on_disk[code["start_line"] - 1 : code["end_line"]]
    assert shown[0].strip() == '"def load_training_data(path: str) -> pd.DataFrame:\\n",'
    assert shown[-1].strip() == '"    return frame[frame[\\"kind\\"] != \\"refund\\"]\\n"'
    assert code["language"] == "jupyter" and code["kind"] == "source"
    # the cell that set the key is indexed, its value redacted, in both notebooks
    for path in ("notebooks/fraud.ipynb", "notebooks/escaped.ipynb"):
        hits = json.loads(invoke("search", "OPENAI_API_KEY environ", "--json", "--path", path))
        assert any('os.environ["OPENAI_API_KEY"] = "<REDACTED_SECRET>"' in h["content"]
                   for h in hits), path
    # an output is not knowledge: its words find nothing
    assert not any("OUTPUTMARKER" in h["content"] for h in json.loads(
        invoke("search", "OUTPUTMARKER quetzal", "--json")))

    outputs = [indexed, invoke("index", str(root), "--dry-run", "--json")]
    for path in by_path:
        outputs.append(invoke("explain", str(root / path), "--json"))
    for query in (OPENAI_KEY, fake.GITHUB_TOKEN, "OPENAI_API_KEY", "token in use",
                  "fraud model", "load the training data"):
        outputs.append(invoke("search", query, "--json", "--limit", "20"))
        outputs.append(invoke("search", query, "--limit", "20"))
    everything = "\n".join(outputs)
    stored = every_byte(home)
    for value in (OPENAI_KEY, OPENAI_KEY[9:40], fake.GITHUB_TOKEN, PNG[:40]):
        assert value not in everything, f"{value[:6]}... shown"
        assert value.encode() not in stored, f"{value[:6]}... stored"


def test_a_notebook_of_plots_over_max_file_bytes_is_indexed_and_its_plots_never_stored(
        home: Path, tmp_path: Path):
    """5 MB of base64 PNG outputs and a few hundred bytes of code: it was metadata only (over
    max_file_bytes); now its code is found, and not a byte of a plot reaches the home."""
    root = tmp_path / "plots"
    plot = base64.b64encode(random.Random(3).randbytes(1_300_000)).decode()
    cells = [{"cell_type": "code", "execution_count": n, "id": f"p{n}", "metadata": {},
              "outputs": [{"output_type": "display_data", "metadata": {},
                           "data": {"image/png": plot[n:] + plot[:n],
                                    "text/plain": ["<Figure OUTPUTMARKER>"]}}],
              "source": lines(f"def plot_churn_by_cohort_{n}(frame):\n"
                              '    """Churned customers per signup cohort, stacked bars."""\n'
                              "    return frame.groupby('cohort').churned.sum().plot.bar()\n")}
             for n in range(4)]
    nb = {"cells": cells, "metadata": {"kernelspec": {"language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    path = write(root, "analysis/churn.ipynb", json.dumps(nb, indent=1) + "\n")
    assert path.stat().st_size > 5_000_000

    dry = json.loads(invoke("index", str(root), "--dry-run", "--json"))
    (planned,) = dry["files"]
    assert planned["index_policy"] == "parse_and_index", planned["reasons"]
    assert 1 <= planned["chunks"] <= 4  # from its sources' bytes, not its 5 MB
    assert 0 < dry["summary"]["estimate"]["tokens"] < 1000

    (indexed,) = json.loads(invoke("index", str(root), "--json"))["files"]
    assert indexed["index_policy"] == "parse_and_index" and indexed["chunks"] == 4
    hits = json.loads(invoke("search", "churned customers per signup cohort", "--json"))
    assert hits[0]["path"] == "analysis/churn.ipynb"
    assert hits[0]["symbol"].startswith("plot_churn_by_cohort_")
    assert not any("OUTPUTMARKER" in h["content"] for h in hits)
    stored = every_byte(home)
    for at in range(0, len(plot) - 40, len(plot) // 50):  # 50 samples along the plot
        assert plot[at : at + 40].encode() not in stored


def repokb(home: Path, *args: str, shown: list[str]) -> str:
    """One `repokb` command as a user runs it (no warm owner left behind); it must succeed.
    Its stdout, and both streams added to `shown`."""
    command = [exe] if (exe := shutil.which("repokb")) else [sys.executable, "-m", "repokb"]
    env = {**os.environ, "REPOKB_HOME": str(home), "REPOKB_OWNER_IDLE_SECONDS": "0"}
    done = subprocess.run([*command, *args], env=env, text=True, capture_output=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    shown += [done.stdout, done.stderr]
    return done.stdout


def test_a_secret_deep_in_a_notebook_is_reported_on_the_ipynb_line_that_holds_it(
        home: Path, tmp_path: Path):
    """The classifier reads only a file's head, so a credential 8 KB down a notebook is found
    when its cell is redacted: the line `explain` names must be the .ipynb's line a user opens
    (where the hit on that cell points), not the line within the cell (2 here)."""
    root = tmp_path / "warehouse"
    password = "".join(("Zq7v", "RealPassw0rd", "X31"))
    url = f"postgres://analyst:{password}@warehouse.internal/payments"
    cells: list[dict[str, object]] = []
    for n in range(12):  # well past the classifier's 8 KB head
        cells.append({"cell_type": "markdown", "id": f"m{n}", "metadata": {}, "source": lines(
            f"## Step {n}: part {n} of the export\n\n" + "Payments captured, refunds "
            "dropped, amounts in cents. " * 8)})
        cells.append({"cell_type": "code", "execution_count": n, "id": f"c{n}", "metadata": {},
                      "outputs": [], "source": lines(
                          f"part_{n} = pd.read_parquet('export/part{n}.parquet')\n"
                          f"part_{n} = part_{n}[part_{n}.kind != 'refund']\npart_{n}.head()")})
    cells.append({"cell_type": "code", "execution_count": 20, "id": "db", "metadata": {},
                  "outputs": [{"output_type": "stream", "name": "stdout",
                               "text": [f"connected to {url}\n"]}],
                  "source": lines("import sqlalchemy\n# the payments warehouse, read only\n"
                                  "engine = sqlalchemy.create_engine(\n"
                                  f"    '{url}')\nengine.connect()")})
    # a later cell whose value sits nearer its cell's start: still not the first one found
    cells.append({"cell_type": "code", "execution_count": 21, "id": "aws", "metadata": {},
                  "outputs": [], "source": lines(f'AWS_ACCESS_KEY_ID = "{fake.AWS_ACCESS_KEY}"')})
    nb = {"cells": cells, "metadata": {"kernelspec": {"language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    path = write(root, "notebooks/warehouse.ipynb", json.dumps(nb, indent=1) + "\n")
    on_disk = path.read_text().split("\n")
    # the source line, not the output that printed the URL
    (line,) = [n for n, text in enumerate(on_disk, 1) if f"'{url}'" in text]
    assert len("\n".join(on_disk[: line - 1])) > 8192

    shown: list[str] = []
    indexed = repokb(home, "index", str(root), "--json", shown=shown)
    (entry,) = [f for f in json.loads(indexed)["files"] if f["path"].endswith(".ipynb")]
    assert entry["index_policy"] == "parse_and_index" and entry["chunks"] > 0
    assert not any("redacted before any of its text is stored" in r
                   for r in entry["reasons"]), entry
    note = (f"secret-like values (2 value(s): aws_access_key, url_credentials from line "
            f"{line}): redacted before indexing")
    assert note in entry["reasons"]
    explained = repokb(home, "explain", str(path), "--json", shown=shown)
    assert json.loads(explained)["reason"] == note
    # the line named is where the hit on that cell points
    found = repokb(home, "search", "sqlalchemy create_engine payments warehouse", "--json",
                   shown=shown)
    hit = next(h for h in json.loads(found) if "create_engine" in h["content"])
    assert hit["path"] == "notebooks/warehouse.ipynb"
    assert hit["start_line"] < line <= hit["end_line"]
    assert "<REDACTED_SECRET>" in hit["content"]

    repokb(home, "explain", str(path), shown=shown)
    repokb(home, "search", password, "--json", shown=shown)
    outputs = "\n".join(shown)
    stored = every_byte(home)
    for value in (password, fake.AWS_ACCESS_KEY):
        assert value not in outputs, f"{value[:4]}... shown"
        assert value.encode() not in stored, f"{value[:4]}... stored"
