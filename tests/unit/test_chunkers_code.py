"""The syntax-tree chunker across languages: definitions, names, owners, comments, splits."""

from __future__ import annotations

import textwrap

import pytest

from repokb.chunkers import chunker_for
from repokb.chunkers.code import TreeSitterChunker
from repokb.chunkers.languages import SPECS, LanguageSpec

from ..conftest import chunks


@pytest.mark.parametrize("spec", SPECS, ids=[s.language for s in SPECS])
def test_every_language_has_its_grammar_and_a_valid_query(spec):
    chunker = chunker_for(spec.language)
    chunker = getattr(chunker, "code", chunker)  # Perl's wraps it (chunkers/pod.py)
    assert isinstance(chunker, TreeSitterChunker)
    assert chunker.available  # grammar package installed, query compiles against it


def test_a_missing_grammar_falls_back_to_windows():
    spec = LanguageSpec("nolang", "repokb_no_such_grammar:language", "python")
    chunker = TreeSitterChunker(spec)
    assert not chunker.available
    pieces = chunker.chunk("def f():\n    return 1\n" * 40)
    assert pieces and all(p.symbol is None and p.symbol_type == "window" for p in pieces)


def test_big_java_class_is_cut_per_method_with_its_signature_as_context():
    methods = "\n".join(
        f"    /** Step {i}. */\n    public int step{i}(int x) {{\n" + "        x += 1;\n" * 20
        + "        return x;\n    }\n" for i in range(6))
    source = f"package p;\n\npublic class Pipeline {{\n    private int total;\n\n{methods}}}\n"
    pieces = chunker_for("java").chunk(source)
    symbols = [p.symbol for p in pieces]
    # the package line, too short alone, opens the class's head
    assert symbols[0] == "Pipeline" and pieces[0].content.startswith("package p;\n")
    assert "private int total;" in pieces[0].content
    assert symbols[1:] == [f"Pipeline.step{i}" for i in range(6)]
    assert all(p.symbol_type == "method" and p.context == "public class Pipeline {"
               for p in pieces[1:])
    assert pieces[1].content.lstrip().startswith("/** Step 0. */")  # doc comment kept
    assert pieces[-1].content.rstrip().endswith("}\n}")  # the class's brace stays with a method
    assert pieces[-1].end_line == source.count("\n")  # the class's closing brace is covered


def test_a_module_is_always_cut_into_its_members():
    pieces = chunks("ruby", '''
        module Billing
          # Computes invoice totals including tax for a customer account.
          class Invoice
            def total(rate)
              subtotal * (1 + rate)
            end
          end

          def self.currency_for(country)
            country == "US" ? "USD" : "EUR"
          end
        end
        ''')
    by_symbol = {p.symbol: p for p in pieces}
    assert "Billing.Invoice" in by_symbol
    # the module's own line, too short alone, opens its first member (as in Scala)
    assert by_symbol["Billing.Invoice"].content.startswith(
        "module Billing\n  # Computes invoice totals")
    # `def self.x` in a module is a function of the module, not a method
    assert by_symbol["Billing.currency_for"].symbol_type == "function"
    assert by_symbol["Billing.currency_for"].content.rstrip().endswith("end\nend")


def test_ruby_methods_in_class_self_are_the_class_methods():
    """`class << self` opens the class's own methods, as `def self.build` does: rack's
    Rack::Request and thor's Thor::Base named them `Rack.Request.self.ip_filter`, a `self` no
    search for the class or the method would match."""
    filler = "".join(f"      # step {i}: a line that makes the class long enough to split\n"
                     for i in range(25))
    pieces = chunks("ruby", f'''
        module Rack
          class Basic
            def self.build(app)
        {filler}      new(app)
            end

            class << self
              # The default realm when none is given.
              def default_realm
        {filler}        "Restricted Area"
              end
            end
          end
        end
        ''')
    symbols = [p.symbol for p in pieces]
    assert "Rack.Basic.build" in symbols
    assert "Rack.Basic.default_realm" in symbols
    assert not any(s and "self" in s.split(".") for s in symbols), symbols


def test_go_methods_are_named_after_their_receiver():
    pieces = chunks("go", '''
        package cache

        // Get returns the value stored under key, or false when it is missing.
        func (c *Cache[K, V]) Get(key K) (V, bool) {
            v, ok := c.items[key]
            return v, ok
        }
        ''')
    method = next(p for p in pieces if p.symbol_type == "method")
    assert method.symbol == "Cache.Get"
    # its doc comment with it; the package line, too short alone, opens the piece
    assert method.start_line == 1 and "package cache\n\n// Get returns" in method.content


def test_go_package_level_var_and_const_are_named():
    """A pass over gin and prometheus/client_golang found 84 chunks of package-level `var` and
    `const` declarations with no name (`var githubAPI = []route{...}`, 270 lines in windows;
    `const ExemplarMaxRunes = 128`; the iota block of `ValueType`). A declaration of one name
    is named after it; a block of constants whose first is typed is named after that type, as
    godoc lists it under the type; an untyped block stays in the module's windows."""
    pieces = chunks("go", '''
        package gin

        // ErrNotFound is returned when no route matches the request path.
        var ErrNotFound = errors.New("gin: no route matches the request path")

        // ExemplarMaxRunes is the max total number of runes allowed in exemplar labels.
        const ExemplarMaxRunes = 128

        // Possible values for the ValueType enum.
        const (
            _ ValueType = iota
            CounterValue
            GaugeValue
        )

        const (
            MIMEJSON = "application/json"
            MIMEHTML = "text/html"
        )
        ''')
    by_symbol = {p.symbol: p for p in pieces}
    assert by_symbol["ErrNotFound"].symbol_type == "var"
    # its doc comment with it (and the package line above, too short to stand alone)
    assert by_symbol["ErrNotFound"].content.startswith("package gin\n\n// ErrNotFound is")
    assert by_symbol["ExemplarMaxRunes"].symbol_type == "const"
    assert by_symbol["ValueType"].symbol_type == "const"
    assert "GaugeValue" in by_symbol["ValueType"].content
    assert not any(p.symbol in ("MIMEJSON", "_", "CounterValue") for p in pieces)
    untyped = next(p for p in pieces if "MIMEJSON" in p.content)
    assert untyped.symbol is None


def test_rust_doc_comments_and_attributes_stay_with_their_item():
    pieces = chunks("rust", '''
        use std::fmt;

        /// A point on the plane, in millimetres.
        #[derive(Debug, Clone, Copy, PartialEq)]
        pub struct Point { pub x: f64, pub y: f64 }
        ''')
    point = next(p for p in pieces if p.symbol == "Point")
    assert point.symbol_type == "struct"
    # doc comment and attribute with it; `use std::fmt;`, too short alone, opens the piece
    assert point.content.startswith("use std::fmt;\n\n/// A point on the plane")


def test_a_comment_after_a_blank_line_is_not_a_doc_comment():
    pieces = chunks("typescript", '''
        // Copyright 2024 The Shop Authors. Licensed under the Apache License 2.0.

        export function formatPrice(cents: number, currency: string): string {
          return new Intl.NumberFormat("en", { style: "currency", currency }).format(cents / 100);
        }
        ''')
    function = next(p for p in pieces if p.symbol == "formatPrice")
    assert function.start_line == 3 and function.content.startswith("export function")


