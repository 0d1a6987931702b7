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

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from asking import main  # noqa: E402

if __name__ == "__main__":
    main("buildfiles.json", __doc__ or "", line="piece")
