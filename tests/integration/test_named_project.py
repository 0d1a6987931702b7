"""A question that names an indexed project searches that project, on the real model and a
real Qdrant Edge shard: "how does gin recover from panics" in a knowledge base of two Go web
frameworks that both recover from panics."""

from __future__ import annotations

from pathlib import Path

import pytest

from repokb.models import Query
from repokb.roots import resolve_roots

from ..conftest import write

pytestmark = pytest.mark.integration


@pytest.fixture
def two_frameworks(tmp_path: Path) -> tuple[Path, Path]:
    gin = tmp_path / "gin"
    write(gin, "README.md", '''
        # Gin Web Framework

        Gin is a web framework written in Go. Gin features a martini-like API with much
        better performance. If you need performance and good productivity, you will love Gin.

        ## Gin features

        - Fast: radix tree based routing, small memory foot print.
        - Middleware support: an incoming HTTP request in gin can be handled by a chain of
          middleware and the final action.
        - Crash-free: gin can catch a panic occurred during an HTTP request and recover it.
        - JSON validation: gin can parse and validate the JSON of a request.
        ''')
    write(gin, "gin.go", '''
        // Package gin implements a HTTP web framework called gin.
        package gin

        // Engine is the framework's instance, it contains the muxer, middleware and
        // configuration settings. Create an instance of Engine, by using New() or Default().
        type Engine struct {
            RouterGroup
            trees methodTrees
        }

        // Default returns an Engine instance with the Logger and Recovery middleware already
        // attached.
        func Default() *Engine {
            engine := New()
            engine.Use(Logger(), Recovery())
            return engine
        }
        ''')
    write(gin, "recovery.go", '''
        package gin

        import (
            "net/http"
            "runtime/debug"
        )

        // RecoveryFunc defines the function passable to CustomRecovery.
        type RecoveryFunc func(c *Context, err any)

        // Recovery returns a middleware that recovers from any panics and writes a 500 if
        // there was one.
        func Recovery() HandlerFunc {
            return CustomRecoveryWithWriter(DefaultErrorWriter, defaultHandleRecovery)
        }

        // CustomRecoveryWithWriter returns a middleware for a given writer that recovers
        // from any panics and calls the provided handle func to handle it.
        func CustomRecoveryWithWriter(out io.Writer, handle RecoveryFunc) HandlerFunc {
            return func(c *Context) {
                defer func() {
                    if err := recover(); err != nil {
                        debug.PrintStack()
                        handle(c, err)
                    }
                }()
                c.Next()
            }
        }

        func defaultHandleRecovery(c *Context, _ any) {
            c.AbortWithStatus(http.StatusInternalServerError)
        }
        ''')
    echo = tmp_path / "echo-4.11.4"
    write(echo, "middleware/recover.go", '''
        package middleware

        import (
            "fmt"
            "runtime"
        )

        // RecoverConfig defines the config for Recover middleware.
        type RecoverConfig struct {
            // Size of the stack to be printed.
            StackSize int
        }

        // Recover returns a middleware which recovers from panics anywhere in the chain
        // and handles the control to the centralized HTTPErrorHandler.
        func Recover() echo.MiddlewareFunc {
            return RecoverWithConfig(DefaultRecoverConfig)
        }

        // RecoverWithConfig returns a Recover middleware with config.
        func RecoverWithConfig(config RecoverConfig) echo.MiddlewareFunc {
            return func(next echo.HandlerFunc) echo.HandlerFunc {
                return func(c echo.Context) error {
                    defer func() {
                        if r := recover(); r != nil {
                            stack := make([]byte, config.StackSize)
                            length := runtime.Stack(stack, true)
                            c.Error(fmt.Errorf("[PANIC RECOVER] %v %s", r, stack[:length]))
                        }
                    }()
                    return next(c)
                }
            }
        }
        ''')
    return gin, echo


def test_a_question_naming_a_project_finds_its_definition_first(workspace, two_frameworks):
    workspace.indexer.run(resolve_roots(list(two_frameworks), None))
    hits = workspace.searcher.search(Query("how does gin recover from panics", limit=5))
    assert (hits[0].project, hits[0].path) == ("gin", "recovery.go")
    assert "func Recovery()" in hits[0].content
    assert {h.project for h in hits} == {"gin"}
    # the answer says where its scope came from, so a user can override it
    assert all(h.project_from_question == "gin" for h in hits)
    assert hits[0].to_json()["project_from_question"] == "gin"


def test_an_explicit_project_filter_overrides_the_name(workspace, two_frameworks):
    workspace.indexer.run(resolve_roots(list(two_frameworks), None))
    hits = workspace.searcher.search(Query("how does gin recover from panics", limit=5,
                                           projects=("echo-4.11.4",)))
    assert hits and {h.project for h in hits} == {"echo-4.11.4"}
    assert all(h.project_from_question is None for h in hits)
    assert "project_from_question" not in hits[0].to_json()


