"""A data scientist's folder indexed for real (ONNX model, Qdrant Edge; newuser39): an executed
notebook with nbconvert's Markdown export beside it (the export holds the cells' outputs: a
token a cell printed, a result's HTML table), its jupytext twin, a kernel's connection file and
a gallery script cut by its cells. No output's value reaches the home or an answer; the export
and the twin are metadata only, the connection file blocked; the notebook and the gallery
script stay searchable, a gallery block's text with its code. Every value is made up."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..conftest import every_byte, invoke, write

pytestmark = pytest.mark.integration

PRINTED = "".join(("4d3c94ead7e3068", "62d3ed5d326f5bac42d97f730"))
TABLE = "".join(("tAYepKh4mqEc", "x751HZ9FUrqXw6eDKA9Q"))
KERNEL_KEY = "".join(("2e0d7a3c-9b1f-", "4f7e-8a6d-0c5b4a392817"))
EXPORT = f"""# Churn model

Train a model that predicts churn.



```python
print(os.environ['SERVICE_TOKEN'])
```

    {PRINTED}



```python
settings
```




<table><tr><td>api_token</td><td>{TABLE}</td></tr></table>
"""
GALLERY = '''"""
Outlier detection via leave-one-out
===================================

Fit the dataset without each point and compare the fits.
"""
import numpy as np

###############################################################################
# Make five points outliers:
idx = np.random.randint(0, x.size, 5)
y[idx] += 10 * np.random.randn(idx.size)

###############################################################################
# Fit the dataset while omitting one data point:
for i in range(x.size):
    tmp = model.fit(np.delete(y, i), x=np.delete(x, i))
    chi_sq[i] = tmp.chisqr
'''


def _notebook() -> str:
    cells = [
        {"cell_type": "markdown", "metadata": {},
         "source": ["# Churn model\n", "Train a model that predicts churn."]},
        {"cell_type": "code", "execution_count": 1, "metadata": {}, "source": [
            "print(os.environ['SERVICE_TOKEN'])"],
         "outputs": [{"name": "stdout", "output_type": "stream", "text": [PRINTED + "\n"]}]},
        {"cell_type": "code", "execution_count": 2, "metadata": {}, "source": ["settings"],
         "outputs": [{"data": {"text/html": [f"<table><tr><td>api_token</td><td>{TABLE}</td>"
                                             "</tr></table>"]},
                      "execution_count": 2, "metadata": {}, "output_type": "execute_result"}]},
    ]
    return json.dumps({"cells": cells, "metadata": {"kernelspec": {"language": "python"}},
                       "nbformat": 4, "nbformat_minor": 5}, indent=1)


def test_a_notebooks_export_twin_and_kernel_file_leak_nothing(home: Path, tmp_path: Path):
    root = tmp_path / "churn-lab"
    write(root, "notebooks/churn.ipynb", _notebook())
    write(root, "notebooks/churn.md", EXPORT)
    write(root, "notebooks/twin/churn.ipynb", _notebook())
    write(root, "notebooks/twin/churn.py", "# ---\n# jupyter:\n#   jupytext:\n"
          "#     formats: ipynb,py:percent\n# ---\n\n# %%\nprint(os.environ['SERVICE_TOKEN'])\n")
    write(root, "runtime/kernel-5f1c2a.json", json.dumps(
        {"shell_port": 53795, "ip": "127.0.0.1", "key": KERNEL_KEY, "transport": "tcp",
         "signature_scheme": "hmac-sha256"}))
    write(root, "examples/plot_outliers.py", GALLERY)
    outputs = [invoke("index", str(root), "--json")]
    policies = {}
    for rel in ("notebooks/churn.md", "notebooks/twin/churn.py", "runtime/kernel-5f1c2a.json",
                "notebooks/churn.ipynb", "examples/plot_outliers.py"):
        explained = invoke("explain", str(root / rel), "--json")
        outputs.append(explained)
        policies[rel] = json.loads(explained)["classification"]["index_policy"]
    assert policies == {"notebooks/churn.md": "metadata_only",
                        "notebooks/twin/churn.py": "metadata_only",
                        "runtime/kernel-5f1c2a.json": "block",
                        "notebooks/churn.ipynb": "parse_and_index",
                        "examples/plot_outliers.py": "parse_and_index"}
    for query in (PRINTED, TABLE, KERNEL_KEY, "service token", "api token settings table",
                  "kernel connection key"):
        outputs.append(invoke("search", query, "--json", "--limit", "20"))
    answers = "\n".join(outputs)
    stored = every_byte(home)
    assert [v for v in (PRINTED, TABLE, KERNEL_KEY) if v.encode() in stored or v in answers] == []
    hits = json.loads(invoke("search", "which example fits the dataset while omitting one point",
                             "--json"))
    cell = next(h for h in hits if h["path"] == "examples/plot_outliers.py"
                and "omitting one data point" in h["content"])
    assert "chi_sq[i] = tmp.chisqr" in cell["content"]  # the block's text with its code
    assert "Make five points outliers" not in cell["content"]  # and not the block before
