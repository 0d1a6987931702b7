"""The `repokb` command line: a thin layer over the workspace (pipeline, search, catalog)."""

from __future__ import annotations

import json
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from repokb.errors import InputError, RepokbError
from repokb.settings import Settings

app = typer.Typer(
    name="repokb",
    help="Turn code repositories into a searchable knowledge base.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console()
err = Console(stderr=True)

HomeOption = Annotated[
    Path | None, typer.Option("--home", help="Data directory (default: $REPOKB_HOME).")
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]


@contextmanager
def _workspace(home: Path | None, settings: Settings | None = None) -> Iterator[Any]:
    from repokb.workspace import Workspace  # heavy imports only when a command runs

    ws = Workspace(settings or Settings.load(home=home))
    try:
        yield ws
    finally:
        ws.close()


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _dispatch(home: Path | None, op: str, args: dict[str, Any],
              local: Callable[[Any], Any] | None = None, wait: float = 10.0) -> Any:
    """Answer a request in the process that owns the store if one is running, else here:
    by `local(workspace)`, by default the same operation the owner would run.

    Another short command may hold the store for a moment: retry until `wait` runs out."""
    import time

    from repokb.errors import StoreBusyError
    from repokb.surfaces import owner

    settings = Settings.load(home=home)
    deadline = time.monotonic() + wait
    while True:
        try:
            if not _shared_store(settings):  # a Qdrant server has no owner process
                return owner.call(settings, op, args)
        except ConnectionError:
            pass
        try:
            with _workspace(home, settings) as ws:
                return local(ws) if local else owner.OPERATIONS[op](ws, args)
        except StoreBusyError:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.2)


@app.command()
def index(
    paths: Annotated[list[Path], typer.Argument(help="Project folders to index.")],
    project: Annotated[
        str | None, typer.Option(help="Project name (default: folder name).")] = None,
    dry_run: Annotated[bool, typer.Option(
        "--dry-run", help="Classify, count and estimate the cost; change nothing.")] = False,
    chunk: Annotated[bool, typer.Option(
        "--chunk", help="With --dry-run: also chunk admitted files (exact per-language metrics; "
        "slower).")] = False,
    flush: Annotated[
        bool, typer.Option("--flush", help="Drop the project's index first.")] = False,
    as_json: JsonOption = False,
    home: HomeOption = None,
) -> None:
    """Index project folders (incrementally: only what changed is re-embedded)."""
    from repokb.pipeline.discover import resolve_roots

    roots = resolve_roots(paths, project)
    if dry_run and flush:
        raise InputError("--dry-run changes nothing, so it cannot --flush.")
    if chunk and not dry_run:
        raise InputError("--chunk only applies to --dry-run (a real run always chunks).")
    if dry_run:
        with _workspace(home) as ws:  # classification needs only the catalog, not the store
            report = ws.indexer.dry_run(roots, chunk=chunk)
        files, summary = report.files, report.summary()
    else:
        report = None
        result = _index_owned_or_forwarded(home, roots, project, flush, show_progress=not as_json)
        files, summary = result["files"], result["summary"]
    if as_json:
        _print_json({"files": files, "summary": summary})
        return
    if dry_run:
        _print_breakdown(report)
    _print_chunking(summary.get("by_language") or {})
    label = "dry run" if dry_run else "indexed"
    parts = [f"{k.replace('_', ' ')}: {v}" for k, v in summary.items()
             if (v or k == "files_seen") and not isinstance(v, dict)]
    out.print(f"[bold]{label}[/bold] " + " · ".join(parts))


def _index_owned_or_forwarded(home: Path | None, roots: list[Any], project: str | None,
                              flush: bool, show_progress: bool) -> dict[str, Any]:
    """Hand the index to the owner, or run it here and serve other commands meanwhile."""
    import threading


    def host(ws: Any) -> dict[str, Any]:
        lock = threading.Lock()
        with _serve_others(ws, lock), lock:
            if show_progress and err.is_terminal:
                report = _run_with_progress(ws, roots, flush)
            else:
                report = ws.indexer.run(roots, flush=flush)
        return {"files": report.files, "summary": report.summary()}

    args = {"paths": [str(r.root) for r in roots], "project": project, "flush": flush}
    return _dispatch(home, "index", args, local=host)  # type: ignore[no-any-return]


