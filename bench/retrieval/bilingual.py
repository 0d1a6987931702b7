"""Bilingual cases: one question asked in English and in Spanish, the same target for both.

The seed's users ask in Spanish about English code. These pairs are written by hand (the only
hand-written part of the benchmark), each naming its target by path and definition name or
Markdown heading in the indexed copy; `bilingual.json` holds them.
"""

from __future__ import annotations

import json
from pathlib import Path

from cases import Case, python_targets

_DATA = Path(__file__).with_name("bilingual.json")


def bilingual_cases(corpus: str, copy: Path) -> list[Case]:
    if not _DATA.is_file():
        return []
    out = []
    for n, item in enumerate(json.loads(_DATA.read_text(encoding="utf-8"))):
        if item["corpus"] != corpus:
            continue
        path = copy / item["path"]
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        if "symbol" in item:
            span = python_targets(text).get(item["symbol"])
        else:
            span = _section(text, item["heading"])
        if span is None:
            continue
        for language in ("en", "es"):
            out.append(Case(f"{corpus}:bilingual-{language}:{n}", corpus, f"bilingual-{language}",
                            item[language], item["path"], span[0], span[1],
                            item.get("symbol")))
    return out


def _section(text: str, heading: str) -> tuple[int, int] | None:
    lines = text.splitlines()
    for i, line in enumerate(lines):
        stripped = line.lstrip("#").strip()
        if line.startswith("#") and stripped == heading:
            level = len(line) - len(line.lstrip("#"))
            end = len(lines)
            for j in range(i + 1, len(lines)):
                if lines[j].startswith("#") and len(lines[j]) - len(lines[j].lstrip("#")) <= level:
                    end = j
                    break
            return i + 1, end
    return None
