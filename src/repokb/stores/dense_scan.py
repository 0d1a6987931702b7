"""A quiet server's snapshot of the dense vectors, in 8 bits, scanned to pick candidates.

Qdrant Edge holds the interpreter for the whole of a search, and its exact scan of every dense
vector is most of that time (~3.5-6 ms at 49,550 points): no other request runs meanwhile. A
scan here lets go of the interpreter. So a server keeps the vectors here too, as 8-bit integers
(a quarter of the memory and of the bytes each scan reads), and scans them for the candidates
of each search: every point whose score can reach, within the rounding's proven bound, the
score the k-th best point is sure to have (about twice k points). The nearest k are always among
them. The engine then ranks only those, with the search's own filter: the scores, their order,
the payloads and the filters all still come from the engine.

The products are onnxruntime's integer matrix products (MatMulInteger, which lets go of the
interpreter): unsigned bytes times signed bytes, exactly, in one of two layouts, whichever this
CPU's kernels run faster (timed once a process, `_Products.layout`; each by far the slower on
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

Bound. A row v (unit length) is stored as s_v * r (r integers in [-127, 127], s_v = max|v| /
127), off by e_v = v - s_v r, whose length |e_v| is kept per row. A query q (unit length) is cut
to s_q * t (t in [-63, 63], s_q = max|q| / 63, each element off by at most s_q / 2), and its
remainder to s_q / 64 * u (u in [-32, 32]): q = s_q (t + u / 64) + e_q, each element of e_q at
most s_q / 128. Since q.v = s_v q.r + q.e_v and |q.e_v| <= |q| |e_v| (Cauchy-Schwarz),
  |q.v - s_v s_q t.r| <= |q| |e_v| + s_q / 2 * s_v |r|_1                    (coarse)
  |q.v - s_v s_q (t.r + u.r / 64)| <= |q| |e_v| + s_q / 128 * s_v |r|_1     (fine)
(plus 1e-5 for float rounding). Each score lies in [approx - bound, approx + bound]; the k-th
highest lower end is at most the k-th best score, so every one of the k best points has an
upper end at least that high. The coarse products of every row give the points whose upper end
reaches the k-th lower end (3-4x k on Django); for those only, the remainder's products u.r
(numpy, exact in float32) narrow the bound about 4x (the query's term all but goes), and the
same rule picks the candidates again among them (1.4x k on Django, against 4.2x with the
coarse bound alone): fewer ids for the engine to parse and rank.

A snapshot is read whole from the store; a view of it never changes. A write that leaves the
dense vectors the snapshot holds as they are (a new file's points, a prune of a file the
snapshot has no row of, vectors filled in for points that had none) appends its new vectors
and publishes a new view; any other write drops the snapshot, and a new one is read once
writes have stopped for a while (stores/qdrant_edge.py). Each row keeps the fields a search
filters by, and the rest of what it ranks and shapes by (`SEARCH_FIELDS`, all but the content):
the engine then answers a search with ids and scores alone (reading a point's payload is most of
its time there: ~3.5 ms for a search's 124 points with them, ~1 ms without) and the searcher
reads the content of only the points it returns (`Store.contents`).

Nothing here imports the engine: the store fills a snapshot from the pages it scrolls.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import numpy as np

from repokb.stores.base import SEARCH_FIELDS, StoreFilter, last_name

log = logging.getLogger("repokb.store")
FIELDS = ("project", "path", "kind", "language")  # what a search filters by
_NONE = -1  # a field the payload does not have
# Points per block, at most: a block is one matrix of bytes (in the layout `_Products.layout`
# chose: a row or a column a point), so the product's big operand is contiguous and a new point
# is written in one place. A snapshot grows a block at a time and never moves a point; the first
# blocks are smaller (BLOCK/16, /8, /4, /2: a small store scans little), unless the snapshot is
# told how many points to expect (`capacity`: a store's copy read whole is one block). A product
# scans a block (one product a block: at 49,550 rows 1.3 ms in four blocks, 0.9 ms in one; in
# the "columns" layout the block's unused columns too, at most the last block's). A block is
# zeroed memory that the system maps only as its points are written.
BLOCK = 65536
_ROW_LEVELS = 127  # a row's integers: [-127, 127]
_QUERY_LEVELS = 63  # a query's: [-63, 63] (7 bits: see the bound above)
_FINE = 64  # a query's remainder in steps of s_q / 64: integers in [-32, 32]
_ROW_SHIFT = 128  # "rows": a row's integers go to the product as unsigned bytes, [1, 255]
_QUERY_SHIFT = 64  # "columns": a query's do, [1, 127]
_ROUNDING = 1e-5  # added to every bound: float32 rounding of the scores, here and in the engine


def units(vectors: Sequence[Sequence[float]]) -> np.ndarray:
    """The vectors scaled to length 1 (a zero vector stays zero), one a row: as the engine
    stores a cosine vector."""
    rows = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    scaled: np.ndarray = np.divide(rows, norms, out=rows, where=norms > 0)
    return scaled


def _quantised(units: np.ndarray, levels: int) -> tuple[np.ndarray, np.ndarray]:
    """Each row as integers in [-levels, levels] and its scale (max |element| / levels):
    every element is off by at most half its row's scale."""
    top = np.abs(units).max(axis=1)
    scale = np.where(top > 0, top / levels, 1.0).astype(np.float32)
    return np.clip(np.rint(units / scale[:, None]), -levels, levels).astype(np.int8), scale


