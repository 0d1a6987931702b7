"""The product's one glob dialect: gitwildmatch (as in .gitignore) over project-relative paths.

`*` stays inside one folder, `**` crosses folders, a pattern without a `/` (other than a trailing
one) matches at any depth, a leading `/` anchors it at the project root. The same dialect serves
repository configs, the classifier's path rules and `search --path`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pathspec
from pathspec.util import normalize_file

_WILD = set("*?[]\\!")


@lru_cache(maxsize=256)
def compile_glob(pattern: str) -> pathspec.GitIgnoreSpec:
    return pathspec.GitIgnoreSpec.from_lines([pattern])


@lru_cache(maxsize=256)
def glob_matcher(pattern: str) -> Callable[[str], bool]:
    """`pattern` as a test of one path, what `compile_glob(pattern).match_file` says. A glob
    that is one include rule (any glob but a negation, a comment or nothing) is that rule's
    regex over the path as pathspec normalises it, without pathspec's loop over its rules and
    the match object it builds (3,047 Django paths against `*.py`: 1.9 against 3.5 ms; reading
    them from the catalog is ~4 ms more, which `Catalog.match_paths` keeps answers for)."""
    spec = compile_glob(pattern)
    rules = list(spec.patterns)
    if len(rules) == 1 and rules[0].include is True and rules[0].regex is not None:
        search = rules[0].regex.search
        return lambda path: search(normalize_file(path)) is not None
    return lambda path: bool(spec.match_file(path))


def glob_match(pattern: str, path: str) -> bool:
    return glob_matcher(pattern)(path)


def literal_prefix(pattern: str) -> str:
    """The folders every match starts with ("src/" for "src/**/*.py"), so a store can narrow
    by prefix before matching; "" when a match may start anywhere."""
    body = pattern.rstrip("/")
    if "/" not in body or body.startswith("!"):
        return ""  # unanchored: matches at any depth
    folders = body.lstrip("/").split("/")[:-1]
    prefix = []
    for folder in folders:
        if _WILD & set(folder):
            break
        prefix.append(folder)
    return "/".join(prefix) + "/" if prefix else ""
