"""The `repokb` command line: parse, call an operation, print (surfaces/render.py).

A command runs its operation in the process that owns the store when one is running, in a warm
owner a read command starts on demand, else in this process (surfaces/dispatch.py), so it
answers the same either way. `index` and `watch` become the owner while they run (a warm owner
leaves for them). The agents' commands (mcp, proxy, cache) and migrate: surfaces/cli_more.py.
"""

from __future__ import annotations

import gc
import signal
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from repokb.errors import InputError, RepokbError, require_project, worded
from repokb.models import MAX_LIMIT
from repokb.settings import Settings
from repokb.surfaces import cli_more, cli_types, render
from repokb.surfaces.dispatch import HomeOption, JsonOption, dispatch, operations, take_store
from repokb.surfaces.render import err, out

if TYPE_CHECKING:
    from repokb.operations import Operations
    from repokb.pipeline.run import EmbedProgress, Progress

app = typer.Typer(
    name="repokb",
    help="Turn code repositories into a searchable knowledge base.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


cli_types.plain_help_types()
cli_types.light_conversion()


def _print_version(wanted: bool) -> None:
    """`repokb --version`: the package's version and the two that decide what an index holds
    (a change of either re-classifies or re-cuts on the next run)."""
    if not wanted:
        return
    from repokb import __version__
    from repokb.chunkers.base import CHUNKING_VERSION
    from repokb.rules.ruleset import CLASSIFIER_VERSION

    out.print(f"repokb {__version__} (classifier {CLASSIFIER_VERSION}, "
              f"chunking {CHUNKING_VERSION})", highlight=False)
    raise typer.Exit()


@app.callback()
def _options(version: Annotated[bool, typer.Option(
        "--version", help="Print the version and exit.", callback=_print_version,
        is_eager=True)] = False) -> None:
    pass

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
    if dry_run and flush:
        raise InputError("--dry-run changes nothing, so it cannot --flush.")
    if chunk and not dry_run:
        raise InputError("--chunk only applies to --dry-run (a real run always chunks).")
    raw = [str(p) for p in paths]
    report = None
    if dry_run:  # classification needs only the catalog, not the store: always here
        from repokb.operations.dryhome import dry_run_settings

        asked = Settings.load(home=home)
        with dry_run_settings(asked) as settings, operations(settings) as ops:
            if settings.home != asked.home:
                err.print(f"repokb: {asked.home} holds no index yet: this dry run keeps nothing "
                          "there (it works in a throw-away home)", highlight=False)
            report = ops.dry_run(raw, project, chunk=chunk, notify=lambda text: err.print(
                f"repokb: {text}", highlight=False))
        result: dict[str, Any] = {"files": report.files, "summary": report.summary()}
    else:
        from repokb.roots import resolve_roots

        absolute = [str(r.root) for r in resolve_roots(paths, project)]  # the owner's cwd differs

        bars = not as_json and err.is_terminal

        def own(ops: Operations) -> dict[str, Any]:
            """No owner: this process becomes it, serving other commands while it indexes."""
            from repokb.surfaces.owner import OwnerSocket

            if _PROMPT_EXIT:  # the process ends after this run (`run`)
                # what the imports made lives until the end: the run's collections need not
                # walk it again (~60,000 objects against the run's ~12,000)
                gc.freeze()
            with OwnerSocket(ops, lazy=True):
                if not bars:
                    return ops.index(absolute, project, flush, last=_PROMPT_EXIT)
                with _progress() as (progress, embedding):
                    return ops.index(absolute, project, flush, progress=progress,
                                     embed_progress=embedding, last=_PROMPT_EXIT)

        if bars:  # a warm owner leaves: this run owns the store, and shows its progress
            take_store(home)
        # else (--json, or no terminal: an agent's loop of search, edit, index) a warm owner
        # does the run: it has the model and the store open, and stays warm for the next
        # search (leaving cost this call the store's load and the next search the owner's
        # start: Django, 1.5 s and 2 s on an AMD EPYC; bench/RESULTS.md, session 18)
        result = dispatch(home, lambda b: b.index(absolute, project, flush), local=own)
    if as_json:
        render.print_json(result)
        return
    render.index_result(result["summary"], dry_run, report)


@contextmanager
def _progress() -> Iterator[tuple[Progress, EmbedProgress]]:
    """Two bars on stderr: files walked, and chunks embedded (rate, ETA)."""
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
    from rich.progress import Progress as Bars

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("[dim]{task.fields[path]}"))
    with Bars(*columns, console=err, transient=True) as bar:
        task = bar.add_task("files    ", total=None, path="")
        chunks = bar.add_task("embedding", total=None, path="", visible=False)
        started: list[float] = []

        def progress(path: str, done: int, total: int) -> None:
            bar.update(task, completed=done, total=total, path=render.safe(path[-60:]))

        def embedding(done: int, queued: int, files_done: int, files_total: int) -> None:
            if not started:
                started.append(time.monotonic())
            bar.update(chunks, completed=done, total=queued, visible=True,
                       path=render.embedding_note(done, queued, files_done, files_total,
                                                  time.monotonic() - started[0]))

        yield progress, embedding


