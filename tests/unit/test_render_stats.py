"""`repokb stats` and the MCP `stats` tool in a home of several projects: each project's
chunks beside its files, as the README promises ("chunks and files by project")."""

from __future__ import annotations

import io
from types import SimpleNamespace

import pytest
from rich.console import Console

from repokb.surfaces import render
from repokb.surfaces.mcp import render as mcp_render

STATS = {"points": 3760, "files": 722, "dense_pending": 0, "lexical_only": {},
         "by_status": {"indexed": 502, "skipped": 220},
         "by_project": {"dayjs": 451, "flask-3.0.3": 233, "cobra": 38},
         "indexed_by_project": {"dayjs": 300, "flask-3.0.3": 164, "cobra": 38},
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
    assert rows == {"dayjs": ["300", "451", "1525"], "flask-3.0.3": ["164", "233", "2195"],
                    "cobra": ["38", "38", "40"]}
    header = next(line for line in shown.splitlines() if line.split()[:1] == ["project"])
    assert header.split() == ["project", "indexed", "files", "files", "recorded", "chunks"]
    text = mcp_render.stats(STATS, None)
    assert ("by project: dayjs 1525 chunks from 300 indexed files (451 files recorded), "
            "flask-3.0.3 2195 chunks from 164 indexed files (233 files recorded), "
            "cobra 40 chunks from 38 files") in text
    assert text.startswith("the index: 3760 chunks from 502 indexed files (722 files recorded)")


def test_one_label_one_number_across_surfaces(monkeypatch: pytest.MonkeyPatch) -> None:
    """A project's "files" were its recorded files (skipped ones too) in `repokb stats`'s table,
    the MCP stats and the dashboard, and its indexed files in `repokb index`'s table and the
    headline ("502 indexed files"): requests-2.32.3 showed 78 files on one and 51 on the
    other. Every surface now says "indexed files" for the one and "files recorded" for the
    other, from the counts `stats` computes once."""
    buffer = io.StringIO()
    monkeypatch.setattr(render, "out", Console(file=buffer, width=200, color_system=None))
    render.projects_table({"requests": {"files_indexed": 51, "files_skipped": 27}})
    header = buffer.getvalue().splitlines()[1].split()
    assert header[:3] == ["project", "indexed", "skipped"], header
    assert mcp_render.projects([{"project": "requests", "files": 78, "indexed_files": 51,
                                 "chunks": 965}]).endswith(
        "requests: 965 chunks from 51 indexed files (78 files recorded)")
    old = {k: v for k, v in STATS.items() if k != "indexed_by_project"}  # an older owner's
    text = mcp_render.stats(old, None)
    assert "by project: dayjs 1525 chunks from 451 files recorded" in text


def test_a_runs_own_bookkeeping_is_not_in_the_summary_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """environs, a new user's first index (session 38): "chunks embedded: 321 · chunks dense
    deferred: 321" read as if the vectors were still to come. The count stays in --json."""
    summary = {"files_seen": 22, "files_indexed": 15, "chunks_created": 321,
               "chunks_embedded": 321, "chunks_dense_deferred": 321, "seconds": 30.3}
    buffer = io.StringIO()
    monkeypatch.setattr(render, "out", Console(file=buffer, width=400, color_system=None))
    render.index_result(summary, dry_run=False)
    render.stats({**STATS, "last_run": {"project": "environs", "started_at": 0.0,
                                        "finished_at": 30.3, "summary": summary}})
    shown = buffer.getvalue()
    assert "chunks embedded: 321" in shown and "chunks embedded 321" in shown
    assert "deferred" not in shown, shown


def test_a_compaction_left_due_is_said_in_words_not_as_a_bare_count(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """newuser43: every run of a home with a big store printed "store compaction due: 1" and
    nothing else: what is due, why, and what performs it. The count stays in --json."""
    summary = {"files_seen": 26, "files_indexed": 26, "chunks_unchanged": 300,
               "store_compaction_due": 1, "seconds": 1.1}
    buffer = io.StringIO()
    monkeypatch.setattr(render, "out", Console(file=buffer, width=400, color_system=None))
    render.index_result(summary, dry_run=False)
    *said, last = buffer.getvalue().strip().splitlines()
    assert "compaction due" not in last and last.startswith("indexed files seen: 26"), last
    assert any("stays in the store's files until a compaction" in line and "idle" in line
               for line in said), said
    buffer.truncate(0)
    render.index_result({**summary, "store_compaction_due": 0}, dry_run=False)
    assert "compaction" not in buffer.getvalue()


def test_files_of_no_language_are_shown_as_the_dashboard_shows_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """newuser43 on wagtail 8.0.1: `repokb stats` and the dry run listed its 1,088 `.mo` and
    `.svg` files under the language `None` (Python's spelling of "no language"), which the
    dashboard shows as "—"; `--json` keeps its "None" key."""
    buffer = io.StringIO()
    monkeypatch.setattr(render, "out", Console(file=buffer, width=200, color_system=None))
    render.stats({**STATS, "by_language": {"python": 300, "None": 371}})
    files = [{"path": "a.py", "kind": "source", "language": "python", "knowledge_role": "x",
              "index_policy": "parse_and_index", "reasons": [], "chunks": 1},
             {"path": "a.mo", "kind": "build_artifact", "language": None, "knowledge_role": "x",
              "index_policy": "exclude", "reasons": ["compiled artifact (.mo)"], "chunks": 0}]
    estimate = {"by_kind": {}, "tokens_per_second": 6000.0, "embed_seconds": 1.0,
                "embedder": "minilm-onnx", "chunks": 1, "tokens": 100}
    render.breakdown(SimpleNamespace(files=files, estimate=lambda: estimate, counts={},
                                     secrets_checked="head", head_bytes=8192))
    shown = buffer.getvalue()
    assert "None" not in shown, shown
    assert any(line.split() == ["—", "371"] for line in shown.splitlines()), shown
    assert "language: python 1, — 1" in shown, shown


def test_a_dry_run_says_files_it_would_index_as_a_dry_run_means_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """newuser43: a dry run's line said "files indexed: 19" of files it only would index, and
    its tables' headers "indexed"; --json keeps the keys (files_indexed, files_skipped)."""
    summary = {"files_seen": 24, "files_indexed": 19, "files_skipped": 5, "dirs_skipped": 2,
               "chunks_estimated": 40, "seconds": 0.1,
               "by_project": {"shop": {"files_indexed": 12, "files_skipped": 3},
                              "blog": {"files_indexed": 7, "files_skipped": 2}}}
    buffer = io.StringIO()
    monkeypatch.setattr(render, "out", Console(file=buffer, width=400, color_system=None))
    estimate = {"by_kind": {"source": {"files": 24, "admitted": 19, "chunks": 40,
                                       "tokens": 900}},
                "tokens_per_second": 6000.0, "embed_seconds": 1.0, "embedder": "minilm-onnx",
                "chunks": 40, "tokens": 900}
    report = SimpleNamespace(files=[], estimate=lambda: estimate, counts={},
                             secrets_checked="head", head_bytes=8192)
    render.index_result(summary, dry_run=True, report=report)
    shown = buffer.getvalue()
    assert shown.strip().splitlines()[-1].startswith(
        "dry run files seen: 24 · files to index: 19 · files to skip: 5 · folders to skip: 2")
    assert "indexed" not in shown and "skipped" not in shown, shown
    assert any(line.split()[:4] == ["project", "to", "index", "to"] for line in
               shown.splitlines()), shown
    buffer.truncate(0)
    buffer.seek(0)
    render.index_result(summary, dry_run=False)
    assert "indexed files seen: 24 · files indexed: 19 · files skipped: 5" in buffer.getvalue()


def test_piped_output_cuts_no_name_at_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """newuser43: with no terminal, rich's 80 columns cut the chunking table's names
    ("typescri…", "docume…"); piped output keeps every name whole (COLUMNS still rules)."""
    monkeypatch.delenv("COLUMNS", raising=False)
    for name in ("FORCE_COLOR", "TTY_INTERACTIVE", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)
    buffer = io.StringIO()
    monkeypatch.setattr(render, "out", type(render.out)(file=buffer, color_system=None))
    metrics = {"files": 3, "chunks": 30, "avg_chunks_per_file": 10.0, "symbol_rate": 0.5,
               "avg_quality": 0.8, "duplicates": 0, "near_duplicates": 0, "contamination": 0}
    long_kind = "dependency_manifest" + "_and_more" * 6
    render.chunking({"typescript": {"documentation": metrics, long_kind: metrics},
                     "restructuredtext": {"documentation": metrics}})
    shown = buffer.getvalue()
    assert "…" not in shown, shown
    assert long_kind in shown and "restructuredtext" in shown, shown
    monkeypatch.setenv("COLUMNS", "60")
    assert render.out.width == 60