def _size(block: int) -> int:
    """Rows in the snapshot's block number `block`."""
    return max(1, BLOCK >> max(0, 4 - block))


def _grown(array: np.ndarray, row: int) -> np.ndarray:
    """`array` with room for `row` (grown by half again: a new array, older views keep theirs)."""
    if row < len(array):
        return array
    more = max(1024, row // 2, row + 1 - len(array))
    return np.concatenate([array, np.zeros(more, dtype=array.dtype)])


def _unsigned(integers: np.ndarray) -> np.ndarray:
    """Integers in [-128, 127] (int8) plus 128, as unsigned bytes (flipping the top bit of a
    two's-complement byte adds 128)."""
    flipped: np.ndarray = integers.view(np.uint8) ^ np.uint8(0x80)
    return flipped


class _Products:
    """Integer matrix products on onnxruntime, exact, as int32, one session per process, in the
    layout of blocks this CPU multiplies fastest (`layout`, timed with the session)."""

    _lock = threading.Lock()
    _session: Any = None
    layout: str = ""  # "rows" or "columns": see the module's doc

    @classmethod
    def run(cls, block: np.ndarray, used: int, query: _Query, sums: np.ndarray,
            ) -> tuple[np.ndarray, np.ndarray | None]:
        """Each query's products t.r with the first `used` points of a block, (queries, used),
        and in the "columns" layout its remainder's products u.r too (a second product: the
        kernels read a block fast, a few of its columns slowly; in "rows" a second product
        cost more than the remainders of the few rows `_nearest` keeps, `View.fine_products`).
        `sums`: those points' sums of integers (the "columns" shift's correction; in "rows" the
        queries' own sums correct it). With no zero point the engine makes no pass of its own
        over the block for the shift: it is taken off here."""
        session = cls.session()
        if cls.layout == "columns":  # the integers, then the remainders: one product each
            k = len(query.scale)  # (a product of one row is the kernels' fast path: two such
            coarse, fine = (  # took 0.75 ms at 49,553 points, one of two rows 0.85-1.0 ms)
                session.run(None, {"a": query.unsigned[rows], "b": block})[0][:, :used]
                - _QUERY_SHIFT * sums[None, :used] for rows in (slice(0, k), slice(k, None)))
            return coarse, fine
        result = session.run(None, {"a": block[:used], "b": query.integers})[0]
        return np.ascontiguousarray((result - _ROW_SHIFT * query.sums[None, :]).T), None

    @classmethod
    def session(cls) -> Any:
        with cls._lock:
            if cls._session is None:
                cls._session = _product_session()
                cls.layout = cls.layout or _faster_layout(cls._session)
                log.info("dense copy: the %s layout", cls.layout)
            return cls._session


def _block(layout: str, points: int, dimension: int) -> np.ndarray:
    """A zeroed block for `points` points."""
    if layout == "columns":
        return np.zeros((dimension, points), dtype=np.int8)
    return np.zeros((points, dimension), dtype=np.uint8)


def _width(layout: str, block: np.ndarray) -> int:
    """The points a block has room for."""
    return int(block.shape[1 if layout == "columns" else 0])


def _write(layout: str, block: np.ndarray, at: int, integers: np.ndarray) -> None:
    """Points' integers (one a row) into a block, from its point `at` on."""
    if layout == "columns":
        block[:, at:at + len(integers)] = integers.T
    else:
        block[at:at + len(integers)] = _unsigned(integers)


def _read(layout: str, block: np.ndarray, points: np.ndarray) -> np.ndarray:
    """The integers (int8, one a row) of the given points of a block."""
    if layout == "columns":
        return np.ascontiguousarray(block[:, points].T)
    signed: np.ndarray = _unsigned(block[points]).view(np.int8)
    return signed


def _faster_layout(session: Any, points: int = 49152, dimension: int = 384) -> str:
    """The layout this CPU's kernels multiply faster: the best product of one query with
    `points` random points in each layout, after two rounds that warm both up (at 49,553
    points 2.5x apart on an AMD EPYC, 2.9x the other way on an Intel Xeon; a block small enough
    for the caches to hold tells less: 1.4x at 32,768 points on that EPYC). ~40 ms, once."""
    rng = np.random.default_rng(0)
    query = _Query([rng.standard_normal(dimension).tolist()])
    # random bytes in each layout's shape (the timing needs no meaning in them): 2 x 19 MB
    blocks = {"rows": rng.integers(0, 256, size=(points, dimension), dtype=np.uint8),
              "columns": rng.integers(-127, 128, size=(dimension, points), dtype=np.int8)}
    feeds = {"rows": [{"a": blocks["rows"], "b": query.integers}],  # as `_Products.run` does
             "columns": [{"a": query.unsigned[:1], "b": blocks["columns"]},
                         {"a": query.unsigned[1:], "b": blocks["columns"]}]}
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


def _product_session() -> Any:
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    options.log_severity_level = 3
    graph = resources.files("repokb.stores").joinpath(PRODUCT_GRAPH).read_bytes()
    return ort.InferenceSession(graph, options, providers=["CPUExecutionProvider"])


@dataclass
class DenseScan:
    """The points with a dense vector, in the order they were added. Rows are only ever
    appended: each `view` is a snapshot of the rows so far, unchanged by later additions."""

    dimension: int
    _blocks: list[np.ndarray] = field(default_factory=list)
    _starts: list[int] = field(default_factory=list)  # each block's first row
    # rows the first block holds (at least BLOCK/16): a snapshot read whole is one block
    capacity: int = 0
    # per row: its scale s_v, s_v * |r|_1 and |e_v| (the bound's row terms), the sum of its
    # integers (the "columns" layout's shift)
    _sums: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int32))
    _scale: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.float32))
    _l1: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.float32))
    _error: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.float32))
    _codes: dict[str, np.ndarray] = field(
        default_factory=lambda: {f: np.zeros(0, dtype=np.int32) for f in FIELDS})
    _vocab: dict[str, dict[str, int]] = field(default_factory=lambda: {f: {} for f in FIELDS})
    _ids: list[str] = field(default_factory=list)
    # a point's row, by its id's number (`point_key`)
    _row_of: dict[int | str, int] = field(default_factory=dict)
    # per row: the SEARCH_FIELDS its payload has (one tuple for all the rows with the same) and
    # their values
    _names: list[tuple[str, ...]] = field(default_factory=list)
    _fields: list[tuple[Any, ...]] = field(default_factory=list)
    _shapes: dict[tuple[str, ...], tuple[str, ...]] = field(default_factory=dict)
    # the rows by their symbol's last name, lower-cased (`View.defined`)
    _by_name: dict[str, list[int]] = field(default_factory=dict)
    layout: str = field(init=False, default="")  # the process's (`_Products.layout`)

    def __post_init__(self) -> None:
        # the product's session and layout now (~0.5 s the first time in a process), on the
        # thread that reads the copy, rather than in the first search that scans it
        _Products.session()
        self.layout = _Products.layout

    def __len__(self) -> int:
        return len(self._ids)

    @property
    def _end(self) -> int:
        """The first row no block has room for."""
        return self._starts[-1] + _width(self.layout, self._blocks[-1]) if self._blocks else 0

    def add(self, points: Iterable[tuple[str, Sequence[float] | None, Mapping[str, Any]]],
            ) -> None:
        """Points as the store holds them: (id, dense vector or None, payload with
        SEARCH_FIELDS). A point without a dense vector is not searched densely: it is left out.
        A point has one row: its id is not already in the snapshot."""
        kept = [(point_id, vector, payload) for point_id, vector, payload in points
                if vector is not None and len(vector)]
        if not kept:
            return
        vectors = units([vector for _, vector, _ in kept])
        integers, scale = _quantised(vectors, _ROW_LEVELS)
        error = np.linalg.norm(vectors - integers * scale[:, None], axis=1)
        first = len(self._ids)
        while self._end < first + len(kept):
            rows = _size(len(self._blocks))
            if not self._blocks:
                rows = max(rows, self.capacity)
            self._starts.append(self._end)
            self._blocks.append(_block(self.layout, rows, self.dimension))
        for row, (_, _, payload) in enumerate(kept, first):
            for name in FIELDS:
                codes = self._codes[name] = _grown(self._codes[name], row)
                value = payload.get(name)
                vocab = self._vocab[name]
                codes[row] = _NONE if value is None else vocab.setdefault(str(value), len(vocab))
        for start, block in zip(self._starts, self._blocks, strict=True):
            a, b = max(first, start), min(first + len(kept), start + _width(self.layout, block))
            if a < b:  # this block's share of the new rows
                _write(self.layout, block, a - start, integers[a - first:b - first])
        last = first + len(kept) - 1
        self._scale, self._l1 = _grown(self._scale, last), _grown(self._l1, last)
        self._error, self._sums = _grown(self._error, last), _grown(self._sums, last)
        self._sums[first:last + 1] = integers.sum(axis=1, dtype=np.int32)
        self._scale[first:last + 1] = scale
        self._l1[first:last + 1] = scale * np.abs(integers).sum(axis=1, dtype=np.int32)
        self._error[first:last + 1] = error
        self._ids.extend(point_id for point_id, _, _ in kept)
        self._row_of.update((point_key(point_id), row)
                            for row, (point_id, _, _) in enumerate(kept, first))
        for row, (_, _, payload) in enumerate(kept, first):
            names = tuple(name for name in SEARCH_FIELDS if name in payload)
            self._names.append(self._shapes.setdefault(names, names))
            self._fields.append(tuple(_shared(payload[name]) for name in names))
            symbol = payload.get("symbol")
            if symbol:
                self._by_name.setdefault(_shared(last_name(str(symbol)).lower()), []).append(row)

    def view(self) -> View:
        """The rows so far, ready to search (from any thread: rows added later are not in
        it, and nothing in it changes)."""
        used = len(self._ids)
        return View(used, self.layout, list(self._blocks), list(self._starts),
                    self._sums[:used], self._scale[:used], self._l1[:used], self._error[:used],
                    {f: c[:used] for f, c in self._codes.items()}, self._vocab, self._ids,
                    self._row_of, self._names, self._fields, self._by_name)


