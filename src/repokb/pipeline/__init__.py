"""The pipeline: the only place that chains the stages.

discover -> classify -> (policy) -> chunk -> enrich -> embed -> store, with the catalog recording
every decision. Files stream through a bounded buffer: at most `buffer_chunks` chunks (and their
vectors) are held at once, however big the tree. Both the dry run and the real run chunk every
admitted file they read and report, per language and kind, what chunking produced (see
pipeline/metrics.py); the dry run stops there.
"""

from __future__ import annotations

import functools
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from repokb.errors import InputError
from repokb.models import Classification, Fragment, SkippedPath, SourceFile
from repokb.pipeline.chunk import (
    FileProblem,
    PastTheHead,
    chunk_file,
    decoded_too_large,
    indexed_bytes,
    read_limit,
    read_text,
)
from repokb.pipeline.classify import Classifier, Limits
from repokb.pipeline.dense_text import names_of
from repokb.pipeline.discover import discover
from repokb.pipeline.embed import Vectorizer
from repokb.pipeline.fanout import judge_all
from repokb.pipeline.lexical_only import rules as lexical_only_rules
from repokb.pipeline.metrics import ChunkMetrics
from repokb.pipeline.projects import boundaries
from repokb.pipeline.report import SUMMARY_KEYS, RunReport, estimate
from repokb.pipeline.run import (
    EmbedProgress,
    Progress,
    ProjectRun,
    tally_chunked,
    walk_skip_classification,
)
from repokb.pipeline.uploads import (
    UPLOAD_ROOT,
    Ahead,
    embed_ahead,
    forget_missing,
    ingest_file,
    ingest_fragments,
    record_left_out,
    upload_classifier,
)
from repokb.roots import ProjectRoot
from repokb.settings import Settings
from repokb.stores.base import Store, overdue
from repokb.stores.catalog import Catalog

__all__ = ["SUMMARY_KEYS", "EmbedProgress", "Indexer", "Progress", "RunReport",
           "walk_skip_classification"]


