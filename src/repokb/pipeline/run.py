"""One project's incremental run: the bookkeeping of which file changed, what to drop, and the
buffered writes (the stages themselves are the other modules; pipeline/__init__.py chains them).
"""

from __future__ import annotations

import contextlib
import hashlib
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from repokb.chunkers.base import CHUNKING_VERSION
from repokb.models import (
    Classification,
    EmbeddedChunk,
    EmbedPlan,
    Kind,
    Policy,
    Role,
    Signal,
    SkippedPath,
    SourceFile,
)
from repokb.pipeline.chunk import (
    ChunkedFile,
)
from repokb.pipeline.classify import CLASSIFIER_VERSION, Classifier
from repokb.pipeline.dense import fill_dense
from repokb.pipeline.discover import discover, scope_record
from repokb.pipeline.embed import Vectorizer
from repokb.pipeline.fanout import in_order, stream_processes
from repokb.pipeline.metrics import ChunkMetrics
from repokb.pipeline.prepare import Outcome, Preparer
from repokb.pipeline.report import RunReport
from repokb.pipeline.store import merge, write_batch
from repokb.roots import ProjectRoot, present
from repokb.rules.twins import twin_gone
from repokb.secrets.paths import redact_path
from repokb.settings import Settings
from repokb.stores.base import Store
from repokb.stores.catalog import Catalog, Entry

if TYPE_CHECKING:
    import numpy as np

Progress = Callable[[str, int, int], None]  # (current path, done, total)
# (chunks embedded, chunks to embed so far, files done, files in all): the model's progress
EmbedProgress = Callable[[int, int, int, int], None]


# Settings that change the chunks a file gives (joined or dropped under the minimum, cut off
# after the most per file): changing one re-reads unchanged files, as a new chunking version does.
CUTTING_SETTINGS = ("min_chunk_chars", "max_chunks_per_file")
DEFAULTS = Settings()


def walk_skip_classification(skip: SkippedPath) -> Classification:
    """The record of a path the walk left out: excluded, with the walk's reason."""
    try:
        kind = Kind(skip.kind)
    except ValueError:
        kind = Kind.UNKNOWN
    return Classification(kind=kind, language=None, knowledge_role=Role.EXCLUDED,
                          index_policy=Policy.EXCLUDE, reasons=(skip.reason,),
                          signals=(Signal(type="walk", value=skip.reason, weight=1.0),),
                          classifier_version=CLASSIFIER_VERSION, rules=("walk",))



def tally_chunked(counts: Counter[str], metrics: ChunkMetrics | None,
                  chunked: ChunkedFile) -> None:
    for reason, n in chunked.dropped.items():
        counts[f"chunks_dropped_{reason}"] += n
    if chunked.over_budget:
        counts["files_parse_over_budget"] += 1
    if metrics is not None:
        counts["chunks_duplicates"] += metrics.add_file(chunked)


def store_key(settings: Settings) -> str:
    """Which store a project's points are in (a digest: a server's URL may hold a password),
    for the catalog's mark that its dense pass left nothing pending there."""
    where = (f"{settings.store}\n{settings.store_path}\n{settings.qdrant_url}\n"
             f"{settings.qdrant_collection_prefix}")
    return hashlib.sha256(where.encode()).hexdigest()[:16]


def _redaction(classifier_version: str) -> str:
    """The redactor's part of a classifier version ("0.3.2+redaction.2" -> "2"; versions
    before it was recorded -> "1")."""
    return classifier_version.partition("+redaction.")[2] or "1"


