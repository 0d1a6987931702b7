"""Which project a folder given to index belongs to: one file, one project.

A folder is a project's root, or lies inside one. Indexing a folder that an indexed project's
walk covers (its root, or a folder inside the root that the walk enters) updates that project:
a run of the root, or of that folder only (`ProjectRoot.scope`); another project name for it is
refused, since its files would be stored twice. A folder the project's walk leaves out (a nested
git repository, `node_modules/`, a folder .gitignore'd) is a project of its own, as before. And
the walk of a project leaves the roots of the other projects inside it to them (`boundaries`),
as it leaves a nested git repository to its own project.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from repokb.errors import InputError
from repokb.pipeline.discover import scope_blocked
from repokb.roots import ProjectRoot
from repokb.rules.repo_config import load_repo_config
from repokb.secrets.paths import redact_path


def named_after_folders(roots: list[ProjectRoot], project: str | None) -> list[ProjectRoot]:
    """`roots` named after their folders (no `project` given) with a credential in a folder's
    name redacted, as a file's is (`redact_path`): a checkout cloned into `ghp_...` is stored,
    searched and shown as project `<REDACTED_SECRET_xxxxxxxx>`, never under the token."""
    if project is not None:
        return roots
    return [replace(r, name=redact_path(r.name)) for r in roots]


def real_roots(known: dict[str, Path]) -> dict[str, Path]:
    """The catalog's project roots as real paths today (a root recorded before a symlink was
    put on its way is found where it is now); a root that is not absolute (none is) is left
    out."""
    real: dict[str, Path] = {}
    for name, root in known.items():
        if not root.is_absolute():
            continue
        try:
            real[name] = root.resolve()
        except (OSError, RuntimeError):  # a loop on the way: as recorded
            real[name] = root
    return real


def boundaries(root: ProjectRoot, known: dict[str, Path]) -> ProjectRoot:
    """`root` with the roots of the other projects inside it (`others`): its walk leaves them
    to their projects. A project whose folder is gone is never met, so costs nothing."""
    inside: dict[str, str] = {}
    for name, other in known.items():
        if name == root.name or not other.is_absolute():
            continue
        for spelling in dict.fromkeys((other, *real_roots({name: other}).values())):
            if spelling != root.root and spelling.is_relative_to(root.root):
                inside[str(spelling)] = name
    return replace(root, others=tuple(sorted(inside.items())))


def place(roots: list[ProjectRoot], project: str | None, known: dict[str, Path],
          trusted: bool = True) -> list[ProjectRoot]:
    """The folders `resolve_roots` named, each as the project that indexes it (`project`: the
    name the caller gave, None: none). InputError for a name that would store files twice,
    and for folders given together that overlap. `trusted`: the caller may be told the
    server's folders (a remote caller is told project names only)."""
    real = real_roots(known)
    placed = [_place(root, project, real, trusted) for root in roots]
    _apart(placed, trusted)
    return placed


def _place(root: ProjectRoot, project: str | None, real: dict[str, Path],
           trusted: bool) -> ProjectRoot:
    folder = root.root
    holders = {name: r for name, r in real.items() if folder.is_relative_to(r)}
    if not holders:
        return root
    depth = max(len(r.parts) for r in holders.values())
    inner = sorted(name for name, r in holders.items() if len(r.parts) == depth)
    home = holders[inner[0]]  # the innermost root holding the folder (one folder)
    scope = folder.relative_to(home).as_posix() if folder != home else ""
    here = str(folder) if trusted else "That folder"
    if project is not None:
        name = project if project in inner else None
    elif len(inner) == 1:
        name = inner[0]
    else:  # an older repokb indexed one folder under several names
        name = root.name if root.name in inner else None
        if name is None:
            raise InputError(
                f"{here} is indexed as {len(inner)} projects: {', '.join(inner)}.",
                "Name the one to update with <<project>>; flush the others (they hold the "
                "same files again).")
    if scope:
        owner = ProjectRoot(name or inner[0], home, scope)
        if scope_blocked(owner, load_repo_config(home)) is not None:
            return root  # the project's walk leaves it out: a project of its own, as before
    if name is None:
        raise _twice(here, inner[0], home, scope, project or root.name, trusted)
    return ProjectRoot(name, home, scope)


def _twice(here: str, owner: str, home: Path, scope: str, wanted: str,
           trusted: bool) -> InputError:
    where = f" ({home})" if trusted else ""
    if not scope:
        return InputError(
            f"{here} is already indexed as project {owner!r}: as project {wanted!r} its files "
            "would be stored twice.",
            f"Leave out <<project>> (or give it {owner!r}) to update project {owner!r}. To "
            f"rename the project, flush project {owner!r} first, then index the folder under "
            "the new name.",
            log_detail=f"{home} is project {owner!r}, asked as {wanted!r}")
    return InputError(
        f"{here} lies inside project {owner!r}{where}, whose index holds the files under it: "
        f"as project {wanted!r} they would be stored twice.",
        f"Leave out <<project>> (or give it {owner!r}) to update the files of project "
        f"{owner!r} in that folder. To make the folder a project of its own, flush project "
        f"{owner!r} first, index the folder, then index the root of project {owner!r} again: "
        "it leaves the folder to its project.",
        log_detail=f"{home / scope} lies in project {owner!r} ({home}), asked as {wanted!r}")


def _apart(roots: list[ProjectRoot], trusted: bool) -> None:
    """InputError when two folders given together are one, or one lies inside another whose
    walk covers it (each file would be indexed twice)."""
    for i, a in enumerate(roots):
        for b in roots[i + 1:]:
            one, other = a.folder, b.folder
            if a.name == b.name and a.root != b.root:
                raise InputError(f"Two paths would both be project {a.name!r}.",
                                 "Index them separately, each with its own name "
                                 "(<<project>>).")
            if one == other:
                raise InputError(
                    f"{one} is given twice (as {a.name!r} and {b.name!r})." if trusted
                    else "The same folder is given twice.", "Give each folder once.")
            if other.is_relative_to(one):
                outer, inner = a, b
            elif one.is_relative_to(other):
                outer, inner = b, a
            else:
                continue
            if _leaves_out(outer, inner):
                continue
            o, n = (str(outer.folder), str(inner.folder)) if trusted else ("one", "the other")
            raise InputError(
                f"{n} lies inside {o}, also given: its files would be indexed twice." if trusted
                else "Two folders given overlap: one lies inside the other, also given.",
                f"Index {o} alone (it covers {n}); or, to make {n} a project of its own, index "
                f"it first and {o} after (which then leaves it to its project).")


def _leaves_out(outer: ProjectRoot, inner: ProjectRoot) -> bool:
    """Whether the walk of `outer` leaves out the folder of `inner` (a nested repository, a
    skipped directory ...): then both can be indexed together."""
    scope = os.path.relpath(inner.folder, outer.root).replace(os.sep, "/")
    probe = ProjectRoot(outer.name, outer.root, scope)
    return scope_blocked(probe, load_repo_config(outer.root)) is not None
