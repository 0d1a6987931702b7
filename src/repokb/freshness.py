"""How fresh a project's index is: when its last run ended and what changed on disk since.

Changed and deleted files: the check an incremental run starts with (size + mtime of every
recorded file, no reading), a `stat` per file, through plain strings (a pathlib path per file
cost more than its stat).

Added files, without a walk: a run records each folder it listed with its mtime, which moves
when an entry is added, removed or renamed in it. A check stats those folders too and lists
only the ones whose mtime moved (or was too recent to trust when recorded: discover.RACY_NS);
an entry there that the catalog does not record is judged by the walk's own rules (.gitignore,
node_modules and other skipped folders, symlinks: discover.unrecorded) and then by the
classifier: it is "added" if the next run would index its content (a new `.pyc` or `.env` is
not). A new folder is walked whole, at most `ADDED_LOOK` entries per check. Django's 6,812
files and 3,238 folders: about 40 ms of CPU a check (bench/freshness_cost.py).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from repokb.models import SourceFile
from repokb.roots import ProjectRoot, escaped, utf8
from repokb.secrets.paths import disk_name, disk_path, redact_path
from repokb.stores.catalog import Catalog

ADDED_LOOK = 2000  # entries of moved folders judged per project and check, at most
EXAMPLES = 5


def project_freshness(catalog: Catalog, names: list[str] | None = None,
                      now: float | None = None) -> list[dict[str, Any]]:
    """One record per project (all, or `names` that exist): root, indexed_at, seconds since,
    files recorded, files changed, deleted and added on disk since, a few of their paths.
    `added_since_index` is None when the project's last run recorded no folders (a catalog
    written before they were: its next run does); `added_more` says the count stopped at
    `ADDED_LOOK` entries looked at."""
    now = time.time() if now is None else now
    out = []
    for row in catalog.project_rows():
        if names is not None and row["name"] not in names:
            continue
        root = Path(row["root"])
        files = catalog.file_stats(row["name"])
        changed, deleted = _changes(root, files)
        added, more = _added(catalog, row["name"], root)
        indexed_at = row["indexed_at"]
        out.append({
            "project": row["name"], "root": row["shown_root"], "indexed_at": indexed_at,
            "seconds_since_index": round(now - indexed_at, 1) if indexed_at else None,
            "files_recorded": len(files), "root_exists": root.is_dir(),
            "changed_since_index": len(changed), "deleted_since_index": len(deleted),
            "changed_examples": sorted(changed)[:EXAMPLES] + sorted(deleted)[:EXAMPLES],
            "added_since_index": None if added is None else len(added),
            "added_examples": sorted(added or [])[:EXAMPLES], "added_more": more,
        })
    return out


def _added(catalog: Catalog, project: str, root: Path) -> tuple[list[str] | None, bool]:
    """The files added under `root` since the project's last run that it would index (None:
    no folders recorded), and whether the look stopped at ADDED_LOOK entries."""
    folders = catalog.folder_stats(project)
    if not folders:
        return None, False
    if not root.is_dir():
        return [], False
    at = str(root)
    moved = [path for path, mtime_ns in folders if _moved(disk_name(at, path), mtime_ns)]
    if not moved:  # the common case: one stat per folder, nothing listed
        return [], False
    recorded: set[str] = set()
    for path in ([""] if "" in moved else moved):  # (the root's covers every other)
        recorded |= catalog.recorded_under(project, path)
    # a moved folder whose names are all recorded (an entry removed, a file saved by rename,
    # a checkout) costs one listing: the walk's rules, and git, are for the others
    on_disk = [rel for path in sorted(moved)
               if _unknown_names(root, rel := _disk_rel(root, path), path, recorded)]
    if not on_disk:
        return [], False
    # the walk's rules and the classifier, for a folder that holds new names: the common case
    # above (and a search, which asks no freshness) does not import the pipeline
    from repokb.pipeline.classify import Classifier
    from repokb.pipeline.discover import unrecorded
    from repokb.pipeline.projects import boundaries

    new: list[SourceFile] = []
    more = False
    where = boundaries(ProjectRoot(project, root), catalog.projects())
    for looked, item in enumerate(unrecorded(where, on_disk, recorded.__contains__), 1):
        if looked > ADDED_LOOK:
            more = True
            break
        if isinstance(item, SourceFile):  # (else left out by the walk: a skipped folder, an
            new.append(item)              # ignored file, a link)
    if not new:
        return [], more
    classifier = Classifier.for_root(root)
    classifier.read_below(where, new, [(item.path.rpartition("/")[0],  # as a run reads them
                                        (item.disk_path or item.path).rpartition("/")[0])
                                       for item in new])
    return [item.path for item in new
            if classifier.classify(item).index_policy.admits_content], more


def _disk_rel(root: Path, recorded: str) -> str:
    """A recorded folder's path relative to the root as on disk (a redacted name found)."""
    return str(disk_path(root, recorded).relative_to(root)).replace(os.sep, "/") if recorded \
        else ""


def _unknown_names(root: Path, folder: str, recorded_as: str, recorded: set[str]) -> bool:
    """Whether the folder holds an entry under a name the catalog does not record (as the
    walk names it: NFC, or escaped when not UTF-8; redacted)."""
    from repokb.pipeline.discover import record_names

    try:
        listed = os.listdir(root / folder)
    except OSError:
        return False
    names = record_names([n for n in listed if utf8(n)])
    prefix = f"{recorded_as}/" if recorded_as else ""
    return any(prefix + redact_path(names.get(n, escaped(n))) not in recorded for n in listed)


def _moved(folder: str, mtime_ns: int | None) -> bool:
    """Whether a recorded folder may hold entries added since it was listed (gone: no; its
    files are counted deleted, and its parent's mtime moved)."""
    try:
        st = os.lstat(folder)
    except OSError:
        return False
    return mtime_ns is None or st.st_mtime_ns != mtime_ns


def file_changed(root: Path, path: str, size: int | None, mtime_ns: int | None) -> bool | None:
    """Whether one recorded file changed or went away on disk (None: recorded without a
    size/mtime)."""
    if size is None or mtime_ns is None:
        return None
    state = _differs(disk_path(root, path), size, mtime_ns)
    return True if state is None else state


def _changes(root: Path, files: list[tuple[str, int | None, int | None]]) -> tuple[list[str],
                                                                                   list[str]]:
    changed: list[str] = []
    deleted: list[str] = []
    if not root.is_dir():
        return changed, [p for p, _, _ in files]
    at = str(root)
    for path, size, mtime_ns in files:
        if size is None or mtime_ns is None:
            continue
        state = _differs(disk_name(at, path), size, mtime_ns)
        if state is None:
            deleted.append(path)
        elif state:
            changed.append(path)
    return changed, deleted


def _differs(path: Path | str, size: int, mtime_ns: int) -> bool | None:
    """True when changed, False when not, None when gone (the walk's lstat, not following)."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return st.st_size != size or st.st_mtime_ns != mtime_ns
