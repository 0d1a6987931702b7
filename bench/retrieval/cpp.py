"""C and C++: 'where is X defined' on fmt, spdlog, nlohmann/json, CLI11 and SQLite's headers.

    python bench/retrieval/cpp.py --home DIR [--json OUT]

DIR holds one project `cpp` (`repokb index TREE --project cpp`), TREE made of the headers of
five Debian bookworm packages (`apt-get download PKG`, `dpkg -x`): nlohmann-json3-dev 3.11.2's
usr/include/nlohmann under `nlohmann/`, libfmt-dev 9.1.0's usr/include/fmt under `fmt/`,
libspdlog-dev 1.10.0's usr/include/spdlog under `spdlog/` (its `-inl.h` files hold the members
defined out of line), libcli11-dev 2.1.2's usr/include/CLI under `CLI/` and libsqlite3-dev
3.40.1's usr/include/*.h under `sqlite/`: 160 files. Free functions in a namespace, class
templates, members defined out of line, macros, operators, a specialisation, a constructor, a
C struct and a C prototype. A hit is right as in names.py (path ends with the path, symbol with
the name, case folded); the file's rank (any piece of the right file) is shown too.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from asking import main  # noqa: E402

if __name__ == "__main__":
    main("cpp.json", __doc__ or "")
