"""`repokb watch`: re-run the incremental index whenever files under the roots change.

watchfiles coalesces a burst (a `git checkout`, a formatter run) into one batch after a quiet
period; each batch is one incremental run, which re-walks the project cheaply (size + mtime) and
re-embeds only what changed, so renames, deletions and branch switches all converge.

Stopping is cooperative: once `stop` is set, watchfiles returns and a run in progress ends at
its next file (as a cancelled server job does), never inside a model call or a transaction; the
files it had not committed are redone by the next run.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from watchfiles import Change, DefaultFilter, watch

from repokb.errors import RepokbError
from repokb.operations import Operations
from repokb.pipeline.discover import skipped_by_name
from repokb.roots import ProjectRoot
from repokb.rules.folders import NAMED_LIKE_OUTPUT, handed_in, marker_skip, on_disk
from repokb.rules.tables import SKIP_DIRS, SKIPPED_DIR_FILES

log = logging.getLogger("repokb.watch")


class _ProjectFilter(DefaultFilter):
    """Ignore changes inside directories the walk skips anyway (.git, node_modules, ...). A
    folder named like build output (`build`, `coverage`, `dist` ...) is judged as the walk
    judges it (`skipped_by_name`): coverage.py's `coverage/` package is watched. A folder
    skipped for a marker it holds (`marker_skip`: a virtualenv's pyvenv.cfg, a crate cargo
    vendor copied, Carton's local/lib/perl5, MSBuild's bin/Debug) is ignored as the walk
    skips it: a `pip install` into `env/` or a `dotnet build` starts no run."""

    def __init__(self, roots: tuple[Path, ...] = ()) -> None:
        super().__init__(ignore_dirs=tuple(set(SKIP_DIRS) - NAMED_LIKE_OUTPUT
                                           - set(SKIPPED_DIR_FILES)))
        # the folders watched: only what lies below one is judged (the walk never judges a
        # root or the folders above it, a project kept in a folder holding pyvenv.cfg)
        self.roots = tuple(r.parts for r in roots)

    def __call__(self, change: Change, path: str) -> bool:
        if not super().__call__(change, path):
            return False
        parts = Path(path).parts
        if any(not handed_in(name, "/".join(parts[i + 1:])) for i, name in enumerate(parts[:-1])
               if name in SKIPPED_DIR_FILES):
            return False  # (`.idea/workspace.xml`; its runConfigurations/*.xml are read)
        below = max((len(r) for r in self.roots if parts[:len(r)] == r), default=1)
        return not any(name in NAMED_LIKE_OUTPUT and name not in SKIPPED_DIR_FILES
                       and skipped_by_name(str(Path(*parts[:i + 1])))
                       or marker_skip(name, on_disk(str(Path(*parts[:i + 1]))))
                       for i, name in enumerate(parts[:-1]) if i >= below)


def affected(roots: list[ProjectRoot], changed: set[Path]) -> list[ProjectRoot]:
    return [r for r in roots if any(p.is_relative_to(r.folder) for p in changed)]


class _Stopped(Exception):
    """Raised from the progress callback to end a run at a file boundary."""


def watch_and_index(ops: Operations, roots: list[ProjectRoot],
                    report: Callable[[dict[str, Any]], None], debounce_ms: int = 800,
                    stop: threading.Event | None = None,
                    notice: Callable[[str], None] | None = None) -> None:
    """`notice` is told, in a sentence, what the watch leaves alone (a project whose folder
    is gone); by default the log is."""
    stop = stop or threading.Event()
    say = notice or log.warning
    gone: set[Path] = set()

    def check(path: str, done: int, total: int) -> None:
        if stop.is_set():
            raise _Stopped

    def present(root: ProjectRoot) -> bool:
        """A project whose folder is gone (moved, deleted, unmounted) keeps its index: a
        run would prune every file of it, and `repokb index` of a missing folder refuses."""
        if root.root.is_dir():  # (a folder of it deleted: the run forgets its files)
            gone.discard(root.root)
            return True
        if root.root not in gone:
            gone.add(root.root)
            say(f"{root.name}: its folder {root.root} is gone; its index is kept as it was. "
                f"`repokb flush --project {root.name}` removes it; if the folder comes back, "
                "`repokb index` (or a new `repokb watch`) brings it up to date.")
        return False

    def run(touched: list[ProjectRoot]) -> dict[str, Any] | None:
        try:
            return ops.run_index(touched, keep_files=False, progress=check).summary()
        except _Stopped:
            return None

    # Watch from the start: a file changed while the first run (or any run) is going on is
    # queued for the next one. Watching only after the first run missed such changes (with
    # lexical-first indexing the first run's dense pass is a long window).
    queued: queue.Queue[set[tuple[Any, str]]] = queue.Queue()
    failed: list[Exception] = []

    def watching() -> None:
        try:
            judge = _ProjectFilter(tuple(r.root for r in roots))
            for changes in watch(*[r.folder for r in roots], watch_filter=judge,
                                 debounce=debounce_ms, step=50, stop_event=stop,
                                 raise_interrupt=False):
                queued.put(changes)
        except Exception as exc:  # the system refused to watch: said by the loop below
            failed.append(exc)

    watcher = threading.Thread(target=watching, name="repokb-watch", daemon=True)
    watcher.start()
    summary = run(roots)
    if summary is None:
        return
    report(summary)
    while not stop.is_set():
        try:
            changes = queued.get(timeout=0.1)
        except queue.Empty:
            if not watcher.is_alive():
                if failed:  # watching stopped: say so, rather than end as if asked to
                    raise RepokbError(
                        f"Stopped watching: the system would not watch the folders "
                        f"({type(failed[0]).__name__}: {failed[0]}).",
                        hint="A folder under the project it may not read, or the limit of "
                        "watched folders (Linux: fs.inotify.max_user_watches). `repokb index` "
                        "still brings the index up to date.") from failed[0]
                return
            continue
        while not queued.empty():  # batches that came in during the last run: one run
            changes |= queued.get_nowait()
        touched = affected(roots, {Path(path) for _, path in changes})
        touched = [r for r in touched if present(r)]
        if touched:
            summary = run(touched)
            if summary is None:
                return
            summary["changes"] = len(changes)
            report(summary)
