"""A notebook's text copies and Jupyter's runtime files (newuser39). nbconvert's Markdown export
of an executed notebook holds the cells' outputs, which the notebook chunker never indexes: a
printed token that no redaction rule can name (40 hex characters in a stream) and a result's
HTML table were stored from `churn.md` beside `churn.ipynb`. A jupytext twin repeats the cells,
every answer twice. A kernel's connection file holds the key that signs messages to the running
kernel, a server's info file its login token; both were indexed as JSON configuration. Values are
made up."""

from __future__ import annotations

import json

import pytest

from repokb.models import Kind, Policy

from ..conftest import classify_file, write

NOTEBOOK = json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
PRINTED = "4d3c94ead7e306862d3ed5d326f5bac42d97f730"
EXPORT_MD = ("# Churn\n\n\n\n```python\nprint(os.environ['SERVICE_TOKEN'])\n```\n\n"
             f"    {PRINTED}\n\n")
JUPYTEXT_MD = ("---\njupyter:\n  jupytext:\n    formats: ipynb,md\n  kernelspec:\n"
               "    name: python3\n---\n\n# Churn\n\n```python\nimport pandas as pd\n```\n")
JUPYTEXT_PY = ("# ---\n# jupyter:\n#   jupytext:\n#     formats: ipynb,py:percent\n# ---\n\n"
               "# %%\nimport pandas as pd\n")
EXPORT_RST = ".. code:: ipython3\n\n    print(token)\n\n.. parsed-literal::\n\n    x\n"


@pytest.mark.parametrize(("rel", "content", "tool"), [
    ("notebooks/churn.md", EXPORT_MD, "a Markdown copy of churn.ipynb"),
    ("notebooks/churn.rst", EXPORT_RST, "nbconvert's export of churn.ipynb"),
    ("notebooks/churn.md", JUPYTEXT_MD, "jupytext's copy of churn.ipynb"),
    ("notebooks/churn.py", JUPYTEXT_PY, "jupytext's copy of churn.ipynb"),
])
def test_a_notebooks_export_or_twin_beside_it_is_metadata_only(tmp_path, rel, content, tool):
    """nbconvert's Markdown export, its reST export, jupytext's paired Markdown and script."""
    write(tmp_path, "notebooks/churn.ipynb", NOTEBOOK)
    c = classify_file(tmp_path, rel, content)
    assert (c.kind, c.subkind, c.index_policy) == (
        Kind.GENERATED, "notebook_copy", Policy.METADATA_ONLY), c.reasons
    assert tool in c.reasons[0]


@pytest.mark.parametrize(("rel", "content"), [
    ("notebooks/churn.pct.py", JUPYTEXT_PY), ("notebooks/churn.myst.md", JUPYTEXT_MD),
    ("notebooks/churn.Rmd", JUPYTEXT_MD.replace("```python", "```{python}")),
])
def test_jupytexts_copies_under_a_format_suffix_are_metadata_only(tmp_path, rel, content):
    """jupytext's demo keeps `World population.pct.py`, `.lgt.py`, `.myst.md`, `.Rmd` ... beside
    `World population.ipynb`: each was indexed, every cell answering once per copy."""
    write(tmp_path, "notebooks/churn.ipynb", NOTEBOOK)
    c = classify_file(tmp_path, rel, content)
    assert (c.kind, c.subkind) == (Kind.GENERATED, "notebook_copy"), c.reasons
    assert "jupytext's copy of churn.ipynb" in c.reasons[0]


def test_a_suffixed_script_without_jupytexts_header_stays_indexed(tmp_path):
    write(tmp_path, "notebooks/churn.ipynb", NOTEBOOK)
    c = classify_file(tmp_path, "notebooks/churn.utils.py", "def churn(df):\n    return df\n")
    assert c.index_policy is Policy.PARSE_AND_INDEX, c.reasons


def test_an_export_moved_away_is_known_by_its_output_images(tmp_path):
    text = EXPORT_MD + "![png](churn_files/churn_3_0.png)\n"
    c = classify_file(tmp_path, "docs/churn.md", text)
    assert (c.kind, c.subkind) == (Kind.GENERATED, "notebook_copy"), c.reasons
    assert "churn_files/" in c.reasons[0]


def test_an_export_moved_away_is_known_by_its_text_outputs(tmp_path):
    text = EXPORT_MD + "```python\nmodel.score(X, y)\n```\n\n    0.93\n"
    c = classify_file(tmp_path, "docs/churn_report.md", text)
    assert (c.kind, c.subkind) == (Kind.GENERATED, "notebook_copy"), c.reasons
    assert "2 cell outputs" in c.reasons[0]


@pytest.mark.parametrize(("rel", "content"), [
    ("notebooks/churn.md", "# Churn\n\nHow to read the churn notebook.\n"),  # no mark
    ("notebooks/summary.md", EXPORT_MD),  # another stem: no notebook of its name
    ("notebooks/churn.py", "import pandas as pd\n\n\ndef churn(df):\n    return df\n"),
    ("docs/guide.md", "![png](img/plot.png)\n\n```python\nx = 1\n```\n"),  # no `_files/`
    ("docs/usage.md", "```python\nx = 1\n```\n\n    $ run\n"),  # one indented block only
])
def test_a_hand_written_file_beside_a_notebook_stays_indexed(tmp_path, rel, content):
    write(tmp_path, "notebooks/churn.ipynb", NOTEBOOK)
    c = classify_file(tmp_path, rel, content)
    assert c.index_policy is Policy.PARSE_AND_INDEX, c.reasons


@pytest.mark.parametrize("rel", ["runtime/kernel-5f1c2a.json",
                                 "kernel-2e0d7a3c-9b1f-4f7e-8a6d-0c5b4a392817.json",
                                 ".local/share/jupyter/runtime/jpserver-4242.json",
                                 "runtime/nbserver-1234.json"])
def test_jupyters_runtime_files_are_blocked(tmp_path, rel):
    text = json.dumps({"shell_port": 53795, "ip": "127.0.0.1", "transport": "tcp",
                       "key": "2e0d7a3c-9b1f-4f7e-8a6d-0c5b4a392817",
                       "signature_scheme": "hmac-sha256", "token": "ab" * 24})
    c = classify_file(tmp_path, rel, text)
    assert (c.kind, c.index_policy) == (Kind.SECRET_CANDIDATE, Policy.BLOCK), c.reasons


def test_a_kernel_named_json_that_is_no_runtime_file_stays_indexed(tmp_path):
    c = classify_file(tmp_path, "config/kernel-settings.json", '{"timeout": 30}')
    assert c.index_policy is not Policy.BLOCK, c.reasons


def test_jupyterlabs_virtual_documents_are_not_walked(tmp_path):
    from repokb.models import SkippedPath, SourceFile
    from repokb.pipeline.discover import ProjectRoot, discover

    write(tmp_path, "notebooks/churn.ipynb", NOTEBOOK)
    write(tmp_path, "notebooks/.virtual_documents/churn.ipynb.py", "import os\n")
    items = list(discover(ProjectRoot("p", tmp_path)))
    assert {i.path for i in items if isinstance(i, SourceFile)} == {"notebooks/churn.ipynb"}
    assert {i.path for i in items if isinstance(i, SkippedPath)} == {
        "notebooks/.virtual_documents"}
