from __future__ import annotations

import os
from pathlib import Path

import pytest

from repokb.errors import InputError
from repokb.models import SkippedPath, SourceFile
from repokb.pipeline.discover import ProjectRoot, canonical, discover
from repokb.roots import resolve_roots

from ..conftest import cases, write


def walk(root: Path) -> tuple[dict[str, SourceFile], dict[str, SkippedPath]]:
    (project,) = resolve_roots([root], None)
    files, skipped = {}, {}
    for item in discover(project):
        (skipped if isinstance(item, SkippedPath) else files)[item.path] = item
    return files, skipped


def test_canonical_paths_have_one_spelling():
    assert canonical("./src//a.py") == "src/a.py"
    assert canonical("src/./b/c.py") == "src/b/c.py"
    assert canonical("cafe\u0301.md") == "caf\u00e9.md"  # NFD (macOS) -> NFC


def test_skip_dirs_are_recorded_once_and_not_walked(tmp_path):
    write(tmp_path, "p/src/app.py", "x = 1\n")
    for i in range(50):
        write(tmp_path, f"p/node_modules/pkg{i}/index.js", "module.exports = 1\n")
    write(tmp_path, "p/.git/HEAD", "ref: refs/heads/main\n")
    write(tmp_path, "p/env/pyvenv.cfg", "home = /usr\n")
    write(tmp_path, "p/env/lib/x.py", "y = 2\n")
    write(tmp_path, "p/src/app.egg-info/PKG-INFO", "Metadata-Version: 2.1\nName: app\n")
    files, skipped = walk(tmp_path / "p")
    assert set(files) == {"src/app.py"}
    assert set(skipped) == {"node_modules", ".git", "env", "src/app.egg-info"}
    assert "packaging metadata" in skipped["src/app.egg-info"].reason
    assert all(s.is_dir for s in skipped.values())
    assert "virtualenv" in skipped["env"].reason


def test_a_repokb_home_inside_the_tree_is_skipped_and_a_lone_catalog_is_not(tmp_path):
    write(tmp_path, "p/app.py", "x = 1\n")
    write(tmp_path, "p/.kb/catalog.sqlite3", b"SQLite format 3\x00")
    write(tmp_path, "p/.kb/store/segments/s1/payload_index/config.json", '{"a": 1}\n')
    write(tmp_path, "p/.kb/logs/owner.log", "started\n")
    write(tmp_path, "p/data/catalog.sqlite3", b"SQLite format 3\x00")  # an app's own database
    write(tmp_path, "p/data/rows.csv", "a,b\n1,2\n")
    files, skipped = walk(tmp_path / "p")
    assert "repokb home" in skipped[".kb"].reason and skipped[".kb"].is_dir
    assert not any(path.startswith(".kb/") for path in files)
    assert {"app.py", "data/rows.csv", "data/catalog.sqlite3"} <= set(files)


def test_a_gitignore_line_git_cannot_parse_is_skipped_not_fatal(tmp_path):
    """black 24.10.0's sdist has a .gitignore with a lone `!`: the walk ended in a traceback."""
    root = tmp_path / "p"
    write(root, "data/.gitignore", "!\n*.log\n")
    write(root, "data/a.log", "log\n")
    write(root, "data/keep.py", "x = 1\n")
    files, skipped = walk(root)
    assert "data/keep.py" in files
    assert skipped["data/a.log"].reason == "ignored by data/.gitignore"


def test_gitignore_rules_apply_below_their_directory(tmp_path):
    root = tmp_path / "p"
    write(root, ".gitignore", "*.log\nsecret_dir/\n")
    write(root, "sub/.gitignore", "local.txt\n")
    write(root, "a.log", "log\n")
    write(root, "secret_dir/x.py", "x = 1\n")
    write(root, "sub/local.txt", "local\n")
    write(root, "local.txt", "kept: the sub rule does not apply here\n")
    write(root, "sub/code.py", "y = 1\n")
    files, skipped = walk(root)
    assert {"local.txt", "sub/code.py", ".gitignore", "sub/.gitignore"} <= set(files)
    assert skipped["a.log"].reason == "ignored by .gitignore"
    assert skipped["sub/local.txt"].reason == "ignored by sub/.gitignore"
    assert skipped["secret_dir"].is_dir
    assert skipped["secret_dir"].reason == "skipped directory: ignored by .gitignore"


