"""The pipeline: the only place that chains the stages.

discover -> classify -> (policy) -> chunk -> enrich -> embed -> store, with the catalog recording
every decision. Files stream through a bounded buffer: at most `buffer_chunks` chunks (and their
vectors) are held at once, however big the tree. Both the dry run and the real run chunk every
admitted file they read and report, per language and kind, what chunking produced (see
pipeline/metrics.py); the dry run stops there.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from repokb.models import Classification, Kind, Policy, Role, SkippedPath, SourceFile
from repokb.pipeline.chunk import ChunkedFile, FileProblem, chunk_file, read_text
from repokb.pipeline.classify import CLASSIFIER_VERSION, classify
from repokb.pipeline.discover import ProjectRoot, discover
from repokb.pipeline.embed import Vectorizer
from repokb.pipeline.metrics import ChunkMetrics
from repokb.pipeline.store import merge, write_batch
from repokb.settings import Settings
from repokb.stores.base import Store
from repokb.stores.catalog import Catalog, Entry

SUMMARY_KEYS = ("files_seen", "files_indexed", "files_skipped", "files_failed",
                "chunks_created", "chunks_updated", "chunks_unchanged", "chunks_pruned",
                "chunks_embedded")

Progress = Callable[[str, int, int], None]  # (current path, done, total)


@dataclass
class RunReport:
    files: list[dict[str, Any]] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    metrics: ChunkMetrics | None = None

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {k: self.counts.get(k, 0) for k in SUMMARY_KEYS}
        out.update({k: v for k, v in sorted(self.counts.items()) if k not in out})
        out["seconds"] = round(self.seconds, 3)
        out["by_language"] = self.metrics.summary() if self.metrics else {}
        return out

    def record(self, path: str, c: Classification | None, chunks: int | None,
               reason: str | None = None, project: str = "") -> None:
        reasons = list(c.reasons) if c else []
        if reason and reason not in reasons:
            reasons.append(reason)
        self.files.append({
            "path": path, "project": project,
            "kind": str(c.kind) if c else "unknown", "subkind": c.subkind if c else None,
            "language": c.language if c else None,
            "knowledge_role": str(c.knowledge_role) if c else str(Role.EXCLUDED),
            "index_policy": str(c.index_policy) if c else str(Policy.EXCLUDE),
            "reasons": reasons, "chunks": chunks,
        })


def walk_skip_classification(skip: SkippedPath) -> Classification:
    """The record of a path the walk left out: excluded, with the walk's reason."""
    try:
        kind = Kind(skip.kind)
    except ValueError:
        kind = Kind.UNKNOWN
    return Classification(kind=kind, language=None, knowledge_role=Role.EXCLUDED,
                          index_policy=Policy.EXCLUDE, reasons=(skip.reason,),
                          classifier_version=CLASSIFIER_VERSION)


def tally_chunked(counts: Counter[str], metrics: ChunkMetrics | None,
                  chunked: ChunkedFile) -> None:
    for reason, n in chunked.dropped.items():
        counts[f"chunks_dropped_{reason}"] += n
    if metrics is not None:
        counts["chunks_duplicates"] += metrics.add_file(chunked)


