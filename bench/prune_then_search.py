"""What a pruned chunk costs the searches that follow it, in one process as `repokb serve` holds
the store (the server writes a job's prunes itself).

    python bench/prune_then_search.py HOME [--project P] [--path FILE]

HOME: a finished index; it is changed (one chunk pruned), so pass a copy (`cp -a`). Prints the
wall time of a search before the prune, of the prune, of the first and second search after
it, of the close, and the process's peak RSS. A store that vacuumed on every delete rewrote
its whole segment inside the first search after a prune (Django: 11.3 s, 799 MB peak, on an
AMD EPYC with two other sessions at work; bench/RESULTS.md, session 18).
"""

from __future__ import annotations

import argparse
import resource
import time
from pathlib import Path

from repokb.settings import Settings
from repokb.stores.base import StoreFilter
from repokb.workspace import Workspace


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("home", type=Path)
    parser.add_argument("--project", default="django-5.2.8")
    parser.add_argument("--path", default="django/utils/text.py")
    parser.add_argument("--query", default="capitalize the first letter of a string")
    args = parser.parse_args()
    ws = Workspace(Settings.load(home=args.home))
    store = ws.store
    sparse = ws.lexical.query(args.query)
    dense = ws.embedder.embed_query(args.query)

    def search() -> float:
        started = time.perf_counter()
        store.search(dense, sparse, StoreFilter(), 10)
        return (time.perf_counter() - started) * 1000

    points = store.file_points(args.project, args.path)
    if not points:
        raise SystemExit(f"{args.project}:{args.path} has no points in {args.home}")
    rows = [("search before the prune", f"{search():.1f} ms")]
    started = time.perf_counter()
    store.prune(args.project, args.path, len(points) - 1)
    took = (time.perf_counter() - started) * 1000
    rows.append(("prune of the file's last chunk", f"{took:.1f} ms"))
    rows.append(("first search after it", f"{search():.1f} ms"))
    rows.append(("second search after it", f"{search():.1f} ms"))
    started = time.perf_counter()
    ws.close()
    rows.append(("close", f"{time.perf_counter() - started:.2f} s"))
    rows.append(("peak RSS", f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB"))
    print("| step | wall |\n| --- | --- |")
    for name, value in rows:
        print(f"| {name} | {value} |")


if __name__ == "__main__":
    main()
