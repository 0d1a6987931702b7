"""A tool call: its arguments checked against the tool's JSON schema, its handler run
(tools.py) for the caller's session, and its answer, also an error, with the index freshness.

Every failure is a tool error (`isError`) whose text says what went wrong and what to do, never
a crashed server. Loaded with the backend (server.py, starting.py): it imports the operations.
"""

from __future__ import annotations

import itertools
import logging
from typing import Any

import anyio
import jsonschema
import mcp_types as types
from mcp.server.context import ServerRequestContext

from repokb.errors import (
    AccessError,
    BusyError,
    InputError,
    NotFoundError,
    RepokbError,
    StoreBusyError,
)
from repokb.surfaces.mcp import render
from repokb.surfaces.mcp.backend import Backend, Session
from repokb.surfaces.mcp.specs import TOOLS, Tool
from repokb.surfaces.mcp.tools import HANDLERS
from repokb.surfaces.server.errors import APIError

log = logging.getLogger("repokb.mcp")
_SESSION = "repokb.session"  # the caller's Session, in its SDK connection's state
_numbers = itertools.count(1)


def session_of(backend: Backend, ctx: ServerRequestContext[Any]) -> Session:
    """The caller's session: one per streamable-HTTP session (the `mcp-session-id` the SDK's
    session manager gave it), made at its first tool call and ended, its holds let go, when
    the SDK closes the session's connection (the client's DELETE, the idle timeout, a crash,
    the server stopping); its holds are let go sooner when its client goes quiet (http.py).
    A caller without a session (stdio: the process is one; a stateless 2026-07-28 request)
    has the backend's own.

    The SDK keeps a session's state and teardown on its `Connection` (`state`, `exit_stack`:
    "push cleanup from handlers"), which this SDK version hands to a handler only through the
    request's ServerSession (its `Context.connection` is not built for handlers yet): read
    here, and nowhere else."""
    connection = getattr(ctx.session, "_connection", None)
    if connection is None or connection.session_id is None:
        return backend.session
    session: Session | None = connection.state.get(_SESSION)
    if session is None:
        # named by a count in the log, not by its id (which lets a client use the session)
        session = connection.state[_SESSION] = Session(f"#{next(_numbers)}")
        backend.track(connection.session_id, session)
        connection.exit_stack.callback(backend.end_session, session)
    return session


async def call(backend: Backend, name: str, args: dict[str, Any],
               session: Session | None = None) -> types.CallToolResult:
    """Run one tool for `session` (None: the backend's own); the answer (or the error) with
    the freshness of the projects concerned."""
    tool = TOOLS.get(name)
    concerned: list[str] | None = None
    if tool is None:
        return _refused(InputError(f"Unknown tool {name!r}.",
                                   hint="Tools: " + ", ".join(sorted(TOOLS))))
    try:
        _validate(tool, args)
    except InputError as exc:
        return _refused(exc)
    try:
        data, text, concerned = await HANDLERS[name](backend, args, session or backend.session)
        error = False
    except RepokbError as exc:
        data, text, error = _error(exc), _error_text(exc), True
        concerned = [args["project"]] if isinstance(args.get("project"), str) else None
    except Exception:  # a bug: report it and keep serving
        log.exception("tool %s failed", name)
        data = {"error": {"type": "internal", "message": "Unexpected error in repokb.",
                          "hint": "The server log (stderr) has the details; please report it."}}
        text, error = data["error"]["message"] + " " + data["error"]["hint"], True
    fresh = await _freshness(backend, concerned)
    data["freshness"] = fresh
    summary = render.freshness(fresh)
    if summary:
        text = f"{text}\n\n{summary}"
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)],
                                structured_content=data, is_error=error)


def _refused(exc: InputError) -> types.CallToolResult:
    """Arguments refused before any work: the error alone. Which projects are how fresh says
    nothing about a misspelt tool or a wrong type, and with many projects it was one line each
    under every such error (agents37)."""
    return types.CallToolResult(content=[types.TextContent(type="text", text=_error_text(exc))],
                                structured_content=_error(exc), is_error=True)


