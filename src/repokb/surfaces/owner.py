"""One process owns the embedded store; the others reach it over a Unix socket, in the one HTTP
API.

Qdrant Edge lets a single process open a shard. The process that opens it for a long job
(`repokb index`, `watch`, `serve`) also serves the REST app (surfaces/server) on
`$REPOKB_HOME/owner.sock` (mode 0600), with uvicorn on a thread; a command started meanwhile finds
the socket and sends its request there, as an HTTP client, instead of failing on the lock. Reads
are answered at once; writes wait for the owner's write lock (operations), so a second indexer
waits instead of corrupting anything. A request on the socket is trusted (no API key: the file
mode is the guard). Errors come back in the REST error shape and are raised again as the same
`errors` classes, so a command answers the same with or without an owner.

A Qdrant server store (`stores.shared`) has no owner: the server coordinates any number of
processes, so the owner's side binds nothing and every command opens the store itself.
"""

from __future__ import annotations

import contextlib
import hashlib
import http.client
import logging
import os
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from repokb import errors
from repokb.roots import escaped
from repokb.settings import Settings
from repokb.stores import SERVER_STORES, shared

if TYPE_CHECKING:  # imported where used: a command with no owner never loads the web stack
    from repokb.operations import Operations
    from repokb.search import Query

_MAX_SOCKET_PATH = 100  # sun_path is 108 bytes on Linux; keep a margin
# A warm owner (surfaces/warm.py) answers only calls made with its settings (this header: their
# fingerprint); it refuses others with 409 and LEAVING_HEADER "leaving", then leaves; it leaves
# too on POST LEAVE. Other owners ignore the header and answer LEAVE 404.
SETTINGS_HEADER = "x-repokb-settings"
LEAVING_HEADER = "x-repokb-owner"
LEAVE = "/owner/leave"
JOB_POLL_SECONDS = 0.5  # how often a job run on the owner (Remote.run_job) is asked about
log = logging.getLogger("repokb.owner")


