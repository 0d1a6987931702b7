"""The integer products a dense snapshot (stores/dense_scan.py) scans with: vectors cut to 8-bit
rows and 7-bit queries, and their exact products on onnxruntime, in the layout of blocks this
CPU multiplies fastest. What the rounding can cost a score, and so which points are candidates,
is dense_scan.py's (its doc's "Bound").

The products are onnxruntime's integer matrix products (MatMulInteger, which lets go of the
interpreter): unsigned bytes times signed bytes, exactly, in one of two layouts, whichever this
CPU's kernels run faster (timed once a process, `Products.layout`; each by far the slower on
the other kind of CPU):
- "rows": a block one row a point, each integer plus 128 as an unsigned byte, times the queries
  as signed bytes, one column a query. At 49,550 points one query took 0.9 ms in one block on
  an Intel Xeon with AMX and VNNI (the other layout 2.6 ms; numpy's float32 product 2.5 ms), but
  7.6 ms on one core of an AMD EPYC (Zen 4, AVX-512 VNNI).
- "columns": a block one column a point, its integers as signed bytes, times the queries as
  unsigned bytes (each integer plus 64), one row a query: 1.2 ms on that EPYC's core.
A query is cut to 7 bits so that no pair of products can saturate on a CPU without VNNI (AVX2's
`vpmaddubsw` adds two unsigned-times-signed byte products in 16 bits: 2 * 255 * 63 and
2 * 127 * 127 are both below 2^15).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence
from importlib import resources
from typing import Any

import numpy as np

log = logging.getLogger("repokb.store")
ROW_LEVELS = 127  # a row's integers: [-127, 127]
QUERY_LEVELS = 63  # a query's: [-63, 63] (7 bits: see above)
FINE = 64  # a query's remainder in steps of s_q / 64: integers in [-32, 32]
ROW_SHIFT = 128  # "rows": a row's integers go to the product as unsigned bytes, [1, 255]
QUERY_SHIFT = 64  # "columns": a query's do, [1, 127]


def units(vectors: Sequence[Sequence[float]]) -> np.ndarray:
    """The vectors scaled to length 1 (a zero vector stays zero), one a row: as the engine
    stores a cosine vector."""
    rows = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    scaled: np.ndarray = np.divide(rows, norms, out=rows, where=norms > 0)
    return scaled


def quantised(units: np.ndarray, levels: int) -> tuple[np.ndarray, np.ndarray]:
    """Each row as integers in [-levels, levels] and its scale (max |element| / levels):
    every element is off by at most half its row's scale."""
    top = np.abs(units).max(axis=1)
    scale = np.where(top > 0, top / levels, 1.0).astype(np.float32)
    return np.clip(np.rint(units / scale[:, None]), -levels, levels).astype(np.int8), scale


def _unsigned(integers: np.ndarray) -> np.ndarray:
    """Integers in [-128, 127] (int8) plus 128, as unsigned bytes (flipping the top bit of a
    two's-complement byte adds 128)."""
    flipped: np.ndarray = integers.view(np.uint8) ^ np.uint8(0x80)
    return flipped


class Products:
    """Integer matrix products on onnxruntime, exact, as int32, in the layout of blocks this CPU
    multiplies fastest (`layout`, timed with the session). Two sessions per process: one with
    a thread per core for a search alone, and one of a single thread for a search that other
    searches' work runs beside (`crowded`): there a second thread only waits for a core the
    others hold (a served search's product took 2.6x its CPU in wall time on a shared 2-core
    host) and costs CPU to hand its half over (bench/RESULTS.md, serve38)."""

    _lock = threading.Lock()
    _session: Any = None
    _single: Any = None  # the one-thread session (`crowded`)
    layout: str = ""  # "rows" or "columns": see the module's doc

    @classmethod
    def run(cls, block: np.ndarray, used: int, query: Query, sums: np.ndarray,
            crowded: bool = False) -> np.ndarray:
        """Each query's products t.r with the first `used` points of a block, (queries, used)
        (the remainders' products of the few rows the coarse bound keeps are
        `View.fine_products`': a second product of every row cost as much as the first).
        `sums`: those points' sums of integers (the "columns" shift's correction; in "rows" the
        queries' own sums correct it). With no zero point the engine makes no pass of its own
        over the block for the shift: it is taken off here. `crowded`: on one thread (the
        same integers)."""
        session = cls.session(crowded)
        if cls.layout == "columns":  # the integers' products alone: the few rows the coarse
            # bound keeps get their remainders' from the rows' copy (`View.fine_products`),
            # ~0.05 ms, where a second product of every row took as long as the first (~1 ms)
            coarse: np.ndarray = (session.run(None, {"a": query.unsigned, "b": block})[0][
                :, :used] - QUERY_SHIFT * sums[None, :used])
            return coarse
        result = session.run(None, {"a": block[:used], "b": query.integers})[0]
        return np.ascontiguousarray((result - ROW_SHIFT * query.sums[None, :]).T)

    @classmethod
    def session(cls, single: bool = False) -> Any:
        """The session of a thread per core (its layout timed when it opens), or of one."""
        with cls._lock:
            if cls._session is None:
                cls._session = _product_session()
                cls.layout = cls.layout or faster_layout(cls._session)
                log.info("dense copy: the %s layout", cls.layout)
            if not single:
                return cls._session
            if cls._single is None:
                cls._single = _product_session(threads=1)
            return cls._single


