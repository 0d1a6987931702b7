"""Build files: "what does make release do", "where is pybind11_add_module defined".

    python bench/retrieval/buildfiles.py --home DIR [--json OUT]

DIR holds one project `buildfiles` (`repokb index TREE --project buildfiles`), TREE made of
build files of real projects: pybind11 3.1.0's sdist (CMakeLists.txt, tests/CMakeLists.txt,
tools/*.cmake under `pybind11/`), scikit-build-core 1.1.2's sdist (resources/find_python's
FindPython.cmake and FindPackageHandleStandardArgs.cmake, tests/packages' simplest_c and
cmake_generated CMakeLists.txt under `skbuild/`), psutil 7.2.2's sdist (Makefile, docs/Makefile
under `psutil/`), Django 5.2.8's docs/Makefile under `django-docs/`, and a multi-stage
Dockerfile with its Makefile under `app/` (bench/retrieval/buildfiles_app/: no sdist at hand
ships a Dockerfile). A hit is right as in names.py (path ends with the path, symbol with the
name, case folded); the file's rank (any piece of the right file) is shown too, since windows
name nothing. Questions without a symbol ("which LDFLAGS does the build set") count the file.
The piece's rank counts a hit of the right file whose lines hold the question's `line` (the
definition's first line), named or not: it compares windows with pieces fairly.
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


def piece_rank(hits: list[Any], path: str, line: int) -> int | None:
    """The first hit's rank that is in `path` and holds line `line`."""
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

    questions = json.loads((HERE / "buildfiles.json").read_text())
    rows = []
    with Workspace(Settings.load()) as ws:
        for q in questions:
            hits = ws.searcher.search(Query(q["q"], limit=10, projects=(q["project"],)))
            top = hits[0] if hits else None
            shown = f"{top.path}:{top.start_line} {top.symbol}" if top else None
            rows.append({**q, "rank": rank_of(hits, q["path"], q.get("symbol")),
                         "file_rank": rank_of(hits, q["path"], None),
                         "piece_rank": piece_rank(hits, q["path"], q["line"]), "top": shown})
    for r in rows:
        print(f"{str(r['rank']):>5} {str(r['piece_rank']):>5} {str(r['file_rank']):>5}  "
              f"{r['q']:<48} top: {r['top']}")
    for label, key in (("definition", "rank"), ("piece", "piece_rank"), ("file", "file_rank")):
        first, top3, mrr = scores([r[key] for r in rows])
        print(f"{len(rows)} questions, the {label}: first {first}, top 3 {top3}, "
              f"MRR@10 {mrr:.3f}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
