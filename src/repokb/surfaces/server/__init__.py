"""`repokb serve`: the REST API and the dashboard, thin over the workspace (pipeline, search).

    app.py      the app factory (routes, error shape, body limit, docs, dashboard)
    routes.py   the endpoints          schemas.py  their bodies and input checks
    (what they call, the write lock and the index jobs: repokb.operations)
    errors.py   the one JSON error shape (with the request id)
    guard.py    Host allow-list, same-origin writes, the API key once set (ASGI middleware)
    timeouts.py read deadlines for headers and bodies (uvicorn's h11 protocol, extended)
    logs.py     secrets redacted from the access log and the server's own messages
    static/     the dashboard: plain HTML, JS and CSS, nothing fetched from elsewhere
"""

from __future__ import annotations

import contextlib
import sys
from typing import Any

from repokb.settings import Settings

READY = "repokb: ready at"  # the line `serve` and `proxy` print once they answer, with the URL
STARTUP_FAILURE = 3  # uvicorn's exit status for a server that did not start


def serve(settings: Settings, proxy_only: bool = False) -> None:
    """Own the store for the process's lifetime and answer HTTP until interrupted.
    `proxy_only` (`repokb proxy`): TCP serves only the LLM proxy's routes; the owner socket
    still serves the whole API to the other repokb commands."""
    import gc

    import uvicorn

    from repokb.errors import ConfigError
    from repokb.operations import Operations
    from repokb.surfaces.owner import OwnerSocket, searches_first
    from repokb.surfaces.server.app import create_app
    from repokb.surfaces.server.guard import check_exposure
    from repokb.surfaces.server.logs import install, log_config
    from repokb.surfaces.server.timeouts import protocol
    from repokb.workspace import Workspace

    if not 0 < settings.port < 65536:  # uvicorn would fail late, with an OverflowError
        raise ConfigError(f"Port {settings.port} is not a TCP port.",
                          hint="Pass --port (or REPOKB_PORT) between 1 and 65535.")
    check_exposure(settings)  # before opening anything
    with Workspace(settings) as ws:
        ws.acquire_store(wait=10.0)  # take the shard's lock now: a busy store fails before binding
        ops = Operations(ws, index_worker=settings.index_worker)
        ops.warm()  # the model, catalog and searcher, before the first request
        ops.compact_when_idle()  # what an upload's prune or a deletion removed leaves the disk
        app = create_app(ops, proxy_only=proxy_only)
        app.state.proxy.backend.warm()  # and the proxy's answer cache
        # Other repokb commands (search, index, cache, ...) are answered by this process
        # meanwhile, by the same app (the whole of it) on the owner socket. A Qdrant server
        # store has no owner (the socket binds nothing): the other processes open it themselves.
        owner = OwnerSocket(ops, create_app(ops, proxy=app.state.proxy) if proxy_only else app)
        # Everything loaded so far lives as long as the process. A full collection walks it
        # all (~80 ms on 2 cores, measured) and stalls every request meanwhile: freezing it
        # keeps those pauses out of search latency.
        gc.collect()
        gc.freeze()
        install()
        # searches first: also with a Qdrant server store, where no owner socket is served
        with searches_first(), owner:
            config = uvicorn.Config(app, host=settings.host, port=settings.port,
                                    log_level="info", log_config=log_config(),
                                    timeout_graceful_shutdown=5,
                                    http=protocol(settings.header_timeout, settings.body_timeout))
            server = announced(config)
            with contextlib.suppress(KeyboardInterrupt):  # as uvicorn.run
                server.run()
            if not server.started:  # the app's start failed (a port taken exits in run)
                sys.exit(STARTUP_FAILURE)


def announced(config: Any) -> Any:
    """uvicorn's server for `config`, saying on stderr when it answers: `repokb: ready at
    http://HOST:PORT/` once the model, the store and the app are up and the port is bound (a
    start takes seconds, minutes on a loaded machine: a script, or a test, waits for the line
    instead of polling the port)."""
    import uvicorn

    class Announced(uvicorn.Server):
        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            if self.started:
                host = f"[{config.host}]" if ":" in config.host else config.host  # IPv6
                sys.stderr.write(f"{READY} http://{host}:{config.port}/\n")
                sys.stderr.flush()

    return Announced(config)
