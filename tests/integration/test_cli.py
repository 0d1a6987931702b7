"""Every command through Typer's runner, in both output modes, on the real defaults."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from ..conftest import invoke, run_cli, write

pytestmark = pytest.mark.integration


def test_index_json_shape_and_incremental_summary(home, mixed_repo):
    data = json.loads(invoke("index", str(mixed_repo), "--json"))
    assert set(data) == {"files", "summary"}
    for key in ("files_seen", "files_indexed", "files_skipped", "files_failed", "chunks_created",
                "chunks_updated", "chunks_unchanged", "chunks_pruned", "chunks_embedded",
                "seconds"):
        assert key in data["summary"]
    record = next(f for f in data["files"] if f["path"] == "src/shop/db.py")
    assert set(record) >= {"path", "kind", "subkind", "language", "knowledge_role",
                           "index_policy", "reasons", "chunks"}
    assert record["kind"] == "source" and record["chunks"] >= 2
    env = next(f for f in data["files"] if f["path"] == ".env")
    assert env["index_policy"] == "block" and env["chunks"] == 0
    again = json.loads(invoke("index", str(mixed_repo), "--json"))["summary"]
    assert again["chunks_embedded"] == 0


def test_an_unchanged_index_never_loads_the_model(home, mixed_repo, real_embedder,
                                                 monkeypatch):
    from repokb.workspace import Workspace

    loads: list[str] = []

    def new_embedder(self):  # the session's model stands in; each load is counted
        loads.append("model")
        return real_embedder

    monkeypatch.setattr(Workspace, "new_embedder", new_embedder)
    invoke("index", str(mixed_repo), "--json")
    assert loads == ["model"]
    again = json.loads(invoke("index", str(mixed_repo), "--json"))["summary"]
    assert again["chunks_unchanged"] > 0 and loads == ["model"]  # the second run loaded none


def test_a_home_inside_the_indexed_tree_is_never_indexed_into_itself(tmp_path, monkeypatch):
    """REPOKB_HOME=./kb in the project: the second run indexed the first run's store (its
    payload indexes' JSON files) and every later run grew it."""
    root = tmp_path / "proj"
    write(root, "app.py", """
        def handle_request(request):
            \"\"\"Answer a request with the greeting configured for its user.\"\"\"
            user = request.user
            greeting = user.settings.get("greeting", "hello")
            return {"status": 200, "body": f"{greeting}, {user.name}"}
        """)
    monkeypatch.setenv("REPOKB_HOME", str(root / "kb"))
    for _ in range(2):
        data = json.loads(invoke("index", str(root), "--json"))
    assert data["summary"]["chunks_created"] == 0 and data["summary"]["chunks_embedded"] == 0
    assert not [f["path"] for f in data["files"] if f["path"].startswith("kb/")]
    stats = json.loads(invoke("stats", "--json"))
    assert stats["files"] == 1, stats
    store_words = json.loads(invoke("search", "segments payload_index config", "--json"))
    assert all(h["path"] == "app.py" for h in store_words), store_words
    hits = json.loads(invoke("search", "handle_request greeting", "--json"))
    assert hits and all(h["path"] == "app.py" for h in hits), hits


def test_index_human_output_ends_with_one_summary_line(home, mixed_repo):
    output = invoke("index", str(mixed_repo), "--project", "shop2")
    lines = output.strip().splitlines()
    assert lines[-1].startswith("indexed") and "files seen" in lines[-1]
    # Above it, one compact row per language and kind: what chunking produced.
    assert lines[0].split()[:4] == ["language", "kind", "files", "chunks"]
    python = next(line.split() for line in lines if line.startswith("python"))
    assert python[1] == "source" and python[2] == "2"
    assert len(lines) <= 8


def test_an_index_whose_vectors_are_made_another_way_says_why_it_embeds_again(
        home, mixed_repo, monkeypatch):
    invoke("index", str(mixed_repo))
    monkeypatch.setenv("REPOKB_CODE_MAX_TOKENS", "128")  # as an upgrade changing the model would
    lines = invoke("index", str(mixed_repo)).strip().splitlines()
    (said,) = [line for line in lines if "made another way" in line]
    assert said.startswith(f"{mixed_repo.name}: its vectors are made another way")
    assert "code=192" in said and "code=128" in said and "embedded again, once" in said
    assert "chunks embedded: " in lines[-1]  # the code chunks; the README kept its vector
    assert not any("made another way" in line for line in invoke("index", str(mixed_repo))
                   .splitlines())


