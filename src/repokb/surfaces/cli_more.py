"""The commands for agents and for moving a store: `mcp`, `proxy`, `cache stats|flush`,
`migrate` and `owner stop` (surfaces/cli.py registers them beside its own).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from repokb.errors import InputError
from repokb.settings import Settings
from repokb.surfaces import render
from repokb.surfaces.dispatch import HomeOption, JsonOption, dispatch, operations, take_store
from repokb.surfaces.render import err, out


def register(app: typer.Typer) -> None:
    app.command()(migrate)
    app.command("mcp")(mcp_server)
    app.command()(proxy)
    app.add_typer(cache_app, name="cache")
    app.add_typer(owner_app, name="owner")


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
    take_store(home)
    with operations(Settings.load(home=home)) as ops:  # needs the store: never forwarded
        ops.ws.acquire_store(wait=10.0)  # a warm owner leaving, a short command
        report = ops.migrate(to, sample)
    if as_json:
        render.print_json(report)
    else:
        render.migration(report)
    if not report["ok"]:
        raise typer.Exit(1)


def mcp_server(
    watch_paths: Annotated[list[Path] | None, typer.Option(
        "--watch", help="A project folder to index now and keep indexed while files change "
        "(repeatable; the watcher of `repokb watch`).")] = None,
    allow_root: Annotated[list[Path] | None, typer.Option(
        "--allow-root", help="A folder the index_path tool may index (repeatable; default: "
        "setting allowed_roots, else the current folder). --watch folders are allowed too.")
    ] = None,
    home: HomeOption = None,
) -> None:
    """Serve repokb to coding agents over MCP on stdin/stdout (logs on stderr).

    Tools: search, get_context, explain_file, index_path, list_projects, stats.

    Every answer says how fresh the index is. `repokb serve` answers the same tools at /mcp.
    """
    from repokb.roots import resolve_roots, user_path
    from repokb.surfaces.mcp import run_stdio

    watched = resolve_roots(watch_paths, None) if watch_paths else []
    settings = Settings.load(home=home)
    roots = [str(user_path(p).resolve()) for p in allow_root or ()]
    roots = roots or list(settings.allowed_roots) or [str(Path.cwd().resolve())]
    roots += [str(r.root) for r in watched]
    run_stdio(Settings.load(home=home, allowed_roots=tuple(dict.fromkeys(roots))), watched)


def proxy(
    host: Annotated[str | None, typer.Option(
        help="Address to listen on (default: setting host, 127.0.0.1).")] = None,
    port: Annotated[int | None, typer.Option(
        help="Port to listen on (default: setting port, 8765).")] = None,
    home: HomeOption = None,
) -> None:
    """Run only the LLM proxy (POST /v1/messages, /v1/chat/completions, /v1/responses):
    semantic cache and knowledge injection in front of the upstream APIs (settings
    proxy_anthropic_url, proxy_openai_url). `repokb serve` serves the same routes beside the
    dashboard."""
    from repokb.surfaces.server import serve as run_server

    settings = Settings.load(home=home, host=host, port=port)
    take_store(home)
    base = f"http://{settings.host}:{settings.port}"
    err.print(f"repokb proxy: ANTHROPIC_BASE_URL={base} · OPENAI_BASE_URL={base}/v1 · "
              f"upstreams {settings.proxy_anthropic_url}, {settings.proxy_openai_url}",
              highlight=False)
    run_server(settings, proxy_only=True)


cache_app = typer.Typer(help="The LLM proxy's semantic cache of answers.", no_args_is_help=True)


@cache_app.command("stats")
def cache_stats(as_json: JsonOption = False, home: HomeOption = None) -> None:
    """How many answers the proxy's cache holds, by project scope and protocol."""
    data = dispatch(home, lambda b: b.cache_stats())
    if as_json:
        render.print_json(data)
    else:
        render.cache_stats(data)


@cache_app.command("flush")
def cache_flush(
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    home: HomeOption = None,
) -> None:
    """Delete every cached answer (the knowledge base is untouched)."""
    if not yes:
        if not sys.stdin.isatty():  # as `repokb flush`: nobody can answer, so nothing is asked
            raise InputError("Not deleting the answer cache: no terminal to confirm on.",
                             hint="Pass --yes to delete without asking.")
        if not typer.confirm("Delete every cached answer?"):
            raise typer.Exit(1)
    result = dispatch(home, lambda b: b.cache_flush())
    out.print(f"Flushed the answer cache: {result['entries_deleted']} entries deleted.")


owner_app = typer.Typer(help="The warm owner `repokb search` starts to answer later calls fast.",
                        no_args_is_help=True)


@owner_app.command("stop")
def owner_stop(home: HomeOption = None) -> None:
    """Stop this home's warm owner now (it frees its memory and the store) instead of after
    owner_idle_seconds; the next search starts one again."""
    from repokb.surfaces.warm import step_aside

    if step_aside(Settings.load(home=home)):
        out.print("Stopped the warm owner.")
    else:
        out.print("No warm owner runs for this home. (A `repokb serve`, `watch`, `index` or "
                  "`mcp` that owns the store is stopped where it runs.)")
