"""Every operation repokb offers, once: the only thing surfaces call.

    reads    search · why_nothing · explain · stats · context · freshness · activity ·
             client_config · jobs
             embed_question · chunk_hashes · cache_stats          (the LLM proxy's)
    writes   index (synchronous) · submit_index (a background job) · cancel_job ·
             ingest_fragments · ingest_file · prune_upload · flush · verify · migrate
                                                                   (one writer at a time)
             cache_flush           (the proxy's answer cache: its own shard, its own lock)

`Operations` holds one workspace (catalog, store, models) and one write lock: writes take it one
at a time, reads never do and keep answering while a write runs. Whoever owns the store (`repokb
index`, `watch` or `serve`) holds the one `Operations`; its other callers reach it through the
one HTTP API (TCP, or the owner's Unix socket). Every result is JSON-ready data, so an answer
given in-process and one given by the owner are the same. Destructive operations and the folders
a caller may index are checked here (guards.py), against the caller's `Access`. A project an
operation is about that nothing is known of is errors.unknown_project (a 404) on every surface.

The operations live in named modules: base.py (the workspace, the write lock, stats), reads.py,
indexing.py (index runs and jobs) and writes.py (uploads, flush, verify, migrate); `Operations`
is all of them.
"""

from __future__ import annotations

from repokb.operations.guards import LOCAL, Access
from repokb.operations.indexing import Indexing
from repokb.operations.jobs import Job
from repokb.operations.reads import SKIP_FILES, Reads
from repokb.operations.writes import MAX_LEFT_OUT, MAX_UPLOAD_PATHS, Writes

__all__ = ["LOCAL", "MAX_LEFT_OUT", "MAX_UPLOAD_PATHS", "SKIP_FILES", "Access", "Job",
           "Operations"]


class Operations(Reads, Indexing, Writes):
    """Every operation, on one workspace with one write lock (`OperationsBase`)."""