def _without_timings(data: dict) -> dict:
    """A dry run's answer without what the clock sets (its seconds, the measured rate)."""
    summary = {k: v for k, v in data["summary"].items() if k != "seconds"}
    summary["estimate"] = {k: v for k, v in summary["estimate"].items()
                           if k not in ("tokens_per_second", "embed_seconds")}
    return {"files": data["files"], "summary": summary}


def test_dry_run_changes_nothing(home, mixed_repo):
    """Also in a home that holds nothing yet: the dry run made its catalog there (a user who
    asked what an index would cost found a home made). It now works in a throw-away home
    there, with the same answer, and keeps only the machine's caches: the model derived for
    this CPU and the measured rate (without them each dry run derived and measured again)."""
    shutil.rmtree(home / "models")  # nothing in it yet: the model is derived here, and kept
    data = json.loads(invoke("index", str(mixed_repo), "--dry-run", "--json"))
    assert sorted(p.name for p in home.iterdir()) == ["calibration.json", "models"]
    again = json.loads(invoke("index", str(mixed_repo), "--dry-run", "--json"))
    assert _without_timings(again) == _without_timings(data)
    rates = [d["summary"]["estimate"]["tokens_per_second"] for d in (data, again)]
    assert rates[0] == rates[1]  # the rate kept, not measured again
    assert sorted(p.name for p in home.iterdir()) == ["calibration.json", "models"]
    assert data["summary"]["files_indexed"] > 0 and data["summary"]["chunks_embedded"] == 0
    estimate = data["summary"]["estimate"]
    source = estimate["by_kind"]["source"]
    assert source["files"] == source["admitted"] == 2 and source["chunks"] > 0
    assert estimate["chunks"] == sum(f["chunks"] for f in data["files"])
    rate = estimate["tokens_per_second"]  # measured on this machine (operations/calibrate.py)
    assert rate > 0 and estimate["embed_seconds"] == round(estimate["tokens"] / rate, 1)

    stats = json.loads(invoke("stats", "--json"))  # a home in use: it holds a catalog now
    assert stats["points"] == 0 and stats["files"] == 0
    again = json.loads(invoke("index", str(mixed_repo), "--dry-run", "--json"))
    assert _without_timings(again) == _without_timings(data)
    assert (home / "calibration.json").is_file()  # measured once, cached in the home
    text = invoke("index", str(mixed_repo), "--dry-run")
    assert "dry run" in text and "index_policy" in text
    assert "estimate:" in text and "to index with minilm-onnx" in text
    assert "secret file: name matches .env" in text  # why something is not indexed
    stats = json.loads(invoke("stats", "--json"))
    assert stats["points"] == 0 and stats["files"] == 0


def test_search_json_and_text(home, mixed_repo):
    invoke("index", str(mixed_repo))
    hits = json.loads(invoke("search", "send a password reset email", "--json", "--limit", "3"))
    assert len(hits) == 3
    assert set(hits[0]) == {"path", "start_line", "end_line", "symbol", "symbol_type", "kind",
                            "language", "score", "project", "content"}
    assert hits[0]["path"] == "src/shop/mail.py" and hits[0]["project"] == "shop"
    assert hits[0]["symbol_type"] == "function"  # what the symbol is: shown on the hit line
    only_docs = json.loads(invoke("search", "docker", "--json", "--kind", "documentation"))
    assert only_docs and {h["kind"] for h in only_docs} == {"documentation"}
    by_path = json.loads(invoke("search", "timeout", "--json", "--path", "config/*"))
    assert by_path and {h["path"] for h in by_path} == {"config/app.yaml"}
    # a repeated --path is an OR of its globs (it kept only the last one)
    either = json.loads(invoke("search", "timeout", "--json", "--limit", "20", "--path",
                               "config/*", "--path", "src/**/db.py"))
    assert {h["path"] for h in either} == {"config/app.yaml", "src/shop/db.py"}
    text = invoke("search", "send a password reset email")
    assert "src/shop/mail.py" in text and "function send_password_reset_email" in text


def test_search_explain_adds_provenance(home, mixed_repo):
    invoke("index", str(mixed_repo))
    hits = json.loads(invoke("search", "send_password_reset_email", "--json", "--explain"))
    p = hits[0]["provenance"]
    assert hits[0]["symbol"] == "send_password_reset_email"
    assert {"kind", "role", "policy", "dense_rank", "lexical_rank", "fused", "factors",
            "file_mtime_ns", "intent", "chunks"} <= set(p)
    assert p["policy"] == "parse_and_index" and p["intent"] == "symbol"
    assert p["factors"]["exact_symbol"] > 1
    text = invoke("search", "send_password_reset_email", "--explain", "--limit", "1")
    assert "source · primary_evidence · parse_and_index" in text and "exact_symbol" in text