def test_the_skip_names_the_ignore_file_whose_rule_decided(tmp_path):
    """The reason said "ignored by .gitignore" also for a rule of the clone's
    `.git/info/exclude` or of a .gitignore above the indexed folder, where no .gitignore of
    the project says so: it names the file that holds the rule, relative to the root."""
    from repokb.pipeline.discover import walk_skip

    repo = tmp_path / "repo"
    write(repo, ".git/HEAD", "ref: refs/heads/main\n")
    write(repo, ".git/info/exclude", "notes.local\nscratch/\n")
    write(repo, ".gitignore", "*.log\n")
    write(repo, "app/.gitignore", "*.tmp\n")
    for rel in ("notes.local", "scratch/a.py", "x.log", "app/notes.local", "app/y.log",
                "app/z.tmp", "app/main.py"):
        write(repo, rel, "text\n")
    _, skipped = walk(repo)
    assert {rel: skipped[rel].reason for rel in ("notes.local", "scratch", "x.log",
                                                  "app/notes.local", "app/y.log",
                                                  "app/z.tmp")} == {
        "notes.local": "ignored by .git/info/exclude",
        "scratch": "skipped directory: ignored by .git/info/exclude",
        "x.log": "ignored by .gitignore",
        "app/notes.local": "ignored by .git/info/exclude",
        "app/y.log": "ignored by .gitignore",
        "app/z.tmp": "ignored by app/.gitignore"}
    files, skipped = walk(repo / "app")  # indexing a folder of the clone
    assert "main.py" in files
    assert skipped["notes.local"].reason == "ignored by ../.git/info/exclude"
    assert skipped["y.log"].reason == "ignored by ../.gitignore"
    assert skipped["z.tmp"].reason == "ignored by .gitignore"
    # explain of a file never indexed answers the same
    (project,) = resolve_roots([repo], None)
    left = walk_skip(project, "app/notes.local")
    assert left is not None and left.reason == "ignored by .git/info/exclude"


# .gitignore files (path -> text), then the files the walk must keep (git check-ignore: not
# ignored) and those it must leave out as ignored; git 2.39's answers, also asked below
GITIGNORE_CASES = [
    ("negation below", {".gitignore": "*.log\n", "logs/.gitignore": "!keep.log\n"},
     ["logs/keep.log"], ["logs/other.log", "a.log"]),
    ("allow list", {".gitignore": "*\n!*/\n!*.py\n"}, ["src/a.py", "c.py"], ["src/b.txt"]),
    ("allow list of a folder", {".gitignore": "*\n!.gitignore\n!src/\n!src/**\n"},
     ["src/a.py", "src/deep/b.py"], ["other/c.py", "top.py"]),
    ("deeper file wins", {".gitignore": "*.txt\n", "sub/.gitignore": "!*.txt\nsecret.txt\n"},
     ["sub/a.txt"], ["sub/secret.txt", "b.txt"]),
    ("three levels", {".gitignore": "*.txt\n", "a/.gitignore": "!important.txt\n",
                      "a/b/.gitignore": "important.txt\n"},
     ["a/important.txt"], ["a/b/important.txt", "a/b/c/important.txt"]),
    ("a folder re-included below", {".gitignore": "out\n", "sub/.gitignore": "!out\n"},
     ["sub/out/x.py"], ["out/y.py"]),
    ("an ignored folder stays ignored", {".gitignore": "logs/\n", "logs/.gitignore": "!*\n"},
     [], ["logs/a"]),
    ("folders inside only", {".gitignore": "a/**/\n"}, ["a/f"], ["a/b/f", "a/b/c/f"]),
    ("a pattern with a slash in a folder's file", {"sub/.gitignore": "x/y.txt\n"},
     ["sub/q/x/y.txt", "x/y.txt"], ["sub/x/y.txt"]),
    ("one child folder kept", {".gitignore": "foo/*\n!foo/bar/\n"}, ["foo/bar/x"],
     ["foo/baz/y", "foo/z"]),
    ("a file re-included", {".gitignore": "dist\n!dist/keep\n"}, [], ["dist/keep", "dist/other"]),
]


