"""Request and response bodies of the REST API, and the checks on names and paths in them.

A path in a request is a project-relative name: normalised (POSIX separators, no `./`, NFC) and
refused when it is absolute or climbs out with `..`. Text must be encodable as UTF-8 (JSON can
carry lone surrogates that would fail later, deep in the pipeline).
"""

from __future__ import annotations

import dataclasses
import re
import typing
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, create_model

from repokb import models, roots
from repokb.models import MAX_LIMIT
from repokb.roots import canonical
from repokb.secrets.paths import redact_path

DEFAULT_PROJECT = "uploads"


def project_name(raw: str) -> str:
    """`raw` as a project name by the one rule (`roots.project_name`: ValueError saying why
    not), a credential in it redacted as in a folder's name (`redact_path`): the dashboard
    names an upload after the folder chosen, which may be a checkout cloned into `ghp_...`;
    the same name given again (a search's filter, a flush) is redacted the same way."""
    return redact_path(roots.project_name(raw))

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def _utf8(value: str) -> str:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("text is not valid Unicode (lone surrogate)") from None
    return value


def relative_path(raw: str) -> str:
    """The canonical project-relative form of `raw`; ValueError for traversal or odd names."""
    _utf8(raw)
    if _CONTROL.search(raw):
        raise ValueError("path contains control characters")
    text = raw.replace("\\", "/")
    if text.startswith("/") or re.match(r"^[A-Za-z]:", text):
        raise ValueError("path must be relative to its project (no absolute paths)")
    if ".." in text.split("/"):
        raise ValueError("path must not contain '..'")
    path = canonical(text)
    if not path:
        raise ValueError("path is empty")
    return path


utf8_text = _utf8  # a query parameter's text (a filter), as a body's `Text` is checked
Text = Annotated[str, AfterValidator(_utf8)]
RelPath = Annotated[str, Field(min_length=1, max_length=1024), AfterValidator(relative_path)]
Project = Annotated[str, Field(min_length=1, max_length=128), AfterValidator(project_name)]


class Strict(BaseModel):
    # no unknown field, and no value of another JSON type taken for the field's (pydantic's lax
    # mode read `"flush": "yes"` as true and flushed the project; `"limit": "5"` as 5): as the
    # MCP tools' schemas refuse them
    model_config = ConfigDict(extra="forbid", strict=True)


class FragmentIn(Strict):
    content: Text = Field(description="The fragment's text.")
    file_path: RelPath = Field(description="Path of its file, relative to the project.")
    chunk_index: int = Field(ge=0, le=1_000_000, description="Position in its file, from 0.")
    project: Project | None = Field(None, description=f"Default: {DEFAULT_PROJECT!r}.")
    start_line: int | None = Field(None, ge=1, le=10_000_000,
                                   description="First line (1-based), when the client knows it.")
    end_line: int | None = Field(None, ge=1, le=10_000_000)


class IngestRequest(Strict):
    chunks: list[FragmentIn] = Field(description="Fragments as seed 002's browser client cuts "
                                                 "them (it sends batches of 20).")


RECEIVED_AT = ("When the server took this request, before writing anything (seconds since the "
               "epoch, the server's clock). The earliest of an upload's answers is its `since` "
               "for POST /knowledge/ingest/prune.")


class IngestResult(BaseModel):
    stored: int
    skipped: int
    failed: int
    total: int
    reasons: dict[str, int] = Field(default_factory=dict,
                                    description="Why fragments were skipped or failed.")
    embedded: int = Field(0, description="Fragments that needed the model (new or changed text).")
    received_at: float = Field(description=RECEIVED_AT)
    rules_not_taken: list[str] = Field(default_factory=list, description=(
        "Fragments' files that are a project's rule files (`.repokb.yml`, `.gitattributes`): "
        "judged and stored as any file, never taken as the project's rules (fragments are "
        "pieces a client cut, not the file the walk reads): upload such a file whole "
        "(POST /knowledge/ingest/file) and the files already uploaded are judged again."))


class IngestFileRequest(Strict):
    path: RelPath
    content: Text = Field(description="The whole file as text (use multipart for bytes).")
    project: Project | None = None


