"""What a new user sees from the installed `repokb` command (issue 17): refusals without a
terminal, plain --help, messages that say why nothing was found, the first-run notices."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ..conftest import write

pytestmark = pytest.mark.integration

REPOKB = shutil.which("repokb", path=str(Path(sys.executable).parent)) or "repokb"


def repokb(home: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "REPOKB_HOME": str(home), "COLUMNS": "120"}
    return subprocess.run([REPOKB, *args], input=stdin, capture_output=True, text=True,
                          env=env, timeout=600, check=False)


@pytest.fixture(scope="module")
def indexed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """A fresh home with one small project indexed; the index run's stderr."""
    root = tmp_path_factory.mktemp("src") / "shop"
    write(root, "pay.py", 'def charge_card(card, amount):\n    """Charge a card and return the '
          'receipt."""\n    return gateway.charge(card, amount)\n')
    write(root, "README.md", "# Shop\n\n## Payments\n\nCards are charged through the gateway.\n")
    home = tmp_path_factory.mktemp("home")
    run = repokb(home, "index", str(root))
    assert run.returncode == 0, run.stderr
    return home, root, run.stderr


@pytest.fixture
def empty_home(tmp_path: Path, indexed: tuple[Path, Path, str]) -> Path:
    """A home with nothing indexed (the derived model copied in, to save its 7 s)."""
    home = tmp_path / "empty"
    shutil.copytree(indexed[0] / "models", home / "models")
    return home


def test_the_first_command_on_a_fresh_home_says_it_derives_the_model(indexed):
    home, root, stderr = indexed
    assert "deriving the int8-compute model" in stderr
    again = repokb(home, "index", str(root))
    assert again.returncode == 0 and "deriving" not in again.stderr


def test_flush_without_a_terminal_or_yes_refuses(indexed):
    home, _, _ = indexed
    run = repokb(home, "flush", stdin="n\n")
    assert run.returncode == 2 and "no terminal" in run.stderr and "--yes" in run.stderr
    stats = json.loads(repokb(home, "stats", "--json").stdout)
    assert stats["points"] > 0  # nothing was deleted
    run = repokb(home, "flush", "--project", "nosuch", "--yes")
    assert run.returncode == 2 and "No project 'nosuch'" in run.stderr and "shop" in run.stderr
    assert json.loads(repokb(home, "stats", "--json").stdout)["points"] == stats["points"]
    # a mistyped name said "no terminal to confirm on: pass --yes", and only --yes told that
    # no such project exists (multi28: `--project click` for click-8.1.7)
    run = repokb(home, "flush", "--project", "nosuch", stdin="n\n")
    assert run.returncode == 2 and "No project 'nosuch'" in run.stderr, run.stderr
    assert "no terminal" not in run.stderr and "shop" in run.stderr


def test_cache_flush_without_a_terminal_or_yes_refuses_as_flush_does(indexed):
    """`repokb cache flush` piped or scripted deleted every cached answer without --yes."""
    home, _, _ = indexed
    run = repokb(home, "cache", "flush", stdin="n\n")
    assert run.returncode == 2 and "no terminal" in run.stderr and "--yes" in run.stderr
    assert "Flushed" not in run.stdout
    run = repokb(home, "cache", "flush", "--yes")
    assert run.returncode == 0 and "Flushed the answer cache" in run.stdout


def test_search_context_with_json_is_refused_rather_than_printing_markdown(indexed):
    home, _, _ = indexed
    run = repokb(home, "search", "charge a card", "--context", "--json")
    assert run.returncode == 2 and "--context prints Markdown" in run.stderr
    assert run.stdout == ""
    run = repokb(home, "search", "charge a card", "--context")
    assert run.returncode == 0 and "## Project context" in run.stdout


def test_serve_and_proxy_refuse_a_port_that_is_no_port(empty_home):
    """`repokb serve --port 99999` ended in an OverflowError traceback from uvicorn."""
    for args in (("serve", "--port", "99999"), ("proxy", "--port", "0"),
                 ("serve", "--port", "-1")):
        run = repokb(empty_home, *args)
        assert run.returncode == 2 and "is not a TCP port" in run.stderr, (args, run.stderr)
        assert "Traceback" not in run.stderr