@cases(("name", "ignores", "kept", "ignored"), GITIGNORE_CASES)
def test_the_walk_ignores_what_git_ignores(tmp_path, name, ignores, kept, ignored):
    """The deepest .gitignore that speaks of a path decides, a negation too, and nothing is
    re-included inside an ignored folder. Before, the first file from the root that matched
    decided (`!keep.log` below `*.log` was lost) and pathspec let `!*/` lose to the `*` above
    it, so an allow-list .gitignore left the whole project out."""
    import shutil
    import subprocess

    root = tmp_path / "p"
    for rel, text in ignores.items():
        write(root, rel, text)
    for rel in kept + ignored:
        write(root, rel, "x = 1\n")
    files, skipped = walk(root)
    assert [rel for rel in kept if rel not in files] == []
    assert [rel for rel in ignored if rel in files] == []
    if shutil.which("git"):  # and git says the same of each
        subprocess.run(["git", "init", "-q", str(root)], check=True)
        said = subprocess.run(["git", "-C", str(root), "check-ignore", "--no-index", "--",
                               *kept, *ignored], capture_output=True, text=True).stdout.split()
        assert sorted(said) == sorted(ignored)


def test_the_walk_reads_what_git_reads_above_the_root(tmp_path):
    """A clone's own `.git/info/exclude` (local notes, local settings) and the .gitignore of
    the folders above a root inside a work tree (`repokb index repo/src`) ignore files as
    git does; before, both were indexed."""
    import subprocess

    repo = tmp_path / "repo"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    write(repo, ".git/info/exclude", "# git ls-files --others --exclude-from=...\nnotes/\n"
                                     "local_settings.py\n")
    write(repo, ".gitignore", "*.log\nsrc/generated/\n")
    write(repo, "src/.gitignore", "!keep.log\n")
    for rel in ("src/app.py", "src/local_settings.py", "src/notes/todo.md", "src/run.log",
                "src/keep.log", "src/generated/api.py", "src/lib/util.py"):
        write(repo, rel, "x = 1\n")
    for root in (repo, repo / "src"):
        files, _ = walk(root)
        lead = "src/" if root == repo else ""
        assert set(files) >= {f"{lead}app.py", f"{lead}keep.log", f"{lead}lib/util.py"}
        for rel in ("local_settings.py", "notes/todo.md", "run.log", "generated/api.py"):
            assert f"{lead}{rel}" not in files, (root, rel)
    said = subprocess.run(["git", "-C", str(repo / "src"), "check-ignore", "--",
                           "local_settings.py", "notes/todo.md", "run.log", "generated/api.py",
                           "keep.log", "app.py"], capture_output=True, text=True).stdout.split()
    assert said == ["local_settings.py", "notes/todo.md", "run.log", "generated/api.py"]


def test_gitignore_spares_the_files_git_tracks_and_repo_config_runs_nothing(tmp_path):
    """git ignores untracked files only: a tracked file a .gitignore matches was left out
    (found in the new-user trial). Asking git must not run the repository's fsmonitor."""
    import subprocess

    root = tmp_path / "p"
    write(root, ".gitignore", "*.log\nscratch/\n")
    for rel in ("keep.log", "other.log", "scratch/keep.txt", "scratch/tmp.txt", "src/app.py"):
        write(root, rel, "text\n")
    git = ["git", "-C", str(root)]
    subprocess.run(git + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "-f", "keep.log", "scratch/keep.txt", "src/app.py"], check=True)
    marker = tmp_path / "fsmonitor-ran"
    hook = write(tmp_path, "hook.sh", f"#!/bin/sh\ntouch {marker}\n")
    hook.chmod(0o755)
    subprocess.run(git + ["config", "core.fsmonitor", str(hook)], check=True)
    files, skipped = walk(root)
    assert {"keep.log", "scratch/keep.txt", "src/app.py"} <= set(files)
    assert "ignored by .gitignore" in skipped["other.log"].reason
    assert "ignored by .gitignore" in skipped["scratch/tmp.txt"].reason
    assert not marker.exists()


def test_symlinks_are_never_followed_out_of_the_root_and_loops_end(tmp_path):
    outside = write(tmp_path, "outside/secret.py", "token = 1\n")
    root = tmp_path / "p"
    target = write(root, "real.py", "z = 1\n")
    os.symlink(outside, root / "link_out.py")
    os.symlink(target, root / "link_in.py")
    os.symlink(root, root / "loop")
    os.symlink(root / "missing", root / "broken.py")
    files, skipped = walk(root)
    assert set(files) == {"real.py"}
    assert "outside the project root" in skipped["link_out.py"].reason
    assert "real.py" in skipped["link_in.py"].reason
    assert "not followed" in skipped["loop"].reason
    assert "broken" in skipped["broken.py"].reason


