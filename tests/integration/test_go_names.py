"""Go names as Go code writes them: `gin.Context`, a package's type.

gin 1.8.1 (Debian golang-github-gin-gonic-gin-dev): "gin.Context" found no `type Context
struct` in the top 10. context.go holds about a hundred methods `func (c *Context) ...`, each
short and each saying `Context`; BM25 ranked the long struct 61st (the query's forms of a
definition were `def`, `function`, `class`: Go says none of them), the model 29th, and
context.go's three hits were taken by its constant `ContextKey`, its imports and a method.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from repokb.models import Query
from repokb.roots import resolve_roots
from repokb.workspace import Workspace

from ..conftest import write

pytestmark = pytest.mark.integration

_METHODS = ["Copy", "HandlerName", "Next", "IsAborted", "Abort", "AbortWithStatus", "Set",
            "Get", "MustGet", "GetString", "Param", "Query", "DefaultQuery", "PostForm",
            "FormFile", "Bind", "BindJSON", "ShouldBind", "ClientIP", "ContentType", "Status",
            "Header", "GetHeader", "Cookie", "Render", "HTML", "JSON", "XML", "String",
            "Redirect", "Data", "File", "Stream", "Negotiate", "Deadline", "Done", "Err",
            "Value", "FullPath", "Error"]
_METHODS += [f"Must{name}" for name in _METHODS] + [f"Try{name}" for name in _METHODS]


def _context_go() -> str:
    methods = "".join(f'''
        // {name} returns the value for the given key in this context, if it exists.
        func (c *Context) {name}(key string) (value any, ok bool) {{
            c.mu.RLock()
            defer c.mu.RUnlock()
            value, ok = c.Keys[key]
            if !ok && c.engine != nil {{
                value, ok = c.engine.defaults[key]
            }}
            return
        }}
        ''' for name in _METHODS)
    return '''
        package gin

        import (
            "net/http"
            "sync"
        )

        // BodyBytesKey indicates a default body bytes key.
        const BodyBytesKey = "_gin-gonic/gin/bodybyteskey"

        // ContextKey is the key that a Context returns itself for.
        const ContextKey = "_gin-gonic/gin/contextkey"

        // Context is the most important part of gin. It allows us to pass variables between
        // middleware, manage the flow, validate the JSON of a request and render a JSON
        // response for example.
        type Context struct {
            Request *http.Request
            Writer  ResponseWriter
            Params  Params

            handlers HandlersChain
            index    int8
            fullPath string
            engine   *Engine

            // This mutex protects Keys map.
            mu sync.RWMutex

            // Keys is a key/value pair exclusively for the context of each request.
            Keys map[string]any

            // Errors is a list of errors attached to all the handlers/middlewares who used
            // this context.
            Errors errorMsgs

            // Accepted defines a list of manually accepted formats for content negotiation.
            Accepted []string
        }
        ''' + methods


@pytest.fixture
def gin(tmp_path: Path) -> Path:
    root = tmp_path / "gin"
    write(root, "context.go", _context_go())
    write(root, "gin.go", '''
        package gin

        // HandlerFunc defines the handler used by gin middleware as return value.
        type HandlerFunc func(*Context)

        // Engine is the framework's instance, it contains the muxer, middleware and
        // configuration settings.
        type Engine struct {
            RouterGroup
            pool sync.Pool
        }

        // allocateContext makes a new Context for the engine's pool.
        func (engine *Engine) allocateContext() *Context {
            return &Context{engine: engine}
        }
        ''')
    write(root, "examples/handlers.go", "package main\n\nimport \"github.com/gin-gonic/gin\"\n"
          + "".join(f'''
        // {name}Handler answers GET /{name.lower()} with its key.
        func {name}Handler(c *gin.Context) {{
            value, _ := c.Get("{name.lower()}")
            c.JSON(200, gin.H{{"{name.lower()}": value}})
        }}
        ''' for name in _METHODS[:60]))
    return root


def _rank(ws: Workspace, text: str, path: str, symbol: str) -> int | None:
    hits = ws.searcher.search(Query(text=text, limit=10))
    return next((i for i, h in enumerate(hits, 1) if (h.path, h.symbol) == (path, symbol)),
                None)


def test_a_package_qualified_type_is_found_among_its_many_methods(workspace, gin):
    workspace.indexer.run(resolve_roots([gin], None))
    assert _rank(workspace, "gin.Context", "context.go", "Context") == 1
    assert _rank(workspace, "Context", "context.go", "Context") == 1


def test_bm25_finds_a_go_type_by_its_type_struct_form(settings, real_embedder, gin):
    """The lexical side alone (the dense ranking weighs nothing): the forms of a definition the
    query adds include Go's `type X struct`, so BM25 ranks the struct among the first; it was
    past the 50th, below every `func (c *Context)` and every handler of `*gin.Context`."""
    ws = Workspace(replace(settings, dense_weight=0.0))
    ws.__dict__["embedder"] = real_embedder
    try:
        ws.indexer.run(resolve_roots([gin], None))
        assert _rank(ws, "gin.Context", "context.go", "Context") == 1
    finally:
        ws.close()


@pytest.fixture
def cli_v2(tmp_path: Path) -> Path:
    """A Go module's major-version folder as Debian ships it (gocode/src/.../cli/v2): indexed
    as the project `v2`, its files say `package cli`."""
    root = tmp_path / "v2"
    write(root, "app.go", '''
        // Copyright 2016 the cli authors. Use of this source code is governed by an MIT
        // license that can be found in the LICENSE file.

        package cli

        // App is the main structure of a cli application.
        type App struct {
            // The name of the program. Defaults to path.Base(os.Args[0])
            Name string
            // Description of the program.
            Usage string
            // List of commands to execute
            Commands []*Command
        }

        // NewApp creates a new cli Application with some reasonable defaults.
        func NewApp() *App {
            return &App{Name: "cli", Usage: "A new cli application"}
        }
        ''')
    write(root, "context.go", '''
        package cli

        // Context is a type that is passed through to each Handler action in a cli
        // application.
        type Context struct {
            app     *App
            Command *Command
        }

        // App returns the cli application the context runs.
        func (cCtx *Context) App() *App {
            return cCtx.app
        }
        ''')
    write(root, "command.go", '''
        package cli

        // Command is a subcommand for a cli.App.
        type Command struct {
            Name  string
            Usage string
        }
        ''')
    return root


def test_a_go_package_is_its_package_clause_not_its_folder(workspace, cli_v2):
    """`cli.App` is the `App` of package cli, in the folder v2: it was no definition of `cli`
    (no boost), and the method `Context.App` (the last name's share) came first."""
    workspace.indexer.run(resolve_roots([cli_v2], None))
    assert _rank(workspace, "cli.App", "app.go", "App") == 1
    assert _rank(workspace, "cli.NewApp", "app.go", "NewApp") == 1
    assert _rank(workspace, "v2.App", "app.go", "App") == 1  # the folder's name still counts


def _utils_go() -> str:
    """gin 1.8.1's utils.go, shortened: `type H map[string]any` among helpers."""
    return '''
        package gin

        import (
            "encoding/xml"
            "net/http"
        )

        // BindKey indicates a default bind key.
        const BindKey = "_gin-gonic/gin/bindkey"

        // Bind is a helper function for given interface object and returns a Gin middleware.
        func Bind(val any) HandlerFunc {
            return func(c *Context) {
                c.Set(BindKey, val)
            }
        }

        // WrapF is a helper function for wrapping http.HandlerFunc and returns a Gin middleware.
        func WrapF(f http.HandlerFunc) HandlerFunc {
            return func(c *Context) {
                f(c.Writer, c.Request)
            }
        }

        // H is a shortcut for map[string]any
        type H map[string]any

        // MarshalXML allows type H to be used with xml.Marshal.
        func (h H) MarshalXML(e *xml.Encoder, start xml.StartElement) error {
            start.Name = xml.Name{Space: "", Local: "map"}
            if err := e.EncodeToken(start); err != nil {
                return err
            }
            for key, value := range h {
                elem := xml.StartElement{Name: xml.Name{Space: "", Local: key}}
                if err := e.EncodeElement(value, elem); err != nil {
                    return err
                }
            }
            return e.EncodeToken(xml.EndElement{Name: start.Name})
        }
        '''


@pytest.mark.parametrize("text", ["gin.H", "type H", "`H`", "what is gin.H"])
def test_a_one_letter_name_is_found_by_its_definitions_symbol(workspace, gin, text):
    """gin 1.8.1: "gin.H" found no `type H map[string]any` in the top 10. One letter makes no
    BM25 token, so the lexical side saw only `gin.h`, which the sixty handlers writing
    `gin.H{...}` say and the definition does not; the model put ginS's `engine` first. A name
    BM25 cannot see is looked up by the definitions' symbol (`Store.defining`)."""
    write(gin, "utils.go", _utils_go())
    workspace.indexer.run(resolve_roots([gin], None))
    assert _rank(workspace, text, "utils.go", "H") == 1


def test_bm25_alone_finds_a_one_letter_name_by_its_symbol(settings, real_embedder, gin):
    """The lexical side alone (the dense ranking weighs nothing): without the lookup by symbol
    `type H` is in no ranking at all."""
    write(gin, "utils.go", _utils_go())
    ws = Workspace(replace(settings, dense_weight=0.0))
    ws.__dict__["embedder"] = real_embedder
    try:
        ws.indexer.run(resolve_roots([gin], None))
        assert _rank(ws, "gin.H", "utils.go", "H") == 1
        # what found it, as `--explain` shows: the lookup by symbol, not BM25
        top = ws.searcher.search(Query(text="gin.H", limit=3))[0].provenance
        assert (top["symbol_rank"], top["lexical_rank"]) == (1, None)
    finally:
        ws.close()
