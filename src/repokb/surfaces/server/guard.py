"""The server's outer guard, as one ASGI middleware wrapping every route (also those mounted
later: /v1/*, /mcp): who may talk to this server, and which requests may change anything.

For every HTTP request, in order:
1. a request id (`x-request-id` on the response; errors carry it as `request_id`);
2. the `Host` header must name this server: a loopback name, the configured `host`, or one of
   `allowed_hosts` (DNS rebinding: a page on evil.example resolving to 127.0.0.1 is refused);
3. a state-changing request (any method but GET, HEAD, OPTIONS) must be same-origin, or come
   from one of `allowed_origins`, when the browser says where it comes from (`Origin`,
   `Sec-Fetch-Site`); and it must be a request no cross-site page can send without a CORS
   preflight (which this server never grants): a POST needs a JSON body, or the
   `x-repokb-client` header the dashboard sends, or an API key (other methods are never
   "simple": a browser always preflights them);
4. when an API key is set, every request except the dashboard's static shell and liveness
   needs it (`x-api-key`, `Authorization: Bearer` or `x-repokb-key`), wherever the server
   listens: other users of the machine reach loopback ports too. A server listening beyond
   loopback refuses to start without a key (`check_exposure`). On the LLM proxy's model routes
   (`/v1/*`) only `x-repokb-key` counts: there `x-api-key` and `Authorization` carry the
   client's key for the upstream, which the proxy forwards, so repokb's key must never travel
   in them. Without a key, a loopback server is open (destructive calls are refused later).
A request on the owner's Unix socket (scope key `errors.TRUSTED`, set by the socket's server,
never by a client; `Host: localhost`) gets its request id and nothing else: the socket's file
mode (0600) is its guard, and its callers are this user's own commands.
"""

from __future__ import annotations

import hmac
import ipaddress
import uuid
from typing import Any
from urllib.parse import urlsplit

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from repokb.errors import ConfigError
from repokb.settings import Settings
from repokb.surfaces.server import errors
from repokb.surfaces.server.errors import KEY_VERIFIED, TRUSTED

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
CLIENT_HEADER = b"x-repokb-client"
KEY_HEADER = b"x-repokb-key"
UPSTREAM_PATHS = ("/v1/",)  # the proxy's model APIs: x-api-key / Authorization go upstream
# Open without the key: the dashboard's shell (it then asks for the key, and its icon) and
# liveness. Nothing here reads or writes the knowledge base.
PUBLIC_PATHS = ("/healthz", "/static/", "/favicon.ico", "/docs", "/docs-assets/",
                "/openapi.json")


def is_loopback(host: str) -> bool:
    name = host.strip("[]").lower()
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def is_wildcard(host: str) -> bool:
    return host.strip("[]") in ("0.0.0.0", "::", "")


def check_exposure(settings: Settings) -> None:
    """Listening beyond loopback without an API key is refused before binding."""
    if not is_loopback(settings.host) and not settings.api_key:
        raise ConfigError(
            f"Refusing to listen on {settings.host} without an API key: anyone on the network "
            "could read and write the knowledge base.",
            hint="Set REPOKB_API_KEY (every request must then carry it as x-api-key), or "
                 "listen on 127.0.0.1 (and set it there too on a machine others use).")


def _mcp(path: str) -> bool:
    return path == "/mcp" or path.startswith("/mcp/")


