"""User-written cases: `.repokb/eval.yml` in the repository, a fixed regression set.

    cases:
      - question: How are secrets kept out of the index?
        path: src/repokb/secrets/scan.py
        symbol: scan_text        # optional: a Python definition (Class.method) or a heading
      - question: Where is the default port set?
        path: src/repokb/settings.py
        lines: 40-60             # optional: a line range
      - question: What does the README say about installing?
        path: README.md          # neither: any result in the file counts

The file itself is never indexed during an evaluation (its questions would find themselves).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from repokb.errors import InputError
from repokb.evaluate.cases import Case, Target, python_targets, section_span

EVAL_FILE = ".repokb/eval.yml"
_HINT = ("Write `cases:` as a list of {question, path, symbol?, lines?} entries; see "
         "`repokb eval --help`.")


def load(root: Path) -> list[dict[str, Any]]:
    """The entries of `root/.repokb/eval.yml` ([] when there is none); InputError if bad."""
    import yaml

    path = root / EVAL_FILE
    if not path.is_file():
        return []
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise InputError(f"Cannot read {EVAL_FILE}: {exc}", hint=_HINT) from exc
    entries = data.get("cases") if isinstance(data, dict) else data
    if entries is None:
        return []
    if not isinstance(entries, list):
        raise InputError(f"{EVAL_FILE}: `cases` must be a list.", hint=_HINT)
    for n, entry in enumerate(entries, 1):
        if not isinstance(entry, dict) or not isinstance(entry.get("question"), str) \
                or not entry["question"].strip() or not isinstance(entry.get("path"), str):
            raise InputError(f"{EVAL_FILE}: case {n} needs a `question` and a `path`.",
                             hint=_HINT)
        lines = entry.get("lines")
        if lines is not None and not re.fullmatch(r"\d+(-\d+)?", str(lines).strip()):
            raise InputError(f"{EVAL_FILE}: case {n}: `lines` must look like 10-40.",
                             hint=_HINT)
    return entries


def user_cases(entries: list[dict[str, Any]], project: str,
               copy: Path) -> tuple[list[Case], list[str]]:
    """Cases over the indexed copy at `copy`, and one reason per entry that could not be
    placed."""
    cases: list[Case] = []
    problems: list[str] = []
    for n, entry in enumerate(entries, 1):
        path = entry["path"].strip().removeprefix("./")
        question = " ".join(entry["question"].split())
        try:
            text: str | None = (copy / path).read_text(encoding="utf-8") \
                if ".." not in Path(path).parts else None
        except (OSError, UnicodeDecodeError):
            text = None
        if text is None:
            problems.append(f"case {n}: {path} is not a text file of the repository")
            continue
        span = _span(entry, path, text)
        if span is None:
            problems.append(f"case {n}: {entry.get('symbol')!r} not found in {path}")
            continue
        cases.append(Case(f"{project}:user:{n}", project, "user", question,
                          (Target(path, span[0], span[1], entry.get("symbol")),)))
    return cases, problems


def _span(entry: dict[str, Any], path: str, text: str) -> tuple[int, int] | None:
    symbol = entry.get("symbol")
    if symbol:
        if path.endswith(".py"):
            try:
                return python_targets(text).get(str(symbol))
            except SyntaxError:
                return None
        return section_span(text, str(symbol))
    if entry.get("lines") is not None:
        first, _, last = str(entry["lines"]).strip().partition("-")
        return int(first), int(last or first)
    return 1, max(len(text.splitlines()), 1)