class Indexer:
    def __init__(self, settings: Settings, catalog: Catalog,
                 store_factory: Callable[[], Store] | None = None,
                 vectorizer_factory: Callable[[], Vectorizer] | None = None) -> None:
        self.settings = settings
        self.catalog = catalog
        self._store_factory = store_factory
        self._vectorizer_factory = vectorizer_factory

    def _classify(self, file: SourceFile) -> Classification:
        return classify(file, head_bytes=self.settings.head_bytes,
                        max_file_bytes=self.settings.max_file_bytes)

    def metrics(self) -> ChunkMetrics:
        return ChunkMetrics(self.settings.near_duplicate_threshold)

    # -- dry run ----------------------------------------------------------------------------
    def dry_run(self, roots: Iterable[ProjectRoot]) -> RunReport:
        """Classify every file and chunk the admitted ones; write nothing.

        `chunks_estimated` is what a run would create (it does not embed, so near duplicates
        are not measured here; exact duplicates are)."""
        started = time.perf_counter()
        report = RunReport(metrics=self.metrics())
        counts = report.counts
        for root in roots:
            for item in discover(root):
                if isinstance(item, SkippedPath):
                    counts["dirs_skipped" if item.is_dir else "files_skipped"] += 1
                    counts["files_seen"] += 0 if item.is_dir else 1
                    report.record(item.path, walk_skip_classification(item), 0,
                                  project=root.name)
                    continue
                counts["files_seen"] += 1
                c = self._classify(item)
                if not c.index_policy.admits_content:
                    counts["files_skipped"] += 1
                    report.record(item.path, c, 0, project=root.name)
                    continue
                try:
                    text, content_hash = read_text(item, self.settings.max_file_bytes)
                except FileProblem as problem:
                    counts["files_failed"] += 1
                    report.record(item.path, c, 0, str(problem), project=root.name)
                    continue
                chunked = chunk_file(item, c, text, content_hash, self.settings.min_chunk_chars)
                tally_chunked(counts, report.metrics, chunked)
                n = len(chunked.chunks)
                counts["files_indexed" if n else "files_skipped"] += 1
                counts["chunks_estimated"] += n
                report.record(item.path, c, n, None if n else "no chunk long enough to index",
                              project=root.name)
        report.seconds = time.perf_counter() - started
        return report

    # -- full / incremental run -------------------------------------------------------------
    def run(self, roots: Iterable[ProjectRoot], *, flush: bool = False,
            progress: Progress | None = None) -> RunReport:
        assert self._store_factory and self._vectorizer_factory
        started = time.perf_counter()
        report = RunReport(metrics=self.metrics())
        store = self._store_factory()
        vectorizer = self._vectorizer_factory()
        for root in roots:
            if flush:
                store.delete_project(root.name)
                self.catalog.delete_project(root.name)
            _ProjectRun(self, root, store, vectorizer, report, progress).execute()
        report.seconds = time.perf_counter() - started
        return report


