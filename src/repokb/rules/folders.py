"""Is this folder skipped because of what it holds, and why: the one answer for every surface.

Some folders are skipped only when a marker inside says they hold installed or built things
(tables.MARKER_SKIP_DIRS): a virtualenv (`pyvenv.cfg`), a crate `cargo vendor` copied, Carton's
`local/lib/perl5`, MSBuild's `bin/Debug`. The walk asks the disk (`on_disk`); `repokb watch`
asks the disk too; an upload, which has no folder, asks the paths it knows (`among`): the
uploaded path itself and the project's recorded files. The dashboard applies the same table to
the files a user chose (client-config's `marker_dirs`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from fnmatch import fnmatchcase

from repokb.rules.tables import MARKER_SKIP_DIRS

_GLOB = re.compile(r"[*?\[]")
# Whether the folder holds this marker (a path relative to it; a trailing "/": a folder).
Holds = Callable[[str], bool]


def marker_skip(name: str, holds: Holds) -> tuple[str, str] | None:
    """(kind, reason) when the folder named `name` is skipped for a marker it holds, the
    first row of the table that matches; None when no row does."""
    for pattern, markers, kind, why in MARKER_SKIP_DIRS:
        if _named(name, pattern) and any(holds(marker) for marker in markers):
            return kind, f"skipped directory: {why}"
    return None


def _named(name: str, pattern: str) -> bool:
    return pattern in ("*", name) or (_GLOB.search(pattern) is not None
                                       and fnmatchcase(name, pattern))


def on_disk(folder: str) -> Holds:
    """`holds` for a folder on disk (os.path: the walk asks it for every folder)."""
    def holds(marker: str) -> bool:
        if marker.endswith("/"):
            return os.path.isdir(os.path.join(folder, marker[:-1]))
        return os.path.isfile(os.path.join(folder, marker))
    return holds


def among(folder: str, known: Callable[[str], bool], under: Callable[[str], bool]) -> Holds:
    """`holds` for a folder known only by paths (relative, POSIX, `folder` among their
    prefixes): a file marker is held if `known(folder/marker)`, a folder marker if
    `under(folder/marker/)` (a path lies below that prefix)."""
    def holds(marker: str) -> bool:
        path = f"{folder}/{marker}" if folder else marker
        return under(path) if marker.endswith("/") else known(path)
    return holds


def table() -> list[dict[str, object]]:
    """The table as the dashboard reads it (client-config's marker_dirs)."""
    return [{"name": pattern, "markers": list(markers), "kind": kind,
             "reason": f"skipped directory: {why}"}
            for pattern, markers, kind, why in MARKER_SKIP_DIRS]


def marker_reasons() -> dict[str, str]:
    """The reason each row records -> the kind it holds."""
    return {f"skipped directory: {why}": kind for _, _, kind, why in MARKER_SKIP_DIRS}