def test_a_jsdoc_block_one_blank_line_above_stays_with_its_definition():
    """express writes `/** doc */`, a blank line, then `app.listen = function listen()`: the
    doc became a symbol-less chunk of its own and the function lost its description (nu2's
    trial; on 20 questions about express 4.21.1, MRR@10 0.46 -> 0.67). A file's opening
    comment, a `//` comment or a doc two blank lines up still stay apart."""
    pieces = chunks("javascript", """
        /**
         * Module dependencies.
         */

        function helper(values) {
          const total = values.reduce((sum, value) => sum + value, 0);
          return total / values.length + 1; }

        /**
         * Listen for connections.
         *
         * @return {http.Server}
         */

        app.listen = function listen() {
          return http.createServer(this).listen(arguments);
        };

        // about something else

        function other(values) {
          const total = values.reduce((sum, value) => sum + value, 0);
          return total / values.length + 2; }

        /** Two blank lines below. */


        function far(values) {
          const total = values.reduce((sum, value) => sum + value, 0);
          return total / values.length + 3; }
        """)
    by_symbol = {p.symbol: p for p in pieces}
    assert by_symbol["listen"].start_line == 9
    assert by_symbol["listen"].content.startswith("/**\n * Listen for connections.")
    # the file's opening comment is not helper's doc, but too short to stand alone it joins
    # the piece after it
    assert by_symbol["helper"].content.startswith("/**\n * Module dependencies.\n */\n\n")
    assert by_symbol["other"].content.startswith("function other")
    assert by_symbol["far"].content.startswith("function far")


def test_exported_consts_and_arrow_functions_are_definitions():
    pieces = chunks("typescript", '''
        export const RETRY_DELAYS_MS = [100, 250, 500, 1000, 2500, 5000];

        export const retry = async <T>(task: () => Promise<T>): Promise<T> => {
          return task();
        };
        ''')
    kinds = {p.symbol: p.symbol_type for p in pieces}
    assert kinds == {"RETRY_DELAYS_MS": "const", "retry": "function"}


def test_sql_and_terraform_definitions():
    sql = chunks("sql", '''
        CREATE TABLE accounts (id SERIAL PRIMARY KEY, email TEXT NOT NULL UNIQUE);

        CREATE PROCEDURE close_account(account_id INTEGER)
        LANGUAGE SQL
        AS $$ DELETE FROM accounts WHERE id = account_id; $$;
        ''')
    assert [(p.symbol_type, p.symbol) for p in sql] == [("table", "accounts"),
                                                         ("procedure", "close_account")]
    hcl = chunks("hcl", '''
        resource "aws_sqs_queue" "orders" {
          name                      = "orders"
          message_retention_seconds = 86400
        }
        ''')
    assert [(p.symbol_type, p.symbol) for p in hcl] == [("resource", "aws_sqs_queue.orders")]


def test_huge_function_is_windowed_under_its_name():
    body = "".join(f"    total += compute_step_{i}(value)\n" for i in range(200))
    pieces = chunks("python", f"def accumulate(value):\n    total = 0\n{body}    return total\n")
    assert len(pieces) > 3
    assert all(p.symbol == "accumulate" and p.context == "def accumulate(value):"
               for p in pieces)


def test_a_huge_function_is_cut_at_the_functions_it_holds():
    """rank40: fastify's 900-line `function fastify (options)` was windows named `fastify`
    alone, so `addHook`, `setErrorHandler`, `withTypeProvider` ... (7 of fastify's 16 retrieval
    misses) were found by no name. A function too big for one piece is cut at its inner
    functions, each named after it and still a function; its own code stays its windows."""
    setup = "".join(f"  const option{i} = options.option{i} || defaults.option{i}\n"
                    for i in range(60))
    inner = "".join(f"  // Adds hook number {i}.\n  function addHook{i} (name, fn) {{\n"
                    + "    hooks.push([name, fn, 'a long enough body for a piece'])\n" * 3
                    + "    return this\n  }\n\n" for i in range(8))
    source = f"function build (options) {{\n{setup}\n{inner}  return {{ addHook0 }}\n}}\n"
    assert len(source) > 4000
    pieces = chunker_for("javascript").chunk(source)
    named = {p.symbol: p for p in pieces}
    assert {f"build.addHook{i}" for i in range(8)} <= set(named)
    hook = named["build.addHook3"]
    assert hook.symbol_type == "function" and hook.content.startswith("  // Adds hook number 3.")
    head = [p for p in pieces if p.symbol == "build"]
    assert len(head) >= 2 and all(len(p.content) <= 1500 for p in head)
    assert head[0].content.startswith("function build (options) {")
    assert "return { addHook0 }" in pieces[-1].content
    # a function that fits in a piece stays whole, its inner functions in it
    small = chunker_for("javascript").chunk(
        "function build (options) {\n  function addHook (name, fn) {\n    hooks.push(fn)\n"
        "    return this\n  }\n  return { addHook }\n}\n")
    assert [p.symbol for p in small] == ["build"]


def test_minified_code_does_not_repeat_its_one_line_per_definition():
    line = "".join(f"function f{i}(a){{return a*{i}+g(a)}}" for i in range(2000))
    pieces = chunker_for("javascript").chunk(line + "\n")
    assert sum(len(p.content) for p in pieces) < 2 * len(line)
    assert all(len(p.content) <= 1500 for p in pieces)


def test_a_long_parse_lets_other_threads_run_and_gives_the_same_tree() -> None:
    """tree-sitter parses a whole buffer without letting go of the interpreter: a 350 KB file
    held it ~30 ms, and every search of a `repokb serve` indexing beside it waited. Parsing
    through the slice-reading callback lets another thread in between slices. Measured as a
    behaviour, not a time: a thread that wakes every millisecond gets in many times during a
    ~3 MB parse (a whole-buffer parse lets it in at most at the edges)."""
    import threading
    import time

    import tree_sitter

    from repokb.chunkers.base import load_language, parse, source_bytes

    language = load_language("tree_sitter_python:language")
    assert language is not None
    unit = "".join(f"class C{i}:\n    def m(self, x):\n        return [x * {i} for _ in 'ab']\n"
                   for i in range(400))
    text = unit * 120  # ~3.5 MB
    parser = tree_sitter.Parser(language)
    whole = parser.parse(source_bytes(text))

    wakes = 0
    stop = threading.Event()

    def ticker() -> None:
        nonlocal wakes
        while not stop.is_set():
            time.sleep(0.001)
            wakes += 1

    thread = threading.Thread(target=ticker, daemon=True)
    thread.start()
    try:
        before = wakes
        sliced = parse(parser, text)
        during = wakes - before
    finally:
        stop.set()
        thread.join()
    assert str(sliced.root_node) == str(whole.root_node)
    assert sliced.root_node.end_byte == len(source_bytes(text))
    assert during > 20, f"the other thread ran {during} times during the parse"


def test_parsing_in_slices_leaves_no_slice_behind() -> None:
    """py-tree-sitter 0.25-0.26 kept a reference to every slice the read callback returned, so
    the source of each file parsed stayed in memory for the rest of the process (24 MB over
    Django). Fifty parses of a ~100 KB file now leave nothing behind, and the tree is the
    whole-buffer tree."""
    import gc
    import tracemalloc

    import tree_sitter

    from repokb.chunkers.base import load_language, parse, source_bytes

    language = load_language("tree_sitter_python:language")
    assert language is not None
    text = "".join(f"def f{i}(x):\n    return [x * {i} for _ in 'abc']\n\n" for i in range(2000))
    parser = tree_sitter.Parser(language)
    whole = str(parser.parse(source_bytes(text)).root_node)
    assert str(parse(parser, text).root_node) == whole  # (and the probe has run)
    gc.collect()
    tracemalloc.start()
    try:
        for _ in range(50):
            tree = parse(parser, text)
            del tree
        gc.collect()
        kept, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(text) > 90_000
    assert kept < 1_000_000, f"{kept} bytes left after 50 parses of {len(text)} bytes"