class Classification(BaseModel):
    """models.Classification as JSON (as `repokb explain --json` prints it)."""

    model_config = ConfigDict(extra="allow")  # every field of the record, also ones added later

    kind: str
    subkind: str | None = None
    language: str | None = None
    knowledge_role: str
    index_policy: str
    reasons: list[str]
    confidence: float = 1.0
    flags: list[str] = []
    signals: list[dict[str, Any]] = []
    classifier_version: str = ""
    config_path: str | None = None
    config_digest: str | None = None
    rules: list[str] = Field(default_factory=list, description="The rules that decided.")


class Record(BaseModel):
    """A file's catalog record: why it was indexed, skipped, blocked or failed."""

    project: str
    path: str
    status: str
    reason: str
    chunks: int
    inside: str | None = Field(None, description="For a file inside a skipped folder: that "
                               "folder, whose record this is.")
    classification: Classification | None


class FileRecord(Record):
    decision: str = Field(description="What became of it: indexed, metadata_only (its kind "
                          "is kept as a record only: a lockfile, an image), blocked (a secret), "
                          "skipped (excluded, left out, nothing long enough to index) or "
                          "failed.")
    folder: bool = Field(description="A whole folder left out (`node_modules`), not a file.")


class FilesPage(BaseModel):
    """A page of a project's records (GET /knowledge/files)."""

    project: str | None = Field(description="The project listed (null: every project).")
    total: int = Field(description="Records the filters leave (all pages).")
    offset: int
    limit: int
    by_decision: dict[str, int] = Field(description="Records the other filters leave, by "
                                        "decision (what a status filter would list).")
    files: list[FileRecord]


class Rejudged(BaseModel):
    removed: list[str] = Field(description="Files uploaded before that the new rules leave "
                               "out: their chunks are gone, their records say why.")
    upload_again: list[str] = Field(description="Files (and folders, ending in `/`) the new "
                                    "rules admit, or admit as another kind: their content was "
                                    "not kept, upload them again to index them so.")


class IngestFileResult(Record):
    counts: dict[str, Any] = Field(
        description="The run summary for this one file (counts; `by_language` holds the chunk "
        "metrics per language and kind).")
    received_at: float = Field(description=RECEIVED_AT)
    rejudged: Rejudged | None = Field(None, description=(
        "For an upload that changed the project's rule files (its `.repokb.yml`, a "
        "`.gitattributes`): the files uploaded before, judged again under them by their path."))


class PruneUploadRequest(Strict):
    project: Project = Field(description="The uploaded project (never one indexed from a "
                             "folder on the server: its next index run does this).")
    paths: list[RelPath] = Field(min_length=1, description="Every file of the folder just "
                                 "uploaded, relative to the project, as each was sent (the "
                                 "files left out before upload are not among them).")
    since: float | None = Field(None, ge=0, allow_inf_nan=False, description=(
        "When this upload began: the earliest `received_at` of its answers. A file recorded "
        "at or after it stays even when not among `paths` (another client uploaded it "
        "meanwhile). Without it, every file not among `paths` is forgotten, also one another "
        "client uploaded during this upload: give it whenever others may upload to the "
        "project."))


class PruneUploadResult(BaseModel):
    project: str
    files_removed: int = Field(description="Files of the project not among `paths`, forgotten.")
    chunks_removed: int
    removed: list[str] = Field(description="Their paths, as stored.")
    upload_again: list[str] = Field(default_factory=list, description=(
        "When the project's rule files (`.repokb.yml`, `.gitattributes`) were not among "
        "`paths`: they are forgotten, and the files they had left out that are admitted now "
        "are listed here (folders end in `/`): their content was never kept, send them "
        "again."))


class LeftOutFolder(Strict):
    path: RelPath = Field(description="The folder, relative to the project.")
    marker: RelPath | None = Field(
        None, description="What showed the folder is to be left out: a path in it that the "
        "client found (`pyvenv.cfg`, `Debug/`: client-config's marker_dirs). None for a "
        "folder left out by its name (client-config's skip_dirs).")


