"""`--project` as a user types it: the project meant, or the name as typed (operations/scope.py)."""

from __future__ import annotations

from pathlib import Path

from repokb.operations.scope import absolute, project_meant

from ..conftest import cases

NAMES = ["clap", "cobra", "viper-1.10.1", "Shop", "shop-old"]


def _roots(tmp: Path) -> dict[str, Path]:
    return {"cobra": tmp / "src" / "cobra", "clap": tmp / "rust" / "clap",
            "viper-1.10.1": tmp / "src" / "cobra" / "vendor" / "viper"}


@cases("typed, meant", [
    ("cobra", "cobra"),            # the name
    ("Cobra", "cobra"),            # another case
    ("COBRA", "cobra"),
    ("cobra/", "cobra"),           # a trailing slash (shell completion of the folder)
    (" cobra ", "cobra"),          # blanks around it
    ("shop", "Shop"),              # the one project of that name in another case
    ("viper", "viper-1.10.1"),     # a version left off, as `repokb index` names an sdist
    ("Viper/", "viper-1.10.1"),
    ("shop-o", "shop-o"),          # a part of a name: not guessed
    ("cobar", "cobar"),            # a typo: left as typed
    ("nosuch", "nosuch"),
    ("../x", "../x"),              # a path no project holds
])
def test_a_typed_name_means_one_project_or_stays_as_typed(tmp_path, typed, meant):
    assert project_meant(typed, NAMES, _roots(tmp_path), cwd=tmp_path) == meant


def test_a_path_means_the_deepest_project_holding_it(tmp_path):
    roots = _roots(tmp_path)
    for root in roots.values():
        root.mkdir(parents=True)
    assert project_meant(str(tmp_path / "src/cobra"), NAMES, roots) == "cobra"
    assert project_meant(str(tmp_path / "src/cobra") + "/", NAMES, roots) == "cobra"
    assert project_meant("src/cobra/doc", NAMES, roots, cwd=tmp_path) == "cobra"
    assert project_meant("./src/cobra/vendor/viper/x.go", NAMES, roots,
                         cwd=tmp_path) == "viper-1.10.1"
    assert project_meant(".", NAMES, roots, cwd=tmp_path / "rust/clap") == "clap"
    assert project_meant(".", NAMES, roots, cwd=tmp_path) == "."  # above every project


def test_the_cli_sends_a_relative_folder_as_an_absolute_path(tmp_path):
    (tmp_path / "cobra").mkdir()
    assert absolute("cobra/", cwd=tmp_path) == str(tmp_path / "cobra")
    assert absolute(".", cwd=tmp_path / "cobra") == str(tmp_path / "cobra")
    assert absolute("cobra", cwd=tmp_path) == "cobra"  # a name, not a path
    assert absolute("nowhere/x", cwd=tmp_path) == "nowhere/x"