def _host_name(value: str) -> str:
    """The name part of a Host header (`[::1]:8765` -> `::1`, `a.example:80` -> `a.example`)."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


class Guard:
    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.key = settings.api_key.encode("utf-8")
        # a key guards every request; beyond loopback there is always one (check_exposure)
        self.keyed = bool(self.key) or not is_loopback(settings.host)
        self.any_host = is_wildcard(settings.host)  # every request needs the key then
        self.hosts = set(LOOPBACK_NAMES) | {h.lower().strip("[]") for h in settings.allowed_hosts}
        if not self.any_host:
            self.hosts.add(settings.host.lower().strip("[]"))
        self.origins = {o.rstrip("/").lower() for o in settings.allowed_origins}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = uuid.uuid4().hex[:12]
        scope.setdefault("state", {})["request_id"] = request_id

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []),
                                      (b"x-request-id", request_id.encode())]
            await send(message)

        refusal = None if scope.get(TRUSTED) is True else self._refusal(scope)
        if refusal is not None:
            status, message, hint = refusal
            path = scope.get("path", "")
            errors.log.warning("refused %s %s (request %s): %s", scope["method"], path,
                               request_id, message)
            # a 401 on /mcp names the scheme MCP clients send the key in (RFC 6750)
            challenge = {"WWW-Authenticate": "Bearer"} if status == 401 and _mcp(path) else None
            body = errors.error_body(status, message, hint, request_id=request_id)
            if path.startswith(UPSTREAM_PATHS):
                in_model_api_shape(body, status)
            response = JSONResponse(body, status_code=status, headers=challenge)
            await response(scope, receive, send_with_id)
            return
        await self.app(scope, receive, send_with_id)

    def _refusal(self, scope: Scope) -> tuple[int, str, str] | None:
        headers = {k.lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = _host_name(headers.get(b"host", ""))
        if not self.any_host and host not in self.hosts:
            return (403, "This server does not answer to that host name.",
                    "Open the dashboard at http://127.0.0.1:PORT/ (or add the name to the "
                    "allowed_hosts setting).")
        path = scope.get("path", "")
        has_key = self._key_ok(headers, path)
        scope["state"][KEY_VERIFIED] = has_key  # a destructive route needs no second header
        if self.keyed and not has_key and not self._public(scope):
            return (401, "Missing or wrong API key.",
                    "This server has an API key (REPOKB_API_KEY): send it as the "
                    "x-repokb-key header; your x-api-key and Authorization go to the upstream."
                    if path.startswith(UPSTREAM_PATHS) else
                    "This server has an API key (REPOKB_API_KEY): send it as the x-api-key "
                    "header (or as Authorization: Bearer KEY).")
        mcp = _mcp(path)  # its GET streams answers: checked too
        if scope["method"] in SAFE_METHODS and not mcp:
            return None
        origin = headers.get(b"origin")
        if origin is not None and not self._origin_ok(origin, headers.get(b"host", "")):
            return (403, "Cross-origin requests to /mcp are refused." if mcp
                    else "Cross-origin writes are refused.",
                    "Use the dashboard served by this server (or add the origin to the "
                    "allowed_origins setting).")
        if scope["method"] in SAFE_METHODS:
            return None
        if origin is None and headers.get(b"sec-fetch-site") == "cross-site":
            return (403, "Cross-origin writes are refused.", "")
        if scope["method"] != "POST":  # PUT, PATCH, DELETE are never simple: preflighted
            return None
        ctype = headers.get(b"content-type", "").split(";")[0].strip().lower()
        if mcp and ctype != "application/json":
            return (400, "MCP messages must be JSON.", "Send Content-Type: application/json.")
        if ctype != "application/json" and CLIENT_HEADER not in headers and not has_key:
            return (403, "Writes must be JSON or carry the x-repokb-client header.",
                    "Send Content-Type: application/json, or the header x-repokb-client: 1 "
                    "with a multipart upload (a web page of another site cannot).")
        return None

    def _origin_ok(self, origin: str, host_header: str) -> bool:
        origin = origin.rstrip("/").lower()
        if origin in self.origins:
            return True
        parts = urlsplit(origin)
        return bool(parts.scheme in ("http", "https") and parts.netloc
                    and parts.netloc == host_header.strip().lower())

    def _key_ok(self, headers: dict[bytes, str], path: str) -> bool:
        if not self.key:
            return False
        given = headers.get(KEY_HEADER)
        if given is None and path.startswith(UPSTREAM_PATHS):
            return False
        if given is None:
            given = headers.get(b"x-api-key")
        if given is None:
            auth = headers.get(b"authorization", "")
            given = auth[7:].strip() if auth[:7].lower() == "bearer " else None
        return given is not None and hmac.compare_digest(given.encode("latin-1"), self.key)

    @staticmethod
    def _public(scope: Scope) -> bool:
        path: str = scope.get("path", "")
        return path == "/" or path.startswith(PUBLIC_PATHS)


def in_model_api_shape(body: dict[str, Any], status: int) -> None:
    """A refusal on the proxy's model APIs also in their error shape (Anthropic's top-level
    `type: error` and `error.type`, OpenAI's `error.type` and `error.param`), beside repokb's
    fields: the official clients and the coding tools over them read the error's type (a 401
    without the x-repokb-key header came back without one)."""
    body["type"] = "error"
    body["error"]["type"] = {401: "authentication_error", 403: "permission_error",
                             413: "request_too_large"}.get(status, "invalid_request_error")
    body["error"]["param"] = None
