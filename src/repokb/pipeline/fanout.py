"""Judge many files on every core: a dry run's per-file work, in forked processes.

A dry run decides every file of the tree (the rules engine over each file's head) and writes
nothing, so its files are independent of each other and the work splits cleanly. Forked children
inherit the classifier already built (its compiled rules, the `.gitattributes` read below the
root) and get only index ranges; each sends back its files' results, which the caller records
in the walk's order, so the report is the one a single process writes.

It forks only where that is safe and pays: at least two usable cores, enough files, and a
process with one thread (a fork copies no other thread, so a lock another thread held would stay
held in the child: a server's process never forks here). A child that dies or fails makes the
whole list run again in this process, never a half-judged tree.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")
MIN_ITEMS = 600  # below this a fork and the results' way back cost more than they save
PARTS_PER_WORKER = 4  # ranges handed out as they finish: a slow range evens out

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