def socket_path(settings: Settings) -> Path:
    """`home/owner.sock` for the home's embedded store; a Qdrant store in local mode
    (`local:PATH`) has its own owner, so its own socket: a command configured for one store
    must never be answered by the owner of the other."""
    name = "owner.sock"
    if settings.store in SERVER_STORES:
        name = f"owner-{hashlib.sha1(settings.qdrant_url.encode()).hexdigest()[:12]}.sock"
    path = settings.home / name
    if len(str(path)) <= _MAX_SOCKET_PATH:
        return path
    digest = hashlib.sha1(str(path).encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"repokb-{digest}.sock"


_CLIENT_SIDE = ("owner_idle_seconds", "store_wait_seconds")  # what only the caller uses


def fingerprint(settings: Settings) -> str:
    """A digest of every setting that may change an answer (secrets included, never shown)
    and of the code giving it (`code_identity`). Paths count resolved: `--home kb` and the
    owner's absolute home are one home."""
    def value(name: str) -> str:
        v = getattr(settings, name)
        return str(v.resolve() if isinstance(v, Path) else v)

    values = repr([(f.name, value(f.name)) for f in fields(settings)
                   if f.name not in _CLIENT_SIDE] + [("code", code_identity())])
    return hashlib.sha256(values.encode()).hexdigest()[:32]


def code_identity() -> str:
    """Which installed repokb this is: its version and a digest of every file of its package
    (path, size, when written). A warm owner started before an upgrade, a reinstall or, in an
    editable install (README's), a `git pull` that changed any module or chunker query would
    otherwise answer with the old code for as long as it is kept busy; its fingerprint no
    longer matches, so it leaves for one of the new code. Read from the disk at each call (~200
    files stat'ed, ~1 ms), so every process, a long-lived `repokb mcp` too, names the code
    installed now, and no two of them take turns sending each other's owner away."""
    import repokb

    digest = hashlib.sha256()
    try:
        package = Path(repokb.__file__).parent
        for folder, dirs, files in os.walk(package):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                st = os.stat(os.path.join(folder, name))
                rel = os.path.relpath(os.path.join(folder, name), package)
                digest.update(f"{rel}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    except (OSError, TypeError):
        pass
    return f"{repokb.__version__}:{digest.hexdigest()[:16]}"


def answers(path: Path) -> bool:
    """Whether a process listens on the owner socket (a killed owner leaves its file behind)."""
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.connect(str(path))
        return True
    except OSError:  # no file, refused, or not a socket
        return False
    finally:
        probe.close()


def wait_gone(path: Path, seconds: float = 30.0) -> bool:
    """Wait until nobody listens on the owner socket any more (an owner leaving)."""
    deadline = time.monotonic() + seconds
    while answers(path):
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.02)
    return True


# -- the owner's side -----------------------------------------------------------------------
# The interpreter's switch interval while this process answers searches (CPython's: 5 ms). An
# index job's Python keeps the GIL until the interval asks it to let go, and a search waits
# that long at each of its hand-overs (event loop, worker thread, model, store): at 0.5 ms the
# p99 of searches during a job fell by a third to a half (`repokb serve`, and the owner socket
# of `repokb index`), and the index took as long (bench/RESULTS.md).
SWITCH_INTERVAL = 0.0005


@contextlib.contextmanager
def searches_first() -> Iterator[None]:
    """The switch interval at most SWITCH_INTERVAL meanwhile; as it was afterwards."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(min(before, SWITCH_INTERVAL))
    try:
        yield
    finally:
        sys.setswitchinterval(before)


class OwnerSocket:
    """Serves the REST app on the owner socket while this process holds the store.

    The socket listens from the start, so a command started meanwhile finds it. With `lazy`
    (a command's own run: `repokb index`, `watch`) the web stack (uvicorn and its event loop:
    ~0.1-0.2 s of imports and start) is brought up only when a first connection waits in the
    socket's queue, so a one-file `repokb index` that nobody asks anything never pays it; a
    server that is there to answer (`serve`, a warm owner, `mcp`) starts it at once."""

    def __init__(self, ops: Operations, app: Any = None, *, lazy: bool = False) -> None:
        """`app`: the REST app `repokb serve` also serves over TCP (default: a new one)."""
        self.path = socket_path(ops.settings)
        self.serving = not shared_store(ops.settings)
        if not self.serving:  # a Qdrant server: nobody owns it, nothing to bind or open
            return
        # The store and lexical encoder are opened now (the shard's lock); the model loads on
        # the first request that needs it (an unchanged index never does).
        ops.ws.store, ops.ws.lexical  # noqa: B018
        self._ops = ops
        # The REST app (FastAPI and its models: ~0.6 s of CPU to import and build) is built on
        # the first request, as the server is.
        self._built: list[Any] = [] if app is None else [app]
        self._building = threading.Lock()
        self._sock = _bind(self.path)
        self._inode = self.path.stat().st_ino  # the file is ours only while it is this one
        self._lazy = lazy
        self._server: Any = None
        self._leaving = False
        self._starting = threading.Lock()  # the server is made, or the exit begins: not both
        self._wake_r, self._wake_w = os.pipe()
        self._thread = threading.Thread(target=self._serve_when_asked, daemon=True,
                                        name="repokb-owner")

    async def _trusted(self, scope: Any, receive: Any, send: Any) -> None:
        from repokb.surfaces.server.errors import TRUSTED

        if not self._built:
            with self._building:
                if not self._built:
                    from repokb.surfaces.server.app import create_app

                    self._built.append(create_app(self._ops))
        if scope["type"] == "http":
            scope = {**scope, TRUSTED: True}
        await self._built[0](scope, receive, send)

    def _serve_when_asked(self) -> None:
        """Wait (no CPU, no interpreter lock) for a first connection or the exit; on a
        connection, start uvicorn on the listening socket: the waiting one is answered."""
        import select

        if self._lazy:
            ready, _, _ = select.select([self._sock.fileno(), self._wake_r], [], [])
            if self._wake_r in ready:
                return
        import uvicorn

        from repokb.surfaces.prompt_server import PromptServer
        from repokb.surfaces.server.timeouts import protocol

        # At exit the server stops listening, then lets every request in flight answer (no
        # graceful timeout: a command's index run on this socket may take minutes); the
        # workspace is closed only after that, and waits for any operation still running.
        s = self._ops.settings
        config = uvicorn.Config(self._trusted, interface="asgi3", lifespan="off", log_config=None,
                                access_log=False, log_level="warning",
                                timeout_graceful_shutdown=None,
                                http=protocol(s.header_timeout, s.body_timeout))
        with self._starting:
            if self._leaving:
                return
            self._server = PromptServer(config)
        self._server.run(sockets=[self._sock])

    def __enter__(self) -> OwnerSocket:
        if not self.serving:
            return self
        self._switch = contextlib.ExitStack()
        self._switch.enter_context(searches_first())
        self._thread.start()
        if not self._lazy:  # answering from the first call: the server up before we go on
            while self._thread.is_alive() and not (self._server and self._server.started):
                self._thread.join(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        if not self.serving:
            return
        with self._starting:
            self._leaving = True
            server = self._server
        if server is not None:
            server.stop()
        else:
            os.write(self._wake_w, b"x")
        self._thread.join()
        self._switch.close()
        os.close(self._wake_r)
        os.close(self._wake_w)
        self._sock.close()
        if self.still_bound():  # never another owner's: a home deleted and made again
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()

    def still_bound(self) -> bool:
        """Whether the socket file is still the one this process bound (a home deleted while
        its owner ran, or the file removed by hand, leaves an owner nobody can reach)."""
        try:
            return self.path.stat().st_ino == self._inode
        except OSError:
            return False


def shared_store(settings: Settings) -> bool:
    """Several processes open the store at once (a Qdrant server): no owner, no socket."""
    return shared(settings.store, settings.qdrant_url)


def _bind(path: Path) -> socket.socket:
    """A listening Unix socket only its user may connect to (0600 from the start)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileNotFoundError):
        path.unlink()  # stale: we hold the store's lock, so no live owner uses it
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o177)
    try:
        sock.bind(str(path))
    finally:
        os.umask(old)
    os.chmod(path, 0o600)
    sock.listen(128)
    return sock


