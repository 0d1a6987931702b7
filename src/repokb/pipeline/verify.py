"""Check that the store and the catalog tell the same story, and repair where they do not.

The catalog is committed after the store, so after a crash the store may hold points the
catalog does not count (orphans, extra chunks) and, if the store was damaged or edited by hand,
the catalog may count points that are gone (missing). Repair deletes what the catalog does not
vouch for and forgets files whose points are missing, so the next index run rebuilds them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from repokb.stores.base import Store
from repokb.stores.catalog import Catalog


@dataclass
class VerifyReport:
    projects: list[str] = field(default_factory=list)
    files_checked: int = 0
    points_checked: int = 0
    orphans: list[str] = field(default_factory=list)  # "project/path" with no indexed entry
    mismatched: list[str] = field(default_factory=list)  # point count differs from catalog
    repaired: bool = False

    @property
    def ok(self) -> bool:
        return not self.orphans and not self.mismatched

    def to_json(self) -> dict[str, object]:
        return {**asdict(self), "ok": self.ok}


def verify(catalog: Catalog, store: Store, project: str | None = None,
           repair: bool = False) -> VerifyReport:
    report = VerifyReport()
    # A shared store holds other catalogs' projects too: never take those for orphans.
    names = sorted(set(catalog.projects()) | (set() if store.shared else
                                              set(store.facet("project"))))
    for name in names:
        if project and name != project:
            continue
        report.projects.append(name)
        indexed = {p: e for p, e in catalog.entries(name).items() if e.status == "indexed"}
        stored = store.facet("path", name)
        report.files_checked += len(indexed)
        report.points_checked += sum(stored.values())
        for path in sorted(set(stored) - set(indexed)):
            report.orphans.append(f"{name}/{path}")
            if repair:
                store.prune(name, path, 0)
        for path, entry in sorted(indexed.items()):
            if stored.get(path, 0) != entry.chunks:
                report.mismatched.append(f"{name}/{path}")
                if repair:
                    store.prune(name, path, 0)
                    catalog.delete(name, [path])
    report.repaired = repair and not report.ok
    return report
