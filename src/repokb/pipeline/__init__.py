"""The pipeline: the only place that chains the stages.

discover -> classify -> (policy) -> chunk -> enrich -> embed -> store, with the catalog recording
every decision. Files stream through a bounded buffer: at most `buffer_chunks` chunks (and their
vectors) are held at once, however big the tree.

Uploads (the server) enter the same stages without a walk: `ingest_file` for a whole file given
in memory, `ingest_fragments` for pieces a client already cut.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from repokb.contamination import contamination
from repokb.models import (
    ChunkPiece,
    Classification,
    Fragment,
    Kind,
    Policy,
    Role,
    SkippedPath,
    SourceFile,
)
from repokb.pipeline.chunk import ChunkedFile, FileProblem, chunk_file, decode_text, read_text
from repokb.pipeline.classify import CLASSIFIER_VERSION, classify
from repokb.pipeline.discover import ProjectRoot, discover
from repokb.pipeline.embed import Vectorizer
from repokb.pipeline.enrich import enrich
from repokb.pipeline.store import merge, write_batch
from repokb.secrets import find_secret
from repokb.settings import Settings
from repokb.stores.base import Store
from repokb.stores.catalog import Catalog, Entry

SUMMARY_KEYS = ("files_seen", "files_indexed", "files_skipped", "files_failed",
                "chunks_created", "chunks_updated", "chunks_unchanged", "chunks_pruned",
                "chunks_embedded")

Progress = Callable[[str, int, int], None]  # (current path, done, total)

# Uploaded files have no folder on this machine; their SourceFile points nowhere readable, and
# their bytes are passed along instead.
UPLOAD_ROOT = Path("/nonexistent/repokb-upload")


@dataclass
class RunReport:
    files: list[dict[str, Any]] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {k: self.counts.get(k, 0) for k in SUMMARY_KEYS}
        out.update({k: v for k, v in sorted(self.counts.items()) if k not in out})
        out["seconds"] = round(self.seconds, 3)
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


def estimate_chunks(file: SourceFile, c: Classification) -> int:
    """Rough chunk count for a dry run: about one chunk per 600 bytes of admitted text."""
    return max(1, math.ceil(file.size / 600)) if c.index_policy.admits_content else 0


class Indexer:
    def __init__(self, settings: Settings, catalog: Catalog,
                 store_factory: Callable[[], Store] | None = None,
                 vectorizer_factory: Callable[[], Vectorizer] | None = None) -> None:
        self.settings = settings
        self.catalog = catalog
        self._store_factory = store_factory
        self._vectorizer_factory = vectorizer_factory

    def _classify(self, file: SourceFile, data: bytes | None = None) -> Classification:
        return classify(file, head_bytes=self.settings.head_bytes,
                        max_file_bytes=self.settings.max_file_bytes, head=data)

    # -- dry run ----------------------------------------------------------------------------
    def dry_run(self, roots: Iterable[ProjectRoot]) -> RunReport:
        """Classify and count; read only file heads; write nothing."""
        started = time.perf_counter()
        report = RunReport()
        for root in roots:
            for item in discover(root):
                if isinstance(item, SkippedPath):
                    report.counts["dirs_skipped" if item.is_dir else "files_skipped"] += 1
                    report.counts["files_seen"] += 0 if item.is_dir else 1
                    report.record(item.path, walk_skip_classification(item), 0,
                                  project=root.name)
                    continue
                c = self._classify(item)
                estimate = estimate_chunks(item, c)
                report.counts["files_seen"] += 1
                report.counts["files_indexed" if estimate else "files_skipped"] += 1
                report.counts["chunks_estimated"] += estimate
                report.record(item.path, c, estimate, project=root.name)
        report.seconds = time.perf_counter() - started
        return report

    # -- full / incremental run -------------------------------------------------------------
    def run(self, roots: Iterable[ProjectRoot], *, flush: bool = False,
            progress: Progress | None = None) -> RunReport:
        assert self._store_factory and self._vectorizer_factory
        started = time.perf_counter()
        report = RunReport()
        store = self._store_factory()
        vectorizer = self._vectorizer_factory()
        for root in roots:
            if flush:
                store.delete_project(root.name)
                self.catalog.delete_project(root.name)
            _ProjectRun(self, root, store, vectorizer, report, progress).execute()
        report.seconds = time.perf_counter() - started
        return report

    # -- uploads ----------------------------------------------------------------------------
    def ingest_file(self, project: str, path: str, data: bytes) -> RunReport:
        """Index one file given in memory, with the same decisions, chunks and writes as a run
        (unchanged content costs no embedding). `path` must already be canonical."""
        assert self._store_factory and self._vectorizer_factory
        started = time.perf_counter()
        report = RunReport()
        run = _ProjectRun(self, ProjectRoot(project, UPLOAD_ROOT), self._store_factory(),
                          self._vectorizer_factory(), report, None)
        file = SourceFile(project, UPLOAD_ROOT, path, len(data), time.time_ns())
        run._file(file, self.catalog.get(project, path), data)
        run._flush_pending()
        report.seconds = time.perf_counter() - started
        return report

    def ingest_fragments(self, fragments: Sequence[Fragment]) -> Counter[str]:
        """Store pieces a client already cut. Each file's path (and first fragment, as its head)
        is classified as usual; a fragment that is too short, binary, secret-like or an LLM
        transcript is skipped and counted (`skipped_<why>`). Everything is judged and embedded
        before the single write, so a failure writes nothing."""
        assert self._store_factory and self._vectorizer_factory
        store = self._store_factory()
        counts: Counter[str] = Counter(total=len(fragments), stored=0, skipped=0, failed=0)
        groups: dict[tuple[str, str], list[Fragment]] = {}
        for fragment in fragments:
            groups.setdefault((fragment.project, fragment.path), []).append(fragment)
        admitted: list[ChunkedFile] = []
        refused: list[tuple[SourceFile, Classification]] = []
        for (project, path), group in groups.items():
            group.sort(key=lambda f: f.chunk_index)
            size = sum(len(f.content.encode("utf-8")) for f in group)
            file = SourceFile(project, UPLOAD_ROOT, path, size, 0)
            c = self._classify(file, group[0].content.encode("utf-8"))
            if not c.index_policy.admits_content:
                counts["skipped"] += len(group)
                counts[f"skipped_policy_{c.index_policy}"] += len(group)
                refused.append((file, c))
                continue
            chunks = []
            for f in group:
                problem = self._fragment_problem(f.content)
                if problem:
                    counts["failed" if problem == "binary" else "skipped"] += 1
                    counts[f"{'failed' if problem == 'binary' else 'skipped'}_{problem}"] += 1
                    continue
                end = f.end_line or (f.start_line + f.content.count("\n") if f.start_line else 0)
                chunks.append(enrich(file, c, ChunkPiece(f.content, f.start_line, end),
                                     f.chunk_index))
            if chunks:
                admitted.append(ChunkedFile(file, c, "", chunks))
        merge(counts, write_batch(store, self._vectorizer_factory(), admitted, prune=False))
        counts["stored"] = sum(len(item.chunks) for item in admitted)
        for file, _ in refused:
            store.prune(file.project, file.path, 0)
        with self.catalog.transaction():
            for item in admitted:
                done = item.file
                self.catalog.put(done.project, done.path, status="indexed",
                                 reason="pre-chunked by the client",
                                 classification=item.classification,
                                 chunks=len(store.file_points(done.project, done.path)))
            for file, c in refused:
                self.catalog.put(file.project, file.path, status="skipped", reason=c.reasons[0],
                                 classification=c)
        return counts

    def _fragment_problem(self, text: str) -> str | None:
        if "\x00" in text:
            return "binary"
        if len(text.strip()) < self.settings.min_chunk_chars:
            return "too_short"
        if find_secret(text):
            return "secret"
        if contamination(text):
            return "contaminated"
        return None


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

    def _file(self, file: SourceFile, entry: Entry | None, data: bytes | None = None) -> None:
        """One file; `data` holds its bytes when it was uploaded rather than found on disk."""
        self.counts["files_seen"] += 1
        if (entry and entry.status == "indexed" and entry.size == file.size
                and entry.mtime_ns == file.mtime_ns and entry.classification
                and entry.classification.classifier_version == CLASSIFIER_VERSION):
            self._unchanged(file, entry, entry.classification)
            return
        c = self.indexer._classify(file, data)
        if not c.index_policy.admits_content:
            self._skipped(file, entry, c, c.reasons[0])
            return
        try:
            text, content_hash = (decode_text(data) if data is not None
                                  else read_text(file, self.settings.max_file_bytes))
        except FileProblem as problem:
            self._failed(file, entry, c, str(problem))
            return
        if (entry and entry.status == "indexed" and entry.content_hash == content_hash
                and entry.classification and entry.classification == c):
            self._unchanged(file, entry, c)  # touched, not changed: refresh mtime only
            return
        chunked = chunk_file(file, c, text, content_hash, self.settings.min_chunk_chars)
        for reason, n in chunked.dropped.items():
            self.counts[f"chunks_dropped_{reason}"] += n
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
        merge(self.counts, write_batch(self.store, self.vectorizer, self.pending))
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