def test_a_question_scoped_to_the_project_it_names_is_read_with_and_without_the_name(
        workspace, two_frameworks, monkeypatch):
    """A question scoped (`projects`) to the project it names is read by the model both ways,
    each piece ranked by its better reading: the name may be the subject of the project's FAQ
    (dropping it cost run.py's black doc questions 0.467 -> 0.381 MRR@10, "Does Black have an
    API?") or only the scope (with it, "how does cobra find the subcommand to run from the
    arguments" had `Command.Find` 93rd in the dense ranking, 3rd without). BM25 keeps the
    name; the scope is the filter's."""
    workspace.indexer.run(resolve_roots(list(two_frameworks), None))
    read: list[str] = []
    vector = workspace.searcher.query_vector
    monkeypatch.setattr(workspace.searcher, "query_vector",
                        lambda text: read.append(text) or vector(text))
    store, sparse = workspace.searcher.store, []
    search = store.search
    monkeypatch.setattr(store, "search", lambda dense, terms, *args, **kwargs: (
        sparse.append(bool(terms[0])) or search(dense, terms, *args, **kwargs)))
    hits = workspace.searcher.search(Query("how does gin recover from panics", limit=5,
                                           projects=("gin",)))
    assert (hits[0].project, hits[0].path) == ("gin", "recovery.go")
    assert {h.project for h in hits} == {"gin"}
    assert read == ["how does gin recover from panics", "how does recover from panics"], read
    assert sparse == [True, False], sparse  # BM25 once: the second reading is dense alone
    assert all(h.project_from_question is None for h in hits)
    # a question that does not name its project is read once
    read.clear()
    workspace.searcher.search(Query("how to recover from panics", limit=5, projects=("gin",)))
    assert read == ["how to recover from panics"]


def test_a_versioned_folder_is_named_by_its_bare_name(workspace, two_frameworks):
    workspace.indexer.run(resolve_roots(list(two_frameworks), None))
    hits = workspace.searcher.search(Query("how does echo recover from panics", limit=5))
    assert hits[0].project == "echo-4.11.4" and hits[0].path == "middleware/recover.go"
    assert {h.project_from_question for h in hits} == {"echo-4.11.4"}


def test_a_question_naming_no_project_searches_them_all(workspace, two_frameworks):
    workspace.indexer.run(resolve_roots(list(two_frameworks), None))
    hits = workspace.searcher.search(Query("how to recover from panics", limit=10))
    assert {h.project for h in hits} == {"gin", "echo-4.11.4"}
    assert all(h.project_from_question is None for h in hits)


def test_the_cli_says_it_read_the_project_from_the_question(home, two_frameworks):
    import json

    from ..conftest import invoke

    for root in two_frameworks:
        invoke("index", str(root), "--json")
    shown = invoke("search", "how does gin recover from panics", "--limit", "3")
    assert "Searched only project gin, named in the question" in shown
    assert shown.index("gin/recovery.go") < shown.index("\n2. ")
    hits = json.loads(invoke("search", "how does gin recover from panics", "--json"))
    assert hits[0]["path"] == "recovery.go"
    assert {h["project_from_question"] for h in hits} == {"gin"}
    # an explicit project filter wins, and nothing is read from the question
    hits = json.loads(invoke("search", "how does gin recover from panics", "--json",
                             "--project", "echo-4.11.4"))
    assert {h["project"] for h in hits} == {"echo-4.11.4"}
    assert not any("project_from_question" in h for h in hits)


def test_the_rest_api_reads_the_project_the_same_way(workspace, two_frameworks):
    from fastapi.testclient import TestClient

    from repokb.operations import Operations
    from repokb.surfaces.server.app import create_app

    workspace.indexer.run(resolve_roots(list(two_frameworks), None))
    with TestClient(create_app(Operations(workspace)),
                    base_url="http://127.0.0.1:8765") as client:
        hits = client.post("/knowledge/search",
                           json={"query": "how does gin recover from panics"}).json()
        assert hits[0]["path"] == "recovery.go"
        assert {(h["project"], h["project_from_question"]) for h in hits} == {("gin", "gin")}
        hits = client.post("/knowledge/search", json={
            "query": "how does gin recover from panics", "project": "echo-4.11.4"}).json()
        assert {h["project"] for h in hits} == {"echo-4.11.4"}
        assert not any("project_from_question" in h for h in hits)


def test_an_empty_scoped_search_says_why(home, two_frameworks):
    from ..conftest import invoke, run_cli

    for root in two_frameworks:
        invoke("index", str(root), "--json")
    # echo has Go code only: a question naming it, asking for docs, finds nothing, and says
    # that the scope came from the question
    code, out, err = run_cli("search", "where does echo document its recovery", "--kind",
                             "documentation")
    assert code == 0
    assert "no chunk of project echo-4.11.4, named in the question" in out + err