def test_submodule_is_its_own_boundary(tmp_path):
    write(tmp_path, "p/lib/sub/.git", "gitdir: ../../.git/modules/sub\n")
    write(tmp_path, "p/lib/sub/code.py", "x = 1\n")
    files, skipped = walk(tmp_path / "p")
    assert "lib/sub/code.py" not in files
    assert "submodule" in skipped["lib/sub"].reason


def test_submodules_listed_in_gitmodules_are_their_own_boundary_without_git(tmp_path):
    """An sdist or a tarball keeps its submodules' files but no `.git` in them (numpy 2.1.3:
    vendored-meson/meson, src/highway ... 5,000 files of other projects were indexed as its
    own source). The paths `.gitmodules` lists are left to those projects, as a checkout's."""
    write(tmp_path, "p/.gitmodules",
          '[submodule "vendored-meson/meson"]\n\tpath = vendored-meson/meson\n'
          '\turl = https://github.com/numpy/meson.git\n'
          '[submodule "highway"]\n  path = "numpy/_core/src/highway/"\n'
          '[submodule "gone"]\n\tpath = not/here\n')
    write(tmp_path, "p/vendored-meson/meson/mesonbuild/mesonmain.py", "def main():\n    pass\n")
    write(tmp_path, "p/vendored-meson/build-backend/mesonpy.py", "x = 1\n")
    write(tmp_path, "p/numpy/_core/src/highway/hwy/base.h", "#define HWY 1\n")
    write(tmp_path, "p/numpy/_core/src/highway_glue.c", "int glue;\n")
    files, skipped = walk(tmp_path / "p")
    assert "vendored-meson/meson/mesonbuild/mesonmain.py" not in files
    assert "numpy/_core/src/highway/hwy/base.h" not in files
    assert {"vendored-meson/build-backend/mesonpy.py", "numpy/_core/src/highway_glue.c",
            ".gitmodules"} <= set(files)
    for folder in ("vendored-meson/meson", "numpy/_core/src/highway"):
        assert skipped[folder].kind == "vendor"
        assert "submodule" in skipped[folder].reason and ".gitmodules" in skipped[folder].reason


def test_project_names_and_bad_roots(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    roots = resolve_roots([tmp_path / "a", tmp_path / "b"], None)
    assert [r.name for r in roots] == ["a", "b"]
    with pytest.raises(InputError):
        resolve_roots([tmp_path / "a", tmp_path / "b"], "one")
    with pytest.raises(InputError):
        resolve_roots([tmp_path / "missing"], None)
    file = write(tmp_path, "f.txt", "x")
    with pytest.raises(InputError):
        resolve_roots([file], None)


def test_a_folder_swapped_for_a_symlink_during_the_walk_is_not_entered(tmp_path):
    """The walk listed `b` as a folder; it becomes a link outside before the walk enters it."""
    import shutil

    from repokb.models import SkippedPath, SourceFile
    from repokb.pipeline.discover import ProjectRoot, discover

    root, outside = tmp_path / "proj", tmp_path / "outside"
    (root / "b").mkdir(parents=True)
    (root / "a.md").write_text("# A\n")
    (root / "b" / "inner.md").write_text("# Inner\n")
    (root / "c.md").write_text("# C\n")  # listed after b
    outside.mkdir()
    (outside / "stolen.md").write_text("# Outside the project\n")
    walk = discover(ProjectRoot("proj", root.resolve()))
    first = next(walk)
    assert isinstance(first, SourceFile) and first.path == "a.md"
    shutil.rmtree(root / "b")
    (root / "b").symlink_to(outside, target_is_directory=True)
    rest = list(walk)
    files = [i.path for i in rest if isinstance(i, SourceFile)]
    assert files == ["c.md"]
    skipped = next(i for i in rest if isinstance(i, SkippedPath) and i.path == "b")
    assert "outside the project root" in skipped.reason


def test_a_file_swapped_for_a_symlink_after_the_walk_is_not_read(tmp_path):
    from repokb.pipeline.discover import ProjectRoot, discover

    root = tmp_path / "proj"
    root.mkdir()
    (root / "notes.md").write_text("# Notes\n")
    secret = tmp_path / "secret.txt"
    secret.write_text("outside the project\n")
    (item,) = list(discover(ProjectRoot("proj", root.resolve())))
    (root / "notes.md").unlink()
    (root / "notes.md").symlink_to(secret)
    with pytest.raises(OSError):
        item.open()


def test_a_folder_swapped_for_a_symlink_after_the_walk_is_not_read(tmp_path):
    """The walk found `sub/notes.md`; `sub` then becomes a link to a folder outside holding a
    file of the same name: reading the item must refuse, not read the outside file."""
    import shutil

    from repokb.pipeline.discover import ProjectRoot, discover

    root, outside = tmp_path / "proj", tmp_path / "outside"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "notes.md").write_text("# Notes\n")
    outside.mkdir()
    (outside / "notes.md").write_text("outside the project\n")
    (item,) = list(discover(ProjectRoot("proj", root.resolve())))
    shutil.rmtree(root / "sub")
    (root / "sub").symlink_to(outside, target_is_directory=True)
    with pytest.raises(OSError):
        item.open()


