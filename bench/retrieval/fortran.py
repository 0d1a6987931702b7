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

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from asking import main  # noqa: E402

if __name__ == "__main__":
    main("fortran.json", __doc__ or "")
