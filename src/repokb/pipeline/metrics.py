"""What chunking produced, per language and kind: the metrics of seed 000 §VIII.

Files, chunks, average chunks per file, symbol-extraction rate, average quality (and the share
of chunks scoring 0.8 or more), duplicates and LLM-transcript contamination. Exact duplicates
are chunks whose whitespace-normalised text already appeared in the run; near duplicates are
chunks whose embedded vector is at least `near_duplicate_threshold` (cosine) from one seen
earlier in the run. Duplicates are counted, not dropped: each copy still answers for its own
path, and dropping one would make a file's chunks depend on which copy the walk met first.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import numpy as np

from repokb.models import Chunk, EmbeddedChunk
from repokb.pipeline.chunk import ChunkedFile
from repokb.pipeline.enrich import is_definition


@dataclass
class Tally:
    files: int = 0
    chunks: int = 0
    with_symbol: int = 0
    definitions: int = 0
    quality: float = 0.0
    high_quality: int = 0
    duplicates: int = 0
    near_duplicates: int = 0
    contaminated: int = 0

    def to_dict(self) -> dict[str, Any]:
        per_chunk = self.chunks or 1
        return {
            "files": self.files,
            "chunks": self.chunks,
            "avg_chunks_per_file": round(self.chunks / self.files, 2) if self.files else 0.0,
            "symbol_rate": round(self.with_symbol / per_chunk, 3),
            "definition_rate": round(self.definitions / per_chunk, 3),
            "avg_quality": round(self.quality / per_chunk, 3),
            "high_quality_rate": round(self.high_quality / per_chunk, 3),
            "duplicates": self.duplicates,
            "near_duplicates": self.near_duplicates,
            "contamination": self.contaminated,
        }


_BLOCK = 256  # new rows per matrix product in NearDuplicates.check
_STORED = 16384  # rows per block of stored vectors (and columns per matrix product)


class NearDuplicates:
    """Cosine similarity of each new vector against every vector seen earlier in the run.

    Pieces of one file whose lines overlap (windows with overlap, a class head and its
    methods) are not duplicates of each other and are never compared.

    The vectors are kept in blocks of `_STORED` rows, filled in turn: one array doubled as it
    grew held up to twice the rows (and both while copying), and a product of a block of new
    rows with every row seen (_BLOCK x 49,550 scores, 50 MB at the end of Django's run) was
    made whole; a product with one stored block at a time is at most 16 MB. The same flags
    for all 49,550 Django vectors, in the same CPU time (14.0-15.4 s against 14.0-14.7 s;
    blocks of 4,096 rows took 20 s: more, smaller products).
    """

    def __init__(self, threshold: float) -> None:
        self.threshold = threshold
        self._vectors: list[np.ndarray] = []  # blocks of _STORED rows, the last one filling
        self._places: list[np.ndarray] = []  # per block: file id, start line, end line
        self._count = 0
        self._file_ids: dict[tuple[str, str], int] = {}

    def check(self, chunks: list[Chunk], vectors: np.ndarray) -> list[bool]:
        if not chunks:
            return []
        batch = np.asarray(vectors, dtype=np.float32)
        norms = np.linalg.norm(batch, axis=1, keepdims=True)
        batch = (batch / np.where(norms == 0, 1, norms)).astype(np.float32)
        places = np.array([(self._file_ids.setdefault((c.project, c.path), len(self._file_ids)),
                            c.start_line, c.end_line) for c in chunks], dtype=np.int64)
        first = self._count
        self._append(batch, places)
        # A block of new rows times the rows seen up to its last one, a stored block at a time
        # (memory grows with the run, never with the square of one file's chunks); only the few
        # pairs above the threshold are then checked: a row counts pairs with earlier vectors
        # only, and never with an overlapping piece of its own file.
        near = np.zeros(len(chunks), dtype=bool)
        for start in range(0, len(chunks), _BLOCK):
            block = batch[start:start + _BLOCK]
            seen = first + start + len(block)  # vectors up to this block's last row
            for number, stored in enumerate(self._vectors):
                offset = number * _STORED
                if offset >= seen:
                    break
                width = min(_STORED, seen - offset)
                rows, cols = np.nonzero(block @ stored[:width].T >= self.threshold)
                rows = rows + start
                earlier = cols + offset < first + rows
                rows, cols = rows[earlier], cols[earlier]
                mine, theirs = places[rows], self._places[number][cols]
                overlapping = ((mine[:, 0] == theirs[:, 0]) & (theirs[:, 1] <= mine[:, 2])
                               & (mine[:, 1] <= theirs[:, 2]))
                near[rows[~overlapping]] = True
        return [bool(v) for v in near]

    def _append(self, batch: np.ndarray, places: np.ndarray) -> None:
        done = 0
        while done < len(batch):
            at = self._count % _STORED
            if at == 0:  # a new block: zeroed memory the system maps as its rows are written
                self._vectors.append(np.zeros((_STORED, batch.shape[1]), dtype=np.float32))
                self._places.append(np.zeros((_STORED, 3), dtype=np.int64))
            take = min(_STORED - at, len(batch) - done)
            self._vectors[-1][at:at + take] = batch[done:done + take]
            self._places[-1][at:at + take] = places[done:done + take]
            self._count += take
            done += take


class ChunkMetrics:
    def __init__(self, near_duplicate_threshold: float) -> None:
        self.tallies: dict[tuple[str, str], Tally] = {}
        self._seen: set[bytes] = set()
        self._exact: set[str] = set()  # point ids of exact duplicates (not counted twice)
        self._near = NearDuplicates(near_duplicate_threshold)

    def _tally(self, language: str | None, kind: str) -> Tally:
        return self.tallies.setdefault((language or "unknown", kind), Tally())

    def add_file(self, chunked: ChunkedFile) -> int:
        """Tally a chunked file; returns how many of its chunks are exact duplicates."""
        c = chunked.classification
        tally = self._tally(c.language, str(c.kind))
        tally.files += 1
        tally.contaminated += chunked.dropped.get("llm_transcript", 0)
        duplicates = 0
        for chunk in chunked.chunks:
            tally.chunks += 1
            tally.with_symbol += chunk.symbol is not None
            tally.definitions += is_definition(chunk.symbol_type)
            tally.quality += chunk.quality
            tally.high_quality += chunk.quality >= 0.8
            key = hashlib.blake2b(" ".join(chunk.content.split()).encode("utf-8", "replace"),
                                  digest_size=16).digest()
            if key in self._seen:
                duplicates += 1
                self._exact.add(chunk.point_id)
            else:
                self._seen.add(key)
        tally.duplicates += duplicates
        return duplicates

    def add_vectors(self, embedded: list[EmbeddedChunk], vectors: np.ndarray | None = None,
                    ) -> int:
        """Check freshly embedded chunks for near duplicates; returns how many were found.
        `vectors`, when given, holds their dense vectors, a row each (the dense pass has them
        as an array: no array rebuilt from the chunks' lists)."""
        if not embedded:
            return 0
        chunks = [e.chunk for e in embedded]
        flags = self._near.check(chunks, np.array([e.dense for e in embedded])
                                 if vectors is None else vectors)
        found = 0
        for chunk, flag in zip(chunks, flags, strict=True):
            if flag and chunk.point_id not in self._exact:
                self._tally(chunk.language, chunk.kind).near_duplicates += 1
                found += 1
        return found

    def summary(self) -> dict[str, dict[str, dict[str, Any]]]:
        out: dict[str, dict[str, dict[str, Any]]] = {}
        for (language, kind), tally in sorted(self.tallies.items()):
            out.setdefault(language, {})[kind] = tally.to_dict()
        return out