def _validate(tool: Tool, args: dict[str, Any]) -> None:
    try:
        jsonschema.validate(args, tool.schema)
    except jsonschema.ValidationError as exc:
        where = ".".join(str(p) for p in exc.absolute_path) or "arguments"
        raise InputError(f"Invalid {where} for {tool.name}: {_problem(exc)}",
                         hint="Input schema: " + _schema_hint(tool)) from None


def _problem(exc: jsonschema.ValidationError) -> str:
    """What is wrong, without repeating a long value (jsonschema's message quotes it whole: a
    3,000-character query came back in full)."""
    if exc.validator == "maxLength":
        return f"longer than {exc.validator_value} characters"
    if exc.validator == "minLength":
        return "empty" if exc.validator_value == 1 else (
            f"shorter than {exc.validator_value} characters")
    if exc.validator == "maxItems":
        return f"more than {exc.validator_value} items"
    if len(repr(exc.instance)) > 60:  # a long string or list (5,000 globs came back whole)
        return f"does not satisfy {exc.validator} {exc.validator_value!r}"
    return str(exc.message)


def _schema_hint(tool: Tool) -> str:
    props = tool.schema.get("properties", {})
    required = set(tool.schema.get("required", []))
    return ", ".join(f"{k} ({_type_of(v)}{', required' if k in required else ''})"
                     for k, v in props.items()) or "no arguments"


def _type_of(prop: dict[str, Any]) -> str:
    """A property's type in words: `search`'s path, a glob or a list of them, read "path (None)"
    in the hint of every invalid search."""
    if "anyOf" in prop:
        return " or ".join(_type_of(p) for p in prop["anyOf"])
    if prop.get("type") == "array":
        return f"array of {_type_of(prop.get('items', {}))}s"
    return str(prop.get("type", "any"))


def _error(exc: RepokbError) -> dict[str, Any]:
    if isinstance(exc, APIError):
        kind = {403: "forbidden", 409: "busy", 404: "not_found"}.get(exc.status, "invalid")
    elif isinstance(exc, AccessError):  # outside the allowed roots, no key
        kind = "forbidden"
    elif isinstance(exc, BusyError | StoreBusyError):
        kind = "busy"
    elif isinstance(exc, NotFoundError):  # a project, file or run it does not know (REST: 404)
        kind = "not_found"
    elif isinstance(exc, InputError):
        kind = "invalid"
    else:
        kind = "failed"
    hint = exc.hint_on("mcp")
    if kind == "busy" and not hint:
        hint = "Retry in a few seconds."
    return {"error": {"type": kind, "message": exc.message, "hint": hint}}


def _error_text(exc: RepokbError) -> str:
    body = _error(exc)["error"]
    return f"Error: {body['message']}" + (f"\nWhat to do: {body['hint']}" if body["hint"] else "")


async def _freshness(backend: Backend, names: list[str] | None) -> dict[str, Any]:
    """When each concerned project (None: all) was indexed, what changed since, what runs."""
    try:
        projects = await anyio.to_thread.run_sync(backend.freshness, names)
        if names and not projects:  # a project nothing is known of: say how fresh the rest is
            names = None
            projects = await anyio.to_thread.run_sync(backend.freshness, None)
        activity = await anyio.to_thread.run_sync(backend.activity)
    except Exception:  # freshness must never be what breaks an answer
        log.exception("freshness check failed")
        return {"projects": [], "index_jobs": [], "store_owner": None, "writing": None}
    jobs = activity["index_jobs"]
    running = {j["project"] for j in jobs}
    for p in projects:
        p["index_running"] = p["project"] in running
    if names is not None:
        jobs = [j for j in jobs if j["project"] in names]
    return {"projects": projects, "index_jobs": jobs, "store_owner": activity["store_owner"],
            "writing": activity["writing"]}
