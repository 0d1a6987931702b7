"""The README cannot drift from the CLI: its quickstart runs, its command table matches each
command's `--help`, and every `--help` (and every typo) answers without a traceback. All through
the real `repokb` command, as a user runs it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from repokb.surfaces import cli

from ..conftest import with_models

pytestmark = pytest.mark.integration

README = Path(__file__).resolve().parents[2] / "README.md"
# every command the CLI registers: a new command without a README row fails the table test
GROUPS = sorted(g.name for g in cli.app.registered_groups if g.name)
COMMANDS = sorted([c.name or c.callback.__name__.rstrip("_").replace("_", "-")
                   for c in cli.app.registered_commands if c.callback is not None]
                  + [f"{g.name} {c.name}" for g in cli.app.registered_groups
                     if g.typer_instance is not None
                     for c in g.typer_instance.registered_commands])  # `cache stats`


def repokb(home: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    executable = shutil.which("repokb") or ""
    command = [executable] if executable else [sys.executable, "-m", "repokb"]
    env = {**os.environ, "REPOKB_HOME": str(home), "COLUMNS": "200"}
    return subprocess.run([*command, *args], env=env, cwd=cwd, text=True, capture_output=True,
                          timeout=600)


def readme_block(heading: str) -> list[str]:
    """The command lines of the first code block under `## heading`, comments dropped."""
    text = README.read_text(encoding="utf-8")
    section = text.split(f"## {heading}\n", 1)[1]
    block = section.split("```", 2)[1]
    return [line.split("  #")[0].strip() for line in block.splitlines() if line.strip()]


def test_the_quickstart_runs_as_written(tmp_path, mixed_repo, derived_models):
    commands = readme_block("Quickstart")
    assert commands and all(c.startswith("repokb ") for c in commands), commands
    fake_home = tmp_path / "user"  # ~ of the commands: the project lives at ~/src/myproject
    shutil.copytree(mixed_repo, fake_home / "src" / "myproject")
    home = with_models(tmp_path / "kb", derived_models)
    for line in commands:
        args = [a.strip('"') for a in re.findall(r'"[^"]*"|\S+', line)[1:]]
        args = [a.replace("~", str(fake_home), 1) if a.startswith("~") else a for a in args]
        result = repokb(home, *args)
        assert result.returncode == 0, (line, result.stderr)
        assert "Traceback" not in result.stderr, (line, result.stderr)
        assert result.stdout.strip(), line
        if "--json" in args:
            assert result.stdout.lstrip().startswith(("[", "{")), line


def test_every_help_answers_and_the_table_matches_it(tmp_path):
    home = tmp_path / "kb"
    main = repokb(home, "--help")
    assert main.returncode == 0 and "Traceback" not in main.stderr
    name = "|".join([*(f"{g} \\w+" for g in GROUPS), "\\w+"])  # `cache stats` before `cache`
    table = {m.group(1): m.group(2) for m in re.finditer(
        rf"^\| `repokb ({name}) ([^`]*)`", README.read_text(encoding="utf-8"), re.MULTILINE)}
    assert sorted(table) == sorted(COMMANDS)
    for command in COMMANDS:
        assert command.split()[0] in main.stdout
        result = repokb(home, *command.split(), "--help")
        assert result.returncode == 0, (command, result.stderr)
        assert "Usage: repokb " + command in result.stdout
        for flag in re.findall(r"--[a-z][a-z-]*", table[command]):
            assert flag in result.stdout, (command, flag)


@pytest.mark.parametrize("args", [
    ("index", "x", "--fast"),            # a typo'd flag
    ("serch", "foo"),                    # a typo'd command
    ("search", "q", "--limit", "abc"),   # a bad value
    ("search",),                         # a missing argument
    ("flush", "--project"),              # a flag without its value
])
def test_usage_errors_print_usage_and_exit_2(tmp_path, args):
    result = repokb(tmp_path / "kb", *args)
    assert result.returncode == 2, result
    assert "Traceback" not in result.stderr + result.stdout
    assert "Error:" in result.stderr
    if args[0] != "flush":  # click names the usage, except for an option missing its value
        assert "Usage: repokb" in result.stderr