def _shared_store(settings: Settings) -> bool:
    from repokb.stores import shared

    return shared(settings.store, settings.qdrant_url)


def _serve_others(ws: Any, write_lock: Any) -> Any:
    """While this process holds an embedded store, answer other repokb processes on the owner
    socket. A Qdrant server needs no owner: every process opens it, nothing is bound."""
    from contextlib import nullcontext

    from repokb.surfaces import owner

    if _shared_store(ws.settings):
        return nullcontext()
    return owner.OwnerServer(ws, write_lock)


def _run_with_progress(ws: Any, roots: list[Any], flush: bool) -> Any:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("[dim]{task.fields[path]}"))
    with Progress(*columns, console=err, transient=True) as bar:
        task = bar.add_task("indexing", total=None, path="")

        def progress(path: str, done: int, total: int) -> None:
            bar.update(task, completed=done, total=total, path=path[-60:])

        return ws.indexer.run(roots, flush=flush, progress=progress)


def _print_chunking(by_language: dict[str, dict[str, dict[str, Any]]]) -> None:
    """One row per language and kind: what chunking produced (seed 000 §VIII metrics)."""
    rows = [(lang, kind, m) for lang, kinds in by_language.items() for kind, m in kinds.items()]
    if not rows:
        return
    table = Table(box=None, pad_edge=False, header_style="bold")
    for column in ("language", "kind", "files", "chunks", "per file", "symbols", "quality",
                   "dup", "near dup", "llm"):
        table.add_column(column, justify="left" if column in ("language", "kind") else "right")
    for lang, kind, m in sorted(rows, key=lambda r: -r[2]["chunks"]):
        table.add_row(lang, kind, str(m["files"]), str(m["chunks"]),
                      f"{m['avg_chunks_per_file']:.1f}", f"{m['symbol_rate']:.0%}",
                      f"{m['avg_quality']:.2f}", str(m["duplicates"]),
                      str(m["near_duplicates"]), str(m["contamination"]))
    out.print(table)


def _print_breakdown(report: Any) -> None:
    """What would be indexed and what not: by kind (with cost), language, role, policy, reason."""
    from collections import Counter

    files = report.files
    estimate = report.estimate()
    table = Table(title="dry run by kind", title_justify="left")
    for column in ("kind", "files", "indexed", "est. chunks", "est. tokens"):
        table.add_column(column, justify="left" if column == "kind" else "right")
    for kind, row in estimate["by_kind"].items():
        table.add_row(kind, str(row["files"]), str(row["admitted"]), f"{row['chunks']:,}",
                      f"{row['tokens']:,}")
    walked = Counter(f["kind"] for f in files if f["reasons"] and "skipped directory" in
                     f["reasons"][0])
    for kind, n in walked.most_common():
        table.add_row(f"{kind} (directories)", str(n), "0", "0", "0")
    out.print(table)
    for field in ("language", "knowledge_role", "index_policy"):
        counts = Counter(str(f[field]) for f in files)
        out.print(f"[bold]{field}[/bold]: "
                  + ", ".join(f"{k} {v}" for k, v in counts.most_common(12)))
    admitted = ("parse_and_index", "index_text")
    reasons = Counter(f["reasons"][0] for f in files
                      if f["index_policy"] not in admitted and f["reasons"])
    if reasons:
        out.print("[bold]not indexed because[/bold]:")
        for reason, n in reasons.most_common(12):
            out.print(f"  {n:>6}  {reason}", markup=False, highlight=False)
    redacted = sum(1 for f in files if "redact" in f.get("flags", ()))
    if redacted:
        out.print(f"[bold]{redacted}[/bold] admitted files hold secret-like values: they are "
                  "indexed only after redaction.")
    rate, seconds = estimate["tokens_per_second"], estimate["embed_seconds"]
    cost = (f"~{_duration(seconds)} to embed with {estimate['embedder']} at {rate:,.0f} tokens/s"
            if seconds is not None else f"no measured rate for {estimate['embedder']}")
    out.print(f"[bold]estimate[/bold]: {estimate['chunks']:,} chunks, "
              f"{estimate['tokens']:,} tokens, {cost}")


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


