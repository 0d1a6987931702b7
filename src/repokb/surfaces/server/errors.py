"""One JSON error shape for every 4xx and 5xx the server returns:

    {"error": {"status": 422, "code": "invalid_request", "message": "...", "hint": "...",
               "details": [{"location": "body.chunks.0.file_path", "message": "..."}],
               "request_id": "3f9c0a1b2c4d"}}

repokb's own errors (errors.py) carry their status and code; FastAPI's validation errors lose the
offending input (it may hold a secret); anything unexpected becomes a 500 that says nothing more.
Messages never echo the request's input nor the server's configuration: what a maintainer needs
(an error's `log_detail`, a 5xx's own message) goes to the server log under the request id the
error carries (set by guard.py). On the owner's Unix socket (this user's own commands) a 5xx
keeps its message: the CLI prints it.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from repokb.errors import ConfigError, ModelError, RepokbError, StoreBusyError, StoreError

log = logging.getLogger("repokb.server")
TRUSTED = "repokb.owner_socket"  # the scope key the owner socket's server sets (never a client)
KEY_VERIFIED = "api_key_verified"  # request state the guard sets: the key matched, any header

_CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
          405: "method_not_allowed", 409: "busy", 413: "payload_too_large",
          415: "unsupported_media_type", 422: "invalid_request", 500: "internal_error",
          503: "unavailable"}

# 5xx messages say what failed, never how (paths, engine errors): those go to the log.
_PUBLIC_5XX: tuple[tuple[type[RepokbError], str], ...] = (
    (StoreBusyError, "The store is busy; try again."), (StoreError, "The store failed."),
    (ModelError, "The embedding model failed."), (ConfigError, "The server is misconfigured."))


class ErrorDetail(BaseModel):
    location: str
    message: str


class ErrorBody(BaseModel):
    status: int
    code: str
    message: str
    hint: str = ""
    details: list[ErrorDetail] = []
    request_id: str = ""


class ErrorResponse(BaseModel):
    """The shape of every error response."""

    error: ErrorBody


class APIError(RepokbError):
    """An error a route raises about the HTTP request itself (its media type, its form), with
    the status to answer; errors of the operations are the core tree's (errors.py)."""

    def __init__(self, status: int, message: str, hint: str = "", code: str | None = None,
                 details: list[dict[str, str]] | None = None, log_detail: str = "") -> None:
        super().__init__(message, hint, details=details, log_detail=log_detail)
        self.status = status
        self.code = code or _CODES.get(status, "error")


def error_body(status: int, message: str, hint: str = "", code: str | None = None,
               details: list[dict[str, str]] | None = None,
               request_id: str = "") -> dict[str, Any]:
    return {"error": {"status": status, "code": code or _CODES.get(status, "error"),
                      "message": message, "hint": hint, "details": details or [],
                      "request_id": request_id}}


def error_response(status: int, message: str, hint: str = "", code: str | None = None,
                   details: list[dict[str, str]] | None = None,
                   headers: dict[str, str] | None = None, request_id: str = "") -> JSONResponse:
    return JSONResponse(error_body(status, message, hint, code, details, request_id),
                        status_code=status, headers=headers)


def surface(request: Request) -> str | None:
    """Whose words a hint's terms take (errors.worded): the REST API's over TCP; none on the
    owner's socket, whose client (the CLI, `repokb mcp`) words them as its own."""
    return None if request.scope.get(TRUSTED) is True else "rest"


def request_id(request: Request) -> str:
    """The id guard.py gave this request (empty for an app run without the guard)."""
    return str(getattr(request.state, "request_id", ""))


def _location(loc: tuple[Any, ...] | list[Any]) -> str:
    """`body.kind.1`: field names and indexes, without pydantic's names for the members of a
    union (`function-after[kind_name(), str]`, `list[...]`)."""
    return ".".join(str(part) for part in loc if not (isinstance(part, str) and "[" in part))


