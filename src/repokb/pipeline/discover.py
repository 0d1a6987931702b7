"""Stage 1 — discover: walk project roots and yield files with canonical paths.

Whole directories that hold no project knowledge (.git, node_modules, virtualenvs, build output,
git submodules) are skipped without being walked and recorded once; so is the root of another
indexed project inside this one (`ProjectRoot.others`): its files are that project's. Symlinks
are never followed: a link to a file inside the root is indexed at the target's own path, one
outside is refused, and directory links are not entered, so loops cannot happen. A run of one
folder inside the root (`ProjectRoot.scope`) walks only that folder, judged as the whole walk
would judge it (the .gitignore files above it apply).
"""

from __future__ import annotations

import os
import stat
import time
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from fnmatch import fnmatchcase
from pathlib import Path

from repokb.models import HOME_CATALOG, HOME_STORE, PROC_FD, SkippedPath, SourceFile
from repokb.pipeline.ignore import (
    IgnoreRules,
    git_above,
    git_submodules,
    git_tracked,
    shipped_sdist,
)
from repokb.roots import ProjectRoot, canonical, escaped, utf8
from repokb.rules import distapi
from repokb.rules.folders import in_listing, marker_skip, name_skip, on_disk, reopened
from repokb.rules.repo_config import RepoConfig
from repokb.rules.tables import SKIP_DIR_SUFFIXES, SKIP_DIRS, SKIPPED_DIR_FILES
from repokb.secrets.paths import RedactedSourceFile, redact_path


def record_names(names: list[str]) -> dict[str, str]:
    """The name each entry of one folder is recorded under: its NFC form, except that two
    entries spelling one name differently (NFC and NFD, both possible on Linux) never share a
    record: the NFC spelling on disk keeps the NFC name, the others keep their own."""
    taken: dict[str, str] = {}
    by_nfc: dict[str, list[str]] = {}
    for name in names:
        by_nfc.setdefault(unicodedata.normalize("NFC", name), []).append(name)
    for nfc, spellings in by_nfc.items():
        first = nfc if nfc in spellings else spellings[0]
        for name in spellings:
            taken[name] = nfc if name == first else name
    return taken


Folders = dict[str, int | None]  # folder as recorded (redacted) -> its mtime_ns when listed


def discover(project: ProjectRoot, config: RepoConfig | None = None,
             folders: Folders | None = None) -> Iterator[SourceFile | SkippedPath]:
    """Yield every file under the root (sorted, deterministic) or the reason it was left out;
    with a scope, every file under that folder of the root.

    A vendor override in the repository config opens the skipped directory it points into;
    the classifier then decides each file there (the override, or vendor). `folders`, if
    given, receives each folder walked with its mtime taken just before it was listed (None
    when that mtime is too recent to tell a later addition from it: `RACY_NS`), so a later
    check can tell which folders had entries added since (freshness.py).
    """
    rules = IgnoreRules.of(project.root)
    walk = _Walk(folders, time.time_ns() - RACY_NS) if folders is not None else None
    if not project.scope:
        yield from _walk(project, project.root, "", rules, config, walk)
        return
    rel, blocked = _descend(project, rules, config)
    if blocked is not None:  # the folder is one the whole walk leaves out (changed since)
        kind, reason, owner = blocked
        yield _skip(project, rel, reason, kind, True, owner)
        return
    yield from _walk(project, project.folder, rel, rules, config, walk)


# A folder's mtime within this long of the walk's start may be shared by an entry added just
# after the listing (timestamps are as coarse as the kernel's tick, or seconds on some file
# systems): such a folder is recorded without one and listed on every check (git's "racy" rule).
RACY_NS = 2_000_000_000


@dataclass
class _Walk:
    """What a walk records on its way: the folders it listed (`discover`'s `folders`), and the
    entries of its first folder to visit (`unrecorded`'s filter; None: all)."""

    folders: Folders | None = None
    racy_after_ns: int = 0
    keep: Callable[[str], bool] | None = None


