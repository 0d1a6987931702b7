"""Uploads (the server): files and pre-cut fragments enter the same stages without a walk.

`ingest_file` runs one in-memory file through the same decisions, chunks and writes as a
project run (unchanged content costs no embedding). An uploaded name is redacted as a walked
one is (`notes/<REDACTED_SECRET_...>.md`). `ingest_fragments` stores pieces a client
already cut: every fragment is judged and embedded before the single write, so a failure writes
nothing. `forget_missing` brings an uploaded project in line with its folder after a complete
upload: the files not uploaded again are forgotten, as a walk forgets files deleted from disk;
given the time the upload began, only files recorded before it (another client's upload since
is not this upload's to undo).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from repokb.contamination import llm_transcript
from repokb.errors import ConfigError, InputError
from repokb.models import ChunkPiece, Classification, EmbedPlan, Fragment, SkippedPath, SourceFile
from repokb.pipeline.chunk import ChunkedFile, FileProblem, chunk_file, decode_text
from repokb.pipeline.classify import Classifier, Limits
from repokb.pipeline.embed import Vectorizer
from repokb.pipeline.enrich import enrich
from repokb.pipeline.metrics import ChunkMetrics
from repokb.pipeline.rejudge import Rejudged, rejudge
from repokb.pipeline.report import RunReport
from repokb.pipeline.run import Progress, ProjectRun, forget_deleted, walk_skip_classification
from repokb.pipeline.store import merge, write_batch
from repokb.roots import ProjectRoot
from repokb.rules.folders import (
    among,
    folder_skip,
    handed_in,
    marker_reasons,
    name_skip,
    reopened,
)
from repokb.rules.folders import reasons as folder_reasons
from repokb.rules.gitattributes import MAX_BYTES as GITATTRIBUTES_MAX_BYTES
from repokb.rules.gitattributes import NAME as GITATTRIBUTES
from repokb.rules.repo_config import CONFIG_NAMES, RepoConfig, config_of
from repokb.secrets import find_secret, redact
from repokb.secrets.paths import redact_path
from repokb.settings import Settings
from repokb.stores.base import Store
from repokb.stores.catalog import Catalog

# Makes a project's run over a store, with the classifier given (Indexer.project_run).
RunFactory = Callable[[ProjectRoot, Store, Vectorizer, RunReport, Progress | None,
                       Classifier | None], ProjectRun]

# Uploaded files have no folder on this machine; their SourceFile points nowhere readable, and
# their bytes are passed along instead.
UPLOAD_ROOT = Path("/nonexistent/repokb-upload")


def project_config(catalog: Catalog, project: str) -> RepoConfig | None:
    """An uploaded project's repository config (its `.repokb.yml` as last uploaded: see
    `keep_config`), as a walk reads it from the project's root; None when it has none."""
    return config_of(catalog.configs(project))


def upload_classifier(catalog: Catalog, project: str, limits: Limits,
                      made: Classifier | None = None) -> Classifier:
    """The classifier of an uploaded project, from the rule files its uploads kept (one read
    of the catalog); `made` (a classifier of this project made earlier in the same request,
    before the write lock) when they did not change since: their parsing is not done again."""
    texts = catalog.configs(project)
    if made is not None and made.sources == texts:
        return made
    return Classifier.for_upload(texts, limits)


def rule_file(path: str) -> bool:
    """Whether an uploaded path is one of the files that change a project's rules, as the walk
    reads them from its folder: its `.repokb.yml` (or `.ai-docs.yml`) at its root, a
    `.gitattributes` at its root or in any folder below."""
    return path in CONFIG_NAMES or path.rpartition("/")[2] == GITATTRIBUTES


def keep_config(catalog: Catalog, project: str, path: str, data: bytes) -> bool:
    """An upload of one of the project's rule files (`rule_file`: its `.repokb.yml` at its
    root, a `.gitattributes`) is kept, redacted, so the files uploaded after it are judged by
    it as the walk judges them (a vendor override reopening `vendor/`, include/exclude globs,
    source and docs roots, Linguist's generated and vendored lines). A config that is not
    valid is refused (InputError), as a walk refuses to run on it. Whether what the project
    keeps changed (False for another file, or the same bytes again)."""
    if not rule_file(path):
        return False
    text = data.decode("utf-8", errors="replace")
    if path in CONFIG_NAMES:
        try:
            config_of({path: data})
            kept = redact(text, "config", "yaml").text.encode("utf-8")
            config_of({path: kept})  # still one (a redacted value is a string like any other)
        except ConfigError as exc:
            raise InputError(f"{exc.message} (the project's repository config is not taken)",
                             exc.hint) from exc
    else:  # as the walk reads one: its first MAX_BYTES
        kept = redact(data[:GITATTRIBUTES_MAX_BYTES].decode("utf-8", errors="replace"),
                      "config").text.encode("utf-8")
    if catalog.configs(project).get(path) == kept:
        return False
    catalog.put_config(project, path, kept)
    return True


