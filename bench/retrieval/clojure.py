"""Clojure libraries, an MDX docs site and a LaTeX paper: 'where is X defined', 'which
middleware does Y', 'which section / macro / bib entry'.

    python bench/retrieval/clojure.py --home DIR [--json OUT]

DIR holds six projects, each indexed with `repokb index TREE/NAME` (project = folder name; `sh
bench/retrieval/clojure_trees.sh TREE` makes the six trees): `cheshire` 5.11.0, `clj-http`
2.3.0, `ring-core` 1.8.2 and `compojure` 1.6.0 (Debian bookworm's lib*-clojure packages: the
sources their jars ship, under src/, with the jar's project.clj where it has one), `docusaurus`
(create-docusaurus 3.10.2's site template from npm: docs/ and blog/ in `.mdx`) and `paper` (a
paper's repository written by clojure_trees.sh: main.tex, chapters/*.tex, refs.bib, macros.sty,
acmart-lite.cls, with Debian's latex-make and latex-coffee-stains packages under sty/). 40
questions (the last two name a function as Clojure qualifies it, `cheshire.core/parse-string`),
written by session newuser35 as a new user would ask, README only. A hit is right as in names.py
(path ends with the path, symbol with the name, case folded: a docs section is named by its
heading path, `... > Add a Locale Dropdown`); the file's rank is shown too, and the first piece
holding the definition's line (named or not, so a window of the file before its pieces had names
is compared fairly).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from asking import main  # noqa: E402

if __name__ == "__main__":
    main("clojure.json", __doc__ or "", "piece")
