"""The LLM proxy: a semantic cache and knowledge injection in front of Anthropic- and
OpenAI-style APIs (seed 002, SPEC §6).

    protocols.py  request/response/event-stream/error shapes of the three APIs
    events.py     server-sent events: parsed as they arrive, an answer read out of them
    context.py    hits -> the injected block (grouped by file, `path:start-end`, token budget)
    cache.py      the semantic cache (its own Qdrant Edge shard, stores/answers.py)
    backend.py    the one place it calls repokb's operations (search, vectors, chunk hashes)
    core.py       one request: redact -> cache -> knowledge -> upstream, streaming included
    metrics.py    counters and the last requests, for the dashboard
    routes.py     the endpoints, mounted by the server's app factory
"""

from __future__ import annotations

from repokb.operations import Operations
from repokb.surfaces.proxy.backend import Backend
from repokb.surfaces.proxy.core import Proxy

__all__ = ["Proxy", "create_proxy"]


def create_proxy(ops: Operations) -> Proxy:
    """Opens nothing: `warm()` its backend before serving (repokb serve/proxy do); an owner
    that only indexes never loads the model or the answer cache for it."""
    return Proxy(Backend(ops), ops.settings)