def walk_folder(catalog: Catalog, project: str, path: str,
                config: RepoConfig | None = None) -> SkippedPath | None:
    """The folder above an uploaded file (`path`, canonical) that the walk leaves out, as the
    walk records it; None if there is none. By its name (`node_modules/`, `.git/`,
    `__pycache__/`, a `build/` that holds no sources (a Go package's `.go` files are
    sources: the uploaded file or one recorded directly in it), `*.egg-info/`) or for a marker
    it holds (a virtualenv, bin/Debug, a crate cargo vendor copied, Carton's local/lib/perl5):
    rules/folders.py, the walk's own table. An upload has no folder to look in: a marker shows
    in the path itself (`bin/Debug/net8.0/appsettings.json`, `env/pyvenv.cfg`), in a file the
    project recorded, or in the folder's own record, left by an earlier upload of a file there
    (or by the list of folders the dashboard left out, `record_left_out`). A folder the
    project's `config` reopens (a vendor override reaching into `vendor/`) is entered, as the
    walk enters it."""
    def known(rel: str) -> bool:
        return rel == path or catalog.get(project, rel) is not None

    def under(prefix: str) -> bool:  # "folder/Debug/": a path below it
        return path.startswith(prefix) or catalog.holds_under(project, prefix[:-1])

    parts = path.split("/")
    markers = marker_reasons()
    for i in range(1, len(parts)):
        folder = "/".join(parts[:i])
        if reopened(parts[i - 1], folder, config) or handed_in(parts[i - 1], "/".join(parts[i:])):
            continue
        def listed(folder: str = folder) -> list[str]:  # a glob marker's candidates (*.go)
            return [path, *catalog.entries_under(project, folder)]

        if found := folder_skip(parts[i - 1], among(folder, known, under, listed)):
            return SkippedPath(project, folder, found[1], found[0], True)
        entry = catalog.get(project, folder)
        # a marker seen before (its file is not recorded: its folder is); a name's skip is
        # judged again each time (a `build/` an __init__.py since made a package is walked)
        if entry is not None and entry.is_dir and entry.reason in markers:
            return SkippedPath(project, folder, entry.reason, markers[entry.reason], True)
    return None


def forget_stale_folders(catalog: Catalog, project: str, path: str) -> None:
    """Forget the records of folders above `path` left out by their name that the walk would
    now enter: a `build/` recorded as build output before its `__init__.py` was uploaded is a
    package (`walk_folder` found none left out above `path`)."""
    parts = path.split("/")
    walked = folder_reasons()
    stale = [folder for i in range(1, len(parts)) if (entry := catalog.get(
        project, folder := "/".join(parts[:i]))) is not None and entry.is_dir
        and entry.reason in walked]
    if stale:
        catalog.delete(project, stale)


def skip_walk_folder(catalog: Catalog, store: Store, skip: SkippedPath,
                       counts: Counter[str]) -> None:
    """Record the folder as the walk records it, and forget what the project had recorded
    under it (files uploaded before its marker was): the walk would not have them."""
    forget_deleted(store, catalog, skip.project, counts,
                   catalog.entries_under(skip.project, skip.path), set())
    catalog.put(skip.project, skip.path, status="skipped", reason=skip.reason, is_dir=True,
                classification=walk_skip_classification(skip))
    counts["dirs_skipped"] += 1


def rejudge_project(catalog: Catalog, store: Store, project: str, before: Classifier,
                    after: Classifier, counts: Counter[str]) -> Rejudged:
    """An uploaded project's rule files changed (`before` -> `after`): its recorded files are
    judged again (pipeline/rejudge.py), and its folders recorded as left out that the new
    rules reopen (a vendor override into `vendor/`) forgotten, listed to upload again (their
    files were never recorded)."""
    done = rejudge(catalog, store, UPLOAD_ROOT, project, before, after, counts)
    stale = [entry.path for entry in catalog.entries(project).values()
             if entry.is_dir and entry.status == "skipped"
             and ((skip := walk_folder(catalog, project, f"{entry.path}/-", after.config))
                  is None or skip.path != entry.path)]
    if stale:
        catalog.delete(project, stale)
        done.upload_again += [f"{folder}/" for folder in stale]
        counts["files_rejudged_upload_again"] += len(stale)
    return done


