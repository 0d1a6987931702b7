"""The writes besides index runs (operations/__init__.py draws them all): uploads (fragments,
files, the prune after a complete upload, the folders a client left out), flush, verify,
migrate, and the proxy's cache flush. Each takes the write lock (the cache flush: its shard's
own); the destructive ones check the caller's API key (guards.authorize)."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from repokb.errors import InputError, RepokbError, TooLargeError
from repokb.models import Fragment
from repokb.operations.base import OperationsBase, in_use, polled
from repokb.operations.guards import LOCAL, Access, authorize
from repokb.operations.migrate import migrate_home
from repokb.roots import canonical

# Most paths one prune_upload call may name (a folder's complete upload): 413 beyond.
MAX_UPLOAD_PATHS = 100_000
# folders one request may say were left out before an upload (the dashboard sends the outermost
# ones only: a tree rarely has more than a few hundred)
MAX_LEFT_OUT = 10_000

log = logging.getLogger("repokb.compaction")


class Writes(OperationsBase):
    # -- other writes -----------------------------------------------------------------------
    @in_use
    def ingest_fragments(self, fragments: list[Fragment],
                         access: Access = LOCAL) -> dict[str, Any]:
        received = time.time()  # before any write: an upload's `since` (prune_upload)
        with self.writing(access):
            counts = self.ws.indexer.ingest_fragments(fragments)
        reasons = {k: v for k, v in sorted(counts.items())
                   if k.startswith(("skipped_", "failed_")) and v}
        from repokb.pipeline.uploads import rule_file  # (a write's: a search never needs it)

        # a project's rule files are taken from whole files only (POST /knowledge/ingest/file)
        rules = sorted({f.path for f in fragments if rule_file(f.path)})
        return {"stored": counts["stored"], "skipped": counts["skipped"],
                "failed": counts["failed"], "total": counts["total"], "reasons": reasons,
                "embedded": counts["chunks_embedded"], "received_at": received,
                "rules_not_taken": rules}

    @in_use
    def ingest_file(self, project: str, path: str, data: bytes,
                    access: Access = LOCAL,
                    left_out: tuple[int, str] | None = None) -> dict[str, Any]:
        """Index one uploaded file. With `left_out` (its size, why the client left it out),
        `data` is only its head (at most head_bytes, as the classifier reads): the file is
        recorded as the walk records it, never indexed (the dashboard's too large files)."""
        received = time.time()  # before any write: an upload's `since` (prune_upload)
        if left_out is not None:
            if len(data) > self.settings.head_bytes or left_out[0] < len(data):
                raise InputError(f"A file left out is sent by its head: at most "
                                 f"{self.settings.head_bytes} bytes, its size at least that "
                                 f"({len(data)} sent, size {left_out[0]}).")
            ahead = None
        else:
            # The model's work happens before the lock: a big file holds it only for its writes.
            ahead = self.ws.indexer.embed_ahead(project, path, data)
        with self.writing(access):
            report = self.ws.indexer.ingest_file(project, path, data, ahead, left_out)
        from repokb.explain import indexed_record  # (the pipeline's module: imported by then)

        record = indexed_record(self.ws.catalog, path, project)
        assert record is not None  # ingest_file always records the file
        return {**record, "counts": report.summary(), "received_at": received,
                "rejudged": report.rejudged}

    @in_use
    def prune_upload(self, project: str, paths: list[str], access: Access = LOCAL,
                     since: float | None = None) -> dict[str, Any]:
        """After a complete upload of a folder: forget every file of the uploaded project that
        is not among `paths` (the folder's files just uploaded, project-relative), so files
        deleted or renamed in the folder since an earlier upload, or left out of this one, are
        no longer found. `since` is when that upload began (the earliest `received_at` of its
        answers): a file recorded at or after it stays, as another client uploaded it
        meanwhile. Without it every file not among `paths` goes (safe only while no one else
        uploads to the project). Destructive (the API key, as for flush). A project indexed
        from a folder on this machine is refused: its next index run forgets what left its
        folder."""
        authorize(self.settings, access)
        if not paths:
            raise InputError("No paths given: nothing would be kept, every file of the project "
                             "would be forgotten.", "To empty a project, flush it.")
        if len(paths) > MAX_UPLOAD_PATHS:
            raise TooLargeError(f"{len(paths)} paths; the limit is {MAX_UPLOAD_PATHS}.",
                                "Upload such a tree with `repokb index` on the server.")
        self._require_project(project)
        with self.writing(access):
            if project in self.ws.catalog.projects():
                raise InputError(f"Project {project!r} is indexed from a folder, not uploaded: "
                                 "its next index run forgets the files deleted from that folder.",
                                 "Index that folder again (repokb index, or POST "
                                 "/knowledge/index), or upload under another project name.")
            gone, counts, again = self.ws.indexer.forget_missing(
                project, [canonical(p) for p in paths], since)
            # their text leaves the disk as after an index run: now in a store cheap to
            # rewrite (or overdue), else once this holder idles (compact_when_idle: a rewrite
            # of Django's store took 37-70 s and doubled memory within the request)
            if counts["chunks_pruned"] and self.ws.indexer.compacts_now(self.ws.store):
                self.ws.store.compact()
                self.ws.catalog.purge()
        return {"project": project, "files_removed": len(gone),
                "chunks_removed": counts["chunks_pruned"], "removed": gone,
                "upload_again": again}

    @in_use
    def record_left_out(self, project: str, folders: list[tuple[str, str | None]],
                        access: Access = LOCAL) -> dict[str, Any]:
        """The folders a client left out before uploading (canonical paths, each with the
        marker that showed it, or None for a folder left out by its name), recorded as the
        walk records them when this server's rules leave them out; the rest refused, with
        why. At most MAX_LEFT_OUT folders (TooLargeError)."""
        if len(folders) > MAX_LEFT_OUT:
            raise TooLargeError(f"{len(folders)} folders; the limit is {MAX_LEFT_OUT}.",
                                "Send the outermost folders left out only, in several "
                                "requests if need be.")
        with self.writing(access):
            recorded, refused = self.ws.indexer.record_left_out(project, folders)
        return {"project": project,
                "recorded": [{"path": s.path, "kind": s.kind, "reason": s.reason}
                             for s in recorded],
                "refused": [{"path": path, "message": why} for path, why in refused]}

    @in_use
    def flush(self, project: str | None = None, access: Access = LOCAL) -> dict[str, Any]:
        """Delete one project's (or every) points and catalog records. Destructive. On a
        shared store (a Qdrant server other homes write too) "every" means every project of
        this home's catalog: the others' projects are not ours to delete."""
        authorize(self.settings, access)
        self._require_project(project)
        store, catalog = self.ws.store, self.ws.catalog
        with self.writing(access):
            names = ([project] if project is not None or not store.shared
                     else sorted(catalog.projects()))
            deleted = 0
            for name in names:
                deleted += store.count(name)
                store.delete_project(name)
                catalog.delete_project(name)
            # and no byte of them stays on disk (the engine's write-ahead log, freed pages): a
            # project flushed because it should never have been indexed is gone from the home
            store.compact()
            catalog.purge()
        return {"project": project, "points_deleted": deleted}

    @in_use
    def compact_if_due(self) -> bool:
        """Rewrite the store if a run left its compaction due (a deleted, renamed or edited
        file's text in a store too big to rewrite within that run: Indexer.run), so the text
        leaves the disk; whether it did. The warm owner calls it as it leaves idle."""
        store = self.ws.store
        with self.writing():
            if not store.compaction_due() or not store.compact():
                return False
            self.ws.catalog.purge()
        return True

    @polled
    def compact_if_idle(self, stop: Callable[[], bool] = lambda: False) -> bool:
        """`compact_if_due` once the store has been idle (no search, no write: polls do not
        count) for `compact_idle_seconds`, and only while it stays so for writes: a writer
        that comes meanwhile (or `stop`) makes the rewrite give way at its next page and
        leaves the compaction due; a search meanwhile is answered (by the old shard, then the
        new one: QdrantEdgeStore.compact). Whether it compacted."""
        store, seconds = self.ws.opened_store(), self.settings.compact_idle_seconds
        if (store is None or seconds <= 0 or stop() or self.idle_for() < seconds
                or not store.compaction_due() or not self._write.acquire(blocking=False)):
            return False
        try:
            if self.writers_waiting():
                return False
            log.info("idle for %.0f s: compacting the store (removed text is still on disk)",
                     seconds)
            if not store.compact(give_way=lambda: self.writers_waiting() or stop()):
                log.info("the compaction gave way to a write; still due")
                return False
            self.ws.catalog.purge()
        finally:
            self._write.release()
        return True

    def compact_when_idle(self) -> None:
        """Perform a due compaction whenever the store is idle (`compact_if_idle`), on a
        thread of its own until `close`: what a process holding the store for long does
        (`repokb serve`, `watch`, `mcp`, the warm owner), so text removed by its uploads'
        prunes, its re-indexes and deletions leaves the disk while it runs."""
        seconds = self.settings.compact_idle_seconds
        if seconds <= 0 or self._idle_stop is not None:
            return
        stop = self._idle_stop = threading.Event()
        self._used = time.monotonic()  # idle from now: its start (the model's load) is not
        tick = min(5.0, max(0.2, seconds / 4))

        def run() -> None:
            while not stop.wait(tick):
                try:
                    if self.compact_if_idle(stop.is_set):
                        log.info("compacted the store (idle for %.0f s): removed text is off "
                                 "the disk", seconds)
                except RepokbError as exc:  # still due: tried again at the next idle time
                    log.warning("the due compaction failed: %s", exc.message)
                except Exception:  # the thread goes on; the holder goes on answering
                    log.exception("the due compaction failed")

        threading.Thread(target=run, daemon=True, name="repokb-idle-compaction").start()

    @in_use
    def cache_flush(self, access: Access = LOCAL) -> dict[str, Any]:
        """Delete every cached answer of the LLM proxy (the knowledge base is untouched).
        Destructive; the cache shard guards its own writes, so no write lock."""
        authorize(self.settings, access)
        return {"entries_deleted": self.ws.answers.flush()}

    @in_use
    def verify(self, project: str | None = None, repair: bool = False,
               access: Access = LOCAL) -> dict[str, Any]:
        """Compare store and catalog; `repair` (destructive) fixes. Under the write lock: a
        run's mid-way state would look like differences. On a shared store only this home's
        projects are checked (another home's points are no orphans of ours)."""
        if repair:
            authorize(self.settings, access)
        from repokb.pipeline.verify import verify as verify_store

        self._require_project(project)
        with self.writing(access):
            return verify_store(self.ws.catalog, self.ws.store, project, repair).to_json()

    # -- between stores ---------------------------------------------------------------------
    @in_use
    def migrate(self, to: str, sample: int = 50) -> dict[str, Any]:
        """Copy this home's store to the store `to` names (a Qdrant URL, local:PATH, edge or
        edge:PATH) without embedding anything, then compare counts and sample searches. Under
        the write lock: the source must not change while it is copied."""
        with self.writing(LOCAL):
            return migrate_home(self.ws, to, sample).to_json()
