"""One process owns the embedded store; the others talk to it over a Unix socket.

Qdrant Edge lets a single process open a shard. The process that opens it for a long job
(`repokb index`, `watch`, `serve`) also listens on `$REPOKB_HOME/owner.sock`; a command started
meanwhile finds the socket and sends its request there instead of failing on the lock. Reads are
answered at once from a request thread (the shard serves reads while it is written); writes wait
for the owner's write lock, so a second indexer waits instead of corrupting anything.

Wire format: one JSON object per line each way: {"op", "args"} -> {"ok", "result" | "error"}.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import socket
import socketserver
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from repokb import errors, service
from repokb.search import Query
from repokb.settings import Settings
from repokb.workspace import Workspace

_MAX_SOCKET_PATH = 100  # sun_path is 108 bytes on Linux; keep a margin


def socket_path(settings: Settings) -> Path:
    path = settings.home / "owner.sock"
    if len(str(path)) <= _MAX_SOCKET_PATH:
        return path
    digest = hashlib.sha1(str(settings.home).encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"repokb-{digest}.sock"


def _search(ws: Workspace, args: dict[str, Any]) -> Any:
    fields = {k: tuple(v) if isinstance(v, list) else v for k, v in args.items()}
    return service.search(ws, Query(**fields))  # type: ignore[arg-type]


_READS: dict[str, Callable[[Workspace, dict[str, Any]], Any]] = {
    "search": _search,
    "stats": lambda ws, a: service.stats(ws),
    "explain": lambda ws, a: service.explain(ws, a["path"], a.get("project")),
    "cache_stats": lambda ws, a: service.cache_stats(ws),
}
_WRITES: dict[str, Callable[[Workspace, dict[str, Any]], Any]] = {
    "index": lambda ws, a: service.index(ws, a["paths"], a.get("project"), a.get("flush", False)),
    "flush": lambda ws, a: service.flush(ws, a.get("project")),
    "cache_flush": lambda ws, a: service.cache_flush(ws),
    # verify takes the write lock too: mid-run state would look like differences
    "verify": lambda ws, a: service.verify(ws, a.get("project"), a.get("repair", False)),
}
OPERATIONS = {**_READS, **_WRITES}


class OwnerServer:
    """Serves other repokb processes while this one holds the store."""

    def __init__(self, ws: Workspace, write_lock: threading.Lock) -> None:
        self.ws = ws
        self.write_lock = write_lock
        self.path = socket_path(ws.settings)
        # Views share the owner's store (opened here: the shard's lock) and lexical encoder;
        # the model loads on the first request that needs it (an unchanged index never does).
        ws.store, ws.lexical  # noqa: B018
        owner = self

        class Handler(socketserver.StreamRequestHandler):
            def handle(self) -> None:
                line = self.rfile.readline()
                response = owner.answer(line)
                self.wfile.write(json.dumps(response).encode() + b"\n")

        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.exists():
            self.path.unlink()  # stale: we hold the store lock, so no live owner uses it
        self._server = socketserver.ThreadingUnixStreamServer(str(self.path), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True,
                                        name="repokb-owner")

    def answer(self, line: bytes) -> dict[str, Any]:
        try:
            request = json.loads(line)
            op, args = request["op"], request.get("args", {})
            if op not in _READS and op not in _WRITES:
                raise errors.InputError(f"Unknown operation {op!r}.")
            view = self.ws.view()
            try:
                if op in _WRITES:
                    with self.write_lock:
                        return {"ok": True, "result": _WRITES[op](view, args)}
                return {"ok": True, "result": _READS[op](view, args)}
            finally:
                view.close()
        except errors.RepokbError as exc:
            return {"ok": False, "error": {"type": type(exc).__name__, "message": exc.message,
                                           "hint": exc.hint}}
        except (ValueError, KeyError, TypeError) as exc:
            return {"ok": False, "error": {"type": "InputError", "message": f"Bad request: {exc}",
                                           "hint": ""}}
        except Exception as exc:  # never let a request kill (or wedge) the owning process
            return {"ok": False, "error": {"type": "RepokbError",
                                           "message": f"Internal error in the owning process: "
                                                      f"{type(exc).__name__}: {exc}",
                                           "hint": "Please report this."}}

    def __enter__(self) -> OwnerServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()


def call(settings: Settings, op: str, args: dict[str, Any]) -> Any:
    """Send a request to the owning process. Raises ConnectionError when there is none."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(str(socket_path(settings)))
    except (FileNotFoundError, ConnectionRefusedError) as exc:
        sock.close()
        raise ConnectionError("no owner") from exc
    with sock, sock.makefile("rwb") as stream:
        stream.write(json.dumps({"op": op, "args": args, "pid": os.getpid()}).encode() + b"\n")
        stream.flush()
        reply = json.loads(stream.readline() or b'{"ok": false, "error": {"type": '
                           b'"StoreError", "message": "The owning process closed the '
                           b'connection.", "hint": ""}}')
    if reply["ok"]:
        return reply["result"]
    error = reply["error"]
    cls = getattr(errors, error["type"], errors.RepokbError)
    raise cls(error["message"], hint=error.get("hint") or None)