def test_a_fifo_swapped_in_after_the_walk_is_refused_without_blocking(tmp_path):
    import os

    from repokb.pipeline.discover import ProjectRoot, discover

    root = tmp_path / "proj"
    root.mkdir()
    (root / "notes.md").write_text("# Notes\n")
    (item,) = list(discover(ProjectRoot("proj", root.resolve())))
    (root / "notes.md").unlink()
    os.mkfifo(root / "notes.md")
    with pytest.raises(OSError):
        item.open()  # opening a FIFO for reading would wait for a writer forever


def test_a_file_still_in_place_is_read(tmp_path):
    from repokb.pipeline.discover import ProjectRoot, discover

    root = tmp_path / "proj"
    (root / "a" / "b").mkdir(parents=True)
    (root / "a" / "b" / "x.md").write_text("# X\n")
    (item,) = list(discover(ProjectRoot("proj", root.resolve())))
    with item.open() as fh:
        assert fh.read() == b"# X\n"


def test_a_build_folder_of_documentation_sources_is_walked_and_build_output_is_not(tmp_path):
    """SQLAlchemy's sdist keeps its reST pages and Sphinx conf.py in doc/build/: they are the
    documentation, not build output (the walk skipped all 187 of them)."""
    write(tmp_path, "p/doc/build/conf.py", "project = 'x'\n")
    write(tmp_path, "p/doc/build/orm/select.rst", "Select\n======\n\nText.\n")
    write(tmp_path, "p/docs2/build/html/index.html", "<html></html>\n")  # Sphinx's output
    write(tmp_path, "p/build/lib/pkg/mod.py", "x = 1\n")  # setuptools' copy
    files, skipped = walk(tmp_path / "p")
    assert {"doc/build/conf.py", "doc/build/orm/select.rst"} <= set(files)
    assert {"docs2/build", "build"} <= set(skipped)


def test_a_python_package_named_like_build_output_is_walked(tmp_path):
    """A folder holding `__init__.py` is a Python package, whatever its name: coverage.py's
    own source is `coverage/`, pypa/build's is `src/build/`, Sphinx's autodoc test package is
    `tests/roots/test-ext-autodoc/target/` (the walk skipped them as coverage reports and
    build output). Build output never holds `__init__.py` at its top."""
    write(tmp_path, "p/coverage/__init__.py", "")
    write(tmp_path, "p/coverage/control.py", "class Coverage: ...\n")
    write(tmp_path, "p/src/build/__init__.py", "")
    write(tmp_path, "p/src/build/_builder.py", "class ProjectBuilder: ...\n")
    write(tmp_path, "p/tests/roots/autodoc/target/__init__.py", "def f(): ...\n")
    write(tmp_path, "p/build/lib/pkg/__init__.py", "")  # setuptools' copy: still output
    write(tmp_path, "p/target/debug/app", "\x7fELF")  # Cargo's output
    write(tmp_path, "p/htmlcov/coverage/index.html", "<html></html>\n")
    files, skipped = walk(tmp_path / "p")
    assert {"coverage/control.py", "src/build/_builder.py",
            "tests/roots/autodoc/target/__init__.py"} <= set(files)
    assert {"build", "target", "htmlcov/coverage"} <= set(skipped)


def test_watch_follows_a_package_named_like_build_output_and_ignores_real_output(tmp_path):
    """`repokb watch` ignored every change under a folder with such a name, so an edit of
    coverage.py's `coverage/control.py` (walked since) never reached the index; and a `doc/
    build` of reST sources (walked for SQLAlchemy) was never watched either."""
    from watchfiles import Change

    from repokb.surfaces.watch import _ProjectFilter

    write(tmp_path, "p/coverage/__init__.py", "")
    write(tmp_path, "p/doc/build/conf.py", "project = 'x'\n")
    write(tmp_path, "p/build/lib/pkg/__init__.py", "")
    watched = _ProjectFilter()
    p = tmp_path / "p"
    assert watched(Change.modified, str(p / "coverage/control.py"))
    assert watched(Change.added, str(p / "doc/build/intro.rst"))
    assert not watched(Change.modified, str(p / "build/lib/pkg/__init__.py"))
    assert not watched(Change.modified, str(p / "node_modules/left/index.js"))
    assert not watched(Change.modified, str(p / ".git/index"))
    assert watched(Change.modified, str(p / "src/app.py"))