def unrecorded(project: ProjectRoot, folders: list[str], recorded: Callable[[str], bool],
               config: RepoConfig | None = None) -> Iterator[SourceFile | SkippedPath]:
    """What the walk would yield for the entries of each of `folders` (relative, as on disk)
    whose recorded path (`redact_path` of the walk's name) `recorded` does not know: a new
    file as the walk yields it, a new folder walked whole, each judged by the walk's own
    rules (.gitignore, skipped folders, symlinks). Entries that are recorded are not entered.
    `git ls-files` runs once for all of them."""
    tracked, submodules = git_tracked(project.root), git_submodules(project.root)
    above = git_above(project.root)
    honoured = not shipped_sdist(project.root, tracked)
    for folder in folders:
        rules = IgnoreRules(tracked, submodules, above, honoured)
        scoped = replace(project, scope=folder)
        rel, blocked = _descend(scoped, rules, config) if folder else ("", None)
        if blocked is not None:
            continue
        walk = _Walk(keep=lambda name: not recorded(redact_path(name)))
        yield from _walk(project, scoped.folder, rel, rules, config, walk)


def scope_blocked(project: ProjectRoot, config: RepoConfig | None = None) -> str | None:
    """Why the walk of the whole root would leave out the folder `project.scope` (the reason
    it records for the first folder on the way that it leaves out), or None if it walks it."""
    _, blocked = _descend(project, IgnoreRules.of(project.root), config)
    return None if blocked is None else blocked[1]


def walk_skip(project: ProjectRoot, rel: str,
              config: RepoConfig | None = None) -> SkippedPath | None:
    """What the walk of the whole root would record instead of the file at `rel` (relative,
    as on disk): the skip of the first folder above it that it leaves out, or the file's own
    .gitignore skip; None when the walk would yield the file. For `repokb explain` of a file
    never indexed, so it answers as the walk would."""
    folder, _, _ = rel.rpartition("/")
    rules = IgnoreRules.of(project.root)
    recorded = ""
    if folder:
        recorded, blocked = _descend(replace(project, scope=folder), rules, config)
        if blocked is not None:
            kind, reason, owner = blocked
            return _skip(project, recorded, reason, kind, True, owner)
    rules.push(recorded, project.root / folder)  # the file's own folder's .gitignore
    if ignored := rules.reason(rel, is_dir=False):
        return _skip(project, rel, ignored, "unknown", False)
    return None


def scope_record(project: ProjectRoot) -> str:
    """The scope's path as the walk records it (the names of `record_names`)."""
    return _descend(project, IgnoreRules(), None, judge=False)[0]


def _descend(project: ProjectRoot, rules: IgnoreRules, config: RepoConfig | None,
             judge: bool = True) -> tuple[str, tuple[str, str, str] | None]:
    """Go down from the root to the scope as the walk would: the scope's recorded path, and
    (kind, reason, owner) for the first folder on the way the walk leaves out (None: none).
    The .gitignore files above the scope are read into `rules` on the way."""
    abs_dir, rel_dir = project.root, ""
    for name in project.scope.split("/"):
        if judge:
            rules.push(rel_dir, abs_dir)
        try:
            names = record_names([n for n in os.listdir(abs_dir) if utf8(n)])
        except OSError:
            names = {}
        shown = names.get(name, canonical(name))
        rel = f"{rel_dir}/{shown}" if rel_dir else shown
        path = abs_dir / name
        if judge:
            blocked = _folder_blocked(project, name, str(path), rel, rules, config)
            if blocked is not None:
                return rel, blocked
        abs_dir, rel_dir = path, rel
    return rel_dir, None


def _folder_blocked(project: ProjectRoot, name: str, path: str, rel: str, rules: IgnoreRules,
                    config: RepoConfig | None) -> tuple[str, str, str] | None:
    """(kind, reason, owner) when the walk leaves out the folder at `path` (a link, gone, or a
    directory it skips), None when it walks it."""
    if os.path.islink(path):
        return "unknown", "directory symlink: not followed (avoids loops and twins)", ""
    if not os.path.isdir(path):
        return "unknown", "no longer a folder", ""
    reason = _folder_reason(project, name, path, rel, rules, config)
    return None if reason is None else (*reason, project.owner(path) or "")


