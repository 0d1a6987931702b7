"""Index jobs: cancelled by their callers (queued at once, running at the next file), and the
same job asked for twice while it waits or runs is one run; a run followed on the store's owner
(Remote.run_job, `repokb mcp` forwarding) shows its progress and stops there when cancelled.

The dashboard had no way to stop a server-side index job (a folder started by mistake ran to
its end, minutes of embedding), and pressing Index twice queued two runs of the same folder.
"""

from __future__ import annotations

import threading
import time

from repokb.operations.jobs import CANCELLED, JOB_LEASE_SECONDS, STOPPED_FOR_ALL, Jobs


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
    job = jobs.submit("/p", "p")[0]
    assert runs.started.wait(10)
    assert jobs.cancel(job.id) is job
    assert _wait(job) == "cancelled"
    assert len(runs.walked) < runs.files and job.finished_at is not None
    assert job.to_json()["status"] == "cancelled" and "stop" not in job.to_json()
    jobs.shutdown()


def test_a_queued_job_is_cancelled_at_once_and_never_runs():
    runs = _Runs()
    jobs = Jobs(runs)
    first = jobs.submit("/a", "a")[0]
    second = jobs.submit("/b", "b")[0]
    assert second.status == "queued"
    assert jobs.cancel(second.id).status == "cancelled"
    assert _wait(first) == "done"
    time.sleep(0.05)
    assert "/b" not in runs.walked and second.status == "cancelled"
    assert second.started_at is None
    jobs.shutdown()


def test_the_same_job_asked_for_again_while_queued_or_running_is_that_job():
    runs = _Runs(files=20)
    jobs = Jobs(runs)
    running, first = jobs.submit("/a", "a")
    assert runs.started.wait(10)
    again, second = jobs.submit("/a", "a")
    assert again is running and second != first  # one run, a hold per caller
    other = jobs.submit("/b", "b")[0]
    assert jobs.submit("/b", "b")[0] is other  # pressed twice while queued: one run
    assert jobs.submit("/a", "a", flush=True)[0] is not running  # another job
    jobs.cancel(other.id)
    assert jobs.submit("/b", "b")[0] is not other  # a cancelled one is not joined
    jobs.shutdown()


def test_surfaces_asking_alike_share_the_run_whatever_they_say_of_themselves():
    """A REST call over TCP (`guarded`: its allowed roots checked again as the run starts), an
    MCP session under serve (in-process: not guarded), a caller naming the project or not:
    one run. Joined while queued, it checks what any of its callers needs."""
    runs = _Runs(files=30)
    jobs = Jobs(runs)
    blocker = jobs.submit("/x", "x")[0]
    assert runs.started.wait(10)
    mcp, _ = jobs.submit("/a", "a")
    rest, _ = jobs.submit("/a", "a", guarded=True, anonymous=True, named=True)
    assert rest is mcp and mcp.guarded and mcp.named and mcp.to_json()["holders"] == 2
    assert jobs.find("/a", "a") is mcp and jobs.find("/a", "a", flush=True) is None
    jobs.cancel(blocker.id)
    jobs.shutdown()


def test_a_finished_job_stays_as_it_ended_and_an_unknown_one_is_none():
    jobs = Jobs(_Runs(files=1))
    job = jobs.submit("/a", "a")[0]
    assert _wait(job) == "done"
    assert jobs.cancel(job.id).status == "done"
    assert jobs.cancel("nope") is None
    jobs.shutdown()


class _Owner:
    """The owning process's side of Remote.run_job: its REST job routes over its own Jobs."""

    def __init__(self, runner, lease_seconds=JOB_LEASE_SECONDS) -> None:
        self.jobs = Jobs(runner, lease_seconds)
        self.asked: list[tuple[str, str]] = []
        self.follows = None

    def __call__(self, method, url, json=None, params=None):
        """As routes.py answers them (POST /knowledge/index, GET a job, POST its cancel)."""
        self.asked.append((method, url))
        hold = (params or {}).get("hold")
        if (method, url) == ("POST", "/knowledge/index"):
            follow = json.get("follow", False)
            job, hold = self.jobs.submit(json["path"], json["project"], json["flush"],
                                         follow=follow, anonymous=not follow)
            self.follows = json.get("follow")
            return {**job.to_json(), "hold": hold}
        job_id = url.split("/")[3]
        if url.endswith("/cancel"):
            job, released = self.jobs.release(job_id, hold)
            return {**job.to_json(), "released": released}
        held = None if hold is None else self.jobs.renew(job_id, hold)
        return {**self.jobs.get(job_id).to_json(), **({} if held is None else {"held": held})}


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
    mine = caller.submit("/p", "p")[0]
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
    job = caller.submit("/p", "p")[0]
    assert _wait(job) == "failed"
    assert job.error == {"message": "That folder is outside the allowed roots.",
                         "hint": "Ask for another."}
    caller.shutdown()
    owner.jobs.shutdown()


