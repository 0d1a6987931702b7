"""Fortran: 'where is X defined' questions on SciPy 1.6.1's Fortran and fortls 3.2.2's fixtures.

    python bench/retrieval/fortran.py --home DIR [--json OUT]

DIR holds one project `fortran` (`repokb index TREE --project fortran`), TREE made of SciPy
1.6.1's sdist (`pip download --no-use-pep517 --no-build-isolation --no-binary scipy --no-deps
scipy==1.6.1`, in a venv with numpy<2, setuptools<60 and pybind11: its setup.py's egg_info
needs them): the `.f` and `.pyf` files of scipy/integrate, scipy/optimize/minpack,
scipy/interpolate/fitpack and scipy/interpolate/src (fixed form, FORTRAN 77, and f2py's
signature files), and the `.f90` of fortls 3.2.2's sdist test/ under `fortls/` (free form).
A hit is right as in names.py (path ends with the path, symbol with the name, case folded);
the file's rank (any piece of the right file) is shown too, since windows name nothing.
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--home", required=True)
    parser.add_argument("--json", help="write each question's rank and top hit here")
    args = parser.parse_args()
    report(json.loads((HERE / "fortran.json").read_text()), args.home, args.json)


def report(questions: list[dict[str, Any]], home: str, json_out: str | None) -> None:
    """Ask each question in its project of the home; print its rank, the file's rank and the
    top hit, then the scores of both (components.py asks its own questions so too)."""
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
            rows.append({**q, "rank": rank_of(hits, q["path"], q.get("symbol")),
                         "file_rank": rank_of(hits, q["path"], None), "top": shown})
    for r in rows:
        print(f"{str(r['rank']):>5} {str(r['file_rank']):>5}  {r['q']:<45} top: {r['top']}")
    for label, key in (("definition", "rank"), ("file", "file_rank")):
        first, top3, mrr = scores([r[key] for r in rows])
        print(f"{len(rows)} questions, the {label}: first {first}, top 3 {top3}, "
              f"MRR@10 {mrr:.3f}")
    if json_out:
        Path(json_out).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