def test_explaining_an_uploaded_path_leaves_out_the_folders_the_walk_leaves_out(tmp_path):
    """`explain` of a path an upload did not send says "skipped directory" only for a folder
    the walk leaves out too: it answered so for every `build/` or `dist/`, also a Python
    package of that name the walk indexes (pypa/build's `src/build/`). One rule, asked of the
    disk by the walk and of the uploaded project's files by explain."""
    from repokb.explain import walk_record

    for rel in ("src/build/__init__.py", "src/build/_builder.py", "coverage/__init__.py",
                "coverage/control.py", "doc/build/conf.py", "doc/build/orm/select.rst",
                "build/lib/pkg/__init__.py", "dist/app.js", "docs2/build/html/index.html",
                "node_modules/left/index.js", "node_modules/build/__init__.py", "src/app.py"):
        write(tmp_path, f"p/{rel}", "x = 1\n")
    root = tmp_path / "p"
    on_disk = {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}
    files, skipped = walk(root)
    for rel in sorted(on_disk):
        record = walk_record("p", rel, on_disk.__contains__)
        if rel in files:
            assert record is None, rel
        else:
            assert record is not None and record["inside"] in skipped, rel
            assert record["reason"] == skipped[record["inside"]].reason, rel
    assert walk_record("p", "src/build/new.py", on_disk.__contains__) is None  # a package
    assert walk_record("p", "dist/new.js", on_disk.__contains__)["inside"] == "dist"
    assert walk_record("p", "build/__init__.py", lambda _: False) is None  # itself a marker


def _items(project) -> dict[str, tuple[str, str]]:
    return {i.path: (type(i).__name__, getattr(i, "reason", "")) for i in discover(project)}


def test_a_walk_of_one_folder_decides_as_the_walk_of_the_whole_root(tmp_path):
    """`repokb index ROOT/sub` of an indexed ROOT walks sub only, with the .gitignore files
    above it, its skipped folders and the other projects' roots, as the whole walk does."""
    from dataclasses import replace

    root = tmp_path / "p"
    write(root, ".gitignore", "*.log\nsub/deep/ignored/\n")
    write(root, "top.py", "x = 1\n")
    write(root, "sub/.gitignore", "*.tmp\n")
    for rel in ("sub/a.py", "sub/a.log", "sub/deep/b.tmp", "sub/deep/c.md",
                "sub/deep/ignored/d.py", "sub/node_modules/m/index.js", "sub/other/e.py",
                "sub/repo/.git/HEAD", "sub/repo/f.py"):
        write(root, rel, "text\n")
    (whole,) = resolve_roots([root], None)
    whole = replace(whole, others=((str(root / "sub" / "other"), "other"),))
    full = _items(whole)
    scoped = _items(replace(whole, scope="sub/deep"))
    assert scoped == {k: v for k, v in full.items() if k.startswith("sub/deep/")}
    assert set(scoped) == {"sub/deep/b.tmp", "sub/deep/c.md", "sub/deep/ignored"}
    assert _items(replace(whole, scope="sub")) == {k: v for k, v in full.items()
                                                    if k.startswith("sub/")}
    assert "indexed as project 'other'" in full["sub/other"][1]
    left = next(i for i in discover(whole) if i.path == "sub/other")
    assert isinstance(left, SkippedPath) and left.owner == "other" and left.is_dir
    # a folder the whole walk leaves out is recorded as that, not walked
    assert _items(replace(whole, scope="sub/deep/ignored")) == {
        "sub/deep/ignored": ("SkippedPath", "skipped directory: ignored by .gitignore")}