def _folder_reason(project: ProjectRoot, name: str, path: str, rel: str, rules: IgnoreRules,
                   config: RepoConfig | None,
                   listed: list[os.DirEntry[str]] | None = None) -> tuple[str, str] | None:
    """(kind, reason) when the walk does not enter the folder (not a link) at `path`;
    `listed`: its entries, when the walk has listed it (what it holds is read from them;
    `_visit` found it no submodule and not .gitignored before listing it)."""
    if (owner := project.owner(path)) is not None:
        return "unknown", f"indexed as project {owner!r}: its own project boundary"
    reason = _dir_skip_reason(name, path, rel, rules, listed)
    if reason and reopened(name, rel, config):
        return None
    return reason


def _skip(project: ProjectRoot, rel: str, reason: str, kind: str, is_dir: bool,
          owner: str = "") -> SkippedPath:
    return SkippedPath(project=project.name, path=redact_path(rel), reason=reason, kind=kind,
                       is_dir=is_dir, owner=owner)


def _walk(
    project: ProjectRoot, abs_dir: Path, rel_dir: str, rules: IgnoreRules,
    config: RepoConfig | None, walk: _Walk | None = None, judged: str = "",
) -> Iterator[SourceFile | SkippedPath]:
    """Walk the folder; `judged` (its name): first decide from its listing whether the walk
    leaves it out (`_folder_reason`: its markers read from the listing, not asked of the
    disk one by one)."""
    if not _inside(project.root, abs_dir):
        yield _skip(project, rel_dir or ".", "folder now leads outside the project root "
                    "(a symlink swapped in during the walk): not entered", "unknown", True)
        return
    keep = walk.keep if walk is not None else None
    mtime: int | None = None
    try:
        if walk is not None and walk.folders is not None:  # before the listing: an entry
            mtime = os.stat(abs_dir).st_mtime_ns  # added after it moves it
        entries = sorted(os.scandir(abs_dir), key=lambda e: e.name)
    except OSError as exc:
        left = judged and _folder_reason(project, judged, str(abs_dir), rel_dir, rules, config)
        yield (_skip(project, rel_dir, left[1], left[0], True) if left else
               _skip(project, rel_dir or ".", f"unreadable directory: {exc.strerror}",
                     "unknown", True))
        return
    if judged and (left := _folder_reason(project, judged, str(abs_dir), rel_dir, rules,
                                          config, entries)):
        yield _skip(project, rel_dir, left[1], left[0], True, project.owner(str(abs_dir)) or "")
        return
    if walk is not None and walk.folders is not None and mtime is not None:
        walk.folders[redact_path(rel_dir)] = None if mtime > walk.racy_after_ns else mtime
    # the listing says whether a .gitignore is there: no stat of a missing one per folder
    pushed = rules.push(rel_dir, abs_dir) if any(e.name == ".gitignore" for e in entries) else 0
    try:
        names = record_names([e.name for e in entries if utf8(e.name)])
        for entry in entries:
            if entry.name not in names:
                rel = f"{rel_dir}/{escaped(entry.name)}" if rel_dir else escaped(entry.name)
                if keep is not None and not keep(rel):
                    continue
                yield _skip(project, rel, "name is not valid UTF-8: recorded, not indexed "
                            "(rename it to index it)", "unknown", entry.is_dir())
                continue
            name = names[entry.name]
            rel = f"{rel_dir}/{name}" if rel_dir else name
            if keep is not None and not keep(rel):
                continue
            yield from _visit(project, entry, rel, rules, config, walk)
    finally:
        rules.pop(pushed)


def _kept_files(project: ProjectRoot, folder: os.DirEntry[str],
                rel: str) -> Iterator[SourceFile]:
    """The files of a folder left out that the classifier still judges (tables.
    SKIPPED_DIR_FILES: a Gradle user home's gradle.properties, blocked as credentials; a
    JetBrains project's shared `.idea/runConfigurations/*.xml`, read)."""
    for name in SKIPPED_DIR_FILES.get(folder.name, ()):
        for found in _named_files(folder.path, name):
            try:
                st = os.lstat(os.path.join(folder.path, found))
            except OSError:
                continue
            if stat.S_ISREG(st.st_mode):
                yield SourceFile(project=project.name, root=project.root,
                                 path=f"{rel}/{found}", size=st.st_size,
                                 mtime_ns=st.st_mtime_ns)