@app.command()
def search(
    query: Annotated[str, typer.Argument(help="A question, a phrase or a symbol name.")],
    limit: Annotated[int, typer.Option(help="Number of results.")] = 10,
    project: Annotated[list[str] | None, typer.Option(help="Only these projects.")] = None,
    kind: Annotated[list[str] | None, typer.Option(
        help="Only these kinds (source, documentation ...).")] = None,
    language: Annotated[list[str] | None, typer.Option(help="Only these languages.")] = None,
    path: Annotated[
        str | None, typer.Option("--path", help="Only paths matching this glob.")] = None,
    explain: Annotated[bool, typer.Option(
        "--explain", help="Show each hit's provenance (kind, role, policy, dense and lexical "
        "rank, fused score, re-rank factors, file mtime); with --json adds a 'provenance' key."
    )] = False,
    context: Annotated[bool, typer.Option(
        "--context", help="Print the RAG context block (fragments grouped by file, with lines "
        "and the top similarity) that the proxy would inject, instead of the hit list."
    )] = False,
    as_json: JsonOption = False,
    home: HomeOption = None,
) -> None:
    """Hybrid (semantic + lexical) search over the indexed projects."""
    args = {"text": query, "limit": limit, "projects": project or [], "kinds": kind or [],
            "languages": language or [], "path_glob": path, "explain": explain or context}
    hits = _dispatch(home, "search", args)
    if context:
        from repokb.context import format_context
        from repokb.models import Hit

        settings = Settings.load(home=home)
        block = format_context([Hit(**h) for h in hits], settings.context_min_similarity)
        sys.stdout.write(block or "No fragment reaches context_min_similarity "
                         f"({settings.context_min_similarity}).\n")
        return
    if as_json:
        _print_json(hits)
        return
    if not hits:
        out.print("No results.")
        return
    for n, h in enumerate(hits, 1):
        symbol = f"  [cyan]{h['symbol']}[/cyan]" if h["symbol"] else ""
        out.print(f"[bold]{n}. {h['project']}/{h['path']}:{h['start_line']}-{h['end_line']}"
                  f"[/bold]{symbol}  [dim]{h['kind']} · score {h['score']:.4f}[/dim]")
        if explain:
            out.print(_provenance_line(h["provenance"]), highlight=False)
        snippet = "\n".join(h["content"].strip().splitlines()[:6])
        out.print(snippet, markup=False, highlight=False)
        out.print()


def _provenance_line(p: dict[str, Any]) -> str:
    factors = ", ".join(f"{k} ×{v}" for k, v in p.get("factors", {}).items()) or "none"
    dense = (f"dense #{p['dense_rank']} ({p['dense_score']:.3f})" if p.get("dense_rank")
             else "dense -")
    lexical = f"lexical #{p['lexical_rank']}" if p.get("lexical_rank") else "lexical -"
    mtime = p.get("file_mtime_ns")
    when = ""
    if mtime:
        import datetime

        when = " · modified " + datetime.datetime.fromtimestamp(mtime / 1e9).isoformat(
            timespec="seconds")
    return (f"[dim]{p.get('kind')} · {p.get('role')} · {p.get('policy')} · {dense} · {lexical}"
            f" · fused {p.get('fused', 0):.4f} · intent {p.get('intent')} · factors {factors}"
            f" · chunks {p.get('chunks')}{when}[/dim]")


@app.command()
def explain(
    path: Annotated[str, typer.Argument(help="A file (on disk, or as indexed) to explain.")],
    project: Annotated[
        str | None, typer.Option(help="Project of a relative indexed path.")] = None,
    as_json: JsonOption = False,
    home: HomeOption = None,
) -> None:
    """Why was this file indexed, skipped or blocked? (A file not indexed yet is classified now.)"""
    from repokb.pipeline.discover import user_path

    on_disk = user_path(path)
    if on_disk.exists() or on_disk.is_symlink():  # the owner process has another cwd
        path = str(on_disk.parent.resolve() / on_disk.name)
    record = _dispatch(home, "explain", {"path": path, "project": project})
    if as_json:
        _print_json(record)
        return
    c = record.get("classification") or {}
    out.print(f"[bold]{record['project']}/{record['path']}[/bold]: {record['status']}"
              + (f" ({record['reason']})" if record.get("reason") else ""),
              highlight=False)
    if record.get("inside"):
        out.print(f"  inside skipped directory: {record['inside']}", highlight=False)
    for key in ("kind", "subkind", "language", "knowledge_role", "index_policy", "confidence",
                "flags", "rules", "package", "classifier_version", "config_path"):
        if c.get(key) not in (None, [], ""):
            value = ", ".join(c[key]) if isinstance(c[key], list) else c[key]
            out.print(f"  {key}: {value}", markup=False, highlight=False)
    for reason in c.get("reasons", []):
        out.print(f"  reason: {reason}", markup=False, highlight=False)
    for s in c.get("signals", []):
        out.print(f"  signal: {s['type']} = {s['value']} (weight {s['weight']})",
                  markup=False, highlight=False)
    if record.get("chunks"):
        out.print(f"  chunks: {record['chunks']}")


