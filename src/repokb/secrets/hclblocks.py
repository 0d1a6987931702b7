"""Secrets kept in an HCL block named for them, under names that say nothing secret.

Consul's agent configuration keeps its ACL tokens in `acl { tokens { initial_management = "X"
agent = "X" default = "X" } }` (before 1.11: `master`, `agent_master`, `replication`): each value
of a `tokens` block is a token whatever its name, most often a UUID, no secret's shape. So in
HCL (`.hcl`, `.tf`, `.tfvars`), each string of a block or map named `tokens`, `passwords`,
`secrets` or `credentials` (`tokens { .. }`, `secrets = { .. }`) is a value: redacted unless it
is a reference or a placeholder (`"${var.token}"`, empty, `<token>`; `var.x` and function calls
are no string). A block nested in it is not read (its own names judge it).

Session 40: the same agent configuration in JSON (`"acl": {"tokens": {"master": "X"}}`), and
Solr's `security.json` (`"credentials": {"solr": "HASH SALT"}`: each user's salted password
hash) are read the same way, each string of such an object; and an HCL heredoc's body
(`template { data = <<EOH` / `DB_PASSWORD=X` / `EOH }` in a Nomad job, a `user_data` script) is
text, not HCL expressions: its `KEY=value` lines are read as configuration (`scan.scan`).
"""

from __future__ import annotations

import re

from repokb.secrets.scan import scan
from repokb.secrets.values import names_something, value_ok

Span = tuple[int, int, str, bool]
DETECTOR = "hcl_secret_block"
_LANGUAGES = frozenset({"hcl"})
_NAMES = r"(?:tokens|passwords|secrets|credentials)"
# the block's opening line, then its body up to the first brace (a nested block ends it)
_BLOCK = re.compile(rf"^[ \t]*{_NAMES}[ \t]*=?[ \t]*\{{[ \t]*"
                    r"(?:#[^\n]*)?\n(?P<body>[^{}]*)", re.M | re.I)
_ENTRY = re.compile(r"""^[ \t]*(?:[\w-]+|"[^"\n]+")[ \t]*[=:][ \t]*"(?P<value>[^"\n]*)\"""",
                    re.M)
# JSON's: the object under the name, up to its first brace (on one line or over several)
_JSON_BLOCK = re.compile(rf'"{_NAMES}"\s*:\s*\{{(?P<body>[^{{}}]*)\}}', re.I)
_JSON_ENTRY = re.compile(r'"[^"\n]+"\s*:\s*"(?P<value>[^"\n]*)"')
_HEREDOC = re.compile(r"<<-?[ \t]*(?P<word>[A-Z][A-Z0-9_]*)[ \t]*\n(?P<body>.*?)^[ \t]*(?P=word)\b",
                      re.M | re.S)


def find(text: str, language: str | None) -> list[Span]:
    """Spans of the string values of the secret-named blocks of an HCL or JSON text, and of
    the secrets of an HCL heredoc's lines."""
    if "{" not in text:
        return []
    if language == "json":
        return [(block.start("body") + m.start("value"), block.start("body") + m.end("value"),
                 DETECTOR, False)
                for block in _JSON_BLOCK.finditer(text)
                for m in _JSON_ENTRY.finditer(block.group("body"))
                if _json_secret(m.group("value"))]
    if language not in _LANGUAGES:
        return []
    out: list[Span] = []
    for block in _BLOCK.finditer(text):
        base = block.start("body")
        out += [(base + m.start("value"), base + m.end("value"), DETECTOR, False)
                for m in _ENTRY.finditer(block.group("body")) if value_ok(m.group("value"))]
    if "<<" in text:
        for doc in _HEREDOC.finditer(text):
            base = doc.start("body")
            out += [(base + f.start, base + f.end, f.detector, f.strong)
                    for f in scan(doc.group("body"), "config")]
    return out


def _json_secret(value: str) -> bool:
    """A JSON object's string that is a token or a hash (Solr's `HASH SALT`: two), not a word
    or a sentence of a schema (`"credentials": {"type": "object", "description": "..."}`):
    one or two words of 8+ characters, each with a digit or a symbol, naming nothing (a
    path, an address: `values.names_something`)."""
    words = value.split(" ")
    return value_ok(value) and len(words) <= 2 and all(
        len(w) >= 8 and any(not c.isalpha() for c in w) and not names_something(w)
        for w in words)