_METHODS = """
      use(fn) {
        if (typeof fn !== 'function') throw new TypeError('middleware must be a function!')
        this.middleware.push(fn)
        return this
      }

      listen(...args) {
        const server = http.createServer(this.callback())
        return server.listen(...args)
      }
"""


@pytest.mark.parametrize("language", ["javascript", "typescript"])
@pytest.mark.parametrize(("opening", "name"), [
    ("module.exports = class Application extends Emitter {", "Application"),
    ("const Application = class extends Emitter {", "Application"),
    ("var Application = class {", "Application"),
    ("exports.Application = class extends Emitter {", "Application"),
    ("export default class Application extends Emitter {", "Application"),
])
def test_class_expressions_name_the_class_and_its_methods(language, opening, name):
    """koa 3.3.0's lib/application.js is `module.exports = class Application extends Emitter`:
    the class got no symbol and its methods came out as `use`, `listen` (a new-user run:
    `repokb search Application` found the file with symbol None)."""
    big = _METHODS + "".join(
        f"\n  step{i}(ctx) {{\n    return this.pipeline.run(ctx, {i}, 'step number {i}')\n  }}\n"
        for i in range(20))  # beyond split_chars: cut per method
    for body in (_METHODS, big):
        pieces = chunks(language, f"'use strict'\n\n{opening}\n{textwrap.dedent(body)}}}\n")
        symbols = [p.symbol for p in pieces]
        # `'use strict'`, too short to stand alone, opens the class's piece
        if body is _METHODS:  # small: one chunk for the whole class
            assert [(p.symbol, p.symbol_type, p.start_line) for p in pieces] == [
                (name, "class", 1)]
        else:
            # a head still too short (`var Application = class {`) opens its first method
            head = [] if symbols[0] == f"{name}.use" else [name]
            assert symbols[: len(head) + 2] == [*head, f"{name}.use", f"{name}.listen"]
            assert pieces[0].start_line == 1 and opening in pieces[0].content
            assert pieces[0].symbol_type == ("class" if head else "method")
            assert all(p.symbol_type == "method" and p.context == opening for p in pieces[2:])
            assert pieces[-1].content.rstrip().endswith("}\n}")  # the class's brace is kept


def test_numpy_c_templates_are_cut_per_function():
    """numpy's `.c.src` templates name types with `@TYPE@` placeholders a build expands; the
    C grammar cannot read them, so loops.c.src (numpy's ufunc loops) was 183 windows of 500
    characters, each function cut and glued to its neighbours. Each function is one chunk,
    named as written."""
    source = """
    /**begin repeat
     * #TYPE = FLOAT, DOUBLE#
     * #type = npy_float, npy_double#
     */
    static void
    @TYPE@_add(char **args, npy_intp const *dimensions, npy_intp const *steps, void *func)
    {
        char *ip1 = args[0], *ip2 = args[1], *op1 = args[2];
        for (npy_intp i = 0; i < dimensions[0]; i++, ip1 += steps[0], ip2 += steps[1]) {
            const @type@ in1 = *(@type@ *)ip1;
            *((@type@ *)op1) = in1 + *(@type@ *)ip2;
        }
    }

    static @type@
    npy_@TYPE@_square(@type@ x)
    {
        return x * x * (@type@)1;
    }
    /**end repeat**/
    """
    pieces = chunks("c", source)
    functions = [(p.symbol_type, p.symbol) for p in pieces if p.symbol_type == "function"]
    assert functions == [("function", "@TYPE@_add"), ("function", "npy_@TYPE@_square")]
    add = next(p for p in pieces if p.symbol == "@TYPE@_add")
    assert "@TYPE@_add(char **args" in add.content and "in1 + *(@type@ *)ip2" in add.content


def test_rust_items_a_macro_declares_are_named_after_the_macro():
    """pydantic-core declares its error types in one `error_types! { .. }` of 300 lines and
    cryptography its self-referencing structs with `self_cell!( .. )`: they were nameless
    windows. A macro called inside a function stays part of the function."""
    pieces = chunks("rust", '''
        use pyo3::prelude::*;

        /// Every error a validator can raise.
        error_types! {
            TooShort { field_type: String, min_length: usize, actual_length: usize },
            TooLong { field_type: String, max_length: usize, actual_length: usize },
        }

        self_cell::self_cell!(
            struct OwnedSingleResponse { owner: Arc<OwnedOCSPResponse>, dependent: SingleResp }
        );

        mod cache {
            thread_local! { static CACHE: RefCell<Vec<String>> = RefCell::new(Vec::new()); }
        }

        fn report(errors: &[String]) {
            println!("{} errors found while validating the input data", errors.len());
        }
        ''')
    named = {p.symbol: p for p in pieces if p.symbol_type == "macro_call"}
    assert set(named) >= {"error_types", "self_cell"}
    # its doc comment stays with it (and `use pyo3::prelude::*;`, too short alone, above it)
    assert "use pyo3::prelude::*;\n\n/// Every error" in named["error_types"].content
    assert named["self_cell"].content.lstrip().startswith("self_cell::self_cell!(")
    assert any(p.symbol in ("cache.thread_local", "thread_local", "cache") for p in pieces)
    report = next(p for p in pieces if p.symbol == "report")
    assert "println!" in report.content and report.symbol_type == "function"


def test_a_scoped_name_is_dotted_as_the_nested_form_is():
    """`class Rack::Lint::Wrapper` is the class `module Rack; module Lint; class Wrapper`
    declares: both are `Rack.Lint.Wrapper` (rack's lint.rb was `Rack::Lint::Wrapper.call`, a
    symbol a search for `Rack.Lint.Wrapper.call` never matched). So are C++'s out-of-line
    `void ns::Widget<T>::draw()` and Rust's `impl a::B`."""
    filler = "".join(f"    # step {i}: a line that makes the class long enough to split\n"
                     for i in range(25))
    ruby = chunks("ruby", f'''
        module Rack
          module Lint
            class Nested
              def call(env)
        {filler}        @app.call(env)
              end
            end
          end
        end
        class Rack::Lint::Wrapper < Base
          def call(env)
        {filler}    @app.call(env)
          end
        end
        module ::Rack::Utils
          def self.escape(s)
        {filler}    URI.encode_www_form_component(s)
          end
        end
        ''')
    symbols = [p.symbol for p in ruby]
    assert "Rack.Lint.Nested.call" in symbols
    assert "Rack.Lint.Wrapper.call" in symbols, symbols
    assert "Rack.Utils.escape" in symbols, symbols
    assert not any(s and "::" in s for s in symbols), symbols

    cpp = {p.symbol for p in chunks("cpp", """
        void Graph::sort() const { return visit_every_node_in_order(nodes_, edges_); }
        template <typename T> void ns::Widget<T>::draw() { paint_the_widget(*this, 1); }
        ns::Widget::~Widget() { release_every_resource_the_widget_holds(1, 2); }
        bool ns::Widget::operator<(const Widget& other) const { return id_ < other.id_; }
        int ::global_helper(int x) { return compute_the_helper_value(x, 2, 3); }
        """)}
    assert cpp == {"Graph.sort", "ns.Widget.draw", "ns.Widget.~Widget",
                   "ns.Widget.operator<", "global_helper"}, cpp

    rust = [(p.symbol, p.symbol_type) for p in chunks("rust", """
        mod a {
            impl B { fn f(&self) -> i32 { self.x + self.y + self.z + self.w } }
        }
        impl a::B { fn g(&self) -> i32 { self.x + self.y + self.z + self.w + 1 } }
        impl fmt::Display for crate::a::B<T> {
            fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { write!(f, "{}", self.x) }
        }
        """) if p.symbol_type == "impl"]
    assert rust == [("a.B", "impl")] * 3, rust


