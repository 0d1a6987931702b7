"""The .gitignore rules of a walk: each file applies below its own folder, to what git does not
track (a tracked file a rule matches is still part of the repository). And the submodules the
root's .gitmodules lists: other projects' folders, also where no `.git` marks them (an sdist)."""

from __future__ import annotations

import os
import re
import subprocess
from functools import cached_property
from pathlib import Path

import pathspec


def _gitignore_spec(lines: list[str]) -> pathspec.GitIgnoreSpec:
    """The patterns of one .gitignore. Git skips a line it cannot parse (a lone `!`, as in
    black's test data) and keeps the others: so does this, instead of failing the walk."""
    try:
        return pathspec.GitIgnoreSpec.from_lines(lines)
    except ValueError:
        return pathspec.GitIgnoreSpec.from_lines([ln for ln in lines if _parses(ln)])


class _Patterns:
    """One .gitignore's patterns as git reads them: a pattern speaks of a path itself (a file,
    or a folder with a pattern that may name one), the last one that does decides, and a
    negation (`!keep.log`) decides too, so a deeper file's negation re-includes what a file
    above ignores. pathspec parses the lines (git's escapes, trailing spaces, `**`); its
    matcher answers for files under folders rather than for a folder itself, and lets a
    folder pattern's negation (`!*/`) lose to the `*` it follows."""

    def __init__(self, lines: list[str]) -> None:
        self._rules: list[tuple[re.Pattern[str], bool]] = []
        for pattern in _gitignore_spec(lines).patterns:
            regex = getattr(pattern, "regex", None)
            if pattern.include is None or regex is None:
                continue  # a blank line or a comment
            text = regex.pattern
            if text == ".":  # `*`, `**`: pathspec's "anything" (it searches)
                text = ".+"
            elif text.endswith("/"):  # `dir/**`: a prefix to pathspec, everything inside
                text += ".+"
            elif str(getattr(pattern, "pattern", "")).rstrip().endswith("/**/"):
                text = text.removesuffix("(?P<ps_d>/)") + "/.+/"  # the folders inside only
            self._rules.append((re.compile(f"(?:{text})$"), pattern.include))
        self._rules.reverse()  # the last line first

    def verdict(self, rel_path: str, is_dir: bool) -> bool | None:
        """True: ignored; False: re-included by a negation; None: no pattern speaks of it."""
        subject = rel_path + "/" if is_dir else rel_path
        for regex, include in self._rules:
            if regex.search(subject):
                return include
        return None


def _parses(line: str) -> bool:
    try:
        pathspec.GitIgnoreSpec.from_lines([line])
    except ValueError:
        return False
    return True


