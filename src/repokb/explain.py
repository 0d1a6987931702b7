"""`repokb explain PATH`: why a file was (or would be) indexed, skipped or blocked.

From the catalog when the file was indexed; for a file inside a skipped directory, the record of
that directory; for a file never indexed, what the walk would record if it leaves the file (or a
folder above it) out, else a live classification (its project root is the nearest folder
holding `.git` or a repository config), which also names the secret-like values redaction
would take out of its whole text (the classifier reads only the head, with a fast finder).
Records hold detector names and lines, never a secret value, so they are safe to print.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from repokb.errors import NotFoundError, path_in_several_projects
from repokb.models import Classification, SkippedPath
from repokb.pipeline.chunk import (
    FileProblem,
    PastTheHead,
    read_limit,
    read_text,
    redaction_note,
    whole_text_findings,
)
from repokb.pipeline.classify import Classifier, Limits
from repokb.pipeline.discover import walk_skip
from repokb.pipeline.run import walk_skip_classification
from repokb.roots import (
    ProjectRoot,
    canonical,
    escaped,
    folder_name,
    present,
    unescaped,
    user_path,
    utf8,
)
from repokb.rules.folders import path_skip
from repokb.rules.repo_config import CONFIG_NAMES
from repokb.rules.tables import PACKAGE_MARKERS
from repokb.secrets.paths import RedactedSourceFile, redact_path
from repokb.stores.catalog import Catalog, Entry


def explain(catalog: Catalog, limits: Limits, raw: str, project: str | None) -> dict[str, Any]:
    """The record of a file given as a path on disk or as an indexed relative path."""
    candidate = user_path(raw)
    on_disk = present(candidate)
    if not on_disk and present(spelled := user_path(unescaped(raw))):
        # a name that is not UTF-8 as the index shows it (`caf\\xe9.py`), which is also how
        # a client of the owner socket sends it (a URL holds text only)
        candidate, on_disk = spelled, True
    if on_disk:
        absolute = candidate.parent.resolve() / candidate.name  # the link itself, not its target
        matches = []
        # the innermost root first: a folder inside a project that is a project of its own is
        # that project's (the outer one's record only says so)
        projects = sorted(catalog.projects().items(), key=lambda p: -len(p[1].parts))
        for name, root in projects:
            if (project is None or name == project) and absolute.is_relative_to(root) \
                    and absolute != root:
                # as spelled on disk first (an NFD twin keeps its own spelling; a name that
                # is not UTF-8 is recorded escaped), then the canonical (NFC) spelling
                rel = absolute.relative_to(root).as_posix()
                rel = rel if utf8(rel) else escaped(rel)
                matches += [(name, redact_path(rel)), (name, redact_path(canonical(rel)))]
        for name, rel in matches:
            record = catalog_record(catalog, name, rel)
            if record is not None:
                return record
    else:
        record = indexed_record(catalog, raw, project)
        if record is not None:
            return record
    if on_disk and candidate.is_file() and not candidate.is_symlink() and utf8(str(absolute)):
        return _live(limits, absolute)
    if not on_disk:
        where = f"in project {project!r}" if project else "in any indexed project"
        raise NotFoundError(f"{escaped(raw)} does not exist: no such file on disk, and no such "
                            f"path {where}.", hint="Check the spelling; an indexed path is "
                            "relative to its project root (<<projects>> lists the projects).")
    raise NotFoundError(f"{escaped(raw)} is not in the catalog.",
                        hint="Index its project first (<<index>>), or name its project with "
                        "<<project>>.")


def indexed_record(catalog: Catalog, rel: str,
                   project: str | None = None) -> dict[str, Any] | None:
    """The catalog's record of a project-relative path, in `project` or the one project that
    has one (a file under a skipped folder: that folder's record); None if none has. Several
    projects with one: an InputError naming them (the first one's record answered, silently,
    for a `README.md` two projects have)."""
    rel = redact_path(canonical(rel))
    names = [project] if project else catalog.project_names()
    found = [record for name in names
             if (record := catalog_record(catalog, name, rel)) is not None]
    if len(found) > 1:
        raise path_in_several_projects(rel, (r["project"] for r in found))
    return found[0] if found else None


def catalog_record(catalog: Catalog, project: str, rel: str) -> dict[str, Any] | None:
    entry = catalog.get(project, rel)
    inside = None
    if entry is None:  # a file under a skipped directory: that directory's record answers
        parts = rel.split("/")
        for i in range(len(parts) - 1, 0, -1):
            parent = catalog.get(project, "/".join(parts[:i]))
            if parent is not None and parent.is_dir:
                entry, inside = parent, parent.path
                break
    if entry is None:
        return None
    return entry_record(entry, rel, inside)


def entry_record(entry: Entry, rel: str | None = None,
                 inside: str | None = None) -> dict[str, Any]:
    """A catalog entry as explain answers it: of `rel` (default: the entry's own path), or of
    a path inside the skipped folder `entry` is (`inside`)."""
    return {"project": entry.project, "path": entry.path if rel is None else rel,
            "status": entry.status, "reason": entry.reason,
            "chunks": 0 if inside else entry.chunks, "inside": inside,
            "classification": entry.classification.to_dict() if entry.classification else None}


def _live(limits: Limits, absolute: Path) -> dict[str, Any]:
    root = _project_root(absolute)
    st = absolute.stat()
    disk = absolute.relative_to(root).parent.as_posix()
    # the .gitattributes of the file's folder and those above it decide too
    classifier = Classifier.for_root(root, limits)
    classifier.read_below(ProjectRoot(root.name, root, "" if disk == "." else disk))
    real = canonical(str(absolute.relative_to(root)))
    rel = redact_path(real)  # a credential in the name is never shown (secrets/paths.py)
    skip = walk_skip(ProjectRoot(root.name, root), real, classifier.config)
    if skip is not None:  # the walk would not read it: say what the walk would record
        inside = skip.path if skip.is_dir else None
        return {"project": folder_name(root), "path": rel, "status": "skipped",
                "reason": skip.reason, "chunks": 0, "inside": inside,
                "classification": walk_skip_classification(skip).to_dict()}
    file = RedactedSourceFile(root.name, root, rel, st.st_size, st.st_mtime_ns, real_path=real)
    c = classifier.classify(file)
    reason = f"classified now, with {root} as the project root"
    c, note = _redaction(file, c, limits)
    if note:
        reason = f"{reason}; {note}"
    return {"project": folder_name(root), "path": rel, "status": "not indexed",
            "reason": reason, "chunks": 0, "inside": None, "classification": c.to_dict()}


def _redaction(file: RedactedSourceFile, c: Classification,
               limits: Limits) -> tuple[Classification, str]:
    """What indexing would redact in a file never indexed, found in its whole text by every
    finder (the classifier read its head with the fast one): what a real run records, or "";
    with the decision a real run records (invalid UTF-8 past the head: metadata only)."""
    if not c.index_policy.admits_content:
        return c, ""
    try:
        text, _ = read_text(file, read_limit(c, limits.max_file_bytes,
                                             limits.max_notebook_bytes))
        found = whole_text_findings(c, text, limits.max_file_bytes)
    except PastTheHead as problem:  # recorded as one whose head shows the bad byte
        return problem.recorded(c), ""
    except FileProblem:  # indexing would record the problem, and index none of it
        return c, ""
    return c, redaction_note(found, c)


def _project_root(absolute: Path) -> Path:
    """Nearest folder with .git or a repository config; else the outermost one holding a
    package manifest (a monorepo's root, not one of its packages); else the file's folder."""
    for parent in absolute.parents:
        if any(os.path.lexists(parent / m) for m in (".git", *CONFIG_NAMES)):
            return parent
    manifests = [p for p in absolute.parents if any((p / m).is_file() for m in PACKAGE_MARKERS)]
    return manifests[-1] if manifests else absolute.parent


def walk_record(project: str, rel: str,
                known: Callable[[str], bool]) -> dict[str, Any] | None:
    """The record of a path the walk leaves out by its name (under `node_modules/`, `.venv/`,
    a `build/` that is no package ...) or for a marker its folder holds (`bin/Debug/`, a
    virtualenv's pyvenv.cfg: rules/folders.py): what `repokb index` records for that folder, for a
    path that was never uploaded (the dashboard leaves those folders out before uploading, by
    the same rule). `known(path)` says whether the project holds that project-relative file
    (the uploaded project's catalog; `rel` itself counts). None otherwise."""
    rel = canonical(rel)
    if (found := path_skip(rel, known)) is None:
        return None
    folder, kind, why = found
    skip = SkippedPath(project, folder, why, kind, is_dir=True)
    return {"project": project, "path": rel, "status": "skipped", "reason": skip.reason,
            "chunks": 0, "inside": folder,
            "classification": walk_skip_classification(skip).to_dict()}