@app.command()
def search(
    query: Annotated[str, typer.Argument(help="A question, a phrase or a symbol name.")],
    limit: Annotated[int | None, typer.Option(
        min=1, max=MAX_LIMIT,
        help="Number of results (default: setting search_limit, 10).")] = None,
    project: Annotated[list[str] | None, typer.Option(help="Only these projects.")] = None,
    kind: Annotated[list[str] | None, typer.Option(
        help="Only these kinds (source, documentation ...).")] = None,
    language: Annotated[list[str] | None, typer.Option(help="Only these languages.")] = None,
    path: Annotated[
        list[str] | None, typer.Option("--path", help="Only paths matching this glob (as in "
                                       ".gitignore: src/**/*.py, *.md); repeat it for paths "
                                       "matching any of several.")] = None,
    explain: Annotated[bool, typer.Option(
        "--explain", help="Show each hit's provenance (kind, role, policy, dense and lexical "
        "rank, fused score, re-rank factors, file mtime); with --json adds a 'provenance' key."
    )] = False,
    context: Annotated[bool, typer.Option(
        "--context", help="Instead of the hit list, print the passages that are similar "
        "enough to the question to hand to an AI assistant as background, grouped by file."
    )] = False,
    context_lines: Annotated[int, typer.Option(
        "--context-lines", metavar="N", min=0, max=200, help="Add N lines of the file before "
        "and after each hit, and print each hit whole.")] = 0,
    as_json: JsonOption = False,
    home: HomeOption = None,
) -> None:
    """Hybrid (semantic + lexical) search over the indexed projects."""
    from repokb.models import Query  # not repokb.search: the owner may answer (no model here)

    if context and as_json:  # --context is Markdown for an assistant: --json was ignored
        raise InputError("--context prints Markdown for an assistant, not JSON.",
                         hint="Drop --json, or drop --context for the hits as JSON.")
    if limit is None:
        limit = Settings.load(home=home).search_limit
    q = Query(text=query, limit=limit, projects=tuple(map(_here, project or ())),
              kinds=tuple(kind or ()),
              languages=tuple(language or ()), path_globs=tuple(path or ()),
              explain=explain or context, context_lines=context_lines)
    hits = dispatch(home, lambda b: b.search(q), warm=True)
    if context:
        from repokb.context import format_context
        from repokb.models import Hit

        settings = Settings.load(home=home)
        block = format_context([Hit.from_json(h) for h in hits], settings.context_min_similarity)
        sys.stdout.write(render.printable(block) or "No fragment reaches context_min_similarity "
                         f"({settings.context_min_similarity}).\n")
        return
    if as_json:
        render.print_json(hits)
    if not hits:
        why = worded(dispatch(home, lambda b: b.why_nothing(q)), "cli")
        (err if as_json else out).print(f"No results: {why}", highlight=False)
    if as_json or not hits:
        return
    render.hits(hits, explain, whole=bool(context_lines))


@app.command()
def explain(
    path: Annotated[str, typer.Argument(help="A file (on disk, or as indexed) to explain.")],
    project: Annotated[
        str | None, typer.Option(help="Project of a relative indexed path.")] = None,
    as_json: JsonOption = False,
    home: HomeOption = None,
) -> None:
    """Why was this file indexed, skipped or blocked? (A file not indexed yet is classified now.)"""
    from repokb.roots import present, user_path

    on_disk = user_path(path)
    if present(on_disk):  # the owner process has another cwd
        path = str(on_disk.parent.resolve() / on_disk.name)
    record = dispatch(home, lambda b: b.explain(path, project), warm=True)
    if as_json:
        render.print_json(record)
    else:
        render.record(record)


@app.command()
def stats(as_json: JsonOption = False, home: HomeOption = None) -> None:
    """What the knowledge base holds, by project, kind, language, role and policy."""
    data = dispatch(home, lambda b: b.stats(), warm=True)
    if as_json:
        render.print_json(data)
    else:
        render.stats(data)