def git_tracked(root: Path) -> frozenset[str] | None:
    """The files git tracks under `root` (POSIX, relative to it), or None when `root` is not in
    a git work tree or git cannot say. .gitignore applies to untracked files only: a tracked
    file it matches is still part of the repository. Repository config cannot run a command
    here (fsmonitor off, no hooks), and the user's GIT_* variables do not redirect it."""
    if not any((d / ".git").exists() for d in (root, *root.parents)):
        return None
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    try:
        done = subprocess.run(
            ["git", "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null",
             "--no-optional-locks", "-C", str(root), "ls-files", "-z", "--cached"],
            capture_output=True, timeout=30, env=env, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    names = done.stdout.decode("utf-8", errors="surrogateescape").split("\0")
    return frozenset(n for n in names if n)


_SUBMODULE_PATH = re.compile(r'^\s*path\s*=\s*"?(.*?)"?\s*$', re.MULTILINE)
GITMODULES_MAX_BYTES = 1_000_000


def git_submodules(root: Path) -> frozenset[str]:
    """The folders (POSIX, relative to `root`) its `.gitmodules` lists as submodules: each is
    another project's code, left out of the walk whether or not a checkout put a `.git` in it
    (an sdist or a tarball of a repository keeps the files, not the `.git`: numpy's sdist
    ships meson, Highway, SVML ... as plain folders). Empty when there is none or it cannot
    be read."""
    try:
        with open(root / ".gitmodules", "rb") as fh:
            text = fh.read(GITMODULES_MAX_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return frozenset()
    paths = (m.group(1).strip().strip("/") for m in _SUBMODULE_PATH.finditer(text))
    return frozenset(p.removeprefix("./") for p in paths if p and p not in (".", ".."))


def shipped_sdist(root: Path, tracked: frozenset[str] | None) -> bool:
    """Whether `root` is an unpacked Python sdist (`PKG-INFO` at its top, outside any git work
    tree): its files are the ones the build backend chose, which leaves out what .gitignore
    ignores unless the project asked for it (hatch's and setuptools-scm's), so a file that is
    there and a rule ignores was shipped on purpose: cyclopts 5.4.0's sdist ships its
    README.md, which its .gitignore's `/*.md` (scratch notes at the top) would drop."""
    return tracked is None and (root / "PKG-INFO").is_file()


IGNORE_MAX_BYTES = 1_000_000
# (folder the rules speak from, relative to the root: "" above it, the path that leads from
# the folder they speak from to the root's files: "" below it, the rules, the file they come
# from relative to the root: `.gitignore`, `sub/.gitignore`, `../.gitignore`,
# `.git/info/exclude`, named in the reason a skip records)
_Spec = tuple[str, str, _Patterns, str]


def git_above(root: Path) -> list[_Spec]:
    """What git also reads for the files of a `root` in a git work tree: the repository's
    `info/exclude` (a clone's own list of local files: scratch notes, local settings) and the
    .gitignore of each folder from the work tree's top down to the root's parent (indexing
    `repo/src` still leaves out what `repo/.gitignore` ignores in it), lowest priority
    first, as git weighs them. Empty outside a work tree."""
    top = next((d for d in (root, *root.parents) if (d / ".git").exists()), None)
    if top is None:
        return []
    parts = root.relative_to(top).parts
    specs: list[_Spec] = []
    exclude = _lines(_git_dir(top / ".git") / "info" / "exclude")
    if exclude:
        specs.append(("", "".join(f"{p}/" for p in parts), _Patterns(exclude),
                      "../" * len(parts) + ".git/info/exclude"))
    for depth in range(len(parts)):  # the top, then down to the root's parent
        lines = _lines(top.joinpath(*parts[:depth]) / ".gitignore")
        if lines:
            specs.append(("", "".join(f"{p}/" for p in parts[depth:]), _Patterns(lines),
                          "../" * (len(parts) - depth) + ".gitignore"))
    return specs


def _git_dir(dot_git: Path) -> Path:
    """The repository's common folder (where `info/` is) for a work tree's `.git`: itself, or
    where a worktree's or submodule's `.git` file points (`gitdir: ...`, then `commondir`)."""
    if not dot_git.is_file():
        return dot_git
    text = "\n".join(_lines(dot_git) or [])
    found = re.search(r"^gitdir:\s*(.+?)\s*$", text, re.MULTILINE)
    if not found:
        return dot_git
    gitdir = (dot_git.parent / found.group(1)).resolve()
    common = _lines(gitdir / "commondir")
    return (gitdir / common[0].strip()).resolve() if common else gitdir


def _lines(path: Path) -> list[str] | None:
    try:
        with open(path, "rb") as fh:
            return fh.read(IGNORE_MAX_BYTES).decode("utf-8", errors="replace").splitlines()
    except OSError:
        return None


class IgnoreRules:
    """The .gitignore files met on the way down, each applying below its own directory, to
    files git does not track (and folders holding none it tracks), after those git reads
    above the root (`git_above`); and the submodule folders listed in the root's .gitmodules
    (`submodules`)."""

    def __init__(self, tracked: frozenset[str] | None = None,
                 submodules: frozenset[str] = frozenset(),
                 above: list[_Spec] | None = None, honoured: bool = True) -> None:
        self._honoured = honoured
        self._specs: list[_Spec] = list(above or ())
        self._tracked = tracked or frozenset()
        self.submodules = submodules
        self._ignored_folders: dict[str, str | None] = {}

    @classmethod
    def of(cls, root: Path) -> IgnoreRules:
        """The rules a walk of the project at `root` starts with: what git tracks there, the
        submodules its .gitmodules lists, and what git reads above it; no .gitignore at all
        for a Python sdist (`shipped_sdist`)."""
        tracked = git_tracked(root)
        return cls(tracked, git_submodules(root), git_above(root),
                   honoured=not shipped_sdist(root, tracked))

    @cached_property
    def _tracked_dirs(self) -> frozenset[str]:
        """Every folder holding a tracked file (asked only once a .gitignore matches one)."""
        dirs: set[str] = set()
        for path in self._tracked:
            cut = path.rfind("/")
            while cut > 0 and path[:cut] not in dirs:
                dirs.add(path[:cut])
                cut = path.rfind("/", 0, cut)
        return frozenset(dirs)

    def push(self, rel_dir: str, abs_dir: Path) -> int:
        ignore = abs_dir / ".gitignore"
        if self._honoured and ignore.is_file():
            try:
                lines = ignore.read_text(encoding="utf-8", errors="replace").splitlines()
                self._specs.append((rel_dir, "", _Patterns(lines),
                                    f"{rel_dir}/.gitignore" if rel_dir else ".gitignore"))
                return 1
            except OSError:
                return 0
        return 0

    def pop(self, count: int) -> None:
        for _ in range(count):
            self._specs.pop()

    def matches(self, rel_path: str, is_dir: bool) -> bool:
        """Whether git ignores the path (`ignored_by`)."""
        return self.ignored_by(rel_path, is_dir) is not None

    def ignored_by(self, rel_path: str, is_dir: bool) -> str | None:
        """The file whose rule makes git ignore the path (`.gitignore`, `sub/.gitignore`,
        `../.gitignore`, `.git/info/exclude`, relative to the root), or None: a folder above
        it is ignored (a walk enters one only for the files git tracks in it), or the deepest
        .gitignore with a pattern that speaks of the path itself says so; a tracked path
        never is."""
        source = self._below_ignored(rel_path) or self._verdict(rel_path, is_dir)
        if source is None or rel_path in (self._tracked_dirs if is_dir else self._tracked):
            return None
        return source

    def reason(self, rel_path: str, is_dir: bool) -> str | None:
        """"ignored by <the file>" when git ignores the path, None otherwise."""
        source = self.ignored_by(rel_path, is_dir)
        return None if source is None else f"ignored by {source}"

    def _verdict(self, rel_path: str, is_dir: bool) -> str | None:
        """The file of the rule that ignores the path, None when the deciding rule re-includes
        it (a negation) or no rule speaks of it."""
        for base, lead, patterns, source in reversed(self._specs):
            if base and not rel_path.startswith(base + "/"):
                continue  # a folder's own .gitignore speaks of what is inside it only
            verdict = patterns.verdict(lead + (rel_path[len(base) + 1 :] if base else rel_path),
                                       is_dir)
            if verdict is not None:
                return source if verdict else None
        return None

    def _below_ignored(self, rel_path: str) -> str | None:
        """The file whose rule ignores a folder above the path (remembered per folder: the
        .gitignore files that decide a folder are those above it, read before the walk got
        there), None when none is ignored."""
        cut = rel_path.find("/")
        while cut > 0:
            folder = rel_path[:cut]
            if folder in self._ignored_folders:
                known = self._ignored_folders[folder]
            else:
                known = self._ignored_folders[folder] = self._verdict(folder, True)
            if known:
                return known
            cut = rel_path.find("/", cut + 1)
        return None
