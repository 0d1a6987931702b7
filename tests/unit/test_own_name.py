"""A question asked of a project that says the project's own name ("how does maturin find the
Python interpreters installed on the system", asked of maturin) is searched without the name,
which says little inside that project (BM25 put maturin's `PythonInterpreter.find_all` 8th with
the word, 4th without it): `own_name.without_own_name`, applied by the search to a scoped
question as to an unscoped one (`query.named_project`)."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from repokb.models import Query
from repokb.own_name import without_own_name
from repokb.search import Searcher
from repokb.settings import Settings

from ..conftest import cases

QUESTION = "how does maturin find the Python interpreters installed on the system"


@cases("question,projects,defined,expected", [
    (QUESTION, ("maturin-1.16.0",), (),
     "how does find the Python interpreters installed on the system"),
    ("maturin's upload command", ("maturin-1.16.0",), (), "upload command"),
    # not a project searched: the question is left as it is
    (QUESTION, ("tokenizers-0.23.3",), (), QUESTION),
    # the project defines a name of its own name (Flask's class `Flask`): a code name
    ("how does the Flask class route", ("flask",), ("flask",), "how does the Flask class route"),
    # an ordinary word names its project only with a cue (query.ORDINARY)
    ("how to format black text", ("black",), (), "how to format black text"),
    ("how does black format strings", ("black",), (), "how does format strings"),
    # a question that is only the name keeps it
    ("maturin", ("maturin-1.16.0",), (), "maturin"),
], named_by=0)
def test_without_own_name(question, projects, defined, expected):
    asked: list[str] = []

    def defines(name: str) -> bool:
        asked.append(name)
        return name.lower() in defined

    assert without_own_name(question, projects, defines) == expected


def test_defined_is_asked_only_when_the_name_is_said():
    def defines(name: str) -> bool:
        raise AssertionError(name)

    assert without_own_name("how are wheels built", ("maturin-1.16.0",), defines) == (
        "how are wheels built")


class _Catalog:
    def project_names(self) -> list[str]:
        return ["maturin-1.16.0", "tokenizers-0.23.3", "flask"]

    def has_file_named(self, name: str, projects: Any = (), exact: bool = False) -> bool:
        return False


class _Point:
    def __init__(self, symbol: str, symbol_type: str) -> None:
        self.payload = {"symbol": symbol, "symbol_type": symbol_type}


class _Store:
    """maturin defines a method `PyProjectToml.maturin` (the `[tool.maturin]` table's getter),
    a member, no code name of the word; flask a class `Flask`."""

    def searching(self) -> contextlib.AbstractContextManager[None]:
        return contextlib.nullcontext()

    def defining(self, names: Any, where: Any, limit: int, content: bool = True) -> list[Any]:
        if "flask" in where.projects:
            return [_Point("Flask", "class"), _Point("Blueprint.flask", "method")]
        return [_Point("PyProjectToml.maturin", "method")]


class _Planned(Exception):
    pass


def test_a_scoped_search_reads_the_question_to_bm25_without_the_projects_name(monkeypatch):
    planned: list[Any] = []

    def answer(self: Any, query: Any, understood: Any, where: Any, content: bool) -> Any:
        planned.append(understood)
        raise _Planned

    monkeypatch.setattr(Searcher, "_answer", answer)
    searcher = Searcher(Settings(), _Store(), None, None, _Catalog())  # type: ignore[arg-type]
    with pytest.raises(_Planned):
        searcher.search(Query(QUESTION, projects=("maturin-1.16.0",)))
    # BM25 reads it without the name; the model reads the question whole ("Does Black have an
    # API?" without "Black" asks nothing the model can match: black's FAQ answers fell)
    assert "maturin" not in planned[-1].lexical_text.lower()
    assert planned[-1].dense_text == QUESTION
    # asked of another project, the name is a word of the question
    with pytest.raises(_Planned):
        searcher.search(Query(QUESTION, projects=("tokenizers-0.23.3",)))
    assert "maturin" in planned[-1].lexical_text
    # a project that defines its name as a whole: the word is a name of code there
    with pytest.raises(_Planned):
        searcher.search(Query("how does flask register a blueprint", projects=("flask",)))
    assert "flask" in planned[-1].lexical_text.lower().split()
