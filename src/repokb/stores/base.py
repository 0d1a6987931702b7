"""The vector store interface: a few methods a backend implements for one data model.

Points are chunks: id = point_id(project, path, chunk_index), a named dense vector "dense", a
named sparse vector "bm25" (IDF applied by the engine) and the chunk payload. A point may lack
the dense vector (written lexical-first, or never worth one): its payload's `lexical_only` says
why, dense search does not see it, BM25 does; `fill_dense` adds the vector later. Filters arrive as
`StoreFilter`; each backend translates them to its own engine's filter type.
"""

from __future__ import annotations

import contextlib
import re
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from repokb.errors import ConfigError, StoreError
from repokb.models import LEXICAL_ONLY, PENDING, EmbeddedChunk

DENSE = "dense"
SPARSE = "bm25"
# payload fields every backend indexes as keywords (the filters: project, path glob, kind ...;
# lexical_only: the points still without a dense vector, and why; text_hash: the points whose
# dense vector a chunk of the same text reuses, `dense_by_text`)
TEXT_HASH = "text_hash"
KEYWORD_FIELDS = ("project", "path", "kind", "language", "role", LEXICAL_ONLY, TEXT_HASH)
# payload fields every backend indexes as words (split on punctuation, lower-cased): `symbol`,
# whose last name finds the definitions of a name BM25 has no token for (`Store.defining`)
WORD_FIELDS = ("symbol",)
# the payload fields a search ranks, groups and reports its hits by: all it reads but the
# content, which it needs only for the hits it returns (`Store.contents`); `also`: the names of
# short definitions joined into the chunk (ranked as its own, reported on the hit)
SEARCH_FIELDS = ("project", "path", "kind", "language", "role", "symbol", "symbol_type",
                 "start_line", "end_line", "chunk_index", "quality", LEXICAL_ONLY, "also")
PLACE = ("path", "start_line", "end_line")  # where a chunk's content is in its file
PLACED_CONTENT = ("content", *PLACE)


def last_name(symbol: str) -> str:
    """A symbol's last part: `Data.ByteString.any` -> `any`, `Rack::Request#ip` -> `ip`."""
    return re.split(r"\.|::|#", symbol)[-1]


def defined_by(points: list[Any], names: Sequence[str]) -> list[Any]:
    """The records (engine points with a payload) whose symbol's last name is one of `names`,
    in any case: what `Store.defining` keeps of what the word index matched (a symbol holding
    the word anywhere: `Any.foo`, `get_any` for `any`)."""
    wanted = {n.lower() for n in names}
    return [r for r in points
            if last_name(str((r.payload or {}).get("symbol") or "")).lower() in wanted]


# the words of the names `Store.defining` asks for, as a word index splits them (a name of
# punctuation alone, `_`, has none)
WORDS = re.compile(r"[^\W_]+")


def defined_records(names: Sequence[str], limit: int,
                    scroll: Callable[[list[str], Any], tuple[list[Any], Any]]) -> list[Any]:
    """The records `scroll` gives (as `scan_defining` says) whose symbol's last name is one of
    `names`: a page at a time, in the engine's order, until there are `limit` (a last page may
    add more) or no page is left; none if the names have no words."""
    words = list(dict.fromkeys(" ".join(w.lower() for w in WORDS.findall(n)) for n in names))
    words = [w for w in words if w]
    if not words:
        return []
    found: list[Any] = []
    offset = None
    while len(found) < limit:
        page, offset = scroll(words, offset)
        found += defined_by(page, names)
        if offset is None or not page:
            break
    return found


def scan_defining(names: Sequence[str], limit: int,
                  scroll: Callable[[list[str], Any], tuple[list[Any], Any]],
                  fetch: Callable[[list[str]], dict[str, dict[str, Any]]],
                  ) -> list[StoredPoint]:
    """`Store.defining` over a backend's word index: `scroll(phrases, offset)` gives a page of
    the records whose symbol holds all the words of one of `phrases` (each a name's words,
    space-separated, lower-cased), with their `symbol` only, and the next page's offset (None
    after the last); the words may be anywhere in a symbol, so only those whose last name is
    one of `names` are kept, at most `limit`, and `fetch(ids)` reads their fields (id ->
    payload; a point gone meanwhile is left out). Any of a name's words was too wide
    (`test_features` read every symbol saying `test`, 15,531 of Django's: ~0.9 s a search),
    and every field of every record read was 4-7 times the symbol's cost."""
    ids = [str(r.id) for r in defined_records(names, limit, scroll)[:limit]]
    fields = fetch(ids) if ids else {}
    return [StoredPoint(i, 0.0, fields[i]) for i in ids if i in fields]


