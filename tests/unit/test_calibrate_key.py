"""A rate measured for one build of the model is not reused for another (operations/calibrate)."""

from __future__ import annotations

import repokb.settings
from repokb.operations import calibrate
from repokb.settings import Settings
from repokb.workspace import Workspace


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
