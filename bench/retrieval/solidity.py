"""Solidity: 'where is X defined' on OpenZeppelin Contracts 5.0.2 and Uniswap v3-core 1.0.1.

    python bench/retrieval/solidity.py --home DIR [--json OUT]

DIR holds one project `solidity` (`repokb index TREE --project solidity`), TREE made of the npm
packages `@openzeppelin/contracts@5.0.2` under `openzeppelin/` and `@uniswap/v3-core@1.0.1`
under `v3-core/` (`npm pack NAME@VERSION`, each tarball's `package/` renamed): 172 `.sol`
files (Uniswap's are Solidity 0.7.6: its interfaces and libraries; the package's compiled
`artifacts/contracts/X.sol/` are skipped). A hit is right as in names.py (path ends with the
path, symbol with the name, case folded); the file's rank (any piece of the right file) is
shown too, since windows name nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
from names import rank_of, scores  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--home", required=True)
    parser.add_argument("--json", help="write each question's rank and top hit here")
    args = parser.parse_args()
    os.environ["REPOKB_HOME"] = args.home
    from repokb.models import Query
    from repokb.settings import Settings
    from repokb.workspace import Workspace

    questions = json.loads((HERE / "solidity.json").read_text())
    rows = []
    with Workspace(Settings.load()) as ws:
        for q in questions:
            hits = ws.searcher.search(Query(q["q"], limit=10, projects=(q["project"],)))
            top = hits[0] if hits else None
            shown = f"{top.path}:{top.start_line} {top.symbol}" if top else None
            rows.append({**q, "rank": rank_of(hits, q["path"], q.get("symbol")),
                         "file_rank": rank_of(hits, q["path"], None), "top": shown})
    for r in rows:
        print(f"{str(r['rank']):>5} {str(r['file_rank']):>5}  {r['q']:<45} top: {r['top']}")
    for label, key in (("definition", "rank"), ("file", "file_rank")):
        first, top3, mrr = scores([r[key] for r in rows])
        print(f"{len(rows)} questions, the {label}: first {first}, top 3 {top3}, "
              f"MRR@10 {mrr:.3f}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