def record_left_out(catalog: Catalog, store: Store, project: str,
                    folders: Sequence[tuple[str, str | None]],
                    ) -> tuple[list[SkippedPath], list[tuple[str, str]]]:
    """Record the folders a client left out before uploading (the dashboard: `node_modules/`,
    a virtualenv ...) as the walk records them, so explain, stats and the project's run say
    they were left out and why. Each is (folder, marker): canonical, project-relative, with
    the marker that showed it to the client (a path in the folder: `pyvenv.cfg`, `Debug/`;
    None for a folder left out by its name). The client's word decides nothing: the server's
    own rules (`walk_folder`, as for an uploaded file there) say whether and why the folder
    is left out; what they do not leave out is refused, with why. Returns the skips recorded
    (a folder inside one already left out is its outer folder's) and the refused (folder,
    why)."""
    recorded: dict[str, SkippedPath] = {}
    refused: list[tuple[str, str]] = []
    counts: Counter[str] = Counter()
    config = project_config(catalog, project)
    for folder, marker in folders:
        folder = redact_path(folder)
        # the marker as a file, or as a folder (`Debug/`: its slash is gone once canonical)
        shown = [f"{folder}/{marker}", f"{folder}/{marker}/"] if marker else [f"{folder}/"]
        skip = next(filter(None, (walk_folder(catalog, project, p, config) for p in shown)),
                    None)
        if skip is None or not (skip.path == folder or folder.startswith(f"{skip.path}/")):
            refused.append((folder, "not a folder the walk leaves out (by its name, or for "
                                    + (f"the marker {marker!r}" if marker else "a marker")
                                    + "; or the project's repository config reopens it)"))
            continue
        if skip.path not in recorded:
            skip_walk_folder(catalog, store, skip, counts)
            recorded[skip.path] = skip
    if recorded:
        catalog.record_upload(project, dict(counts))
    return list(recorded.values()), refused


@dataclass
class Ahead:
    """An upload's chunks and vectors, made before the write lock is taken."""

    chunked: ChunkedFile | None = None
    dense: dict[str, list[float]] = field(default_factory=dict)
    sparse: dict[str, tuple[list[int], list[float]]] = field(default_factory=dict)
    classifier: Classifier | None = None  # the project's, as it judged the file


def embed_ahead(settings: Settings, catalog: Catalog, store: Store, vectorizer: Vectorizer,
                classifier: Classifier, plan: EmbedPlan, project: str, path: str,
                data: bytes) -> Ahead:
    """Chunk and embed an upload before the write lock is taken (chunking and the model's work
    are most of an upload's time): `ingest_file(..., ahead=...)` then decides and writes under
    the lock, reusing this work when nothing changed meanwhile. Only reads the catalog and
    the store."""
    path = redact_path(path)  # a credential in an uploaded name is stored as a walk stores it
    if walk_folder(catalog, project, path, classifier.config) is not None:
        return Ahead(classifier=classifier)  # never indexed: ingest_file records its folder
    file = SourceFile(project, UPLOAD_ROOT, path, len(data), 0)
    c = classifier.classify(file, data)
    if not c.index_policy.admits_content:
        return Ahead(classifier=classifier)
    try:
        text, content_hash = decode_text(data)
    except FileProblem:
        return Ahead(classifier=classifier)
    entry = catalog.get(project, path)
    if entry and entry.status == "indexed" and entry.content_hash == content_hash:
        return Ahead(classifier=classifier)  # unchanged: nothing to chunk or embed
    try:
        chunked = chunk_file(file, c, text, content_hash, plan, settings.min_chunk_chars,
                             settings.max_chunks_per_file, settings.max_file_bytes,
                             settings.parse_budget)
    except FileProblem:  # ingest_file records why, under the lock
        return Ahead(classifier=classifier)
    stored = {str(p.payload.get("text_hash")) for p in store.file_points(project, path)}
    stored |= store.dense_by_text([c.text_hash for c in chunked.chunks]).keys()  # any project's
    return Ahead(chunked, vectorizer.dense([chunk for chunk in chunked.chunks
                                            if chunk.text_hash not in stored]),
                 vectorizer.sparse(chunked.chunks), classifier)


