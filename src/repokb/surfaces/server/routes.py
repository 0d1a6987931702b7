"""The REST endpoints: each validates its input, then makes one call on the operations.

A request that came through the owner's Unix socket is trusted (see operations/guards.py):
`TRUSTED` is set in its scope by the socket's server, never by anything a client sends.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import anyio
from fastapi import APIRouter, Depends, Header, Request, Response
from fastapi import Query as Param
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from pydantic import ValidationError
from pydantic_core import to_json
from starlette.datastructures import UploadFile

from repokb import __version__
from repokb.errors import worded
from repokb.models import MAX_NEIGHBOURS, Fragment
from repokb.operations import Access, Operations
from repokb.operations.jobs import JobCancelled
from repokb.operations.reads import FILES_PAGE, MAX_FILES_PAGE
from repokb.search import Query
from repokb.surfaces.server import schemas as S
from repokb.surfaces.server.errors import (
    KEY_VERIFIED,
    TRUSTED,
    APIError,
    ErrorResponse,
    error_response,
    request_id,
    surface,
)

router = APIRouter()
T = TypeVar("T")


# The dependencies are coroutines: FastAPI runs a plain function's dependency on a worker
# thread, a hand-off there and back for every request only to read the app's state.
async def _operations(request: Request) -> Operations:
    ops: Operations = request.app.state.ops
    return ops


async def _access(request: Request,
                  x_api_key: Annotated[str | None, Header(  # documented, checked by the guard
                      description="The server's API key: the guard checks it (also as "
                      "Authorization: Bearer); destructive operations need it.")] = None,
                  ) -> Access:
    """Who calls: the owner's socket, or a request whose API key the guard matched (the
    parameter keeps the header in the OpenAPI schema of the routes that need it)."""
    return Access(trusted=request.scope.get(TRUSTED) is True,
                  key_verified=request.scope.get("state", {}).get(KEY_VERIFIED) is True)


Svc = Annotated[Operations, Depends(_operations)]
Caller = Annotated[Access, Depends(_access)]


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: {"model": ErrorResponse} for code in (*codes, 422, 500)}


def _checked(check: Any, value: str, location: str) -> str:
    try:
        result: str = check(value)
    except ValueError as exc:
        raise APIError(422, f"The request is not valid at {location}: {exc}",
                       details=[{"location": location, "message": str(exc)}]) from None
    return result


@router.get("/healthz", tags=["meta"])
def healthz() -> dict[str, str]:
    return {"status": "ok", "version": __version__}


@router.get("/knowledge/client-config", tags=["meta"], response_model=S.ClientConfig)
def client_config(svc: Svc) -> dict[str, Any]:
    """Skip lists and limits the dashboard applies before uploading."""
    return svc.client_config()


@router.post("/knowledge/ingest", tags=["ingest"], response_model=S.IngestResult,
             responses=errors(409, 413))
def ingest(body: S.IngestRequest, svc: Svc, access: Caller) -> dict[str, Any]:
    """Embed and store fragments a client already cut (seed 002). Secret-like, transcript-like
    (LLM contamination), too short or binary fragments, and fragments of files whose path is
    blocked or excluded, are skipped and counted. All or nothing: a rejected batch writes
    nothing."""
    s = svc.settings
    if len(body.chunks) > s.max_batch_chunks:
        raise APIError(413, f"The batch has {len(body.chunks)} fragments; the limit is "
                       f"{s.max_batch_chunks}.", "Send smaller batches.")
    fragments, seen = [], set()
    for i, c in enumerate(body.chunks):
        where = f"body.chunks.{i}"
        if len(c.content) > s.max_chunk_chars:
            raise APIError(422, f"Fragment {i} has {len(c.content)} characters; the limit is "
                           f"{s.max_chunk_chars}.", "Cut it into smaller fragments.",
                           details=[{"location": f"{where}.content", "message": "too long"}])
        if c.start_line and c.end_line and c.end_line < c.start_line:
            raise APIError(422, f"Fragment {i} ends (line {c.end_line}) before it starts "
                           f"(line {c.start_line}).")
        project = c.project or S.DEFAULT_PROJECT
        key = (project, c.file_path, c.chunk_index)
        if key in seen:
            raise APIError(422, f"Fragment {i} repeats the (project, file_path, chunk_index) of "
                           "an earlier one.", "Each may appear once per batch.")
        seen.add(key)
        start, end = c.start_line or 0, c.end_line or 0
        length = c.content.rstrip("\n").count("\n")  # lines after the first
        if start and not end:  # one bound given: the other from the fragment's own lines
            end = start + length
        elif end and not start:
            start = max(1, end - length)
        fragments.append(Fragment(project, c.file_path, c.chunk_index, c.content, start, end))
    return svc.ingest_fragments(fragments, access)


_FILE_BODY = {"requestBody": {"required": True, "content": {
    "application/json": {"schema": S.IngestFileRequest.model_json_schema()},
    "multipart/form-data": {"schema": {
        "type": "object", "required": ["file"],
        "properties": {"file": {"type": "string", "format": "binary"},
                       "path": {"type": "string", "description": "Default: the file name."},
                       "project": {"type": "string"},
                       "size": {"type": "integer", "description": "With left_out: the "
                                "file's size (the part sent is its head)."},
                       "left_out": {"type": "string", "maxLength": 200, "description":
                                    "Why the client left the file out (too large ...): "
                                    "`file` is its head, at most head_bytes; recorded as "
                                    "the walk records the file, never indexed."}}}},
}}}


@router.post("/knowledge/ingest/file", tags=["ingest"], response_model=S.IngestFileResult,
             responses=errors(400, 409, 413, 415), openapi_extra=_FILE_BODY)
async def ingest_file(request: Request, svc: Svc, access: Caller) -> dict[str, Any]:
    """Index one whole file, sent as JSON `{path, content, project?}` or as a multipart upload
    (`file`, `path`, `project`): classified, policy applied, chunked and embedded on the server.
    A multipart upload with `left_out` (why) and `size` sends the head of a file the client
    left out: recorded as the walk records that file, never indexed. Returns its
    classification record and the counts."""
    left_out: tuple[int, str] | None = None
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if ctype == "application/json":
        try:
            body = S.IngestFileRequest.model_validate_json(await request.body())
        except ValidationError as exc:
            raise RequestValidationError([{**e, "loc": ("body", *e["loc"])}
                                          for e in exc.errors(include_input=False)]) from None
        project, path, data = body.project, body.path, body.content.encode("utf-8")
    elif ctype == "multipart/form-data":
        async with request.form(max_files=1, max_fields=8) as form:  # closes spooled files
            upload = form.get("file")
            if not isinstance(upload, UploadFile):
                raise APIError(422, "The form has no 'file' part.", "Send the file as 'file'.")
            raw_path, raw_project = form.get("path") or upload.filename or "", form.get("project")
            if not isinstance(raw_path, str) or not isinstance(raw_project, str | None):
                raise APIError(422, "'path' and 'project' must be text fields.")
            path = _checked(S.relative_path, raw_path, "body.path")
            project = (_checked(S.project_name, raw_project, "body.project") if raw_project
                       else None)
            data = await upload.read()
            why, size = form.get("left_out"), form.get("size")
            if why is not None:
                if not isinstance(why, str) or not 0 < len(why) <= 200 \
                        or not isinstance(size, str) or not size.isdigit() or len(size) > 15:
                    raise APIError(422, "'left_out' (why, at most 200 characters) needs "
                                   "'size', the file's size in bytes.")
                left_out = (int(size), why)
    else:
        raise APIError(415, "Send JSON {path, content, project?} or a multipart/form-data "
                       "upload with a 'file' part.")
    return await run_in_threadpool(svc.ingest_file, project or S.DEFAULT_PROJECT, path, data,
                                   access, left_out)


@router.post("/knowledge/ingest/prune", tags=["ingest"], response_model=S.PruneUploadResult,
             responses=errors(401, 403, 404, 409, 413))
def prune_upload(body: S.PruneUploadRequest, svc: Svc, access: Caller) -> dict[str, Any]:
    """After a complete upload of a folder (every file sent): forget every file of the
    uploaded project not among `paths`, so files deleted or renamed in the folder since an
    earlier upload stop being found; unchanged files are untouched. With `since` (the earliest
    `received_at` of the upload's answers), a file another client uploaded after this upload
    began stays. Destructive: requires the x-api-key header, as a flush does. A project indexed
    from a folder on the server is refused (422): its next index run forgets what left that
    folder. At most 100,000 paths (413)."""
    return svc.prune_upload(body.project, body.paths, access, body.since)


@router.post("/knowledge/ingest/left-out", tags=["ingest"], response_model=S.LeftOutResult,
             responses=errors(409, 413))
def left_out(body: S.LeftOutRequest, svc: Svc, access: Caller) -> dict[str, Any]:
    """The folders a client left out before uploading (the dashboard: `node_modules/`, `.git/`,
    a virtualenv ...), recorded as `repokb index` records them: explain of a path there, the
    project's stats and its last run then say they were left out, and why. Each folder comes
    with the marker that showed it to the client (a path in it), or none for a folder left out
    by its name. The server decides by its own rules, as for a file uploaded there: a folder
    they do not leave out is refused (listed, not recorded), and the reason recorded is the
    server's. What the project held under a recorded folder is forgotten, as after a marker
    upload. At most 10,000 folders (413)."""
    return svc.record_left_out(body.project, [(f.path, f.marker) for f in body.folders],
                               access)


@router.post("/knowledge/index", tags=["index"], status_code=202, response_model=S.Job,
             responses=errors(403))
def index(body: S.IndexRequest, svc: Svc, access: Caller, response: Response) -> dict[str, Any]:
    """Index a folder on the server's disk (under an allowed root) as a background job. The
    same folder asked for while its job waits its turn is that job: each caller gets its own
    `hold` on it, and a job runs as long as one caller holds it. With `follow`, the hold lapses
    when the caller stops asking about the job for job_lease_seconds. Without it, a cancel that
    names no hold may let go of the hold too (a caller that did not keep it)."""
    job, hold = svc.submit_index(body.path, body.project, body.flush, access, body.follow,
                                 anonymous=not body.follow)
    response.headers["Location"] = f"/knowledge/jobs/{job.id}"
    return {**job.to_json(), "hold": hold}


# response_model documents the answer; the route writes it itself (as search does)
@router.post("/knowledge/index/run", tags=["index"], response_model=S.IndexRunResult,
             responses=errors(403))
async def index_run(body: S.IndexRunRequest, svc: Svc, access: Caller,
                    request: Request) -> Response:
    """Index folders now and answer when done (what `repokb index` does): the per-file records
    and the summary. Waits for any other write to finish first. A caller that hangs up (an
    interrupted `repokb index` sent to this server) stops the run as a cancelled job stops: at
    its next file or page of vectors, or before it starts; what it wrote stays, and the next
    run of the folder goes on from there."""
    try:  # written on the worker thread too: a big tree's records are no work for the loop
        answer = await _unless_hung_up(request, lambda gone: to_json(svc.index(
            body.paths, body.project, body.flush, access, stop=gone)))
    except JobCancelled:  # nobody reads this answer
        return error_response(499, "The caller hung up: the index run stopped.",
                              "Index the folder again to finish it.", code="client_closed",
                              request_id=request_id(request))
    return Response(answer, media_type="application/json")


async def _unless_hung_up(request: Request, run: Callable[[threading.Event], T]) -> T:
    """`run(gone)` on a worker thread; `gone` is set if the client closes the connection
    meanwhile (after sending its whole request: the body was read)."""
    gone = threading.Event()

    async def watch() -> None:
        while (await request.receive())["type"] != "http.disconnect":
            pass
        gone.set()

    failure: Exception | None = None
    async with anyio.create_task_group() as watching:
        watching.start_soon(watch)
        try:
            result = await anyio.to_thread.run_sync(run, gone)
        except Exception as exc:  # raised as itself below (the task group would wrap it)
            failure = exc
        watching.cancel_scope.cancel()
    if failure is not None:
        raise failure
    return result


@router.post("/knowledge/verify", tags=["index"], responses=errors(401, 403, 404, 409))
def verify(body: S.VerifyRequest, svc: Svc, access: Caller) -> dict[str, Any]:
    """Check that the store and the catalog agree; `repair` (needs x-api-key) fixes."""
    return svc.verify(body.project, body.repair, access)


@router.get("/knowledge/jobs", tags=["index"], response_model=list[S.Job])
def jobs(svc: Svc) -> list[dict[str, Any]]:
    return [job.to_json() for job in svc.jobs.all()]


Hold = Annotated[str | None, Param(max_length=64, description="The hold the job's "
                                   "submission gave this caller (its answer's `hold`).")]


@router.get("/knowledge/jobs/{job_id}", tags=["index"], response_model=S.Job,
            responses=errors(404))
def job(job_id: str, svc: Svc, hold: Hold = None) -> dict[str, Any]:
    """An index job's state. With ?hold=, says whether that hold still holds the job (`held`:
    false once released, lapsed or the job ended), and renews its lease if it was taken with
    `follow`; a ?hold= the job never gave is 404 not_found, naming it (as on cancel)."""
    found, held = svc.job(job_id, hold)
    return {**found.to_json(), **({} if held is None else {"held": held})}


@router.post("/knowledge/jobs/{job_id}/cancel", tags=["index"], response_model=S.Job,
             responses=errors(403, 404))
def cancel_job(job_id: str, svc: Svc, hold: Hold = None,
               everyone: Annotated[bool, Param(alias="all", description=(
                   "Stop the run for every caller holding it (what the dashboard's Cancel "
                   "does)."))] = False) -> dict[str, Any]:
    """Let an index job go: ?hold= releases that hold, ?all=true every caller's. Without
    either, one hold a plain POST /knowledge/index took (without `follow`: a caller that may
    not have kept its hold), never an MCP session's or a follower's: when the run goes on
    only for those, the cancel is refused (403 forbidden, naming ?hold= and ?all=true). Once
    no caller holds it, the job stops: a queued one at once ("cancelled"), a running one at
    its next file or page of vectors (it says "running" until then). What it wrote stays; the
    next run of the folder goes on from there. While other callers still hold it, it goes on
    for them: the answer says "queued" or "running", `released` true and `holders` how many
    still wait. A finished job, or one already stopping, is answered as it is (`released`
    false), as is a hold that was let go of already; a ?hold= the job never gave is 404
    not_found, naming it, and lets go of nothing."""
    found, released = svc.cancel_job(job_id, hold, everyone)
    return {**found.to_json(), "released": released}


# response_model documents the answer; the route writes it itself (below)
@router.post("/knowledge/search", tags=["search"], response_model=list[S.Hit])  # type: ignore[valid-type]
async def search(body: S.SearchRequest, svc: Svc, request: Request) -> Response:
    """Hybrid search; the same objects as `repokb search --json`."""
    hits = await anyio.to_thread.run_sync(svc.search, _query(body, svc),
                                          limiter=_search_slots(request))
    # The operations' own dicts, in the shape documented (S.Hit: the schema tests check every
    # answer against it), written as they are by pydantic's JSON serializer rather than
    # validated into models first: the same bytes, without ~0.2 ms of the interpreter a search.
    return Response(to_json(hits), media_type="application/json")


@router.post("/knowledge/search/why-nothing", tags=["search"], response_model=S.WhyNothing)
def why_nothing(body: S.SearchRequest, svc: Svc, request: Request) -> dict[str, str]:
    """Why a search finds nothing (ask after an empty answer): an empty knowledge base, a
    project, kind or language nothing indexed has, or the filters together."""
    return {"reason": worded(svc.why_nothing(_query(body, svc)), surface(request))}


def _query(body: S.SearchRequest, svc: Operations) -> Query:
    return Query(text=body.query, limit=body.limit or svc.settings.search_limit,
                 projects=S.as_tuple(body.project), kinds=S.as_tuple(body.kind),
                 languages=S.as_tuple(body.language), path_globs=S.as_tuple(body.path),
                 explain=body.explain, context_lines=body.context_lines)


# Searches in flight at once; the rest wait in line (first come, first served). The store
# answers the searches that meet in it with one engine call (stores/base.py Combiner), so a
# few more slots than cores let those calls form: on 2 cores with a Django-size index, 8
# slots served 84 searches/s against 61 with 2 and 72 with 4 (8 clients back to back during
# an index job; bench/RESULTS.md).
SEARCH_SLOTS = 8


def _search_slots(request: Request) -> anyio.CapacityLimiter:
    state = request.app.state
    if getattr(state, "search_slots", None) is None:  # created on the event loop, at first use
        state.search_slots = anyio.CapacityLimiter(SEARCH_SLOTS)
    slots: anyio.CapacityLimiter = state.search_slots
    return slots


@router.get("/knowledge/stats", tags=["search"])
def stats(svc: Svc,
          project: Annotated[str | None, Param(max_length=128)] = None) -> dict[str, Any]:
    """Points and files by project, kind, language, role, policy; the last run. With
    `project`: that project's only."""
    name = _checked(S.project_name, project, "query.project") if project else None
    return svc.stats(name)


