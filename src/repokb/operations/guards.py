"""Who may do what: the API key for destructive operations and the folders a remote caller may
have indexed.

A caller is trusted when it is this machine's user: the CLI running an operation in its own
process, or a request on the owner's Unix socket (mode 0600: the file mode is the guard). A
request over TCP is not: a destructive operation needs the API key, and a folder to index must
lie under an allowed root.
"""

from __future__ import annotations

import stat
from dataclasses import dataclass
from pathlib import Path

from repokb.errors import AccessError, AuthError, InputError
from repokb.roots import ProjectRoot, user_path
from repokb.settings import Settings
from repokb.stores.catalog import Catalog


@dataclass(frozen=True)
class Access:
    trusted: bool = False  # the owner's socket or an in-process caller: this user's own
    key_verified: bool = False  # the server's guard matched the API key (in whichever header)


LOCAL = Access(trusted=True)


def authorize(settings: Settings, access: Access) -> None:
    """Pass a destructive operation, or raise AccessError/AuthError. The server's guard
    checks the key of every request when one is set; this says what a destructive call lacks."""
    if access.trusted or access.key_verified and settings.api_key:
        return
    if not settings.api_key:
        raise AccessError("Destructive operations are disabled: the server has no API key.",
                          "Restart it with REPOKB_API_KEY set, then send it as x-api-key.")
    raise AuthError("Missing or wrong x-api-key header.",
                    "Send the key the server was started with (REPOKB_API_KEY) as "
                    "x-api-key or Authorization: Bearer.")


def allowed_roots(settings: Settings) -> list[Path]:
    return [user_path(r).resolve() for r in settings.allowed_roots]


def within(path: Path, roots: list[Path]) -> bool:
    return any(path == r or path.is_relative_to(r) for r in roots)


def no_nul(raw: str) -> None:
    """InputError if a path given as text holds a NUL (no file name can)."""
    if "\x00" in raw:
        raise InputError("The path contains a NUL character.")


def allowed_folder(settings: Settings, raw: str) -> Path:
    """The resolved folder if it lies under an allowed root; AccessError otherwise. Refusals
    never echo the path nor name the roots: the server log has them (`log_detail`), under the
    request id the error carries."""
    roots = allowed_roots(settings)
    if not roots:
        raise AccessError("Server-side indexing is disabled on this server.",
                          "Upload files from the dashboard instead (the server's operator "
                          "can allow folders with --allow-root).")
    no_nul(raw)
    path = user_path(raw)
    if not path.is_absolute() or ".." in path.parts:
        raise AccessError("The path must be absolute and free of '..'.",
                          "Give the folder's absolute path on the server.",
                          log_detail=f"path {raw!r} is relative or has '..'")
    resolved = path.resolve()
    if not within(resolved, roots):
        raise AccessError("That folder is outside the allowed roots of this server.",
                          "Ask the server's operator which folders are allowed.",
                          log_detail=f"{raw!r} resolves to {resolved}, outside {roots}")
    if not resolved.is_dir():
        raise InputError("That path is not a folder.", "Give a project folder to index.",
                         log_detail=f"{raw!r} is not a folder")
    return resolved


def still_allowed(settings: Settings, folder: str) -> Path:
    """The roots are checked again when a remote caller's job runs, on the real path: a folder
    swapped for a symlink after the job was queued is refused (the walk then checks every
    folder it enters)."""
    real = Path(folder).resolve()
    if real != Path(folder) or not within(real, allowed_roots(settings)) or not real.is_dir():
        raise AccessError("The folder changed after the job was queued and is no longer one "
                          "this server may index.", "Queue the job again.",
                          log_detail=f"{folder} now resolves to {real}")
    return real


def check_replacing(settings: Settings, catalog: Catalog, roots: list[ProjectRoot],
                    flush: bool, access: Access) -> None:
    """A run that takes files away from a project: a flush is destructive (over TCP, the API
    key), and of a whole project only (never of a folder inside one: `ProjectRoot.scope`);
    without one, a folder given under the name of a project indexed from another folder
    that lacks most of its files would have the run prune them, so it is refused (a checkout
    moved elsewhere, its files there, passes). Found by a new user: `index ./other --project
    koa` and an empty folder sent as `{"project": "koa"}` each deleted koa's chunks."""
    if flush:
        authorize(settings, access)
        for root in roots:
            if root.scope:  # a folder inside the project: the flush would drop all of it
                here = str(root.folder) if access.trusted else "That folder"
                raise InputError(
                    f"{here} is a folder of project {root.name!r}: a flush would drop all of "
                    "the project and index back only this folder.",
                    f"Leave out <<flush>> to update the files of this folder, or flush and "
                    f"index project {root.name!r} from its own folder.")
        return
    known = catalog.projects()
    for root in roots:
        before = known.get(root.name)
        if before is None or before == root.root:
            continue
        files = [path for path, _, _ in catalog.file_stats(root.name)]
        present = sum(1 for path in files if (root.root / path).exists())
        if present * 2 >= len(files):
            continue
        origin, here = ((f"from {before}", str(root.root)) if access.trusted
                        else ("from another folder", "the folder given"))
        raise InputError(
            f"Project '{root.name}' was indexed {origin}: {len(files) - present} of its "
            f"{len(files)} files are not under {here}, and this run would delete them from "
            "the knowledge base.",
            "Give another name with <<project>>, or replace the project on purpose with "
            "<<flush>>.",
            log_detail=f"{root.name}: indexed from {before}, given {root.root}")


def same_files_as(catalog: Catalog, roots: list[ProjectRoot],
                  trusted: bool) -> dict[str, dict[str, str]]:
    """For each project folder indexed, another project whose folder is gone and most of
    whose files are under this folder, each of the size recorded: the folder renamed or
    moved and indexed under its new name. Both projects then hold the same files, and every
    search showed each hit twice with nothing said (multi28's trial). The run goes on (a
    second name may be wanted); its summary names the other project, every run until it is
    flushed, and the folder it was indexed from to a trusted caller."""
    known = catalog.projects()
    whole = [root for root in roots if not root.scope]
    gone = {name: before for name, before in known.items()
            if whole and before.is_absolute() and not before.exists()}
    found: dict[str, dict[str, str]] = {}
    recorded: dict[str, list[tuple[str, int | None, int | None]]] = {}  # read once a project
    for root in whole:
        for name, before in sorted(gone.items()):
            if name == root.name:
                continue
            if name not in recorded:
                recorded[name] = catalog.file_stats(name)
            files = recorded[name]
            same = sum(1 for path, size, _ in files if _size(root.root / path) == size)
            if files and same * 2 > len(files):
                found[root.name] = {"project": name, **({"folder": str(before)} if trusted
                                                        else {})}
                break
    return found


def _size(path: Path) -> int | None:
    """The size of a regular file at `path` (one stat), else None."""
    try:
        st = path.stat()
    except (OSError, ValueError):
        return None
    return st.st_size if stat.S_ISREG(st.st_mode) else None