def ingest_file(new_run: RunFactory, catalog: Catalog, store: Store, vectorizer: Vectorizer,
                metrics: ChunkMetrics, limits: Limits, project: str, path: str, data: bytes,
                ahead: Ahead | None = None, left_out: tuple[int, str] | None = None,
                classifier: Classifier | None = None) -> RunReport:
    """Index one file given in memory. `path` must already be canonical; `ahead` holds what
    `embed_ahead` prepared for it, with `classifier`, the project's classifier it was judged
    by (taken again if the project's rule files did not change since). With `left_out`
    (size, why), `data` is only the head of a file the client left out (the dashboard: too
    large, a name on its list): recorded as the walk records such a file
    (`ProjectRun.add_left_out`), never indexed."""
    path = redact_path(path)
    started = time.perf_counter()
    report = RunReport(metrics=metrics)
    classifier = upload_classifier(catalog, project, limits, classifier)
    skip = walk_folder(catalog, project, path, classifier.config)  # (a rule file kept next
    # changes no folder's fate: a .repokb.yml is at the root, a .gitattributes no config)
    # a rule file is kept before the run (its classifier reads it), and the files uploaded
    # before it are judged again under it; not one in a folder the walk leaves out (unread)
    if skip is None and left_out is None and keep_config(catalog, project, path, data):
        before, classifier = classifier, upload_classifier(catalog, project, limits)
        report.rejudged = rejudge_project(catalog, store, project, before, classifier,
                                          report.counts).to_json()
    if skip is not None:
        skip_walk_folder(catalog, store, skip, report.counts)
        catalog.record_upload(project, {k: v for k, v in report.counts.items()
                                        if isinstance(v, int)})
        report.seconds = time.perf_counter() - started
        return report
    forget_stale_folders(catalog, project, path)
    ahead = ahead or Ahead()
    # the vectorizer may be shared: the vectors made ahead serve this upload only
    vectorizer.ahead, vectorizer.ahead_sparse = ahead.dense, ahead.sparse
    try:
        run = new_run(ProjectRoot(project, UPLOAD_ROOT), store, vectorizer, report, None,
                      classifier)
        size = left_out[0] if left_out else len(data)
        file = SourceFile(project, UPLOAD_ROOT, path, size, time.time_ns())
        if left_out:
            run.add_left_out(file, catalog.get(project, path), data, left_out[1])
        else:
            run.add_file(file, catalog.get(project, path), data, ahead.chunked)
        run.write_pending()
    finally:
        vectorizer.ahead, vectorizer.ahead_sparse = {}, {}
    catalog.record_upload(project, {k: v for k, v in report.counts.items()
                                    if isinstance(v, int)})
    report.seconds = time.perf_counter() - started
    return report


def forget_missing(catalog: Catalog, store: Store, limits: Limits, project: str,
                   uploaded: Iterable[str],
                   since: float | None = None) -> tuple[list[str], Counter[str], list[str]]:
    """Forget every file of an uploaded project that is not in `uploaded` (canonical paths,
    redacted here as `ingest_file` redacts them): deleted or renamed in the folder since an
    earlier upload, or left out of this one. With `since` (when the upload began, on the
    catalog's clock), a file recorded at or after it stays: another client uploaded it while
    this upload ran or after it ended. The walk's own deletion (run.forget_deleted: points
    first, then records); the counts extend the upload's run row. Returns the paths forgotten
    and the counts (files_deleted, chunks_pruned). The rule files not uploaded again are
    forgotten too, and the files they decided judged again (`rejudge_project`): the third
    item lists those to upload again (admitted now, their content not kept)."""
    keep = {redact_path(path) for path in uploaded}
    # the folders holding them (a marker-skipped folder's record stays while it holds one)
    keep |= {path.rsplit("/", i)[0] for path in keep for i in range(1, path.count("/") + 1)}
    if since is not None:
        keep |= catalog.written_since(project, since)
    counts: Counter[str] = Counter(files_deleted=0, chunks_pruned=0)
    gone = forget_deleted(store, catalog, project, counts, catalog.entries(project), keep)
    gone_rules = set(catalog.configs(project)) - keep
    again: list[str] = []
    if gone_rules:  # the rule files left the folder too: what they decided is judged again
        before = upload_classifier(catalog, project, limits)
        for name in gone_rules:
            catalog.put_config(project, name, None)
        again = rejudge_project(catalog, store, project, before,
                                upload_classifier(catalog, project, limits), counts).upload_again
    if gone:
        catalog.record_upload(project, dict(counts))
    return gone, counts, again


