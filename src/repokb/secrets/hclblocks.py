"""Secrets kept in an HCL block named for them, under names that say nothing secret.

Consul's agent configuration keeps its ACL tokens in `acl { tokens { initial_management = "X"
agent = "X" default = "X" } }` (before 1.11: `master`, `agent_master`, `replication`): each value
of a `tokens` block is a token whatever its name, most often a UUID, no secret's shape. So in
HCL (`.hcl`, `.tf`, `.tfvars`), each string of a block or map named `tokens`, `passwords`,
`secrets` or `credentials` (`tokens { .. }`, `secrets = { .. }`) is a value: redacted unless it
is a reference or a placeholder (`"${var.token}"`, empty, `<token>`; `var.x` and function calls
are no string). A block nested in it is not read (its own names judge it).
"""

from __future__ import annotations

import re

from repokb.secrets.values import value_ok

Span = tuple[int, int, str, bool]
DETECTOR = "hcl_secret_block"
_LANGUAGES = frozenset({"hcl"})
# the block's opening line, then its body up to the first brace (a nested block ends it)
_BLOCK = re.compile(r"^[ \t]*(?:tokens|passwords|secrets|credentials)[ \t]*=?[ \t]*\{[ \t]*"
                    r"(?:#[^\n]*)?\n(?P<body>[^{}]*)", re.M | re.I)
_ENTRY = re.compile(r"""^[ \t]*(?:[\w-]+|"[^"\n]+")[ \t]*[=:][ \t]*"(?P<value>[^"\n]*)\"""",
                    re.M)


def find(text: str, language: str | None) -> list[Span]:
    """Spans of the string values of the secret-named blocks of an HCL text."""
    if language not in _LANGUAGES or "{" not in text:
        return []
    out: list[Span] = []
    for block in _BLOCK.finditer(text):
        base = block.start("body")
        out += [(base + m.start("value"), base + m.end("value"), DETECTOR, False)
                for m in _ENTRY.finditer(block.group("body")) if value_ok(m.group("value"))]
    return out