class _ProjectRun:
    """One project's incremental run: decide per file, buffer chunks, write in batches."""

    def __init__(self, indexer: Indexer, root: ProjectRoot, store: Store,
                 vectorizer: Vectorizer, report: RunReport, progress: Progress | None) -> None:
        self.settings = indexer.settings
        self.indexer = indexer
        self.catalog = indexer.catalog
        self.root = root
        self.store = store
        self.vectorizer = vectorizer
        self.report = report
        self.progress = progress
        self.counts = report.counts
        self.pending: list[ChunkedFile] = []
        self.pending_chunks = 0

    def execute(self) -> None:
        started = time.time()
        known = self.catalog.entries(self.root.name)
        items = list(discover(self.root))
        total = len(items)
        seen: set[str] = set()
        for done, item in enumerate(items, 1):
            seen.add(item.path)
            if self.progress:
                self.progress(item.path, done, total)
            if isinstance(item, SkippedPath):
                self._skip_walked(item, known.get(item.path))
            else:
                self._file(item, known.get(item.path))
        self._flush_pending()
        self._forget_deleted(known, seen)
        self.catalog.set_project(self.root.name, self.root.root)
        self.catalog.record_run(self.root.name, started, dict(self.counts))

    def _skip_walked(self, item: SkippedPath, entry: Entry | None) -> None:
        c = walk_skip_classification(item)
        self._drop_points(entry, None if item.is_dir else item.path)
        if not item.is_dir:
            self.counts["files_seen"] += 1
            self.counts["files_skipped"] += 1
        else:
            self.counts["dirs_skipped"] += 1
        self.catalog.put(self.root.name, item.path, status="skipped", reason=item.reason,
                         is_dir=item.is_dir, classification=c)
        self.report.record(item.path, c, 0, project=self.root.name)

    def _file(self, file: SourceFile, entry: Entry | None) -> None:
        self.counts["files_seen"] += 1
        if (entry and entry.status == "indexed" and entry.size == file.size
                and entry.mtime_ns == file.mtime_ns and entry.classification
                and entry.classification.classifier_version == CLASSIFIER_VERSION):
            self._unchanged(file, entry, entry.classification)
            return
        c = self.indexer._classify(file)
        if not c.index_policy.admits_content:
            self._skipped(file, entry, c, c.reasons[0])
            return
        try:
            text, content_hash = read_text(file, self.settings.max_file_bytes)
        except FileProblem as problem:
            self._failed(file, entry, c, str(problem))
            return
        if (entry and entry.status == "indexed" and entry.content_hash == content_hash
                and entry.classification and entry.classification == c):
            self._unchanged(file, entry, c)  # touched, not changed: refresh mtime only
            return
        chunked = chunk_file(file, c, text, content_hash, self.settings.min_chunk_chars)
        tally_chunked(self.counts, self.report.metrics, chunked)
        if not chunked.chunks:
            self._skipped(file, entry, c, "no chunk long enough to index")
            return
        self.pending.append(chunked)
        self.pending_chunks += len(chunked.chunks)
        if self.pending_chunks >= self.settings.buffer_chunks:
            self._flush_pending()

    def _unchanged(self, file: SourceFile, entry: Entry, c: Classification) -> None:
        self.counts["files_indexed"] += 1
        self.counts["chunks_unchanged"] += entry.chunks
        if entry.mtime_ns != file.mtime_ns:
            self.catalog.put(self.root.name, file.path, status="indexed", size=file.size,
                             mtime_ns=file.mtime_ns, content_hash=entry.content_hash,
                             classification=c, chunks=entry.chunks)
        self.report.record(file.path, c, entry.chunks, project=self.root.name)

    def _skipped(self, file: SourceFile, entry: Entry | None, c: Classification,
                 reason: str) -> None:
        self._drop_points(entry, file.path)
        self.counts["files_skipped"] += 1
        self.catalog.put(self.root.name, file.path, status="skipped", reason=reason,
                         size=file.size, mtime_ns=file.mtime_ns, classification=c)
        self.report.record(file.path, c, 0, reason, project=self.root.name)

    def _failed(self, file: SourceFile, entry: Entry | None, c: Classification,
                reason: str) -> None:
        self._drop_points(entry, file.path)
        self.counts["files_failed"] += 1
        self.catalog.put(self.root.name, file.path, status="failed", reason=reason,
                         size=file.size, mtime_ns=file.mtime_ns, classification=c)
        self.report.record(file.path, c, 0, reason, project=self.root.name)

    def _drop_points(self, entry: Entry | None, path: str | None = None) -> None:
        """Remove a file's points. A path the catalog does not know may still have points
        from a run killed before its catalog commit, so those are pruned too."""
        if entry is not None and entry.chunks:
            self.store.prune(self.root.name, entry.path, 0)
            self.counts["chunks_pruned"] += entry.chunks
        elif entry is None and path is not None:
            self.store.prune(self.root.name, path, 0)

    def _flush_pending(self) -> None:
        if not self.pending:
            return
        metrics = self.report.metrics

        def observe(embedded: list[Any]) -> None:
            if metrics is not None:
                self.counts["chunks_near_duplicates"] += metrics.add_vectors(embedded)

        merge(self.counts, write_batch(self.store, self.vectorizer, self.pending, observe))
        # Catalog last: only now are these files done (see pipeline/store.py).
        with self.catalog.transaction():
            for item in self.pending:
                f = item.file
                self.catalog.put(self.root.name, f.path, status="indexed", size=f.size,
                                 mtime_ns=f.mtime_ns, content_hash=item.content_hash,
                                 classification=item.classification, chunks=len(item.chunks))
        for item in self.pending:
            self.counts["files_indexed"] += 1
            self.report.record(item.file.path, item.classification, len(item.chunks),
                               project=self.root.name)
        self.pending, self.pending_chunks = [], 0

    def _forget_deleted(self, known: dict[str, Entry], seen: set[str]) -> None:
        gone = [entry for path, entry in known.items() if path not in seen]
        for entry in gone:
            self._drop_points(entry)
        self.counts["files_deleted"] += len(gone)
        self.catalog.delete(self.root.name, [e.path for e in gone])