def ingest_fragments(settings: Settings, catalog: Catalog, store: Store, vectorizer: Vectorizer,
                     classifier_of: Callable[[str], Classifier], plan: EmbedPlan,
                     fragments: Sequence[Fragment]) -> Counter[str]:
    """Store pieces a client already cut. Each file's path (and first fragment, as its head)
    is classified as usual; a fragment that is too short, binary, secret-like or an LLM
    transcript is skipped and counted (`skipped_<why>`), as is every fragment of a file under
    a folder the walk leaves out (`skipped_named_folder`: `node_modules/`, `.venv/` ...;
    `skipped_marker_folder`: for a marker it holds), its folder recorded as ingest_file
    records it. Each project's files are judged by its uploaded repository config
    (`classifier_of(project)`)."""
    s = settings
    counts: Counter[str] = Counter(total=len(fragments), stored=0, skipped=0, failed=0)
    groups: dict[tuple[str, str], list[Fragment]] = {}
    for fragment in fragments:
        groups.setdefault((fragment.project, redact_path(fragment.path)), []).append(fragment)
    admitted: list[ChunkedFile] = []
    refused: list[tuple[SourceFile, Classification]] = []
    classifiers = {p: classifier_of(p) for p in {p for p, _ in groups}}  # one per project
    # the folders the walk leaves out (one file of the batch may show a marker for all)
    walled = {(p, skip.path): skip for (p, path) in groups
              if (skip := walk_folder(catalog, p, path, classifiers[p].config)) is not None}
    for (project, path), group in groups.items():
        if wall := next((skip for (p, folder), skip in walled.items()
                         if p == project and path.startswith(f"{folder}/")), None):
            counts["skipped"] += len(group)
            named = name_skip(wall.path.rsplit("/", 1)[-1], lambda _: False) is not None
            counts["skipped_named_folder" if named else "skipped_marker_folder"] += len(group)
            continue
        group.sort(key=lambda f: f.chunk_index)
        size = sum(len(f.content.encode("utf-8")) for f in group)
        file = SourceFile(project, UPLOAD_ROOT, path, size, 0)
        c = classifiers[project].classify(file, group[0].content.encode("utf-8"))
        if not c.index_policy.admits_content:
            counts["skipped"] += len(group)
            counts[f"skipped_policy_{c.index_policy}"] += len(group)
            refused.append((file, c))
            continue
        chunks = []
        for f in group:
            problem = fragment_problem(f.content, s.min_chunk_chars)
            if problem:
                outcome = "failed" if problem == "binary" else "skipped"
                counts[outcome] += 1
                counts[f"{outcome}_{problem}"] += 1
                continue
            end = f.end_line or (f.start_line + f.content.count("\n") if f.start_line else 0)
            chunks.append(enrich(file, c, ChunkPiece(f.content, f.start_line, end),
                                 f.chunk_index, plan))
        if chunks:
            admitted.append(ChunkedFile(file, c, "", chunks))
    for skip in walled.values():  # as ingest_file records them (and what was under them goes)
        skip_walk_folder(catalog, store, skip, Counter())
    merge(counts, write_batch(store, vectorizer, admitted, prune=False))
    counts["stored"] = sum(len(item.chunks) for item in admitted)
    for file, _ in refused:
        store.prune(file.project, file.path, 0)
    with catalog.transaction():
        for item in admitted:
            done = item.file
            catalog.put(done.project, done.path, status="indexed",
                                reason="pre-chunked by the client",
                                classification=item.classification,
                                chunks=len(store.file_points(done.project, done.path)))
        for file, c in refused:
            catalog.put(file.project, file.path, status="skipped", reason=c.reasons[0],
                                classification=c)
    return counts


def fragment_problem(text: str, min_chars: int) -> str | None:
    if "\x00" in text:
        return "binary"
    if len(text.strip()) < min_chars:
        return "too_short"
    if find_secret(text):
        return "secret"
    if llm_transcript(text):
        return "contaminated"
    return None
