"""A rate measured for one build of the model is not reused for another (operations/calibrate)."""

from __future__ import annotations

import time
import types

import repokb.settings
from repokb.operations import calibrate
from repokb.pipeline import Indexer
from repokb.settings import Settings
from repokb.workspace import Workspace

from ..conftest import HashEmbedder


def test_a_rate_measured_for_the_previous_graph_is_measured_again(tmp_path, monkeypatch):
    ws = Workspace(Settings(home=tmp_path))
    measured = []
    monkeypatch.setattr(calibrate, "_measure",
                        lambda w: (measured.append(w.settings.embed_plan.model) or 1000.0, 1, 1.0))
    with monkeypatch.context() as old:
        old.setattr(repokb.settings, "MINILM_GRAPH", repokb.settings.MINILM_GRAPH - 1)
        assert calibrate.measured_rate(ws) == 1000.0
    monkeypatch.setattr(calibrate, "_measure", lambda w: (measured.append("now") or 2000.0, 1, 1.0))
    assert calibrate.measured_rate(ws) == 2000.0  # the fused graph's own rate
    assert calibrate.measured_rate(ws) == 2000.0  # ... cached from now on
    assert len(measured) == 2
    ws.close()


def test_the_models_start_and_a_slow_run_do_not_set_the_rate(tmp_path, monkeypatch):
    """Opening the model's sessions (once per process) is not indexing time, and a run held up
    by something else on the machine does not set the rate for good: the seconds it spent on a
    CPU count. The hold-ups move the module's wall clock by 1,000 s (no real sleep: a loaded
    machine's own slowness cannot pass for one, nor hide one). The sample is indexed once."""
    lag = [0.0]
    clock = types.SimpleNamespace(perf_counter=lambda: time.perf_counter() + lag[0],
                                  process_time=time.process_time)
    monkeypatch.setattr(calibrate, "time", clock)
    runs = []
    real_run = Indexer.run
    monkeypatch.setattr(Indexer, "run", lambda self, *a, **k: runs.append(a) or real_run(
        self, *a, **k))

    class SlowFirstCalls(HashEmbedder):
        calls = 0

        def embed_documents(self, texts, token_limits=None):
            SlowFirstCalls.calls += 1
            if SlowFirstCalls.calls <= 2:  # the sessions' start, then the run's first page
                lag[0] += 1000.0
            return super().embed_documents(texts, token_limits)

    ws = Workspace(Settings(home=tmp_path))
    ws.__dict__["embedder"] = SlowFirstCalls()
    rate, tokens, seconds = calibrate._measure(ws)
    ws.close()
    assert len(runs) == 1  # indexed once (twice, the faster counting, before)
    assert SlowFirstCalls.calls >= 2 and tokens > 5_000  # the start, and the run
    assert 0 < seconds < 1000.0 and rate == tokens / seconds