def test_search_context_prints_the_rag_block(home, mixed_repo):
    invoke("index", str(mixed_repo))
    block = invoke("search", "how do I reset a forgotten password by email", "--context",
                   "--limit", "3")
    assert block.startswith("## Project context (knowledge base)")
    assert "### src/shop/mail.py" in block and "send_password_reset_email" in block
    assert "top similarity" in block and "Lines " in block


def test_explain_stats_and_flush(home, mixed_repo, tmp_path):
    invoke("index", str(mixed_repo))
    why = json.loads(invoke("explain", str(mixed_repo / ".env"), "--json"))
    assert why["status"] == "skipped"
    assert why["classification"]["index_policy"] == "block"
    assert "hunter2" not in json.dumps(why)
    assert "secret file" in invoke("explain", ".env")
    vendored = json.loads(invoke("explain", "node_modules", "--json"))
    assert "skipped directory" in vendored["reason"]
    inside = json.loads(invoke("explain", str(mixed_repo / "node_modules/leftpad/index.js"),
                               "--json"))
    assert inside["inside"] == "node_modules" and inside["status"] == "skipped"
    db = json.loads(invoke("explain", str(mixed_repo / "src/shop/db.py"), "--json"))
    c = db["classification"]
    assert c["rules"] == ["source-code"] and c["signals"][0]["weight"] > 0
    assert c["classifier_version"] and db["chunks"] >= 2

    stats = json.loads(invoke("stats", "--json"))
    assert stats["points"] > 0 and stats["by_project"] == {"shop": stats["files"]}
    assert stats["points_by_project"] == {"shop": stats["points"]}
    assert "chunks from" in invoke("stats")

    assert "Flushed project 'shop'" in invoke("flush", "--project", "shop", "--yes")
    assert json.loads(invoke("stats", "--json"))["points"] == 0
    assert json.loads(invoke("search", "password", "--json")) == []


def test_explain_classifies_a_file_never_indexed(home, tmp_path):
    write(tmp_path, "proj/.git/HEAD", "ref: refs/heads/main\n")
    write(tmp_path, "proj/.repokb.yml", "classification:\n  docsRoots: [handbook]\n")
    write(tmp_path, "proj/handbook/intro.txt", "How we work.\n")
    why = json.loads(invoke("explain", str(tmp_path / "proj/handbook/intro.txt"), "--json"))
    assert why["status"] == "not indexed" and why["path"] == "handbook/intro.txt"
    assert why["classification"]["kind"] == "documentation"
    assert why["classification"]["config_path"] == ".repokb.yml"
    text = invoke("explain", str(tmp_path / "proj/handbook/intro.txt"))
    assert "config_path: .repokb.yml" in text and "rules: config:docs-root" in text


def test_explain_of_a_file_never_indexed_reads_the_gitattributes_of_its_folders(home, tmp_path):
    """As an index run would: the .gitattributes of the file's folder and of those above it
    (not of other folders) decide, and the reason names the file and the line."""
    write(tmp_path, "proj/.git/HEAD", "ref: refs/heads/main\n")
    write(tmp_path, "proj/.gitattributes", "*.go linguist-documentation\n")
    write(tmp_path, "proj/api/.gitattributes", "# protobuf output\n*.pb.go linguist-generated\n")
    write(tmp_path, "proj/web/.gitattributes", "*.go -linguist-documentation\n")
    write(tmp_path, "proj/api/v1/service.pb.go", "package v1\n\nfunc Serve() {}\n")
    why = json.loads(invoke("explain", str(tmp_path / "proj/api/v1/service.pb.go"), "--json"))
    assert why["status"] == "not indexed" and why["path"] == "api/v1/service.pb.go"
    assert why["classification"]["kind"] == "generated", why
    assert why["classification"]["reasons"][0] == (
        "marked linguist-generated in api/.gitattributes (line 2: *.pb.go)")
    assert why["classification"]["config_path"] == ".gitattributes, api/.gitattributes"


