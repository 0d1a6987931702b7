"""Literate Haskell (`.lhs`) read as the Haskell inside it, for parsing only.

A literate file is prose with code in it: Bird-style lines starting with `>`, or LaTeX-style
blocks between `\\begin{code}` and `\\end{code}`. `code_only` gives the text the grammar reads:
each code line as it is (a Bird track's `>` a space), every other line blanked. Each line keeps
its UTF-8 length, so the tree's rows and byte offsets are the file's; the pieces are cut from
the file itself, prose and all.
"""

from __future__ import annotations

import re

from repokb.chunkers.fixed import split_lines

_BEGIN = re.compile(r"^\\begin\{code\}\s*$")
_END = re.compile(r"^\\end\{code\}\s*$")


def _blank(line: str) -> str:
    body = line.rstrip("\n")
    return " " * len(body.encode("utf-8", "surrogatepass")) + line[len(body):]


def code_only(text: str) -> str:
    """The Haskell of a literate file, on the rows and at the byte offsets it has there."""
    lines = split_lines(text)
    out: list[str] = []
    if any(line.startswith(">") for line in lines):
        for line in lines:
            out.append(" " + line[1:] if line.startswith(">") else _blank(line))
        return "".join(out)
    inside = False
    for line in lines:
        if _BEGIN.match(line) or _END.match(line):
            inside = bool(_BEGIN.match(line))
            out.append(_blank(line))
        else:
            out.append(line if inside else _blank(line))
    return "".join(out)