@dataclass(frozen=True)
class StoreFilter:
    projects: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()
    paths: tuple[str, ...] | None = None  # None: any path; (): no path matched


@dataclass(frozen=True)
class StoredPoint:
    id: str
    score: float
    payload: dict[str, Any]
    dense: list[float] | None = None


@dataclass(frozen=True)
class RawPoint:
    """A point exactly as stored: both vectors (sparse values before IDF) and the payload, for
    moving an index between stores without re-embedding."""

    id: str
    dense: list[float]  # empty: a lexical-only point
    sparse: tuple[list[int], list[float]]
    payload: dict[str, Any]


class Store(ABC):
    # True when other processes, maybe on other machines with their own catalogs, write the
    # same store (a Qdrant server): then a catalog vouches only for its own projects.
    shared: bool = False

    @abstractmethod
    def upsert(self, points: list[EmbeddedChunk]) -> None: ...

    @abstractmethod
    def file_points(self, project: str, path: str) -> list[StoredPoint]:
        """Every point of one file, payload without content (for incremental diffing):
        chunk_index, text_hash, start/end line and lexical_only (when set)."""

    def file_chunks(self, project: str, path: str, first: int = 0,
                    last: int | None = None) -> list[StoredPoint]:
        """Every point of one file with its whole payload (content included), in chunk order:
        what `get_context` widens a hit with; only those whose chunk_index is from `first` to
        `last` (inclusive) when given (the pieces just before a hit: `Searcher._head_first`).
        A backend that cannot list them says so."""
        raise StoreError(f"The {type(self).__name__} store cannot list a file's chunks.",
                         hint="Use the default store (qdrant-edge) for file context.")

    @abstractmethod
    def dense_vectors(self, ids: list[str]) -> dict[str, list[float]]: ...

    @abstractmethod
    def dense_by_text(self, text_hashes: list[str]) -> dict[str, list[float]]:
        """A dense vector for each of these text hashes that a point of any project holds
        with its vector (by its payload's `text_hash`; a point without one, pending or
        lexical-only, does not count): the vector a chunk of that text gets without the
        model. A vector is a function of its text hash alone (`Chunk.text_hash`)."""

    @abstractmethod
    def export(self, project: str | None = None) -> list[StoredPoint]:
        """Every point (payload and dense vector) of one project or all: for checks and moves."""

    @abstractmethod
    def scroll_raw(self, offset: str | None, limit: int) -> tuple[list[RawPoint], str | None]:
        """One page of points in id order from `offset` (None: the first), and the offset of
        the next page (None: this was the last)."""

    @abstractmethod
    def write_raw(self, points: list[RawPoint]) -> None:
        """Upsert points as they are (ids, vectors and payloads from `scroll_raw`)."""

    @abstractmethod
    def scroll_pending(self, project: str, kinds: tuple[str, ...], exclude: tuple[str, ...],
                       offset: str | None, limit: int,
                       ) -> tuple[list[StoredPoint], str | None]:
        """One page of the project's points waiting for a dense vector (`lexical_only` =
        pending), whole payloads, in id order from `offset`; only `kinds` (when given), none of
        `exclude`. Returns the page and the next offset (None: the last page)."""

    @abstractmethod
    def fill_dense(self, vectors: dict[str, list[float]]) -> None:
        """Give points their dense vector (by id) and drop their lexical-only marks."""

    def lexical_only(self, project: str | None = None) -> dict[str, int]:
        """Points without a dense vector, by reason (`pending`: the model has yet to reach
        them)."""
        return self.facet(LEXICAL_ONLY, project)

    def dense_pending(self, project: str | None = None) -> int:
        return self.lexical_only(project).get(PENDING, 0)

    @abstractmethod
    def prune(self, project: str, path: str, keep_count: int) -> None:
        """Delete the file's points with chunk_index >= keep_count (0 deletes the file)."""

    @abstractmethod
    def delete_project(self, project: str | None) -> None:
        """Delete one project's points, or every point when project is None."""

    @abstractmethod
    def search(self, dense: list[float] | None, sparse: tuple[list[int], list[float]],
               where: StoreFilter, limit: int, content: bool = True,
               ) -> tuple[list[StoredPoint], list[StoredPoint]]:
        """(dense hits, lexical hits), each best first, with payloads; no dense hits when
        `dense` is None (the embedding service is down: BM25 alone answers); each payload
        is the caller's own. With `content` False a payload may hold only SEARCH_FIELDS:
        `contents` gives the content."""

    def defining(self, names: Sequence[str], where: StoreFilter, limit: int,
                 content: bool = True) -> list[StoredPoint]:
        """The points whose `symbol`'s last name (`last_name`) is one of `names` in any case,
        in id order, at most `limit` (score 0): the definitions of a name BM25 cannot see (`H`
        of Go's `type H`, `any` of Haskell's `Data.ByteString.Lazy.any`: one letter, a stop
        word make no token), found by the `symbol` word index. Payloads as `search` gives
        them. A backend that cannot look names up says so."""
        raise StoreError(f"The {type(self).__name__} store cannot look definitions up by name.")

    @abstractmethod
    def contents(self, ids: list[str]) -> dict[str, dict[str, Any]]:
        """These points' PLACED_CONTENT fields (a point that is gone is left out): its content
        with what places it, so that a caller can tell a point rewritten since it ranked it."""

    @abstractmethod
    def count(self, project: str | None = None) -> int: ...

    @abstractmethod
    def facet(self, key: str, project: str | None = None) -> dict[str, int]: ...

    def compact(self, give_way: Callable[[], bool] | None = None) -> bool:
        """Rewrite the store from its live points so nothing overwritten or deleted stays on
        disk; False where the backend cannot (a Qdrant server keeps its own files), or where
        `give_way` said True before the rewrite was swapped in (a write waits: the store is
        left as it was, the compaction still due)."""
        return False

    def mark_compaction_due(self) -> None:  # noqa: B027  (optional hook)
        """Record, durably and before the write that removes text (a prune, an overwrite of
        a point with other text), that only a compaction takes that text off the disk: a run
        killed before its compaction leaves the mark for the next one (`compaction_due`)."""

    def compaction_due(self) -> bool:
        """Whether text was removed since the last compaction (`mark_compaction_due`)."""
        return self.compaction_due_since() is not None

    def compaction_due_since(self) -> float | None:
        """Since when (seconds since the epoch) a compaction is due, or None."""
        return None

    def load(self) -> None:  # noqa: B027  (optional hook)
        """Load now what the first use would (the Edge store's shard, ~0.5 s for Django): a
        server or warm owner pays it before its first search, not during it."""

    def load_soon(self) -> None:  # noqa: B027  (optional hook)
        """Start, in the background, what `load` does: a run that found a changed file (it
        will write) overlaps the load with the rest of its walk. Errors wait for the first
        use."""

    def settle(self) -> None:  # noqa: B027  (optional hook)
        """Wait for the load `load_soon` started, if it did (a run about to fork waits for the
        threads that import and load: pipeline/fanout.py `in_order`)."""

    def prepare_searches(self) -> None:  # noqa: B027  (optional hook)
        """A long-lived server will search this store often: build, in the background, what
        makes its searches cheaper (the Edge store: an in-memory copy of the dense vectors)."""

    def searching(self) -> contextlib.AbstractContextManager[None]:
        """Held by a search from its start to its end (embedding, store, ranking): a backend
        whose writes stall searches holds its next write back meanwhile."""
        return contextlib.nullcontext()

    def job_writing(self, keep: bool = False) -> contextlib.AbstractContextManager[None]:
        """Held by an index job for the whole run: a backend drops what it keeps only while
        no write comes (the Edge store's dense copy) before the job loads its own model, not
        at the job's first write. `keep`: the job runs in a worker process (its model is not
        in this one): what the backend keeps stays for as long as the writes leave it
        valid."""
        return contextlib.nullcontext()

    def dense_copy(self) -> int | None:
        """Points in the in-memory copy that searches scan (None: no copy, or not ready)."""
        return None

    def optimize(self) -> None:  # noqa: B027  (optional hook: most engines need nothing)
        """Compact and build indexes after a large write (no-op where the engine does it)."""

    def close(self) -> None:  # noqa: B027  (optional hook)
        """Release the store (and any lock on it)."""