@app.command()
def stats(as_json: JsonOption = False, home: HomeOption = None) -> None:
    """What the knowledge base holds, by project, kind, language, role and policy."""
    data = _dispatch(home, "stats", {})
    if as_json:
        _print_json(data)
        return
    out.print(f"[bold]{data['points']}[/bold] chunks from [bold]{data['files']}[/bold] files")
    for key in ("by_status", "by_project", "by_kind", "by_language", "by_role", "by_policy"):
        table = Table(title=key.replace("_", " "), show_header=False, box=None)
        for name, n in data[key].items():
            table.add_row(name, str(n))
        out.print(table)


@app.command()
def verify(
    project: Annotated[str | None, typer.Option(help="Only this project (default: all).")] = None,
    repair: Annotated[bool, typer.Option("--repair", help="Fix what differs.")] = False,
    as_json: JsonOption = False,
    home: HomeOption = None,
) -> None:
    """Check that the store and the catalog agree (orphan or missing chunks); --repair fixes."""
    report = _dispatch(home, "verify", {"project": project, "repair": repair})
    if as_json:
        _print_json(report)
    else:
        state = "ok" if report["ok"] else ("repaired" if report["repaired"] else "DIFFERENCES")
        out.print(f"[bold]verify {state}[/bold]: {report['files_checked']} files, "
                  f"{report['points_checked']} chunks checked in {len(report['projects'])} "
                  f"project(s); {len(report['orphans'])} orphan file(s), "
                  f"{len(report['mismatched'])} file(s) with a different chunk count")
        for path in (report["orphans"] + report["mismatched"])[:20]:
            out.print(f"  {path}")
        if not report["ok"] and report["repaired"]:
            out.print("Run `repokb index` on the project to rebuild the forgotten files.")
    if not report["ok"] and not report["repaired"]:
        raise typer.Exit(1)


@app.command()
def watch(
    paths: Annotated[list[Path], typer.Argument(help="Project folders to keep indexed.")],
    project: Annotated[
        str | None, typer.Option(help="Project name (default: folder name).")] = None,
    debounce_ms: Annotated[
        int, typer.Option(help="Quiet time before a batch of changes is indexed.")] = 800,
    home: HomeOption = None,
) -> None:
    """Index, then keep the index current while files change (Ctrl-C to stop)."""
    import threading

    from repokb.pipeline.discover import resolve_roots
    from repokb.surfaces.watch import watch_and_index

    roots = resolve_roots(paths, project)

    def report(summary: dict[str, Any]) -> None:
        parts = [f"{k.replace('_', ' ')} {v}" for k, v in summary.items()
                 if v and not isinstance(v, dict)]  # counts, not the per-language metrics
        out.print("[bold]updated[/bold] " + " · ".join(parts))

    stop = threading.Event()

    def interrupt(signum: int, frame: Any) -> None:
        if stop.is_set():  # a second Ctrl-C: stop now (a run cut anywhere still converges)
            raise KeyboardInterrupt
        stop.set()  # the first: let the run in progress end at its next file

    with _workspace(home) as ws:
        ws.acquire_store(wait=10.0)  # a short command may hold it for a moment
        lock = threading.Lock()
        with _serve_others(ws, lock):
            out.print(f"watching {', '.join(str(r.root) for r in roots)} (Ctrl-C to stop)")
            previous = signal.signal(signal.SIGINT, interrupt)
            try:
                watch_and_index(ws, roots, lock, report,
                                debounce_ms=debounce_ms, stop=stop)
            finally:
                signal.signal(signal.SIGINT, previous)
    out.print("stopped")