# -- everyone else's side -------------------------------------------------------------------
class UnixConnection(http.client.HTTPConnection):
    """HTTP/1.1 over the owner's Unix socket; by default no time-out (an index run may take
    minutes)."""

    def __init__(self, path: Path, timeout: float | None = None) -> None:
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        try:
            sock.connect(str(self._path))
        except OSError:
            sock.close()
            raise
        self.sock = sock


class NoOwner(Exception):
    """No process owns the store (no socket, or nobody listens on it)."""


class Remote:
    """The operations of the owning process, over its socket: the same methods and results as
    `Operations` for the calls the CLI makes."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.path = socket_path(settings)
        if shared_store(settings):  # a Qdrant server has no owner process
            raise NoOwner
        if not answers(self.path):  # a killed owner leaves its socket file behind
            raise NoOwner
        self._headers = {SETTINGS_HEADER: fingerprint(settings)}

    def close(self) -> None:
        """Nothing stays open between calls (one connection per request)."""

    def _call(self, method: str, url: str, json: Any = None,
              params: dict[str, Any] | None = None) -> Any:
        """One request, with the standard library's HTTP client (a read command never loads
        httpx: its import cost more than the search it waits for)."""
        import json as json_
        from urllib.parse import urlencode

        if params:
            # a value that is not UTF-8 text (a file name's bytes from the command line) goes
            # as the index spells it (`caf\\xe9.py`), which the operations read back
            url += "?" + urlencode({k: str(v).lower() if isinstance(v, bool)
                                    else escaped(v) if isinstance(v, str) else v
                                    for k, v in params.items()})
        headers = dict(self._headers)
        data = None
        if json is not None:
            data = json_.dumps(json).encode()
            headers["content-type"] = "application/json"
        connection = UnixConnection(self.path)
        try:
            connection.request(method, url, body=data, headers=headers)
            response = connection.getresponse()
            raw = response.read()
        except (ConnectionError, FileNotFoundError) as exc:
            # a stale socket file, or the owner is leaving: it closed the connection without
            # taking the request (a FIN, or a reset when the request lay unread), so no one
            # has run it: ask again, or become the owner. (Requests it did take are answered
            # before it leaves: OwnerSocket.__exit__.)
            raise NoOwner from exc
        except (OSError, http.client.HTTPException) as exc:
            raise errors.StoreError(f"The owning process stopped answering: {exc!r}",
                                    "Run the command again.") from exc
        finally:
            connection.close()
        if response.getheader(LEAVING_HEADER) == "leaving":
            wait_gone(self.path)  # a warm owner started with other settings: start another
            raise NoOwner
        try:
            body = json_.loads(raw) if raw else None
        except ValueError:
            body = None
        if response.status >= 400:
            raise errors.from_response(body, response.status)
        return body

    def search(self, query: Query) -> list[dict[str, Any]]:
        return self._call("POST", "/knowledge/search",  # type: ignore[no-any-return]
                          json=_search_body(query))

    def why_nothing(self, query: Query) -> str:
        answer = self._call("POST", "/knowledge/search/why-nothing", json=_search_body(query))
        return str(answer["reason"])

    def stats(self, project: str | None = None) -> dict[str, Any]:
        params = {"project": project} if project else {}
        return self._call("GET", "/knowledge/stats", params=params)  # type: ignore[no-any-return]

    def context(self, path: str, project: str | None = None, line: int | None = None,
                symbol: str | None = None, before: int = 0, after: int = 0) -> dict[str, Any]:
        params = {k: v for k, v in {"path": path, "project": project, "line": line,
                                    "symbol": symbol, "before": before, "after": after}.items()
                  if v is not None}
        return self._call("GET", "/knowledge/context",  # type: ignore[no-any-return]
                          params=params)

    def activity(self) -> dict[str, Any]:
        return self._call("GET", "/knowledge/activity")  # type: ignore[no-any-return]

    def explain(self, path: str, project: str | None = None) -> dict[str, Any]:
        params = {"path": path, **({"project": project} if project else {})}
        return self._call("GET", "/knowledge/explain", params=params)  # type: ignore[no-any-return]

    def flush(self, project: str | None = None) -> dict[str, Any]:
        params = {"project": project} if project else {}
        return self._call("DELETE", "/knowledge/flush", params=params)  # type: ignore[no-any-return]

    def verify(self, project: str | None = None, repair: bool = False) -> dict[str, Any]:
        return self._call("POST", "/knowledge/verify",  # type: ignore[no-any-return]
                          json={"project": project, "repair": repair})

    def index(self, paths: list[str], project: str | None = None,
              flush: bool = False) -> dict[str, Any]:
        return self._call("POST", "/knowledge/index/run",  # type: ignore[no-any-return]
                          json={"paths": paths, "project": project, "flush": flush})

    def run_job(self, path: str, project: str | None, flush: bool,
                progress: Callable[[str, int, int], None]) -> dict[str, Any]:
        """An index run of one folder as a job of the owner's (`POST /knowledge/index`),
        followed to its end: its progress is told to `progress` as it goes. The job is
        submitted with `follow`: this caller holds it on a lease renewed by each poll, so if
        this process dies (SIGKILL, its agent's host crashing) the owner lets its hold lapse
        after job_lease_seconds and cancels a run nobody else holds. When `progress` raises
        JobCancelled (the caller's own job was cancelled), this caller's hold is released:
        JobCancelled is raised once the owner's run stopped, or at once, saying so, when other
        callers still hold the run (it goes on for them). The run's summary, as
        Operations._run_job returns it; a job that failed there is the same error here. An
        owner older than `follow` refuses it (422 naming the field): the job is submitted
        again without it, and is then not leased (if this process dies, the run goes on)."""
        from repokb.operations.jobs import JobCancelled  # the CLI's read commands never need it

        body = {"path": path, "project": project, "flush": flush, "follow": True}
        try:
            job = self._call("POST", "/knowledge/index", json=body)
        except errors.InputError as exc:
            if not _refuses_field(exc, "follow"):
                raise
            log.info("the store's owner (an older repokb) does not take `follow`: the run of "
                     "%s is submitted without it, so it is not leased (if this process dies, "
                     "the run goes on to its end)", path)
            del body["follow"]
            job = self._call("POST", "/knowledge/index", json=body)
        asked = {"hold": job["hold"]} if job.get("hold") else None
        cancelled = False
        while job["status"] in ("queued", "running"):
            if not cancelled:
                try:
                    progress(job["current"], job["done"], job["total"])
                except JobCancelled:
                    cancelled = True
                    job = self._call("POST", f"/knowledge/jobs/{job['id']}/cancel",
                                     params=asked)
                    continue
            if cancelled and job.get("holders"):
                raise JobCancelled(
                    f"Cancelled here; the owner's run of the folder goes on for "
                    f"{_callers(job['holders'])} that asked for it too.")
            if not cancelled and job.get("held") is False:  # its lease lapsed (it was stopped)
                raise JobCancelled("This process stopped asking about the owner's run for "
                                   "too long, so it no longer follows it.")
            time.sleep(JOB_POLL_SECONDS)
            job = self._call("GET", f"/knowledge/jobs/{job['id']}", params=asked)
        if job["status"] == "done":
            return job["summary"]  # type: ignore[no-any-return]
        if job["status"] == "failed":
            failure = job.get("error") or {}
            raise errors.RepokbError(failure.get("message") or "The index run failed.",
                                     failure.get("hint"))
        # by this caller, or on the owner (its dashboard, or it is leaving)
        raise JobCancelled("" if cancelled else job.get("reason") or "")

    def cache_stats(self) -> dict[str, Any]:
        """The LLM proxy's answer cache, from the owner's GET /proxy/stats."""
        body = self._call("GET", "/proxy/stats")
        if body.get("cache") is None:
            message = body.get("cache_error") or "The answer cache cannot be read."
            raise errors.StoreError(message, "`repokb cache flush`, or remove the cache folder.")
        return body["cache"]  # type: ignore[no-any-return]

    def cache_flush(self) -> dict[str, Any]:
        return self._call("DELETE", "/proxy/cache")  # type: ignore[no-any-return]


def _refuses_field(exc: errors.RepokbError, field: str) -> bool:
    """The error is a 422 that names `field` of the request body (an unknown field, to an
    owner of an earlier version: every version's 422 details say `{"location": "body.follow",
    ...}`, surfaces/server/errors.py)."""
    return exc.status == 422 and any(isinstance(d, dict) and d.get("location") == f"body.{field}"
                                     for d in exc.details)


def _callers(n: int) -> str:
    return "1 other caller" if n == 1 else f"{n} other callers"


def _one_or_list(globs: tuple[str, ...]) -> str | list[str] | None:
    """`path` as an owner of an earlier version reads it too (one glob, or none), a list only
    for several globs."""
    return None if not globs else globs[0] if len(globs) == 1 else list(globs)


def _search_body(query: Query) -> dict[str, Any]:
    return {"query": query.text, "limit": query.limit, "project": list(query.projects),
            "kind": list(query.kinds), "language": list(query.languages),
            "path": _one_or_list(query.path_globs), "explain": query.explain,
            "context_lines": query.context_lines}
