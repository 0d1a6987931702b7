"""Freshness's added files: folders recorded by the walk, listed only when their mtime moved,
new entries judged as the walk and the classifier would (no model, no store)."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from repokb.freshness import project_freshness
from repokb.pipeline.discover import ProjectRoot, discover
from repokb.stores.catalog import Catalog

from ..conftest import write

OLD_NS = 1_600_000_000 * 10**9  # 2020: far from "racy"


def _indexed(tmp_path: Path, root: Path, project: str = "p") -> Catalog:
    """The catalog a run of `root` leaves (entries and folders), its folders' mtimes set back
    first so none is too recent to trust."""
    for folder in [root, *(p for p in root.rglob("*") if p.is_dir())]:
        os.utime(folder, ns=(OLD_NS, OLD_NS))
    catalog = Catalog(tmp_path / "catalog.sqlite3")
    folders: dict[str, int | None] = {}
    for item in discover(ProjectRoot(project, root), None, folders):
        if item.__class__.__name__ == "SkippedPath":
            catalog.put(project, item.path, status="skipped", is_dir=item.is_dir)
        else:
            st = os.lstat(item.absolute)
            catalog.put(project, item.path, status="indexed", size=st.st_size,
                        mtime_ns=st.st_mtime_ns)
    catalog.put_folders(project, folders)
    catalog.set_project(project, root)
    return catalog


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    write(root, "src/app.py", "def main():\n    return 1\n")
    write(root, "src/empty/.keep", "")
    write(root, "docs/guide.md", "# Guide\n\nHow to run it.\n")
    write(root, "node_modules/a/index.js", "x\n")
    write(root, ".gitignore", "*.log\n")
    return root


def test_walk_records_every_folder_it_lists_and_not_the_skipped_ones(tree: Path,
                                                                     tmp_path: Path) -> None:
    catalog = _indexed(tmp_path, tree)
    assert dict(catalog.folder_stats("p")) == {
        "": OLD_NS, "src": OLD_NS, "src/empty": OLD_NS, "docs": OLD_NS}
    (fresh,) = project_freshness(catalog)
    assert (fresh["added_since_index"], fresh["added_examples"]) == (0, [])


def test_an_unmoved_folder_is_not_listed(tree: Path, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The check's cost: a stat per folder; a listing only where an mtime moved."""
    catalog = _indexed(tmp_path, tree)
    write(tree, "src/new.py", "def new():\n    return 2\n")
    listed: list[str] = []
    real = os.scandir

    def scandir(path: str | Path) -> os._ScandirIterator[str]:  # type: ignore[name-defined]
        listed.append(str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    (fresh,) = project_freshness(catalog)
    assert fresh["added_examples"] == ["src/new.py"]
    assert listed == [str(tree / "src")], listed
    # the same addition, its folder's mtime put back: not seen, and nothing listed
    os.utime(tree / "src", ns=(OLD_NS, OLD_NS))
    listed.clear()
    assert project_freshness(catalog)[0]["added_since_index"] == 0
    assert listed == []


def test_added_entries_are_judged_as_the_walk_and_the_classifier_would(
        tree: Path, tmp_path: Path) -> None:
    catalog = _indexed(tmp_path, tree)
    write(tree, "src/empty/mod.py", "def mod():\n    return 3\n")  # in a folder with no file
    write(tree, "src/pkg/deep/more.py", "def more():\n    return 4\n")  # a new folder, deep
    write(tree, "docs/new.md", "# New\n\nA new page of the guide.\n")
    write(tree, "run.log", "ignored by .gitignore\n")
    write(tree, "src/app.pyc", bytes(64))
    write(tree, "src/__pycache__/app.cpython-311.pyc", bytes(64))
    write(tree, "web/node_modules/b/index.js", "y\n")
    write(tree, "node_modules/c/index.js", "z\n")
    write(tree, ".env", "API_TOKEN=abc\n")
    (tree / "src/link.py").symlink_to(tree / "src/app.py")
    (fresh,) = project_freshness(catalog)
    assert fresh["added_examples"] == ["docs/new.md", "src/empty/mod.py",
                                       "src/pkg/deep/more.py"]
    assert fresh["added_since_index"] == 3 and fresh["added_more"] is False


def test_a_removed_entry_is_not_added_and_a_gone_root_adds_nothing(tree: Path,
                                                                   tmp_path: Path) -> None:
    catalog = _indexed(tmp_path, tree)
    (tree / "docs/guide.md").unlink()
    (fresh,) = project_freshness(catalog)
    assert (fresh["added_since_index"], fresh["deleted_since_index"]) == (0, 1)
    (tree / "docs").rmdir()
    assert project_freshness(catalog)[0]["added_since_index"] == 0
    os.rename(tree, tmp_path / "moved")
    (fresh,) = project_freshness(catalog)
    assert fresh["added_since_index"] == 0 and fresh["root_exists"] is False


def test_a_folder_too_recent_to_trust_is_listed_on_every_check(tmp_path: Path) -> None:
    """Recorded within RACY_NS of the walk: an entry added in the same clock tick would leave
    its mtime as it was, so the check lists it rather than trusting the mtime."""
    root = tmp_path / "proj"
    write(root, "a.py", "def a():\n    return 1\n")
    folders: dict[str, int | None] = {}
    list(discover(ProjectRoot("p", root), None, folders))
    assert folders == {"": None}
    catalog = Catalog(tmp_path / "catalog.sqlite3")
    st = os.lstat(root / "a.py")
    catalog.put("p", "a.py", status="indexed", size=st.st_size, mtime_ns=st.st_mtime_ns)
    catalog.put_folders("p", folders)
    catalog.set_project("p", root)
    mtime = os.stat(root).st_mtime_ns
    write(root, "b.py", "def b():\n    return 2\n")
    os.utime(root, ns=(mtime, mtime))  # as if in the same tick
    assert project_freshness(catalog)[0]["added_examples"] == ["b.py"]


def test_a_secret_in_a_new_file_name_is_redacted(tree: Path, tmp_path: Path) -> None:
    catalog = _indexed(tmp_path, tree)
    token = "ghp_" + "Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2"
    write(tree, f"docs/{token}.md", "# Notes\n\nSome notes.\n")
    (fresh,) = project_freshness(catalog)
    assert fresh["added_since_index"] == 1
    assert fresh["added_examples"][0].startswith("docs/<REDACTED_SECRET_")
    assert token not in repr(fresh)


def test_a_catalog_from_before_folders_were_recorded_says_added_is_unknown(
        tree: Path, tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)  # the tables of a catalog written before the folders table
    db.executescript("""
        CREATE TABLE entries (project TEXT NOT NULL, path TEXT NOT NULL,
            is_dir INTEGER NOT NULL DEFAULT 0, status TEXT NOT NULL,
            reason TEXT NOT NULL DEFAULT '', size INTEGER, mtime_ns INTEGER,
            content_hash TEXT, kind TEXT, language TEXT, role TEXT, policy TEXT,
            classification TEXT, chunks INTEGER NOT NULL DEFAULT 0, updated_at REAL NOT NULL,
            PRIMARY KEY (project, path));
        CREATE TABLE projects (name TEXT PRIMARY KEY, root TEXT NOT NULL, indexed_at REAL,
            vectors TEXT, dense_clean TEXT);
        """)
    db.execute("INSERT INTO projects(name, root, indexed_at) VALUES ('p', ?, 1.0)",
               (str(tree),))
    db.commit()
    db.close()
    catalog = Catalog(path)
    (fresh,) = project_freshness(catalog)
    assert fresh["added_since_index"] is None and fresh["added_examples"] == []
    catalog.put_folders("p", {"": os.stat(tree).st_mtime_ns})  # what its next run records
    assert project_freshness(catalog)[0]["added_since_index"] == 0


def test_a_run_of_one_folder_replaces_only_its_folders(tree: Path, tmp_path: Path) -> None:
    catalog = _indexed(tmp_path, tree)
    catalog.put_folders("p", {"src": 5, "src/other": 6}, scope="src")
    assert dict(catalog.folder_stats("p")) == {"": OLD_NS, "docs": OLD_NS, "src": 5,
                                               "src/other": 6}
    catalog.delete_project("p")
    assert catalog.folder_stats("p") == []


def test_a_folder_named_by_a_secret_is_recorded_redacted_and_still_checked(
        tree: Path, tmp_path: Path) -> None:
    token = "ghp_" + "Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8"
    write(tree, f"keys/{token}/notes.md", "# Notes\n\nRotate the keys monthly.\n")
    catalog = _indexed(tmp_path, tree)
    recorded = [path for path, _ in catalog.folder_stats("p")]
    assert not any(token in p for p in recorded)
    assert any(p.startswith("keys/<REDACTED_SECRET_") for p in recorded), recorded
    write(tree, f"keys/{token}/more.md", "# More\n\nAnd the certificates yearly.\n")
    (fresh,) = project_freshness(catalog)
    assert fresh["added_since_index"] == 1, fresh
    assert fresh["added_examples"][0].startswith("keys/<REDACTED_SECRET_")
    assert fresh["added_examples"][0].endswith("/more.md") and token not in repr(fresh)


def test_a_new_file_is_judged_by_the_gitattributes_of_its_folders(tree: Path,
                                                                  tmp_path: Path) -> None:
    """A run reads the .gitattributes below the root too (Classifier.read_below): a file added
    where one marks it generated or vendored is not one the next run would index."""
    write(tree, "src/gen/.gitattributes", "*_pb2.py linguist-generated\n")
    write(tree, "src/gen/base.py", "def base():\n    return 0\n")
    write(tree, "third/.gitattributes", "** linguist-vendored\n")
    write(tree, "third/lib/vendored.py", "def old():\n    return 0\n")
    catalog = _indexed(tmp_path, tree)
    write(tree, "src/gen/api_pb2.py", "def stub():\n    return 1\n")  # generated by its folder
    write(tree, "third/lib/more.py", "def more():\n    return 2\n")  # vendored two folders up
    write(tree, "src/gen/hand.py", "def hand():\n    return 3\n")  # written by hand: added
    write(tree, "fresh/.gitattributes", "*.py linguist-generated\n")  # a new folder with its own
    write(tree, "fresh/made.py", "def made():\n    return 4\n")
    (fresh,) = project_freshness(catalog)
    assert fresh["added_examples"] == ["src/gen/hand.py"], fresh
