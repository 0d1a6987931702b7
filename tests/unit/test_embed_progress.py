"""Indexing reports the model's progress (chunks embedded / to embed), not only files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from repokb.pipeline import RunReport
from repokb.roots import resolve_roots
from repokb.settings import Settings
from repokb.surfaces.render import embedding_note
from repokb.workspace import Workspace

from ..conftest import HashEmbedder, write

Progress = list[tuple[int, int, int, int]]


def index_recording_progress(tmp_path: Path, modules: int,
                             **settings: Any) -> tuple[RunReport, Progress]:
    """Index `modules` files of 8 functions each; the run's report and every progress call."""
    root = tmp_path / "shop"
    for i in range(modules):
        write(root, f"pkg/mod{i}.py", "".join(
            f'def step_{i}_{j}(order):\n    """Step {j} of order flow {i}."""\n'
            f"    return order.advance({i}, {j})\n\n\n" for j in range(8)))
    ws = Workspace(Settings.load(home=tmp_path / "home", **settings))
    ws.__dict__["embedder"] = HashEmbedder()
    seen: Progress = []
    try:
        report = ws.indexer.run(resolve_roots([root], None),
                                embed_progress=lambda *a: seen.append(a))
    finally:
        ws.close()
    return report, seen


def test_the_run_reports_chunks_embedded_out_of_chunks_to_embed(tmp_path):
    report, seen = index_recording_progress(tmp_path, 12, buffer_chunks=40)
    embedded = report.counts["chunks_embedded"]
    assert embedded >= 12 * 8
    assert seen[-1][0] == seen[-1][1] == embedded  # all done at the end
    # lexical-first: the model works in the dense pass, whose whole work is known as it starts
    assert {s[1] for s in seen} == {embedded}
    assert any(0 < done < queued for done, queued, _, _ in seen)  # progress inside a batch
    assert [s[0] for s in seen] == sorted(s[0] for s in seen)
    assert all(s[3] == 12 and s[2] <= 12 for s in seen)


def test_the_embedding_note_gives_rate_and_time_left():
    # 100 of 200 queued chunks in 10 s, half of the files read: 400 expected, 300 left at 10/s
    assert embedding_note(100, 200, 5, 10, 10.0) == "10 chunks/s · ETA 30 s"
    assert embedding_note(0, 50, 1, 10, 0.0) == "starting ..."
    assert embedding_note(600, 600, 10, 10, 60.0) == "10 chunks/s · ETA 0 s"
    assert "min" in embedding_note(10, 2000, 10, 10, 10.0)


def test_one_pass_runs_report_a_total_that_grows_batch_by_batch(tmp_path):
    report, seen = index_recording_progress(tmp_path, 6, buffer_chunks=16, lexical_first=False)
    assert report.counts["chunks_dense_deferred"] == 0  # embedded as each buffer was written
    assert len({s[1] for s in seen}) > 1
    assert seen[-1][0] == seen[-1][1] == report.counts["chunks_embedded"] == 48
