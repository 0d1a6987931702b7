"""A dense snapshot (stores/dense_scan.py) against a brute-force ranking in float64: its
candidates hold every one of the k nearest points that pass the filter, and beyond them only
points that score within the 8-bit rounding's bound of the k-th, alone or scored together, in
one block or many; points without a dense vector are left out; cosine, not length."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from repokb.stores import dense_products, dense_scan
from repokb.stores.base import SEARCH_FIELDS, StoreFilter
from repokb.stores.dense_scan import DenseScan

DIM = 16
# The module's fine bound at its largest for unit vectors in DIM dimensions: a row's rounding
# error |e_v| is at most sqrt(DIM) s_v / 2 and s_v at most 1/127; a query's scale is at most
# 1/63, its remainder's step 1/64 of that; s_v |r|_1 <= |v|_1 + DIM s_v / 2, |v|_1 <= sqrt(DIM).
# (The coarse bound alone, the query cut to 7 bits, reaches 0.048: candidates that far from the
# k-th fail the test.)
MAX_SLACK = DIM ** 0.5 / 2 / 127 + (DIM ** 0.5 + DIM / 127 / 2) / 63 / 2 / 64 + 1e-5
FILTERS = [StoreFilter(), StoreFilter(projects=("beta",)), StoreFilter(kinds=("documentation",)),
           StoreFilter(languages=("python",)), StoreFilter(projects=("alpha", "gamma"),
                                                           kinds=("source",)),
           StoreFilter(paths=("f3.py", "f10.py", "f11.py")), StoreFilter(paths=()),
           StoreFilter(projects=("nobody",)), StoreFilter(paths=("missing.py",))]


@pytest.fixture(autouse=True, params=["rows", "columns"])
def layout(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test in both layouts of the blocks, whichever this CPU multiplies faster."""
    dense_products.Products.session()
    monkeypatch.setattr(dense_products.Products, "layout", request.param)
    return str(request.param)


def payload(n: int) -> dict[str, Any]:
    return {"project": ("alpha", "beta", "gamma")[n % 3], "path": f"f{n // 4}.py",
            "kind": ("source", "documentation")[n % 2], "language": ("python", None)[n % 5 == 0]}


def passes(p: dict[str, Any], where: StoreFilter) -> bool:
    return ((not where.projects or p["project"] in where.projects)
            and (not where.kinds or p["kind"] in where.kinds)
            and (not where.languages or p["language"] in where.languages)
            and (where.paths is None or p["path"] in where.paths))


@pytest.mark.parametrize("block", [256, dense_scan.BLOCK])
@pytest.mark.parametrize("asked", [2, 3, None])  # how many asks are scored together
def test_candidates_are_the_nearest_points_that_pass_the_filter(
        block: int, asked: int | None, layout: str, monkeypatch: pytest.MonkeyPatch,
        ) -> None:
    monkeypatch.setattr(dense_scan, "BLOCK", block)  # 256: 13 blocks, scored block by block
    rng = np.random.default_rng(3)
    scan = DenseScan(DIM)
    points: dict[str, tuple[np.ndarray, dict[str, Any]]] = {}
    rows = []
    for n in range(3000):  # every 7th point lexical-first: no dense vector, left out
        vector = (rng.standard_normal(DIM) * rng.uniform(0.5, 3)).astype(np.float32)
        if n % 7:
            points[f"p{n}"] = (vector, payload(n))
        rows.append((f"p{n}", vector.tolist() if n % 7 else None, payload(n)))
    scan.add(rows[:1000])
    scan.add(rows[1000:])
    # BLOCK/16, /8, /4, /2, BLOCK...
    sizes = [dense_products.block_width(layout, b) for b in scan._blocks]
    assert len(scan) == len(points) and sum(sizes[:-1]) < len(points) <= sum(sizes)
    assert sizes == [max(1, block >> max(0, 4 - b)) for b in range(len(sizes))]

    asks = [(rng.standard_normal(DIM).astype(np.float32), where, k)
            for where in FILTERS for k in (1, 5, 40, 10_000)][:asked]
    view = scan.view()
    together = view.candidates([(v.tolist(), where, k) for v, where, k in asks])
    compared = extra = 0
    for (query, where, k), got in zip(asks, together, strict=True):
        cosine = {i: float(v @ query / np.linalg.norm(v) / np.linalg.norm(query))
                  for i, (v, p) in points.items() if passes(p, where)}
        ranked = sorted(((score, i) for i, score in cosine.items()), reverse=True)
        assert len(got) == len(set(got)) and set(got) <= set(cosine)  # each passes the filter
        nearest = {i for _, i in ranked[:k]}
        assert nearest <= set(got), (where, k)
        if len(ranked) > k:  # the others could not be told from the k-th by the bound: each
            kth = ranked[k - 1][0]  # lower end is within 2 slacks of its score, so is the k-th
            assert all(cosine[i] >= kth - 4 * MAX_SLACK for i in set(got) - nearest)
        assert view.candidates([(query.tolist(), where, k)]) == [got]  # alone: the same
        # and on the one-thread session a crowded server scans with: the same integers
        assert view.candidates([(query.tolist(), where, k)], crowded=True) == [got]
        compared += len(nearest)
        extra += len(got) - len(nearest)
    assert compared > (5 if asked else 1000)
    assert extra <= compared + 5 * len(asks), (extra, compared)  # a bound tight enough to matter


