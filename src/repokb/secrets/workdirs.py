"""The shell's working directory is no password: `PWD=/home/me/src`, `OLDPWD=/home/me`.

`pwd` is a password's short name (ODBC's `PWD=X;`, `DB_PWD`), so the finders (ours and
detect-secrets' keyword plugin) read the path after the shell's own `PWD` and `OLDPWD` as a
password and the path was lost from the text (an `env` listing in a README, a CI log, a
compose file's `PWD: /workspace`). A weak finding is dropped when its value is a path (it
opens with `/`, `~`, `.`, `$` or a drive, `C:\\`) and what stands before it on its line is
`PWD` or `OLDPWD`, upper case, then `=` or `:` (`os.environ["PWD"] = "/x"` too); ODBC's
`PWD=Xq7pLm2vRt;` is no path and stays a finding. One rule, `without_paths`, read by `scan`
(it is also the chunker's guard, which dropped the chunk) and by `find_all` (the other
finders' findings, detect-secrets' keyword plugin's among them).
"""

from __future__ import annotations

import re
from typing import Protocol, TypeVar

_KEY_BEFORE = re.compile(r"""(?<![\w$.\-])(?:OLD)?PWD["'\]]*[ \t]*(?:=|:)[ \t]*["']?$""")
_PATH = re.compile(r"""["']?(?:[/~.$]|[A-Za-z]:[\\/])""")


def _working_directory(text: str, start: int) -> bool:
    """Whether the value at `start` is a path given to `PWD` or `OLDPWD` on its line."""
    if not _PATH.match(text, start):
        return False
    return _KEY_BEFORE.search(text, text.rfind("\n", 0, start) + 1, start) is not None


class _Found(Protocol):
    @property
    def start(self) -> int: ...
    @property
    def strong(self) -> bool: ...


F = TypeVar("F", bound=_Found)


def without_paths(text: str, found: list[F]) -> list[F]:
    """The findings but a weak one whose value is a path given to `PWD` or `OLDPWD`."""
    if not found or "PWD" not in text:
        return found
    return [f for f in found if f.strong or not _working_directory(text, f.start)]