def test_lua_definitions_are_named_with_dots_and_keep_their_doc_comments():
    """Lua was cut in blind windows: `function List:append` (Penlight's pl/List.lua) was no
    symbol at all. A method `M:m` is `M.m`, as Ruby's `def self.m` and C++'s `A::m` are."""
    pieces = chunks("lua", '''
        local List = {}

        --- Add an item to the end of the list.
        -- @param i An item
        function List:append(i)
          table.insert(self, i)
          return self
        end

        ---@return integer the number of items
        function List.len(self) return #self end

        function pl.utils.split(s, re) return string_split(s, re or "%s+") end

        local function tostring_q(val)
          return type(val) == "string" and ("%q"):format(val) or tostring(val)
        end

        List.push = function(self, x) table.insert(self, x) return self end
        local make = function(t) return setmetatable(t or {}, List) end

        List.ops = {
          join = function(self, sep) return table.concat(self, sep or " ") end,
        }
        a["t"].x = function(self, a, b) return self.i + a + b + self.j end

        return List
        ''')
    named = {p.symbol: p for p in pieces if p.symbol}
    assert set(named) == {"List.append", "List.len", "pl.utils.split", "tostring_q",
                          "List.push", "make", "List.ops.join"}, named
    assert named["List.append"].symbol_type == "method"
    # its doc comment; `local List = {}`, too short alone, opens the piece
    assert named["List.append"].content.startswith("local List = {}\n\n--- Add an item")
    assert named["List.len"].content.startswith("---@return")
    assert named["make"].content.startswith("local make = function")


def test_a_lua_alias_at_a_modules_top_level_names_its_member():
    """Penlight writes synonyms as aliases, `stringx.capitalize = stringx.title` and `file.read =
    utils.readfile` under its doc comment: they sat unnamed in module windows (newuser37). A
    member so set at the top level is named; a local so set, a field set inside a function,
    a value that is no name (`lapp.show_usage_error = true`) and a call's result are not."""
    pieces = chunks("lua", '''
        local stringx = {}
        stringx.__index = stringx

        --- initial word letters uppercase ('title case').
        -- @string s the string
        function stringx.title(s)
            return (s:gsub('(%S)(%S*)', function(f, r) return f:upper() .. r:lower() end))
        end

        stringx.capitalize = stringx.title

        --- return the contents of a file as a string.
        -- This function is a copy of `utils.readfile`.
        file.read = utils.readfile

        local tfind = tablex.find
        lapp.show_usage_error = true
        stringx.lines_of = make_lines_iterator(stringx, "\\n", { keep_empty = false })

        function stringx.new(s)
            local self = {}
            self.name = s
            self.title = stringx.title
            return setmetatable(self, stringx)
        end

        return stringx
        ''')
    named = {p.symbol: p for p in pieces if p.symbol}
    also = {name for p in pieces for name, _ in p.also}
    assert "stringx.capitalize" in set(named) | also, (named, also)
    assert named["file.read"].content.startswith("--- return the contents of a file")
    assert named["file.read"].symbol_type == "function"
    assert not {"tfind", "lapp.show_usage_error", "stringx.lines_of", "self.name",
                "self.title", "stringx.__index"} & (set(named) | also), (named, also)


def test_a_method_set_on_a_prototype_is_named_after_its_constructor():
    """express writes `Route.prototype.dispatch = function dispatch(...)`: it was `dispatch`,
    the same name as every other object's `dispatch`. The prototype's owner names it, as a
    class's method is named (`Route.dispatch`); a plain member (`app.handle = function`) keeps
    its last name."""
    pieces = chunks("javascript", """
        Route.prototype.dispatch = function dispatch(req, res, done) {
          var idx = 0;
          var stack = this.stack;
          return next();
        };

        app.handle = function handle(req, res, callback) {
          var router = this._router;
          return router.handle(req, res, callback);
        };

        Layer.prototype.handle_error = (error, req, res, next) => {
          return this.handle(error, req, res, next);
        };
        """)
    named = {p.symbol: p.symbol_type for p in pieces if p.symbol}
    assert named == {"Route.dispatch": "method", "handle": "function",
                     "Layer.handle_error": "method"}, named


def test_perl_subs_are_named_after_their_package_and_the_pod_after_its_heads():
    """Perl was cut in blind windows (Mojolicious' Mojo/UserAgent.pm: 0 of its pieces named).
    A sub after `package Mojo::UserAgent;` (a statement, no block) is Mojo.UserAgent.start, as
    Ruby's and C++'s scoped names are dotted; the manual after `__END__` is cut at its heads."""
    pieces = chunks("perl", '''
        package Mojo::UserAgent;
        use Mojo::Base 'Mojo::EventEmitter';

        has connect_timeout => sub { $ENV{MOJO_CONNECT_TIMEOUT} || 10 };
        has 'max_response_size';

        # Start a transaction, blocking unless a callback is given.
        sub start {
          my ($self, $tx, $cb) = @_;
          return $self->_start(Mojo::IOLoop->singleton, $tx, $cb) if $cb;
        }

        sub Mojo::UserAgent::Server::url_for { my ($self, $path) = @_; $path }

        package Mojo::UserAgent::Proxy;

        sub detect {
          my $self = shift;
          return $self->http($ENV{HTTP_PROXY} || $ENV{http_proxy});
        }

        1;

        =encoding utf8

        =head1 ATTRIBUTES

        =head2 connect_timeout

          my $timeout = $ua->connect_timeout;

        Maximum amount of time in seconds establishing a connection may take before getting
        canceled, defaults to the value of the C<MOJO_CONNECT_TIMEOUT> environment variable.

        =cut
        ''')
    named = {p.symbol: p for p in pieces if p.symbol}
    assert set(named) == {"Mojo.UserAgent.connect_timeout", "Mojo.UserAgent.start",
                          "Mojo.UserAgent.Server.url_for", "Mojo.UserAgent.Proxy.detect",
                          "ATTRIBUTES", "ATTRIBUTES > connect_timeout"}, named
    assert named["Mojo.UserAgent.start"].symbol_type == "method"
    assert named["Mojo.UserAgent.start"].content.startswith("# Start a transaction")
    assert named["Mojo.UserAgent.connect_timeout"].symbol_type == "property"
    assert named["ATTRIBUTES > connect_timeout"].symbol_type == "section"
    assert "Maximum amount of time" in named["ATTRIBUTES > connect_timeout"].content
    # no code piece holds the manual's lines (they were blanked for the grammar)
    assert not any("=head" in p.content for p in pieces if p.symbol_type != "section")
    assert all(p.content.strip() for p in pieces)


