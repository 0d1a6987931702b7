"""Judge and cut many files on every core: a run's per-file work, in forked processes.

A dry run decides every file of the tree (the rules engine over each file's head) and writes
nothing, so its files are independent of each other and the work splits cleanly. Forked children
inherit the classifier already built (its compiled rules, the `.gitattributes` read below the
root) and get only index ranges; each sends back its files' results, which the caller records
in the walk's order, so the report is the one a single process writes.

It forks only where that is safe and pays: at least two usable cores, enough files, and a
process with one thread (a fork copies no other thread, so a lock another thread held would stay
held in the child: a server's process never forks here). A child that dies or fails makes the
whole list run again in this process, never a half-judged tree.

An index run's first pass reads and cuts its files the same way (`in_order`), but as a stream:
the run records each file's outcome in the walk's order while the children cut the next ones,
at most a few parts ahead (bounded memory). The run's process has threads then (it serves other
commands, loads the store and the model meanwhile); a fork copies none of them, and the
children run only the per-file work (the rules, the file's bytes, the chunkers: no store,
catalog, model or socket, whose locks those threads take). A lock another thread holds at the
fork stays held in the child: the run first waits for its loading threads, which import (a
child once waited for good on `zipfile`'s import lock, taken by the model's load). Should a
child still wait on a lock copied held, or die, the parts not received in `timeout` seconds
are done here, in order, and the run goes on as one process would have run it.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import threading
from collections import deque
from collections.abc import Callable, Generator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")
MIN_ITEMS = 600  # below this a fork and the results' way back cost more than they save
PARTS_PER_WORKER = 4  # ranges handed out as they finish: a slow range evens out
STREAM_MIN = 200  # files to cut before a run forks for them (a few re-cut files: no fork)
STREAM_PART = 8  # files a child cuts per part of a stream
STREAM_AHEAD = 6  # parts a stream's children may be ahead of the run, per child
STREAM_NICENESS = 5  # how much nicer a stream's children run than the run (searches first)

_work: Callable[[int], Any] | None = None  # set in the parent just before the fork


def usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        return os.cpu_count() or 1


def can_fork(count: int) -> int:
    """How many processes to use for `count` items (1: this process alone)."""
    if count < MIN_ITEMS or threading.active_count() > 1:
        return 1
    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return max(1, min(usable_cores(), count // max(1, MIN_ITEMS // 2)))


def judge_all(work: Callable[[int], T], count: int) -> tuple[list[T], int]:
    """[work(0), ..., work(count - 1)], split over forked processes where `can_fork` allows,
    and how many processes did it. `work` must not change state the caller reads afterwards
    (a child's changes stay in the child)."""
    global _work
    workers = can_fork(count)
    if workers < 2:
        return [work(i) for i in range(count)], 1
    parts = _ranges(count, workers * PARTS_PER_WORKER)
    _work = work
    try:
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
            done = list(pool.map(_judge_range, parts))
    except (BrokenProcessPool, OSError) as problem:  # a child killed, no fork allowed: redo
        log.warning("judging files in %d processes failed (%s): judging them here", workers,
                    problem)
        return [work(i) for i in range(count)], 1
    finally:
        _work = None
    return [result for part in done for result in part], workers


def _judge_range(bounds: tuple[int, int]) -> list[Any]:
    assert _work is not None, "only a forked child judges a range"
    return [_work(i) for i in range(*bounds)]


def _ranges(count: int, parts: int) -> list[tuple[int, int]]:
    step = -(-count // max(1, parts))
    return [(start, min(count, start + step)) for start in range(0, count, step)]


def stream_processes(count: int, wanted: int = 0) -> int:
    """How many processes cut `count` files for an index run (1: the run's own): `wanted` of
    them (0: one per usable core), if fork exists and there are enough files to pay for it."""
    if count < STREAM_MIN or wanted == 1 or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return max(1, min(wanted or usable_cores(), count // (STREAM_MIN // 2)))


def in_order(work: Callable[[int], T], count: int, processes: int,
             timeout: float = 120.0) -> Generator[T, None, None]:
    """work(0), ..., work(count - 1), in order, computed in `processes` forked children (at
    most STREAM_AHEAD parts each ahead of the caller), or here when `processes` < 2, when
    fork fails, and from the first part a child did not return within `timeout` seconds
    (died, or a lock copied held) or returned as an error (it is then raised here, by the
    same work). `work` must not change state the caller reads afterwards."""
    global _work
    if processes < 2:
        yield from (work(i) for i in range(count))
        return
    _work = work
    try:
        pool = multiprocessing.get_context("fork").Pool(processes, _nicer)
    except OSError as problem:
        log.warning("cutting files in %d processes failed (%s): cutting them here", processes,
                    problem)
        yield from (work(i) for i in range(count))
        return
    finally:
        _work = None  # the children have their copy
    parts = deque((start, min(count, start + STREAM_PART))
                  for start in range(0, count, STREAM_PART))
    asked: deque[tuple[tuple[int, int], Any]] = deque()
    try:
        while parts or asked:
            while parts and len(asked) < STREAM_AHEAD * processes:
                bounds = parts.popleft()
                asked.append((bounds, pool.apply_async(_judge_range, (bounds,))))
            bounds, answer = asked.popleft()
            try:
                done = answer.get(timeout)
            except Exception as problem:  # noqa: BLE001 (a child's error, a timeout): here
                log.warning("a process cutting files gave no answer (%s): cutting the rest "
                            "here", type(problem).__name__)
                pool.terminate()
                yield from (work(i) for i in range(bounds[0], count))
                return
            yield from done
    finally:
        pool.terminate()
        pool.join()


def _nicer() -> None:
    """A stream's child: nicer than the run, so searches answered meanwhile come first."""
    with contextlib.suppress(OSError):
        os.setpriority(os.PRIO_PROCESS, 0, min(19, os.getpriority(os.PRIO_PROCESS, 0)
                                               + STREAM_NICENESS))
