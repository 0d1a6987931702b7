"""What a file's path alone says, shared by the facts and the rules: a towncrier news fragment's
name, a file's folders counted from the project root's own name."""

from __future__ import annotations

import re

from repokb.models import SourceFile
from repokb.rules import tables as T


def rooted_folder(file: SourceFile, depth: int) -> str:
    """The last `depth` folders of a file, the project root's own name counted: `/etc` indexed
    as a project holds `default/nginx`, whose folder is `etc/default` to the folder tables."""
    return "/".join((file.root.name, *file.path.split("/")[:-1])[-depth:])


def news_fragment_match(dirs: tuple[str, ...], name: str) -> re.Match[str] | None:
    """towncrier's one-change file (`newsfragments/9657.doc`, `123.feature.rst`): the match of
    its name (group 1 its type, group 2 a text suffix), or None (rules/misnamed.py)."""
    if not dirs or dirs[-1].lower() not in T.NEWS_FRAGMENT_DIRS:
        return None
    m = T.NEWS_FRAGMENT_NAME.fullmatch(name)
    return m if m is not None and m.group(1).lower() in T.NEWS_FRAGMENT_TYPES else None
