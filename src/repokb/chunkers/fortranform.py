"""Fixed-form Fortran (FORTRAN 77: `.f`, `.for`, `.f77`) read as free form, for parsing only.

tree-sitter-fortran 0.6 parses free form. On fixed form, a comment line (`C`, `c`, `*` or `D`
in column 1), a continuation line (any character but a blank or `0` in column 6) and the
sequence numbers past column 72 are errors: 426 of SciPy 1.6.1's 428 `.f` and `.pyf` files had
some, 133,404 of their 156,345 lines inside an error. Read as free form (a comment line opens
with `!`, a continuation line with `&` and the line before it ends in `&`, each line cut at
column 72), 33 files have one, 3,146 lines. The stand-in keeps the file's rows (its lines may
be longer or shorter), so the pieces are cut from the file's own lines.

f2py's signature files (`.pyf`) open their module with `python module _fitpack`, which is no
Fortran: it reads as `module _fitpack` (the `end python module` line too).
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

# How compilers tell: gfortran reads these suffixes (any case) as fixed form, the rest as free.
FIXED_SUFFIXES = frozenset({".f", ".for", ".f77", ".ftn", ".fpp"})
FREE_SUFFIXES = frozenset({".f90", ".f95", ".f03", ".f08", ".f18", ".pyf"})

_COMMENT = re.compile(r"[Cc*Dd!]")
# A fixed-form comment line as old code writes it: `C` alone, or `C` before a blank or a rule
_FIXED_COMMENT = re.compile(r"^[Cc*](?:[ \t=*+-]|$)", re.M)
# Code in column 1 (a letter that opens no comment, or a statement starting with C or D),
# or a line continued by a trailing `&`: the file is free form
_FREE_CODE = re.compile(r"^(?:(?![CcDd*])[A-Za-z_]|(?i:call|character|contains|complex|common"
                        r"|close|cycle|continue|data|deallocate|do|double)\b)|&[ \t]*$", re.M)
_PYTHON_MODULE = re.compile(r"^([ \t]*(?:end[ \t]+)?)(python)(?=[ \t]+module\b)", re.M | re.I)


def is_fixed_form(text: str, path: str | None = None) -> bool:
    """Whether a Fortran file is fixed form: by its suffix when it tells, else by its lines
    (comment lines in column 1 and no code there)."""
    if path is not None:
        suffix = PurePosixPath(path).suffix.lower()
        if suffix in FIXED_SUFFIXES:
            return True
        if suffix in FREE_SUFFIXES:
            return False
    return bool(_FIXED_COMMENT.search(text)) and not _FREE_CODE.search(text)


def _continues(line: str) -> bool:
    if line.startswith("\t"):  # tab form: a tab, then a digit 1-9 for a continuation
        return line[1:2] in tuple("123456789")
    return len(line) > 5 and line[5] not in " 0" and not line[:5].strip(" 0123456789")


def as_free_form(text: str) -> str:
    """The fixed-form `text` written as free form, row for row (for parsing only)."""
    out: list[str] = []
    last_code: int | None = None
    for line in text.split("\n"):
        if line[:1] and _COMMENT.match(line[:1]):
            out.append("!" + line[1:])
            continue
        if not line.strip():
            out.append(line)
            continue
        continued = _continues(line)
        if line.startswith("\t"):
            line = "      " + ("&" + line[2:] if continued else line[1:])
        elif continued:
            line = line[:5] + "&" + line[6:]
        line = line[:72].rstrip("\r")
        if continued and last_code is not None and "!" not in out[last_code]:
            out[last_code] += " &"
        out.append(line)
        last_code = len(out) - 1
    return "\n".join(out)


def without_python_module(text: str) -> str:
    """f2py's `python module X` (and `end python module X`) as `module X`, same length."""
    if "python" not in text.lower():
        return text
    return _PYTHON_MODULE.sub(lambda m: m.group(1) + " " * len(m.group(2)), text)
