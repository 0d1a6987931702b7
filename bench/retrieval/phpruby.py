"""PHP libraries, Ruby gems, and a Laravel-shaped and a Rails-shaped application: 'where is X
defined', 'how does Y work', 'which view / migration / rake task / route'.

    python bench/retrieval/phpruby.py --home DIR [--json OUT]

DIR holds seven projects, each indexed with `repokb index TREE/NAME` (project = folder name; `sh
bench/retrieval/phpruby_trees.sh TREE` makes the trees): `monolog` 2.9.1 and `psr7`
(guzzlehttp/psr7 2.4.5) from Debian bookworm's php-* packages (their sources under src/), `rack`
2.2.22, `thor` 1.2.1 and `sinatra` 3.0.5 from Debian's ruby-* packages (the gem's files with its
gemspec at the root), and `shop` (Laravel) and `blog` (Rails, with a mounted Sinatra API), written
by session newuser36 under bench/retrieval/phpruby_apps. 51 questions written as a new user
would ask, README only, some naming a definition as the language writes it
(`Monolog\\Logger::addRecord`, `Rack::Request#ip`, `PostsController#publish`). A hit is right as
in names.py (path ends with the path, symbol with the name, case folded; a class under 1500
characters is one piece, so a question about its method names the class); the file's rank is
shown too, and the first piece holding the definition's line (named or not).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from asking import main  # noqa: E402

if __name__ == "__main__":
    main("phpruby.json", __doc__ or "", "piece")
