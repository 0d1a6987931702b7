"""A second checkout costs no embedding (issue 19): a chunk's dense vector depends only on its
text hash, so a text whose vector is in the store under any project is not embedded again: a
`git worktree`, a fork, the next release of a package. Real model, real Qdrant Edge (and the
server backend in qdrant-client's local mode), temporary homes.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from repokb.embedders.base import Embedder
from repokb.operations import Operations
from repokb.pipeline.verify import verify
from repokb.roots import resolve_roots
from repokb.settings import Settings
from repokb.stores.base import StoreFilter
from repokb.workspace import Workspace

from ..conftest import write
from .test_processes import generate_tree

pytestmark = pytest.mark.integration

QUERIES = ["compute the refund of an order", "handle the payment step", "shipping",
           "how the shop deals with coupon and tax", "order total"]


def _workspace(home: Path, embedder: Embedder, **changes: object) -> Workspace:
    ws = Workspace(replace(Settings.load(), home=home, **changes))  # type: ignore[arg-type]
    ws.__dict__["embedder"] = embedder
    return ws


def _index(ws: Workspace, root: Path) -> dict[str, int]:
    summary = ws.indexer.run(resolve_roots([root], None)).summary()
    assert verify(ws.catalog, ws.store).ok
    assert ws.store.dense_pending() == 0
    return summary


def _vectors(ws: Workspace, project: str) -> dict[tuple[str, int], np.ndarray]:
    points = ws.store.export(project)
    assert points and all(p.dense is not None for p in points)
    return {(p.payload["path"], p.payload["chunk_index"]): np.asarray(p.dense)
            for p in points}


def _dense_ranking(ws: Workspace, embedder: Embedder, project: str) -> list[list[object]]:
    out = []
    for query in QUERIES:
        vector = [float(x) for x in embedder.embed_query(query)]
        hits, _ = ws.store.search(vector, ([], []), StoreFilter(projects=(project,)), 10)
        out.append([(h.payload["path"], h.payload["start_line"], round(h.score, 4))
                    for h in hits])
    return out


@pytest.fixture
def shop(tmp_path: Path) -> Path:
    tree = tmp_path / "shop"
    generate_tree(tree, 60)
    return tree


@pytest.mark.parametrize("lexical_first", [True, False])
def test_a_copy_as_a_second_project_embeds_nothing(tmp_path, shop, real_embedder,
                                                   lexical_first):
    copy = tmp_path / "shop-worktree"
    shutil.copytree(shop, copy)
    ws = _workspace(tmp_path / "home", real_embedder, lexical_first=lexical_first)
    clean = _workspace(tmp_path / "clean", real_embedder, lexical_first=lexical_first)
    try:
        first = _index(ws, shop)
        assert first["chunks_embedded"] > 100 and first["tokens_embedded"] > 0
        second = _index(ws, copy)
        assert second["chunks_created"] == first["chunks_created"]
        assert second["chunks_embedded"] == 0 and second["tokens_embedded"] == 0
        alone = _index(clean, copy)
        assert alone["chunks_embedded"] == first["chunks_embedded"]
        # the copy's vectors and dense ranking are those of a clean index of it alone
        reused, fresh = _vectors(ws, "shop-worktree"), _vectors(clean, "shop-worktree")
        assert reused.keys() == fresh.keys()
        assert all(np.allclose(reused[k], fresh[k], atol=1e-5) for k in fresh)
        assert (_dense_ranking(ws, real_embedder, "shop-worktree")
                == _dense_ranking(clean, real_embedder, "shop-worktree"))
        assert _vectors(ws, "shop").keys() == fresh.keys()  # the first project is untouched
    finally:
        ws.close()
        clean.close()


def test_the_next_release_embeds_only_its_new_text(tmp_path, shop, real_embedder):
    release = tmp_path / "shop-2"
    shutil.copytree(shop, release)
    write(release, "pkg/mod_005.py", "def ship_order(order):\n    \"\"\"Hand an order to the "
          "shipping carrier.\"\"\"\n    return carrier.book(order)\n")
    (release / "pkg/mod_009.py").unlink()
    write(release, "pkg/new_module.py", "def refund_order(order):\n    \"\"\"Refund an "
          "order.\"\"\"\n    return order.refund()\n")
    ws = _workspace(tmp_path / "home", real_embedder)
    try:
        _index(ws, shop)
        old = {p.payload["text_hash"] for p in ws.store.export("shop")}
        summary = _index(ws, release)
        new = {p.payload["text_hash"] for p in ws.store.export("shop-2")}
        assert summary["chunks_embedded"] == len(new - old) == 2
    finally:
        ws.close()


def test_the_server_backend_reuses_across_projects(tmp_path, shop, real_embedder):
    copy = tmp_path / "shop-fork"
    shutil.copytree(shop, copy)
    ws = _workspace(tmp_path / "home", real_embedder, store="qdrant",
                    qdrant_url=f"local:{tmp_path / 'qdrant'}")
    try:
        assert _index(ws, shop)["chunks_embedded"] > 100
        second = _index(ws, copy)
        assert second["chunks_embedded"] == 0 and second["tokens_embedded"] == 0
        assert _vectors(ws, "shop-fork").keys() == _vectors(ws, "shop").keys()
    finally:
        ws.close()


def test_an_upload_of_text_another_project_holds_embeds_nothing(workspace, real_embedder):
    ops = Operations(workspace)
    data = (b'def refund_order(order):\n    """Refund the payment of an order to its '
            b'customer."""\n    return order.payment.refund(order.total)\n\n\n'
            b'def ship_order(order):\n    """Hand an order to the shipping carrier."""\n'
            b'    return carrier.book(order)\n')
    first = ops.ingest_file("team-main", "shop/orders.py", data)
    assert first["counts"]["chunks_embedded"] == 2
    calls: list[int] = []
    embed = real_embedder.embed_documents_counted  # the seam the run embeds through
    with pytest.MonkeyPatch.context() as patch:  # count what reaches the model, ahead too
        patch.setattr(real_embedder, "embed_documents_counted",
                      lambda texts, *a, **k: calls.append(len(texts)) or embed(texts, *a, **k))
        second = ops.ingest_file("team-branch", "shop/orders.py", data)
        assert second["counts"]["chunks_embedded"] == 0 and sum(calls) == 0
        # the spy sees what does reach the model (a new text): the zero above is no blind spot
        ops.ingest_file("team-other", "shop/tax.py",
                        b'def tax(order):\n    """The tax due on an order."""\n'
                        b'    return order.total * 0.2\n')
        assert sum(calls) >= 1
    assert _vectors(workspace, "team-branch").keys() == _vectors(workspace, "team-main").keys()
