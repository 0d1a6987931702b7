"""Cases from git history: a commit's subject line is the question, the definitions (Python,
JavaScript / TypeScript, Go, Rust) and Markdown sections it changed are the targets, located by
name in the indexed copy.

Left out: merges, reverts, commits whose diff is only whitespace or whose subject says it is
formatting, commits touching more than `MAX_FILES` files, `MAX_LINES` lines or `MAX_TARGETS`
definitions (a sweeping change has no one answer), test files, and subjects shorter than four
words or seen twice. Only the newest `MAX_COMMITS` commits are read; the sample is drawn by
hash, like every other source.
"""

from __future__ import annotations

import ast
import difflib
import re
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from repokb.evaluate.cases import (
    _TEST_PATH,
    Case,
    Target,
    _python_definitions,
    _span,
    markdown_headings,
    python_targets,
    section_end,
    section_span,
)
from repokb.evaluate.comments import BRACED, _rank, braced_definitions

MAX_COMMITS = 400
MAX_FILES = 8
MAX_LINES = 400
MAX_TARGETS = 6
_FORMATTING = re.compile(
    r"^(format|bump|release|v?\d+\.\d+)\b|\b(reformat\w*|formatting|whitespace|lint(ing)?|"
    r"typos?|black|ruff|prettier|isort)\b", re.I)
_CONVENTIONAL = re.compile(r"^\w+(\([^)]*\))?!?:\s*")
_PR_REF = re.compile(r"\s*\((#\d+|[\w.-]+/[\w.-]+#\d+)\)\s*$")
_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")


@dataclass
class Commit:
    sha: str
    subject: str
    changed: dict[str, list[tuple[int, int]]] = field(default_factory=dict)  # post-image lines
    lines: int = 0