@dataclass(frozen=True)
class View:
    """A snapshot's rows: its blocks in its layout (rows past `used` are not its own), the
    rows' sums of integers, scales and bound terms, filter codes, ids and search fields
    (`ids`, `row_of`, `names`, `fields` and `by_name` are shared with later views: only rows
    below `used` are this one's)."""

    used: int
    layout: str
    blocks: list[np.ndarray]
    starts: list[int]
    sums: np.ndarray
    scale: np.ndarray
    l1: np.ndarray
    error: np.ndarray
    codes: dict[str, np.ndarray]
    vocab: dict[str, dict[str, int]]
    ids: list[str]
    row_of: dict[int | str, int]
    names: list[tuple[str, ...]]
    fields: list[tuple[Any, ...]]
    by_name: dict[str, list[int]]

    def payload(self, point_id: str) -> dict[str, Any] | None:
        """The point's SEARCH_FIELDS as its payload has them (None: it has no row here)."""
        row = self.row(point_key(point_id))
        return None if row is None else self.fields_of(row)

    def row(self, key: int | str) -> int | None:
        """The row of the point whose id's `point_key` is `key` (None: it has none here): the
        engine answers with `uuid.UUID`s, whose number is at hand, and the row has the id's
        text (`ids`): no UUID is formatted (~2 us each, 124 a search)."""
        row = self.row_of.get(key)
        return None if row is None or row >= self.used else row

    def fields_of(self, row: int) -> dict[str, Any]:
        """A row's SEARCH_FIELDS as its payload has them, a new dict."""
        return dict(zip(self.names[row], self.fields[row], strict=True))

    def defined(self, names: Sequence[str], where: StoreFilter) -> list[str]:
        """The ids of the rows whose symbol's last name is one of `names` in any case and that
        pass `where`, in id order: `Store.defining` for the points with a dense vector, a
        lookup instead of the engine's scan of every symbol holding the name's words (`views`:
        609 symbols read for the 4 it defines)."""
        rows = sorted({row for name in {n.lower() for n in names}
                       for row in self.by_name.get(name, ()) if row < self.used})
        if not rows:
            return []
        at = np.asarray(rows, dtype=np.int64)
        for name, values in (("project", where.projects), ("kind", where.kinds),
                             ("language", where.languages), ("path", where.paths)):
            if values is not None and (values or name == "path"):
                vocab = self.vocab[name]
                codes = np.asarray([vocab[v] for v in values if v in vocab], dtype=np.int32)
                at = at[np.isin(self.codes[name][at], codes)]
        return sorted(self._point_ids(at))

    def candidates(self, asks: Sequence[tuple[Sequence[float], StoreFilter, int]],
                   ) -> list[list[str]]:
        """For each (vector, filter, k): the ids of the points that pass the filter and may be
        among its k nearest by cosine (every one of the k nearest, and the points whose score
        the rounding's bound cannot tell from theirs), in no particular order. The queries
        that scan most rows are scored together, one product a block."""
        n = self.used
        found: list[list[str]] = [[] for _ in asks]
        together: list[tuple[int, np.ndarray, int]] = []
        for i, (vector, where, k) in enumerate(asks):
            chosen = self._passing(where) if n and k > 0 else np.zeros(0, dtype=np.int64)
            if len(chosen) <= k:
                found[i] = self._point_ids(chosen)
            elif len(chosen) * 4 < n:  # a narrow filter: score only its rows
                query = _Query([vector])
                integers = self.integers(chosen)
                block = _block(self.layout, *integers.shape)
                _write(self.layout, block, 0, integers)
                coarse, fine = _Products.run(block, len(chosen), query, self.sums[chosen])
                found[i] = self._point_ids(self._nearest(
                    query, 0, coarse[0], chosen, k, None if fine is None else fine[0]))
            else:
                together.append((i, chosen, k))
        if together:
            query = _Query([asks[i][0] for i, _, _ in together])
            parts = [_Products.run(block, min(_width(self.layout, block), n - start), query,
                                   self.sums[start:])
                     for start, block in zip(self.starts, self.blocks, strict=True) if start < n]
            products = np.concatenate([coarse for coarse, _ in parts], axis=1)
            fines = (None if parts[0][1] is None
                     else np.concatenate([fine for _, fine in parts if fine is not None], axis=1))
            for j, (i, chosen, k) in enumerate(together):
                every = len(chosen) == n  # no filter: every row, in order
                found[i] = self._point_ids(self._nearest(
                    query, j, products[j] if every else products[j, chosen],
                    None if every else chosen, k,
                    None if fines is None else fines[j] if every else fines[j, chosen]))
        return found

    def _nearest(self, query: _Query, j: int, products: np.ndarray, rows: np.ndarray | None,
                 k: int, fine_products: np.ndarray | None = None) -> np.ndarray:
        """The rows (of `rows`, ascending; None: every row) that may be among query j's k
        nearest, from its coarse products with them: those whose upper end reaches the k-th
        lower end (`_within`), then among them the same again with the fine bound (from the
        remainder's products with them, when the scan gave them, else computed here)."""
        def of(values: np.ndarray) -> np.ndarray:
            return values if rows is None else values[rows]

        scale, l1, error = of(self.scale), of(self.l1), of(self.error)
        s_q, norm = query.scale[j], query.norm[j]  # float32, like the rows' terms
        approx = products.astype(np.float32) * (s_q * scale)  # exact integers below 2^24
        slack = error * norm + (s_q / 2) * l1 + np.float32(_ROUNDING)
        kept = _within(approx - slack, approx + slack, k)
        at: np.ndarray = kept if rows is None else rows[kept]
        if len(kept) <= k:
            return at
        remainder = (self.fine_products(query, j, at) if fine_products is None
                     else fine_products[kept])
        fine = (products[kept] + remainder.astype(np.float64) / _FINE) * (
            float(s_q) * scale[kept].astype(np.float64))
        slack = (error[kept] * norm + (s_q / (2 * _FINE)) * l1[kept] + _ROUNDING).astype(
            np.float64)
        nearest: np.ndarray = at[_within(fine - slack, fine + slack, k)]
        return nearest

    def fine_products(self, query: _Query, j: int, rows: np.ndarray) -> np.ndarray:
        """Query j's remainder u times each of the given rows' integers r (ascending), u.r:
        in float32, exact (every sum below 2^24)."""
        products: np.ndarray = self.integers(rows).astype(np.float32) @ query.fine[j]
        return products

    def integers(self, rows: np.ndarray) -> np.ndarray:
        """The given rows' (ascending) integers r, one a row: (len(rows), dimension), int8."""
        at = np.searchsorted(np.asarray(self.starts), rows, side="right") - 1
        return np.ascontiguousarray(np.concatenate(
            [_read(self.layout, block, rows[at == b] - start)
             for b, (start, block) in enumerate(zip(self.starts, self.blocks, strict=True))]))

    def rows(self, rows: np.ndarray) -> np.ndarray:
        """The given rows' vectors as the snapshot holds them (each element within half its
        row's scale of the unit vector), one a row."""
        vectors: np.ndarray = self.integers(rows).astype(np.float32) * self.scale[rows][:, None]
        return vectors

    def holds(self, project: str, path: str | None = None) -> bool:
        """Whether any row is of `project` (and of its file `path`)."""
        if project not in self.vocab["project"] or (
                path is not None and path not in self.vocab["path"]):
            return False  # the usual answer for a new file: no array is scanned
        rows = self.matching("project", [project])
        if path is not None:
            rows &= self.matching("path", [path])
        return bool(rows.any())

    def matching(self, name: str, values: Sequence[str]) -> np.ndarray:
        """Which rows have one of `values` in field `name`."""
        vocab = self.vocab[name]
        codes = [vocab[v] for v in values if v in vocab]
        if not codes:
            return np.zeros(self.used, dtype=bool)
        column = self.codes[name]
        found: np.ndarray = (column == codes[0] if len(codes) == 1
                             else np.isin(column, np.asarray(codes, dtype=np.int32)))
        return found

    def _passing(self, where: StoreFilter) -> np.ndarray:
        """The rows that pass `where`."""
        rows = np.ones(self.used, dtype=bool)
        for name, values in (("project", where.projects), ("kind", where.kinds),
                             ("language", where.languages), ("path", where.paths)):
            if values is not None and (values or name == "path"):
                rows &= self.matching(name, values)
        return np.flatnonzero(rows)

    def _point_ids(self, rows: np.ndarray) -> list[str]:
        return [self.ids[r] for r in rows.tolist()]


