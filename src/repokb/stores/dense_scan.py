"""A quiet server's snapshot of the dense vectors, in 8 bits, scanned to pick candidates.

Qdrant Edge holds the interpreter for the whole of a search, and its exact scan of every dense
vector is most of that time (~3.5-6 ms at 49,550 points): no other request runs meanwhile. A
scan here lets go of the interpreter. So a server keeps the vectors here too, as 8-bit integers
(a quarter of the memory and of the bytes each scan reads), and scans them for the candidates
of each search: every point whose score can reach, within the rounding's proven bound, the
score the k-th best point is sure to have (about twice k points). The nearest k are always among
them. The engine then ranks only those, with the search's own filter: the scores, their order,
the payloads and the filters all still come from the engine.

The products, and how the vectors are cut to bytes for them, are stores/dense_products.py's.

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
writes have stopped for a while (stores/edge_copy.py). Each row keeps the fields a search
filters by, and the rest of what it ranks and shapes by (`SEARCH_FIELDS`, all but the content):
the engine then answers a search with ids and scores alone (reading a point's payload is most of
its time there: ~3.5 ms for a search's 124 points with them, ~1 ms without) and the searcher
reads the content of only the points it returns (`Store.contents`).

Nothing here imports the engine: the store fills a snapshot from the pages it scrolls.
"""

from __future__ import annotations

import sys
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from repokb.stores.base import SEARCH_FIELDS, StoreFilter, last_name
from repokb.stores.dense_products import (
    FINE,
    ROW_LEVELS,
    Products,
    Query,
    block_width,
    new_block,
    quantised,
    read_rows,
    units,
    write_rows,
)

FIELDS = ("project", "path", "kind", "language")  # what a search filters by
_NONE = -1  # a field the payload does not have
# Points per block, at most: a block is one matrix of bytes (in the layout `Products.layout`
# chose: a row or a column a point), so the product's big operand is contiguous and a new point
# is written in one place. A snapshot grows a block at a time and never moves a point; the first
# blocks are smaller (BLOCK/16, /8, /4, /2: a small store scans little), unless the snapshot is
# told how many points to expect (`capacity`: a store's copy read whole is one block). A product
# scans a block (one product a block: at 49,550 rows 1.3 ms in four blocks, 0.9 ms in one; in
# the "columns" layout the block's unused columns too, at most the last block's). A block is
# zeroed memory that the system maps only as its points are written.
BLOCK = 65536
_ROUNDING = 1e-5  # added to every bound: float32 rounding of the scores, here and in the engine



def _size(block: int) -> int:
    """Rows in the snapshot's block number `block`."""
    return max(1, BLOCK >> max(0, 4 - block))


