"""Index jobs: cancelled by their caller (queued at once, running at the next file), and the
same job asked for twice while it waits is one run.

The dashboard had no way to stop a server-side index job (a folder started by mistake ran to
its end, minutes of embedding), and pressing Index twice queued two runs of the same folder.
"""

from __future__ import annotations

import threading
import time

from repokb.operations.jobs import Jobs


class _Runs:
    """A runner that walks `files` files, reporting each, until released file by file."""

    def __init__(self, files: int = 50) -> None:
        self.files = files
        self.started = threading.Event()
        self.walked: list[str] = []

    def __call__(self, job, progress):
        self.started.set()
        for i in range(self.files):
            progress(f"f{i}.py", i, self.files)
            self.walked.append(job.path)
            time.sleep(0.01)
        return {"files_indexed": self.files}


def _wait(job, statuses=("done", "failed", "cancelled"), timeout=10.0):
    deadline = time.monotonic() + timeout
    while job.status not in statuses and time.monotonic() < deadline:
        time.sleep(0.01)
    return job.status


def test_a_running_job_stops_at_its_next_file_when_cancelled():
    runs = _Runs()
    jobs = Jobs(runs)
    job = jobs.submit("/p", "p")
    assert runs.started.wait(10)
    assert jobs.cancel(job.id) is job
    assert _wait(job) == "cancelled"
    assert len(runs.walked) < runs.files and job.finished_at is not None
    assert job.to_json()["status"] == "cancelled" and "stop" not in job.to_json()
    jobs.shutdown()


def test_a_queued_job_is_cancelled_at_once_and_never_runs():
    runs = _Runs()
    jobs = Jobs(runs)
    first = jobs.submit("/a", "a")
    second = jobs.submit("/b", "b")
    assert second.status == "queued"
    assert jobs.cancel(second.id).status == "cancelled"
    assert _wait(first) == "done"
    time.sleep(0.05)
    assert "/b" not in runs.walked and second.status == "cancelled"
    assert second.started_at is None
    jobs.shutdown()


def test_the_same_job_asked_for_again_while_queued_is_the_queued_one():
    runs = _Runs(files=20)
    jobs = Jobs(runs)
    running = jobs.submit("/a", "a")
    assert runs.started.wait(10)
    queued = jobs.submit("/a", "a")
    assert queued is not running  # the folder may have changed since the running one walked
    assert jobs.submit("/a", "a") is queued  # pressed twice: one more run, not two
    assert jobs.submit("/a", "a", flush=True) is not queued  # another job
    jobs.cancel(queued.id)
    assert jobs.submit("/a", "a") is not queued  # a cancelled one is not joined
    jobs.shutdown()


def test_a_finished_job_stays_as_it_ended_and_an_unknown_one_is_none():
    jobs = Jobs(_Runs(files=1))
    job = jobs.submit("/a", "a")
    assert _wait(job) == "done"
    assert jobs.cancel(job.id).status == "done"
    assert jobs.cancel("nope") is None
    jobs.shutdown()
