"""Bilingual cases: one question asked in English and in Spanish, the same target for both.

The seed's users ask in Spanish about English code. These pairs are written by hand (the only
hand-written part of the benchmark), each naming its target by path and definition name or
Markdown heading in the indexed copy; `bilingual.json` holds them.
"""

from __future__ import annotations

import json
from pathlib import Path

from repokb.evaluate.cases import Case, Target, python_targets, section_span

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
            span = section_span(text, item["heading"])
        if span is None:
            continue
        for language in ("en", "es"):
            out.append(Case(f"{corpus}:bilingual-{language}:{n}", corpus, f"bilingual-{language}",
                            item[language],
                            (Target(item["path"], span[0], span[1], item.get("symbol")),)))
    return out

