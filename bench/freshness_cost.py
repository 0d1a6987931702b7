"""What the index-freshness check every MCP answer carries costs (freshness.project_freshness:
a stat per recorded file, and per recorded folder since folders are recorded).

    PYTHONPATH=src python bench/freshness_cost.py HOME PROJECT [ROUNDS]

HOME is a REPOKB_HOME where PROJECT was indexed; the catalog alone is opened (no store, no
model). Prints the median and p90 of ROUNDS checks in ms (wall; and the CPU time, which a loaded
machine disturbs less) and what the last one reported.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from repokb.freshness import project_freshness
from repokb.models import HOME_CATALOG
from repokb.stores.catalog import Catalog


def main(home: str, project: str, rounds: int = 30) -> None:
    catalog = Catalog(Path(home) / HOME_CATALOG)
    project_freshness(catalog, [project])  # warm the page cache and the catalog
    took, cpu = [], []
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        (fresh,) = project_freshness(catalog, [project])
        took.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    took.sort()
    p90 = took[int(len(took) * 0.9) - 1]
    keys = ("files_recorded", "changed_since_index", "deleted_since_index",
            "added_since_index", "added_examples")
    folders = getattr(catalog, "folder_stats", None)  # (a catalog of before: none)
    counted = len(folders(project)) if folders else "n/a"
    print(f"{project}: median {statistics.median(took):.1f} ms, p90 {p90:.1f} ms over {rounds} "
          f"checks (CPU median {statistics.median(cpu):.1f} ms); folders recorded {counted}; "
          + ", ".join(f"{k} {fresh.get(k)}" for k in keys))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 30)
