"""One file judged, read and cut, apart from the run's bookkeeping (pipeline/run.py records it).

`prepare` is the work of a file that a run must read: classify it, read its text (a problem
is the file's reason), see whether its bytes are the ones already indexed, and cut it. It
reads the disk and the run's rules and writes nothing, so the same file, catalog entry and
rules give the same `Outcome` here or in a forked process (pipeline/fanout.py `in_order`):
a run cuts many files on every core and records their outcomes one by one, in the walk's
order, as it would have cut them itself.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from repokb.models import Classification, EmbedPlan, SourceFile
from repokb.pipeline.chunk import (
    ChunkedFile,
    FileProblem,
    PastTheHead,
    chunk_file,
    decode_text,
    read_limit,
    read_text,
)
from repokb.pipeline.classify import Classifier
from repokb.settings import Settings
from repokb.stores.catalog import Entry


@dataclass(frozen=True)
class Outcome:
    """What became of a file: its chunks (`chunked`), or why it has none (`reason` and the
    catalog `status`), or that its bytes and decision are those indexed (`unchanged`)."""

    classification: Classification
    chunked: ChunkedFile | None = None
    reason: str = ""
    status: str = "skipped"
    unchanged: bool = False


@dataclass(frozen=True)
class Preparer:
    """The run's rules for cutting a file: its classifier, settings and embedding plan, and
    whether its vectors are made as the catalog's were (`same_vectors`: an unchanged text
    then stands)."""

    classifier: Classifier
    settings: Settings
    plan: EmbedPlan
    same_vectors: bool

    def __call__(self, file: SourceFile, entry: Entry | None, data: bytes | None = None,
                 prepared: ChunkedFile | None = None) -> Outcome:
        """`data`: the file's bytes when it was uploaded rather than found on disk;
        `prepared`: its chunks when they were cut beforehand (used only if still valid)."""
        c = self.classifier.classify(file, data)
        if not c.index_policy.admits_content:
            return Outcome(c, reason=c.reasons[0])
        s = self.settings
        try:
            text, content_hash = (decode_text(data) if data is not None else read_text(
                file, read_limit(c, s.max_file_bytes, s.max_notebook_bytes)))
        except PastTheHead as problem:  # past the head: as one whose head shows it
            return Outcome(problem.recorded(c), reason=str(problem))
        except FileProblem as problem:
            return Outcome(c, reason=str(problem), status="failed")
        if (entry and self.same_vectors and entry.status == "indexed"
                and entry.content_hash == content_hash
                and entry.classification and entry.classification == c):
            return Outcome(c, unchanged=True)  # touched, not changed
        if (prepared is not None and prepared.content_hash == content_hash
                and prepared.classification == c):
            return Outcome(c, chunked=replace(prepared, file=file))
        try:
            chunked = chunk_file(file, c, text, content_hash, self.plan, s.min_chunk_chars,
                                 s.max_chunks_per_file, s.max_file_bytes, s.parse_budget)
        except FileProblem as problem:  # e.g. a notebook that is not valid JSON
            return Outcome(c, reason=str(problem), status=problem.status)
        return Outcome(c, chunked=chunked)
