"""Where a database migration lies: a file in a migrations folder (tables.MIGRATION_DIRS),
but not a library's own migration machinery.

knex 3.3.0 ships the code that runs its users' migrations in `lib/migrations/`:
`lib/migrations/migrate/Migrator.js`, `MigrationGenerator.js`, `seed/Seeder.js`,
`util/timestamp.js`. They were "database migration" (schema), ranked and filtered as a
schema change, though they are the library's source. A migration a project writes is named
by its order (`0001_initial.py`, `20240101120000_create_users.js`, `V1__init.sql`,
`2014_10_12_000000_create_users_table.php`); below a `lib/` folder, a code file whose name
holds no digit is the library's code.
"""

from __future__ import annotations

from repokb.rules import tables as T
from repokb.rules.engine import Fact
from repokb.rules.facts import FileFacts


def migration_folder(f: FileFacts) -> str | None:
    """The migrations folder (`migrations/`) the file lies in, or None: none, or a library's
    code below `lib/` named without an order (the module docstring)."""
    at = next((i for i, d in enumerate(f.dirs) if d.lower() in T.MIGRATION_DIRS), None)
    if at is None:
        return None
    if "lib" in (d.lower() for d in f.dirs[:at]) and not any(c.isdigit() for c in f.name):
        return None
    return f.dirs[at] + "/"


MIGRATION_FOLDER = Fact("a database migrations folder", migration_folder, "dir")
