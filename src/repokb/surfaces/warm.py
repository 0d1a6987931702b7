"""A warm owner, started on demand: the model and the store stay open between CLI calls.

Each `repokb search` is a new process; loading the model and opening the store cost it 1.4 s
before any work. So a read command (search, stats, explain) that finds no process owning the
store starts one in the background and asks it over the owner socket (surfaces/owner.py); the
next calls find it there. It leaves after `owner_idle_seconds` without a request (0: never start
one), when a command needs the store for itself, or when a call comes with other settings.

    the client's side   start_owner   spawn it (detached; one spawner at a time per home, the
                                      shard's lock lets one owner per home win) and wait for it
                        step_aside    `index`, `watch`, `serve`, `proxy`, `migrate`: a warm
                                      owner leaves (a `serve` or `watch` owner stays: the
                                      command goes through it, or waits, as before)
    the owner's side    main          `python -m repokb.surfaces.warm` (logs: home/logs/owner.log):
                                      the REST app on the socket, plus POST /owner/leave and
                                      the settings check (owner.py's `fingerprint`: a call
                                      made with other settings is refused, 409, and it leaves)

Only the standard library is imported here at module level: the client's side runs in every
read command.
"""
from __future__ import annotations

import contextlib
import http.client
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from repokb.scratch import running
from repokb.settings import Settings
from repokb.surfaces.owner import (
    LEAVE,
    LEAVING_HEADER,
    SETTINGS_HEADER,
    UnixConnection,
    answers,
    fingerprint,
    shared_store,
    socket_path,
    wait_gone,
)

_START_WAIT = 60.0  # seconds a spawner waits for its owner to answer (a cold model load)


def enabled(settings: Settings) -> bool:
    return settings.owner_idle_seconds > 0 and not shared_store(settings)


