"""`repokb stats` and the MCP `stats` tool in a home of several projects: each project's
chunks beside its files, as the README promises ("chunks and files by project")."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from repokb.surfaces import render
from repokb.surfaces.mcp import render as mcp_render

STATS = {"points": 3760, "files": 722, "dense_pending": 0, "lexical_only": {},
         "by_status": {"indexed": 502, "skipped": 220},
         "by_project": {"dayjs": 451, "flask-3.0.3": 233, "cobra": 38},
         "points_by_project": {"flask-3.0.3": 2195, "dayjs": 1525, "cobra": 40},
         "by_kind": {"source": 400}, "by_language": {"python": 300}, "by_role": {},
         "by_policy": {}, "last_run": None}


def test_stats_show_each_projects_chunks_beside_its_files(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """multi28's trial, 8 projects in one home: the `by project` table listed one number a
    project, its files (skipped ones too), unlabelled; how many chunks a project holds was
    nowhere but in --json and MCP list_projects."""
    buffer = io.StringIO()
    monkeypatch.setattr(render, "out", Console(file=buffer, width=200, color_system=None))
    render.stats(STATS)
    shown = buffer.getvalue()
    assert shown.splitlines()[0] == "3760 chunks from 502 indexed files (722 files recorded)"
    rows = {line.split()[0]: line.split()[1:] for line in shown.splitlines()
            if line.strip() and line.split()[0] in STATS["by_project"]}
    assert rows == {"dayjs": ["451", "1525"], "flask-3.0.3": ["233", "2195"],
                    "cobra": ["38", "40"]}
    assert "files" in shown and "chunks" in shown
    text = mcp_render.stats(STATS, None)
    assert "by project: dayjs 451 files 1525 chunks, flask-3.0.3 233 files 2195 chunks" in text
    assert text.startswith("the index: 3760 chunks from 502 indexed files (722 files recorded)")