def test_a_perl_sub_carries_the_pod_section_that_documents_it():
    """Mojolicious documents `sub store` 150 lines below it, after `__END__`; the sub's piece
    held only code, so "how is the session stored in a cookie" found the manual's section and
    not the sub in its top 10. The section naming a sub, method or attribute (`=head2 store`,
    `=head2 redirect($destination, $status)`, `=head2 $r->to`) is the piece's context, as a
    docstring is; a sub no heading names, and the sections themselves, carry none."""
    pieces = chunks("perl", '''
        package Mojolicious::Sessions;
        use Mojo::Base -base;

        has cookie_name => 'mojolicious';

        sub store {
          my ($self, $c) = @_;
          my $stash = $c->stash;
          return unless my $session = $stash->{'mojo.session'};
        }

        sub redirect { my ($self, $to) = @_; $self->res->code(302) }

        sub to { my $self = shift; $self->pattern->defaults(@_) }

        sub _serialize { my $hash = shift; encode_json($hash) }

        1;

        =head1 ATTRIBUTES

        =head2 cookie_name

        Name for session cookies, defaults to C<mojolicious>.

        =head1 METHODS

        =head2 store

          $sessions->store(Mojolicious::Controller->new);

        Store session data in signed cookie.

        =head2 redirect($destination, $status)

        Sets a redirect in the response object.

        =head2 $r->to

        Set default parameters for this route.

        =cut
        ''')
    named = {p.symbol: p for p in pieces if p.symbol}
    store = named["Mojolicious.Sessions.store"]
    assert store.context == ("METHODS > store: $sessions->store(Mojolicious::Controller->new); "
                             "Store session data in signed cookie."), store
    assert "Sets a redirect" in (named["Mojolicious.Sessions.redirect"].context or "")
    assert named["Mojolicious.Sessions.to"].context == (
        "METHODS > $r->to: Set default parameters for this route.")  # no `=cut`
    assert named["Mojolicious.Sessions._serialize"].context is None
    assert all(p.context is None for p in pieces if p.symbol_type == "section")
    assert store.content.startswith("sub store {")  # the code piece's lines are the file's


def test_a_perl_sub_carries_the_pod_item_that_documents_it():
    """Plack documents its methods as `=item NAME` in an `=over` list under `=head1 METHODS`:
    the paragraph after the item, up to the next command, is the sub's context; a `=head`
    naming the sub comes first, a bullet (`=item *`) names nothing."""
    pieces = chunks("perl", '''
        package Plack::Request;

        sub query_parameters {
          my $self = shift;
          $self->env->{'plack.request.query'} ||= Hash::MultiValue->new;
        }

        sub uploads { my $self = shift; $self->env->{'plack.request.upload'} }

        1;

        =head1 METHODS

        =over 4

        =item query_parameters

        Returns a reference to a hash containing query string (GET) parameters.

        =item *

        A bullet, naming nothing.

        =item uploads

        Listed here.

        =back

        =head2 uploads

        Returns a reference to a hash containing uploads.

        =cut
        ''')
    named = {p.symbol: p for p in pieces if p.symbol}
    assert named["Plack.Request.query_parameters"].context == (
        "query_parameters: Returns a reference to a hash containing query string (GET) "
        "parameters."), named["Plack.Request.query_parameters"]
    assert named["Plack.Request.uploads"].context == (
        "METHODS > uploads: Returns a reference to a hash containing uploads.")


def test_perl_pieces_around_pod_are_the_files_lines_whatever_their_characters():
    """A form feed or U+2028 in Perl code (str.splitlines breaks lines there, the chunkers do
    not) must not shift the code pieces cut around a POD block off their rows."""
    text = ("sub area {\n  my ($w, $h) = @_;\x0c\n  return $w * $h + 0 * 4000000000;\n}\n"
            "\n=head1 AREA\n\nThe area of a rectangle.\n\n=cut\n\n"
            "sub label { return 'a rectangle\u2028of some size, measured in metres' }\n")
    lines = text.split("\n")
    for p in chunker_for("perl").chunk(text):
        assert p.content.rstrip("\n") == "\n".join(lines[p.start_line - 1 : p.end_line]), p


def test_elixir_functions_are_named_after_their_module_with_their_doc_and_clauses():
    """Elixir was cut in blind windows. A Phoenix context's functions are
    `MyApp.Accounts.get_user`, a nested module is named after both, a function written as
    several clauses (`def underscore("")`, `def underscore(<<h, t::binary>>)`, as Phoenix's
    naming.ex writes it) is one piece, and its @doc/@spec stay with it; @moduledoc stays
    with its module."""
    pieces = chunks("elixir", '''
        defmodule MyApp.Accounts do
          @moduledoc "Users and their sessions."
          def list_users, do: Repo.all(from u in User, order_by: u.email)

          @doc """
          Gets a single user.
          """
          @spec get_user(integer()) :: User.t() | nil
          def get_user(id) when is_integer(id), do: Repo.get(User, id)

          @doc "Converts a string to underscore case."
          def underscore(""), do: ""

          def underscore(<<h, t::binary>>) do
            <<to_lower_char(h)>> <> do_underscore(t, h)
          end

          defp to_lower_char(char) when char in ?A..?Z, do: char + 32
          defp to_lower_char(char), do: char

          defmodule Session do
            defmacro with_session(conn, do: block) do
              quote do: unquote(block)
            end
          end
        end

        defimpl Phoenix.Param, for: MyApp.Accounts.User do
          def to_param(%{username: username}), do: username
        end
        ''')
    named = {p.symbol: p for p in pieces if p.symbol}
    assert set(named) >= {"MyApp.Accounts", "MyApp.Accounts.list_users",
                          "MyApp.Accounts.get_user", "MyApp.Accounts.underscore",
                          "MyApp.Accounts.to_lower_char",
                          "MyApp.Accounts.Session.with_session",
                          "Phoenix.Param.MyApp.Accounts.User"}, named
    assert named["MyApp.Accounts"].content.count("@moduledoc") == 1
    assert named["MyApp.Accounts.get_user"].content.lstrip().startswith('@doc """')
    assert "@spec get_user" in named["MyApp.Accounts.get_user"].content
    underscore = named["MyApp.Accounts.underscore"]
    assert underscore.content.lstrip().startswith("@doc")
    assert 'def underscore("")' in underscore.content
    assert "do_underscore(t, h)" in underscore.content
    assert "char + 32" in named["MyApp.Accounts.to_lower_char"].content
    assert "do: char\n" in named["MyApp.Accounts.to_lower_char"].content
    # the nested module's own line, too short alone, opens its first member (as in Scala)
    assert named["MyApp.Accounts.Session.with_session"].content.lstrip().startswith(
        "defmodule Session do\n")


def test_exunit_tests_are_named_by_their_description():
    pieces = chunks("elixir", '''
        defmodule MyApp.AccountsTest do
          use MyApp.DataCase

          test "get_user/1 returns the user with the given id" do
            user = user_fixture()
            assert Accounts.get_user(user.id) == user
          end
        end
        ''')
    tests = [p for p in pieces if p.symbol_type == "test"]
    assert [p.symbol for p in tests] == [
        "MyApp.AccountsTest.get_user/1 returns the user with the given id"]


