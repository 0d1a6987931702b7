"""Is this folder skipped because of what it holds, and why: the one answer for every surface.

Some folders are skipped only when a marker inside says they hold installed or built things
(tables.MARKER_SKIP_DIRS): a virtualenv (`pyvenv.cfg`), a crate `cargo vendor` copied, Carton's
`local/lib/perl5`, MSBuild's `bin/Debug`. The walk asks the disk (`on_disk`); `repokb watch`
asks the disk too; an upload, which has no folder, asks the paths it knows (`among`): the
uploaded path itself and the project's recorded files. The dashboard applies the same table to
the files a user chose (client-config's `marker_dirs`).

Folders left out by their name (tables.SKIP_DIRS, SKIP_DIR_SUFFIXES: `node_modules`, `.git`, a
`build` that holds no sources, `*.egg-info`) are judged here too (`name_skip`), so an upload of
a path (`path_skip`) leaves out what the walk leaves out, for the reason the walk records.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from fnmatch import fnmatchcase
from typing import TYPE_CHECKING

from repokb.rules.tables import (
    BUILD_CONFIG_MARKERS,
    DOC_SOURCE_MARKERS,
    GO_PACKAGE_MARKER,
    MARKER_SKIP_DIRS,
    PYTHON_PACKAGE_MARKER,
    RUST_MODULE_MARKER,
    SKIP_DIR_SUFFIXES,
    SKIP_DIRS,
    SKIPPED_DIR_FILES,
)

if TYPE_CHECKING:
    from repokb.rules.repo_config import RepoConfig

_GLOB = re.compile(r"[*?\[]")
# Whether the folder holds this marker (a path relative to it; a trailing "/": a folder; a
# glob, `*.go`: a file directly in it whose name matches).
Holds = Callable[[str], bool]


def marker_skip(name: str, holds: Holds) -> tuple[str, str] | None:
    """(kind, reason) when the folder named `name` is skipped for a marker it holds, the
    first row of the table that matches; None when no row does."""
    for pattern, markers, kind, why in MARKER_SKIP_DIRS:
        if _named(name, pattern) and any(holds(marker) for marker in markers):
            return kind, f"skipped directory: {why}"
    return None


# Folder names skipped as build output unless the folder holds sources (`source_markers`): the
# only names whose skip depends on what is inside.
NAMED_LIKE_OUTPUT = frozenset(name for name, (kind, _) in SKIP_DIRS.items()
                              if kind == "build_artifact")


def source_markers(name: str) -> tuple[str, ...]:
    """The files that make a folder named like build output (`name`) hold sources rather than
    output: a Python package's `__init__.py`, a Rust module's `mod.rs`, a Go package's `.go`
    files and, in a `build` folder, documentation sources (Sphinx's conf.py, an index page)
    or packaging and CI configuration (`package/`, `ci/`, a Dockerfile, a shell script).
    Nothing for any other folder."""
    if name not in NAMED_LIKE_OUTPUT:
        return ()
    return (PYTHON_PACKAGE_MARKER, RUST_MODULE_MARKER, GO_PACKAGE_MARKER,
            *(DOC_SOURCE_MARKERS + BUILD_CONFIG_MARKERS if name == "build" else ()))


# Folder names left out as vendored that a repository config's vendor override may reopen
# (never VCS internals).
_OVERRIDABLE = frozenset(name for name, (kind, _) in SKIP_DIRS.items() if kind == "vendor"
                         and name not in (".git", ".hg", ".svn"))


def reopened(name: str, rel: str, config: RepoConfig | None) -> bool:
    """Whether the project's `config` reopens the folder `rel` (named `name`) that is left out
    as vendored: a vendor override may match below it. The walk, and an upload judged by the
    project's uploaded config, enter it."""
    return name in _OVERRIDABLE and config is not None and config.reaches_into(rel)


def name_skip(name: str, holds: Holds) -> tuple[str, str] | None:
    """(kind, reason) when a folder is left out by its name (`node_modules`, `.git`, a
    `build` that holds no sources: tables.SKIP_DIRS) or its name's ending (`.egg-info`:
    tables.SKIP_DIR_SUFFIXES); None otherwise."""
    if name in SKIP_DIRS:
        if not any(holds(marker) for marker in source_markers(name)):
            kind, why = SKIP_DIRS[name]
            return kind, f"skipped directory: {why}"
        return None
    for suffix, why in SKIP_DIR_SUFFIXES.items():
        if name.endswith(suffix):
            return "build_artifact", f"skipped directory: {why}"
    return None


def folder_skip(name: str, holds: Holds) -> tuple[str, str] | None:
    """(kind, reason) when every surface leaves the folder `name` out for what it is called
    or what it holds (`name_skip`, then `marker_skip`); None otherwise. Not the walk's other
    reasons, which need the disk (a nested repository, .gitignore, a repokb home)."""
    return name_skip(name, holds) or marker_skip(name, holds)


def handed_in(name: str, rest: str) -> bool:
    """Whether the path `rest`, below a folder `name` left out by its name, is one of the
    files the walk still hands to the classifier there (tables.SKIPPED_DIR_FILES: `.idea`'s
    `runConfigurations/api.xml`, `.gradle`'s `gradle.properties`): every surface judges it as
    a file, not as its folder."""
    return any(fnmatchcase(rest, kept) and rest.count("/") == kept.count("/")
               for kept in SKIPPED_DIR_FILES.get(name, ()))


def path_skip(path: str, known: Callable[[str], bool]) -> tuple[str, str, str] | None:
    """(folder, kind, reason) for the first folder above `path` (relative, POSIX) that
    `folder_skip` leaves out, for a path known only by name (an upload, an explain of a path
    never uploaded): a folder holds a file if it is `path` itself or `known(file)`, a folder
    if `path` lies below it. None when no folder above it is left out."""
    parts = path.split("/")
    for i in range(1, len(parts)):
        folder = "/".join(parts[:i])
        if handed_in(parts[i - 1], "/".join(parts[i:])):
            continue
        holds = among(folder, lambda rel: rel == path or known(rel),
                      lambda prefix: path.startswith(prefix), lambda: (path,))
        if found := folder_skip(parts[i - 1], holds):
            return folder, *found
    return None


def reasons() -> dict[str, str]:
    """Every reason `folder_skip` records -> the kind it holds."""
    by_name = {f"skipped directory: {why}": kind for kind, why in SKIP_DIRS.values()}
    by_suffix = {f"skipped directory: {why}": "build_artifact"
                 for why in SKIP_DIR_SUFFIXES.values()}
    return {**by_name, **by_suffix, **marker_reasons()}


def _named(name: str, pattern: str) -> bool:
    return pattern in ("*", name) or (_GLOB.search(pattern) is not None
                                       and fnmatchcase(name, pattern))


def on_disk(folder: str) -> Holds:
    """`holds` for a folder on disk (os.path: the walk asks it for every folder)."""
    def holds(marker: str) -> bool:
        if _GLOB.search(marker):
            try:
                with os.scandir(folder) as entries:
                    return any(fnmatchcase(e.name, marker) and e.is_file() for e in entries)
            except OSError:
                return False
        if marker.endswith("/"):
            return os.path.isdir(os.path.join(folder, marker[:-1]))
        return os.path.isfile(os.path.join(folder, marker))
    return holds


def in_listing(folder: str, names: frozenset[str] | set[str],
               entries: Iterable[os.DirEntry[str]]) -> Holds:
    """`holds` for a folder on disk whose listing (`names`, `entries`) the walk has read: a
    marker whose first name is not listed costs no system call (`on_disk` asks the disk for
    each marker of each folder: four of them for a Django folder); one that is listed is
    checked as `on_disk` checks it (a file, a folder, symlinks followed)."""
    exact = on_disk(folder)

    def holds(marker: str) -> bool:
        if _GLOB.search(marker):
            try:
                return any(fnmatchcase(e.name, marker) and e.is_file() for e in entries)
            except OSError:
                return False
        return marker.split("/", 1)[0] in names and exact(marker)
    return holds


def among(folder: str, known: Callable[[str], bool], under: Callable[[str], bool],
          listed: Callable[[], Iterable[str]] = tuple) -> Holds:
    """`holds` for a folder known only by paths (relative, POSIX, `folder` among their
    prefixes): a file marker is held if `known(folder/marker)`, a folder marker if
    `under(folder/marker/)` (a path lies below that prefix), a glob (`*.go`) if one of the
    paths `listed()` gives lies directly in the folder and its name matches."""
    def holds(marker: str) -> bool:
        if _GLOB.search(marker):
            prefix = f"{folder}/" if folder else ""
            return any(rel.startswith(prefix) and "/" not in rel[len(prefix):]
                       and fnmatchcase(rel[len(prefix):], marker) for rel in listed())
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
