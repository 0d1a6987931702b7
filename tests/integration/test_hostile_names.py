"""File names and contents that once took a run down or lost a file, through the installed CLI:
undecodable bytes, NFC/NFD twins, terminal escape sequences."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
NFC, NFD = "caf\u00e9.md", "cafe\u0301.md"


def repokb(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("repokb")
    assert exe, "the installed CLI"
    env = {**os.environ, "REPOKB_HOME": str(home), "COLUMNS": "200"}
    return subprocess.run([exe, *args], env=env, capture_output=True, text=True, timeout=300)


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    root = tmp_path / "hostile"
    root.mkdir()
    (root / "good.md").write_text("# Good\n\nA good readme with enough words to be a chunk.\n")
    bad = os.path.join(os.fsencode(root), b"bad\xffname.md")
    with open(bad, "wb") as fh:
        fh.write(b"# Bad\n\nA file whose name is not UTF-8 at all, with enough text.\n")
    os.mkdir(os.path.join(os.fsencode(root), b"dir\xfe"))
    (root / NFC).write_text("# Composed\n\nThe zebra-orchid recipe, composed spelling.\n")
    (root / NFD).write_text("# Decomposed\n\nThe walrus-tulip recipe, decomposed spelling.\n")
    return root


def test_undecodable_names_are_recorded_and_twins_both_kept(home, hostile):
    dry = repokb(home, "index", str(hostile), "--dry-run", "--json")
    assert dry.returncode == 0, dry.stderr
    run = repokb(home, "index", str(hostile), "--json")
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    out = json.loads(run.stdout)
    by_path = {f["path"]: f for f in out["files"]}
    assert "not valid UTF-8" in by_path["bad\\xffname.md"]["reasons"][0]
    assert "not valid UTF-8" in by_path["dir\\xfe"]["reasons"][0]
    # Both spellings of café are files of their own, each with its own content.
    assert {NFC, NFD} <= set(by_path) and by_path[NFC]["chunks"] == by_path[NFD]["chunks"] == 1
    assert out["summary"]["files_indexed"] == 3
    assert dry.returncode == 0 and json.loads(dry.stdout)["summary"]["files_indexed"] == 3
    for word, path in (("zebra-orchid", NFC), ("walrus-tulip", NFD)):
        hits = json.loads(repokb(home, "search", word, "--json").stdout)
        assert hits[0]["path"] == path and word in hits[0]["content"]
    again = json.loads(repokb(home, "index", str(hostile), "--json").stdout)["summary"]
    assert again["chunks_embedded"] == 0 and again["files_failed"] == 0  # stable records
    verify = repokb(home, "verify", "--json")
    assert verify.returncode == 0 and json.loads(verify.stdout)["ok"]
    why = repokb(home, "explain", "bad\\xffname.md", "--project", "hostile")
    assert why.returncode == 0 and "not valid UTF-8" in why.stdout


def test_terminal_escapes_from_files_never_reach_the_terminal_raw(tmp_path, home):
    root = tmp_path / "escapes"
    root.mkdir()
    name = "\x1b]0;pwned\x07title[bold]x.md"  # OSC retitle + rich markup in a name
    (root / name).write_text("# Quokka tunnels\n\n\x1b[2J\x1b[H The quokka tunnel inventory "
                             "lists every burrow \x9b31m and \u202eevil\u202c text.\n")
    (root / "mod.py").write_text('def quokka_\u202eburrow():\n    """Count \x1b[5mthe quokka '
                                 'burrows in the tunnel."""\n    return 42\n')
    assert repokb(home, "index", str(root)).returncode == 0
    outputs = [repokb(home, "search", "quokka tunnel burrows"),
               repokb(home, "search", "quokka tunnel burrows", "--explain"),
               repokb(home, "search", "quokka tunnel burrows", "--context"),
               repokb(home, "explain", name, "--project", "escapes"),
               repokb(home, "explain", str(root / name)),
               repokb(home, "stats")]
    for run in outputs:
        assert run.returncode == 0, run.stderr
        for raw in ("\x1b", "\x07", "\x9b", "\u202e"):
            assert raw not in run.stdout and raw not in run.stderr, (run.args, run.stdout)
    search = outputs[0].stdout
    assert "\\x1b]0;pwned\\x07title[bold]x.md" in search  # shown, escaped, not obeyed
    assert "\\x1b[2J" in search and "\\u202e" in search
    assert "\\x1b]0;pwned" in outputs[3].stdout
    as_json = repokb(home, "search", "quokka tunnel burrows", "--json")
    assert "\x9b" not in as_json.stdout and "\x1b" not in as_json.stdout
    hits = json.loads(as_json.stdout)  # JSON keeps the exact text
    assert any("\x1b[2J" in h["content"] and "\x9b" in h["content"] for h in hits)


def test_explain_finds_each_twin_and_the_undecodable_name_by_its_path_on_disk(home, hostile):
    assert repokb(home, "index", str(hostile)).returncode == 0
    for name, word in ((NFC, "Composed"), (NFD, "Decomposed")):
        why = repokb(home, "explain", str(hostile / name), "--json")
        assert why.returncode == 0, why.stderr
        record = json.loads(why.stdout)
        assert record["path"] == name and record["status"] == "indexed", (word, record)
    bad = os.path.join(os.fsencode(hostile), b"bad\xffname.md")
    exe = shutil.which("repokb")
    assert exe
    run = subprocess.run([exe.encode(), b"explain", bad, b"--json"], capture_output=True,
                         env={**os.environ, "REPOKB_HOME": str(home)}, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "not valid UTF-8" in json.loads(run.stdout)["reason"]


def test_explain_of_an_undecodable_name_answered_by_the_warm_owner(home, hostile):
    """With a warm owner (a user's default), `repokb explain` speaks the REST API over the
    owner socket, whose URL holds text only: a name that is not UTF-8 once died there in
    `urlencode` with a traceback (UnicodeEncodeError). It is answered as without an owner, by
    its path on disk and by the spelling the index shows (`bad\\xffname.md`)."""
    assert repokb(home, "index", str(hostile)).returncode == 0
    exe = shutil.which("repokb")
    assert exe
    env = {**os.environ, "REPOKB_HOME": str(home), "REPOKB_OWNER_IDLE_SECONDS": "60",
           "REPOKB_STORE_WAIT_SECONDS": "0"}  # a command that skipped the owner would fail
    on_disk = os.path.join(os.fsencode(hostile), b"bad\xffname.md")
    as_shown = os.path.join(os.fsencode(hostile), b"bad\\xffname.md")
    try:
        for path in (on_disk, as_shown, on_disk):  # the first call starts the owner
            run = subprocess.run([exe.encode(), b"explain", path, b"--json"],
                                 capture_output=True, env=env, timeout=300)
            assert run.returncode == 0 and b"Traceback" not in run.stderr, run.stderr
            record = json.loads(run.stdout)
            assert record["path"] == "bad\\xffname.md", record
            assert "not valid UTF-8" in record["reason"]
        assert (home / "owner.sock").exists()  # the owner answered
    finally:
        subprocess.run([exe, "owner", "stop"], env=env, capture_output=True, timeout=60)
