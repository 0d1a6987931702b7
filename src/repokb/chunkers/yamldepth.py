"""How deep a YAML text's block structure nests, for the YAML grammar's sake.

tree-sitter-yaml 0.7 keeps a stack of the block indentations it is inside (one entry per
indented mapping or sequence, and per `- ` or `? ` opening a block on the same line) and saves
it, 4 bytes an entry, into tree-sitter's fixed 1,024-byte buffer without a bound: at ~253
entries it writes past it and the process dies (segfault: `repokb index` of a folder holding a
33 KB YAML of 256 keys each indented one column deeper than the last exited with 139). Real
YAML nests a few dozen levels at most; a text nested deeper than MAX_DEPTH is not given to the
grammar (the config chunker cuts it into windows, as it does malformed YAML).
"""

from __future__ import annotations

import re

MAX_DEPTH = 200  # the grammar crashes at ~253
_OPENER = re.compile(r"[-?:](?:[ \t]+|$)")


def too_deep(text: str) -> bool:
    """Whether `text` may nest deeper than MAX_DEPTH block levels (an upper bound: each line's
    indentation and each `- `, `? ` or `: ` at the start of its content counts as a level)."""
    stack: list[int] = []
    for line in text.splitlines():
        content = line.lstrip(" \t")
        if not content or content.startswith("#"):
            continue
        column = len(line) - len(content)
        while stack and stack[-1] >= column:
            stack.pop()
        stack.append(column)
        while (opener := _OPENER.match(content)) is not None:
            column += opener.end()
            content = content[opener.end():]
            stack.append(column)
        if len(stack) > MAX_DEPTH:
            return True
    return False