def test_a_folder_is_placed_in_the_project_whose_walk_covers_it(tmp_path):
    from repokb.pipeline.projects import boundaries, place

    write(tmp_path, "work/app.py", "x = 1\n")
    write(tmp_path, "work/tool/cli.py", "y = 2\n")
    write(tmp_path, "work/node_modules/pkg/index.js", "z\n")
    write(tmp_path, "work/repo/.git/HEAD", "ref: refs/heads/main\n")
    work = (tmp_path / "work").resolve()
    known = {"work": work, "gone": work / "gone"}

    def placed(path, project=None):
        return place(resolve_roots([path], project), project, known)

    (root,) = placed(work / "tool")
    assert (root.name, root.root, root.scope, root.folder) == ("work", work, "tool",
                                                                work / "tool")
    assert placed(work / "tool", "work")[0].scope == "tool"
    assert placed(work)[0] == ProjectRoot("work", work)
    # left out by the walk of work: projects of their own, as before
    assert placed(work / "node_modules" / "pkg")[0] == ProjectRoot("pkg", work / "node_modules"
                                                                    / "pkg")
    assert placed(work / "repo")[0].name == "repo"
    with pytest.raises(InputError, match="lies inside project 'work'"):
        placed(work / "tool", "tool")
    with pytest.raises(InputError, match="already indexed as project 'work'"):
        placed(work, "other")
    with pytest.raises(InputError, match="also given"):
        place(resolve_roots([work, work / "tool"], None), None, {})
    # together with a folder its walk leaves out: both are fine
    both = place(resolve_roots([work, work / "repo"], None), None, {})
    assert [r.name for r in both] == ["work", "repo"]
    with pytest.raises(InputError, match="given twice"):
        resolve_roots([work, tmp_path / "work" / "." / "tool" / ".."], None)
    # the other projects' roots inside a root, the gone one's too (never met: no cost)
    bounded = boundaries(ProjectRoot("work", work), {**known, "tool": work / "tool"})
    assert bounded.others == ((str(work / "gone"), "gone"), (str(work / "tool"), "tool"))
    assert bounded.owner(str(work / "tool")) == "tool" and bounded.owner(str(work)) is None


def test_a_crate_copied_by_cargo_vendor_is_skipped_and_a_crate_of_the_project_is_walked(tmp_path):
    # orjson's sdist ships its 22 dependencies as `cargo vendor` wrote them (include/cargo/,
    # 921 .rs files of other projects); each crate folder holds the .cargo-checksum.json that
    # `cargo vendor` writes, which the project's own crates never have
    write(tmp_path, "p/Cargo.toml", "[package]\nname = \"p\"\n")
    write(tmp_path, "p/src/lib.rs", "pub fn p() {}\n")
    write(tmp_path, "p/crates/own/Cargo.toml", "[package]\nname = \"own\"\n")
    write(tmp_path, "p/crates/own/src/lib.rs", "pub fn own() {}\n")
    write(tmp_path, "p/include/cargo/itoa-1.0.1/.cargo-checksum.json",
          '{"files": {"src/lib.rs": "ab12"}, "package": "cd34"}')
    write(tmp_path, "p/include/cargo/itoa-1.0.1/Cargo.toml", "[package]\nname = \"itoa\"\n")
    write(tmp_path, "p/include/cargo/itoa-1.0.1/src/lib.rs", "pub fn fmt() {}\n")
    files, skipped = walk(tmp_path / "p")
    assert set(files) == {"Cargo.toml", "src/lib.rs", "crates/own/Cargo.toml",
                          "crates/own/src/lib.rs"}
    vendored = skipped["include/cargo/itoa-1.0.1"]
    assert vendored.is_dir and vendored.kind == "vendor"
    assert "cargo vendor" in vendored.reason


def test_the_build_output_of_nuxt_and_sveltekit_is_skipped_and_their_components_walked(tmp_path):
    write(tmp_path, "app/src/components/Button.vue", "<template><button /></template>\n")
    write(tmp_path, "app/src/components/Button.spec.ts", "it('renders', () => {})\n")
    write(tmp_path, "app/src/routes/+page.svelte", "<h1>Home</h1>\n")
    write(tmp_path, "app/.output/server/chunks/nitro.mjs", "export default function h() {}\n")
    write(tmp_path, "app/.svelte-kit/output/server/index.js", "export const manifest = {}\n")
    write(tmp_path, "app/.nuxt/routes.mjs", "export default []\n")
    files, skipped = walk(tmp_path / "app")
    assert set(files) == {"src/components/Button.vue", "src/components/Button.spec.ts",
                          "src/routes/+page.svelte"}
    assert set(skipped) == {".output", ".svelte-kit", ".nuxt"}
    assert "SvelteKit" in skipped[".svelte-kit"].reason


