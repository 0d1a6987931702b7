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
from repokb.stores import SERVER_STORES, RawPoint, Store, StoredPoint, StoreFilter
from repokb.stores.qdrant_server import without_credentials
from repokb.workspace import Workspace, open_store

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
    # the same, counting a different point with the same score at the same rank as a match:
    # equal-score ties (copies of one text) may come back in either order
    dense_top10_equivalent: float = 0.0
    lexical_top10_equivalent: float = 0.0
    identical_top10: int = 0  # sample queries whose two top-10 lists are the same ids
    copy_seconds: float = 0.0
    seconds: float = 0.0  # copy and verification

    @property
    def ok(self) -> bool:
        return self.counts_match

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "ok": self.ok}


def migrate_home(ws: Workspace, to: str, sample: int = 50) -> Migration:
    """`repokb migrate --to TO`: copy this home's store to the store TO names, then verify."""
    source = ws.acquire_store(wait=10.0)  # a short command may hold it for a moment
    target, target_name = open_target(ws.settings, to)
    try:
        return migrate(source, target, source_name=source_name(ws.settings),
                       target_name=target_name, sample=sample,
                       checkpoint=checkpoint_path(ws.settings, target_name))
    finally:
        target.close()


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
    report.copy_seconds = round(time.perf_counter() - started, 2)
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
    sums = [0.0, 0.0, 0.0, 0.0]
    for probe in probes:
        a_dense, a_lex = source.search(probe.dense, probe.sparse, StoreFilter(), TOP)
        b_dense, b_lex = target.search(probe.dense, probe.sparse, StoreFilter(), TOP)
        for i, (a, b) in enumerate(((a_dense, b_dense), (a_lex, b_lex))):
            sums[i] += overlap(a, b)
            sums[i + 2] += overlap(a, b, ties=True)
        same = [p.id for p in a_dense] == [p.id for p in b_dense]
        report.identical_top10 += same and [p.id for p in a_lex] == [p.id for p in b_lex]
    n = report.searches_checked = len(probes)
    if n:
        (report.dense_top10_overlap, report.lexical_top10_overlap,
         report.dense_top10_equivalent, report.lexical_top10_equivalent) = (
            round(x / n, 4) for x in sums)


def overlap(a: list[StoredPoint], b: list[StoredPoint], ties: bool = False) -> float:
    """Share of ranking `a` that `b` returns; with `ties`, a point of `b` also matches when
    it has the score of `a`'s point at the same rank (relative tolerance 1e-4)."""
    if not a:
        return 1.0 if not b else 0.0
    wanted = {p.id for p in a}
    hits = sum(1 for i, p in enumerate(b) if p.id in wanted or (
        ties and i < len(a) and abs(p.score - a[i].score) <= 1e-4 * max(abs(a[i].score), 1e-9)))
    return min(hits, len(a)) / len(a)


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
