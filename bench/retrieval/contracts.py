"""Protocol Buffers and GraphQL: 'where is X defined' / 'what fields does X have' questions.

    python bench/retrieval/contracts.py --home DIR [--json OUT]

DIR holds two projects. `contracts` (`repokb index TREE --project contracts`), TREE made of
the `.proto` files of googleapis-common-protos 1.76.0's sdist (google/) with grpcio-tools
1.85.1's bundled well-known types (grpc_tools/_proto/google/protobuf/*.proto copied into
google/protobuf/), and `.graphql` files: ariadne 1.1.1's federation definitions
(ariadne/contrib/federation/definitions/ as ariadne_federation/), gql 4.4.0's
tests/fixtures/graphql/sample.graphql, and Debian's golang-github-vektah-gqlparser-dev
2.5.1-2 (usr/share/gocode/src/github.com/vektah/gqlparser/ as gqlparser/: its testdata is
test fixtures, metadata only; validator/prelude.graphql is indexed). `octokit`: npm
@octokit/graphql-schema 15.26.1's schema.graphql (GitHub's API, 1.2 MB) alone.
A hit is right as in names.py (path ends with the path, symbol with the name, case folded);
the file's rank (any piece of the right file) is shown too, since windows name nothing, and
the line's (a piece of the right file holding the definition's `line`: windows are judged
fairly by it; GitHub's schema is one file, where the file's rank says nothing).
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


def line_rank(hits: list[Any], path: str, line: int) -> int | None:
    """The first hit's rank that is a piece of the file holding its line."""
    for i, h in enumerate(hits, 1):
        if h.path.endswith(path) and h.start_line <= line <= h.end_line:
            return i
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--home", required=True)
    parser.add_argument("--json", help="write each question's rank and top hit here")
    args = parser.parse_args()
    os.environ["REPOKB_HOME"] = args.home
    from repokb.models import Query
    from repokb.settings import Settings
    from repokb.workspace import Workspace

    questions = json.loads((HERE / "contracts.json").read_text())
    rows = []
    with Workspace(Settings.load()) as ws:
        for q in questions:
            hits = ws.searcher.search(Query(q["q"], limit=10, projects=(q["project"],)))
            top = hits[0] if hits else None
            shown = f"{top.path}:{top.start_line} {top.symbol}" if top else None
            rows.append({**q, "rank": rank_of(hits, q["path"], q.get("symbol")),
                         "file_rank": rank_of(hits, q["path"], None),
                         "line_rank": line_rank(hits, q["path"], q["line"]), "top": shown})
    for r in rows:
        print(f"{str(r['rank']):>5} {str(r['line_rank']):>5} {str(r['file_rank']):>5}  "
              f"{r['q']:<45} top: {r['top']}")
    for label, key in (("definition", "rank"), ("line", "line_rank"), ("file", "file_rank")):
        first, top3, mrr = scores([r[key] for r in rows])
        print(f"{len(rows)} questions, the {label}: first {first}, top 3 {top3}, "
              f"MRR@10 {mrr:.3f}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
