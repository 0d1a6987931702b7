"""The dense copy a quiet server keeps beside the Edge store (stores/qdrant_edge.py): a snapshot
of every dense vector (stores/dense_scan.py) read on a thread of its own once no write came for
_QUIET_SECONDS, grown by the writes that leave its vectors as they are and dropped by any other.
Engine-free: the store hands it a function that reads one page of (id, dense, search fields).

`drops` counts the writes that dropped the copy (or found none), `writing` those under way: a
snapshot is kept only if no such write began while it was read. `began` counts every write
begun, kept ones too (`defining` trusts the copy only if none began, and `unchanged` answers a
count or a facet from memory only if none began since it was read)."""

from __future__ import annotations

import contextlib
import copy
import logging
import threading
import time
from collections.abc import Callable, Hashable, Iterator
from typing import Any, TypeVar

from repokb.stores.dense_scan import DenseScan, View

_SCAN_PAGE = 64  # points per page when a server copies the dense vectors (~2.5 ms a page)
_SCAN_PAUSE = 0.001
# A server reads a new dense copy once no write came for this long, and keeps it through the
# writes that leave its vectors as they are (`writing(keeps=...)`); any other write drops it.
# With no job it is faster (paced p99 53-58 against 72-79 ms; 103 against 83/s), and beside a
# job in a worker process too; beside a job on the server's threads it was not (that job drops
# it: the store's `job_writing`; bench/RESULTS.md, sessions 5 and 6).
_QUIET_SECONDS = 5.0
_ANSWERS = 256  # counts and facets kept at most (by project): all dropped when full
log = logging.getLogger(__name__)

# whether a write leaves every vector of the dense copy as it is
Keeps = Callable[[View], bool]
# a row of the copy: (point id, dense vector or None, search fields)
Row = tuple[str, list[float] | None, dict[str, Any]]
# one page of rows from `offset` (None: the first), and the next page's offset (None: the last)
Page = Callable[[Any, int], tuple[list[Row], Any]]
T = TypeVar("T")


def new_files(copy: View, files: set[tuple[Any, Any]]) -> bool:
    """Whether the copy holds no row of these (project, path) files (an upsert of them then
    neither overwrites nor drops a vector the copy has)."""
    return all(isinstance(project, str) and isinstance(path, str)
               and not copy.holds(project, path) for project, path in files)


class CopyKeeper:
    """Keeps the dense copy in step with the store's writes: `view` is the copy searches use
    (None while there is none), `start` begins the keeper thread, `writing` wraps each write."""

    def __init__(self, dimension: int, count: Callable[[], int], page: Page) -> None:
        self._dimension, self._count, self._page = dimension, count, page
        self.view: View | None = None
        self._scan: DenseScan | None = None  # the rows behind view: writes may append to it
        self._changed = threading.Condition()
        self.drops = self.writing = self.began = 0
        self._written = 0.0  # time.monotonic() when the last write ended
        self.thread: threading.Thread | None = None
        self._closing = False
        # answers read with no write under way: (write count when read, answer), by question
        self._answers: dict[Hashable, tuple[int, Any]] = {}

    def start(self) -> None:
        """Keep a copy of the dense vectors in memory while no write comes (read in the
        background; until it is complete, and while writes come, the engine scans)."""
        with self._changed:
            if self.thread is not None or self._closing:
                return
            self.thread = threading.Thread(target=self._keep, name="repokb-dense-copy",
                                           daemon=True)
        self.thread.start()

    def used(self) -> int | None:
        view = self.view
        return view.used if view is not None else None

    def _keep(self) -> None:
        failed = -1  # the write count at a failed read: the next try waits for a write
        while True:
            with self._changed:
                while not self._closing and (
                        self.view is not None or self.writing or self.drops == failed
                        or time.monotonic() - self._written < _QUIET_SECONDS):
                    self._changed.wait(_QUIET_SECONDS)
                if self._closing:
                    return
                begun = self.drops
            try:
                scan = self.read(begun)
            except Exception:  # the engine's scan stays: slower, never a wrong answer
                log.exception("The in-memory dense copy failed; searches scan the store.")
                failed = begun
                continue
            with self._changed:
                if scan is not None and self.drops == begun and not self._closing:
                    self._scan, self.view = scan, scan.view()
                    log.info("dense copy ready: %d points", len(scan))
            scan = None  # the keeper's reference only: a write frees it

    def read(self, begun: int) -> DenseScan | None:
        """Every dense vector, a page at a time; None as soon as a write begins (or the store
        closes), since the pages read so far may miss it."""
        scan, offset = DenseScan(self._dimension, capacity=self._count()), None  # one block
        while True:
            if self.drops != begun or self._closing:
                return None
            page, offset = self._page(offset, _SCAN_PAGE)
            scan.add(page)
            if offset is None or not page:
                return scan
            time.sleep(_SCAN_PAUSE)  # searches waiting for the interpreter go first

    @contextlib.contextmanager
    def writes(self, keeps: Keeps | None = None) -> Iterator[None]:
        """No dense copy is read meanwhile (and one is read again once quiet after); the copy
        there is dropped unless `keeps(copy)`."""
        with self._changed:
            if self.view is None or keeps is None or not keeps(self.view):
                self.drops += 1
                self.view = self._scan = None
            self.writing += 1
            self.began += 1
        try:
            yield
        finally:
            with self._changed:
                self.writing -= 1
                self._written = time.monotonic()
                self._changed.notify_all()

    def grow(self, rows: list[Row]) -> None:
        """Add a kept write's new dense vectors to the copy: searches from now on see them."""
        with self._changed:
            if self._scan is not None and any(dense for _, dense, _ in rows):
                self._scan.add(rows)
                self.view = self._scan.view()

    def unchanged(self, question: Hashable, read: Callable[[], T]) -> T:
        """`read()`'s answer (a count, a facet of the store), read again only once a write
        began since: the engine's count and facet hold the interpreter 7-18 ms each at Django's
        size (every search waits), and a dashboard asks every 5 s. Exact: an answer is kept only
        if no write was under way or began while it was read. Each caller gets its own (shallow)
        copy of a kept answer."""
        with self._changed:
            began, idle = self.began, not self.writing and not self._closing
            kept = self._answers.get(question)
            if idle and kept is not None and kept[0] == began:
                return copy.copy(kept[1])  # type: ignore[no-any-return]
        answer = read()
        with self._changed:
            if idle and self.began == began and not self.writing and not self._closing:
                if len(self._answers) >= _ANSWERS:
                    self._answers.clear()
                self._answers[question] = (began, copy.copy(answer))
        return answer

    def close(self) -> None:
        """Drop the copy and wait for the keeper thread (a read under way gives up)."""
        with self._changed:
            self._closing = True
            self.view = None
            self._answers.clear()
            self._changed.notify_all()
        if self.thread is not None:
            self.thread.join()
