"""End to end on the embedded defaults: real MiniLM ONNX model, real Qdrant Edge shard."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from repokb.errors import InputError
from repokb.operations import Operations
from repokb.roots import resolve_roots
from repokb.search import Query
from repokb.workspace import Workspace

from ..conftest import readable_bytes, write, written_files

pytestmark = pytest.mark.integration




def index(ws: Workspace, root: Path, **kw: object) -> dict[str, int]:
    return ws.indexer.run(resolve_roots([root], None), **kw).summary()


def top(ws: Workspace, text: str, **kw: object) -> list[tuple[str, str | None]]:
    return [(h.path, h.symbol) for h in ws.searcher.search(Query(text=text, **kw))]


def test_natural_language_queries_find_the_right_chunk_first(workspace, mixed_repo):
    summary = index(workspace, mixed_repo)
    assert summary["files_failed"] == 0
    assert top(workspace, "how do I reset a forgotten password by email")[0] == (
        "src/shop/mail.py", "send_password_reset_email")
    assert top(workspace, "sum of invoice amounts for a customer")[0] == (
        "src/shop/db.py", "InvoiceRepository")
    assert top(workspace, "how do I run the shop in a docker container")[0] == (
        "docs/install.md", "Shop > Installation with Docker")
    assert top(workspace, "database connection timeout setting", kinds=("configuration",))[0][0] \
        == "config/app.yaml"


def test_skipped_files_carry_reasons_and_never_reach_the_store(workspace, mixed_repo):
    index(workspace, mixed_repo)
    catalog = workspace.catalog
    expectations = {
        "node_modules": "skipped directory",
        "assets/logo.png": "binary",
        ".env": "secret file",
        "scratch.tmp": ".gitignore",
    }
    for path, words in expectations.items():
        entry = catalog.get("shop", path)
        assert entry is not None, path
        assert entry.status == "skipped"
        assert words in entry.reason, (path, entry.reason)
    indexed_paths = {h.path for h in workspace.searcher.search(Query("hunter2 password", limit=50))}
    assert ".env" not in indexed_paths
    for hit in workspace.searcher.search(Query("DATABASE_PASSWORD hunter2", limit=50)):
        assert "hunter2" not in hit.content


def test_reindex_is_incremental(workspace, mixed_repo):
    first = index(workspace, mixed_repo)
    assert first["chunks_embedded"] > 0
    again = index(workspace, mixed_repo)
    assert again["chunks_embedded"] == 0
    assert again["chunks_created"] == again["chunks_updated"] == again["chunks_pruned"] == 0
    assert again["chunks_unchanged"] == first["chunks_created"]

    # Change one function: exactly its chunk is re-embedded, the rest reuse their vectors.
    db = mixed_repo / "src/shop/db.py"
    db.write_text(db.read_text().replace(
        "return sqlite3.connect(url, timeout=timeout_seconds)",
        "return sqlite3.connect(url, timeout=timeout_seconds, isolation_level=None)"))
    changed = index(workspace, mixed_repo)
    assert changed["chunks_embedded"] == 1
    assert changed["chunks_updated"] == 1
    assert changed["chunks_created"] == 0

    # Delete a file: its chunks vanish from search.
    (mixed_repo / "src/shop/mail.py").unlink()
    deleted = index(workspace, mixed_repo)
    assert deleted["chunks_pruned"] >= 1
    assert deleted["files_deleted"] == 1
    paths = {h.path for h in workspace.searcher.search(Query("password reset email", limit=50))}
    assert "src/shop/mail.py" not in paths
    assert workspace.catalog.get("shop", "src/shop/mail.py") is None


def test_inserting_a_function_on_top_embeds_only_that_function(workspace, mixed_repo):
    index(workspace, mixed_repo)
    db = mixed_repo / "src/shop/db.py"
    text = db.read_text().replace(
        "import sqlite3\n",
        "import sqlite3\n\n\ndef close_quietly(conn):\n    \"\"\"Close a connection and ignore "
        "errors while doing so.\"\"\"\n    try:\n        conn.close()\n    except Exception:\n"
        "        pass\n", 1)
    db.write_text(text)
    summary = index(workspace, mixed_repo)
    assert summary["chunks_embedded"] == 1  # shifted chunks reuse their vectors by text hash
    assert top(workspace, "close a connection ignoring errors")[0] == (
        "src/shop/db.py", "close_quietly")


def test_shrinking_a_file_prunes_its_extra_chunks(workspace, mixed_repo):
    index(workspace, mixed_repo)
    before = workspace.catalog.get("shop", "docs/install.md").chunks
    assert before == 2  # the two H2 sections; the H1 intro is under the 40-character minimum
    write(mixed_repo, "docs/install.md",
          "# Shop\n\nAn online shop backend, documented elsewhere now.\n")
    summary = index(workspace, mixed_repo)
    assert summary["chunks_pruned"] == 1
    assert workspace.catalog.get("shop", "docs/install.md").chunks == 1
    assert workspace.store.count("shop") == sum(
        e.chunks for e in workspace.catalog.entries("shop").values())


def test_filters_restrict_results(workspace, mixed_repo):
    index(workspace, mixed_repo)
    hits = workspace.searcher.search(Query("timeout", path_globs=("src/**",), limit=20))
    assert hits and all(h.path.startswith("src/") for h in hits)
    hits = workspace.searcher.search(Query("timeout", languages=("yaml",), limit=20))
    assert hits and all(h.language == "yaml" for h in hits)
    hits = workspace.searcher.search(Query("timeout", kinds=("test",), limit=20))
    assert hits and all(h.kind == "test" for h in hits)
    assert workspace.searcher.search(Query("timeout", path_globs=("nothing/**",))) == []
    assert workspace.searcher.search(Query("timeout", projects=("other",))) == []


def test_flush_with_project_leaves_other_projects(workspace, mixed_repo, tmp_path):
    other = tmp_path / "blog"
    write(other, "README.md",
          "# Blog\n\nA static blog generator that renders posts to HTML pages.\n")
    index(workspace, mixed_repo)
    index(workspace, other)
    assert workspace.store.count("blog") > 0
    shop_points = workspace.store.count("shop")
    assert Operations(workspace).flush("shop")["points_deleted"] == shop_points
    assert workspace.store.count("shop") == 0
    assert workspace.store.count("blog") > 0
    hits = workspace.searcher.search(Query("static blog generator"))
    assert hits[0].project == "blog"


def leftovers(home: Path, *markers: bytes) -> list[str]:
    """Files under `home` that hold any of `markers`, with the marker found."""
    return [f"{p.relative_to(home)}: {m.decode()}" for p in written_files(home)
            for m in markers if m in readable_bytes(p)]


@pytest.mark.parametrize("which", ["project", "every project"])
def test_a_flush_leaves_no_byte_of_what_it_deleted_under_the_home(workspace, tmp_path, which):
    """`repokb flush` deleted the points, but the engine's write-ahead log (store/wal, 32 MB
    segments) and the catalog's freed pages kept their bytes: a project flushed because it
    should never have been indexed stayed readable on disk. A flush rewrites what it deleted
    from."""
    home = workspace.settings.home
    private, public = tmp_path / "ledger", tmp_path / "blog"
    write(private, "payroll/quokkafold_salaries.md",
          "# Salaries\n\nThe quokkafold ledger lists every salary band and bonus.\n")
    write(private, "src/payroll.py",
          "def pay_quokkafold(band):\n    \"\"\"Pay a band from the quokkafold ledger.\"\"\"\n"
          "    return band * 2\n")
    write(public, "README.md", "# Blog\n\nA static blog generator that renders posts.\n")
    index(workspace, public)
    index(workspace, private)  # the last run
    # its content, its paths and its name (the catalog's records of its runs hold that)
    markers = (b"quokkafold", b"payroll", b"ledger")
    assert leftovers(home, *markers)  # the test can see them where they are
    private_points = workspace.store.count("ledger")
    result = Operations(workspace).flush("ledger" if which == "project" else None)
    assert result["points_deleted"] == private_points + (0 if which == "project" else 1)
    assert not (found := leftovers(home, *markers)), found
    last = Operations(workspace).stats()["last_run"]
    assert (last or {}).get("project") == ("blog" if which == "project" else None)
    if which == "project":  # what was kept is as it was
        assert workspace.store.count("blog") == 1
        assert workspace.searcher.search(Query("static blog generator"))[0].project == "blog"
    index(workspace, public)  # and the store takes writes as before
    assert workspace.store.count("blog") == 1
    assert not (found := leftovers(home, *markers)), found


def test_a_folder_given_under_another_projects_name_is_refused_unless_flushed(workspace,
                                                                              mixed_repo,
                                                                              tmp_path):
    """A new user ran `repokb index ./other --project koa`: the run pruned every file of koa
    (indexed from its own folder) with no word of warning, and `--dry-run` said nothing. A
    checkout moved elsewhere, its files there, still re-indexes as before."""
    ops = Operations(workspace)
    ops.index([str(mixed_repo)])
    shop = workspace.store.count("shop")
    other = tmp_path / "weird"
    write(other, "notes.md", "# Notes\n\nA few notes that have nothing to do with the shop.\n")
    for attempt in (lambda: ops.index([str(other)], "shop"),
                    lambda: ops.dry_run([str(other)], "shop")):
        with pytest.raises(InputError, match="would delete them") as refused:
            attempt()
        assert str(mixed_repo) in refused.value.message
        assert "--flush" in refused.value.hint_on("cli")
    assert workspace.store.count("shop") == shop
    moved = tmp_path / "moved" / "shop"
    shutil.copytree(mixed_repo, moved)
    summary = ops.index([str(moved)])["summary"]
    assert not summary.get("chunks_pruned") and not summary.get("files_deleted"), summary
    assert workspace.store.count("shop") == shop
    ops.index([str(other)], "shop", flush=True)  # on purpose
    assert 0 < workspace.store.count("shop") < shop