def test_search_without_limit_uses_the_search_limit_setting(indexed):
    """The CLI hard-coded 10 results while the REST API and the setting said search_limit."""
    home, _, _ = indexed
    env_run = subprocess.run([REPOKB, "search", "charge a card", "--json"], capture_output=True,
                             text=True, timeout=600, check=False,
                             env={**os.environ, "REPOKB_HOME": str(home),
                                  "REPOKB_SEARCH_LIMIT": "1"})
    assert env_run.returncode == 0 and len(json.loads(env_run.stdout)) == 1, env_run.stderr
    assert len(json.loads(repokb(home, "search", "charge a card", "--json").stdout)) == 2


def test_help_shows_no_python_types():
    for command in ("index", "search", "flush", "stats"):
        text = repokb(Path("/nonexistent"), command, "--help").stdout
        assert "<bool>" not in text and "list[" not in text and "<str>" not in text, text
    search = repokb(Path("/nonexistent"), "search", "--help").stdout
    assert "INTEGER" in search and "proxy" not in search and "--context-lines" in search


def test_explain_of_a_missing_path_says_it_does_not_exist(indexed):
    home, root, _ = indexed
    run = repokb(home, "explain", "nowhere/missing.py")
    assert run.returncode == 2 and "does not exist" in run.stderr
    assert repokb(home, "explain", str(root / "pay.py")).returncode == 0


def test_searches_that_find_nothing_say_why(indexed, empty_home):
    home, _, _ = indexed
    run = repokb(empty_home, "search", "charge a card")
    assert "knowledge base is empty" in run.stdout and "repokb index" in run.stdout
    run = repokb(home, "search", "charge a card", "--project", "nosuch")
    assert "no project named nosuch" in run.stdout and "Known projects: shop" in run.stdout
    run = repokb(home, "search", "charge a card", "--kind", "sauce")  # a mistake: exit 2
    assert run.returncode == 2
    assert "sauce is not a kind" in run.stderr and "documentation" in run.stderr
    assert "Did you mean" not in run.stderr  # no kind is spelled like it
    run = repokb(home, "search", "charge a card", "--kind", "sourcee")  # newuser43's typo
    assert run.returncode == 2 and "Did you mean source? Kinds:" in " ".join(run.stderr.split())
    run = repokb(home, "search", "charge a card", "--kind", "test")
    assert "no indexed file of kind test" in run.stdout
    run = repokb(home, "search", "charge a card", "--project", "nosuch", "--json")
    assert json.loads(run.stdout) == [] and "no project named nosuch" in run.stderr
    run = repokb(home, "search", "?!")
    assert run.returncode == 2 and "Nothing to search for" in run.stderr
    run = repokb(home, "search", "charge a card", "--context-lines", "1")
    assert run.returncode == 0 and "def charge_card" in run.stdout


def test_stats_shows_the_last_run_and_no_blank_lines_when_empty(indexed, empty_home):
    home, _, _ = indexed
    text = repokb(home, "stats").stdout
    assert "last run: shop" in text and "files indexed 2" in text
    empty = repokb(empty_home, "stats")
    assert empty.returncode == 0 and "empty" in empty.stdout
    assert all(line.strip() for line in empty.stdout.splitlines()), empty.stdout


def test_the_dry_run_estimate_comes_from_a_rate_measured_once(indexed):
    home, root, _ = indexed
    first = repokb(home, "index", "--dry-run", str(root))
    assert first.returncode == 0 and "measuring this machine's indexing rate" in first.stderr
    assert "measured on this machine" in first.stdout
    cached = json.loads((home / "calibration.json").read_text())
    (entry,) = cached.values()
    assert entry["tokens_per_second"] > 0 and entry["sample_tokens"] > 1000
    second = repokb(home, "index", "--dry-run", str(root))
    assert "measuring" not in second.stderr
    assert f"{entry['tokens_per_second']:,.0f} tokens/s" in second.stdout