def test_a_crowded_scan_multiplies_on_one_thread_and_a_lone_one_on_a_thread_a_core(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Searches running beside the scan (their embedding, their ranking) leave it no second
    core: its products then take the one-thread session, a lone scan the default one."""
    single = dense_products.Products.session(single=True)
    assert single.get_session_options().intra_op_num_threads == 1
    default = dense_products.Products.session()
    assert default is not single and default.get_session_options().intra_op_num_threads != 1
    asked: list[bool] = []
    real = dense_products.Products.session.__func__  # type: ignore[attr-defined]

    def recorded(cls: Any, single: bool = False) -> Any:
        asked.append(single)
        return real(cls, single)

    monkeypatch.setattr(dense_products.Products, "session", classmethod(recorded))
    scan = DenseScan(DIM)
    rng = np.random.default_rng(5)
    scan.add([(f"p{n}", rng.standard_normal(DIM).tolist(), payload(n)) for n in range(400)])
    query = (rng.standard_normal(DIM).tolist(), StoreFilter(), 5)
    narrow = (query[0], StoreFilter(paths=("f3.py",)), 2)  # its own rows' product
    lone = scan.view().candidates([query, narrow])
    assert asked and not any(asked)
    asked.clear()
    assert scan.view().candidates([query, narrow], crowded=True) == lone
    assert asked and all(asked)


def test_vectors_are_compared_by_cosine_not_by_length() -> None:
    scan = DenseScan(2)
    scan.add([("long", [10.0, 1.0], payload(1)), ("aligned", [0.1, 0.1], payload(2))])
    assert scan.view().candidates([([1.0, 1.0], StoreFilter(), 1)]) == [["aligned"]]
    # the snapshot holds unit vectors, each element within half a step of 1/127 of the largest
    assert scan.view().rows(np.arange(2)) @ np.ones(2) == pytest.approx(
        [11 / np.hypot(10, 1), 2 ** 0.5], abs=2 / 127)


def test_an_empty_snapshot_finds_nothing() -> None:
    view = DenseScan(DIM).view()
    assert view.candidates([([1.0] * DIM, StoreFilter(), 5)]) == [[]]


def test_the_integer_product_is_exact_for_every_row_and_query(layout: str) -> None:
    """The products the bounds start from are the exact integer dot products r.t of each row
    and query, over the integers' whole ranges, for a block's first rows only."""
    rng = np.random.default_rng(7)
    rows = rng.integers(-127, 128, size=(300, DIM), dtype=np.int8)
    rows[0], rows[1] = 127, -127  # the extremes, against the extreme queries below
    queries = rng.integers(-63, 64, size=(5, DIM), dtype=np.int8)
    queries[0], queries[1] = 63, -63
    remainders = rng.integers(-32, 33, size=(5, DIM), dtype=np.int8)
    remainders[0], remainders[1] = 32, -32
    query = SimpleNamespace(integers=np.ascontiguousarray(queries.T), scale=np.ones(5),
                            unsigned=(queries + 64).astype(np.uint8),
                            sums=queries.sum(axis=1, dtype=np.int32))
    block = dense_products.new_block(layout, 300, DIM)
    dense_products.write_rows(layout, block, 0, rows)
    got = dense_products.Products.run(block, 290, query, rows.sum(axis=1, dtype=np.int32))
    exact = queries.astype(np.int64) @ rows[:290].astype(np.int64).T
    assert got.shape == (5, 290) and (got == exact).all()
    assert (dense_products.read_rows(layout, block, np.arange(300)) == rows).all()


@pytest.mark.parametrize("slow", ["rows", "columns"])
def test_the_layout_chosen_is_the_one_this_cpu_multiplies_faster(slow: str) -> None:
    """Timed on the CPU at hand (the rows are faster on Intel's AMX, the columns on AMD's
    Zen 4, 3-6x either way): here the real session, with one layout's products held back."""
    real = dense_products.Products.session()

    class Held:
        def run(self, names: Any, feed: dict[str, np.ndarray]) -> Any:
            # the block is `a` in "rows" (one query column in `b`), `b` in "columns"
            layout = "rows" if feed["b"].shape[1] < feed["a"].shape[0] else "columns"
            if layout == slow:
                time.sleep(0.003)
            return real.run(names, feed)

    assert dense_products.faster_layout(Held(), 2048) == ("columns" if slow == "rows" else "rows")


def test_the_remainders_products_are_exact_at_the_model_s_dimension() -> None:
    """The fine products u.r of a query's remainder (integers in [-32, 32]) with a row, in
    float32, are the exact integers, at the extremes of 384 dimensions (sums up to
    127 x 32 x 384 < 2^24)."""
    rng = np.random.default_rng(11)
    scan = DenseScan(384)
    vectors = rng.standard_normal((50, 384)).astype(np.float32)
    vectors[0] = 1.0  # every element at the top: r = 127 throughout
    vectors[1] = -1.0
    scan.add([(f"p{n}", v.tolist(), payload(n)) for n, v in enumerate(vectors)])
    view = scan.view()
    query = dense_products.Query([rng.standard_normal(384), np.ones(384)])
    query.fine[1] = 32.0  # the remainder's extreme
    rows = np.arange(50)
    signed = view.integers(rows).astype(np.int64)
    assert (np.abs(signed[:2]) == 127).all()
    for j in range(2):
        got = view.fine_products(query, j, rows)
        assert (got == signed @ query.fine[j].astype(np.int64)).all()


def test_a_snapshot_reads_back_each_row_s_integers_across_blocks_and_additions(
        layout: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The integers the fine bound reads for the rows it keeps (`View.integers`: in "columns"
    from the rows' own copy, one row a point) are the ones the products scan, for rows in
    every block and rows added after a view was taken; an older view keeps its own."""
    monkeypatch.setattr(dense_scan, "BLOCK", 64)  # 4, 8, 16, 32, 64 ... rows a block
    rng = np.random.default_rng(13)
    vectors = rng.standard_normal((300, DIM)).astype(np.float32)
    scan = DenseScan(DIM)
    scan.add([(f"p{n}", v.tolist(), payload(n)) for n, v in enumerate(vectors[:100])])
    before = scan.view()
    scan.add([(f"p{n}", v.tolist(), payload(n)) for n, v in enumerate(vectors[100:], 100)])
    view = scan.view()
    expected, _ = dense_products.quantised(dense_products.units(vectors),
                                           dense_products.ROW_LEVELS)
    rows = np.arange(300)
    assert (view.integers(rows) == expected).all()
    picked = np.sort(rng.choice(300, size=40, replace=False))
    assert (view.integers(picked) == expected[picked]).all()
    blocked = [dense_products.read_rows(layout, b, np.arange(dense_products.block_width(
        layout, b))) for b in view.blocks]
    assert (np.concatenate(blocked)[:300] == expected).all()  # what the products scan
    assert (before.integers(np.arange(100)) == expected[:100]).all()


def test_the_fine_bound_keeps_few_points_beyond_the_nearest() -> None:
    """Clustered vectors at the model's dimension, as embeddings are: the candidates hold the
    k nearest and on average fewer than 1.5 k more (0.8 k: the query's remainder narrows the
    bound; with the 7-bit query alone about 3 k more came, and the engine parses and ranks
    each)."""
    rng = np.random.default_rng(5)
    centres = rng.standard_normal((20, 384))
    vectors = (centres[rng.integers(0, 20, 4000)] + rng.standard_normal((4000, 384))
               ).astype(np.float32)
    scan = DenseScan(384)
    scan.add([(f"p{n}", v.tolist(), payload(n)) for n, v in enumerate(vectors)])
    view = scan.view()
    unit = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    k, extras = 40, []
    for t in range(20):
        query = centres[t] + rng.standard_normal(384)
        got = view.candidates([(query.tolist(), StoreFilter(), k)])[0]
        cosine = unit.astype(np.float64) @ (query / np.linalg.norm(query))
        nearest = {f"p{n}" for n in np.argsort(-cosine)[:k]}
        assert nearest <= set(got)
        extras.append(len(got) - k)
    assert np.mean(extras) < 1.5 * k, extras


def product_graph() -> bytes:
    """The dense scan's product graph (stores/matmul_integer.onnx), built with onnx."""
    from onnx import TensorProto, helper

    graph = helper.make_graph(
        [helper.make_node("MatMulInteger", ["a", "b"], ["scores"])], "dense_scan",
        [helper.make_tensor_value_info("a", TensorProto.UINT8, ["m", "d"]),
         helper.make_tensor_value_info("b", TensorProto.INT8, ["d", "n"])],
        [helper.make_tensor_value_info("scores", TensorProto.INT32, ["m", "n"])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    return bytes(model.SerializeToString())


def test_the_product_graph_kept_as_data_is_the_one_onnx_builds() -> None:
    """A server reads the graph from the package instead of building it (the onnx package's
    import left 13 MB behind); `REPOKB_REFRESH_GOLDEN=1` writes it again."""
    import os
    from importlib import resources

    path = resources.files("repokb.stores").joinpath(dense_products.PRODUCT_GRAPH)
    if os.environ.get("REPOKB_REFRESH_GOLDEN") == "1":
        with resources.as_file(path) as file:
            file.write_bytes(product_graph())
    assert path.read_bytes() == product_graph()


def test_a_row_is_found_by_the_engine_uuid_or_the_id_text() -> None:
    """The engine answers with `uuid.UUID`s; the copy finds their rows by the number, gives
    the id as its text, and its fields; an id that is no UUID is found by its text."""
    import uuid

    ids = [str(uuid.uuid5(uuid.NAMESPACE_URL, f"p{n}")) for n in range(3)] + ["not-a-uuid"]
    scan = DenseScan(2)
    scan.add((i, [1.0, float(n)], {"path": f"f{n}.py", "symbol": f"S{n}"})
             for n, i in enumerate(ids))
    view = scan.view()
    for n, i in enumerate(ids):
        row = view.row(dense_scan.point_key(uuid.UUID(i) if n < 3 else i))
        assert row is not None and view.ids[row] == i
        assert view.fields_of(row) == view.payload(i) == {"path": f"f{n}.py", "symbol": f"S{n}"}
        assert view.fields_of(row) is not view.fields_of(row)  # each caller's own
    assert view.row(dense_scan.point_key(uuid.uuid4())) is None
    assert view.payload(str(uuid.uuid4())) is None


def test_a_caller_that_changes_its_fields_changes_no_row_of_the_copy() -> None:
    """The searcher writes into each point's payload (its content, its rank's marks): the
    copy hands out copies of a row's fields, so a later search, and a later view, read them
    as they were stored; fields a payload lacks stay absent, in SEARCH_FIELDS' order."""
    scan = DenseScan(2)
    scan.add([("a", [1.0, 0.0], {"symbol": "S", "path": "p.py", "content": "x = 1"}),
              ("b", [0.0, 1.0], {"path": "q.py"})])
    view = scan.view()
    given = view.payload("a")
    assert given is not None and list(given) == [k for k in SEARCH_FIELDS if k in given]
    assert "content" not in given
    given["path"], given["content"] = "changed.py", "written by the searcher"
    del given["symbol"]
    scan.add([("c", [1.0, 1.0], {"path": "r.py"})])
    for later in (view, scan.view()):
        assert later.payload("a") == {"path": "p.py", "symbol": "S"}
        assert later.payload("b") == {"path": "q.py"}


def test_the_kth_highest_is_exact_whether_the_sample_narrows_the_values_or_not() -> None:
    """`kth_highest` first narrows ~50,000 lower ends to those reaching a sample's threshold;
    it must give np.partition's k-th highest of all of them: random scales, ties, every k from
    1 to a quarter of a sample's reach, and values laid out so that the sample sees only the
    largest (the threshold then leaves fewer than k: all of them are selected from)."""
    rng = np.random.default_rng(11)

    def expected(values: np.ndarray, k: int) -> float:
        return float(np.partition(values, len(values) - k)[len(values) - k])

    cases = [rng.standard_normal(n).astype(np.float32) * scale
             for n, scale in ((49_594, 0.1), (5_000, 3.0), (4_095, 1.0), (100, 1.0))]
    cases.append(np.round(rng.standard_normal(20_000), 1).astype(np.float32))  # many ties
    cases.append(np.ones(10_000, dtype=np.float32))  # all tied
    skewed = np.zeros(8_000, dtype=np.float32)
    skewed[::dense_scan._SAMPLE_STEP] = 10 + rng.random(1_000).astype(np.float32)
    cases.append(skewed)  # the sample holds only the top: its threshold is reached by 32
    for values in cases:
        for k in sorted({1, 2, 5, 78, 100, 300, 1_000, len(values) // 4, len(values)}):
            if 1 <= k <= len(values):
                assert dense_scan.kth_highest(values, k) == expected(values, k), (len(values), k)
    sample = skewed[::dense_scan._SAMPLE_STEP]  # (k = 100 there took the fallback)
    assert (skewed >= np.sort(sample)[-(2 * (100 // dense_scan._SAMPLE_STEP) + 8)]).sum() < 100