class ProjectRun:
    """One project's incremental run: decide per file, buffer chunks, write in batches."""

    def __init__(self, settings: Settings, catalog: Catalog, plan: EmbedPlan,
                 classifier: Classifier, root: ProjectRoot, store: Store,
                 vectorizer: Vectorizer, report: RunReport, progress: Progress | None) -> None:
        self.settings = settings
        self.plan = plan
        self.catalog = catalog
        self.root = root
        self.store = store
        self.vectorizer = vectorizer
        self.report = report
        self.progress = progress
        self.counts = report.counts
        self.pending: list[ChunkedFile] = []
        self.pending_chunks = 0
        self.embed_progress: EmbedProgress | None = None
        self.embedded = self.to_embed = self.files_done = self.files_total = 0
        self.to_embed_known = False  # the dense pass knows its whole work up front
        self.walked: tuple[str, int, int] | None = None  # the last `progress` call of the walk
        # Write BM25 first and leave the model's work to the dense pass (Indexer.run sets it
        # from the settings; uploads of one file embed at once).
        self.lexical_first = False
        # a file indexed under an older redactor was read again: the store is compacted after
        # the run, so what that redactor let through leaves the disk (Store.compact)
        self.redaction_upgraded = False
        # a file's points were dropped because it is now left out (excluded, ignored, skipped,
        # unreadable) while still on disk: the store is compacted after the run too, so its
        # text leaves the disk (the engine's write-ahead log and freed payload pages kept a
        # left-out private note's every word). A deletion or an edit marks the compaction due
        # (Store.mark_compaction_due); Indexer.run decides when it runs (a rewrite of the
        # whole store took 37-53 s on Django's home under load, where a one-file re-index
        # takes under 2: bench/RESULTS.md, sessions 41 and 42)
        self.files_dropped = False
        # the catalog's mark that no point of the project waits for the model is taken down
        # before this run's first write (which may leave some waiting), put up by a dense
        # pass that leaves none: with it up, a run that wrote nothing skips the dense pass,
        # so an unchanged re-index never loads the store
        self.store_key = store_key(settings)
        self._mark_down = False
        self.started = time.time()
        self.classifier = classifier
        self.vectors = f"{plan.model} code={plan.code} prose={plan.prose}"
        if plan.test is not None:
            self.vectors += f" test={plan.test}"
        if CHUNKING_VERSION > 1:  # (signatures written before versions: chunking 1)
            self.vectors += f" chunking={CHUNKING_VERSION}"
        if settings.lexical_only_rules:  # which chunks get no dense vector is part of it
            self.vectors += f" lexical_only={settings.lexical_only_rules}"
        # the settings that decide which chunks a file gives, when not the defaults (an index
        # made with the defaults keeps its signature)
        for name in CUTTING_SETTINGS:
            if getattr(settings, name) != getattr(DEFAULTS, name):
                self.vectors += f" {name}={getattr(settings, name)}"
        # Files are skipped unread only if their vectors were made the way they would be now;
        # otherwise each is re-chunked, and its text hashes decide what is embedded again.
        self.vectors_before = self.catalog.vectors(root.name)  # None: never indexed (or flushed)
        self.same_vectors = self.vectors_before == self.vectors
        self.preparer = Preparer(classifier, settings, plan, self.same_vectors)

    def execute(self) -> None:
        """Both passes: every file written (lexical-first if set), then the dense vectors."""
        self.lexical_pass()
        self.dense_pass()

    def lexical_pass(self) -> None:
        """Walk, decide and write every file; the catalog commits each buffer's files. With
        `lexical_first`, new text is written with its BM25 vector only (searchable at once)."""
        self.started = time.time()
        known = self.catalog.entries(self.root.name)
        if self.root.scope:  # a run of one folder: what left the rest of the root is not its
            known = _under(known, scope_record(self.root))
        folders: dict[str, int | None] = {}  # each folder walked, with its mtime when listed
        items = list(self._loading_ahead(discover(self.root, self.classifier.config, folders),
                                         known))
        # the .gitattributes below the root, as the walk found them, decide too
        self.classifier.read_below(self.root, items)
        total = self.files_total = len(items)
        seen: set[str] = set()
        if self.embed_progress is not None:
            self.vectorizer.progress = self._embedding
        # the files to read and cut, cut ahead on every core while this loop records them
        todo = [item for item in items if isinstance(item, SourceFile)
                and not self.stands(item, known.get(item.path))]
        to_cut = {id(item) for item in todo}
        processes = stream_processes(len(todo), self.settings.cut_processes)
        if processes > 1:
            self.report.cut_in_processes = max(self.report.cut_in_processes, processes)
            # the loads the walk started import modules on their threads: a child forked
            # meanwhile finds those modules' import locks held for good (seen: zipfile)
            self.store.settle()
            self.vectorizer.settle()
        outcomes = in_order(lambda i: self.preparer(todo[i], known.get(todo[i].path)),
                            len(todo), processes)
        with contextlib.closing(outcomes):
            for done, item in enumerate(items, 1):
                self.files_done = done - 1
                seen.add(item.path)
                if self.progress:
                    self.walked = (item.path, done, total)
                    self.progress(item.path, done, total)
                if isinstance(item, SkippedPath):
                    self._skip_walked(item, known.get(item.path))
                elif id(item) in to_cut:
                    self.add_file(item, known.get(item.path), outcome=next(outcomes))
                else:  # it stands (`todo` asked once): not asked again
                    self.add_standing(item, known[item.path])
        self.write_pending()
        self._forget_deleted(known, seen)
        # what the next freshness check compares the folders' mtimes with (after the files:
        # a run killed before leaves the last run's folders, which then look changed)
        self.catalog.put_folders(self.root.name, folders,
                                 redact_path(scope_record(self.root)) if self.root.scope else "")
        # Every file's chunks are in the store under the current plan (pending vectors are
        # the store's to say): the next run may skip unchanged files unread.
        self.catalog.set_project(self.root.name, self.root.root, self.vectors_now)

    def _loading_ahead(self, walk: Iterable[SourceFile | SkippedPath],
                       known: dict[str, Entry]) -> Iterator[SourceFile | SkippedPath]:
        """The walk's items; at the first file that is new or of another size than recorded
        (or any file, under new vectors), the store starts loading in the background
        (`Store.load_soon`), and so does the model (`Vectorizer.prepare_soon`): the run will
        write and embed, and both loads overlap the rest of the walk and the decisions. A
        file only touched (same size, new mtime: a checkout, a stash popped) may hold the
        same bytes: it loads nothing ahead (measured on Django: 2.5 s and 500 MB against 1.4
        s and 93 MB when it did), and a same-size edit loads the store when it writes."""
        ahead = False
        for item in walk:
            if not ahead and isinstance(item, SourceFile):
                entry = known.get(item.path)
                if entry is None or not self.same_vectors or entry.size != item.size:
                    self.store.load_soon()
                    self.vectorizer.prepare_soon()  # (the dense pass will want the model)
                    ahead = True
            yield item

    @property
    def vectors_now(self) -> str | None:
        """How the project's chunks are embedded after this run: a run of one folder made
        another way than the project's last run leaves the rest of the project as it was, so
        the project keeps its old signature (its next whole run reads those files again)."""
        if self.root.scope and not self.same_vectors:
            return self.vectors_before
        return self.vectors

    def dense_pass(self) -> None:
        """Fill in the dense vectors the store still waits for (this run's and any a killed
        run left), then record the run."""
        self.files_done = self.files_total
        clean = self.catalog.dense_clean(self.root.name) == self.store_key
        if clean:  # nothing waits for the model: source and docs are dense already
            self._dense_round_done(0)
        pending = 0 if clean else self._fill_dense()
        self.counts["chunks_dense_pending"] += pending
        self.catalog.set_project(self.root.name, self.root.root, self.vectors_now)
        if not clean and not pending:
            self.catalog.set_dense_clean(self.root.name, self.store_key)
        summary: dict[str, object] = dict(self.counts)
        if self.root.scope:  # a run of one folder of the project: its counts are the folder's
            summary["scope"] = scope_record(self.root)
        self.catalog.record_run(self.root.name, self.started, summary)

    def _fill_dense(self) -> int:
        """Embed the points the store says are pending; how many still are."""
        if self.embed_progress is not None:
            self.vectorizer.progress = self._embedding
            # the model's whole remaining work is known now: progress counts down from it
            self.to_embed = self.embedded + self.store.dense_pending(self.root.name)
            self.to_embed_known = True
        fill_dense(self.store, self.vectorizer, self.root.name, self.counts,
                   page=self.settings.buffer_chunks, observe=self._observe,
                   stop=self._asked_to_stop, round_done=self._dense_round_done)
        if self.to_embed_known and self.embed_progress is not None and self.to_embed:
            # points sharing a text were embedded once: the count ends where it said it would
            self.embedded = self.to_embed
            self.embed_progress(self.embedded, self.to_embed, self.files_done, self.files_total)
        return self.store.dense_pending(self.root.name)

    def _asked_to_stop(self) -> bool:
        """Asked between dense pages: `progress` hears again where the walk ended, so a run
        cancelled through it (a stopped watch, a cancelled job) ends at a page boundary rather
        than after the whole dense pass (minutes on a first run); the next run finishes it."""
        if self.progress is not None and self.walked is not None:
            self.progress(*self.walked)
        return False

    def _dense_round_done(self, number: int) -> None:
        if number == 0:  # the part questions need most is dense
            self.report.milestone("seconds_to_dense_source_docs")

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
        self.report.left_to(self.root.name, item)

    def stands(self, file: SourceFile, entry: Entry | None) -> bool:
        """Whether the file's earlier decision stands without reading a byte: the same size,
        mtime and rules, vectors made as now. Failed files are retried: their cause
        (permissions, a race) may be gone."""
        return bool(entry and self.same_vectors
                    and entry.size == file.size and entry.mtime_ns == file.mtime_ns
                    and entry.classification
                    and entry.classification.classifier_version == CLASSIFIER_VERSION
                    and entry.classification.config_digest
                    == self.classifier.digest_of(file.path)
                    and not twin_gone(file.root, entry.classification)
                    and entry.status in ("indexed", "skipped"))

    def add_file(self, file: SourceFile, entry: Entry | None, data: bytes | None = None,
                 prepared: ChunkedFile | None = None, outcome: Outcome | None = None) -> None:
        """One file; `data` holds its bytes when it was uploaded rather than found on disk,
        `prepared` its chunks when they were cut beforehand (used only if still valid),
        `outcome` what `Preparer` made of it already (another process, for this run)."""
        if outcome is None and entry and self.stands(file, entry):
            self.add_standing(file, entry)
            return
        self.counts["files_seen"] += 1
        if (entry and entry.status == "indexed" and entry.classification
                and _redaction(entry.classification.classifier_version)
                != _redaction(CLASSIFIER_VERSION)):
            self.redaction_upgraded = True  # an older redactor's text is overwritten below
        if outcome is None:
            outcome = self.preparer(file, entry, data, prepared)
        c, chunked = outcome.classification, outcome.chunked
        if outcome.unchanged:
            assert entry is not None
            self._unchanged(file, entry, c)  # touched, not changed: refresh mtime only
            return
        if chunked is None:
            self._skipped(file, entry, c, outcome.reason, status=outcome.status)
            return
        tally_chunked(self.counts, self.report.metrics, chunked)
        self.counts["secrets_redacted"] += chunked.secrets_redacted
        if not chunked.chunks:
            self._skipped(file, entry, c, "no chunk long enough to index")
            return
        self.pending.append(chunked)
        self.pending_chunks += len(chunked.chunks)
        if self.pending_chunks >= self.settings.buffer_chunks:
            self.write_pending()

    def add_standing(self, file: SourceFile, entry: Entry) -> None:
        """A file whose earlier decision `stands`: recorded as it was, unread."""
        self.counts["files_seen"] += 1
        if entry.status == "indexed":
            self._unchanged(file, entry, entry.classification)  # type: ignore[arg-type]
        else:
            self.counts["files_skipped"] += 1
            self.report.record(file.path, entry.classification, 0, entry.reason,
                               project=self.root.name)

    def _unchanged(self, file: SourceFile, entry: Entry, c: Classification) -> None:
        self.counts["files_indexed"] += 1
        self.counts["chunks_unchanged"] += entry.chunks
        if entry.mtime_ns != file.mtime_ns:
            self.catalog.put(self.root.name, file.path, status="indexed", reason=entry.reason,
                             size=file.size, mtime_ns=file.mtime_ns,
                             content_hash=entry.content_hash, classification=c,
                             chunks=entry.chunks)
        # the note recorded when it was cut (what redaction took out, a cap): still true
        self.report.record(file.path, c, entry.chunks, entry.reason or None,
                           project=self.root.name)

    def add_left_out(self, file: SourceFile, entry: Entry | None, head: bytes,
                     why: str) -> None:
        """A file a client left out before uploading (`why`: over its size limit, a name on
        its list), known by its size and `head` only: judged as the walk judges it (its
        name, size and head; not its end, which did not come: a signal says so), and
        recorded as the walk records it when that leaves its content out (over
        max_file_bytes: metadata only; a vendored name). One the walk would read is recorded
        as skipped, for the client's reason: its content never came."""
        self.counts["files_seen"] += 1
        c = self.classifier.classify(file, head)
        if len(head) < file.size:  # its end never came: the rules on last lines did not look
            c = replace(c, signals=(*c.signals, Signal(
                type="upload", value=f"head only ({len(head)} of {file.size} bytes sent): "
                "its end not seen", weight=0.0)))
        self._skipped(file, entry, c, c.reasons[0] if not c.index_policy.admits_content
                      else f"left out by the uploading client ({why}): not read")

    def _skipped(self, file: SourceFile, entry: Entry | None, c: Classification,
                 reason: str, status: str = "skipped") -> None:
        """Not indexed (skipped by policy, or failed with a reason): drop any points it had."""
        self._drop_points(entry, file.path)
        self.counts[f"files_{status}"] += 1
        self.catalog.put(self.root.name, file.path, status=status, reason=reason,
                         size=file.size, mtime_ns=file.mtime_ns, classification=c)
        self.report.record(file.path, c, 0, reason, project=self.root.name)

    def _drop_points(self, entry: Entry | None, path: str | None = None) -> None:
        self.files_dropped |= drop_points(self.store, self.root.name, self.counts, entry, path)

    def _observe(self, embedded: list[EmbeddedChunk], vectors: np.ndarray | None = None) -> None:
        """Chunks with fresh dense vectors (`vectors`: the same, as an array, when the caller
        has them so): checked for near duplicates."""
        if self.report.metrics is not None:
            self.counts["chunks_near_duplicates"] += self.report.metrics.add_vectors(embedded,
                                                                                     vectors)

    def _embedding(self, done: int, total: int) -> None:
        """The vectorizer's progress in this batch, as the run's totals."""
        if done == 0 and not self.to_embed_known:
            self.to_embed += total
        if self.embed_progress is not None:
            self.embed_progress(self.embedded + done, self.to_embed, self.files_done,
                                self.files_total)
        if done == total:
            self.embedded += total

    def write_pending(self) -> None:
        if not self.pending:
            return
        if not self._mark_down:  # committed before the store holds anything pending
            self.catalog.set_dense_clean(self.root.name, None)
            self._mark_down = True
        merge(self.counts, write_batch(self.store, self.vectorizer, self.pending, self._observe,
                                       slice_chunks=self.settings.buffer_chunks,
                                       dense=not self.lexical_first))
        # Catalog last: only now are these files done (see pipeline/store.py).
        with self.catalog.transaction():
            for item in self.pending:
                f = item.file
                self.catalog.put(self.root.name, f.path, status="indexed", reason=item.note,
                                 size=f.size, mtime_ns=f.mtime_ns,
                                 content_hash=item.content_hash,
                                 classification=item.classification, chunks=len(item.chunks))
        for item in self.pending:
            self.counts["files_indexed"] += 1
            self.report.record(item.file.path, item.classification, len(item.chunks),
                               item.note or None, project=self.root.name)
        self.pending, self.pending_chunks = [], 0

    def _forget_deleted(self, known: dict[str, Entry], seen: set[str]) -> None:
        before = self.counts["chunks_pruned"]
        gone = forget_deleted(self.store, self.catalog, self.root.name, self.counts, known, seen)
        if self.counts["chunks_pruned"] > before:  # a file still there was left out, by intent
            self.files_dropped |= any(present(self.root.root / path) for path in gone)


