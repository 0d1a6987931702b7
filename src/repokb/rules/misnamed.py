"""Folders named like what a library implements, not what they hold.

Migrations: a file in a migrations folder (tables.MIGRATION_DIRS) is a database migration, but
not a library's own migration machinery.

knex 3.3.0 ships the code that runs its users' migrations in `lib/migrations/`:
`lib/migrations/migrate/Migrator.js`, `MigrationGenerator.js`, `seed/Seeder.js`,
`util/timestamp.js`. They were "database migration" (schema), ranked and filtered as a
schema change, though they are the library's source. A migration a project writes is named
by its order (`0001_initial.py`, `20240101120000_create_users.js`, `V1__init.sql`,
`2014_10_12_000000_create_users_table.php`); below a `lib/` folder, a code file whose name
holds no digit is the library's code (svelte 5.60.1's `src/compiler/migrate/index.js`, its
Svelte 4 to 5 code migration, too, below `src/`).

Externals: a folder named `external`, `externals` or `extern` holds vendored code
(tables.VENDOR_DIRS), but webpack 5.113.0's `lib/externals/ExternalModule.js`,
`ExternalsPlugin.js` are webpack's own support for "externals": below `lib/` or `src/`, a module
that imports from the folder above (`require("../Module")`) is the library's, as no vendored
copy reaches into its host. A folder named after a platform the library supports is the same
case, wherever it lies, if a JavaScript module reaches out of the folder itself: typeorm 1.1.4's
`driver/cordova/CordovaDriver.js` (`require("../sqlite-abstract/AbstractSqliteDriver")`) is its
Cordova driver, which Linguist's `(^|/)cordova([^.]*)\\.js$` took for a copy of Cordova (its
`[^.]*` crosses the folder); a Cordova app's own copies (`cordova.js`, a plugin's `www/`, a
platform's `cordova/lib/`) import nothing out of their folder and stay vendored.

News fragments: towncrier's one-change files, named by an issue and a type (Twisted 26.10.0's
`src/twisted/runner/newsfragments/9657.doc`, `761.bugfix`, `10146.misc`; `123.feature.rst`),
are changelog entries in text, not a Word document or a Gherkin feature; they were unknown.
"""

from __future__ import annotations

import re

from repokb.rules import tables as T
from repokb.rules.engine import Fact
from repokb.rules.facts import FileFacts
from repokb.rules.paths import news_fragment_match


def migration_folder(f: FileFacts) -> str | None:
    """The migrations folder (`migrations/`) the file lies in, or None: none, or a library's
    code below `lib/` named without an order (the module docstring)."""
    at = next((i for i, d in enumerate(f.dirs) if d.lower() in T.MIGRATION_DIRS), None)
    if at is None:
        return None
    if not _LIBRARY_ROOTS.isdisjoint(d.lower() for d in f.dirs[:at]) \
            and not any(c.isdigit() for c in f.name):
        return None
    return f.dirs[at] + "/"


_LIBRARY_ROOTS = frozenset({"lib", "src"})
_EXTERNALS = frozenset({"external", "externals", "extern"}) | T.PLATFORM_SUPPORT_DIRS
_IMPORTS_ABOVE = re.compile(r"""(?:require\(|\bfrom[ \t]+|\bimport\()[ \t]*["']\.\./""")
_CLIMBS = re.compile(r"""(?:require\(|\bfrom[ \t]+|\bimport\()[ \t]*["']((?:\.\./)+)""")


def own_externals(f: FileFacts) -> str | None:
    """Why a file in an `externals/` folder below `lib/` or `src/` is the library's own, or
    None (the module docstring)."""
    lower = [d.lower() for d in f.dirs]
    at = next((i for i, d in enumerate(lower) if d in _EXTERNALS), None)
    if at is None or not f.is_code:
        return None
    if _LIBRARY_ROOTS.isdisjoint(lower[:at]):
        m = _python_imports_above(f, at) or (
            _climbs_out(f, len(f.dirs) - at) if lower[at] in T.PLATFORM_SUPPORT_DIRS else None)
    else:
        m = _IMPORTS_ABOVE.search(f.text)
    return f"{f.dirs[at]}/ below {'/'.join(f.dirs[:at])}/, importing {m.group()!r}" if m else None


def _python_imports_above(f: FileFacts, at: int) -> re.Match[str] | None:
    """A Python module of the package above the folder importing from it (`from ..core`, `from
    sympy.core`): SymPy 1.14.0's own `sympy/external/gmpy.py` (its interface to gmpy2)."""
    if f.language != "python" or at == 0:
        return None
    packages = "|".join(re.escape(d) for d in f.dirs[:at] if d.isidentifier())
    above = rf"^[ \t]*from[ \t]+(?:\.\.|(?:{packages})\.)" if packages \
        else r"^[ \t]*from[ \t]+\.\."
    return re.search(above, f.text, re.M)


def _climbs_out(f: FileFacts, depth: int) -> re.Match[str] | None:
    """A JavaScript import whose `../` climb out of the folder `depth` levels up (typeorm's
    `driver/cordova/CordovaDriver.js`: `require("../sqlite-abstract/...")`, depth 1)."""
    if f.language != "javascript":
        return None
    return next((m for m in _CLIMBS.finditer(f.text) if len(m.group(1)) // 3 >= depth), None)


MIGRATION_FOLDER = Fact("a database migrations folder", migration_folder, "dir")
OWN_EXTERNALS = Fact("a library's own externals support", own_externals, "content")


def news_fragment(f: FileFacts) -> str | None:
    """`newsfragments/9657.doc` -> "towncrier fragment (doc)"; None for other files."""
    m = news_fragment_match(f.dirs, f.name)
    return None if m is None else f"{f.dirs[-1]}/, towncrier fragment ({m.group(1)})"


NEWS_FRAGMENT = Fact("a towncrier news fragment", news_fragment, "name")
