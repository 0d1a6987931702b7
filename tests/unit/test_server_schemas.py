from __future__ import annotations

import pytest

from repokb.surfaces.server.schemas import project_name, relative_path


@pytest.mark.parametrize(("raw", "canonical"), [
    ("src/app.py", "src/app.py"),
    ("./src//app.py", "src/app.py"),
    ("src\\win\\app.py", "src/win/app.py"),
    ("docs/Cafe\u0301.md", "docs/Caf\u00e9.md"),  # NFD from macOS becomes NFC
    ("a/./b/", "a/b"),
])
def test_paths_are_normalised(raw, canonical):
    assert relative_path(raw) == canonical


@pytest.mark.parametrize("raw", ["../x", "a/../../x", "a/..", "/etc/passwd", "C:/x", "c:x",
                                 "\\\\server\\share", "", ".", "./", "a\x00b", "a\nb",
                                 "bad\ud800.py"])
def test_paths_that_escape_or_make_no_sense_are_refused(raw):
    with pytest.raises(ValueError):
        relative_path(raw)


@pytest.mark.parametrize("raw", ["", " ", "a/b", "..", ".", "x\\y", "tab\tname"])
def test_project_names_are_one_name(raw):
    with pytest.raises(ValueError):
        project_name(raw)
    assert project_name("my-shop.v2") == "my-shop.v2"