Ask = TypeVar("Ask")
Answer = TypeVar("Answer")


class _Ticket(Generic[Ask, Answer]):
    __slots__ = ("ask", "answer", "error", "ready", "leads")

    def __init__(self, ask: Ask) -> None:
        self.ask = ask
        self.answer: Answer | None = None
        self.error: BaseException | None = None
        self.ready = threading.Event()
        self.leads = False  # woken to make the next call, not with an answer


class Combiner(Generic[Ask, Answer]):
    """Concurrent calls answered together (flat combining), when they must wait anyway: a call
    that finds fewer than `lanes` calls of `run` in flight makes its own, at once; calls that
    arrive while every lane is taken wait, and when a call ends the first of them makes one
    call of `run` for all of them. An engine that holds the interpreter for a whole call (Qdrant
    Edge) then scans its vectors once for several searches instead of once each at saturation,
    while a paced search never waits for another's whole call when a lane is free (one lane:
    every call beside another waits). `lanes` may be a function, asked at each call: how many
    calls may be in flight now. If a combined call fails, each ask is run alone, so an error
    reaches only the caller whose ask caused it."""

    def __init__(self, run: Callable[[list[Ask]], Sequence[Answer]],
                 lanes: int | Callable[[], int] = 1) -> None:
        self._run = run
        self._lanes = lanes
        self._lock = threading.Lock()
        self._waiting: list[_Ticket[Ask, Answer]] = []
        # calls of `run` in flight or handed to a waiting thread; below `_lanes` only while
        # nobody waits (a lane is let go only when no call waits for one)
        self._running = 0

    def __call__(self, ask: Ask) -> Answer:
        ticket: _Ticket[Ask, Answer] = _Ticket(ask)
        with self._lock:
            lanes = self._lanes() if callable(self._lanes) else self._lanes
            leads = self._running < max(1, lanes)
            if leads:
                self._running += 1
            else:
                self._waiting.append(ticket)
        if not leads:
            ticket.ready.wait()  # answered by another's call, or handed a lane to make the next
        if leads or ticket.leads:
            self._lead(ticket)
        if ticket.error is not None:
            raise ticket.error
        return ticket.answer  # type: ignore[return-value]

    def _lead(self, first: _Ticket[Ask, Answer]) -> None:
        """Answer `first` and everyone waiting with one call, then hand the lane to the first
        who arrived meanwhile (taken off the queue here: a lane is handed to one thread)."""
        with self._lock:
            batch, self._waiting = [first, *self._waiting], []
        try:
            try:
                answers = list(self._run([t.ask for t in batch]))
            except Exception:
                if len(batch) == 1:
                    raise
                for t in batch:  # one ask may be at fault: each alone, each its own answer
                    try:
                        t.answer = self._run([t.ask])[0]
                    except Exception as exc:
                        t.error = exc
            else:
                for t, answer in zip(batch, answers, strict=True):
                    t.answer = answer
        except BaseException as exc:
            for t in batch:
                t.error = exc
        finally:
            with self._lock:
                following = self._waiting.pop(0) if self._waiting else None
                if following is None:
                    self._running -= 1
            for t in batch:
                t.ready.set()
            if following is not None:
                following.leads = True
                following.ready.set()


