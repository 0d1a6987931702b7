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