def _named_files(folder: str, name: str) -> list[str]:
    """`name` itself, or for `sub/*.xml` the files of `folder/sub` so named (sorted; none when
    `sub` is missing or not a folder: a symlink to one is not followed out of the project)."""
    sub, _, pattern = name.rpartition("/")
    if not sub:
        return [name]
    try:
        if not stat.S_ISDIR(os.lstat(os.path.join(folder, sub)).st_mode):
            return []
        with os.scandir(os.path.join(folder, sub)) as listing:
            names = [e.name for e in listing if fnmatchcase(e.name, pattern)]
    except OSError:
        return []
    return [f"{sub}/{n}" for n in sorted(names)]


def _inside(root: Path, folder: Path) -> bool:
    """Whether a folder, symlinks resolved now, still lies in the (real) project root: checked
    on entering each folder, so a folder replaced by a symlink after it was listed is not
    followed out of the project."""
    if PROC_FD:  # Linux: the folder itself opened (not followed if a link), then named
        try:
            handle = os.open(folder, os.O_PATH | os.O_NOFOLLOW | os.O_DIRECTORY)
        except OSError:  # a symlink (or no longer a folder): not entered
            return False
        try:
            real = os.readlink(f"{PROC_FD}/{handle}")
        finally:
            os.close(handle)
    else:
        real = os.path.realpath(folder)
    return real == str(root) or real.startswith(str(root).rstrip(os.sep) + os.sep)


def _visit(
    project: ProjectRoot, entry: os.DirEntry[str], rel: str, rules: IgnoreRules,
    config: RepoConfig | None, walk: _Walk | None = None,
) -> Iterator[SourceFile | SkippedPath]:
    try:
        if entry.is_symlink():
            yield _symlink(project, entry, rel)
            return
        if entry.is_dir(follow_symlinks=False):
            # left out for its name, as another project's root, a submodule or .gitignored:
            # judged without listing it (a .gitignored folder may hold a million files);
            # else judged on its listing, read once for that and for its walk
            reason = (None if _listed_first(project, entry, rel, rules) else
                      _folder_reason(project, entry.name, entry.path, rel, rules, config))
            if reason:
                yield _skip(project, rel, reason[1], reason[0], True,
                            project.owner(entry.path) or "")
                yield from _kept_files(project, entry, rel)
            else:  # (a folder below is walked whole: the filter is for the first one only)
                below = replace(walk, keep=None) if walk is not None and walk.keep else walk
                yield from _walk(project, Path(entry.path), rel, rules, config, below,
                                 judged=entry.name)
            return
        st = entry.stat(follow_symlinks=False)
    except OSError as exc:
        yield _skip(project, rel, f"cannot stat: {exc.strerror}", "unknown", False)
        return
    if not stat.S_ISREG(st.st_mode):
        yield _skip(project, rel, "not a regular file (socket, fifo or device)", "unknown", False)
    elif ignored := rules.reason(rel, is_dir=False):
        yield _skip(project, rel, ignored, "unknown", False)
    elif (shown := redact_path(rel)) != rel:  # a credential in the name: never stored as is
        yield RedactedSourceFile(project=project.name, root=project.root, path=shown,
                                 size=st.st_size, mtime_ns=st.st_mtime_ns, real_path=rel)
    else:
        disk = _relative(entry.path, project.root)
        yield SourceFile(project=project.name, root=project.root, path=rel,
                         size=st.st_size, mtime_ns=st.st_mtime_ns,
                         disk_path=disk if disk != rel else "")


def _listed_first(project: ProjectRoot, entry: os.DirEntry[str], rel: str,
                  rules: IgnoreRules) -> bool:
    """Whether the folder is judged on its listing: none of the reasons that need no listing
    applies (its name, tables.SKIP_DIRS and SKIP_DIR_SUFFIXES; another project's root; a
    submodule of .gitmodules; .gitignore). Those are judged as before, asking the disk."""
    return not (entry.name in SKIP_DIRS or any(entry.name.endswith(s) for s in SKIP_DIR_SUFFIXES)
                or project.owner(entry.path) is not None or rel in rules.submodules
                or rules.reason(rel, is_dir=True))