def overdue(since: float | None, hours: float) -> bool:
    """Whether a compaction due `since` (seconds since the epoch; None: none is due) has been
    due for `hours` or more: the next run performs it whatever the store's size."""
    return since is not None and time.time() - since >= hours * 3600


class InFlight:
    """Searches in flight, and a bounded wait for none: a writer whose every call holds the
    interpreter (Qdrant Edge) lets the searches under way finish before its next piece."""

    def __init__(self) -> None:
        self._count = 0
        self._none = threading.Condition()
        self.last_start = 0.0  # time.monotonic() when the latest search began

    @contextlib.contextmanager
    def running(self) -> Iterator[None]:
        with self._none:
            self._count += 1
            self.last_start = time.monotonic()
        try:
            yield
        finally:
            with self._none:
                self._count -= 1
                if not self._count:
                    self._none.notify_all()

    @property
    def count(self) -> int:
        """Searches in flight now."""
        return self._count

    def since(self, moment: float) -> bool:
        """Whether a search is in flight now or one began after `moment` (time.monotonic())."""
        return self._count > 0 or self.last_start > moment

    def wait_for_none(self, timeout: float) -> bool:
        """Until no search is in flight or `timeout` seconds pass; whether none is."""
        with self._none:
            return self._none.wait_for(lambda: not self._count, timeout)


_FACTORIES: dict[str, Callable[..., Store]] = {}


def register(name: str, factory: Callable[..., Store]) -> None:
    _FACTORIES[name] = factory


def create(name: str, **options: Any) -> Store:
    if name not in _FACTORIES:
        raise ConfigError(f"Unknown store {name!r}.",
                          hint="Available: " + ", ".join(sorted(_FACTORIES)))
    return _FACTORIES[name](**options)