_UNPARSED = "There was an error parsing the body"


def _not_json(error: dict[str, Any], body: Any, rid: str) -> JSONResponse:
    """A body that is not JSON: where it stops parsing, as a line and column, and the
    parser's reason ("Expecting value"); never the body itself, which may carry a secret."""
    offset = error["loc"][1] if len(error.get("loc", ())) > 1 else 0
    reason = str((error.get("ctx") or {}).get("error", "")) or "not JSON"
    where = ""
    if isinstance(body, str) and isinstance(offset, int):
        line = body.count("\n", 0, offset) + 1
        column = offset - (body.rfind("\n", 0, offset) + 1) + 1
        where = f" (line {line}, column {column})"
    message = f"The request body is not valid JSON: {reason}{where}."
    return error_response(422, message, "Send the body as JSON; see /docs for its fields.",
                          details=[{"location": "body", "message": message}], request_id=rid)


def install(app: FastAPI) -> None:
    """Register the handlers that turn every failure into the one shape."""

    @app.exception_handler(RepokbError)
    async def _repokb(request: Request, exc: RepokbError) -> JSONResponse:
        rid = request_id(request)
        if exc.log_detail:
            log.warning("request %s (%s %s): %s", rid, request.method, request.url.path,
                        exc.log_detail)
        if exc.status >= 500:
            log.error("request %s: %s on %s %s: %s", rid, type(exc).__name__, request.method,
                      request.url.path, exc.message)
            if request.scope.get(TRUSTED) is not True:
                public = next((m for t, m in _PUBLIC_5XX if isinstance(exc, t)),
                              "The server failed.")
                return error_response(exc.status, public,
                                      "The server log has the details under this request id.",
                                      exc.code, request_id=rid)
        return JSONResponse(exc.to_json(rid, surface(request)), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        if errors and errors[0].get("type") == "json_invalid":  # loc ("body", offset)
            return _not_json(errors[0], exc.body, request_id(request))
        if [e.get("type") for e in errors] == ["missing"] and tuple(errors[0]["loc"]) == ("body",):
            return error_response(422, "The request has no body: it takes a JSON object.",
                                  "See /docs for its fields.", request_id=request_id(request))
        details = [{"location": _location(e.get("loc", ())),
                    "message": str(e.get("msg", "")).removeprefix("Value error, ")}
                   for e in errors]  # never e["input"]: it may carry a secret
        # a value that fails every member of a union (a kind, or a list of kinds) has one error
        # per member: say the one about its value rather than "should be a valid string"
        first = next((d for d, e in zip(details, errors, strict=True)
                      if not str(e.get("type", "")).endswith("_type")),
                     details[0] if details else {"location": "", "message": "invalid"})
        where = f" at {first['location']}" if first["location"] else ""
        return error_response(422, f"The request is not valid{where}: {first['message']}",
                              "See /docs for the expected request.", details=details,
                              request_id=request_id(request))

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        message = exc.detail if isinstance(exc.detail, str) else _CODES.get(exc.status_code, "")
        if message == _UNPARSED and isinstance(exc.__cause__, RecursionError):
            return error_response(400, "The request body could not be read: its JSON is nested "
                                  "too deeply.", "Send a flatter JSON body; see /docs for its "
                                  "fields.", request_id=request_id(request))
        if message == _UNPARSED:  # FastAPI's words for a body it could not decode
            return error_response(400, "The request body could not be read: it is not UTF-8 "
                                  "JSON.", "Send the body as JSON encoded in UTF-8.",
                                  request_id=request_id(request))
        return error_response(exc.status_code, message, headers=getattr(exc, "headers", None),
                              request_id=request_id(request))

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        rid = request_id(request)
        log.exception("request %s: unexpected error on %s %s", rid, request.method,
                      request.url.path)
        return error_response(500, "Unexpected server error.",
                              "The server log has the details under this request id; please "
                              "report it.", request_id=rid)