def _relative(path: str, root: Path) -> str:
    """`path` (a walked entry's: the root's own string joined with names) relative to the
    root, POSIX separators; a plain slice where os.path.relpath normalised both paths first."""
    prefix = str(root).rstrip(os.sep) + os.sep
    rel = path[len(prefix):] if path.startswith(prefix) else os.path.relpath(path, root)
    return rel.replace(os.sep, "/")


def skipped_by_name(folder: str,
                    holds: Callable[[str], bool] | None = None) -> tuple[str, str] | None:
    """(kind, reason) when the walk leaves a folder out by its name (`node_modules`, `.git`,
    `build` ...; rules/folders.py name_skip), None otherwise: a folder named like build output
    that holds one of its `source_markers` (a Python package, documentation sources) is
    walked. `holds(name)` says whether the folder holds that file; by default the disk
    answers. `repokb watch` ignores changes under the same folders; an uploaded project's
    explain asks its catalog, and the dashboard applies the same rule to the files it chose
    (client-config's source_markers)."""
    name = os.path.basename(folder)
    if name not in SKIP_DIRS or (holds is None and distapi.walked(name, os.path.dirname(folder))):
        return None
    return name_skip(name, holds or on_disk(folder))


def _dir_skip_reason(name: str, path: str, rel: str, rules: IgnoreRules,
                     listed: list[os.DirEntry[str]] | None = None) -> tuple[str, str] | None:
    names: set[str] | None = None
    if listed is None:
        holds = on_disk(path)
    else:  # (what it holds read from the listing: no marker asked of the disk unlisted)
        names = {e.name for e in listed}
        holds = in_listing(path, names, listed)

    def has(name: str) -> bool:  # (the disk is asked only for a name the listing holds)
        return names is None or name in names

    if (by_name := name_skip(name, holds)) and not distapi.walked(name, os.path.dirname(path)):
        return by_name  # (a dist-only package's dist/ is walked: its API is kept from it)
    # by what it holds (a virtualenv, a crate cargo vendor copied, bin/Debug ...): the one
    # table every surface asks (rules/folders.py)
    if by_marker := marker_skip(name, holds):
        return by_marker
    if (has(HOME_CATALOG) and os.path.isfile(os.path.join(path, HOME_CATALOG))
            and os.path.isdir(os.path.join(path, HOME_STORE))):
        return "build_artifact", ("skipped directory: a repokb home (REPOKB_HOME): its store "
                                  "and catalog are repokb's own state, not knowledge")
    if has(".git") and os.path.exists(os.path.join(path, ".git")):
        return "vendor", "git submodule or nested repository: its own project boundary"
    if listed is not None:  # (`_visit` asked the rest before listing it: `_listed_first`)
        return None
    if rel in rules.submodules:
        return "vendor", ("git submodule (listed in .gitmodules, no .git here: a source archive's "
                          "copy): its own project boundary")
    if ignored := rules.reason(rel, is_dir=True):
        return "unknown", f"skipped directory: {ignored}"
    return None


def _symlink(project: ProjectRoot, entry: os.DirEntry[str], rel: str) -> SkippedPath:
    try:
        target = Path(entry.path).resolve(strict=True)
    except (OSError, RuntimeError):  # RuntimeError: symlink loop on older Pythons
        return _skip(project, rel, "broken or looping symlink", "unknown", False)
    if not target.is_relative_to(project.root):
        return _skip(project, rel, "symlink pointing outside the project root: not followed",
                     "unknown", target.is_dir())
    if target.is_dir():
        return _skip(project, rel, "directory symlink: not followed (avoids loops and twins)",
                     "unknown", True)
    own = canonical(str(target.relative_to(project.root)))
    return _skip(project, rel, f"symlink to {redact_path(own)}: indexed once at its own path",
                 "unknown",
                 False)
