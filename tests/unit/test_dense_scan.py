"""The in-memory dense copy (stores/dense_scan.py) against a brute-force ranking in plain Python:
its candidates are exactly the k nearest points that pass the filter, through puts, vector
fills, removals, freed rows taken again and growth."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from repokb.stores import dense_scan
from repokb.stores.base import StoreFilter
from repokb.stores.dense_scan import DenseScan

DIM = 16


def payload(n: int) -> dict[str, Any]:
    return {"project": ("alpha", "beta", "gamma")[n % 3], "path": f"f{n // 4}.py",
            "kind": ("source", "documentation")[n % 2], "language": ("python", None)[n % 5 == 0],
            "chunk_index": n % 4}


def expected(points: dict[str, tuple[np.ndarray | None, dict[str, Any]]], query: np.ndarray,
             where: StoreFilter, k: int) -> set[str]:
    def passes(p: dict[str, Any]) -> bool:
        return ((not where.projects or p["project"] in where.projects)
                and (not where.kinds or p["kind"] in where.kinds)
                and (not where.languages or p["language"] in where.languages)
                and (where.paths is None or p["path"] in where.paths))

    scored = sorted(((float(v @ query / np.linalg.norm(v)), i) for i, (v, p) in points.items()
                     if v is not None and passes(p)), reverse=True)
    return {i for _, i in scored[:k]}


FILTERS = [StoreFilter(), StoreFilter(projects=("beta",)), StoreFilter(kinds=("documentation",)),
           StoreFilter(languages=("python",)), StoreFilter(projects=("alpha", "gamma"),
                                                           kinds=("source",)),
           StoreFilter(paths=("f3.py", "f10.py", "f11.py")), StoreFilter(paths=()),
           StoreFilter(projects=("nobody",)), StoreFilter(paths=("missing.py",))]


def check(scan: DenseScan, points: dict[str, tuple[np.ndarray | None, dict[str, Any]]],
          rng: np.random.Generator) -> int:
    """Every filter, several k: the copy's candidates equal the brute-force top k. Returns how
    many candidates were compared (so a caller can see the check was not empty)."""
    asks = [(rng.standard_normal(DIM).astype(np.float32), where, k)
            for where in FILTERS for k in (1, 5, 40, 10_000)]
    together = scan.candidates([(v.tolist(), where, k) for v, where, k in asks])
    compared = 0
    for (query, where, k), got in zip(asks, together, strict=True):
        assert len(got) == len(set(got))
        assert set(got) == expected(points, query, where, k), (where, k)
        assert scan.candidates([(query.tolist(), where, k)]) == [got]  # alone: the same
        compared += len(got)
    return compared


@pytest.mark.parametrize("block", [256, dense_scan.BLOCK])
def test_candidates_are_the_nearest_points_through_every_kind_of_write(
        block: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dense_scan, "BLOCK", block)  # 256: 12 blocks, scored block by block
    rng = np.random.default_rng(3)
    scan = DenseScan(DIM)
    points: dict[str, tuple[np.ndarray | None, dict[str, Any]]] = {}

    def put(n: int, dense: bool = True) -> None:
        vector = (rng.standard_normal(DIM) * rng.uniform(0.5, 3)).astype(np.float32) if dense \
            else None
        points[f"p{n}"] = (vector, payload(n))
        scan.put([(f"p{n}", None if vector is None else vector.tolist(), payload(n))])

    for n in range(3000):  # grows a block at a time; every 7th point lexical-first
        put(n, dense=n % 7 != 0)
    assert len(scan) == 3000 and check(scan, points, rng) > 1000
    assert len(scan._blocks) == -(-3000 // block)

    # lexical-first points get their vector; an unknown id is reported, not invented
    fills = {f"p{n}": rng.standard_normal(DIM).tolist() for n in range(0, 700, 7)}
    assert scan.set_vectors({**fills, "stranger": [1.0] * DIM}) == ["stranger"]
    for i, vector in fills.items():
        points[i] = (np.asarray(vector, dtype=np.float32), points[i][1])
    check(scan, points, rng)

    # overwrite: new vector and new fields; the copy holds one row per id
    for n in range(100, 200):
        put(n)  # the same ids as before
    assert len(scan) == 3000
    check(scan, points, rng)

    # a file from its chunk 2 on, a whole file, a project
    scan.remove_where("alpha", "f3.py", 2)
    scan.remove_where("beta", "f10.py", 0)
    scan.remove_where("gamma")
    for i, (_, p) in list(points.items()):
        if (p["project"], p["path"]) == ("alpha", "f3.py") and p["chunk_index"] >= 2 or \
                (p["project"], p["path"]) == ("beta", "f10.py") or p["project"] == "gamma":
            del points[i]
    assert len(scan) == len(points) < 3000
    check(scan, points, rng)

    # freed rows are taken again: no growth while new points fit in them
    rows = len(scan._ids)
    for n in range(5000, 5000 + 3000 - len(points)):
        put(n)
    assert len(scan._ids) == rows
    check(scan, points, rng)

    scan.remove_where(None)
    assert len(scan) == 0
    assert scan.candidates([(rng.standard_normal(DIM).tolist(), StoreFilter(), 5)]) == [[]]


def test_vectors_are_compared_by_cosine_not_by_length() -> None:
    scan = DenseScan(2)
    scan.put([("long", [10.0, 1.0], payload(1)), ("aligned", [0.1, 0.1], payload(2))])
    assert scan.candidates([([1.0, 1.0], StoreFilter(), 1)]) == [["aligned"]]
    assert np.ones(2) @ scan.view().columns(np.arange(2)) == pytest.approx(
        [11 / np.hypot(10, 1), 2 ** 0.5])