class Indexer:
    def __init__(self, settings: Settings, catalog: Catalog,
                 store_factory: Callable[[], Store] | None = None,
                 vectorizer_factory: Callable[[], Vectorizer] | None = None) -> None:
        self.settings = settings
        self.plan = settings.embed_plan  # how chunks are embedded: fixed for the indexer's life
        self.catalog = catalog
        self._store_factory = store_factory
        self._vectorizer_factory = vectorizer_factory

    def limits(self) -> Limits:
        s = self.settings
        return Limits(s.head_bytes, s.max_file_bytes, s.skip_file_bytes, s.max_tabular_bytes,
                      s.max_notebook_bytes)

    def read_limit(self, c: Classification) -> int:
        """How much of a file is read whole (a notebook: max_notebook_bytes)."""
        return read_limit(c, self.settings.max_file_bytes, self.settings.max_notebook_bytes)

    def classifier(self, root: ProjectRoot) -> Classifier:
        """One per project run: reads the project's .repokb.yml once (ConfigError if bad); an
        upload's, which has no folder, from what the project's uploads kept of it."""
        if root.root == UPLOAD_ROOT:
            return upload_classifier(self.catalog, root.name, self.limits())
        return Classifier.for_root(root.root, self.limits())

    def store(self) -> Store:
        """The store runs write to (opened on first need)."""
        assert self._store_factory, "an indexer built for dry runs only"
        return self._store_factory()

    def vectorizer(self) -> Vectorizer:
        """Dense and lexical encoders; the model loads only when something needs embedding."""
        assert self._vectorizer_factory, "an indexer built for dry runs only"
        vectorizer = self._vectorizer_factory()
        vectorizer.never_dense = lexical_only_rules(self.settings.lexical_only_rules)
        names_of(self.plan.squeeze)  # an unknown rule: a clear error before any work
        return vectorizer

    def project_run(self, root: ProjectRoot, store: Store, vectorizer: Vectorizer,
                    report: RunReport, progress: Progress | None = None,
                    classifier: Classifier | None = None) -> ProjectRun:
        return ProjectRun(self.settings, self.catalog, self.plan,
                          classifier or self.classifier(root), root, store, vectorizer, report,
                          progress)

    def metrics(self) -> ChunkMetrics:
        return ChunkMetrics(self.settings.near_duplicate_threshold)

    # -- dry run ----------------------------------------------------------------------------
    def dry_run(self, roots: Iterable[ProjectRoot], chunk: bool = False) -> RunReport:
        """Classify every file and estimate the cost from sizes, reading only heads (a notebook
        is read whole: its estimate counts its cells' sources, not its outputs); write
        nothing. With `chunk`, also read and chunk the admitted files for exact counts and the
        per-language metrics (slower: it parses everything it would index)."""
        started = time.perf_counter()
        report = RunReport(metrics=self.metrics() if chunk else None)
        report.embedder = self.settings.embedder
        report.default_rate = functools.partial(_embed_rate, self.settings.embedder)
        report.secrets_checked = "whole_text" if chunk else "head"
        report.head_bytes = self.settings.head_bytes
        counts = report.counts
        for root in self.bounded(roots, report):
            classifier = self.classifier(root)
            items = list(discover(root, classifier.config))
            classifier.read_below(root, items)  # the .gitattributes the walk found
            files = [item for item in items if not isinstance(item, SkippedPath)]
            results: list[tuple[Classification, int, int, str | None]] = []
            if not chunk:  # (a chunking dry run judges each file as it chunks it, below)
                results, processes = judge_all(
                    functools.partial(self._dry_judge, classifier, files), len(files))
                report.judged_in_processes = max(report.judged_in_processes, processes)
            judged = iter(results)
            for item in items:
                if isinstance(item, SkippedPath):
                    counts["dirs_skipped" if item.is_dir else "files_skipped"] += 1
                    counts["files_seen"] += 0 if item.is_dir else 1
                    report.record(item.path, walk_skip_classification(item), 0,
                                  project=root.name)
                    report.left_to(root.name, item)
                    continue
                counts["files_seen"] += 1
                if chunk:
                    self._dry_chunk(report, root, item, classifier.classify(item))
                    continue
                c, chunks, tokens, too_large = next(judged)
                if "redact" in c.flags and chunks:  # found in the head of an admitted file
                    counts["files_with_secrets"] += 1  # (the classifier reads no more)
                counts["files_indexed" if chunks else "files_skipped"] += 1
                report.count_estimate(c, chunks, tokens)
                report.record(item.path, c, chunks, too_large, project=root.name)
        report.seconds = time.perf_counter() - started
        return report

    def _dry_judge(self, classifier: Classifier, files: Sequence[SourceFile],
                   i: int) -> tuple[Classification, int, int, str | None]:
        """One file of a dry run, decided from its head: (decision, estimated chunks and
        tokens, why it is too large to index). Independent of every other file's, so the
        files are judged on every core (pipeline/fanout.py)."""
        item = files[i]
        c = classifier.classify(item)
        size = indexed_bytes(item, c, self.read_limit(c))
        too_large = decoded_too_large(size, self.settings.max_file_bytes)
        chunks, tokens = estimate(item, c, self.plan, 0 if too_large else size)
        return c, chunks, tokens, too_large

    def _dry_chunk(self, report: RunReport, root: ProjectRoot, item: SourceFile,
                   c: Classification) -> None:
        counts = report.counts
        if not c.index_policy.admits_content:
            counts["files_skipped"] += 1
            report.count_estimate(c, 0, 0)
            report.record(item.path, c, 0, project=root.name)
            return
        try:
            text, content_hash = read_text(item, self.read_limit(c))
            chunked = chunk_file(item, c, text, content_hash, self.plan,
                                 self.settings.min_chunk_chars, self.settings.max_chunks_per_file,
                                 self.settings.max_file_bytes, self.settings.parse_budget)
        except FileProblem as problem:
            counts[f"files_{problem.status}"] += 1
            if isinstance(problem, PastTheHead):  # past the head: as one whose head shows it
                c = problem.recorded(c)
            report.count_estimate(c, 0, 0)
            report.record(item.path, c, 0, str(problem), project=root.name)
            return
        tally_chunked(counts, report.metrics, chunked)
        n = len(chunked.chunks)
        counts["files_indexed" if n else "files_skipped"] += 1
        # exact chunks; tokens still estimated from the size (nothing is tokenised here)
        size = indexed_bytes(item, c, self.read_limit(c), text)
        report.count_estimate(c, n, estimate(item, c, self.plan, size)[1] if n else 0)
        if n and (chunked.redactions or "redact" in c.flags):  # the whole text, as indexing
            counts["files_with_secrets"] += 1
        # what redaction took out of the whole text, as a real run records it
        report.record(item.path, c, n, chunked.note or (None if n else
                                                        "no chunk long enough to index"),
                      project=root.name)

    # -- full / incremental run -------------------------------------------------------------
    def run(self, roots: Iterable[ProjectRoot], *, flush: bool = False,
            progress: Progress | None = None, keep_files: bool = True,
            embed_progress: EmbedProgress | None = None) -> RunReport:
        report = RunReport(keep_files=keep_files, metrics=self.metrics())
        store = self.store()
        vectorizer = self.vectorizer()
        try:
            return self._run(roots, report, store, vectorizer, flush, progress, embed_progress)
        finally:
            vectorizer.settle()  # a model loaded ahead is whole before anything closes

    def _run(self, roots: Iterable[ProjectRoot], report: RunReport, store: Store,
             vectorizer: Vectorizer, flush: bool, progress: Progress | None,
             embed_progress: EmbedProgress | None) -> RunReport:
        runs = []
        for root in self.bounded(roots, report):  # every project searchable (lexically) ...
            if flush and root.scope:  # (refused before: operations/guards.py)
                raise InputError(f"A flush drops all of project {root.name!r}, not one folder "
                                 "of it.", "Flush the project's whole folder.")
            if flush:
                store.delete_project(root.name)
                self.catalog.delete_project(root.name)
            with report.counting(root.name):
                run = self.project_run(root, store, vectorizer, report, progress)
                if run.vectors_before and not run.same_vectors:  # a new model graph: say so
                    report.vectors_changed[root.name] = {"was": run.vectors_before,
                                                         "now": run.vectors}
                run.embed_progress = embed_progress
                run.lexical_first = self.settings.lexical_first
                run.lexical_pass()
            runs.append((root.name, run))
        report.milestone("seconds_to_lexical_all")
        for name, run in runs:  # ... before the model fills in the dense vectors
            with report.counting(name):
                run.dense_pass()
        # removed text leaves the disk (Store.compact), and the catalog's (a stored name an
        # older redactor redacted less, a deleted file's record): an older redactor's bytes
        # and a file left out while on disk at once; a deleted, renamed or edited file's when
        # the store is cheap to rewrite (compact_points) or compact_after_delete says so, else
        # the compaction stays due (a mark kept through a crash: a holder idle for
        # compact_idle_seconds, or the next run that compacts, performs it; a run performs
        # one due for compact_due_hours whatever the size)
        if (any(run.redaction_upgraded or run.files_dropped for _, run in runs)
                or self.compacts_now(store)):
            if store.compact():
                report.counts["store_compacted"] += 1
                self.catalog.purge()
        elif store.compaction_due():
            report.counts["store_compaction_due"] += 1
        report.seconds = time.perf_counter() - report.started
        return report

    def compacts_now(self, store: Store) -> bool:
        """Whether a due compaction is performed now, by the write that left it due (a run's
        end, an upload's prune): the store is cheap to rewrite (compact_points),
        compact_after_delete says so, or it has been due for compact_due_hours; else it stays
        due for a holder idle for compact_idle_seconds, or the next write that compacts."""
        since = store.compaction_due_since()
        return since is not None and (self.settings.compact_after_delete
                                      or self.catalog.chunk_total() <= self.settings.compact_points
                                      or overdue(since, self.settings.compact_due_hours))

    def bounded(self, roots: Iterable[ProjectRoot], report: RunReport) -> list[ProjectRoot]:
        """The roots with the other projects' roots inside each (left to them: read from the
        catalog now, as the run starts), each scope noted in the report."""
        known = self.catalog.projects() if self.catalog else {}  # (a dry run's tests: none)
        out = [boundaries(root, known) for root in roots]
        for root in out:
            if root.scope:
                report.scoped(root.name, root.scope)
        return out

    # -- uploads (the server): the same stages without a walk -------------------------------
    def ingest_file(self, project: str, path: str, data: bytes,
                    ahead: Ahead | None = None,
                    left_out: tuple[int, str] | None = None) -> RunReport:
        """Index one file given in memory. `path` must already be canonical; `ahead` holds
        what `embed_ahead` prepared for it before the write lock (and the classifier it was
        judged by); `left_out` (size, why): `data` is the head of a file the client left out,
        recorded as the walk records it."""
        return ingest_file(self.project_run, self.catalog, self.store(), self.vectorizer(),
                           self.metrics(), self.limits(), project, path, data, ahead,
                           left_out, ahead.classifier if ahead else None)

    def embed_ahead(self, project: str, path: str, data: bytes) -> Ahead:
        """Chunk and embed an upload before the write lock (reads the catalog and store only)."""
        return embed_ahead(self.settings, self.catalog, self.store(), self.vectorizer(),
                           self.classifier(ProjectRoot(project, UPLOAD_ROOT)), self.plan,
                           project, path, data)

    def forget_missing(self, project: str, uploaded: Iterable[str],
                       since: float | None = None,
                       ) -> tuple[list[str], Counter[str], list[str]]:
        """Forget the files of an uploaded project not in `uploaded` (its folder's complete
        upload) and, given `since`, recorded before it: the paths forgotten, the counts, and
        the files to upload again (the rule files left with the folder: judged again)."""
        return forget_missing(self.catalog, self.store(), self.limits(), project, uploaded,
                              since)

    def record_left_out(self, project: str, folders: Sequence[tuple[str, str | None]],
                        ) -> tuple[list[SkippedPath], list[tuple[str, str]]]:
        """Record the folders a client left out before uploading, as the walk records them
        (uploads.record_left_out): the skips recorded and the refused (folder, why)."""
        return record_left_out(self.catalog, self.store(), project, folders)

    def ingest_fragments(self, fragments: Sequence[Fragment]) -> Counter[str]:
        return ingest_fragments(self.settings, self.catalog, self.store(), self.vectorizer(),
                                lambda project: self.classifier(
                                    ProjectRoot(project, UPLOAD_ROOT)), self.plan, fragments)


def _embed_rate(name: str) -> float | None:
    """The backend's measured tokens per second (its class knows it; no model is loaded)."""
    from repokb.embedders import backend, load_builtins

    load_builtins()
    try:
        return backend(name).tokens_per_second
    except Exception:  # an unknown embedder fails later, where it is used, with a clear error
        return None