def _here(project: str) -> str:
    """A --project typed as a path (`.`, `vendor/cobra`) made absolute here: the owner that may
    answer works from another folder (the operations read the project it is: scope.py)."""
    from repokb.operations.scope import absolute

    return absolute(project)


@app.command()
def verify(
    project: Annotated[str | None, typer.Option(help="Only this project (default: all).")] = None,
    repair: Annotated[bool, typer.Option("--repair", help="Fix what differs.")] = False,
    as_json: JsonOption = False,
    home: HomeOption = None,
) -> None:
    """Check that the store and the catalog agree (orphan or missing chunks); --repair fixes."""
    report = dispatch(home, lambda b: b.verify(project, repair))
    if as_json:
        render.print_json(report)
    else:
        render.verify(report)
    if not report["ok"] and not report["repaired"]:
        raise typer.Exit(1)


@app.command()
def watch(
    paths: Annotated[list[Path], typer.Argument(help="Project folders to keep indexed.")],
    project: Annotated[
        str | None, typer.Option(help="Project name (default: folder name).")] = None,
    debounce_ms: Annotated[
        int, typer.Option(min=0, help="Quiet time before a batch of changes is indexed.")] = 800,
    home: HomeOption = None,
) -> None:
    """Index, then keep the index current while files change (Ctrl-C to stop)."""
    import threading

    from repokb.surfaces.owner import OwnerSocket
    from repokb.surfaces.watch import watch_and_index

    stop = threading.Event()

    def interrupt(signum: int, frame: Any) -> None:
        if stop.is_set():  # a second Ctrl-C: stop now (a run cut anywhere still converges)
            raise KeyboardInterrupt
        stop.set()  # the first: let the run in progress end at its next file

    take_store(home)
    with operations(Settings.load(home=home)) as ops:
        # placed as `repokb index` places them: a folder of an indexed project is that project
        roots = ops.roots([str(p) for p in paths], project)
        ops.ws.acquire_store(wait=10.0)  # a short command (or a warm owner leaving) holds it
        ops.compact_when_idle()  # what a re-index removed leaves the disk between changes
        with OwnerSocket(ops, lazy=True):
            out.print(f"watching {', '.join(render.safe(r.folder) for r in roots)} "
                      "(Ctrl-C to stop)")
            for root in roots:
                if root.scope:
                    render.scope_notice(root.name, root.scope)
            previous = signal.signal(signal.SIGINT, interrupt)
            try:
                watch_and_index(ops, roots, render.watch_update, debounce_ms=debounce_ms,
                                stop=stop, notice=lambda text: err.print(render.safe(text)))
            finally:
                signal.signal(signal.SIGINT, previous)
    out.print("stopped")


@app.command(name="eval")
def eval_(
    path: Annotated[Path, typer.Argument(help="The repository to evaluate.")],
    project: Annotated[str | None, typer.Option(help="Project name (default: the folder's).")]
    = None,
    cases: Annotated[int, typer.Option(help="Cases per query source at most.")] = 60,
    budget: Annotated[int, typer.Option(help="Result lines read for MRR@budget.")] = 200,
    compare: Annotated[str | None, typer.Option(
        help="A TOML file of settings to compare against the current ones.")] = None,
    html: Annotated[Path | None, typer.Option(help="Also write the HTML report here.")] = None,
    baselines: Annotated[bool, typer.Option(help="Also measure the naive baselines.")] = True,
    as_json: JsonOption = False,
    home: HomeOption = None,
) -> None:
    """Measure retrieval on the repository itself (docstrings, git history, headings,
    .repokb/eval.yml) on a shadow copy; the index is never changed."""
    from repokb import evaluate

    report = evaluate.report_file(html) if html is not None else None
    take_store(home)  # a warm owner steps aside: the index's vectors are read, not embedded
    result = evaluate.run(Settings.load(home=home), str(path), project=project, cases=cases,
                          budget=budget, baselines=baselines, compare=compare,
                          progress=lambda m: err.print(f"eval: {m}", highlight=False))
    if report is not None:
        evaluate.write_report(report, evaluate.render_html(result))
    if as_json:
        render.print_json(result)
    else:
        sys.stdout.write(render.printable(evaluate.render_text(result)) + "\n")


