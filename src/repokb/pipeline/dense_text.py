"""What the model reads of a piece: its embedded text with what costs tokens for nothing left
out. BM25 and the stored piece read the whole text.

The model's tokenizer (BERT's) drops whitespace, so indentation costs no token, but it makes
every punctuation character a token of its own: a reST underline of 40 `=` is 40 of a piece's
256 tokens, and the attention reads them all. The rules are pure functions of the piece (its
path, kind, enrichment head and body), applied once when a chunk is enriched; a point written
before its dense vector keeps the text the model reads (models/chunks.py). The setting
`dense_text_rules` names the rules in use; they sign the vectors (`Settings.embed_plan`), so a
change embeds every text again, once. Off by default: measured on Django 5.2.8 and the
retrieval benchmark (bench/dense_text.py, bench/RESULTS.md, perf39), the four rules without a
clear loss spare 4.1% of Django's tokens, and each moved a few questions down (293 questions:
0.445 -> 0.443 with rule_lines and punct_runs, 2.5% of the tokens).

- `rule_lines`: a line of punctuation only (a reST or Markdown underline, a table's border, a
  `# -----` comment rule) is left out;
- `punct_runs`: a run of 4 or more of one punctuation character (a dotted leader, `=====`
  inside a simple table's row) keeps 3; a run of mixed ones is code (`__init__())`), measured
  as a loss when cut;
- `title_once`: a section whose body's first line is its title is not named in the head too;
- `test_file_name`: a test piece's head names its file without the folders (measured: questions
  about fastify's tests lost, chunk MRR@10 0.113 -> 0.081; kept as an option);
- `context_once`: a member whose head names its container does not read the container's first
  line too;
- `rust_hints`: a Rust attribute line that only steers the compiler or the docs (`#[cfg(...)]`,
  `#[cfg_attr(doc_cfg, ...)]`, `#[cold]`, `#[inline]`, `#[must_use]`, `#[allow(...)]`;
  HINT_ATTRIBUTES) is left out; `#[derive(...)]`, `#[test]` and the rest say what the item is and
  stay. An undocumented `pub fn new` under four such lines read as them (rank41b: anyhow's
  `Error::new`, 0.374 -> 0.447 cosine to its doc comment's first sentence).
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Callable
from typing import NamedTuple

from repokb.errors import ConfigError
from repokb.models import TEST_KINDS


class Piece(NamedTuple):
    """What a rule reads: the piece's place and the two parts of its embedded text."""

    path: str
    kind: str
    symbol: str | None
    symbol_type: str | None
    head: str  # the enrichment prefix (`path: method Orders.total — `)
    context: str  # a member's container's first line (`class Orders(Model):\n`), or ""
    body: str  # the piece's content


_PUNCT = frozenset(string.punctuation)  # ASCII: what the tokenizer splits one by one
_REPEAT = re.compile(r"([!-/:-@\[-`{-~])\1{3}")  # one punctuation character 4 times
_RUN = re.compile(r"([!-/:-@\[-`{-~])\1{3,}")  # not a mix: `__init__())` is code


def _is_rule(line: str) -> bool:
    """Punctuation only, with a run of 4 of one character: not `});` nor `*/`."""
    bare = line.strip()
    return (bool(bare) and all(c in _PUNCT or c in " \t" for c in bare)
            and _REPEAT.search(bare) is not None)


def rule_lines(p: Piece) -> Piece:
    if _REPEAT.search(p.body) is None:
        return p
    lines = p.body.splitlines(keepends=True)
    return p._replace(body="".join(line for line in lines if not _is_rule(line)))


def punct_runs(p: Piece) -> Piece:
    return p._replace(body=_RUN.sub(lambda m: m[1] * 3, p.body))


def title_once(p: Piece) -> Piece:
    if p.symbol_type != "section" or not p.symbol:
        return p
    first = next((line for line in p.body.splitlines() if line.strip() and not _is_rule(line)),
                 "")
    if p.symbol.strip().lower() not in first.lower():
        return p
    return p._replace(head=f"{p.path}: ") if p.head.startswith(f"{p.path}:") else p


def context_once(p: Piece) -> Piece:
    """A member whose head names its container (`method Orders.total`) reads without the
    container's first line."""
    if not p.context or "." not in (p.symbol or ""):
        return p
    return p._replace(context="")


# Rust attributes that steer the compiler or rustdoc only: no word of what the item does
HINT_ATTRIBUTES = ("cfg", "cfg_attr", "cold", "inline", "must_use", "allow", "warn", "deny",
                   "forbid", "expect", "track_caller", "doc")
_HINT_START = re.compile(rf"[ \t]*#!?\[(?:{'|'.join(HINT_ATTRIBUTES)})\b")


def _hint_only(line: str) -> bool:
    """A line that is one hint attribute and nothing else: its `[` closes at the line's end."""
    start = _HINT_START.match(line)
    if start is None:
        return False
    depth = 0
    for i in range(line.index("[", start.start()), len(line)):
        depth += {"[": 1, "]": -1}.get(line[i], 0)
        if depth == 0:
            return not line[i + 1:].strip()
    return False  # an attribute going on to the next line: kept whole


def rust_hints(p: Piece) -> Piece:
    if not p.path.endswith(".rs") or "#" not in p.body:
        return p
    lines = p.body.splitlines(keepends=True)
    return p._replace(body="".join(line for line in lines if not _hint_only(line)))


def test_file_name(p: Piece) -> Piece:
    if p.kind not in TEST_KINDS or "/" not in p.path or not p.head.startswith(f"{p.path}:"):
        return p
    return p._replace(head=p.path.rsplit("/", 1)[1] + p.head[len(p.path):])


RULES: dict[str, Callable[[Piece], Piece]] = {
    "rule_lines": rule_lines, "punct_runs": punct_runs, "title_once": title_once,
    "test_file_name": test_file_name, "context_once": context_once, "rust_hints": rust_hints}


def names_of(names: str) -> tuple[str, ...]:
    """The rules named (comma-separated), checked: ConfigError names an unknown one."""
    chosen = tuple(n.strip() for n in names.split(",") if n.strip())
    unknown = [n for n in chosen if n not in RULES]
    if unknown:
        raise ConfigError(f"Unknown dense text rule {', '.join(unknown)}.",
                          hint="Rules: " + ", ".join(RULES) + " (comma-separated), or empty.")
    return chosen


@functools.lru_cache(maxsize=8)
def _steps(names: str) -> tuple[Callable[[Piece], Piece], ...]:
    return tuple(RULES[name] for name in names_of(names))


def model_text(names: str, piece: Piece) -> str:
    """The text the model reads of `piece` under the named rules (none: head + body)."""
    for step in _steps(names):
        piece = step(piece)
    return piece.head + piece.context + piece.body