def test_a_run_done_on_the_owner_gives_its_summary_here(monkeypatch):
    owner = _Owner(_Runs(files=3))
    caller = _following(owner, monkeypatch)
    job = caller.submit("/p", "p")[0]
    assert _wait(job) == "done" and job.summary == {"files_indexed": 3}
    caller.shutdown()
    owner.jobs.shutdown()


# -- holds: one run, several callers ----------------------------------------------------------
# The same folder asked for by two callers while its job waited was one job; when one of them
# cancelled "its" job, the other's run stopped too. And a `repokb mcp` killed after handing its
# run to the owner left the run going to its end, holding the write lock, followed by nobody.

def _two_callers(runs):
    jobs = Jobs(runs)
    blocker, _ = jobs.submit("/first", "first")  # keeps the next one waiting its turn
    job, mine = jobs.submit("/a", "a")
    same, theirs = jobs.submit("/a", "a")
    assert same is job and mine != theirs and job.to_json()["holders"] == 2
    return jobs, blocker, job, mine, theirs


def test_a_cancel_by_one_of_two_callers_releases_its_hold_and_the_run_goes_on_for_the_other():
    runs = _Runs(files=20)
    jobs, blocker, job, mine, theirs = _two_callers(runs)
    assert jobs.release(job.id, mine) == (job, True)
    assert job.status == "queued" and job.to_json()["holders"] == 1 and not job.stop.is_set()
    assert jobs.release(job.id, mine) == (job, False)  # asked twice: the other hold stays
    assert _wait(blocker) == "done" and _wait(job) == "done"
    assert runs.walked.count("/a") == 20 and job.reason is None
    assert job.to_json()["holders"] == 0  # ended: nobody holds it
    jobs.shutdown()


def test_a_run_stops_when_its_last_holder_lets_it_go():
    runs = _Runs(files=400)
    jobs = Jobs(runs)
    job, first = jobs.submit("/a", "a")
    assert runs.started.wait(10)
    assert jobs.release(job.id, first) == (job, True)
    assert _wait(job) == "cancelled" and job.reason == CANCELLED
    assert len(runs.walked) < 400
    jobs.shutdown()


def test_a_caller_without_its_hold_id_releases_one_anonymous_hold_only():
    """A plain REST caller that never kept `hold` (the cancel URL alone): its cancel releases
    one anonymous hold (a plain POST /knowledge/index's), never a follower's nor one an MCP
    session took (without a lease, but its id kept: before, such a cancel let go of it)."""
    runs = _Runs(files=20)
    jobs = Jobs(runs)
    blocker, _ = jobs.submit("/first", "first")
    job, _ = jobs.submit("/a", "a", follow=True)
    assert jobs.release(job.id) == (job, False)  # only a follower holds it: nothing released
    assert jobs.join(job.id) is not None  # an MCP session's part: let go by its id only
    assert jobs.release(job.id) == (job, False) and job.to_json()["holders"] == 2
    assert jobs.submit("/a", "a", anonymous=True)[0] is job
    assert jobs.release(job.id) == (job, True)
    assert jobs.release(job.id) == (job, False)
    assert job.status == "queued" and job.to_json()["holders"] == 2
    jobs.shutdown()


def test_everyone_stops_a_run_whoever_holds_it():
    runs = _Runs(files=20)
    jobs, blocker, job, mine, theirs = _two_callers(runs)
    assert jobs.release(job.id, everyone=True) == (job, True)
    assert job.status == "cancelled" and job.reason == STOPPED_FOR_ALL
    assert jobs.cancel(blocker.id) is blocker and _wait(blocker) == "cancelled"
    assert "/a" not in runs.walked
    assert jobs.release(job.id, theirs) == (job, False)  # ended: answered as it ended
    jobs.shutdown()