class _Query:
    """Queries cut to 7-bit integers, one a column ("rows": the product's signed operand) and
    one a row plus 64 ("columns": its unsigned operand), their remainders in steps of 1/64 of
    that (the fine products' operand, one a row, as float32: their products with a row's
    integers are integers below 2^24, exact), and what the bounds need (see the module's
    doc)."""

    def __init__(self, vectors: Sequence[Sequence[float]]) -> None:
        scaled = units(vectors)
        integers, self.scale = _quantised(scaled, _QUERY_LEVELS)
        self.integers = np.ascontiguousarray(integers.T)  # (dimension, queries)
        self.sums = integers.sum(axis=1, dtype=np.int32)
        self.norm = np.linalg.norm(scaled, axis=1)
        rest = (scaled - integers * self.scale[:, None]) / (self.scale[:, None] / _FINE)
        self.fine = np.clip(np.rint(rest), -_FINE // 2, _FINE // 2).astype(np.float32)
        # "columns": the integers, then the remainders, each plus 64: (2 x queries, dimension)
        self.unsigned = np.concatenate([integers + _QUERY_SHIFT, self.fine + _QUERY_SHIFT]
                                       ).astype(np.uint8)


def point_key(point_id: Any) -> int | str:
    """How the copy knows a point: its id's number (a UUID's 128 bits, as the engine's
    `uuid.UUID`s give it), else the id as text."""
    if isinstance(point_id, uuid.UUID):
        return point_id.int
    try:
        return uuid.UUID(str(point_id)).int
    except ValueError:
        return str(point_id)


def _shared(value: Any) -> Any:
    """A string field's value as one object for all the rows that have it (paths, kinds and
    the like repeat from row to row)."""
    return sys.intern(value) if type(value) is str else value


def _within(low: np.ndarray, high: np.ndarray, k: int) -> np.ndarray:
    """Positions whose upper end reaches the k-th highest lower end (all of them if k covers
    every position): a superset of the k highest scores."""
    if k >= len(low):
        return np.arange(len(low))
    sure = np.partition(low, len(low) - k)[len(low) - k]
    return np.flatnonzero(high >= sure)
