"""`repokb serve`: the REST API and the dashboard, thin over the workspace (pipeline, search).

    app.py      the app factory (routes, error shape, body limit, docs, dashboard)
    routes.py   the endpoints          schemas.py  their bodies and input checks
    service.py  the workspace behind one write lock, and the index jobs (jobs.py)
    errors.py   the one JSON error shape
    static/     the dashboard: plain HTML, JS and CSS, nothing fetched from elsewhere
"""

from __future__ import annotations

from repokb.settings import Settings


def serve(settings: Settings) -> None:
    """Own the store for the process's lifetime and answer HTTP until interrupted."""
    import contextlib
    import gc

    import uvicorn

    from repokb.stores import shared
    from repokb.surfaces.owner import OwnerServer
    from repokb.surfaces.server.app import create_app
    from repokb.workspace import Workspace

    with Workspace(settings) as ws:
        ws.acquire_store(wait=10.0)  # take the shard's lock now: a busy store fails before binding
        app = create_app(workspace=ws)  # opens the model, catalog and searcher
        # Other repokb commands (search, index, ...) are answered by this process meanwhile;
        # their writes share the server's write lock.
        # A Qdrant server store has no owner: the other processes open it themselves.
        owner = (contextlib.nullcontext() if shared(settings.store, settings.qdrant_url)
                 else OwnerServer(ws, app.state.service.write_lock))
        # Everything loaded so far lives as long as the process. A full collection walks it
        # all (~80 ms on 2 cores, measured) and stalls every request meanwhile: freezing it
        # keeps those pauses out of search latency.
        gc.collect()
        gc.freeze()
        with owner:
            uvicorn.run(app, host=settings.host, port=settings.port, log_level="info",
                        timeout_graceful_shutdown=5)
