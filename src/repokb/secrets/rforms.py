"""R's right assignment: `"X" -> password`, `'X' ->> api_key`.

R assigns both ways; `password <- "X"` is an assignment the general finders read (scan's
ASSIGNMENT), the same value written first and assigned rightwards is not. Only a quoted
literal standing right before the arrow counts (`x -> password`, `f("X") -> password`,
`paste("a", "b") -> token` assign a variable's or a call's value), and only to a name
that names a secret (`cfg$password` and `db.password` by their last part). The value is judged
as a string literal of code is (`scan.is_secret_value`: no bare word, no placeholder).

Read in R sources, and in the R chunks of Markdown (R Markdown's and Quarto's ```` ```{r} ````,
a README's ```` ```r ````): elsewhere `"X" -> name` is another language's case arm (Haskell's,
Elixir's), a pattern matched, not a value assigned.
"""

from __future__ import annotations

import re

from repokb.secrets.scan import is_placeholder, is_secret_key, is_secret_value

Span = tuple[int, int, str, bool]

_RIGHT = re.compile(
    r"""(?P<q>["'])(?P<value>[^"'\n]{1,400})(?P=q)[ \t]*->>?[ \t]*"""
    r"""(?P<key>[A-Za-z.][\w.]*(?:\$[A-Za-z.][\w.]*)*)(?![\w.$@(\[])""")
# an R chunk of Markdown: ```{r}, ```{r setup, echo=FALSE}, ```r; to its closing fence
_R_CHUNK = re.compile(r"^[ \t]*(`{3,})[ \t]*(?:\{[ \t]*r\b[^}\n]*\}|r\b)[^\n]*\n(.*?)^[ \t]*\1",
                      re.M | re.S)


def find(text: str, language: str | None = None) -> list[Span]:
    """Spans of the secret literals assigned rightwards (see the module docstring)."""
    if "->" not in text:
        return []
    if language == "r":
        return _spans(text, 0, len(text))
    if language == "markdown":
        return [span for m in _R_CHUNK.finditer(text) if "->" in m.group(2)
                for span in _spans(text, m.start(2), m.end(2))]
    return []


def _spans(text: str, start: int, end: int) -> list[Span]:
    out: list[Span] = []
    for m in _RIGHT.finditer(text, start, end):
        key, value = m.group("key").rsplit("$", 1)[-1], m.group("value")
        if (is_secret_key(key) and not is_placeholder(value)
                and is_secret_value(value.strip(), key, literal_words=False)):
            out.append((m.start("value"), m.end("value"), "secret_assignment", False))
    return out
