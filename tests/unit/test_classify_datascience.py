"""Data-science tools' credential files are blocked whole, whatever they hold (CLASSIFIER_VERSION
0.3.15): before, `.databrickscfg`, `.s3cfg`, `.my.cnf` and a saved Hugging Face token were left
out only because no rule knew their format, and `kaggle.json` was indexed after redaction.
Values are made up."""

from __future__ import annotations

import pytest

from repokb.models import Kind, Policy

from ..conftest import classify_file

FILES = [
    ("kaggle.json", '{"username": "alice", "key": "4c3b2a19f8e7d6c5b4a39281706f5e4d"}'),
    (".kaggle/kaggle.json", '{"username": "alice", "key": "4c3b2a19f8e7d6c5b4a39281706f5e4d"}'),
    (".databrickscfg", "[DEFAULT]\nhost = https://adb-1.azuredatabricks.net\ntoken = dapi0\n"),
    ("gcloud/application_default_credentials.json", '{"type": "authorized_user"}'),
    (".boto", "[Credentials]\naws_secret_access_key = x\n"),
    (".s3cfg", "[default]\nsecret_key = x\n"),
    (".my.cnf", "[client]\npassword = x\n"),
    ("home/huggingface/token", "hf_x\n"),
    ("home/.huggingface/token", "hf_x\n"),
]


@pytest.mark.parametrize(("rel", "content"), FILES)
def test_a_data_science_tools_credential_file_is_blocked(tmp_path, rel, content):
    c = classify_file(tmp_path, rel, content)
    assert (c.kind, c.subkind, c.index_policy) == (
        Kind.SECRET_CANDIDATE, "credentials_file", Policy.BLOCK), c.reasons


def test_a_file_named_token_elsewhere_is_not_blocked_by_its_name(tmp_path):
    c = classify_file(tmp_path, "src/lexer/token", "IDENT NUMBER STRING\n")
    assert c.index_policy != Policy.BLOCK or c.subkind != "credentials_file"


def test_r_environ_is_blocked_as_an_env_file(tmp_path):
    """R reads `.Renviron` at every start, as a shell's `.env` (GITHUB_PAT, a database
    password); before, no rule knew it: "unknown format", left out only by chance."""
    c = classify_file(tmp_path, ".Renviron", "GITHUB_PAT=ghp_x\nDATABASE_PASSWORD=x\n")
    assert (c.kind, c.subkind, c.index_policy) == (
        Kind.SECRET_CANDIDATE, "env_file", Policy.BLOCK), c.reasons


@pytest.mark.parametrize("rel", ["reports/weekly.Rmd", "analysis/cohorts.qmd",
                                 "docs/intro.Rmarkdown"])
def test_r_markdown_and_quarto_are_indexed_as_markdown(tmp_path, rel):
    """A data team's reports: R Markdown and Quarto documents were "unknown format: no rule
    matched" and excluded, prose, code chunks and all."""
    text = "---\ntitle: Weekly\n---\n\n## Revenue\n\n```{r}\nrevenue <- sum(orders$amount)\n```\n"
    c = classify_file(tmp_path, rel, text)
    assert (c.language, c.index_policy) == ("markdown", Policy.PARSE_AND_INDEX), c.reasons


def test_jupyter_checkpoints_and_rstudio_state_are_not_walked(tmp_path):
    """`.ipynb_checkpoints/churn-checkpoint.ipynb` is Jupyter's autosave of `churn.ipynb`: before,
    it was indexed too, every cell answering twice (the copy one save behind). Quarto's
    `_freeze/` holds executed cells' printed output (a token a cell printed), and was indexed
    as JSON; `dbt_packages/` is `dbt deps`' installed third-party macros."""
    from repokb.models import SkippedPath, SourceFile
    from repokb.pipeline.discover import ProjectRoot, discover

    for rel in ("notebooks/churn.ipynb", "notebooks/.ipynb_checkpoints/churn-checkpoint.ipynb",
                ".Rproj.user/ABCD1234/sources/s-1/contents",
                "_freeze/reports/cohorts/execute-results/html.json", ".quarto/xref/a.json",
                "dbt_packages/dbt_utils/macros/star.sql"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text('{"cells": []}\n')
    items = list(discover(ProjectRoot("p", tmp_path)))
    assert {i.path for i in items if isinstance(i, SourceFile)} == {"notebooks/churn.ipynb"}
    assert {i.path for i in items if isinstance(i, SkippedPath)} == {
        "notebooks/.ipynb_checkpoints", ".Rproj.user", "_freeze", ".quarto", "dbt_packages"}


@pytest.mark.parametrize(("rel", "text", "kind", "subkind"), [
    ("renv.lock", '{"R": {"Version": "4.2.2"}, "Packages": {}}\n', Kind.LOCKFILE,
     "renv_lockfile"),
    ("DESCRIPTION", "Package: shopreport\nVersion: 0.1.0\nImports: dplyr, DBI\n",
     Kind.DEPENDENCY_MANIFEST, "r_package_description"),
])
def test_r_project_files_are_known(tmp_path, rel, text, kind, subkind):
    """renv's lockfile and an R package's DESCRIPTION were "unknown format" and excluded."""
    c = classify_file(tmp_path, rel, text)
    assert (c.kind, c.subkind) == (kind, subkind), c.reasons


@pytest.mark.parametrize("rel", ["snapshots/orders_snapshot.sql",
                                 "macros/materializations/snapshots/snapshot_merge.sql"])
def test_sql_under_dbt_snapshots_is_source_not_a_fixture(tmp_path, rel):
    """dbt's `snapshots/` holds snapshot definitions, dbt-adapters' its materialization's macros:
    before, the folder name read as a test's saved snapshots, metadata only, and "where is the
    macro snapshot_merge_sql defined" found nothing."""
    text = ("{% snapshot orders_snapshot %}\n{{ config(unique_key='id', strategy='timestamp') }}\n"
            "select * from {{ source('shop', 'orders') }}\n{% endsnapshot %}\n")
    c = classify_file(tmp_path, rel, text)
    assert (c.kind, c.index_policy) == (Kind.SOURCE, Policy.PARSE_AND_INDEX), c.reasons


def test_a_snapshot_file_of_a_test_tool_stays_a_fixture(tmp_path):
    c = classify_file(tmp_path, "tests/__snapshots__/report.sql", "select 1;\n")
    assert c.kind == Kind.TEST_FIXTURE, c.reasons
    c = classify_file(tmp_path, "src/snapshots/render.txt", "rendered output\n")
    assert c.kind == Kind.TEST_FIXTURE, c.reasons
