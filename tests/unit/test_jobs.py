"""Index jobs: cancelled by their caller (queued at once, running at the next file), and the
same job asked for twice while it waits is one run; a run followed on the store's owner
(Remote.run_job, `repokb mcp` forwarding) shows its progress and stops there when cancelled.

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


class _Owner:
    """The owning process's side of Remote.run_job: its REST job routes over its own Jobs."""

    def __init__(self, runner) -> None:
        self.jobs = Jobs(runner)
        self.asked: list[tuple[str, str]] = []

    def __call__(self, method, url, json=None, params=None):
        self.asked.append((method, url))
        if (method, url) == ("POST", "/knowledge/index"):
            return self.jobs.submit(json["path"], json["project"], json["flush"]).to_json()
        job_id = url.split("/")[3]
        if url.endswith("/cancel"):
            return self.jobs.cancel(job_id).to_json()
        return self.jobs.get(job_id).to_json()


def _following(owner: _Owner, monkeypatch) -> Jobs:
    """A caller's jobs (`repokb mcp`'s) that run as jobs of `owner`, followed from here."""
    from repokb.surfaces import owner as module

    monkeypatch.setattr(module, "JOB_POLL_SECONDS", 0.01)
    remote = module.Remote.__new__(module.Remote)  # no socket: `owner` answers its calls
    remote._call = owner
    return Jobs(lambda job, progress: remote.run_job(job.path, job.project, job.flush,
                                                      progress))


def test_a_run_followed_on_the_owner_shows_its_progress_and_stops_there_when_cancelled(
        monkeypatch):
    """`repokb mcp` forwarding index_path to the store's owner: the run reported no progress
    and could not be stopped (one synchronous request, to the end)."""
    runs = _Runs(files=200)
    owner = _Owner(runs)
    caller = _following(owner, monkeypatch)
    mine = caller.submit("/p", "p")
    assert runs.started.wait(10)
    deadline = time.monotonic() + 10
    while mine.done < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert mine.total == 200 and 3 <= mine.done < 200  # the owner's progress, here
    (theirs,) = owner.jobs.all()
    caller.cancel(mine.id)
    assert _wait(mine) == "cancelled"
    assert theirs.status == "cancelled" and len(runs.walked) < 200  # stopped there too
    assert ("POST", f"/knowledge/jobs/{theirs.id}/cancel") in owner.asked
    caller.shutdown()
    owner.jobs.shutdown()


def test_a_run_that_fails_on_the_owner_fails_here_with_its_message(monkeypatch):
    from repokb.errors import AccessError

    def refused(job, progress):
        raise AccessError("That folder is outside the allowed roots.", "Ask for another.")

    owner = _Owner(refused)
    caller = _following(owner, monkeypatch)
    job = caller.submit("/p", "p")
    assert _wait(job) == "failed"
    assert job.error == {"message": "That folder is outside the allowed roots.",
                         "hint": "Ask for another."}
    caller.shutdown()
    owner.jobs.shutdown()


def test_a_run_done_on_the_owner_gives_its_summary_here(monkeypatch):
    owner = _Owner(_Runs(files=3))
    caller = _following(owner, monkeypatch)
    job = caller.submit("/p", "p")
    assert _wait(job) == "done" and job.summary == {"files_indexed": 3}
    caller.shutdown()
    owner.jobs.shutdown()
