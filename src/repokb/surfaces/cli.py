"""The `repokb` command line: a thin layer over the workspace (pipeline, search, catalog)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
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
def _workspace(home: Path | None) -> Iterator[Any]:
    from repokb.workspace import Workspace  # heavy imports only when a command runs

    ws = Workspace(Settings.load(home=home))
    try:
        yield ws
    finally:
        ws.close()


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


@app.command()
def index(
    paths: Annotated[list[Path], typer.Argument(help="Project folders to index.")],
    project: Annotated[
        str | None, typer.Option(help="Project name (default: folder name).")] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Classify and count; change nothing.")] = False,
    flush: Annotated[bool, typer.Option("--flush", help="Drop the project's index first.")] = False,
    as_json: JsonOption = False,
    home: HomeOption = None,
) -> None:
    """Index project folders (incrementally: only what changed is re-embedded)."""
    from repokb.pipeline.discover import resolve_roots

    roots = resolve_roots(paths, project)
    if dry_run and flush:
        raise InputError("--dry-run changes nothing, so it cannot --flush.")
    with _workspace(home) as ws:
        if dry_run:
            report = ws.indexer.dry_run(roots)
        elif as_json or not err.is_terminal:
            report = ws.indexer.run(roots, flush=flush)
        else:
            report = _run_with_progress(ws, roots, flush)
    summary = report.summary()
    if as_json:
        _print_json({"files": report.files, "summary": summary})
        return
    if dry_run:
        _print_breakdown(report.files)
    label = "dry run" if dry_run else "indexed"
    parts = [f"{k.replace('_', ' ')}: {v}" for k, v in summary.items() if v or k == "files_seen"]
    out.print(f"[bold]{label}[/bold] " + " · ".join(parts))


def _run_with_progress(ws: Any, roots: list[Any], flush: bool) -> Any:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("[dim]{task.fields[path]}"))
    with Progress(*columns, console=err, transient=True) as bar:
        task = bar.add_task("indexing", total=None, path="")

        def progress(path: str, done: int, total: int) -> None:
            bar.update(task, completed=done, total=total, path=path[-60:])

        return ws.indexer.run(roots, flush=flush, progress=progress)


def _print_breakdown(files: list[dict[str, Any]]) -> None:
    from collections import Counter

    for field in ("kind", "language", "knowledge_role", "index_policy"):
        counts = Counter(str(f[field]) for f in files)
        out.print(f"[bold]{field}[/bold]: "
                  + ", ".join(f"{k} {v}" for k, v in counts.most_common()))
    reasons = Counter(f["reasons"][0] for f in files if f["reasons"]
                      and f["index_policy"] not in ("parse_and_index", "index_text"))
    if reasons:
        out.print("[bold]skipped because[/bold]: "
                  + "; ".join(f"{r} ({n})" for r, n in reasons.most_common(10)))


@app.command()
def search(
    query: Annotated[str, typer.Argument(help="A question, a phrase or a symbol name.")],
    limit: Annotated[int, typer.Option(help="Number of results.")] = 10,
    project: Annotated[list[str] | None, typer.Option(help="Only these projects.")] = None,
    kind: Annotated[list[str] | None,
                    typer.Option(help="Only these kinds (source, documentation ...).")] = None,
    language: Annotated[list[str] | None, typer.Option(help="Only these languages.")] = None,
    path: Annotated[
        str | None, typer.Option("--path", help="Only paths matching this glob.")] = None,
    as_json: JsonOption = False,
    home: HomeOption = None,
) -> None:
    """Hybrid (semantic + lexical) search over the indexed projects."""
    from repokb.search import Query

    q = Query(text=query, limit=limit, projects=tuple(project or ()), kinds=tuple(kind or ()),
              languages=tuple(language or ()), path_glob=path)
    with _workspace(home) as ws:
        hits = ws.searcher.search(q)
    if as_json:
        _print_json([h.to_json() for h in hits])
        return
    if not hits:
        out.print("No results.")
        return
    for n, h in enumerate(hits, 1):
        symbol = f"  [cyan]{h.symbol}[/cyan]" if h.symbol else ""
        out.print(f"[bold]{n}. {h.project}/{h.path}:{h.start_line}-{h.end_line}[/bold]{symbol}"
                  f"  [dim]{h.kind} · score {h.score:.4f}[/dim]")
        snippet = "\n".join(h.content.strip().splitlines()[:6])
        out.print(snippet, markup=False, highlight=False)
        out.print()


@app.command()
def explain(
    path: Annotated[str, typer.Argument(help="A file (on disk, or as indexed) to explain.")],
    project: Annotated[str | None, typer.Option(help="Project of a relative indexed path.")] = None,
    as_json: JsonOption = False,
    home: HomeOption = None,
) -> None:
    """Why was this file indexed, skipped or blocked?"""
    with _workspace(home) as ws:
        record = _explain(ws, path, project)
    if as_json:
        _print_json(record)
        return
    c = record.get("classification") or {}
    out.print(f"[bold]{record['project']}/{record['path']}[/bold]: {record['status']}"
              + (f" ({record['reason']})" if record.get("reason") else ""))
    for key in ("kind", "subkind", "language", "knowledge_role", "index_policy", "confidence",
                "flags", "classifier_version", "config_path"):
        if c.get(key) not in (None, [], ""):
            out.print(f"  {key}: {c[key]}")
    for reason in c.get("reasons", []):
        out.print(f"  reason: {reason}")
    for s in c.get("signals", []):
        out.print(f"  signal: {s['type']} = {s['value']} (weight {s['weight']})")
    if record.get("chunks"):
        out.print(f"  chunks: {record['chunks']}")


def _explain(ws: Any, raw: str, project: str | None) -> dict[str, Any]:
    from repokb.pipeline.discover import canonical

    candidate = Path(raw).expanduser()
    matches = []
    if candidate.exists():
        absolute = candidate.resolve() if not candidate.is_symlink() else candidate.absolute()
        for name, root in ws.catalog.projects().items():
            if (project is None or name == project) and absolute.is_relative_to(root):
                matches.append((name, canonical(str(absolute.relative_to(root)))))
    else:
        rel = canonical(raw)
        matches = [(e.project, e.path) for e in ws.catalog.find(rel)
                   if project is None or e.project == project]
    for name, rel in matches:
        record: dict[str, Any] | None = ws.explain(name, rel)
        if record is not None:
            return record
    raise InputError(f"{raw} is not in the catalog.",
                     hint="Index its project first (repokb index PROJECT_DIR), or pass --project.")


@app.command()
def stats(as_json: JsonOption = False, home: HomeOption = None) -> None:
    """What the knowledge base holds, by project, kind, language, role and policy."""
    with _workspace(home) as ws:
        data = ws.stats()
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
def flush(
    project: Annotated[str | None, typer.Option(help="Only this project (default: all).")] = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    home: HomeOption = None,
) -> None:
    """Delete indexed chunks and catalog records (one project or all)."""
    target = f"project {project!r}" if project else "ALL projects"
    if not yes and sys.stdin.isatty() and not typer.confirm(f"Delete {target}?"):
        raise typer.Exit(1)
    with _workspace(home) as ws:
        before = ws.flush(project)
    out.print(f"Flushed {target}: {before} chunks deleted.")


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
    from repokb.surfaces.server import serve as run_server

    roots = tuple(str(p.expanduser().resolve()) for p in allow_root) if allow_root else None
    settings = Settings.load(home=home, host=host, port=port, allowed_roots=roots)
    err.print(f"repokb: dashboard http://{settings.host}:{settings.port}/ · API docs /docs · "
              f"data {settings.home}", highlight=False)
    run_server(settings)


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
