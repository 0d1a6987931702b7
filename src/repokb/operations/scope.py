"""The project a typed name means: `--project Cobra`, `cobra/`, `./vendor/cobra` or the folder's
full path all mean the project `cobra`, on every surface (the operations resolve it).

Only an unambiguous reading is taken: the name itself; the name without surrounding blanks or a
trailing slash; the one project of that name in another case, else the one of that name with a
version after it (`click` -> `click-8.1.7`, as `repokb index` names an unpacked sdist); a path
that is a project's root or lies inside one (the deepest such root). Any other name stays as
typed, so a search finds nothing and says why, naming the projects and the one it most likely
means (why.py), and an operation about a project raises errors.unknown_project.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path


def _VERSIONED(name: str) -> re.Pattern[str]:  # noqa: N802 (a pattern, named as one)
    """`name` with a version after it, as `repokb index` names an unpacked sdist
    (`click` -> `click-8.1.7`)."""
    return re.compile(rf"{re.escape(name.casefold())}[-_.]?v?\d[\w.+-]*")


def _path_like(text: str) -> bool:
    return "/" in text or os.sep in text or text in {".", ".."} or text.startswith("~")


def project_meant(typed: str, names: Iterable[str], roots: Mapping[str, Path],
                  cwd: Path | None = None) -> str:
    """The project `typed` means among `names` (every project known) and `roots` (the indexed
    folders' roots, by project), else `typed` unchanged. A relative path is read from `cwd`
    (the caller's working folder; this process's when None)."""
    known = list(names)
    if typed in known:
        return typed
    bare = typed.strip()
    bare = bare.rstrip("/" + os.sep) or bare
    if bare in known:
        return bare
    same = [k for k in known if k.casefold() == bare.casefold()]
    if len(same) == 1:
        return same[0]
    versioned = [k for k in known if _VERSIONED(bare).fullmatch(k.casefold())]
    if len(versioned) == 1 and not same:
        return versioned[0]
    if not _path_like(bare):
        return typed
    try:
        where = Path(bare).expanduser()
        where = ((cwd or Path.cwd()) / where if not where.is_absolute() else where).resolve()
    except (OSError, RuntimeError, ValueError):
        return typed
    holders = [(len(root.parts), name) for name, root in roots.items()
               if root == where or root in where.parents]
    return max(holders)[1] if holders else typed


def as_shown(raw: str, project: str | None, names: Iterable[str]) -> tuple[str, str] | None:
    """(path in its project, project) for a file's path written as answers show it, its
    project first (`cattrs-24.1.2/src/cattrs/converters.py`, a search hit's line on every
    surface): an agent or a person copies it from there. None when its first part names no
    project in `names` (or another than `project`, the one asked about)."""
    head, sep, rest = raw.partition("/")
    if not sep or not rest or head not in names or project not in (None, head):
        return None
    return rest, head


def absolute(typed: str, cwd: Path | None = None) -> str:
    """`typed` as an absolute path if it is a path to a folder here, else as typed: a caller's
    relative path said so that another process (the store's owner) reads the same folder."""
    if not _path_like(typed.strip()):
        return typed
    try:
        where = Path(typed.strip()).expanduser()
        where = (cwd or Path.cwd()) / where if not where.is_absolute() else where
        return str(where.resolve()) if where.is_dir() else typed
    except (OSError, RuntimeError, ValueError):
        return typed
