"""The rule that reads an indexed project out of a question (query.named_project)."""

from __future__ import annotations

import pytest

from repokb.query import named_project, project_aliases

STORE = ["gin", "attrs", "fastify", "django-5.2.8", "black", "hatch"]


@pytest.mark.parametrize(("question", "project", "rest"), [
    ("how does gin recover from panics", "gin", "how does recover from panics"),
    ("How does Fastify register plugins?", "fastify", "How does register plugins?"),
    ("in attrs, how is a class frozen", "attrs", "how is a class frozen"),
    ("how is an attrs class frozen", "attrs", "how is an class frozen"),
    # an sdist folder's version is not part of the word a user writes
    ("where does django validate emails", "django-5.2.8", "where does validate emails"),
    ("django-5.2.8 settings", "django-5.2.8", "settings"),
    ("What does fastify's register do?", "fastify", "What does register do?"),
    ("hooks of the fastify library", "fastify", "hooks"),
    ("¿cómo se congela una clase en attrs?", "attrs", "¿cómo se congela una clase ?"),
    # one mention is the scope, another stays a word of the question
    ("In black, does Black have an API?", "black", "does Black have an API?"),
    # an ordinary word names its project with a cue before or after it
    ("how does black format strings", "black", "how does format strings"),
    ("string normalization in black", "black", "string normalization"),
    ("black's string normalization", "black", "string normalization"),
    # joined to a word that names no project, an ordinary word is still a word
    ("how does fastify render black and white images", "fastify",
     "how does render black and white images"),
])
def test_a_named_project_and_the_words_left(question: str, project: str, rest: str) -> None:
    assert named_project(question, STORE) == (project, rest)


@pytest.mark.parametrize("question", [
    "how to recover from panics",  # no project named
    "gin recovery middleware",  # gin, black: ordinary words without a cue
    "how to make the text black",
    "compare attrs and fastify plugins",  # two projects: nothing to scope to
    # an ordinary word joined to a project's name is the second project (multi28: "how does
    # cobra and click handle flags" searched cobra alone and said it was named)
    "how does fastify and black format code",
    "how do gin and black log requests",
    "in black or gin, where are the defaults",
    "black, gin and attrs: which is fastest",
    "what does gin.Context hold",  # a qualified name is code, not the project
    # so is a Rust path (newuser33: "where is rayon::join defined" scoped to rayon lost its
    # `rayon::`, and `join` fell from 1st to 7th)
    "where is attrs::join defined",
    "what does fastify::Reply::send return",
    "where is Attrs::attrs defined",
    "where is attrs/_make.py",  # a path
    "the fastify-plugin package",  # a longer name that contains it
    "how does ginger work",  # a word that starts with a name
    "hatchery docs",
])
def test_no_project_read(question: str) -> None:
    assert named_project(question, STORE) is None


def test_a_question_that_is_only_the_name_keeps_it() -> None:
    assert named_project("attrs", STORE) == ("attrs", "attrs")
    assert named_project("in fastify", STORE) == ("fastify", "in fastify")


def test_a_bare_name_two_versions_share_names_neither() -> None:
    both = ["django-4.2", "django-5.2.8"]
    assert "django" not in project_aliases(both)
    assert named_project("where does django validate emails", both) is None
    assert named_project("where does django-4.2 validate emails", both) == (
        "django-4.2", "where does validate emails")


def test_case_and_empty_store() -> None:
    assert named_project("HOW DOES ATTRS FREEZE", ["attrs"]) == ("attrs", "HOW DOES FREEZE")
    assert named_project("how does gin recover", ["Gin"])[0] == "Gin"  # type: ignore[index]
    assert named_project("how does gin recover", []) is None


def test_every_surface_says_where_the_scope_came_from() -> None:
    from repokb.surfaces import render
    from repokb.surfaces.mcp import render as mcp_render

    hit = {"path": "recovery.go", "start_line": 1, "end_line": 9, "symbol": "Recovery",
           "kind": "source", "language": "go", "score": 0.5, "project": "gin",
           "content": "func Recovery() HandlerFunc {", "project_from_question": "gin"}
    assert "Searched only project gin, named in the question" in render.scope_note([hit])
    assert "Searched only project gin" in mcp_render.hits("how does gin recover", [hit])
    plain = {k: v for k, v in hit.items() if k != "project_from_question"}
    assert render.scope_note([plain]) == ""
    assert "Searched only" not in mcp_render.hits("how to recover", [plain])


def test_two_readings_rank_code_by_the_better_and_docs_by_the_named():
    """A question scoped to the project it names is read with and without the name
    (search.better_reading): a piece of code keeps its higher score, a piece of documentation
    its score with the name (the name is a word of the docs, "Does Black have an API?")."""
    from repokb.search import better_reading
    from repokb.stores.base import StoredPoint

    doc, code = {"kind": "documentation"}, {"kind": "source"}
    named = [StoredPoint("faq", 0.71, doc), StoredPoint("readme", 0.64, doc),
             StoredPoint("find", 0.30, code)]
    unnamed = [StoredPoint("find", 0.66, code), StoredPoint("faq", 0.52, doc),
               StoredPoint("args", 0.66, code), StoredPoint("guide", 0.69, doc)]
    merged = better_reading(named, unnamed, 3)
    assert [(p.id, p.score) for p in merged] == [("faq", 0.71), ("args", 0.66), ("find", 0.66)]
