"""Every search reads the projects' names (a question naming one is scoped to it), so the
catalog keeps them between searches; what another process or this connection writes must show
at once: a project indexed by `repokb index` beside a running `serve`, an upload, a flush."""

from __future__ import annotations

from pathlib import Path

from repokb.stores.catalog import Catalog


def test_project_names_follow_every_write_from_any_connection(tmp_path: Path) -> None:
    path = tmp_path / "catalog.sqlite3"
    serving, indexing = Catalog(path), Catalog(path)  # as serve and another process
    assert serving.project_names() == []
    indexing.set_project("gin", tmp_path / "gin")  # another connection's commit
    assert serving.project_names() == ["gin"]
    with indexing.transaction():  # files of an uploaded project have no root
        indexing.put("notes", "a.md", status="indexed", chunks=1)
    assert serving.project_names() == ["gin", "notes"]
    serving.set_project("attrs", tmp_path / "attrs")  # this connection's own write
    assert serving.project_names() == ["attrs", "gin", "notes"]
    names = serving.project_names()
    names.append("mutated by a caller")
    assert serving.project_names() == ["attrs", "gin", "notes"]
    with indexing.transaction():  # a flush
        indexing.delete_project("notes")
    assert serving.project_names() == ["attrs", "gin"]