class LeftOutRequest(Strict):
    project: Project = Field(description="The uploaded project.")
    folders: list[LeftOutFolder] = Field(
        min_length=1, description="The outermost folders the client left out before "
        "uploading; at most 10,000 (413).")


class LeftOutRecord(BaseModel):
    path: str
    kind: str
    reason: str = Field(description="The reason the walk records (the server's, never the "
                        "client's).")


class LeftOutRefused(BaseModel):
    path: str
    message: str


class LeftOutResult(BaseModel):
    project: str
    recorded: list[LeftOutRecord] = Field(description="The folders recorded as left out, as "
                                          "`repokb index` records them.")
    refused: list[LeftOutRefused] = Field(description="Folders the server's rules do not "
                                          "leave out: not recorded.")


class IndexRequest(Strict):
    path: Annotated[str, Field(min_length=1, max_length=4096), AfterValidator(_utf8)] = Field(
        description="A folder on the server's disk, under one of its allowed roots.")
    project: Project | None = Field(None, description="Default: the folder's name.")
    flush: bool = Field(False, description="Drop the project's index first.")
    follow: bool = Field(
        False, description="The caller follows the job: it asks about it (GET "
        "/knowledge/jobs/{id}?hold=<the answer's hold>) at least every job_lease_seconds (15 "
        "s), and if it stops asking (it was killed, or its host crashed) its hold lapses; a job "
        "nobody holds any more is cancelled, its reason saying so. Without it (the default: "
        "fire and forget) the job runs to its end unless cancelled, and a cancel that names "
        "no hold may let go of this caller's hold.")


Paths = Annotated[list[Annotated[str, Field(min_length=1, max_length=4096),
                                AfterValidator(_utf8)]], Field(min_length=1, max_length=64)]


class IndexRunRequest(Strict):
    paths: Paths = Field(description="Folders to index now: on the server's disk, under its "
                         "allowed roots (any folder through the owner socket).")
    project: Project | None = Field(None, description="Default: each folder's name (one "
                                    "folder only when given).")
    flush: bool = Field(False, description="Drop the projects' index first.")


class IndexRunResult(BaseModel):
    """As `repokb index --json` prints it."""

    files: list[dict[str, Any]] = Field(description="One record per file met.")
    summary: dict[str, Any]


class VerifyRequest(Strict):
    project: Project | None = Field(None, description="Default: every project.")
    repair: bool = Field(False, description="Fix what differs (needs x-api-key).")


class Job(BaseModel):
    """An index job. One run may serve several callers: the same folder asked for while its
    job waits its turn is that job, with one hold more. A caller's cancel releases its own
    hold (?hold=; without it, one taken by a plain POST /knowledge/index, never an MCP
    session's or a follower's); the run stops when no hold is left (or with ?all=true)."""

    id: str
    status: str = Field(description="queued, running, done, failed or cancelled.")
    holders: int = Field(description="Callers holding the job now (each submission of it "
                         "took one hold); 0 once it ended.")
    reason: str | None = Field(None, description="Why it was cancelled: by its caller(s), "
                               "for every caller, its caller went away (a lapsed lease), the "
                               "server stopping.")
    hold: str | None = Field(None, description="In the answer of POST /knowledge/index only: "
                             "this caller's hold, to give as ?hold= when asking about the job "
                             "(which renews a follow lease) and when cancelling it.")
    held: bool | None = Field(None, description="With ?hold= on GET: whether that hold still "
                              "holds the job (false: it lapsed or was released, or the job "
                              "ended; a hold the job never gave is a 404).")
    released: bool | None = Field(None, description="In a cancel's answer: whether a hold was "
                                  "released (false: the job had ended, or the caller held "
                                  "nothing to release). A job still queued or running with "
                                  "holders > 0 goes on for those other callers.")
    flush: bool
    path: str
    project: str
    done: int
    total: int
    current: str
    summary: dict[str, Any] | None
    error: dict[str, Any] | None
    created_at: float
    started_at: float | None
    finished_at: float | None