def test_a_path_too_long_for_the_system_is_a_path_that_does_not_exist(indexed, tmp_path):
    """A name over the file system's 255 bytes made stat() raise ENAMETOOLONG: a traceback."""
    home, _, _ = indexed
    long = "x" * 300
    for args in (("explain", f"{long}.py"), ("explain", f"{long}.py", "--project", "shop"),
                 ("index", long), ("index", long, "--dry-run"), ("watch", long),
                 ("eval", str(tmp_path / long))):
        run = repokb(home, *args)
        assert run.returncode == 2, (args, run.stderr)
        assert "Traceback" not in run.stderr and "does not exist" in run.stderr, args


def test_index_refuses_a_project_name_the_rest_api_would_refuse(indexed):
    """`--project ../x` made a project shown as '../x/README.md' that the server, the dashboard
    and the MCP tools could then not name (their rule refuses it)."""
    home, root, _ = indexed
    for name in ("../x", "a/b", "p" * 129):
        run = repokb(home, "index", str(root), "--project", name)
        assert run.returncode == 2 and "is not a project name" in run.stderr, run.stderr
    projects = json.loads(repokb(home, "stats", "--json").stdout)["by_project"]
    assert set(projects) == {"shop"}


def test_an_unknown_project_is_the_same_error_in_every_command(indexed, tmp_path):
    """`flush --project nosuch` said "...: nothing to flush", `verify` "...: nothing to verify",
    `explain pay.py --project nosuch` "does not exist ... in project 'nosuch'" and the file on
    disk with `--project nosuch` was classified as if no project were named. One error now, the
    REST API's 404 and the MCP tools' not_found (test_server_api): exit 2, the same message, the
    known projects as its hint."""
    home, root, _ = indexed
    for args in (("flush", "--project", "nosuch", "--yes"), ("verify", "--project", "nosuch"),
                 ("explain", "pay.py", "--project", "nosuch"),
                 ("explain", str(root / "pay.py"), "--project", "nosuch")):
        run = repokb(home, *args)
        assert run.returncode == 2, (args, run.stdout)
        assert "No project 'nosuch' in the knowledge base." in run.stderr, args
        assert "Known projects: shop." in run.stderr, args
    # a hint names the CLI's own options here (the REST API's words are its parameters)
    run = repokb(home, "index", str(root), str(tmp_path), "--project", "x")
    assert run.returncode == 2 and "One project name was given for several folders" in run.stderr
    assert "Index them one at a time with --project" in run.stderr and "<<" not in run.stderr


def test_the_dry_run_counts_a_rule_once_whatever_the_measure_in_its_reason(home, tmp_path):
    """Minified files each said "(average line 363 chars)", "(... 365 chars)": the dry run's
    "not indexed because" gave each its own line, twelve lines of one rule on dayjs 1.11.13
    (found by a new user on the npm tarball), hiding the other reasons."""
    from ..conftest import run_cli

    for width in (200, 250, 300):
        write(tmp_path / "web", f"lib/bundle{width}.js",
              "\n".join(f"var a{i}={'x' * width};" for i in range(5)) + "\n")
    code, out, _ = run_cli("index", str(tmp_path / "web"), "--dry-run")
    assert code == 0
    flat = " ".join(out.split())
    assert ("3 generated, as GitHub Linguist decides (generated.rb: minified_files (average "
            "line N chars))") in flat, out


def test_version_names_the_package_and_what_decides_an_index(tmp_path: Path) -> None:
    """`repokb --version` (a new user's first command, the lead's trial) was 'No such option'."""
    from repokb import __version__
    from repokb.chunkers.base import CHUNKING_VERSION
    from repokb.rules.ruleset import CLASSIFIER_VERSION

    run = repokb(tmp_path / "home", "--version")
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == (f"repokb {__version__} (classifier {CLASSIFIER_VERSION}, "
                                  f"chunking {CHUNKING_VERSION})")
    assert not (tmp_path / "home").exists()  # nothing written