def test_test_groups_and_blocks_are_named_by_their_description():
    """ExUnit's `describe`, Perl's `subtest`, RSpec's `describe`/`context`/`it` and Jest's or
    Mocha's `describe`/`it`/`test` were no pieces of their own (windows, or a test named without
    its describe): each is now a piece named by its description, a big group cut per block."""
    elixir = {p.symbol: p for p in chunks("elixir", '''
        defmodule MyApp.AccountsTest do
          use MyApp.DataCase

          describe "register_user/1 rejects a duplicate email" do
            test "with an error on the email field" do
              insert(:user, email: "a@example.com")
              {:error, changeset} = Accounts.register_user(%{email: "a@example.com"})
              assert "has already been taken" in errors_on(changeset).email
            end
          end
        end
        ''')}
    group = elixir["MyApp.AccountsTest.register_user/1 rejects a duplicate email"]
    assert group.symbol_type == "describe" and "has already been taken" in group.content
    perl = {p.symbol: p for p in chunks("perl", '''
        use Test::More;

        subtest 'expires entries after their time to live' => sub {
            my $cache = My::Cache->new(ttl => 1);
            sleep 2;
            ok(!defined $cache->get('answer'), 'gone after the ttl');
        };

        subtest(q{counts hits and misses}, sub {
            my $cache = My::Cache->new;
            is($cache->stats->{misses}, 1);
        });

        subtest "keeps entries set without a ttl" => sub {
            is(My::Cache->new->set(a => 1)->get('a'), 1, 'still there');
        };

        done_testing;
        ''') if p.symbol}
    assert set(perl) == {"expires entries after their time to live", "counts hits and misses",
                         "keeps entries set without a ttl"}, perl
    assert all(p.symbol_type == "test" for p in perl.values())
    assert "gone after the ttl" in perl["expires entries after their time to live"].content
    keeps = "".join(f'''
          it "keeps entry {i} until its ttl has passed" do
            cache.set(:k{i}, {i})
            expect(cache.get(:k{i})).to eq({i})
            travel 2
            expect(cache.get(:k{i})).to be_nil
          end
        ''' for i in range(10))
    ruby = {p.symbol: p for p in chunks("ruby", '''
        RSpec.describe Cache do
          let(:cache) { described_class.new(ttl: 1) }

          context "after the ttl" do
            it "forgets the value" do
              cache.set(:a, 1)
              travel 2
              expect(cache.get(:a)).to be_nil
            end
          end
        ''' + keeps + "end\n") if p.symbol}
    assert ruby["Cache"].symbol_type == "describe"  # the big group's head
    assert ruby["Cache.after the ttl"].symbol_type == "describe"
    assert "expect(cache.get(:a)).to be_nil" in ruby["Cache.after the ttl"].content
    assert ruby["Cache.keeps entry 9 until its ttl has passed"].symbol_type == "test"
    small = '''
        describe('Cache', () => {
          it('returns undefined for a missing key', () => {
            expect(cache.get('missing')).toBeUndefined()
          })
        })
        '''
    keeps = "".join(f'''
              it('keeps entry {i} until its ttl has passed', () => {{
                cache.set('k{i}', {i})
                expect(cache.get('k{i}')).toBe({i})
                jest.advanceTimersByTime(1001)
                expect(cache.get('k{i}')).toBeUndefined()
              }})
        ''' for i in range(8))
    for language in ("javascript", "typescript"):
        one = [p for p in chunks(language, small) if p.symbol]
        assert [(p.symbol, p.symbol_type) for p in one] == [("Cache", "describe")]
        # node:test / tap style at the top level; a template names as written, '' nothing
        tap = [(p.symbol, p.symbol_type) for p in chunks(language, '''
            test(`returns ${code} for a missing route`, async t => {
              t.plan(1)
              t.equal((await app.inject('/nope')).statusCode, code)
            })

            test('', t => {
              t.plan(1)
              t.equal(app.hasRoute({ url: '/', method: 'GET' }), true)
            })
            ''')]
        assert tap == [("returns ${code} for a missing route", "test"), (None, "test")], tap
        js = {p.symbol: p for p in chunks(language, '''
            describe('Cache', () => {
              describe('get', () => {
                it('returns undefined for a missing key', () => {
                  expect(cache.get('missing')).toBeUndefined()
                })
              })
              test.skip('evicts the oldest entry when full', async function () {
                small.set('a', 1)
                small.set('b', 2)
                expect(small.has('a')).toBe(false)
              })
            ''' + keeps + "})\n") if p.symbol}
        assert js["Cache.get"].symbol_type == "describe", js  # a big group: cut per block
        assert "toBeUndefined()" in js["Cache.get"].content
        evicts = js["Cache.evicts the oldest entry when full"]
        assert evicts.symbol_type == "test" and "small.has('a')" in evicts.content
        assert js["Cache.keeps entry 7 until its ttl has passed"].symbol_type == "test"


def test_mix_config_calls_are_pieces_named_after_their_application_and_key():
    """Mix's config/*.exs were windows: `config :shop, ShopWeb.Endpoint, ...` (even inside
    runtime.exs's `if config_env() == :prod do`) is now a piece named after what it sets."""
    pieces = chunks("elixir", '''
        import Config

        if config_env() == :prod do
          config :shop, ShopWeb.Endpoint,
            url: [host: "shop.example", port: 443, scheme: "https"],
            http: [ip: {0, 0, 0, 0, 0, 0, 0, 0}, port: 4000]

          config :logger, level: :info, backends: [:console], utc_log: true
        end
        ''')
    named = {p.symbol: p for p in pieces if p.symbol_type == "config"}
    assert set(named) == {":shop.ShopWeb.Endpoint", ":logger"}, pieces
    assert "port: 4000" in named[":shop.ShopWeb.Endpoint"].content


def test_erlang_functions_are_found_by_their_forms_and_named_after_their_module():
    """Erlang was cut in blind windows (no grammar on PyPI): lists.erl's `keyfind` was no
    symbol. A form ends at a full stop followed by white space, never at one in a string, a
    quoted atom, a character literal `$.` or a comment; all of a function's clauses are one
    form, with its -spec and comments."""
    pieces = chunks("erlang", '''
        -module(shop_cart).
        -export([add_item/3, 'price.total'/1]).

        %% Adds an item, refusing a full cart.
        -spec add_item(cart(), item(), integer()) -> {ok, cart()} | {error, full}.
        add_item(#{items := Items} = Cart, _Item, _Price) when length(Items) >= 50 ->
            {error, full};
        add_item(#{items := Items, total := T} = Cart, Item, Price) ->
            {ok, Cart#{items := [Item | Items], total := T + Price}}.

        'price.total'(#{total := T}) ->
            io_lib:format("Total: ~p. Thanks. ~c", [T, $.]).
        ''')
    named = {p.symbol: p for p in pieces if p.symbol}
    assert set(named) == {"shop_cart.add_item", "shop_cart.price.total"}, pieces
    add_item = named["shop_cart.add_item"].content
    assert add_item.startswith("%% Adds an item") and "-spec add_item" in add_item
    assert add_item.count("add_item(#{items") == 2
    assert named["shop_cart.price.total"].content.rstrip().endswith("[T, $.]).")


def _scala_tests(style: str, count: int) -> str:
    body = "\n".join(style.format(i=i) for i in range(count))
    return f"class PricingSpec extends AnyFlatSpec {{\n{body}\n}}\n"


