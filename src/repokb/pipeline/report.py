"""What a run tells its user: one record per path, counts, and (dry run) the cost estimate.

The estimate is what a user weighs before paying for a full index: chunks and tokens per kind
from the admitted bytes, and embedding time from the configured backend's measured rate.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from repokb.formats import CODE
from repokb.models import (
    Classification,
    EmbedPlan,
    Policy,
    Role,
    SkippedPath,
    SourceFile,
)
from repokb.pipeline.metrics import ChunkMetrics

SUMMARY_KEYS = ("files_seen", "files_indexed", "files_skipped", "files_failed",
                "chunks_created", "chunks_updated", "chunks_unchanged", "chunks_pruned",
                "chunks_embedded", "tokens_embedded", "chunks_dense_deferred",
                "chunks_dense_pending")
# a project's row when one run indexed several (summary.by_project)
PROJECT_KEYS = ("files_seen", "files_indexed", "files_skipped", "files_failed",
                "chunks_created", "chunks_updated", "chunks_unchanged", "chunks_pruned",
                "chunks_embedded", "tokens_embedded")

# Bytes of file per chunk and per embedded token (enrichment prefix included, each chunk cut at
# max_tokens) by language family, measured with the real chunkers and MiniLM tokenizer on the
# admitted files of Django 5.1 and ansible-lint 24.2 (bench/dry_run.py --calibrate).
BYTES_PER_CHUNK = {"code": 570, "markdown": 420, "config": 370, "other": 360}
BYTES_PER_TOKEN = {"code": 3.3, "markdown": 2.6, "config": 2.4, "other": 2.2}
_FAMILY = {"markdown": "markdown", "rst": "markdown", "text": "markdown", "asciidoc": "markdown",
           "latex": "markdown", "pod": "markdown",
           "yaml": "config", "json": "config", "toml": "config", "ini": "config",
           "dotenv": "config", "xml": "config", "hcl": "config"}


def _family(language: str | None) -> str:
    if language in CODE:
        return "code"
    return _FAMILY.get(language or "", "other")


def estimate(file: SourceFile, c: Classification, plan: EmbedPlan,
             size: int | None = None) -> tuple[int, int]:
    """(chunks, tokens embedded) a file would cost, from its size or the `size` of what would
    be indexed of it (a notebook's cell sources); (0, 0) when its policy admits no content or
    nothing of it would be indexed."""
    size = file.size if size is None else size
    if not c.index_policy.admits_content or size <= 0:
        return 0, 0
    family = _family(c.language)
    chunks = max(1, math.ceil(size / BYTES_PER_CHUNK[family]))
    per_chunk = min(math.ceil(BYTES_PER_CHUNK[family] / BYTES_PER_TOKEN[family]),
                    plan.for_file(str(c.kind), c.language))
    tokens = min(math.ceil(size / BYTES_PER_TOKEN[family]), chunks * per_chunk)
    return chunks, tokens


@dataclass
class RunReport:
    files: list[dict[str, Any]] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    started: float = field(default_factory=time.perf_counter)
    # seconds into the run when the whole tree was searchable, when its source and docs were
    # dense (times, not counts: kept apart from `counts`, which add up across runs)
    milestones: dict[str, float] = field(default_factory=dict)
    # projects whose vectors are made another way than at their last run (another model, graph,
    # token limit, chunking): {project: {"was": signature, "now": signature}}; their files are
    # read again and the chunks the change concerns embedded again, once
    vectors_changed: dict[str, dict[str, str]] = field(default_factory=dict)
    by_kind: dict[str, Counter[str]] = field(default_factory=dict)
    embedder: str | None = None
    tokens_per_second: float | None = None
    # the rate when nobody measured one: asked only then (it imports every embedder backend)
    default_rate: Callable[[], float | None] | None = None
    keep_files: bool = True  # per-file records cost memory on huge trees; watch skips them
    metrics: ChunkMetrics | None = None  # per language and kind, when files were chunked
    # projects run on one folder inside their root (the folder given lay inside it): {project:
    # folder relative to the root}
    scope: dict[str, str] = field(default_factory=dict)
    # folders each walk left to the other project whose root they are: {project: {folder: other}}
    left_to_other_projects: dict[str, dict[str, str]] = field(default_factory=dict)
    # a dry run's secret check: "whole_text" (chunked: redaction's finders, as indexing runs
    # them) or "head" (the classifier's fast finder on each file's first `head_bytes`)
    secrets_checked: str | None = None
    head_bytes: int = 0
    # a dry run's files were judged in this many processes (pipeline/fanout.py; 1: this one)
    judged_in_processes: int = 1
    # an index run's files were read and cut in this many processes (pipeline/fanout.py
    # `in_order`; 0: in the run's own, not reported)
    cut_in_processes: int = 0
    # an upload of a rule file (.repokb.yml, .gitattributes): the project's files judged again
    # under it (pipeline/rejudge.py: {"removed": paths, "upload_again": paths})
    rejudged: dict[str, list[str]] | None = None
    # a run over several project folders: each one's counts ({project: Counter}), summed
    # into `counts` as always (Indexer.run takes what each project's passes added)
    by_project: dict[str, Counter[str]] = field(default_factory=dict)

    def scoped(self, project: str, folder: str) -> None:
        before = self.scope.get(project)
        self.scope[project] = f"{before}, {folder}" if before else folder

    def left_to(self, project: str, item: SkippedPath) -> None:
        """Note a folder the walk of `project` left to another project (`item.owner`)."""
        if item.owner:
            self.left_to_other_projects.setdefault(project, {})[item.path] = item.owner

    def milestone(self, name: str) -> None:
        """Note that `name` happened now (seconds since the run started)."""
        self.milestones[name] = time.perf_counter() - self.started

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {k: self.counts.get(k, 0) for k in SUMMARY_KEYS}
        out.update({k: v for k, v in sorted(self.counts.items()) if k not in out})
        out["seconds"] = round(self.seconds, 3)
        out.update({k: round(v, 3) for k, v in self.milestones.items()})
        out["by_language"] = self.metrics.summary() if self.metrics else {}
        if len(self.by_project) > 1:
            out["by_project"] = {name: {k: c.get(k, 0) for k in PROJECT_KEYS}
                                 for name, c in self.by_project.items()}
        if self.vectors_changed:
            out["vectors_changed"] = self.vectors_changed
        if self.scope:
            out["scope"] = dict(self.scope)
        if self.left_to_other_projects:
            out["left_to_other_projects"] = {p: dict(f) for p, f in
                                             self.left_to_other_projects.items()}
        if self.by_kind:
            out["estimate"] = self.estimate()
        if self.cut_in_processes > 1:
            out["cut_in_processes"] = self.cut_in_processes
        if self.secrets_checked:  # a dry run's
            out["secrets_checked"] = self.secrets_checked
            out["judged_in_processes"] = self.judged_in_processes
        return out

    @contextmanager
    def counting(self, project: str) -> Iterator[None]:
        """What the block adds to `counts` is also project `project`'s."""
        before = Counter(self.counts)
        try:
            yield
        finally:
            mine = self.by_project.setdefault(project, Counter())
            for key, value in self.counts.items():
                if value != before.get(key, 0) and isinstance(value, int):
                    mine[key] += value - before.get(key, 0)

    def estimate(self) -> dict[str, Any]:
        tokens = self.counts.get("tokens_estimated", 0)
        if self.tokens_per_second is None and self.default_rate is not None:
            self.tokens_per_second = self.default_rate()
        rate = self.tokens_per_second
        return {
            "chunks": self.counts.get("chunks_estimated", 0), "tokens": tokens,
            "embedder": self.embedder, "tokens_per_second": rate,
            "embed_seconds": round(tokens / rate, 1) if rate else None,
            "by_kind": {k: dict(v) for k, v in sorted(self.by_kind.items(),
                                                    key=lambda kv: -kv[1]["files"])},
        }

    def count_estimate(self, c: Classification, chunks: int, tokens: int) -> None:
        row = self.by_kind.get(c.kind)
        if row is None:  # (a Counter built per call only to be dropped cost 0.1 s on Django)
            row = self.by_kind[str(c.kind)] = Counter(files=0, admitted=0, chunks=0, tokens=0)
        row["files"] += 1
        row["admitted"] += 1 if chunks else 0
        row["chunks"] += chunks
        row["tokens"] += tokens
        self.counts["chunks_estimated"] += chunks
        self.counts["tokens_estimated"] += tokens

    def record(self, path: str, c: Classification | None, chunks: int | None,
               reason: str | None = None, project: str = "") -> None:
        if not self.keep_files:
            return
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
            "flags": list(c.flags) if c else [], "confidence": c.confidence if c else None,
        })