def test_a_followed_job_nobody_asks_about_for_its_lease_is_cancelled_saying_why():
    runs = _Runs(files=1000)  # 10 s
    jobs = Jobs(runs, lease_seconds=0.3)
    job, hold = jobs.submit("/a", "a", follow=True)
    assert runs.started.wait(10)
    started = time.monotonic()
    assert _wait(job) == "cancelled"
    assert time.monotonic() - started < 2 and len(runs.walked) < 1000
    assert "caller went away" in job.reason and "0.3 s" in job.reason
    assert jobs.renew(job.id, hold) is False  # the follower, back too late, is told so
    jobs.shutdown()


def test_a_followed_job_asked_about_in_time_runs_to_its_end():
    runs = _Runs(files=100)  # 1 s: three leases
    jobs = Jobs(runs, lease_seconds=0.3)
    job, hold = jobs.submit("/a", "a", follow=True)
    while job.status in ("queued", "running"):
        assert jobs.renew(job.id, hold) or job.status not in ("queued", "running")  # held
        time.sleep(0.05)
    assert job.status == "done" and len(runs.walked) == 100
    jobs.shutdown()


def test_a_job_submitted_without_follow_runs_on_with_nobody_asking():
    runs = _Runs(files=100)
    jobs = Jobs(runs, lease_seconds=0.1)
    job, _ = jobs.submit("/a", "a")
    assert _wait(job) == "done" and len(runs.walked) == 100
    jobs.shutdown()


def test_a_lapsed_follower_releases_only_its_hold():
    runs = _Runs(files=100)
    jobs = Jobs(runs, lease_seconds=0.2)
    blocker, _ = jobs.submit("/first", "first")
    job, _ = jobs.submit("/a", "a", follow=True)  # its follower is killed at once
    assert jobs.submit("/a", "a")[0] is job  # the dashboard asked for it too
    assert _wait(blocker) == "done" and _wait(job) == "done"
    assert runs.walked.count("/a") == 100
    jobs.shutdown()


def test_a_queued_followed_job_whose_follower_went_away_never_runs():
    runs = _Runs(files=100)
    jobs = Jobs(runs, lease_seconds=0.2)
    blocker, _ = jobs.submit("/first", "first")
    job, _ = jobs.submit("/a", "a", follow=True)
    assert _wait(job) == "cancelled" and "went away" in job.reason
    assert job.started_at is None and _wait(blocker) == "done" and "/a" not in runs.walked
    jobs.shutdown()


def test_a_followed_run_asks_to_be_followed_and_its_polls_keep_it(monkeypatch):
    """Remote.run_job asks for `follow`: polled every JOB_POLL_SECONDS, a lease many poll
    periods long never lapses while the follower lives."""
    runs = _Runs(files=100)
    owner = _Owner(runs, lease_seconds=1.0)  # 100 polls; 0.2 s lapsed on a loaded host
    caller = _following(owner, monkeypatch)
    job = caller.submit("/p", "p")[0]
    assert _wait(job) == "done" and owner.follows is True
    assert len(runs.walked) == 100
    caller.shutdown()
    owner.jobs.shutdown()


def test_a_follower_that_cancels_a_run_another_caller_holds_stops_following_it(monkeypatch):
    runs = _Runs(files=150)
    owner = _Owner(runs)
    blocker, _ = owner.jobs.submit("/first", "first")
    caller = _following(owner, monkeypatch)
    mine = caller.submit("/p", "p")[0]
    deadline = time.monotonic() + 10
    while owner.jobs.all()[0].path != "/p" and time.monotonic() < deadline:
        time.sleep(0.01)
    theirs, _ = owner.jobs.submit("/p", "p")  # the dashboard asked for the same run
    assert theirs.to_json()["holders"] == 2
    caller.cancel(mine.id)
    assert _wait(mine) == "cancelled"
    assert "goes on for 1 other caller" in mine.reason
    assert theirs.status in ("queued", "running") and theirs.to_json()["holders"] == 1
    assert _wait(theirs, timeout=20) == "done" and runs.walked.count("/p") == 150
    caller.shutdown()
    owner.jobs.shutdown()


def test_a_running_job_asked_for_again_is_joined_not_queued_twice():
    """Every surface gets the run already going (its id), with a hold of its own."""
    runs = _Runs(files=50)
    jobs = Jobs(runs)
    job, first = jobs.submit("/a", "a")
    assert runs.started.wait(10)
    again, second = jobs.submit("/a", "a", guarded=True)
    assert again is job and job.to_json()["holders"] == 2 and "holds" not in job.to_json()
    assert not job.guarded  # it started unguarded: the check was made when it was asked for
    assert jobs.release(job.id, first) == (job, True) and job.status == "running"
    jobs.shutdown()