def test_scala_definitions_end_on_their_last_token_not_on_the_next_ones_scaladoc():
    # tree-sitter-scala ends an indented Scala 3 body, and a `def f = expr` without braces,
    # where the next definition starts: its scaladoc was inside the previous piece.
    pieces = chunks("scala", '''
        package shop.core

        /** One line of an order: a product, how many and the unit price in cents. */
        final case class LineItem(sku: String, quantity: Int, unitPriceCents: Long):
          /** Price of the line: quantity times the unit price. */
          def totalCents: Long = quantity * unitPriceCents

        /** An order placed by a customer, with its lines and its state. */
        final case class Order(id: Long, items: List[LineItem]):
          /** Sum of all line totals, before discounts and shipping. */
          def subtotalCents: Long = items.map(_.totalCents).sum
        ''')
    named = {p.symbol: p for p in pieces if p.symbol}
    assert named["LineItem"].symbol_type == "class"
    assert "An order placed" not in named["LineItem"].content
    assert named["Order"].content.startswith("/** An order placed by a customer")


def test_scala_members_of_a_big_object_are_named_after_it_with_their_scaladoc():
    members = "\n".join(
        f"  /** Price rule number {i}: what the shop charges for the {i}th kind of parcel. */\n"
        f"  def rule{i}(order: Order): Long =\n    order.subtotalCents * {i} / 100 + {i}L\n"
        for i in range(12))
    pieces = chunks("scala", f'''
        object Pricing:
          /** VAT rate applied to every order, in per mille, whatever the country. */
          val VatPerMille: Int = 190

          extension (o: Order)
            /** The order's total, rounded for payment in cash at the counter. */
            def cashTotalCents: Long = roundToFiveCents(o.subtotalCents + VatPerMille)

        {textwrap.indent(members, "        ")}
        ''')
    named = {p.symbol: p for p in pieces if p.symbol}
    assert named["Pricing.VatPerMille"].symbol_type == "const"
    # the object's own line, too short a piece alone, opens its first member's
    assert named["Pricing.VatPerMille"].content.startswith("object Pricing:\n  /** VAT rate")
    assert named["Pricing.cashTotalCents"].symbol_type == "method"
    assert "extension (o: Order)\n    /** The order's total" in named[
        "Pricing.cashTotalCents"].content
    assert named["Pricing.rule7"].content.lstrip().startswith("/** Price rule number 7:")
    assert "rule8" not in named["Pricing.rule7"].content


@pytest.mark.parametrize("style, name", [
    ('  it should "price order {i} with every discount and the VAT applied" in {{\n'
     '    Pricing.totalCents(order{i}, discounts) shouldBe 9520L + {i}\n  }}\n',
     "price order 3 with every discount and the VAT applied"),
    ('  test("order {i} ships for free from fifty francs on, whatever it weighs") {{\n'
     '    assertEquals(Pricing.shippingCents(order{i}), 0L)\n  }}\n',
     "order 3 ships for free from fifty francs on, whatever it weighs"),
    ('  "answer the price of order {i} with its discounts and the VAT" in {{\n'
     '    Pricing.totalCents(order{i}, discounts) must_== 9520L + {i}\n  }}\n',
     "answer the price of order 3 with its discounts and the VAT"),
    ('  it("prices order {i} with every discount and the VAT applied") {{\n'
     '    assert(Pricing.totalCents(order{i}, discounts) == 9520L + {i})\n  }}\n',
     "prices order 3 with every discount and the VAT applied"),
], ids=["scalatest", "munit", "specs2", "funspec"])
def test_scala_tests_are_named_by_their_description(style, name):
    pieces = chunks("scala", _scala_tests(style, 12))
    test = next(p for p in pieces if p.symbol == f"PricingSpec.{name}")
    assert test.symbol_type == "test"
    assert "order3" in test.content and "order4" not in test.content


def test_scala_one_line_members_of_a_big_class_are_kept_not_dropped_as_too_short():
    # Debian's plm 2.9.2 LanderEntity.scala: one-line getters between methods were pieces
    # under the pipeline's 40-character minimum, dropped: "where is getFuel defined" found
    # nothing (windows before the grammar held them).
    methods = "\n".join(f"  /** Step {i} of the simulation, as the lander's physics need it. */\n"
                        f"  def simulate{i}(dt: Double): Unit =\n    world.advance(dt * {i})\n"
                        for i in range(12))
    pieces = chunks("scala", "class LanderEntity extends Entity {\n" + methods
                    + "  def getFuel(): Int = world.fuel\n\n" + methods.replace("simulate", "s")
                    + "}\n")
    assert all(len(p.content.strip()) >= 40 for p in pieces)
    text = "".join(p.content for p in pieces)
    assert "def getFuel(): Int = world.fuel" in text
    assert "class LanderEntity extends Entity {" in text


def test_julia_definitions_carry_their_docstring_and_methods_of_a_function_are_one_piece():
    # juliacall 0.9.37 (PythonCall.jl): its 96 .jl files were not indexed at all (unknown).
    pieces = chunks("julia", '''
        module PythonCall

        """
            pyconvert(T, x)

        Convert the Python object `x` to a Julia `T`.
        """
        function pyconvert(::Type{T}, x) where {T}
            return pyconvert_tryconvert(T, x)
        end

        Py(x::Bool) = x ? pybuiltins.True : pybuiltins.False
        Py(x::Union{AbstractString,AbstractChar}) = pystr(x)
        Py(x::Base.CodeUnits{UInt8,String}) = pybytes(x)

        Base.show(io::IO, x::Py) = print(io, "<py ", pyrepr(String, x), ">")

        "A Python list seen as a Julia vector of `T`."
        struct PyList{T} <: AbstractVector{T}
            py::Py
        end

        end

        @testset "pyconvert of a list" begin
            @test pyconvert(Vector{Int}, pylist([1, 2])) == [1, 2]
        end
    ''')
    by_symbol = {p.symbol: p for p in pieces}
    # the module's short head line opens its first member, docstring and all
    assert '"""\n    pyconvert(T, x)\n\nConvert the Python object' in (
        by_symbol["PythonCall.pyconvert"].content)
    assert by_symbol["PythonCall.Py"].content.count("Py(x::") == 3  # its methods, one piece
    assert by_symbol["Base.show"].symbol_type == "function"  # Base's, not PythonCall.Base.show
    assert by_symbol["PythonCall.PyList"].symbol_type == "struct"
    assert by_symbol["PythonCall.PyList"].content.lstrip().startswith('"A Python list')
    assert by_symbol["pyconvert of a list"].symbol_type == "test"


