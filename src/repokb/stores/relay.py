"""A store reached through its owner: the index worker's view of the owner's store.

`repokb serve` runs an index in a worker process (operations/worker.py), so the run's Python
(walk, chunking, BM25, the catalog) does not share the interpreter lock with the searches. Only
one process may open a shard, so the worker's store calls travel over a connection to the
owner, which runs each on its own store and answers: `RelayStore` on the worker's side,
`answer_calls` on the owner's. Each call waits for its answer, so a run keeps its order (store
first, then the catalog) and its crash-safety: the worker dying mid-run leaves what a killed
`repokb index` leaves.

A message is a tuple: ("call", target, method, args, kwargs), answered ("ok", value) or
("error", the API's error body); anything else ends the exchange and is returned to the owner.
Both ends are this program (a socket pair between a process and the child it started), so the
payloads are pickled.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from multiprocessing.connection import Connection
from typing import Any

from repokb.errors import RepokbError, StoreError, from_response
from repokb.models import EmbeddedChunk
from repokb.stores.base import RawPoint, Store, StoredPoint, StoreFilter

log = logging.getLogger("repokb.relay")
_IDLE = 0.25  # seconds between two `idle` questions while the other end works
# Points a message carries at most (a write, a page read back, vectors asked for): the owner
# unpickles a message, and pickles its answer, in one C call that holds the interpreter lock
# throughout (no switch interval applies inside it), so a search waits for the whole of it; a
# run's 512-chunk slice was one message. A piece is what the store writes at once anyway
# (stores/qdrant_edge.py `_WRITE_PIECE`), and each call is its own round trip, answered in order.
PIECE = 64

# what a run may ask of the owner's store (reads and writes of an index run; no search)
STORE_CALLS = ("upsert", "file_points", "dense_vectors", "dense_by_text", "scroll_pending",
               "fill_dense", "prune", "delete_project", "count", "facet", "compact",
               "mark_compaction_due", "compaction_due", "compaction_due_since")


def call(conn: Connection, target: str, method: str, *args: Any, **kwargs: Any) -> Any:
    """Ask the other end to run `target.method(*args, **kwargs)`; its value or its error."""
    try:
        conn.send(("call", target, method, args, kwargs))
        answer = conn.recv()
    except (EOFError, OSError) as exc:
        raise StoreError("The process that owns the store stopped answering.",
                         hint="The index run stops; the next run picks up where it ended."
                         ) from exc
    if answer[0] == "ok":
        return answer[1]
    raise error_of(answer[1])


def error_of(body: dict[str, Any]) -> RepokbError:
    """The error an error body sent over the connection stands for (the API's own shape)."""
    return from_response(body, body["error"]["status"])


def answer_calls(conn: Connection, targets: Mapping[str, Mapping[str, Callable[..., Any]]],
                 idle: Callable[[], bool] | None = None) -> tuple[Any, ...] | None:
    """Run the other end's calls until it sends something else, and return that. `targets`
    maps a target name to its allowed methods by name (any other is refused).
    `idle` is asked while no call comes (every `_IDLE` s) whether to go on waiting: False
    returns None at once."""
    while True:
        while idle is not None and not conn.poll(_IDLE):
            if not idle():
                return None
        message = conn.recv()  # EOFError: the other end is gone (the caller says what it means)
        if message[0] != "call":
            return tuple(message)
        _, target, method, args, kwargs = message
        try:
            value = targets[target][method](*args, **kwargs)
        except RepokbError as exc:
            conn.send(("error", exc.to_json()))
            continue
        except Exception as exc:  # noqa: BLE001  (the other end gets an error, not silence)
            log.exception("%s.%s failed for the index worker", target, method)
            conn.send(("error", StoreError(f"{target}.{method} failed in the owner: "
                                           f"{type(exc).__name__}.").to_json()))
            continue
        conn.send(("ok", value))


def store_methods(store: Store) -> dict[str, Callable[..., Any]]:
    """A store's methods as `answer_calls` takes them: only those a run uses."""
    return {name: getattr(store, name) for name in STORE_CALLS}


def _pieces(items: list[Any]) -> list[list[Any]]:
    return [items[i:i + PIECE] for i in range(0, len(items), PIECE)]


class RelayStore(Store):
    """The owner's store, called from another process over `conn` (see the module's doc)."""

    def __init__(self, conn: Connection, shared: bool = False) -> None:
        self._conn = conn
        self.shared = shared

    def _call(self, method: str, *args: Any) -> Any:
        return call(self._conn, "store", method, *args)

    def upsert(self, points: list[EmbeddedChunk]) -> None:
        for piece in _pieces(points):  # each piece written whole, as the store does anyway
            self._call("upsert", piece)

    def file_points(self, project: str, path: str) -> list[StoredPoint]:
        return self._call("file_points", project, path)  # type: ignore[no-any-return]

    def dense_vectors(self, ids: list[str]) -> dict[str, list[float]]:
        return self._call("dense_vectors", ids)  # type: ignore[no-any-return]

    def dense_by_text(self, text_hashes: list[str]) -> dict[str, list[float]]:
        found: dict[str, list[float]] = {}
        for piece in _pieces(text_hashes):
            found.update(self._call("dense_by_text", piece))
        return found

    def scroll_pending(self, project: str, kinds: tuple[str, ...], exclude: tuple[str, ...],
                       offset: str | None, limit: int,
                       ) -> tuple[list[StoredPoint], str | None]:
        """The page of `limit`, read PIECE at a time (the pages of a scroll in id order, one
        after the other, are the one page: nothing else writes the owner's store meanwhile)."""
        if limit <= PIECE:
            return self._call(  # type: ignore[no-any-return]
                "scroll_pending", project, kinds, exclude, offset, limit)
        points: list[StoredPoint] = []
        while True:
            page, offset = self._call("scroll_pending", project, kinds, exclude, offset,
                                      min(PIECE, limit - len(points)))
            points += page
            if offset is None or len(points) >= limit:
                return points, offset

    def fill_dense(self, vectors: dict[str, list[float]]) -> None:
        ids = list(vectors)
        for piece in _pieces(ids):
            self._call("fill_dense", {i: vectors[i] for i in piece})

    def prune(self, project: str, path: str, keep_count: int) -> None:
        self._call("prune", project, path, keep_count)

    def delete_project(self, project: str | None) -> None:
        self._call("delete_project", project)

    def count(self, project: str | None = None) -> int:
        return self._call("count", project)  # type: ignore[no-any-return]

    def facet(self, key: str, project: str | None = None) -> dict[str, int]:
        return self._call("facet", key, project)  # type: ignore[no-any-return]

    def compact(self, give_way: Callable[[], bool] | None = None) -> bool:
        # (the owner performs it: `give_way` is for the holder's own idle compaction)
        return self._call("compact")  # type: ignore[no-any-return]

    def mark_compaction_due(self) -> None:
        self._call("mark_compaction_due")

    def compaction_due_since(self) -> float | None:
        return self._call("compaction_due_since")  # type: ignore[no-any-return]

    # an index run never needs these: they stay with the owner
    def export(self, project: str | None = None) -> list[StoredPoint]:
        raise StoreError("An index worker cannot export the store.")

    def scroll_raw(self, offset: str | None, limit: int) -> tuple[list[RawPoint], str | None]:
        raise StoreError("An index worker cannot copy the store.")

    def write_raw(self, points: list[RawPoint]) -> None:
        raise StoreError("An index worker cannot copy the store.")

    def search(self, dense: list[float] | None, sparse: tuple[list[int], list[float]],
               where: StoreFilter, limit: int, content: bool = True,
               ) -> tuple[list[StoredPoint], list[StoredPoint]]:
        raise StoreError("An index worker does not search.")

    def contents(self, ids: list[str]) -> dict[str, dict[str, Any]]:
        raise StoreError("An index worker does not search.")