class SearchRequest(Strict):
    # query and filters are judged by the search operation itself (an empty query, a project
    # nothing is known of): `repokb search` answers the same through the owner socket as alone
    query: Text
    limit: int | None = Field(None, ge=1, le=MAX_LIMIT, description="Default: the search_limit "
                                                               "setting.")
    project: Text | list[Text] | None = None
    # a kind is judged by the Query as on every surface (models/answers.py): a typo of one
    # gets the kind it most likely means ("Did you mean source?") before the list of kinds
    kind: Text | list[Text] | None = Field(None, description="A kind (source, test, "
                                           "documentation, ...), or a list of kinds.")
    language: Text | list[Text] | None = None
    path: Text | list[Text] | None = Field(
        None, description="A glob over project-relative paths, or a list of globs: paths "
        "matching any of them.")
    explain: bool = Field(False, description="Add each hit's provenance (ranks, scores, "
                          "re-rank factors).")
    context_lines: int = Field(0, ge=0, le=200, description="Widen each hit by up to this "
                               "many lines of its file before and after.")


class WhyNothing(BaseModel):
    reason: str = Field(description="Why the search finds nothing, in a sentence.")


def _hit_model() -> type[BaseModel]:
    """models.Hit as a response body: the same fields, `provenance` only when asked for."""
    types = typing.get_type_hints(models.Hit)
    fields: dict[str, Any] = {
        f.name: (types[f.name], ... if f.default is dataclasses.MISSING else f.default)
        for f in dataclasses.fields(models.Hit) if f.name != "provenance"}
    fields["provenance"] = (dict[str, Any] | None, None)
    return create_model("Hit", __doc__="As `repokb search --json` prints it "
                        "(`provenance` with `explain`; `lexical_only` on a hit found by BM25 "
                        "alone, e.g. while its dense vector is pending).", **fields)


Hit = _hit_model()


class FlushResult(BaseModel):
    project: str | None
    points_deleted: int


class MarkerDir(BaseModel):
    """A folder the walk leaves out when it holds one of `markers`."""

    name: str = Field(description="The folder's name, or a glob (`*`: any folder).")
    markers: list[str] = Field(description="Paths in the folder, any one of which marks it "
                               "(a trailing `/`: a folder), e.g. `pyvenv.cfg`, `Debug/`.")
    kind: str = Field(description="What such a folder holds (vendor, build_artifact).")
    reason: str = Field(description="The reason the walk records for the folder.")


class ClientConfig(BaseModel):
    """What the dashboard needs to filter and batch before it uploads."""

    skip_dirs: list[str] = Field(description="Folders left out by name, as the walk leaves "
                                 "them out ...")
    skip_dir_suffixes: list[str] = Field([], description="Folders left out by the end of "
                                         "their name (`.egg-info`), as the walk leaves them "
                                         "out.")
    source_markers: dict[str, list[str]] = Field(description="... unless the folder holds one "
                                                 "of these files (a folder named like build "
                                                 "output holding a Python package's "
                                                 "__init__.py is sources, not output); a "
                                                 "glob (`*.go`) is any file directly in it "
                                                 "whose name matches.")
    marker_dirs: list[MarkerDir] = Field([], description="Folders left out for a marker they "
                                         "hold, as the walk leaves them out (one table: "
                                         "rules/tables.py MARKER_SKIP_DIRS).")
    skip_files: list[str]
    max_file_bytes: int
    max_notebook_bytes: int = Field(0, description="A Jupyter notebook (.ipynb) may be "
                                    "this large: only its cells' sources are indexed.")
    head_bytes: int = Field(0, description="How much of a file's head the classifier reads: "
                            "the head a file left out before upload is sent by (POST "
                            "/knowledge/ingest/file with `size` and `left_out`).")
    repo_config_names: list[str] = Field([], description="The project's repository config "
                                         "files (.repokb.yml ...): uploaded first, as the "
                                         "files after them are judged by them.")
    max_request_bytes: int
    max_batch_chunks: int
    max_chunk_chars: int
    api_key_configured: bool
    stop_words: list[str] = []  # words the dashboard does not highlight in results


def as_tuple(value: str | list[str] | None) -> tuple[str, ...]:
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)
