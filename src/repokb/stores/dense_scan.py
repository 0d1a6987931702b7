"""A quiet server's snapshot of the dense vectors, scanned by numpy to pick candidates.

Qdrant Edge holds the interpreter for the whole of a search, and its exact scan of every dense
vector is most of that time (~6 ms at 49,550 points): no other request runs meanwhile. numpy's
scan of the same vectors lets go of the interpreter (~1.5-3.7 ms). So a server that is not
writing keeps the vectors here too and scans them for the best `k` points of each search, a
few more than the search asks for. The engine then ranks only those, with the search's own
filter: the scores, their order, the payloads and the filters all still come from the engine,
and the candidates differ from its own top points only when two scores lie within float
rounding (~1e-7) of each other across the candidates' last place.

A snapshot is read whole from the store; a view of it never changes. A write that leaves the
dense vectors the snapshot holds as they are (a new file's points, a prune of a file the
snapshot has no row of, vectors filled in for points that had none) appends its new vectors
and publishes a new view; any other write drops the snapshot, and a new one is read once
writes have stopped for a while (stores/qdrant_edge.py). Each row keeps the fields a search
filters by.

Nothing here imports the engine: the store fills a snapshot from the pages it scrolls.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from repokb.stores.base import StoreFilter

FIELDS = ("project", "path", "kind", "language")  # what a search filters by
_NONE = -1  # a field the payload does not have
# Rows per block of vectors (one vector a row). A snapshot grows a block at a time and never
# moves a vector. A block is zeroed memory that the system maps only as its rows are written,
# so the rows not yet used cost no RAM, and a block is scanned up to its last row in use.
BLOCK = 65536


def _best(scores: np.ndarray, k: int) -> np.ndarray:
    """Positions of the k highest scores (k < len(scores)), in no particular order."""
    return np.argpartition(scores, len(scores) - k)[len(scores) - k:]


def unit(vector: Sequence[float]) -> np.ndarray:
    """The vector scaled to length 1, as the engine stores a cosine vector."""
    v = np.asarray(vector, dtype=np.float32)
    norm = float(np.linalg.norm(v))
    return v / norm if norm else v


@dataclass
class DenseScan:
    """The points with a dense vector, in the order they were added. Rows are only ever
    appended: each `view` is a snapshot of the rows so far, unchanged by later additions."""

    dimension: int
    _blocks: list[np.ndarray] = field(default_factory=list)
    _codes: dict[str, np.ndarray] = field(
        default_factory=lambda: {f: np.zeros(0, dtype=np.int32) for f in FIELDS})
    _vocab: dict[str, dict[str, int]] = field(default_factory=lambda: {f: {} for f in FIELDS})
    _ids: list[str] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self._ids)

    def add(self, points: Iterable[tuple[str, Sequence[float] | None, Mapping[str, Any]]],
            ) -> None:
        """Points as the store holds them: (id, dense vector or None, payload with FIELDS).
        A point without a dense vector is not searched densely: it is left out."""
        for point_id, vector, payload in points:
            if vector is None or not len(vector):
                continue
            row = len(self._ids)
            if row == len(self._blocks) * BLOCK:
                self._blocks.append(np.zeros((BLOCK, self.dimension), dtype=np.float32))
            self._blocks[row // BLOCK][row % BLOCK] = unit(vector)
            self._ids.append(point_id)
            for name in FIELDS:
                codes = self._codes[name]
                if row == len(codes):  # grown by half again: a new array, older views keep theirs
                    self._codes[name] = codes = np.concatenate(
                        [codes, np.zeros(max(1024, row // 2), dtype=np.int32)])
                value = payload.get(name)
                vocab = self._vocab[name]
                codes[row] = _NONE if value is None else vocab.setdefault(str(value), len(vocab))

    def view(self) -> View:
        """The rows so far, ready to search (from any thread: rows added later are not in
        it, and nothing in it changes)."""
        used = len(self._ids)
        return View(used, [block[:max(0, min(BLOCK, used - b * BLOCK))]
                           for b, block in enumerate(self._blocks)],
                    {f: c[:used] for f, c in self._codes.items()}, self._vocab, self._ids)


@dataclass(frozen=True)
class View:
    """A snapshot's vectors (each block cut at its last row), filter codes and ids."""

    used: int
    blocks: list[np.ndarray]
    codes: dict[str, np.ndarray]
    vocab: dict[str, dict[str, int]]
    ids: list[str]

    def candidates(self, asks: Sequence[tuple[Sequence[float], StoreFilter, int]],
                   ) -> list[list[str]]:
        """For each (vector, filter, k): the ids of (at most) the k points that pass the
        filter and lie nearest the vector by cosine, in no particular order. The queries that
        scan most rows are scored together, one matrix product a block (numpy lets go of the
        interpreter for it)."""
        n = self.used
        found: list[list[str]] = [[] for _ in asks]
        together: list[tuple[int, np.ndarray, int]] = []
        for i, (vector, where, k) in enumerate(asks):
            chosen = self._passing(where) if n and k > 0 else np.zeros(0, dtype=np.int64)
            if len(chosen) <= k:
                found[i] = self._point_ids(chosen)
            elif len(chosen) * 4 < n:  # a narrow filter: score only its rows
                scores = self.rows(chosen) @ np.asarray(vector, dtype=np.float32)
                found[i] = self._point_ids(chosen[_best(scores, k)])
            else:
                together.append((i, chosen, k))
        if together:
            queries = np.asarray([asks[i][0] for i, _, _ in together], dtype=np.float32)
            scores = np.concatenate([block @ queries.T for block in self.blocks]).T
            for (i, chosen, k), row in zip(together, scores, strict=True):
                found[i] = self._point_ids(chosen[_best(row[chosen], k)])
        return found

    def rows(self, rows: np.ndarray) -> np.ndarray:
        """The vectors of the given rows (ascending), one a row."""
        return np.concatenate([block[rows[rows // BLOCK == b] % BLOCK]
                               for b, block in enumerate(self.blocks)])

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
