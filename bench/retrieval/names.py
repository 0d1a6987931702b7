"""Questions that name code: members, files, short and qualified names; the definition first?

    python bench/retrieval/names.py --home DIR [--rounds 2] [--json OUT]

DIR holds the projects of names.json indexed under their names (`repokb index TREE --project
NAME`): Django 5.2.8's django/{http,utils,test,core}, django/conf/*.py and project_template,
docs/ref/{request-response,settings,utils}.txt, docs/topics/testing/tools.txt and the root's
package.json, pyproject.toml, setup.py (`django`); requests 2.32.3's sdist (`requests-2.32.3`);
express 4.21.2's npm tarball (`express-4.21.2`); hugs' base library Data/ByteString*,
Data/{Map,List,Char,Set,Maybe}.hs (Debian libhugs-base-bundled) (`hugs`); gin 1.8.1's sources
(Debian golang-github-gin-gonic-gin-dev, usr/share/gocode/src/github.com/gin-gonic/gin)
(`gin-1.8.1`).

Each question is searched in-process within its project (limit 10); a hit is right when its
path ends with the expected path and, when a symbol is expected, its symbol ends with it (case
folded). Prints each question's rank, then per project and in all: first hits, top-3 and
MRR@10, and the search latency p50 / p99 over `rounds` passes (the first pass warms up and is
not timed).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent


def rank_of(hits: list[Any], path: str | list[str], symbol: str | None) -> int | None:
    """The first hit's rank that is right: its path ends with the path (or one of them, when
    two definitions answer alike: ASGIRequest.GET and WSGIRequest.GET)."""
    paths = [path] if isinstance(path, str) else path
    for i, h in enumerate(hits, 1):
        held = [h.path, *(c.path for c in getattr(h, "copies", ()))]  # a copy's text is the same
        if not any(at.endswith(p) for at in held for p in paths):
            continue
        names = [h.symbol or "", *getattr(h, "also", ())]  # `also`: a short one joined in
        if symbol is None or any(n.lower().endswith(symbol.lower()) for n in names):
            return i
    return None


def scores(ranks: list[int | None]) -> tuple[int, int, float]:
    """(first hits, top-3 hits, MRR@10) of the questions' ranks (None: not in the top 10)."""
    return (sum(r == 1 for r in ranks), sum(bool(r) and r <= 3 for r in ranks),
            sum(1 / r for r in ranks if r) / len(ranks))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--home", required=True)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--json", help="write each question's rank and top hit here")
    args = parser.parse_args()
    import os
    os.environ["REPOKB_HOME"] = args.home
    from repokb.models import Query
    from repokb.settings import Settings
    from repokb.workspace import Workspace

    questions = json.loads((HERE / "names.json").read_text())
    rows, times = [], []
    with Workspace(Settings.load()) as ws:
        for round_ in range(args.rounds + 1):
            for q in questions:
                query = Query(q["q"], limit=10, projects=(q["project"],))
                start = time.perf_counter()
                hits = ws.searcher.search(query)
                elapsed = time.perf_counter() - start
                if round_:
                    times.append(elapsed * 1000)
                else:
                    top = hits[0] if hits else None
                    shown = f"{top.path}:{top.start_line} {top.symbol}" if top else None
                    rows.append({**q, "rank": rank_of(hits, q["path"], q.get("symbol")),
                                 "top": shown})
    by: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        by.setdefault(r["project"], []).append(r)
        print(f"{str(r['rank']):>5}  {r['project']:<16} {r['q']:<55} top: {r['top']}")
    print()
    print("| project | questions | first | top 3 | MRR@10 |")
    print("| --- | --- | --- | --- | --- |")
    for name, group in [*sorted(by.items()), ("all", rows)]:
        first, top3, mrr = scores([r["rank"] for r in group])
        print(f"| {name} | {len(group)} | {first} | {top3} | {mrr:.3f} |")
    if times:  # none with --rounds 0
        times.sort()
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        print(f"\nsearch latency over {len(times)} searches: p50 "
              f"{statistics.median(times):.1f} ms, p99 {p99:.1f} ms")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
