"""The flat-combining `Combiner` (stores/base.py): a lone call runs at once, calls that arrive
while one is in flight are answered together by one later call, an error reaches only the caller
whose ask caused it, and under contention no call is lost, answered twice or run in parallel.

Every wait here is bounded: a combiner that loses a wake-up fails the test instead of hanging it.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from repokb.stores.base import Combiner

TIMEOUT = 10.0  # seconds: far more than any of these tests needs, short enough to fail fast


def wait_until(condition: Callable[[], bool], what: str) -> None:
    """Poll `condition` until it holds (bounded): no fixed sleep stands in for a signal."""
    deadline = time.monotonic() + TIMEOUT
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.001)


class Caller:
    """One call of the combiner on its own thread, keeping what it returned or raised."""

    def __init__(self, combiner: Combiner[Any, Any], ask: Any) -> None:
        self.ask = ask
        self.answer: Any = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._call, args=(combiner,), daemon=True)
        self.thread.start()

    def _call(self, combiner: Combiner[Any, Any]) -> None:
        try:
            self.answer = combiner(self.ask)
        except BaseException as exc:  # noqa: BLE001 - what the caller got is under test
            self.error = exc

    def join(self) -> None:
        self.thread.join(TIMEOUT)
        assert not self.thread.is_alive(), f"the call for {self.ask!r} never returned"


class GatedRun:
    """A `run` whose first call blocks until released, recording every batch it is given, and
    answering each ask with ask * 10 (or raising ValueError for a batch holding "bad")."""

    def __init__(self) -> None:
        self.batches: list[list[Any]] = []
        self.entered = threading.Event()
        self.release = threading.Event()

    def __call__(self, asks: list[Any]) -> list[Any]:
        self.batches.append(list(asks))
        if len(self.batches) == 1:
            self.entered.set()
            assert self.release.wait(TIMEOUT), "the first call was never released"
        if "bad" in asks:
            raise ValueError("a bad ask")
        return [ask * 10 for ask in asks]


def call(combiner: Combiner[Any, Any], ask: Any) -> Any:
    """One call from another thread, bounded: what it returns, or raises what it raised."""
    caller = Caller(combiner, ask)
    caller.join()
    if caller.error is not None:
        raise caller.error
    return caller.answer


def queue_behind_first(combiner: Combiner[Any, Any], run: GatedRun,
                       first: Any, others: list[Any]) -> tuple[Caller, list[Caller]]:
    """Start `first` (it blocks inside `run`), then each of `others` in order, each one queued
    before the next starts, so their arrival order is known."""
    lead = Caller(combiner, first)
    assert run.entered.wait(TIMEOUT), "the first call did not reach run"
    waiters = []
    for queued, ask in enumerate(others, start=1):
        waiters.append(Caller(combiner, ask))
        wait_until(lambda n=queued: len(combiner._waiting) == n, f"{queued} queued callers")
    return lead, waiters


def test_a_lone_call_runs_at_once_alone_and_returns_its_answer() -> None:
    batches: list[list[int]] = []

    def run(asks: list[int]) -> list[int]:
        batches.append(list(asks))
        return [a * 10 for a in asks]

    combiner: Combiner[int, int] = Combiner(run)
    assert call(combiner, 7) == 70
    assert batches == [[7]]
    assert call(combiner, 8) == 80  # the next lone call, again alone
    assert batches == [[7], [8]]


def test_calls_arriving_during_a_call_are_answered_by_one_call_in_arrival_order() -> None:
    run = GatedRun()
    combiner: Combiner[int, int] = Combiner(run)
    others = [3, 1, 4, 15, 9, 2]
    lead, waiters = queue_behind_first(combiner, run, 100, others)
    assert run.batches == [[100]]  # nobody else reached run while the first was in flight

    run.release.set()
    for caller in [lead, *waiters]:
        caller.join()
    assert run.batches == [[100], others]  # exactly two calls: the first, then all the others
    assert lead.answer == 1000 and lead.error is None
    assert [c.answer for c in waiters] == [a * 10 for a in others]
    assert all(c.error is None for c in waiters)


def test_a_failing_combined_call_reaches_only_the_caller_whose_ask_failed() -> None:
    run = GatedRun()
    combiner: Combiner[Any, Any] = Combiner(run)
    lead, (good, bad, other) = queue_behind_first(combiner, run, 1, [2, "bad", 3])
    run.release.set()
    for caller in (lead, good, bad, other):
        caller.join()

    assert lead.answer == 10
    assert (good.answer, good.error) == (20, None)
    assert (other.answer, other.error) == (30, None)
    assert isinstance(bad.error, ValueError) and bad.answer is None
    # the combined call failed, so each of its asks was run alone, in order
    assert run.batches == [[1], [2, "bad", 3], [2], ["bad"], [3]]


def test_a_lone_failing_call_raises_its_error() -> None:
    batches: list[list[Any]] = []

    def run(asks: list[Any]) -> list[Any]:
        batches.append(list(asks))
        raise ValueError(f"cannot answer {asks}")

    combiner: Combiner[Any, Any] = Combiner(run)
    with pytest.raises(ValueError, match="cannot answer"):
        call(combiner, "bad")
    assert batches == [["bad"]]  # run once: a lone call is not retried


def test_after_an_error_the_combiner_still_serves_lone_and_combined_calls() -> None:
    run = GatedRun()
    combiner: Combiner[Any, Any] = Combiner(run)
    run.release.set()  # the first call does not block
    with pytest.raises(ValueError):
        call(combiner, "bad")
    assert call(combiner, 5) == 50  # a lone call after the error runs at once (not stuck busy)

    again = GatedRun()
    combiner = Combiner(again)
    lead, (bad,) = queue_behind_first(combiner, again, "bad", ["bad"])
    again.release.set()
    lead.join()
    bad.join()
    assert isinstance(lead.error, ValueError) and isinstance(bad.error, ValueError)
    # both failures behind it: lone calls and a combined batch are served as before
    assert call(combiner, 6) == 60
    callers = [Caller(combiner, n) for n in range(20)]
    for caller in callers:
        caller.join()
    assert [(c.answer, c.error) for c in callers] == [(n * 10, None) for n in range(20)]


class Contention:
    """`threads_n` threads each asking the combiner `calls_n` times at once, through `run`
    that records how many calls of it are inside together and how many asks each answers,
    pausing 0-`most_pause` s; every wait bounded (a lost wake-up or lane fails, not hangs)."""

    def __init__(self, lanes: int | None, threads_n: int, calls_n: int, seed: int,
                 most_pause: float) -> None:
        self.lock = threading.Lock()
        self.inside = self.most_inside = 0
        self.answered: list[int] = []
        self.wrong: list[Any] = []
        rng = random.Random(seed)

        def run(asks: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
            with self.lock:
                self.inside += 1
                self.most_inside = max(self.most_inside, self.inside)
                self.answered.append(len(asks))
                pause = rng.random() * most_pause  # drawn under the lock (Random is shared)
            time.sleep(pause)
            with self.lock:
                self.inside -= 1
            return [(t, i, f"answer {t}:{i}") for t, i in asks]

        self.combiner: Combiner[tuple[int, int], tuple[int, int, str]] = (
            Combiner(run) if lanes is None else Combiner(run, lanes=lanes))
        start = threading.Barrier(threads_n, timeout=TIMEOUT)

        def work(t: int) -> None:
            try:
                start.wait()
                for i in range(calls_n):
                    if (got := self.combiner((t, i))) != (t, i, f"answer {t}:{i}"):
                        self.wrong.append(((t, i), got))
            except BaseException as exc:  # noqa: BLE001 - reported by the assertions below
                self.wrong.append(exc)

        workers = [threading.Thread(target=work, args=(t,), daemon=True)
                   for t in range(threads_n)]
        for w in workers:
            w.start()
        deadline = time.monotonic() + TIMEOUT * 3
        for w in workers:
            w.join(max(0.0, deadline - time.monotonic()))
        assert not any(w.is_alive() for w in workers), "a caller never got its answer"
        assert self.wrong == []
        assert sum(self.answered) == threads_n * calls_n  # every ask answered exactly once


def test_under_contention_every_call_gets_its_own_answer_and_runs_never_overlap() -> None:
    assert Contention(None, 8, 200, seed=1234, most_pause=1 / 1000).most_inside == 1


class HeldRun:
    """A `run` whose every call blocks until its own release (`let_go(n)`: the n-th call) or
    until all are let go (`open`), answering each ask with ask * 10; it counts the calls in
    it at once."""

    def __init__(self) -> None:
        self.batches: list[list[Any]] = []
        self.inside = 0
        self.most_inside = 0
        self._lock = threading.Lock()
        self._gates: dict[int, threading.Event] = {}
        self._open = False

    def _gate(self, n: int) -> threading.Event:
        with self._lock:
            gate = self._gates.setdefault(n, threading.Event())
            if self._open:
                gate.set()
            return gate

    def let_go(self, n: int) -> None:
        self._gate(n).set()

    def open(self) -> None:
        with self._lock:
            self._open = True
            gates = list(self._gates.values())
        for gate in gates:
            gate.set()

    def __call__(self, asks: list[Any]) -> list[Any]:
        with self._lock:
            n = len(self.batches)
            self.batches.append(list(asks))
            self.inside += 1
            self.most_inside = max(self.most_inside, self.inside)
        try:
            assert self._gate(n).wait(TIMEOUT), f"call {n} was never released"
            return [ask * 10 for ask in asks]
        finally:
            with self._lock:
                self.inside -= 1


def test_with_two_lanes_a_call_beside_another_runs_at_once_and_the_third_waits() -> None:
    """The adaptive rule: a call that finds a lane free makes its own call of `run` at once,
    beside the one in flight (with one lane it would wait for that whole call); once every
    lane is taken, the calls that arrive wait and are answered together by one call."""
    run = HeldRun()
    combiner: Combiner[int, int] = Combiner(run, lanes=2)
    first = Caller(combiner, 1)
    wait_until(lambda: len(run.batches) == 1, "the first call in run")
    second = Caller(combiner, 2)
    wait_until(lambda: len(run.batches) == 2, "the second call in run beside the first")
    assert run.batches == [[1], [2]] and run.inside == 2  # each alone, both in flight

    waiters = []
    for queued, ask in enumerate([3, 4, 5], start=1):
        waiters.append(Caller(combiner, ask))
        wait_until(lambda n=queued: len(combiner._waiting) == n, f"{queued} queued callers")
    assert len(run.batches) == 2  # every lane taken: the third call on waits

    run.let_go(0)  # the first lane's next call takes every waiting ask
    wait_until(lambda: len(run.batches) == 3, "the waiting calls' one call")
    run.open()
    for caller in [first, second, *waiters]:
        caller.join()
    assert [c.answer for c in [first, second, *waiters]] == [10, 20, 30, 40, 50]
    assert run.batches == [[1], [2], [3, 4, 5]]
    assert run.most_inside == 2  # never more calls at once than lanes

    # the lanes are free again: two lone calls, one after the other, each alone
    assert call(combiner, 6) == 60 and call(combiner, 7) == 70
    assert run.batches[-2:] == [[6], [7]]


def test_one_lane_is_the_plain_combiner_a_call_beside_another_waits() -> None:
    run = HeldRun()
    combiner: Combiner[int, int] = Combiner(run, lanes=1)
    first = Caller(combiner, 1)
    wait_until(lambda: len(run.batches) == 1, "the first call in run")
    second = Caller(combiner, 2)
    wait_until(lambda: len(combiner._waiting) == 1, "the second call queued")
    assert len(run.batches) == 1
    run.open()
    first.join()
    second.join()
    assert run.batches == [[1], [2]] and (first.answer, second.answer) == (10, 20)


@pytest.mark.parametrize("lanes", [2, 3])
def test_under_contention_with_lanes_every_call_is_answered_once_and_lanes_bound_the_runs(
        lanes: int) -> None:
    """Lanes ending at the same moment each hand over to a different waiting thread: no lane
    is lost (a lost lane would leave callers waiting forever), none is doubled (more calls of
    `run` at once than lanes), and every ask is answered exactly once, with its own answer."""
    run = Contention(lanes, 8, 150, seed=lanes, most_pause=1 / 2000)
    assert 1 < run.most_inside <= lanes  # the lanes were used, and never more of them
    assert max(run.answered) > 1  # and calls beyond them were combined
    assert run.combiner._running == 0 and run.combiner._waiting == []  # every lane let go


def test_lanes_given_as_a_function_are_asked_at_each_call() -> None:
    """The store's rule: two lanes while few calls are about, one when it says it is crowded
    (a call then waits for the one in flight and is combined with those that came too)."""
    run = HeldRun()
    lanes = [2]
    combiner: Combiner[int, int] = Combiner(run, lanes=lambda: lanes[0])
    first = Caller(combiner, 1)
    wait_until(lambda: len(run.batches) == 1, "the first call in run")
    lanes[0] = 1  # crowded from now on
    second = Caller(combiner, 2)
    third = Caller(combiner, 3)
    wait_until(lambda: len(combiner._waiting) == 2, "two queued callers")
    assert run.batches == [[1]]
    run.open()
    for caller in (first, second, third):
        caller.join()
    assert run.batches == [[1], [2, 3]]
    lanes[0] = 2
    beside = Caller(combiner, 4)  # not crowded again: its own call beside a held one
    run2 = HeldRun()
    combiner._run = run2
    held = Caller(combiner, 5)
    beside.join()
    wait_until(lambda: len(run2.batches) == 1, "a held call")
    again = Caller(combiner, 6)
    wait_until(lambda: len(run2.batches) == 2, "the next call beside the held one")
    run2.open()
    held.join()
    again.join()
    assert run2.batches == [[5], [6]] and (held.answer, again.answer) == (50, 60)