def test_an_sdists_files_are_what_its_build_shipped_whatever_its_gitignore_says(tmp_path):
    """cyclopts 5.4.0's sdist ships README.md and its .gitignore (`/*.md`: scratch notes at
    the top of a checkout); the walk left its README out, and tablib's and petl's version
    modules: in an sdist, outside git, every file is one the build backend chose to ship."""
    from repokb.pipeline.discover import walk_skip

    root = tmp_path / "cyclopts-5.4.0"
    write(root, "PKG-INFO", "Metadata-Version: 2.4\nName: cyclopts\n")
    write(root, ".gitignore", "/*.md\ncyclopts/_version.py\n")
    write(root, "README.md", "# Cyclopts\n\nIntuitive, easy CLIs based on type hints.\n")
    write(root, "cyclopts/_version.py", "__version__ = '5.4.0'\n")
    files, skipped = walk(root)
    assert {"README.md", "cyclopts/_version.py"} <= set(files), skipped
    (project,) = resolve_roots([root], None)
    assert walk_skip(project, "README.md") is None
    # a checkout (a work tree) or a folder without PKG-INFO keeps honouring it
    (root / "PKG-INFO").unlink()
    _, skipped = walk(root)
    assert skipped["README.md"].reason == "ignored by .gitignore"


def test_a_folder_s_markers_are_read_from_its_listing_not_asked_of_the_disk(
        tmp_path, monkeypatch: pytest.MonkeyPatch):
    """Issue 19: the walk lists each folder anyway; what the folder holds (a virtualenv's
    pyvenv.cfg, a vendored crate's checksum file, a nested .git, a repokb home) is read from
    that listing. The disk is asked only about a marker the listing holds: a plain folder
    costs no stat per marker (four per folder before: ~13,000 for Django's 3,238), and every
    folder is still judged as before."""
    for i in range(3):
        write(tmp_path, f"p/pkg{i}/sub/mod.py", "x = 1\n")
    write(tmp_path, "p/env/pyvenv.cfg", "home = /usr\n")
    write(tmp_path, "p/env/lib/x.py", "y = 2\n")
    write(tmp_path, "p/crate/.cargo-checksum.json", "{}\n")
    write(tmp_path, "p/nested/.git/HEAD", "ref: refs/heads/main\n")
    write(tmp_path, "p/home/catalog.sqlite3", "")
    write(tmp_path, "p/home/store/x", "")
    write(tmp_path, "p/bin/Debug/app.dll", "MZ")
    write(tmp_path, "p/almost/catalog.sqlite3", "a file named like a home's catalog\n")
    asked: list[str] = []
    real = os.stat

    def stat(path, *args, **kwargs):
        asked.append(os.fspath(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat)
    files, skipped = walk(tmp_path / "p")
    assert set(files) == {"pkg0/sub/mod.py", "pkg1/sub/mod.py", "pkg2/sub/mod.py",
                          "almost/catalog.sqlite3"}
    assert {path: s.reason.split(":")[0] for path, s in skipped.items()} == {
        "env": "skipped directory", "crate": "skipped directory",
        "nested": "git submodule or nested repository", "home": "skipped directory",
        "bin": "skipped directory"}
    markers = ("pyvenv.cfg", ".cargo-checksum.json", ".git", "catalog.sqlite3", "Debug")
    plain = [p for p in asked if "/pkg" in p and p.endswith(markers)]
    assert plain == []


def test_a_gitignored_or_name_skipped_folder_is_still_left_out_unlisted(
        tmp_path, monkeypatch: pytest.MonkeyPatch):
    """Reading markers from a folder's listing must not list the folders the walk leaves out
    without looking inside (a .gitignored data folder may hold a million files)."""
    write(tmp_path, "p/.gitignore", "bigdata/\n")
    for i in range(20):
        write(tmp_path, f"p/bigdata/part{i}.csv", "a,b\n1,2\n")
        write(tmp_path, f"p/node_modules/pkg{i}/index.js", "module.exports = 1\n")
    write(tmp_path, "p/src/app.py", "x = 1\n")
    listed: list[str] = []
    real = os.scandir

    def scandir(path="."):
        listed.append(os.fspath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    files, skipped = walk(tmp_path / "p")
    assert set(files) == {".gitignore", "src/app.py"}
    assert set(skipped) == {"bigdata", "node_modules"}
    assert "bigdata/" in skipped["bigdata"].reason or ".gitignore" in skipped["bigdata"].reason
    assert not [p for p in listed if "bigdata" in p or "node_modules" in p]
