"""A dry run changes nothing, also in a home that holds nothing yet.

`repokb index --dry-run` needs a catalog (which projects exist, whether the folder is another
project's) and this machine's indexing rate (measured by indexing a sample with the real model,
calibrate.py). On a home with no catalog, opening one created the home's catalog, its derived
models and calibration.json: a user who only asked what an index would cost found a home made.
There, the dry run works in a throw-away home instead (an empty catalog answers as the absent
one would; the rate is measured there, and not kept), removed after: the same answer, nothing
left. A home that holds a catalog is used as it is (the measured rate is cached in it).
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from repokb.models import HOME_CATALOG
from repokb.settings import Settings


@contextmanager
def dry_run_settings(settings: Settings) -> Iterator[Settings]:
    """`settings` for a dry run: as they are when the home holds a catalog, else pointing at
    a throw-away home (removed on exit)."""
    if (settings.home / HOME_CATALOG).is_file():
        yield settings
        return
    scratch = Path(tempfile.mkdtemp(prefix="repokb-dry-run-"))
    try:
        yield replace(settings, home=scratch / "home")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
