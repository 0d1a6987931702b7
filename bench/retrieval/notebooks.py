"""Data science and scientific Python: notebooks, gallery examples, Cython: 'which example plots
the confusion matrix', 'how does HDBSCAN build the minimum spanning tree', 'where is the
mutual reachability distance computed'.

    python bench/retrieval/notebooks.py --home DIR [--json OUT]

DIR holds six projects (`sh bench/retrieval/notebooks_trees.sh TREE` makes the trees; index each
with `repokb index TREE/NAME`): `skl-examples` (scikit-learn 1.2.1's sphinx-gallery examples,
285 `plot_*.py` scripts from Debian bookworm's python-sklearn-doc), `sphinx-gallery` (0.22.1,
PyPI: the gallery builder with its examples and tutorial), `lmfit` (1.3.4, PyPI: its examples
split by lines of `#`, a notebook, the reST docs), `hdbscan` (0.8.44, PyPI: ten notebooks of
several MB of plots, Cython `.pyx`), `papermill` (2.7.0, PyPI: its test notebooks) and
`jupytext` (1.19.6, PyPI: notebooks in a dozen text formats). 49 questions written by session
newuser39 as a data scientist asks them, README only. A hit is right as in names.py (path ends
with the path, symbol with the name, case folded); the file's rank is shown too, and the first
piece of the file holding the asked line (a gallery block's code, a notebook's heading).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from asking import main  # noqa: E402

if __name__ == "__main__":
    main("notebooks.json", __doc__ or "", "piece")