def new_block(layout: str, points: int, dimension: int) -> np.ndarray:
    """A zeroed block for `points` points."""
    if layout == "columns":
        return np.zeros((dimension, points), dtype=np.int8)
    return np.zeros((points, dimension), dtype=np.uint8)


def block_width(layout: str, block: np.ndarray) -> int:
    """The points a block has room for."""
    return int(block.shape[1 if layout == "columns" else 0])


def write_rows(layout: str, block: np.ndarray, at: int, integers: np.ndarray) -> None:
    """Points' integers (one a row) into a block, from its point `at` on."""
    if layout == "columns":
        block[:, at:at + len(integers)] = integers.T
    else:
        block[at:at + len(integers)] = _unsigned(integers)


def read_rows(layout: str, block: np.ndarray, points: np.ndarray) -> np.ndarray:
    """The integers (int8, one a row) of the given points of a block."""
    if layout == "columns":
        return np.ascontiguousarray(block[:, points].T)
    signed: np.ndarray = _unsigned(block[points]).view(np.int8)
    return signed


def faster_layout(session: Any, points: int = 49152, dimension: int = 384) -> str:
    """The layout this CPU's kernels multiply faster: the best product of one query with
    `points` random points in each layout, after two rounds that warm both up (at 49,553
    points 2.5x apart on an AMD EPYC, 2.9x the other way on an Intel Xeon; a block small enough
    for the caches to hold tells less: 1.4x at 32,768 points on that EPYC). ~40 ms, once."""
    rng = np.random.default_rng(0)
    query = Query([rng.standard_normal(dimension).tolist()])
    # random bytes in each layout's shape (the timing needs no meaning in them): 2 x 19 MB
    blocks = {"rows": rng.integers(0, 256, size=(points, dimension), dtype=np.uint8),
              "columns": rng.integers(-127, 128, size=(dimension, points), dtype=np.int8)}
    feeds = {"rows": [{"a": blocks["rows"], "b": query.integers}],  # as `Products.run` does
             "columns": [{"a": query.unsigned, "b": blocks["columns"]}]}
    best = {layout: float("inf") for layout in feeds}
    for round_ in range(6):
        for layout, runs in feeds.items():
            started = time.perf_counter()
            for feed in runs:
                session.run(None, feed)
            if round_ >= 2:
                best[layout] = min(best[layout], time.perf_counter() - started)
    return min(best, key=best.__getitem__)


# The product's graph, one MatMulInteger node (a: uint8 (m, d), b: int8 (d, n), scores: int32
# (m, n), every size free), kept as data: building it took the onnx package, whose import left
# 13 MB in a server that needed nothing else of it. tests/unit/test_dense_scan.py builds it with
# onnx and compares (REPOKB_REFRESH_GOLDEN=1 writes it).
PRODUCT_GRAPH = "matmul_integer.onnx"


def _product_session(threads: int = 0) -> Any:
    """The product's session: `threads` intra-op threads (0: onnxruntime's default, one a
    core)."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    if threads:
        options.intra_op_num_threads = threads
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    options.log_severity_level = 3
    graph = resources.files("repokb.stores").joinpath(PRODUCT_GRAPH).read_bytes()
    return ort.InferenceSession(graph, options, providers=["CPUExecutionProvider"])



class Query:
    """Queries cut to 7-bit integers, one a column ("rows": the product's signed operand) and
    one a row plus 64 ("columns": its unsigned operand), their remainders in steps of 1/64 of
    that (the fine products' operand, one a row, as float32: their products with a row's
    integers are integers below 2^24, exact), and what the bounds need (see dense_scan.py's
    doc)."""

    def __init__(self, vectors: Sequence[Sequence[float]]) -> None:
        scaled = units(vectors)
        integers, self.scale = quantised(scaled, QUERY_LEVELS)
        self.integers = np.ascontiguousarray(integers.T)  # (dimension, queries)
        self.sums = integers.sum(axis=1, dtype=np.int32)
        self.norm = np.linalg.norm(scaled, axis=1)
        rest = (scaled - integers * self.scale[:, None]) / (self.scale[:, None] / FINE)
        self.fine = np.clip(np.rint(rest), -FINE // 2, FINE // 2).astype(np.float32)
        # "columns": the integers plus 64, one row a query: (queries, dimension)
        self.unsigned = (integers + QUERY_SHIFT).astype(np.uint8)