@app.command()
def flush(
    project: Annotated[str | None, typer.Option(help="Only this project (default: all).")] = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    home: HomeOption = None,
) -> None:
    """Delete indexed chunks and catalog records (one project or all)."""
    target = f"project {project!r}" if project else "ALL projects"
    if not yes and sys.stdin.isatty() and not typer.confirm(f"Delete {target}?"):
        raise typer.Exit(1)
    deleted = _dispatch(home, "flush", {"project": project})
    out.print(f"Flushed {target}: {deleted} chunks deleted.")


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(
        help="Address to listen on (default: setting host, 127.0.0.1).")] = None,
    port: Annotated[int | None, typer.Option(
        help="Port to listen on (default: setting port, 8765).")] = None,
    allow_root: Annotated[list[Path] | None, typer.Option(
        "--allow-root", help="A folder POST /knowledge/index may read (repeatable; default: "
        "setting allowed_roots).")] = None,
    home: HomeOption = None,
) -> None:
    """Serve the REST API (docs at /docs) and the dashboard (at /) until interrupted.

    The server owns the store while it runs; the API key for destructive calls comes from
    REPOKB_API_KEY.
    """
    from repokb.pipeline.discover import user_path
    from repokb.surfaces.server import serve as run_server

    roots = tuple(str(user_path(p).resolve()) for p in allow_root) if allow_root else None
    settings = Settings.load(home=home, host=host, port=port, allowed_roots=roots)
    err.print(f"repokb: dashboard http://{settings.host}:{settings.port}/ · API docs /docs · "
              f"data {settings.home}", highlight=False)
    run_server(settings)


@app.command()
def migrate(
    to: Annotated[str, typer.Option("--to", help="Where to copy the index: a Qdrant URL "
                                    "(http://host:6333), local:PATH (qdrant-client's local "
                                    "mode), edge (this home's Edge shard) or edge:PATH.")],
    sample: Annotated[int, typer.Option(help="Searches compared on both sides.")] = 50,
    as_json: JsonOption = False,
    home: HomeOption = None,
) -> None:
    """Copy the index to another store without re-embedding, then verify counts and searches.

    The source is this home's store (REPOKB_STORE, REPOKB_QDRANT_URL). Interrupted, it resumes
    where it stopped. Afterwards, search the target with REPOKB_STORE=qdrant
    REPOKB_QDRANT_URL=TARGET (or REPOKB_STORE=qdrant-edge for edge)."""
    from repokb import migrate as moving

    settings = Settings.load(home=home)
    with _workspace(home, settings) as ws:
        source = ws.acquire_store(wait=10.0)
        target, target_name = moving.open_target(settings, to)
        try:
            report = moving.migrate(
                source, target, source_name=moving.source_name(settings),
                target_name=target_name, sample=sample,
                checkpoint=moving.checkpoint_path(settings, target_name))
        finally:
            target.close()
    if as_json:
        _print_json(report.to_json())
    else:
        out.print(f"[bold]migrated[/bold] {report.points_moved} points "
                  f"({report.resumed_from} before a restart) to {target_name} in "
                  f"{report.seconds} s · 0 embedded")
        out.print(f"counts {'match' if report.counts_match else 'DIFFER'}: "
                  f"{report.counts['source']} -> {report.counts['target']}")
        out.print(f"{report.searches_checked} sample searches: top-10 overlap dense "
                  f"{report.dense_top10_overlap:.3f}, BM25 {report.lexical_top10_overlap:.3f} "
                  f"(equal-score ties counted: {report.dense_top10_equivalent:.3f}, "
                  f"{report.lexical_top10_equivalent:.3f}), {report.identical_top10} identical")
    if not report.ok:
        raise typer.Exit(1)


def main() -> None:
    try:
        app(standalone_mode=False)
    except RepokbError as exc:
        err.print(f"[red]error:[/red] {exc.message}", markup=True, highlight=False)
        if exc.hint:
            err.print(f"[dim]hint:[/dim] {exc.hint}", highlight=False)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        err.print("interrupted: the next run picks up where this one stopped.")
        sys.exit(130)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except Exception as exc:  # click usage errors and the like
        import click

        if isinstance(exc, click.exceptions.ClickException):
            exc.show()
            sys.exit(exc.exit_code)
        if isinstance(exc, click.exceptions.Abort):
            sys.exit(1)
        raise
