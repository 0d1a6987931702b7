"""The shell's working directory is no password: `PWD=/home/me/src`, `OLDPWD=/home/me`.

`pwd` is a password's short name (ODBC's `PWD=X;`, `DB_PWD`), so the finders (ours and
detect-secrets' keyword plugin) read the path after the shell's own `PWD` and `OLDPWD` as a
password and the path was lost from the text (an `env` listing in a README, a CI log, a
compose file's `PWD: /workspace`). A weak finding is dropped when its value is a path (it
opens with `/`, `~`, `.`, `$` or a drive, `C:\\`) and what stands before it on its line is
`PWD` or `OLDPWD`, upper case, then `=` or `:` (`os.environ["PWD"] = "/x"` too); ODBC's
`PWD=Xq7pLm2vRt;` is no path and stays a finding.
"""

from __future__ import annotations

import re

from repokb.secrets.scan import Finding

_KEY_BEFORE = re.compile(r"""(?<![\w$.\-])(?:OLD)?PWD["'\]]*[ \t]*(?:=|:)[ \t]*["']?$""")
_PATH = re.compile(r"""["']?(?:[/~.$]|[A-Za-z]:[\\/])""")


def drop_working_directories(text: str, found: list[Finding]) -> list[Finding]:
    """found without the weak findings that are a path given to `PWD` or `OLDPWD`."""
    if "PWD" not in text:
        return found
    kept = []
    for f in found:
        if not f.strong and _PATH.match(text, f.start):
            line_start = text.rfind("\n", 0, f.start) + 1
            if _KEY_BEFORE.search(text, line_start, f.start):
                continue
        kept.append(f)
    return kept
