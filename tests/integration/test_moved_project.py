"""A project folder renamed (`mv itsdangerous-2.2.0 itsdangerous`) and indexed again under its
new folder name: a new project, and the old one kept (its folder gone, as a watched folder
that goes away keeps its index). Before, nothing said so: every search showed each hit twice,
once per name (multi28's trial with 9 projects in one home)."""

from __future__ import annotations

from pathlib import Path

import pytest

from repokb.operations import Operations
from repokb.operations.jobs import ACTIVE
from repokb.workspace import Workspace

from ..conftest import run_cli, write
from .test_index_worker import wait_for
from .test_nested_projects import index

pytestmark = pytest.mark.integration


def test_a_renamed_project_folder_names_the_project_left_behind(home: Path,
                                                               tmp_path: Path) -> None:
    old = tmp_path / "signer-2.2.0"
    write(old, "signer/timed.py", '''
        def sign_with_timestamp(value, key):
            """Sign a value with the current timestamp appended."""
            return f"{value}.{key}"
        ''')
    write(old, "README.md", "# Signer\n\nSigns values with a timestamp so they expire.\n")
    index(str(old))
    new = old.rename(tmp_path / "signer")
    data = index(str(new))
    assert data["summary"]["same_files_as"] == {
        "signer": {"project": "signer-2.2.0", "folder": str(old)}}
    code, out, err = run_cli("index", str(new))
    assert code == 0, err
    shown = " ".join(out.split())
    assert ("project 'signer-2.2.0' holds the same files, indexed from " + str(old)
            + ", a folder now gone") in shown, shown
    assert "repokb flush --project signer-2.2.0" in shown
    code, _, err = run_cli("flush", "--project", "signer-2.2.0", "--yes")
    assert code == 0, err
    assert "same_files_as" not in index(str(new))["summary"]  # said until the old name goes
    # a project whose folder is still there, or that holds other files, is no twin
    other = tmp_path / "other"
    write(other, "README.md", "# Signer\n\nSigns values with a timestamp so they expire.\n")
    write(other, "notes.md", "# Notes\n\nNothing in common with the signer.\n")
    assert "same_files_as" not in index(str(other))["summary"]


def test_an_index_job_of_a_renamed_folder_names_the_project_left_behind(
        workspace: Workspace, tmp_path: Path) -> None:
    """The same for the runs MCP index_path and POST /knowledge/index start (jobs): the job's
    summary and the MCP tool's answer name the project left behind."""
    from repokb.surfaces.mcp import render

    ops = Operations(workspace)
    old = tmp_path / "signer-2.2.0"
    write(old, "README.md", "# Signer\n\nSigns values with a timestamp so they expire.\n")
    write(old, "docs/usage.md", "# Usage\n\nCall sign() with a value and a secret key.\n")
    ops.index([str(old)])
    new = old.rename(tmp_path / "signer")
    job, _ = ops.submit_index(str(new))
    wait_for(lambda: job.status not in ACTIVE, "the job never ended")
    assert job.status == "done" and job.summary is not None
    assert job.summary["same_files_as"] == {"signer": {"project": "signer-2.2.0",
                                                       "folder": str(old)}}
    text = " ".join(render.job(job.to_json()).split())
    assert "Project 'signer-2.2.0' holds the same files" in text, text
    assert "flush" in text
