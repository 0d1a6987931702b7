"""A dry run judges its files on every core (pipeline/fanout.py): the same results in the
same order as one process, forked only where that is safe, and never a half-judged list."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading

import pytest

from repokb.pipeline import fanout

TWO_CORES = pytest.mark.skipif(fanout.usable_cores() < 2, reason="needs two usable cores")

# Run in a fresh interpreter: one thread, as the CLI is (a test process may hold others).
SCRIPT = """
import json, os, sys, time
from repokb.pipeline import fanout
parent = os.getpid()
die_at = int(sys.argv[1])

def work(i):
    if i == die_at and os.getpid() != parent:
        os._exit(3)  # a child killed mid-list
    time.sleep(0.001)  # work enough that both children get ranges
    return [i * i, os.getpid()]

results, processes = fanout.judge_all(work, 1000)
print(json.dumps({"results": results, "processes": processes, "parent": parent}))
"""


def _judge_in_fresh_process(die_at: int = -1, one_core: bool = False) -> dict:
    def pin() -> None:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})

    done = subprocess.run([sys.executable, "-c", SCRIPT, str(die_at)], capture_output=True,
                          text=True, timeout=120, preexec_fn=pin if one_core else None)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@TWO_CORES
def test_forked_children_return_every_result_in_order():
    out = _judge_in_fresh_process()
    assert out["processes"] == 2
    assert [r[0] for r in out["results"]] == [i * i for i in range(1000)]
    pids = {r[1] for r in out["results"]}
    assert out["parent"] not in pids and len(pids) == 2  # the work ran in two children


def test_one_usable_core_judges_in_this_process():
    out = _judge_in_fresh_process(one_core=True)
    assert out["processes"] == 1
    assert {r[1] for r in out["results"]} == {out["parent"]}
    assert [r[0] for r in out["results"]] == [i * i for i in range(1000)]


@TWO_CORES
def test_a_child_that_dies_makes_the_whole_list_run_here():
    out = _judge_in_fresh_process(die_at=500)
    assert out["processes"] == 1
    assert [r[0] for r in out["results"]] == [i * i for i in range(1000)]
    assert {r[1] for r in out["results"]} == {out["parent"]}  # none kept from a child


def test_a_process_with_another_thread_never_forks():
    stop = threading.Event()
    other = threading.Thread(target=stop.wait, daemon=True)
    other.start()
    try:
        assert fanout.can_fork(10_000) == 1
        results, processes = fanout.judge_all(lambda i: (i, os.getpid()), 700)
    finally:
        stop.set()
        other.join()
    assert processes == 1 and {pid for _, pid in results} == {os.getpid()}
    assert [i for i, _ in results] == list(range(700))


def test_few_files_are_not_worth_a_fork():
    assert fanout.can_fork(fanout.MIN_ITEMS - 1) == 1


def test_ranges_cover_every_index_once():
    for count, parts in ((1000, 8), (7, 8), (1, 3), (601, 4)):
        ranges = fanout._ranges(count, parts)
        covered = [i for start, stop in ranges for i in range(start, stop)]
        assert covered == list(range(count)) and len(ranges) <= parts


# An index run's stream (`in_order`): its process has threads (it serves other commands and
# loads the store meanwhile), so it forks anyway and guards against a child that never answers.
STREAM = """
import json, os, sys, threading, time
from repokb.pipeline import fanout
parent = os.getpid()
how, at = sys.argv[1], int(sys.argv[2])
threading.Thread(target=time.sleep, args=(60,), daemon=True).start()  # as an owner's thread

def work(i):
    child = os.getpid() != parent
    if i == at and how == "raise":
        raise ValueError(f"file {i} is bad")  # here too: the run's own error, as before
    if i == at and child and how == "die":
        os._exit(3)
    if i == at and child and how == "hang":
        time.sleep(600)  # a lock copied held
    time.sleep(0.001)
    return [i * i, os.getpid()]

out, error = [], None
try:
    for result in fanout.in_order(work, 400, 2, timeout=3.0):
        out.append(result)
except ValueError as exc:
    error = str(exc)
print(json.dumps({"results": out, "parent": parent, "error": error}))
"""


def _stream(how: str = "", at: int = -1) -> dict:
    done = subprocess.run([sys.executable, "-c", STREAM, how, str(at)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_stream_gives_every_result_in_order_from_children_beside_a_thread():
    out = _stream()
    assert [r[0] for r in out["results"]] == [i * i for i in range(400)]
    pids = {r[1] for r in out["results"]}
    assert out["parent"] not in pids and len(pids) == 2


@pytest.mark.parametrize("how", ["die", "hang"])
def test_a_child_that_never_answers_leaves_the_rest_to_the_run(how):
    out = _stream(how, at=200)
    assert [r[0] for r in out["results"]] == [i * i for i in range(400)]
    by_index = [r[1] for r in out["results"]]
    assert out["parent"] not in by_index[:200]  # before it: the children's
    assert set(by_index[200:]) == {out["parent"]}  # from its part on: the run's own
    assert out["error"] is None


def test_a_childs_error_is_raised_by_the_run_itself_in_order():
    out = _stream("raise", at=250)
    assert out["error"] == "file 250 is bad"
    # the files before it, each once: the children's parts, then its part's first files here
    assert [r[0] for r in out["results"]] == [i * i for i in range(250)]


def test_a_few_files_or_one_process_asked_are_cut_by_the_run_itself():
    assert fanout.stream_processes(fanout.STREAM_MIN - 1) == 1
    assert fanout.stream_processes(10_000, wanted=1) == 1
    assert fanout.stream_processes(10_000, wanted=3) == 3
    assert fanout.stream_processes(10_000) == fanout.usable_cores()