def _under(known: dict[str, Entry], folder: str) -> dict[str, Entry]:
    """The records of the folder (its own, as a skipped directory) and of what lies under it."""
    inside = folder + "/"
    return {path: e for path, e in known.items() if path == folder or path.startswith(inside)}


def drop_points(store: Store, project: str, counts: Counter[str], entry: Entry | None,
                path: str | None = None) -> bool:
    """Remove a file's points; whether the catalog counted some. A path the catalog does not
    know may still have points from a run killed before its catalog commit, so those are
    pruned too."""
    if entry is not None and entry.chunks:
        store.prune(project, entry.path, 0)
        counts["chunks_pruned"] += entry.chunks
        return True
    if entry is None and path is not None:
        store.prune(project, path, 0)
    return False


def forget_deleted(store: Store, catalog: Catalog, project: str, counts: Counter[str],
                   known: dict[str, Entry], seen: set[str]) -> list[str]:
    """Forget the files of `known` (the catalog's records) not in `seen`: deleted or renamed
    since (a walk's folder; an upload's, pipeline/uploads.py). Their points go first, then
    their records: a crash in between leaves records whose points are gone, which the next
    run forgets again (and `repokb verify` reports), never points no record owns. Returns the
    paths forgotten."""
    gone = [entry for path, entry in known.items() if path not in seen]
    for entry in gone:
        drop_points(store, project, counts, entry)
    counts["files_deleted"] += len(gone)
    catalog.delete(project, [e.path for e in gone])
    return [e.path for e in gone]