# -- the client's side ----------------------------------------------------------------------
def start_owner(settings: Settings) -> bool:
    """Start a warm owner for this home unless one answers already; True once one answers.
    False: the setting is off, the store is a server's, or the owner could not start (the
    store is busy, ...; its log says why): the caller runs the command itself."""
    import fcntl

    if not enabled(settings):
        return False
    path = socket_path(settings)
    logs = settings.home / "logs"
    try:
        logs.mkdir(parents=True, exist_ok=True)
        lock = (settings.home / "owner.lock").open("a")
    except OSError:  # a home this user cannot write: no owner, the command runs itself
        return False
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another command starting one: wait, then use it
        if answers(path):
            return True
        with (logs / "owner.log").open("ab") as log:
            env = {**os.environ, "REPOKB_HOME": str(settings.home.resolve())}
            proc = subprocess.Popen(  # detached: a Ctrl-C of this command does not reach it
                [sys.executable, "-m", "repokb.surfaces.warm"], env=env,
                stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
        deadline = time.monotonic() + _START_WAIT
        while time.monotonic() < deadline:
            if answers(path):
                return True
            if proc.poll() is not None:  # it could not take the store, or failed
                return False
            time.sleep(0.02)
        return False


def _request(path: Path, method: str, url: str) -> tuple[int, dict[str, Any]]:
    """One HTTP request on the owner socket."""
    conn = UnixConnection(path, timeout=30)
    try:
        conn.request(method, url)
        response = conn.getresponse()
        body = response.read()
    finally:
        conn.close()
    try:
        return response.status, json.loads(body)
    except ValueError:
        return response.status, {}


def step_aside(settings: Settings) -> bool:
    """Ask a warm owner of this home to leave, for a command that needs the store itself; True
    when one left. A `serve`, `watch`, `index` or `mcp` owner is no warm owner (404): it
    stays, and the command speaks to it or waits for the store as it always did."""
    if shared_store(settings):
        return False
    path = socket_path(settings)
    try:
        status, body = _request(path, "POST", LEAVE)
    except (OSError, http.client.HTTPException):
        return False  # nobody listens (no file, refused, or a stale file)
    if status != 200:
        return False
    wait_gone(path)
    # The socket goes first, the store's lock when the owner has closed its store: wait for
    # the process to end, or the command may find the store still held.
    pid = body.get("pid")
    deadline = time.monotonic() + 30.0
    while isinstance(pid, int) and running(pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    return True


# -- the owner's side -----------------------------------------------------------------------
class _Activity:
    """Requests in flight and the time of the last one: the owner leaves when idle."""

    def __init__(self) -> None:
        self.in_flight = 0
        self.last = time.monotonic()

    def idle_for(self) -> float:
        return 0.0 if self.in_flight else time.monotonic() - self.last


def _app(app: Any, mine: str, activity: _Activity, leave: Any) -> Any:
    """The REST app, plus: POST /owner/leave, a call made with other settings refused (409,
    then leave), and every request counted as activity."""

    async def reply(send: Any, status: int, body: dict[str, Any], leaving: bool) -> None:
        data = json.dumps(body).encode()
        headers = [(b"content-type", b"application/json"),
                   (b"content-length", str(len(data)).encode())]
        if leaving:
            headers.append((LEAVING_HEADER.encode(), b"leaving"))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": data})

    async def warm(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        if scope["path"] == LEAVE and scope["method"] == "POST":
            leave()
            await reply(send, 200, {"pid": os.getpid()}, True)
            return
        theirs = dict(scope["headers"]).get(SETTINGS_HEADER.encode())
        if theirs is not None and theirs.decode() != mine:
            leave()
            await reply(send, 409, {"error": {"message": "This warm owner runs with other "
                                              "settings; it is leaving."}}, True)
            return
        activity.in_flight += 1
        try:
            await app(scope, receive, send)
        finally:
            activity.in_flight -= 1
            activity.last = time.monotonic()

    return warm


def main() -> int:
    """Own this home's store (REPOKB_HOME), warm, until idle, asked to leave, or signalled."""
    import gc
    import logging
    import signal
    import threading

    from repokb.errors import RepokbError
    from repokb.operations import Operations
    from repokb.surfaces.owner import OwnerSocket
    from repokb.surfaces.server.app import create_app
    from repokb.workspace import Workspace

    logging.basicConfig(level=logging.INFO, format="%(asctime)s repokb-owner[%(process)d] "
                        "%(levelname)s %(message)s")
    log = logging.getLogger("repokb.owner")
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, lambda *_: stop.set())
    started = time.monotonic()
    try:
        settings = Settings.load()
        with Workspace(settings) as ws:
            ws.acquire_store(wait=10.0)  # one owner per home: the shard's lock decides
            ops = Operations(ws)
            try:
                ops.ws.searcher  # noqa: B018  (the model, the store and the catalog, now)
                ops.ws.store.load()  # and the store's shard (it loads on first use)
                ops.compact_when_idle()
                activity = _Activity()
                app = _app(create_app(ops), fingerprint(settings), activity, stop.set)
                gc.collect()  # as `repokb serve`: no full collection stalls a call later
                gc.freeze()
                with OwnerSocket(ops, app) as owner:
                    log.info("warm in %.1f s; leaves after %.0f s idle", time.monotonic()
                             - started, settings.owner_idle_seconds)
                    tick = min(1.0, settings.owner_idle_seconds / 4)
                    while not stop.wait(tick):
                        if (activity.idle_for() >= settings.owner_idle_seconds
                                and not ops.write_lock.locked()):
                            log.info("idle for %.0f s: leaving", activity.idle_for())
                            try:  # what a run removed leaves the disk
                                if ops.compact_if_due():
                                    log.info("compacted the store (a run left it due)")
                            except RepokbError as exc:  # still due: the next holder's
                                log.warning("the compaction left due failed: %s", exc.message)
                            break
                        if not owner.still_bound():  # nobody can reach it: let the store go
                            log.info("the owner socket is gone or replaced: leaving")
                            break
                    else:
                        log.info("asked to leave")
            finally:
                ops.close()
    except RepokbError as exc:  # the store is busy (another process holds it), ...
        log.info("not starting: %s", exc.message)
        return 3
    return 0


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