def _grown(array: np.ndarray, row: int) -> np.ndarray:
    """`array` with room for `row` (grown by half again: a new array, older views keep theirs)."""
    if row < len(array):
        return array
    more = max(1024, row // 2, row + 1 - len(array))
    return np.concatenate([array, np.zeros(more, dtype=array.dtype)])


@dataclass
class DenseScan:
    """The points with a dense vector, in the order they were added. Rows are only ever
    appended: each `view` is a snapshot of the rows so far, unchanged by later additions."""

    dimension: int
    _blocks: list[np.ndarray] = field(default_factory=list)
    _starts: list[int] = field(default_factory=list)  # each block's first row
    # "columns" only: each block's integers again, one row a point (int8), from which the few
    # rows the coarse bound keeps are read for the fine one (`View.integers`): a block's
    # columns of those rows are 384 scattered bytes each, ~1 ms for ~300 rows, as much as a
    # second product of every row; their rows here, ~0.05 ms. As much memory again as the
    # block alone (19 MB at Django's 49,594 points).
    _row_blocks: list[np.ndarray] = field(default_factory=list)
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
    # per row: the SEARCH_FIELDS its payload has, as a dict built once (`View.fields_of` hands
    # out copies: a search asks for ~124 rows' fields, and building each from its names and
    # values held the interpreter ~4 us a row against ~0.3 us for a copy; ~16 MB more at
    # Django's size than a tuple of values a row)
    _payloads: list[dict[str, Any]] = field(default_factory=list)
    # the rows by their symbol's last name, lower-cased (`View.defined`)
    _by_name: dict[str, list[int]] = field(default_factory=dict)
    layout: str = field(init=False, default="")  # the process's (`Products.layout`)

    def __post_init__(self) -> None:
        # the product's session and layout now (~0.5 s the first time in a process), on the
        # thread that reads the copy, rather than in the first search that scans it
        Products.session()
        self.layout = Products.layout

    def __len__(self) -> int:
        return len(self._ids)

    @property
    def _end(self) -> int:
        """The first row no block has room for."""
        return self._starts[-1] + block_width(self.layout, self._blocks[-1]) if self._blocks else 0

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
        integers, scale = quantised(vectors, ROW_LEVELS)
        error = np.linalg.norm(vectors - integers * scale[:, None], axis=1)
        first = len(self._ids)
        while self._end < first + len(kept):
            rows = _size(len(self._blocks))
            if not self._blocks:
                rows = max(rows, self.capacity)
            self._starts.append(self._end)
            self._blocks.append(new_block(self.layout, rows, self.dimension))
            if self.layout == "columns":
                self._row_blocks.append(np.zeros((rows, self.dimension), dtype=np.int8))
        for row, (_, _, payload) in enumerate(kept, first):
            for name in FIELDS:
                codes = self._codes[name] = _grown(self._codes[name], row)
                value = payload.get(name)
                vocab = self._vocab[name]
                codes[row] = _NONE if value is None else vocab.setdefault(str(value), len(vocab))
        for number, (start, block) in enumerate(zip(self._starts, self._blocks, strict=True)):
            width = block_width(self.layout, block)
            a, b = max(first, start), min(first + len(kept), start + width)
            if a < b:  # this block's share of the new rows
                write_rows(self.layout, block, a - start, integers[a - first:b - first])
                if self._row_blocks:
                    self._row_blocks[number][a - start:b - start] = integers[a - first:b - first]
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
            self._payloads.append({name: _shared(payload[name]) for name in SEARCH_FIELDS
                                   if name in payload})
            symbol = payload.get("symbol")
            if symbol:
                self._by_name.setdefault(_shared(last_name(str(symbol)).lower()), []).append(row)

    def view(self) -> View:
        """The rows so far, ready to search (from any thread: rows added later are not in
        it, and nothing in it changes)."""
        used = len(self._ids)
        return View(used, self.layout, list(self._blocks), list(self._starts),
                    list(self._row_blocks),
                    self._sums[:used], self._scale[:used], self._l1[:used], self._error[:used],
                    {f: c[:used] for f, c in self._codes.items()}, self._vocab, self._ids,
                    self._row_of, self._payloads, self._by_name)


@dataclass(frozen=True)
class View:
    """A snapshot's rows: its blocks in its layout (rows past `used` are not its own), the
    rows' sums of integers, scales and bound terms, filter codes, ids and search fields
    (`ids`, `row_of`, `payloads` and `by_name` are shared with later views: only rows below
    `used` are this one's; a row's `payloads` dict is never handed out, only copies)."""

    used: int
    layout: str
    blocks: list[np.ndarray]
    starts: list[int]
    row_blocks: list[np.ndarray]  # "columns": the blocks' integers one row a point; else []
    sums: np.ndarray
    scale: np.ndarray
    l1: np.ndarray
    error: np.ndarray
    codes: dict[str, np.ndarray]
    vocab: dict[str, dict[str, int]]
    ids: list[str]
    row_of: dict[int | str, int]
    payloads: list[dict[str, Any]]
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
        """A row's SEARCH_FIELDS as its payload has them, a new dict (the caller's to change)."""
        return self.payloads[row].copy()

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
                   crowded: bool = False) -> list[list[str]]:
        """For each (vector, filter, k): the ids of the points that pass the filter and may be
        among its k nearest by cosine (every one of the k nearest, and the points whose score
        the rounding's bound cannot tell from theirs), in no particular order. The queries
        that scan most rows are scored together, one product a block; `crowded`: the products
        on one thread (`Products.run`)."""
        n = self.used
        found: list[list[str]] = [[] for _ in asks]
        together: list[tuple[int, np.ndarray, int]] = []
        for i, (vector, where, k) in enumerate(asks):
            chosen = self._passing(where) if n and k > 0 else np.zeros(0, dtype=np.int64)
            if len(chosen) <= k:
                found[i] = self._point_ids(chosen)
            elif len(chosen) * 4 < n:  # a narrow filter: score only its rows
                query = Query([vector])
                integers = self.integers(chosen)
                block = new_block(self.layout, *integers.shape)
                write_rows(self.layout, block, 0, integers)
                coarse = Products.run(block, len(chosen), query, self.sums[chosen], crowded)
                found[i] = self._point_ids(self._nearest(query, 0, coarse[0], chosen, k))
            else:
                together.append((i, chosen, k))
        if together:
            query = Query([asks[i][0] for i, _, _ in together])
            parts = [Products.run(block, min(block_width(self.layout, block), n - start), query,
                                   self.sums[start:], crowded)
                     for start, block in zip(self.starts, self.blocks, strict=True) if start < n]
            products = np.concatenate(parts, axis=1)
            for j, (i, chosen, k) in enumerate(together):
                every = len(chosen) == n  # no filter: every row, in order
                found[i] = self._point_ids(self._nearest(
                    query, j, products[j] if every else products[j, chosen],
                    None if every else chosen, k))
        return found

    def _nearest(self, query: Query, j: int, products: np.ndarray, rows: np.ndarray | None,
                 k: int) -> np.ndarray:
        """The rows (of `rows`, ascending; None: every row) that may be among query j's k
        nearest, from its coarse products with them: those whose upper end reaches the k-th
        lower end (`_within`), then among them the same again with the fine bound (from the
        remainder's products with them, `fine_products`)."""
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
        remainder = self.fine_products(query, j, at)
        fine = (products[kept] + remainder.astype(np.float64) / FINE) * (
            float(s_q) * scale[kept].astype(np.float64))
        slack = (error[kept] * norm + (s_q / (2 * FINE)) * l1[kept] + _ROUNDING).astype(
            np.float64)
        nearest: np.ndarray = at[_within(fine - slack, fine + slack, k)]
        return nearest

    def fine_products(self, query: Query, j: int, rows: np.ndarray) -> np.ndarray:
        """Query j's remainder u times each of the given rows' integers r (ascending), u.r:
        in float32, exact (every sum below 2^24)."""
        products: np.ndarray = self.integers(rows).astype(np.float32) @ query.fine[j]
        return products

    def integers(self, rows: np.ndarray) -> np.ndarray:
        """The given rows' (ascending) integers r, one a row: (len(rows), dimension), int8."""
        at = np.searchsorted(np.asarray(self.starts), rows, side="right") - 1
        if self.row_blocks:  # one block (a copy read whole): its rows at once
            return np.ascontiguousarray(np.concatenate(
                [block[rows[at == b] - start] for b, (start, block) in enumerate(
                    zip(self.starts, self.row_blocks, strict=True))]))
        return np.ascontiguousarray(np.concatenate(
            [read_rows(self.layout, block, rows[at == b] - start)
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
    return np.flatnonzero(high >= kth_highest(low, k))


# Below this many values (or k over this share of them) the k-th highest is taken from all of
# them at once; above, a sample narrows them first (`kth_highest`).
_SAMPLED_FROM = 4096
_SAMPLE_STEP = 8


def kth_highest(values: np.ndarray, k: int) -> Any:
    """The k-th highest of `values` (1 <= k <= len), exactly. A copy's whole scan has ~50,000
    and k ~100: a selection over all of them took 0.37-0.45 ms a search. So a threshold t comes
    first from every _SAMPLE_STEP-th value (its 2k/_SAMPLE_STEP + 8 highest: about 2k values
    reach it), and when at least k values reach t, t is no higher than the k-th highest, so the
    values that reach it hold the k highest and their k-th is the k-th of all (0.05 ms); else,
    from all of them."""
    n = len(values)
    if n >= _SAMPLED_FROM and k * 4 * _SAMPLE_STEP <= n:
        sample = values[::_SAMPLE_STEP]
        m = min(len(sample), 2 * (k // _SAMPLE_STEP) + 8)
        reaching = values[values >= np.partition(sample, len(sample) - m)[len(sample) - m]]
        if len(reaching) >= k:
            return np.partition(reaching, len(reaching) - k)[len(reaching) - k]
    return np.partition(values, n - k)[n - k]

