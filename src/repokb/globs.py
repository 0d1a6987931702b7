"""The product's one glob dialect: gitwildmatch (as in .gitignore) over project-relative paths.

`*` stays inside one folder, `**` crosses folders, a pattern without a `/` (other than a trailing
one) matches at any depth, a leading `/` anchors it at the project root. The same dialect serves
repository configs, the classifier's path rules and `search --path`.
"""

from __future__ import annotations

from functools import lru_cache

import pathspec

_WILD = set("*?[]\\!")


@lru_cache(maxsize=256)
def compile_glob(pattern: str) -> pathspec.GitIgnoreSpec:
    return pathspec.GitIgnoreSpec.from_lines([pattern])


def glob_match(pattern: str, path: str) -> bool:
    return bool(compile_glob(pattern).match_file(path))


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
