"""PowerShell's bare-word argument lists, which tree-sitter-powershell 0.26 cannot parse; a
script's comment-based help.

`Select-Object -Property Name, Id`, `Export-ModuleMember -Function Get-A, Set-B`: a comma
between two bare words of a command is an error to the grammar, and the error swallows the
function around it (its lines went to windows) or, at a file's top level, the definition after
it. For parsing only, such a comma is read as a space (same length: rows and bytes stay put);
commas in strings, comments, between variables (`$a, $b`) or numbers (`@(1, 2)`) are left.
"""

from __future__ import annotations

import re
from typing import Any

from repokb.chunkers.base import parse

_SKIP_OR_COMMA = re.compile(
    r"""'(?:[^'\n]|'')*'|"(?:`.|[^"`\n])*"|<#[\s\S]*?(?:#>|\Z)|#[^\n]*"""
    r"""|(?<=[\w*.\-])(?P<comma>[ \t]*,)(?=[ \t]*[A-Za-z_*])""")


def _spaced(match: re.Match[str]) -> str:
    comma = match.group("comma")
    return match.group(0) if comma is None else comma.replace(",", " ")


def without_bare_lists(parser: Any, text: str, tree: Any) -> tuple[str, Any]:
    """(text parsed, tree): the text with its bare-word lists' commas read as spaces, and its
    tree, when that tree has no more errors than `tree`; else `text` and `tree` unchanged."""
    spaced = _SKIP_OR_COMMA.sub(_spaced, text)
    if spaced == text:
        return text, tree
    retried = parse(parser, spaced)
    if not retried.root_node.has_error or _errors(retried.root_node) < _errors(tree.root_node):
        return spaced, retried
    return text, tree


def _errors(node: Any) -> int:
    if node.type == "ERROR" or node.is_missing:
        return 1
    return sum(_errors(child) for child in node.children if child.has_error or child.is_missing)


# `<# .SYNOPSIS ... #>` opening a script (after `#Requires` lines and blank ones): its help
_SCRIPT_HELP = re.compile(r"\s*(?:#[^\n]*\n\s*)*<#(?:(?!#>)[\s\S])*?"
                          r"^\s*\.(?:SYNOPSIS|DESCRIPTION)\b", re.I | re.M)


def script_help(content: str) -> bool:
    """Whether a piece opens with a script's comment-based help (`<#` `.SYNOPSIS` ... `#>`
    at the top of a `.ps1`: `Get-Help ./Deploy-Shop.ps1` reads it)."""
    return _SCRIPT_HELP.match(content) is not None