def test_errors_are_messages_not_tracebacks(home, tmp_path):
    code, out, err = run_cli("index", str(tmp_path / "missing"))
    assert code == 2 and "does not exist" in err and "Traceback" not in err
    # `~` of a user that does not exist cannot be expanded: a plain "does not exist" too.
    code, out, err = run_cli("index", "~no-such-user-xyz/src")
    assert code == 2 and "does not exist" in err and "Traceback" not in err
    code, out, err = run_cli("explain", "nowhere.py")
    assert code == 2 and "does not exist" in err
    code, out, err = run_cli("search", "   ")
    assert code == 2 and "empty" in err
    # a negative quiet time is refused before anything runs (it killed the watcher thread)
    code, out, err = run_cli("watch", str(tmp_path), "--debounce-ms", "-5")
    assert code == 2 and "--debounce-ms" in err and "Traceback" not in err
    # an empty path (`repokb index "$DIR"`, DIR unset) indexed the current folder
    code, out, err = run_cli("index", "")
    assert code == 2 and "An empty path" in err and "Traceback" not in err


def test_a_busy_store_gets_a_clear_message(home, mixed_repo, monkeypatch):
    from repokb.settings import Settings
    from repokb.workspace import Workspace

    # the command waits this long for the holder before it says busy (120 s by default)
    monkeypatch.setenv("REPOKB_STORE_WAIT_SECONDS", "2")
    with Workspace(Settings.load()) as holder:
        holder.store.count()  # holds the shard open, as `repokb serve` would
        code, out, err = run_cli("stats")
    assert code == 5
    assert "in use by another process" in err and "Traceback" not in err


def test_explain_of_a_file_never_indexed_in_a_folder_the_walk_skips(home, tmp_path):
    """Before indexing, explain says what the walk would record (the folder's skip), not a
    live "python source" for a file the walk never reads."""
    write(tmp_path, "proj/.git/HEAD", "ref: refs/heads/main\n")
    write(tmp_path, "proj/.gitmodules", '[submodule "meson"]\n\tpath = vendored-meson/meson\n')
    write(tmp_path, "proj/.gitignore", "scratch/\n*.tmp.py\n")
    for rel in ("vendored-meson/meson/mesonmain.py", "node_modules/pkg/index.js",
                "build/lib/out.py", "scratch/note.py", "src/keep.tmp.py", "src/app.py"):
        write(tmp_path, f"proj/{rel}", "x = 1\n")
    expected = {"vendored-meson/meson/mesonmain.py": ("vendored-meson/meson", "submodule"),
                "node_modules/pkg/index.js": ("node_modules", "skipped directory"),
                "build/lib/out.py": ("build", "skipped directory"),
                "scratch/note.py": ("scratch", "ignored by .gitignore"),
                "src/keep.tmp.py": (None, "ignored by .gitignore")}
    before = {}
    for rel, (inside, words) in expected.items():
        why = json.loads(invoke("explain", str(tmp_path / "proj" / rel), "--json"))
        assert why["status"] == "skipped" and why["inside"] == inside, (rel, why)
        assert words in why["reason"] and why["classification"]["index_policy"] == "exclude"
        before[rel] = why["reason"]
    live = json.loads(invoke("explain", str(tmp_path / "proj/src/app.py"), "--json"))
    assert live["status"] == "not indexed" and live["classification"]["kind"] == "source"
    # after indexing, the recorded skip says the same
    invoke("index", str(tmp_path / "proj"))
    for rel, reason in before.items():
        why = json.loads(invoke("explain", str(tmp_path / "proj" / rel), "--json"))
        assert why["reason"] == reason, (rel, why)


def test_an_unchanged_re_index_still_says_what_redaction_took_out(home, tmp_path):
    """`repokb index --json` on an unchanged (or only touched) tree recorded a redacted file
    without its note ("1 secret-like value(s) redacted in the whole file"): the report of
    the run that cut it said so, the next runs did not, though the stored text is the same."""
    root = tmp_path / "proj"
    settings_py = write(root, "settings.py",
                        'import os\nDB_PASSWORD = "Zq8vL2mN7xR4tY9w"\n\n\ndef connect():\n'
                        '    return os.environ.get("DB_HOST")\n')

    def reasons() -> list[str]:
        files = json.loads(invoke("index", str(root), "--json"))["files"]
        return next(f for f in files if f["path"] == "settings.py")["reasons"]

    first = reasons()
    note = "1 secret-like value(s) redacted in the whole file"
    assert note in first
    # the classifier's quick check reads the head only, and says so, with the kinds it saw and
    # no count of its own: a count of the head's beside the whole text's read as a
    # contradiction ("3 value(s)" and "4 ... in the whole file": environs, a new user's trial)
    head = [r for r in first if r.startswith("secret-like values in its head (")]
    assert head == ["secret-like values in its head (secret_assignment from line 2): redacted "
                    "before any of its text is stored"], first
    assert reasons() == first  # unchanged: the decision stands without reading a byte
    os.utime(settings_py)  # touched, not changed: read, found the same, not cut again
    assert reasons() == first
