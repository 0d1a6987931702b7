"""Perl distributions and Lua libraries: 'where is X defined', 'how does Y work', 'which function
parses the options'.

    python bench/retrieval/perllua.py --home DIR [--json OUT]

DIR holds six projects, each indexed with `repokb index TREE/NAME` (project = folder name; `sh
bench/retrieval/perllua_trees.sh TREE` makes the trees): `mojo` (Mojolicious 9.31), `dancer2`
(0.400001), `moo` (2.005005) and `plack` (1.0050) from Debian bookworm's lib*-perl packages (the
modules with their POD under lib/, scripts under script/, examples under eg/), and `penlight`
(1.13.1) and `busted` (2.1.1) from Debian's lua-* packages (the modules under lua/). 55 questions
written by session newuser37 as a new user would ask them, README only: a route, a hook, the JSON
encoder, which function parses the command line, a Lua module's `M.fn` and `local function`, a
busted factory's `handler.x = function`. A hit is right as in names.py (path ends with the path,
symbol with the name, case folded); the file's rank is shown too, and the first piece holding the
definition's line (named or not).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from asking import main  # noqa: E402

if __name__ == "__main__":
    main("perllua.json", __doc__ or "", "piece")
