"""One way to ask a question set of 'where is X defined' questions and score it.

fortran.py, components.py, solidity.py, contracts.py and buildfiles.py each hold their own
questions (a JSON list of {project, q, path, symbol?, line?}) and the home they run on; this asks
each question in its project (limit 10), prints its ranks and the top hit, then the scores (see
names.scores): the definition (path and symbol, as names.rank_of), the file, and with `line`
the first piece of the file holding the definition's line (named or not: it compares windows
with pieces fairly).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
from names import rank_of, scores  # noqa: E402


def line_rank(hits: list[Any], path: str | list[str], line: int) -> int | None:
    """The first hit's rank that is a piece of `path` holding line `line`, or whose copy at
    `path` does (rank_copies.py folds the same text at another place into one hit, as
    names.rank_of counts it: DebOps' two identical `unattended_upgrades__tpl_macros.j2`); of
    one of the paths, when two files answer alike (the line is then the same in each)."""
    paths = [path] if isinstance(path, str) else path
    for i, h in enumerate(hits, 1):
        places = [h, *getattr(h, "copies", ())]
        if any(at.path.endswith(p) and at.start_line <= line <= at.end_line
               for at in places for p in paths):
            return i
    return None


def report(questions: list[dict[str, Any]], home: str, json_out: str | None,
           line: str | None = None) -> None:
    """Ask each question in its project of `home`; print the ranks and the scores. `line`
    names the rank of the piece holding each question's `line` ("piece", "line"), if wanted."""
    os.environ["REPOKB_HOME"] = home
    from repokb.models import Query
    from repokb.settings import Settings
    from repokb.workspace import Workspace

    rows = []
    with Workspace(Settings.load()) as ws:
        for q in questions:
            hits = ws.searcher.search(Query(q["q"], limit=10, projects=(q["project"],)))
            top = hits[0] if hits else None
            shown = f"{top.path}:{top.start_line} {top.symbol}" if top else None
            row = {**q, "rank": rank_of(hits, q["path"], q.get("symbol")),
                   "file_rank": rank_of(hits, q["path"], None), "top": shown}
            if line:
                row["line_rank"] = line_rank(hits, q["path"], q["line"])
            rows.append(row)
    keys = [("definition", "rank")] + ([(line, "line_rank")] if line else []) + [
        ("file", "file_rank")]
    for r in rows:
        ranks = " ".join(f"{str(r[key]):>5}" for _, key in keys)
        print(f"{ranks}  {r['q']:<45} top: {r['top']}")
    for label, key in keys:
        first, top3, mrr = scores([r[key] for r in rows])
        print(f"{len(rows)} questions, the {label}: first {first}, top 3 {top3}, "
              f"MRR@10 {mrr:.3f}")
    if json_out:
        Path(json_out).write_text(json.dumps(rows, indent=1))


def main(questions: str, doc: str, line: str | None = None) -> None:
    """The command line of a question set: `--home DIR [--json OUT]`."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("--home", required=True)
    parser.add_argument("--json", help="write each question's rank and top hit here")
    args = parser.parse_args()
    report(json.loads((HERE / questions).read_text()), args.home, args.json, line)
