"""rules/folders.py: the one answer to "is this folder skipped for what it holds, and why",
asked by the walk, `repokb watch`, uploads and explain alike (tables.MARKER_SKIP_DIRS)."""

from __future__ import annotations

from pathlib import Path

import pytest
from watchfiles import Change

from repokb.models import SkippedPath, SourceFile
from repokb.pipeline.discover import ProjectRoot, discover
from repokb.rules.folders import among, marker_skip, on_disk
from repokb.surfaces.watch import _ProjectFilter

from ..conftest import write

MARKED = {  # a file in a marked folder -> its marker, beside it
    "env/bin/activate_this.py": "env/pyvenv.cfg",
    "local/bin/plackup": "local/lib/perl5/Plack.pm",
    "include/cargo/itoa-1.0.1/src/lib.rs": "include/cargo/itoa-1.0.1/.cargo-checksum.json",
    "Web/bin/Debug/net8.0/Web.dll": "Web/bin/Debug/net8.0/Web.pdb",
    "Web/obj/Web.csproj.nuget.g.props": "Web/obj/project.assets.json",
}
UNMARKED = ["bin/setup", "src/local/settings.pm", "crates/own/src/lib.rs", "app.py"]


def _tree(root: Path) -> None:
    for rel in [*MARKED, *MARKED.values(), *UNMARKED]:
        write(root, rel, "x = 1\n")


def test_the_walk_and_the_watch_leave_out_the_same_marked_folders(tmp_path):
    """Before, `repokb watch` knew only MSBuild's folders: a `pip install` into a virtualenv
    named `env/`, `carton install` into local/, a `cargo vendor` started a run each time."""
    root = tmp_path / "p"
    _tree(root)
    walked = {i.path for i in discover(ProjectRoot("p", root.resolve()))
              if isinstance(i, SourceFile)}
    assert walked == set(UNMARKED)
    watched = _ProjectFilter((root,))
    for rel in MARKED:
        assert not watched(Change.modified, str(root / rel)), rel
    for rel in UNMARKED:
        assert watched(Change.modified, str(root / rel)), rel


def test_a_watched_project_inside_a_marked_folder_is_still_watched(tmp_path):
    """The walk never judges its root or the folders above it: a project kept in a folder that
    holds pyvenv.cfg (a virtualenv made at the top of a workspace) is walked, and watched."""
    write(tmp_path, "work/pyvenv.cfg", "home = /usr/bin\n")
    root = tmp_path / "work" / "shop"
    write(root, "app.py", "x = 1\n")
    assert [i.path for i in discover(ProjectRoot("shop", root.resolve()))] == ["app.py"]
    assert _ProjectFilter((root,))(Change.modified, str(root / "app.py"))


def test_every_surface_records_the_walks_reason(tmp_path):
    root = tmp_path / "p"
    _tree(root)
    skipped = {i.path: i.reason for i in discover(ProjectRoot("p", root.resolve()))
               if isinstance(i, SkippedPath)}
    paths = set(MARKED) | set(MARKED.values())
    for rel in MARKED:
        folder = next(f for f in skipped if rel.startswith(f + "/"))
        name = folder.rsplit("/", 1)[-1]
        assert marker_skip(name, on_disk(str(root / folder)))[1] == skipped[folder]
        holds = among(folder, paths.__contains__,
                      lambda prefix: any(p.startswith(prefix) for p in paths))
        assert marker_skip(name, holds)[1] == skipped[folder]  # an upload's: paths only


@pytest.mark.parametrize(("name", "holds", "skipped"), [
    ("bin", ["Debug/"], True), ("bin", ["Debug"], False),  # a file named Debug: no build
    ("obj", ["project.assets.json"], True), ("local", ["lib/perl5/"], True),
    ("lib", ["lib/perl5/"], False), ("anything", ["pyvenv.cfg"], True),
    ("anything", ["pyvenv.cfg/"], False), ("bin", ["setup"], False),
])
def test_marker_rows(name, holds, skipped):
    assert (marker_skip(name, lambda marker: marker in holds) is not None) is skipped
