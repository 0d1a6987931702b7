"""A long-lived server's copy of the dense vectors, scanned by numpy to pick candidates.

Qdrant Edge holds the interpreter for the whole of a search, and its exact scan of every dense
vector is most of that time (~6 ms at 49,550 points): no other request, and no index job, runs
meanwhile. numpy's scan of the same vectors lets go of the interpreter (~1.7 ms on two cores).
So a server keeps the vectors here too and scans them for the best `k` points of each search,
a few more than the search asks for. The engine then ranks only those, with the search's own
filter: the scores, their order, the payloads and the filters all still come from the engine,
and the candidates differ from its own top points only when two scores lie within float
rounding (~1e-7) of each other across the candidates' last place.

The copy follows every write the store makes (the store applies each write to the engine and
then here, under one lock that searches hold too). Each row keeps what a write may select it
by: project, path and chunk index (prune, delete a project), and the filter fields a search
narrows by (project, path, kind, language). A point without a dense vector (lexical first)
has a row with no vector until `set_vectors` gives it one.

Nothing here imports the engine: the store fills the copy from pages it scrolls.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from repokb.stores.base import StoreFilter

FIELDS = ("project", "path", "kind", "language")  # what a search filters or a prune selects by
_NONE = -1  # a field the payload does not have
# Rows per block of vectors. The copy grows a block at a time and never moves a vector (a copy
# into a bigger array held every search ~50-100 ms at 50,000 points). A block is zeroed memory
# that the system maps only as rows are written, so its unused rows cost no RAM; a block is
# scanned up to its last row in use. Fewer, longer blocks multiply faster: 8 queries against
# 49,550 rows took 4.8 ms in one block, 6.2 ms in blocks of 32,768 and 10.2 ms of 8,192.
BLOCK = 65536


def _best(scores: np.ndarray, k: int) -> np.ndarray:
    """Positions of the k highest scores (k < len(scores)), in no particular order."""
    return np.argpartition(scores, len(scores) - k)[len(scores) - k:]


def unit(vector: Sequence[float]) -> np.ndarray:
    """The vector scaled to length 1, as the engine stores a cosine vector."""
    v = np.asarray(vector, dtype=np.float32)
    norm = float(np.linalg.norm(v))
    return v / norm if norm else v


class DenseScan:
    def __init__(self, dimension: int) -> None:
        self.dimension = dimension
        self.clear()

    def clear(self) -> None:
        """Forget every point."""
        # blocks of BLOCK columns, one per row (dimension x rows): the scan of several queries
        # is then one matrix product a block, which reads the vectors once for all of them
        self._blocks: list[np.ndarray] = []
        self._dense = np.zeros(0, dtype=bool)  # the row's point has a dense vector
        self._chunk = np.zeros(0, dtype=np.int64)
        self._codes = {f: np.zeros(0, dtype=np.int32) for f in FIELDS}
        self._vocab: dict[str, dict[str, int]] = {f: {} for f in FIELDS}
        self._row: dict[str, int] = {}  # point id -> row
        self._ids: list[str | None] = []  # row -> point id (None: a free row)
        self._free: list[int] = []
        self._used = 0  # rows ever used: every live row is below this

    def __len__(self) -> int:
        return len(self._row)

    # --- writes -------------------------------------------------------------------------------

    def put(self, points: Iterable[tuple[str, Sequence[float] | None, Mapping[str, Any]]]) -> None:
        """Add or replace points: (id, dense vector or None, payload with the FIELDS and
        chunk_index)."""
        for point_id, vector, payload in points:
            row = self._row.get(point_id)
            if row is None:
                row = self._take_row()
                self._row[point_id] = row
                self._ids[row] = point_id
            for field in FIELDS:
                self._codes[field][row] = self._code(field, payload.get(field))
            self._chunk[row] = int(payload.get("chunk_index") or 0)
            self._set(row, vector)

    def set_vectors(self, vectors: Mapping[str, Sequence[float]]) -> list[str]:
        """Give known points their dense vector; the ids this copy does not know."""
        unknown = []
        for point_id, vector in vectors.items():
            row = self._row.get(point_id)
            if row is None:
                unknown.append(point_id)
            else:
                self._set(row, vector)
        return unknown

    def remove_where(self, project: str | None, path: str | None = None,
                     min_chunk: int = 0) -> None:
        """Drop the points of one file from `min_chunk` on, of one project, or (None) all."""
        if project is None:
            self.clear()
            return
        view, n = self.view(), self._used
        rows = view.matching("project", [project])
        if path is not None:
            rows &= view.matching("path", [path])
        if min_chunk:
            rows &= self._chunk[:n] >= min_chunk
        for row in np.flatnonzero(rows).tolist():
            point_id = self._ids[row]
            if point_id is not None:
                del self._row[point_id]
                self._ids[row] = None
                self._dense[row] = False
                self._codes["project"][row] = _NONE
                self._free.append(row)

    # --- search -------------------------------------------------------------------------------

    def view(self) -> View:
        """The copy as it is now, for a search to scan without holding the writers' lock (take
        it under that lock: it only gathers references). A write that lands during the scan
        changes the rows it writes in place, so it may or may not count for that search's
        candidates, as if it had come a moment earlier or later; every other row is as it
        was. The engine then scores the candidates as they are in the store."""
        return View(self._used, list(self._blocks), self._dense, dict(self._codes),
                    self._vocab, self._ids)

    def candidates(self, asks: Sequence[tuple[Sequence[float], StoreFilter, int]],
                   ) -> list[list[str]]:
        return self.view().candidates(asks)

    # --- rows -----------------------------------------------------------------------------------

    def _set(self, row: int, vector: Sequence[float] | None) -> None:
        if vector is not None and len(vector):
            self._blocks[row // BLOCK][:, row % BLOCK] = unit(vector)
            self._dense[row] = True
        else:
            self._dense[row] = False

    def _code(self, field: str, value: Any) -> int:
        if value is None:
            return _NONE
        vocab = self._vocab[field]
        return vocab.setdefault(str(value), len(vocab))

    def _take_row(self) -> int:
        if self._free:
            return self._free.pop()
        if self._used == len(self._ids):
            self._grow()
        self._used += 1
        return self._used - 1

    def _grow(self) -> None:
        extra = BLOCK
        self._blocks.append(np.zeros((self.dimension, BLOCK), dtype=np.float32))
        self._dense = np.concatenate([self._dense, np.zeros(extra, dtype=bool)])
        self._chunk = np.concatenate([self._chunk, np.zeros(extra, dtype=np.int64)])
        for field in FIELDS:
            self._codes[field] = np.concatenate(
                [self._codes[field], np.full(extra, _NONE, dtype=np.int32)])
        self._ids.extend([None] * extra)


@dataclass(frozen=True)
class View:
    """What a search scans: the copy's arrays and its first `used` rows, as of `DenseScan.view`."""

    used: int
    blocks: list[np.ndarray]
    dense: np.ndarray
    codes: dict[str, np.ndarray]
    vocab: dict[str, dict[str, int]]
    ids: list[str | None]

    def candidates(self, asks: Sequence[tuple[Sequence[float], StoreFilter, int]],
                   ) -> list[list[str]]:
        """For each (vector, filter, k): the ids of (at most) the k points with a dense vector
        that pass the filter and lie nearest the vector by cosine, in no particular order.
        The queries that scan most rows are scored together, in one matrix product (numpy
        lets go of the interpreter for it)."""
        n = self.used
        found: list[list[str]] = [[] for _ in asks]
        together: list[tuple[int, np.ndarray, int]] = []
        for i, (vector, where, k) in enumerate(asks):
            chosen = self._passing(where) if n and k > 0 else np.zeros(0, dtype=np.int64)
            if len(chosen) <= k:
                found[i] = self._point_ids(chosen)
            elif len(chosen) * 4 < n:  # a narrow filter: score only its rows
                scores = np.asarray(vector, dtype=np.float32) @ self.columns(chosen)
                found[i] = self._point_ids(chosen[_best(scores, k)])
            else:
                together.append((i, chosen, k))
        if together:
            queries = np.asarray([asks[i][0] for i, _, _ in together], dtype=np.float32)
            scores = np.concatenate([queries @ block for block in self.in_use()], axis=1)
            for (i, chosen, k), row in zip(together, scores, strict=True):
                found[i] = self._point_ids(chosen[_best(row[chosen], k)])
        return found

    def in_use(self) -> list[np.ndarray]:
        """The blocks, the last one cut at the last row in use."""
        return [block[:, :max(0, min(BLOCK, self.used - b * BLOCK))]
                for b, block in enumerate(self.blocks)]

    def columns(self, rows: np.ndarray) -> np.ndarray:
        """The vectors of the given rows, one column each."""
        return np.concatenate([self.blocks[b][:, rows[rows // BLOCK == b] % BLOCK]
                               for b in range(len(self.blocks))], axis=1)

    def matching(self, field: str, values: Sequence[str]) -> np.ndarray:
        """Which of the rows have one of `values` in `field`."""
        vocab, n = self.vocab[field], self.used
        codes = [vocab[v] for v in values if v in vocab]
        if not codes:
            return np.zeros(n, dtype=bool)
        column = self.codes[field][:n]
        found: np.ndarray = (column == codes[0] if len(codes) == 1
                             else np.isin(column, np.asarray(codes, dtype=np.int32)))
        return found

    def _passing(self, where: StoreFilter) -> np.ndarray:
        """The rows with a dense vector that pass `where`."""
        rows = self.dense[:self.used].copy()
        for field, values in (("project", where.projects), ("kind", where.kinds),
                              ("language", where.languages), ("path", where.paths)):
            if values is not None and (values or field == "path"):
                rows &= self.matching(field, values)
        return np.flatnonzero(rows)

    def _point_ids(self, rows: np.ndarray) -> list[str]:
        return [i for i in (self.ids[r] for r in rows.tolist()) if i is not None]