@app.command()
def flush(
    project: Annotated[str | None, typer.Option(help="Only this project (default: all).")] = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    home: HomeOption = None,
) -> None:
    """Delete indexed chunks and catalog records (one project or all)."""
    target = f"project {project!r}" if project else "ALL projects"
    if not yes:
        if project:  # a project nothing is known of is said before asking, or refusing to
            from repokb.operations.why import project_names

            require_project(project, project_names(dispatch(home, lambda b: b.stats())))
        if not sys.stdin.isatty():  # piped or scripted: nobody can answer, so nothing is asked
            raise InputError(f"Not deleting {target}: no terminal to confirm on.",
                             hint="Pass --yes to delete without asking.")
        if not typer.confirm(f"Delete {target}?"):
            raise typer.Exit(1)
    result = dispatch(home, lambda b: b.flush(project))
    out.print(f"Flushed {render.safe(target)}: {result['points_deleted']} chunks deleted.")


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

    The server owns the store while it runs. With REPOKB_API_KEY set, every request needs
    that key, on loopback too (the dashboard asks for it once); without it, any user of this
    machine can search and upload on loopback, and nobody can flush.
    """
    from repokb.roots import user_path
    from repokb.surfaces.server import serve as run_server

    roots = tuple(str(user_path(p).resolve()) for p in allow_root) if allow_root else None
    settings = Settings.load(home=home, host=host, port=port, allowed_roots=roots)
    take_store(home)
    err.print(f"repokb: dashboard http://{settings.host}:{settings.port}/ · API docs /docs · "
              f"MCP /mcp · data {settings.home}", highlight=False)
    run_server(settings)


cli_more.register(app)


def _usage_errors() -> tuple[type[Exception], ...]:
    """The command-line parser's own error classes: typer's vendored click (0.29 and later) and
    click itself (earlier typer versions raise those)."""
    import click

    vendored = [c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException"]
    return (click.exceptions.ClickException, *vendored)


def _aborts() -> tuple[type[Exception], ...]:
    import click

    return (typer.Abort, click.exceptions.Abort)


def main() -> None:
    """The `repokb` command: errors are messages with exit codes, never tracebacks (usage
    errors exit 2 with the usage line, as click's own standalone mode would)."""
    try:
        code = app(standalone_mode=False, prog_name="repokb")  # `python -m repokb` too
    except RepokbError as exc:
        render.error(exc.message, exc.hint_on("cli"))
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        code = 130
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except Exception as exc:
        if isinstance(exc, _usage_errors()):
            exc.show()  # type: ignore[attr-defined]
            sys.exit(exc.exit_code)  # type: ignore[attr-defined]
        if isinstance(exc, _aborts()):
            err.print("aborted.")
            sys.exit(1)
        raise
    if code == 130:  # Ctrl-C: Typer turns it into Exit(130), returned without a word
        err.print("interrupted: the next run picks up where this one stopped.")
    sys.exit(code if isinstance(code, int) else 0)


# Set by `run`: this process ends once its command has (not so for `main` called in-process)
_PROMPT_EXIT = False


def run() -> NoReturn:
    """The installed `repokb` command and `python -m repokb`: `main`, then a prompt exit.

    Once a command has ended, with every exit handler run (logging's flush, temporary folders)
    and the streams flushed, the process ends without the interpreter's teardown of every
    module and object it loaded: ~0.1-0.15 s of CPU after a one-file `repokb index` of Django,
    a cost paid on each call of an agent's loop (issue 19). Where something could still need
    that teardown (a thread still running that is not a daemon, a stream that cannot be
    flushed, a profiler or a coverage tracer that writes its data once the program is done),
    the process exits the usual way."""
    import atexit
    import os
    import threading

    global _PROMPT_EXIT
    _PROMPT_EXIT = True
    try:
        main()
        code: Any = 0
    except SystemExit as exc:
        code = exc.code
    if not isinstance(code, int) or _watched() or any(
            t is not threading.main_thread() and not t.daemon and t.is_alive()
            for t in threading.enumerate()):
        sys.exit(code)
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a closed pipe (`repokb search | head`): as Python says it
        sys.exit(code)
    os._exit(code)


def _watched() -> bool:
    """Whether a profiler or tracer (cProfile, coverage) watches this process: it writes what
    it gathered after the program returns, which a prompt exit would skip."""
    if sys.getprofile() is not None or sys.gettrace() is not None:
        return True
    monitoring = getattr(sys, "monitoring", None)  # Python 3.12+: coverage's sys.monitoring
    return monitoring is not None and any(
        monitoring.get_tool(tool) is not None for tool in range(6))
