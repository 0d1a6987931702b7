"""A Lisp name a question gives (`magit-status`, `projectile-cache-file`, `my/open-init-file`)
is a name where the searched project defines it: before, "where is magit-status defined" and
"projectile-cache-file" asked for no name (a hyphen made words of it), so no definition was
looked up nor boosted; a hyphenated English word ("built-in") stays words."""

from __future__ import annotations

from repokb.query import SYMBOL, plan

from ..conftest import cases

DEFINED = {"magit-status", "projectile-cache-file", "my/open-init-file", "magit--minimal-git",
           "parse-string", "wrap-cookies", "defroutes"}


def is_defined(name: str) -> bool:
    return name.lower() in DEFINED


ASKED = [  # (question, the name it asks about)
    ("where is magit-status defined", "magit-status"),
    ("which variable is projectile-cache-file", "projectile-cache-file"),
    ("what does my/open-init-file do", "my/open-init-file"),
    ("magit--minimal-git", "magit--minimal-git"),
]


@cases(("question", "name"), ASKED)
def test_a_defined_lisp_name_is_asked_about(question, name):
    understood = plan(question, is_defined=is_defined)
    assert name in understood.about and name in understood.symbols


def test_a_lisp_name_alone_is_a_symbol_query():
    assert plan("projectile-cache-file", is_defined=is_defined).intent == SYMBOL


def test_a_hyphenated_word_no_project_defines_stays_words():
    for question in ("how do I use a built-in theme", "where is the read-only flag set"):
        understood = plan(question, is_defined=is_defined)
        assert not understood.about and not understood.symbols


QUALIFIED = [  # (question, the bare name it asks about): Clojure's `namespace/name` (newuser35:
    # "where is cheshire.core/parse-string defined" asked for `cheshire.core`, the ns piece first)
    ("where is cheshire.core/parse-string defined", "parse-string"),
    ("what does ring.middleware.cookies/wrap-cookies do", "wrap-cookies"),
    ("where is compojure.core/defroutes defined", "defroutes"),
]


@cases(("question", "name"), QUALIFIED)
def test_a_namespace_qualified_clojure_name_is_asked_about_bare(question, name):
    understood = plan(question, is_defined=is_defined)
    assert name in understood.about and name in understood.symbols
    assert not any("." in s for s in understood.symbols)


def test_a_url_path_is_not_a_qualified_name():
    understood = plan("how do I call example.com/api from a handler", is_defined=is_defined)
    assert "api" not in understood.symbols