@router.get("/knowledge/context", tags=["search"], responses=errors(404))
def context(svc: Svc, access: Caller, path: Annotated[str, Param(max_length=4096)],
            project: Annotated[str | None, Param(max_length=128)] = None,
            line: Annotated[int | None, Param(ge=1)] = None,
            symbol: Annotated[str | None, Param(min_length=1, max_length=256)] = None,
            before: Annotated[int, Param(ge=0, le=MAX_NEIGHBOURS)] = 0,
            after: Annotated[int, Param(ge=0, le=MAX_NEIGHBOURS)] = 0) -> dict[str, Any]:
    """The indexed chunk of a file at a line or a symbol (or its first chunk), `before` and
    `after` neighbouring chunks, and the file's outline. Text comes from the index (secrets
    redacted); `changed_on_disk` says whether the file changed since it was indexed. `path` is
    relative to its project (through the owner socket: also a file on disk)."""
    if not access.trusted:  # an absolute path probed the server's disk and named its roots
        path = _checked(S.relative_path, path, "query.path")
    name = _checked(S.project_name, project, "query.project") if project else None
    return svc.context(path, name, line, symbol, before, after)


@router.get("/knowledge/activity", tags=["index"])
def activity(svc: Svc) -> dict[str, Any]:
    """Whether this process is writing now (an index run, an upload, a flush), and its pid."""
    return svc.activity()


