"""One JSON error shape for every 4xx and 5xx the server returns:

    {"error": {"status": 422, "code": "invalid_request", "message": "...", "hint": "...",
               "details": [{"location": "body.chunks.0.file_path", "message": "..."}]}}

repokb's own errors (errors.py) carry their status and code; FastAPI's validation errors lose the
offending input (it may hold a secret); anything unexpected becomes a 500 that says nothing more.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from repokb.errors import RepokbError

log = logging.getLogger("repokb.server")

_CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
          405: "method_not_allowed", 409: "busy", 413: "payload_too_large",
          415: "unsupported_media_type", 422: "invalid_request", 500: "internal_error",
          503: "unavailable"}


class ErrorDetail(BaseModel):
    location: str
    message: str


class ErrorBody(BaseModel):
    status: int
    code: str
    message: str
    hint: str = ""
    details: list[ErrorDetail] = []


class ErrorResponse(BaseModel):
    """The shape of every error response."""

    error: ErrorBody


class APIError(RepokbError):
    """An error a route raises about the HTTP request itself (its media type, its form), with
    the status to answer; errors of the operations are the core tree's (errors.py)."""

    def __init__(self, status: int, message: str, hint: str = "", code: str | None = None,
                 details: list[dict[str, str]] | None = None) -> None:
        super().__init__(message, hint, details=details)
        self.status = status
        self.code = code or _CODES.get(status, "error")


def error_body(status: int, message: str, hint: str = "", code: str | None = None,
               details: list[dict[str, str]] | None = None) -> dict[str, Any]:
    return {"error": {"status": status, "code": code or _CODES.get(status, "error"),
                      "message": message, "hint": hint, "details": details or []}}


def error_response(status: int, message: str, hint: str = "", code: str | None = None,
                   details: list[dict[str, str]] | None = None,
                   headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(error_body(status, message, hint, code, details), status_code=status,
                        headers=headers)


def _location(loc: tuple[Any, ...] | list[Any]) -> str:
    """`body.kind.1`: field names and indexes, without pydantic's names for the members of a
    union (`function-after[kind_name(), str]`, `list[...]`)."""
    return ".".join(str(part) for part in loc if not (isinstance(part, str) and "[" in part))


def install(app: FastAPI) -> None:
    """Register the handlers that turn every failure into the one shape."""

    @app.exception_handler(RepokbError)
    async def _repokb(request: Request, exc: RepokbError) -> JSONResponse:
        if exc.status >= 500:
            log.error("%s on %s %s: %s", type(exc).__name__, request.method, request.url.path,
                      exc.message)
        return JSONResponse(exc.to_json(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
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
                              "See /docs for the expected request.", details=details)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        message = exc.detail if isinstance(exc.detail, str) else _CODES.get(exc.status_code, "")
        return error_response(exc.status_code, message, headers=getattr(exc, "headers", None))

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return error_response(500, "Unexpected server error.",
                              "The server log has the details; please report it.")