def _git(root: Path, *args: str, stdin: bytes | None = None) -> bytes | None:
    try:
        done = subprocess.run(["git", "-C", str(root), *args], input=stdin, capture_output=True,
                              timeout=120, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def commits(root: Path, max_commits: int = MAX_COMMITS) -> list[Commit]:
    """The newest non-merge commits touching `root`, with the post-image line ranges each
    changed (whitespace ignored), paths relative to `root`; [] when it is not in a git work
    tree or git is missing."""
    raw = _git(root, "log", "--no-merges", "--no-color", "--no-ext-diff", "--no-renames",
               "-w", "-U0", "--relative", f"-n{max_commits}", "--format=%x00%H %s", "--", ".")
    if raw is None:
        return []
    out: list[Commit] = []
    current: Commit | None = None
    path: str | None = None
    for line in raw.decode("utf-8", errors="replace").splitlines():
        if line.startswith("\x00"):
            sha, _, subject = line[1:].partition(" ")
            current, path = Commit(sha, subject.strip()), None
            out.append(current)
        elif current is None:
            continue
        elif line.startswith("+++ "):
            path = line[6:] if line.startswith("+++ b/") else None
        elif path is not None and (match := _HUNK.match(line)):
            start, count = int(match.group(1)), int(match.group(2) or 1)
            # a pure deletion (count 0) sits after line `start`: count that line as touched
            current.changed.setdefault(path, []).append((max(start, 1),
                                                         max(start, start + count - 1)))
        elif line.startswith(("+", "-")) and not line.startswith(("+++", "---")):
            current.lines += 1
    return out


def _usable(commit: Commit) -> str | None:
    """The question a commit asks, or None when the commit is left out."""
    subject = _PR_REF.sub("", _CONVENTIONAL.sub("", commit.subject)).strip().rstrip(".")
    if not commit.changed or len(commit.changed) > MAX_FILES or commit.lines > MAX_LINES:
        return None  # whitespace only, or sweeping
    if commit.subject.lower().startswith(("revert", "merge")) or _FORMATTING.search(subject):
        return None
    if not 4 <= len(subject.split()) <= 40:
        return None
    return subject


def _changed_names(old_text: str, path: str, ranges: list[tuple[int, int]]) -> Iterator[str]:
    """The innermost definitions or Markdown sections holding a changed line."""
    if path.endswith(".py"):
        try:
            tree = ast.parse(old_text)
        except SyntaxError:
            return
        spans = [(name, _span(node)) for name, node in _python_definitions(tree)]
    elif path.endswith(BRACED):
        spans = list(braced_definitions(path, old_text).items())
    else:
        headings = markdown_headings(old_text)
        last = len(old_text.splitlines()) - 1
        spans = [(title, (row + 1, section_end(headings, n, last) + 1))
                 for n, (row, _, title) in enumerate(headings)]
    for a, b in ranges:
        holding = [(name, s) for name, s in spans if s[0] <= b and a <= s[1]]
        # innermost: a method rather than its class, a subsection rather than its chapter
        inner = [(name, s) for name, s in holding
                 if not any(o != s and s[0] <= o[0] and o[1] <= s[1] for _, o in holding)]
        yield from (name for name, _ in inner)


def _old_texts(root: Path, wanted: list[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """The text of each (commit, path) pair, by one `git cat-file --batch`."""
    if not wanted:
        return {}
    prefix = (_git(root, "rev-parse", "--show-prefix") or b"").decode().strip()
    request = "".join(f"{sha}:{prefix}{path}\n" for sha, path in wanted).encode()
    raw = _git(root, "cat-file", "--batch", stdin=request)
    out: dict[tuple[str, str], str] = {}
    if raw is None:
        return out
    pos = 0
    for key in wanted:
        end = raw.index(b"\n", pos)
        header = raw[pos:end].split()
        pos = end + 1
        if len(header) < 3 or header[1] != b"blob":  # "<obj> missing"
            continue
        size = int(header[2])
        out[key] = raw[pos : pos + size].decode("utf-8", errors="replace")
        pos += size + 1
    return out


def _spans(path: str, text: str) -> dict[str, tuple[int, int]] | None:
    """Name -> 1-based span of each definition of a code file; None for Markdown (its
    sections are found by heading)."""
    if path.endswith(BRACED):
        return braced_definitions(path, text)
    if not path.endswith(".py"):
        return None
    try:
        return python_targets(text)
    except SyntaxError:
        return {}


def _section(root: Path, path: str, text: str, heading: str) -> tuple[int, int] | None:
    """1-based span of the section under `heading` in the indexed copy `text`; a heading that
    became a heading case is gone from it, so its section is found in the checkout's file and
    carried over line by line."""
    span = section_span(text, heading)
    if span is not None:
        return span
    try:
        checkout = (root / path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    found = section_span(checkout, heading)
    if found is None:
        return None
    moved: dict[int, int] = {}  # 0-based checkout line -> 0-based indexed copy line
    matcher = difflib.SequenceMatcher(None, checkout.splitlines(), text.splitlines(),
                                      autojunk=False)
    for a, b, size in matcher.get_matching_blocks():
        moved.update((a + i, b + i) for i in range(size))
    kept = [moved[row] for row in range(found[0] - 1, found[1]) if row in moved]
    return (min(kept) + 1, max(kept) + 1) if kept else None


def history_cases(root: Path, project: str, texts: dict[str, str], limit: int,
                  max_commits: int = MAX_COMMITS) -> list[Case]:
    """Up to `limit` cases from the history of the git work tree at `root`; `texts` are the
    indexed copy's minable files (relative path -> text): Python, JavaScript / TypeScript, Go,
    Rust and Markdown."""
    chosen: list[tuple[str, Commit, str]] = []
    seen: set[str] = set()
    for commit in commits(root, max_commits):
        subject = _usable(commit)
        if subject is None or subject.lower() in seen:
            continue
        seen.add(subject.lower())
        commit.changed = {p: r for p, r in commit.changed.items()
                          if p in texts and not _TEST_PATH.search(p)}
        if commit.changed:
            chosen.append((_rank(project, "history", commit.sha), commit, subject))
    chosen.sort(key=lambda c: c[0])
    olds = _old_texts(root, [(c.sha, p) for _, c, _ in chosen[: limit * 3] for p in c.changed])
    cases: list[Case] = []
    for _, commit, subject in chosen[: limit * 3]:
        targets: list[Target] = []
        for path, ranges in commit.changed.items():
            old = olds.get((commit.sha, path))
            if old is None:
                continue
            spans = _spans(path, texts[path])
            for name in dict.fromkeys(_changed_names(old, path, ranges)):
                span = spans.get(name) if spans is not None else _section(root, path, texts[path],
                                                                          name)
                if span is not None:
                    targets.append(Target(path, span[0], span[1], name))
        if targets and len(targets) <= MAX_TARGETS:
            cases.append(Case(f"{project}:history:{commit.sha[:12]}", project, "history",
                              subject, tuple(targets)))
        if len(cases) >= limit:
            break
    return cases