def test_powershell_functions_keep_their_help_and_pester_blocks_are_named():
    # ansible-core 2.19.14's PowerShell (module_utils/powershell/*.psm1 were unknown, not
    # indexed; its .ps1 were windows): "where is Set-Attr defined" did not find it.
    methods = "\n".join(f"    # Step {i} of the sync, as the mirror needs it.\n"
                        f"    [void] Step{i}([string]$path) {{\n"
                        f"        Copy-Item -LiteralPath $path -Destination $this.Target{i}\n"
                        f"    }}\n" for i in range(14))
    its = "\n".join(f'    It "copies file {i}" {{\n        Sync-Item {i} | Should -Be $true\n'
                    f'    }}\n' for i in range(30))
    pieces = chunks("powershell", f'''
<#
.SYNOPSIS
Sets an attribute of an object, adding it when missing.
#>
Function Set-Attr($obj, $name, $value) {{
    $obj | Add-Member -Force -MemberType NoteProperty -Name $name -Value $value
}}

function Get-AnsibleParam {{
    <#
    .SYNOPSIS
    Reads a module's parameter, failing when a mandatory one is missing.
    #>
    param($obj, $name, $default = $null)
    return $obj.$name
}}

class Mirror {{
{methods}
}}

Describe "Sync-Item" {{
{its}
}}
''')
    by_symbol = {p.symbol: p for p in pieces}
    assert by_symbol["Set-Attr"].content.startswith("<#\n.SYNOPSIS\nSets an attribute")
    assert "failing when a mandatory one is missing" in by_symbol["Get-AnsibleParam"].content
    assert by_symbol["Mirror.Step3"].symbol_type == "method"
    assert "# Step 3 of the sync" in by_symbol["Mirror.Step3"].content
    assert by_symbol["Sync-Item.copies file 7"].symbol_type == "test"


def test_dart_members_run_on_over_their_body_and_tests_in_main_are_named_by_description():
    # tree-sitter-dart puts a method's `function_body` beside its `method_signature`: a piece
    # cut at the signature held no body. Dart was blind windows before.
    methods = "\n".join(f"  /// Step {i} of the checkout, as the payment provider needs it.\n"
                        f"  @visibleForTesting\n"
                        f"  Future<void> step{i}(Order order) async {{\n"
                        f"    await _client.post(Uri.parse('$baseUrl/step/{i}'), body: order.id);\n"
                        f"  }}\n" for i in range(10))
    tests = "\n".join(f"    test('pays order {i} once', () async {{\n"
                      f"      await checkout.step{i}(order);\n"
                      f"      verify(client.post).called(1);\n"
                      f"    }});\n" for i in range(14))
    pieces = chunks("dart", f'''
import 'package:http/http.dart' as http;

/// Drives an order through the payment provider's steps.
class Checkout {{
  Checkout(this._client);

  final http.Client _client;

{methods}
}}

/// The VAT rate of [country].
double vatRateOf(String country) => country == 'DE' ? 0.19 : 0.2;

void main() {{
  group('Checkout', () {{
{tests}
  }});
}}
''')
    by_symbol = {p.symbol: p for p in pieces}
    step = by_symbol["Checkout.step3"]
    assert step.content.lstrip().startswith("/// Step 3 of the checkout")
    assert "@visibleForTesting" in step.content and "'$baseUrl/step/3'" in step.content
    assert step.content.rstrip().endswith("}")  # the body, not the signature alone
    assert by_symbol["vatRateOf"].symbol_type == "function"
    assert "country == 'DE'" in by_symbol["vatRateOf"].content
    assert by_symbol["Checkout.pays order 7 once"].symbol_type == "test"  # not main.Checkout...


def test_powershell_bare_word_lists_do_not_hide_the_functions_around_them():
    # tree-sitter-powershell 0.26 fails on `Select-Object -Property Name, Id`: the function
    # holding it went to windows, and at the top level the error swallowed the next function.
    pieces = chunks("powershell", '''
        function Get-TopProcess {
            Get-Process | Sort-Object CPU -Descending | Select-Object -Property Name, Id, CPU
        }

        Get-ChildItem $PSScriptRoot/Public/*.ps1 | Select-Object Name, FullName

        function Set-Thing {
            param($x)
            Write-Output "a body long enough to be kept as a piece of its own, $x"
        }

        Export-ModuleMember -Function Get-TopProcess, Set-Thing
    ''')
    by_symbol = {p.symbol: p for p in pieces}
    assert "Select-Object -Property Name, Id, CPU" in by_symbol["Get-TopProcess"].content
    assert by_symbol["Set-Thing"].symbol_type == "function"
    assert "Export-ModuleMember -Function Get-TopProcess, Set-Thing" in "".join(
        p.content for p in pieces)  # the text is the file's, commas and all


def test_julia_testsets_inside_a_big_testset_are_named_by_their_descriptions():
    # juliacall 0.9.37's test/Core.jl: `@testitem "object"` holds 27 `@testset`s over 223
    # lines; it was one test cut in nameless-inside windows ("object", 7 pieces).
    inner = "\n".join(f'    @testset "pygetattr case {i}" begin\n'
                      f'        @test pygetattr(pybuiltins.None, "__class__") === pytype(nothing)\n'
                      f'        @test pyhasattr(pybuiltins.None, "__doc__")\n    end\n'
                      for i in range(16))
    pieces = chunks("julia", f'@testitem "object" begin\n{inner}end\n')
    names = {p.symbol for p in pieces}
    assert "object.pygetattr case 9" in names
    assert {p.symbol_type for p in pieces if p.symbol == "object.pygetattr case 9"} == {"test"}


def test_julia_doc_macro_right_above_a_definition_is_its_docstring():
    # `@doc "..." f` / `@doc raw"""...""" ` right above f: a module window named after the
    # module, apart from f, as if it documented the module
    pieces = chunks("julia", '''
        module Shop

        @doc """
            total(cart)

        Sum of the cart's line prices in cents, VAT included, rounded to five cents.
        """ total
        total(cart) = round5(sum(line.price * line.quantity for line in cart.lines))

        @doc "Round a number of cents to the nearest five cents, as the tills do." round5
        function round5(cents)
            return ((cents + 2) ÷ 5) * 5
        end

        @doc raw"""
            discount(cart, percent)

        Take `percent` off every line of the cart and give the new total in cents.
        """
        function discount(cart, percent)
            return total(cart) * (100 - percent) ÷ 100
        end

        @testset "ten percent off" begin
            @test discount(cart, 10) == 90
        end
        function untested(x)
            return x + 1
        end
        end
        ''')
    named = {p.symbol: p for p in pieces}
    assert "Sum of the cart's line prices" in named["Shop.total"].content
    assert named["Shop.round5"].content.startswith('@doc "Round a number of cents')
    assert named["Shop.discount"].content.startswith('@doc raw"""')
    assert "@testset" not in named["Shop.untested"].content  # only @doc attaches


def test_a_powershell_script_with_its_help_is_named_after_its_file():
    # ansible-core 2.19.14's windows_hosts_prepare.ps1, coverage_stub.ps1: a script opening
    # with comment-based help (`Get-Help ./x.ps1` reads it) was a nameless window
    script = textwrap.dedent('''\
        #Requires -Version 5.1
        <#
        .SYNOPSIS
        Add one or more hosts entries to the Windows hosts file.

        .PARAMETER Hosts
        A list of hosts entries, delimited by '|'.
        #>

        [CmdletBinding()]
        param(
            [Parameter(Mandatory = $true, Position = 0)][String]$Hosts
        )

        $ErrorActionPreference = "Stop"
        $hosts_entries = $Hosts.Split('|')
        ''')
    chunker = chunker_for("powershell")
    first = chunker.chunk_path(script, "playbooks/windows_hosts_prepare.ps1")[0]
    assert (first.symbol, first.symbol_type, first.start_line) == (
        "windows_hosts_prepare", "script", 1)
    # a module's file, a plain comment, or no path: as before
    assert chunker.chunk_path(script, "Hosts.psm1")[0].symbol is None
    note = "<# a note on this file, no help keywords in it at all #>\n$a = 1\n$b = $a + 2\n"
    assert chunker.chunk_path(note, "x.ps1")[0].symbol is None
