"""`repokb index` of a folder that is not there: the error says what is near (newuser43: a
new user's `repokb index /missing` got "does not exist" and nothing else)."""

from __future__ import annotations

from pathlib import Path

import pytest

from repokb.errors import InputError
from repokb.roots import resolve_roots


def _hint(path: Path) -> str:
    with pytest.raises(InputError) as caught:
        resolve_roots([path], None)
    assert "does not exist" in str(caught.value)
    return caught.value.hint


def test_a_typo_names_the_folder_meant(tmp_path: Path) -> None:
    (tmp_path / "wagtail-8.0.1").mkdir()
    (tmp_path / "solid-js").mkdir()
    assert _hint(tmp_path / "wagtial-8.0.1") == f"Did you mean {tmp_path / 'wagtail-8.0.1'}?"


def test_no_close_name_shows_what_the_nearest_folder_holds(tmp_path: Path) -> None:
    (tmp_path / "projects" / "alpha").mkdir(parents=True)
    (tmp_path / "projects" / "beta").mkdir()
    (tmp_path / "projects" / "notes.txt").write_text("a file is not offered\n")
    hint = _hint(tmp_path / "projects" / "gamma" / "src")
    assert hint == f"{tmp_path / 'projects'} holds: alpha, beta", hint


def test_an_empty_parent_gives_no_hint(tmp_path: Path) -> None:
    assert _hint(tmp_path / "nothing-here") == ""
