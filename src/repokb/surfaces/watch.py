"""`repokb watch`: re-run the incremental index whenever files under the roots change.

watchfiles coalesces a burst (a `git checkout`, a formatter run) into one batch after a quiet
period; each batch is one incremental run, which re-walks the project cheaply (size + mtime) and
re-embeds only what changed, so renames, deletions and branch switches all converge.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from watchfiles import DefaultFilter, watch

from repokb.pipeline.discover import ProjectRoot
from repokb.rules.tables import SKIP_DIRS
from repokb.workspace import Workspace


class _ProjectFilter(DefaultFilter):
    """Ignore changes inside directories the walk skips anyway (.git, node_modules, ...)."""

    def __init__(self) -> None:
        super().__init__(ignore_dirs=tuple(SKIP_DIRS))


def affected(roots: list[ProjectRoot], changed: set[Path]) -> list[ProjectRoot]:
    return [r for r in roots if any(p == r.root or p.is_relative_to(r.root) for p in changed)]


def watch_and_index(ws: Workspace, roots: list[ProjectRoot], write_lock: threading.Lock,
                    report: Callable[[dict[str, Any]], None], debounce_ms: int = 800,
                    stop: threading.Event | None = None) -> None:
    with write_lock:
        report(ws.indexer.run(roots, keep_files=False).summary())
    for changes in watch(*[r.root for r in roots], watch_filter=_ProjectFilter(),
                         debounce=debounce_ms, step=50, stop_event=stop, raise_interrupt=False):
        touched = affected(roots, {Path(path) for _, path in changes})
        if touched:
            with write_lock:
                summary = ws.indexer.run(touched, keep_files=False).summary()
            summary["changes"] = len(changes)
            report(summary)
