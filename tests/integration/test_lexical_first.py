"""Lexical-first indexing: every chunk is searchable by BM25 before the model reaches it, hits say
so, the dense pass fills the vectors in (source and docs before tests), and a run stopped in
the dense pass is finished by the next one (real model, real Qdrant Edge)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from repokb.operations import Operations
from repokb.pipeline import RunReport
from repokb.pipeline.verify import verify
from repokb.roots import resolve_roots
from repokb.search import Query
from repokb.stores.base import Store
from repokb.workspace import Workspace

from ..conftest import killed_in_dense_pass, write, write_shop

pytestmark = pytest.mark.integration

QUESTION = "compute the refund of an order"


@pytest.fixture
def shop(tmp_path: Path) -> Path:
    return write_shop(tmp_path / "shop", tests=True)


def _state(store: Store) -> dict[str, tuple[dict, list[float] | None]]:
    return {p.id: (p.payload, p.dense) for p in store.export()}


def test_bm25_answers_before_the_dense_pass_and_hybrid_after(workspace: Workspace, shop: Path):
    ws = workspace
    (root,) = resolve_roots([shop], None)
    run = ws.indexer.project_run(root, ws.store, ws.indexer.vectorizer(), RunReport())
    run.lexical_first = True
    run.lexical_pass()  # what a search sees while the run is still embedding
    assert ws.store.count() == 9 and ws.store.dense_pending("shop") == 9
    assert verify(ws.catalog, ws.store).ok  # every file committed, none waits on the model
    ops = Operations(ws)
    assert ops.stats()["dense_pending"] == 9
    hits = ops.search(Query(QUESTION, limit=3, explain=True))
    assert hits[0]["path"] == "shop/refund.py"
    assert all(h["lexical_only"] == "pending" for h in hits)
    assert all(h["provenance"]["dense_rank"] is None for h in hits)

    run.dense_pass()
    assert ws.store.dense_pending() == 0 and ops.stats()["lexical_only"] == {}
    hits = ops.search(Query(QUESTION, limit=3, explain=True))
    assert hits[0]["path"] == "shop/refund.py"
    assert all("lexical_only" not in h for h in hits)
    assert hits[0]["provenance"]["dense_rank"] is not None
    summary = run.report.summary()
    assert summary["chunks_dense_deferred"] == 9 and summary["chunks_embedded"] == 9
    assert summary["tokens_embedded"] > 9 * 10 and summary["chunks_dense_pending"] == 0


def test_the_dense_pass_embeds_source_and_docs_before_tests(workspace: Workspace, shop: Path,
                                                            monkeypatch: pytest.MonkeyPatch):
    ws = replace(workspace.settings, buffer_chunks=2)  # dense pages of 2 points
    small = Workspace(ws)
    small.__dict__["embedder"] = workspace.embedder
    kinds: list[str] = []
    real_fill = type(small.store).fill_dense

    def watch(store: Store, vectors: dict[str, list[float]]) -> None:
        found = {p.id: p.payload["kind"] for p in store.export() if p.id in vectors}
        kinds.extend(found[i] for i in vectors)
        real_fill(store, vectors)

    monkeypatch.setattr(type(small.store), "fill_dense", watch)
    try:
        small.indexer.run(resolve_roots([shop], None))
    finally:
        small.close()
    assert len(kinds) == 9
    assert kinds == sorted(kinds, key=lambda k: k == "test"), kinds  # all tests come last


def test_a_run_stopped_in_the_dense_pass_is_finished_by_the_next(workspace: Workspace,
                                                                 shop: Path, settings,
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path):
    ws = workspace
    roots = resolve_roots([shop], None)
    small = replace(settings, buffer_chunks=4)
    crashed = Workspace(small)
    crashed.__dict__["embedder"] = ws.embedder
    killed_in_dense_pass(monkeypatch, crashed, roots)
    assert crashed.store.dense_pending() == 5  # one page of 4 filled, the rest left
    hits = Operations(crashed).search(Query(QUESTION, limit=9))
    assert {h["path"] for h in hits} >= {"shop/refund.py", "docs/refunds.md"}  # all searchable

    again = crashed.indexer.run(roots).summary()  # files unchanged: only the model's rest
    assert again["chunks_embedded"] == 5 and again["chunks_unchanged"] == 9
    assert again["chunks_created"] == again["chunks_updated"] == 0
    assert crashed.store.dense_pending() == 0
    crashed_state = _state(crashed.store)
    assert crashed.indexer.run(roots).summary()["chunks_embedded"] == 0  # unchanged: no work
    crashed.close()

    ws.indexer.run(roots)  # a clean run into another home
    clean = _state(ws.store)
    assert crashed_state.keys() == clean.keys()
    for point_id, (payload, vector) in clean.items():
        assert crashed_state[point_id][0] == payload
        assert np.allclose(crashed_state[point_id][1], vector, atol=1e-5)


def test_an_edited_file_never_keeps_its_old_dense_vector(workspace: Workspace, shop: Path):
    ws = workspace
    roots = resolve_roots([shop], None)
    ws.indexer.run(roots)
    (shop / "shop/refund.py").write_text(
        'def compute_refund(order):\n    """Pay back what a customer paid for an order."""\n'
        "    return order.paid\n")
    (root,) = roots
    run = ws.indexer.project_run(root, ws.store, ws.indexer.vectorizer(), RunReport())
    run.lexical_first = True
    run.lexical_pass()
    (point,) = [p for p in ws.store.export() if p.payload["path"] == "shop/refund.py"]
    assert point.dense is None and point.payload["lexical_only"] == "pending"
    run.dense_pass()
    (point,) = [p for p in ws.store.export() if p.payload["path"] == "shop/refund.py"]
    expected = ws.embedder.embed_documents([point.payload["path"] + ": function compute_refund"
                                            " — " + point.payload["content"]],
                                           [point.payload["token_limit"]])[0]
    assert point.dense is not None and np.allclose(point.dense, expected, atol=1e-5)


NUMBERS = "TABLE = [\n" + "".join(f"    {i * 7919 % 10007}, {i * 104729 % 65521}, 0x{i * 31:04x},\n"
                                  for i in range(40)) + "]\n"


def test_the_test_rule_keeps_tests_from_the_model_and_bm25_still_finds_them(
        workspace: Workspace, shop: Path, settings):
    lean = Workspace(replace(settings, lexical_only_rules="test"))
    lean.__dict__["embedder"] = workspace.embedder
    try:
        summary = lean.indexer.run(resolve_roots([shop], None)).summary()
        assert summary["chunks_lexical_only"] == 4 and summary["chunks_embedded"] == 5
        assert lean.store.lexical_only() == {"test": 4}
        # when the tree was searchable, and when its source and docs were dense
        assert (0 < summary["seconds_to_lexical_all"] <= summary["seconds_to_dense_source_docs"]
                <= summary["seconds"])
        hits = Operations(lean).search(Query("test_refund assert compute_refund", limit=9))
        assert any(h["path"] == "tests/test_refund.py" and h["lexical_only"] == "test"
                   for h in hits)
        assert all("lexical_only" not in h for h in hits if h["kind"] != "test")
    finally:
        lean.close()


def test_a_lexical_only_rule_keeps_data_from_the_model_and_a_changed_rule_converges(
        workspace: Workspace, shop: Path, settings, tmp_path: Path):
    write(shop, "shop/table.py", NUMBERS)
    roots = resolve_roots([shop], None)
    lean = Workspace(replace(settings, lexical_only_rules="data"))
    lean.__dict__["embedder"] = workspace.embedder
    try:
        first = lean.indexer.run(roots).summary()
        pieces = [p for p in lean.store.export() if p.payload["path"] == "shop/table.py"]
        n = len(pieces)  # module-level code comes in windows
        assert first["chunks_lexical_only"] == n and first["chunks_embedded"] == 9
        assert lean.store.lexical_only() == {"data": n} and lean.store.dense_pending() == 0
        assert all(p.dense is None and p.payload["lexical_only"] == "data" for p in pieces)
        hits = Operations(lean).search(Query("TABLE 0x0000", limit=3))
        assert hits[0]["path"] == "shop/table.py" and hits[0]["lexical_only"] == "data"
        assert lean.indexer.run(roots).summary()["chunks_embedded"] == 0  # stays as it is
    finally:
        lean.close()
    # the rule dropped (same home): the data chunk gets its vector, nothing else is redone
    full = Workspace(settings)
    full.__dict__["embedder"] = workspace.embedder
    try:
        again = full.indexer.run(roots).summary()
        assert again["chunks_embedded"] == n and full.store.lexical_only() == {}
        assert again["chunks_created"] == 0
        assert verify(full.catalog, full.store).ok
    finally:
        full.close()
