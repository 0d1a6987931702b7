"""Who may do what: the API key for destructive operations and the folders a remote caller may
have indexed.

A caller is trusted when it is this machine's user: the CLI running an operation in its own
process, or a request on the owner's Unix socket (mode 0600: the file mode is the guard). A
request over TCP is not: a destructive operation needs the API key, and a folder to index must
lie under an allowed root.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from pathlib import Path

from repokb.errors import AccessError, AuthError, InputError
from repokb.pipeline.discover import user_path
from repokb.settings import Settings


@dataclass(frozen=True)
class Access:
    trusted: bool = False
    api_key: str | None = None


LOCAL = Access(trusted=True)


def authorize(settings: Settings, access: Access) -> None:
    """Pass a destructive operation, or raise AccessError/AuthError."""
    if access.trusted:
        return
    expected = settings.api_key
    if not expected:
        raise AccessError("Destructive operations are disabled: the server has no API key.",
                          "Restart it with REPOKB_API_KEY set, then send it as x-api-key.")
    key = access.api_key
    if not key or not hmac.compare_digest(key.encode("utf-8", "replace"),
                                          expected.encode("utf-8")):
        raise AuthError("Missing or wrong x-api-key header.",
                        "Send the key the server was started with (REPOKB_API_KEY).")


def allowed_folder(settings: Settings, raw: str) -> Path:
    """The resolved folder if it lies under an allowed root; AccessError otherwise."""
    roots = [user_path(r).resolve() for r in settings.allowed_roots]
    if not roots:
        raise AccessError("Server-side indexing is disabled: no allowed roots are configured.",
                          "Start the server with --allow-root DIR (or set REPOKB_ALLOWED_ROOTS), "
                          "or upload files from the dashboard.")
    if "\x00" in raw:
        raise InputError("The path contains a NUL character.")
    path = user_path(raw)
    if not path.is_absolute() or ".." in path.parts:
        raise AccessError(f"{raw} is not an absolute path under an allowed root.",
                          "Give the folder's absolute path, without '..'.")
    resolved = path.resolve()
    if not any(resolved == r or resolved.is_relative_to(r) for r in roots):
        raise AccessError(f"{raw} is outside the allowed roots.",
                          "Allowed: " + ", ".join(str(r) for r in roots))
    if not resolved.is_dir():
        raise InputError(f"{raw} is not a folder.", "Give a project folder to index.")
    return resolved
