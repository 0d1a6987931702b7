"""Move an index from one store to another without re-embedding, then check both sides agree.

Points travel as they are stored (`Store.scroll_raw` -> `Store.write_raw`): the same ids, dense
vectors, sparse BM25 values (the engine applies IDF at query time, so raw values are what must
move) and payloads. Nothing is embedded: the model is never loaded.

Resumable: after each page the offset of the next one is written to a checkpoint file; a run
cut anywhere restarts from there. Point ids are deterministic and upserts idempotent, so the
page in flight when it stopped is simply written again.

Verification needs no model either: a sample of the moved points serve as queries (their own
dense vector, and their own sparse vector as a BM25 query); each store's top 10 for both are
compared. Counts must match per project; search overlap is reported (an approximate HNSW index
and an exact one may differ in the last places).
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from repokb.errors import ConfigError, StoreError
from repokb.settings import Settings
from repokb.stores import SERVER_STORES, RawPoint, Store, StoreFilter
from repokb.stores.qdrant_server import without_credentials
from repokb.workspace import open_store

PAGE = 512
TOP = 10


@dataclass
class Migration:
    source: str
    target: str
    points_moved: int = 0
    chunks_embedded: int = 0  # by construction: vectors are copied, never computed
    resumed_from: int = 0  # points already moved by an interrupted run
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    counts_match: bool = False
    searches_checked: int = 0
    dense_top10_overlap: float = 0.0  # mean share of the source's top 10 the target returns
    lexical_top10_overlap: float = 0.0
    identical_top10: int = 0  # sample queries whose two top-10 lists are the same ids
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.counts_match

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "ok": self.ok}


def migrate(source: Store, target: Store, *, source_name: str, target_name: str,
            checkpoint: Path, sample: int = 50, page: int = PAGE) -> Migration:
    started = time.perf_counter()
    report = Migration(source_name, target_name)
    state = _load(checkpoint, source_name, target_name)
    offset: str | None = state.get("offset")
    report.resumed_from = moved = int(state.get("moved", 0))
    probes: list[RawPoint] = []
    every = max(1, source.count() // max(sample, 1))
    while True:
        points, offset = source.scroll_raw(offset, page)
        target.write_raw(points)
        moved += len(points)
        probes.extend(p for i, p in enumerate(points, moved - len(points)) if i % every == 0)
        if offset is None:
            break
        _save(checkpoint, {"source": source_name, "target": target_name, "offset": offset,
                           "moved": moved})
    report.points_moved = moved - report.resumed_from
    report.counts = {"source": source.facet("project"), "target": target.facet("project")}
    report.counts_match = all(report.counts["target"].get(project) == n
                              for project, n in report.counts["source"].items())
    if len(probes) < sample:  # resumed runs saw only part of the points: sample afresh
        probes = source.scroll_raw(None, sample)[0]
    _compare_searches(source, target, probes[:sample], report)
    report.seconds = round(time.perf_counter() - started, 2)
    if report.ok:
        checkpoint.unlink(missing_ok=True)
    return report


def _compare_searches(source: Store, target: Store, probes: list[RawPoint],
                      report: Migration) -> None:
    dense_overlap = lexical_overlap = 0.0
    for probe in probes:
        a_dense, a_lex = source.search(probe.dense, probe.sparse, StoreFilter(), TOP)
        b_dense, b_lex = target.search(probe.dense, probe.sparse, StoreFilter(), TOP)
        dense_overlap += _overlap(a_dense, b_dense)
        lexical_overlap += _overlap(a_lex, b_lex)
        same = [p.id for p in a_dense] == [p.id for p in b_dense]
        report.identical_top10 += same and [p.id for p in a_lex] == [p.id for p in b_lex]
    n = len(probes)
    report.searches_checked = n
    if n:
        report.dense_top10_overlap = round(dense_overlap / n, 4)
        report.lexical_top10_overlap = round(lexical_overlap / n, 4)


def _overlap(a: list[Any], b: list[Any]) -> float:
    wanted = {p.id for p in a}
    return len(wanted & {p.id for p in b}) / len(wanted) if wanted else 1.0


def _load(path: Path, source: str, target: str) -> dict[str, Any]:
    try:
        state = json.loads(path.read_text())
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        raise StoreError(f"Cannot read the migration checkpoint {path}: {exc}",
                         hint="Delete it to start the migration over.") from exc
    if state.get("source") != source or state.get("target") != target:
        return {}  # another migration's checkpoint: start over (copying again is harmless)
    return state if isinstance(state, dict) else {}


def _save(path: Path, state: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".tmp")
    partial.write_text(json.dumps(state))
    os.replace(partial, path)  # a crash mid-write leaves the previous checkpoint


def open_target(settings: Settings, target: str) -> tuple[Store, str]:
    """The store TARGET names, opened with this home's settings (vector size, collection
    prefix, shards, replication, API key): a Qdrant URL, local:PATH, edge (this home's Edge
    shard) or edge:PATH. Returns the store and a name for it without credentials."""
    if target.startswith(("http://", "https://", "local:")):
        url = target
        name = without_credentials(url)
        same = settings.store in SERVER_STORES and settings.qdrant_url == url
        store = None if same else open_store(replace(settings, store="qdrant"), url=url)
    elif target == "edge" or target.startswith("edge:"):
        path = Path(target[5:]).expanduser() if target.startswith("edge:") else None
        path = (path or settings.store_path).absolute()
        name = f"edge:{path}"
        same = settings.store not in SERVER_STORES and path == settings.store_path.absolute()
        store = None if same else open_store(replace(settings, store="qdrant-edge"), path=path)
    else:
        raise ConfigError(f"Unknown migration target {target!r}.",
                          hint="Use a Qdrant URL (http://host:6333), local:PATH, edge or "
                               "edge:PATH.")
    if store is None:
        raise ConfigError(f"The target {name} is the store this home already uses.",
                          hint="Migrate to another store; set REPOKB_STORE/REPOKB_QDRANT_URL "
                               "to choose the source.")
    return store, name


def source_name(settings: Settings) -> str:
    if settings.store in SERVER_STORES:
        return without_credentials(settings.qdrant_url)
    return f"edge:{settings.store_path.absolute()}"


def checkpoint_path(settings: Settings, target: str) -> Path:
    digest = hashlib.sha1(target.encode()).hexdigest()[:12]
    return settings.home / f"migrate-{digest}.json"