def test_a_running_job_is_joined_with_a_hold_of_its_own_until_it_ends_or_stops():
    """An MCP session's index_path of a folder whose run goes on reports on that run: it holds
    it too, so the first caller's cancel leaves it going; one stopping or ended is not joined."""
    runs = _Runs(files=300)
    jobs = Jobs(runs)
    job, first = jobs.submit("/a", "a")
    assert runs.started.wait(10)
    joined = jobs.join(job.id)
    assert joined and joined != first and job.to_json()["holders"] == 2
    assert jobs.release(job.id, first) == (job, True)
    assert job.status == "running" and not job.stop.is_set()
    assert jobs.release(job.id, joined, reason="Its session ended.") == (job, True)
    assert jobs.join(job.id) is None  # stopping: nobody holds it, a new run is asked for
    assert _wait(job) == "cancelled" and job.reason == "Its session ended."
    assert jobs.join(job.id) is None and jobs.join("nosuch") is None
    jobs.shutdown()


# -- a newer `repokb mcp` and an older `repokb serve` ----------------------------------------
# Remote.run_job sends `follow`; an owner of an earlier version, whose request model forbids
# unknown fields, answered 422 and the run failed.

def _refused(field: str):
    """The error an owner's 422 for an unknown body field becomes here (its body as
    surfaces/server/errors.py writes it, read back by errors.from_response, as Remote._call
    does)."""
    from repokb import errors

    body = {"error": {"status": 422, "code": "invalid_request",
                      "message": f"The request is not valid at body.{field}: Extra inputs are "
                                 "not permitted", "hint": "See /docs for the expected request.",
                      "details": [{"location": f"body.{field}",
                                   "message": "Extra inputs are not permitted"}],
                      "request_id": ""}}
    return errors.from_response(body, 422)


class _OlderOwner(_Owner):
    """An owner before `follow` (and before holds: its answers carry no hold)."""

    def __init__(self, runner, refuses=("follow",)) -> None:
        super().__init__(runner)
        self.refuses = refuses
        self.bodies: list[dict] = []

    def __call__(self, method, url, json=None, params=None):
        if (method, url) == ("POST", "/knowledge/index"):
            self.bodies.append(dict(json))
            unknown = [k for k in json if k in self.refuses]
            if unknown:
                raise _refused(unknown[0])
            answer = super().__call__(method, url, json, params)
            return {k: v for k, v in answer.items() if k != "hold"}
        return super().__call__(method, url, json, params)


def test_an_owner_that_refuses_follow_runs_the_job_submitted_without_it(monkeypatch, caplog):
    owner = _OlderOwner(_Runs(files=3))
    caller = _following(owner, monkeypatch)
    with caplog.at_level("INFO", logger="repokb.owner"):
        job = caller.submit("/p", "p")[0]
        assert _wait(job) == "done", job.error
    assert job.summary == {"files_indexed": 3}
    assert owner.bodies == [{"path": "/p", "project": "p", "flush": False, "follow": True},
                            {"path": "/p", "project": "p", "flush": False}]
    assert owner.follows is None and owner.jobs.all()[0].status == "done"
    assert any("does not take `follow`" in r.getMessage() and "not leased" in r.getMessage()
               for r in caplog.records)
    caller.shutdown()
    owner.jobs.shutdown()


def test_a_run_submitted_without_follow_is_still_cancelled_there(monkeypatch):
    runs = _Runs(files=200)
    owner = _OlderOwner(runs)
    caller = _following(owner, monkeypatch)
    mine = caller.submit("/p", "p")[0]
    assert runs.started.wait(10)
    caller.cancel(mine.id)
    assert _wait(mine) == "cancelled"
    assert owner.jobs.all()[0].status == "cancelled" and len(runs.walked) < 200
    caller.shutdown()
    owner.jobs.shutdown()


def test_a_422_about_another_field_is_the_run_s_error_and_is_not_sent_again(monkeypatch):
    owner = _OlderOwner(_Runs(files=3), refuses=("flush",))
    caller = _following(owner, monkeypatch)
    job = caller.submit("/p", "p")[0]
    assert _wait(job) == "failed"
    assert job.error["message"] == ("The request is not valid at body.flush: Extra inputs are "
                                    "not permitted")
    assert len(owner.bodies) == 1 and not owner.jobs.all()
    caller.shutdown()
    owner.jobs.shutdown()
