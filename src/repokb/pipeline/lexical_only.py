"""Which chunks never need a dense vector: kept lexical-only (BM25 finds them), for a reason.

Each rule is a pure function of the chunk, never of the run (which copy of a duplicate the walk
met first, what an earlier run embedded), so an incremental or resumed run writes exactly what a
clean run writes. A rule is used only where the retrieval benchmark shows no loss (measured in
bench/RESULTS.md, issue 19: `bench/lexical_only.py` counts what each rule keeps from the model);
the setting `lexical_only_rules` names the rules in use.

- `table`: a chunk that is mostly table rows (reST grid or simple tables, Markdown pipes): its
  words are cells, matched by BM25 as well as by the model, and long tables cost many tokens.
- `data`: a chunk that is mostly digits, hex and punctuation (number tables, encoded blobs,
  generated constant lists): nothing in it reads as a sentence a query could paraphrase.
- `test`: a chunk of a file classified as a test or test fixture: 43% of Django's tokens. BM25
  still finds a test by the names and literals it shares with a question, but questions about a
  tested behaviour find the test less often (`bench/retrieval/run.py --with-tests`, measured
  in bench/RESULTS.md), so it is an option, not a default.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from repokb.errors import ConfigError
from repokb.models import TEST_KINDS, Chunk

_TABLE_ROW = re.compile(r"^\s*(?:\|.*\||\+[-=+]+\+|[=\-]{2,}(?:\s+[=\-]{2,})+)\s*$")
_WORD = re.compile(r"[A-Za-z]{2,}")
_MIN_TABLE_LINES = 8
_MIN_DATA_CHARS = 200


def table(chunk: Chunk) -> bool:
    lines = [ln for ln in chunk.content.splitlines() if ln.strip()]
    if len(lines) < _MIN_TABLE_LINES:
        return False
    rows = sum(1 for ln in lines if _TABLE_ROW.match(ln) or ln.lstrip().startswith("|"))
    return rows >= 0.6 * len(lines)


def data(chunk: Chunk) -> bool:
    text = chunk.content
    visible = sum(1 for ch in text if not ch.isspace())
    if visible < _MIN_DATA_CHARS:
        return False
    words = sum(len(m) for m in _WORD.findall(text))
    return words < 0.3 * visible


def test(chunk: Chunk) -> bool:
    return chunk.kind in TEST_KINDS


RULES: dict[str, Callable[[Chunk], bool]] = {"table": table, "data": data, "test": test}


def rules(names: str) -> Callable[[Chunk], str | None] | None:
    """The check the named rules make together (None: no rule, every chunk is embedded)."""
    chosen = [n.strip() for n in names.split(",") if n.strip()]
    unknown = [n for n in chosen if n not in RULES]
    if unknown:
        raise ConfigError(f"Unknown lexical-only rule {', '.join(unknown)}.",
                          hint="Rules: " + ", ".join(RULES) + " (comma-separated), or empty.")
    if not chosen:
        return None
    checks = [(name, RULES[name]) for name in chosen]

    def reason(chunk: Chunk) -> str | None:
        return next((name for name, check in checks if check(chunk)), None)

    return reason