@router.get("/knowledge/explain", tags=["search"], response_model=S.Record,
            responses=errors(404))
def explain(svc: Svc, access: Caller, path: Annotated[str, Param(max_length=4096)],
            project: Annotated[str | None, Param(max_length=128)] = None) -> dict[str, Any]:
    """Why a file was indexed, skipped, blocked or failed: its record and signals. `path` is
    relative to its project (through the owner socket: also a file on disk)."""
    if not access.trusted:
        path = _checked(S.relative_path, path, "query.path")
    name = _checked(S.project_name, project, "query.project") if project else None
    return svc.explain(path, name, access)


@router.get("/knowledge/files", tags=["search"], response_model=S.FilesPage,
            responses=errors(404))
def files(svc: Svc,
          project: Annotated[str | None, Param(max_length=128)] = None,
          status: Annotated[str | None, Param(max_length=32, description=(
              "indexed, metadata_only, blocked, skipped, failed, or not_indexed (all but "
              "indexed)."))] = None,
          kind: Annotated[str | None, Param(max_length=32)] = None,
          path: Annotated[str, Param(max_length=1024, description=(
              "A piece of the path, in any case."))] = "",
          order: Annotated[str, Param(max_length=16, description=(
              "path, status, kind, language, size or chunks (the largest first)."))] = "path",
          offset: Annotated[int, Param(ge=0, le=10_000_000)] = 0,
          limit: Annotated[int, Param(ge=1, le=MAX_FILES_PAGE)] = FILES_PAGE) -> dict[str, Any]:
    """A project's files and skipped folders with what became of each and why (explain's
    record of each, and its `decision`), filtered, ordered and a page at a time: what a run
    left out, and why. A project nothing is known of is a 404 naming the known ones; a status,
    kind or order that names none is a 422 saying which it most likely means."""
    name = _checked(S.project_name, project, "query.project") if project else None
    return svc.files(name, status, kind, _checked(S.utf8_text, path, "query.path"), order,
                     offset, limit)


@router.delete("/knowledge/flush", tags=["index"], response_model=S.FlushResult,
               responses=errors(401, 403, 404, 409))
def flush(svc: Svc, access: Caller,
          project: Annotated[str | None, Param(max_length=128)] = None) -> dict[str, Any]:
    """Delete one project's (or every) chunk and record. Requires the x-api-key header; a
    project nothing is known of is a 404 that names the known ones."""
    name = _checked(S.project_name, project, "query.project") if project else None
    return svc.flush(name, access)
