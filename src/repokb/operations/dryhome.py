"""A dry run changes nothing, also in a home that holds nothing yet.

`repokb index --dry-run` needs a catalog (which projects exist, whether the folder is another
project's) and this machine's indexing rate (measured by indexing a sample with the real model,
calibrate.py). On a home with no catalog, opening one created the home's catalog, its derived
models and calibration.json: a user who only asked what an index would cost found a home made.
There, the dry run works in a throw-away home instead (an empty catalog answers as the absent
one would), removed after: the same answer, no catalog and no store left. What is the
machine's rather than the home's, the model derived for this CPU (`models/`) and the measured
rate (`calibration.json`), is kept in the home: without them every dry run of a new user took
~25 s (deriving and measuring again) instead of ~3 s. A home that holds a catalog is used as it
is.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from repokb.models import HOME_CATALOG
from repokb.scratch import scratch_folder
from repokb.settings import Settings

_MODELS, _RATE = "models", "calibration.json"  # the machine's caches, kept in the home


@contextmanager
def dry_run_settings(settings: Settings) -> Iterator[Settings]:
    """`settings` for a dry run: as they are when the home holds a catalog, else pointing at
    a throw-away home (removed on exit)."""
    if (settings.home / HOME_CATALOG).is_file():
        yield settings
        return
    with scratch_folder("dry-run") as scratch:
        home = scratch / "home"
        if not settings.home.exists():  # private, as a home the catalog makes is
            settings.home.mkdir(parents=True, mode=0o700)
        kept = settings.home / _MODELS
        kept.mkdir(exist_ok=True, mode=0o700)
        home.mkdir(mode=0o700)
        (home / _MODELS).symlink_to(kept, target_is_directory=True)  # derived once, kept
        if (settings.home / _RATE).is_file():
            shutil.copyfile(settings.home / _RATE, home / _RATE)
        yield replace(settings, home=home)
        if (home / _RATE).is_file():  # measured here: kept for the next dry run
            shutil.copyfile(home / _RATE, settings.home / (_RATE + ".tmp"))
            os.replace(settings.home / (_RATE + ".tmp"), settings.home / _RATE)
