"""The languages the syntax-tree chunker knows, as data: grammar package, query file, wrappers.

Adding a language is one `LanguageSpec` here plus `queries/<query>.scm` (its definitions as
tree-sitter captures) and its grammar package in pyproject.toml. A query file may name another
on a line `; inherits: c` (Objective-C's takes C's patterns after its own). Each grammar
package bundles its compiled grammar, so nothing is downloaded at run time.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LanguageSpec:
    language: str  # the classifier's language name, which picks the chunker
    grammar: str  # "module:function" of a PyPI grammar package returning the language
    query: str  # stem of the query file under chunkers/queries/
    # Parents that belong to a definition (`export`, decorators, `template <...>`): the chunk
    # grows to cover them so `export async function f` is cut whole.
    wrappers: frozenset[str] = frozenset()
    # Sibling node types before a definition that stay with it, besides comments
    # (Rust `#[derive(...)]` attributes, for example).
    attachments: frozenset[str] = frozenset()
    # When set, an attachment stays with the definition only if its text matches from its
    # start (Elixir's `@doc`/`@spec` do, a `@moduledoc` or `@type` above a def does not;
    # Julia's docstring, a string, does).
    attachment_text: str | None = None
    module_window: tuple[int, int] = (500, 100)  # code between definitions (size, overlap)
    # Read `@NAME@` as a name (`_NAME_`, same length) when parsing: the placeholders of C
    # templates a build expands (numpy's `@TYPE@_add` in loops.c.src); never valid C otherwise.
    placeholders: bool = False
    # Blank the all-caps macros that break a declaration or a block (`NPY_NO_EXPORT void f(`,
    # `BINARY_LOOP {`) when parsing, where the tree has an error (cmacros.py).
    macros: bool = False
    # Lines that open and close a scope naming its methods' owner, read when the tree cannot
    # tell (Objective-C: `@implementation X` ... `@end` whose body has a parse error).
    scope_open: str | None = None
    scope_close: str | None = None
    # The symbol types that take the owner of the scope they lie in (Perl's subs and Moose
    # attributes after `package Foo;`, which opens no block, as Objective-C's methods).
    scoped: frozenset[str] = frozenset({"method"})
    # A function written as several clauses one after another (Elixir's `def f(0)`, `def
    # f(n)`): consecutive definitions of one name, with only blank lines between them, are one.
    clauses: bool = False
    # The grammar ends a definition where the next one starts, so the blank lines and the doc
    # comment between them are inside it (tree-sitter-scala: an indented Scala 3 body, or a
    # `def f = expr` without braces): a definition ends on its last token that is no comment.
    trim_trailing: bool = False
    # A function in a module (symbol type `module`) is typed a function, not a method
    # (cutting.Cutter.module_functions).
    module_functions: bool = True
    # The scope line's name is part of the name (Haskell's `module Data.Map` makes `insert`
    # the function `Data.Map.insert`), not an owner whose functions are its methods.
    qualified: bool = False
    # A doc comment opening so (OCaml's `(**`) on the line right below a definition, with a
    # blank line or the end of the file after it, is the definition's (the standard library
    # writes `val length : 'a list -> int` then `(** Return the length ... *)`).
    trailing_doc: str | None = None
    # Parse with tabs expanded to these stops (rows stay put): tree-sitter-haskell 0.24 fails
    # on a tab (`import Data.Version\t( Version(..) )` is an error; so were 154 of the 274
    # files of the Hugs libraries, 5 once expanded).
    tab_stops: int | None = None
    # Each file is a module named after it (OCaml: `list.ml` and `list.mli` are the module
    # List, `map.ml`'s functor Map.Make): its definitions are named `List.map`, when the
    # pipeline gives the file's path (TreeSitterChunker.chunk_path).
    file_module: bool = False
    # Parse only the code of a literate file (chunkers/literate.py: Haskell's `.lhs`, Bird's
    # `>` lines or `\begin{code}` blocks); the pieces keep the prose around it.
    literate: bool = False
    # A definition whose name says its module (Julia's `Base.show(io::IO, p::Point) = ...`, a
    # method of Base's function) keeps that name inside another module's body.
    qualified_names: bool = False
    # Node types of a definition's body that the grammar puts beside the definition instead of
    # inside it (tree-sitter-dart: a `function_signature` or `method_signature`, then its
    # `function_body`): the definition runs on over the body right after it.
    bodies: frozenset[str] = frozenset()
    # Read a comma between two bare words of a command as a space when parsing, where the tree
    # has an error (psargs.py: PowerShell's `Select-Object -Property Name, Id`).
    bare_lists: bool = False
    # A script opening with comment-based help (PowerShell's `<# .SYNOPSIS ... #>` at the top
    # of a `.ps1`) is a command named after its file: the piece holding the help and the
    # script's `param(...)` is named so (`Deploy-Shop.ps1`: `Deploy-Shop`, symbol type script).
    script_help: str | None = None  # the scripts' suffix (`.ps1`)
    # A container bigger than this is cut per member (cutting.Cutter.split_chars, 1500 when
    # unset).
    split_chars: int | None = None
    # Fortran: a fixed-form file (FORTRAN 77's `.f`, column 1 comments, column 6
    # continuations) is parsed as free form, and f2py's `python module` as `module`
    # (fortranform.py).
    fortran_forms: bool = False
    # A definition whose opening and closing statements parsed is kept though its body holds
    # an error (Fortran: `SUBROUTINE DQNG(...)` ... `END`, around a DATA statement of fixed
    # form's blank-separated digits `0.9739065285 1717172007` that the grammar cannot read;
    # C++: a class whose head and braces parsed, around a member the grammar cannot read, so
    # its members keep the class's name).
    errors_inside: bool = False
    # Words read as blank space when parsing (same length: rows and names stay put), for the
    # marks a dialect adds to its base grammar (CUDA's `__global__ void kernel(...)`).
    blanks: str | None = None
    # A pattern whose matches have their dots read as `_` when parsing (same length), the kind
    # keeping its dots as written: Grafana Alloy's dotted block names (`prometheus.scrape
    # "default" { ... }`, which HCL's identifiers cannot spell) in an HCL file.
    undotted: str | None = None
    # React Native's export macros (`RCT_EXPORT_METHOD(sel:(T)a) { }`) read as the methods they
    # declare when parsing, same length (rnmacros.py): Objective-C's native modules.
    export_macros: bool = False
    # Files whose name ends so are cut by another language's chunker: Kotlin's Gradle scripts
    # (`build.gradle.kts`, `settings.gradle.kts`) by Gradle's blocks as a Groovy `build.gradle`
    # is (`android`, `android.defaultConfig`, `dependencies`, tasks), not in unnamed windows.
    by_suffix: tuple[tuple[str, str], ...] = ()
    # The language whose grammar and query read a file of this one that is Flow-typed
    # (flowtypes.is_flow: `@flow` in its header, a `.js.flow` name) and does not parse:
    # tree-sitter-javascript reads no type annotation, TypeScript's TSX grammar most of Flow.
    # The file keeps its language; the tree with less of it in errors cuts it.
    flow: str | None = None
    # Java: the file whose package declaration is a definition (`package-info.java`: the
    # package's Javadoc, annotations and `package a.b;` are one piece named `a.b`, symbol type
    # package). In every other file the query's `package` definition is no piece: its name is
    # the namespace of the file's pieces (ChunkPiece.namespace).
    package_file: str | None = None
    # PHP: a method with no class around it is an anonymous class's (Laravel's migration
    # `return new class extends Migration { public function up() ... }`): named by the file,
    # less a leading timestamp (`2024_03_01_120000_create_orders_table.php`:
    # `create_orders_table.up`), as a class is by its own name.
    anonymous_by_file: bool = False
    # A line of comment (a regular expression matching from its start): the code between two
    # members of a container that is all such lines is a banner (jackson's `/* Generic output
    # features */` between an enum's constants, `// ---- Accessors ----`), an unnamed piece
    # (cutting.Cutter.banners), not one named after the container that wins on its name.
    banners: str | None = None
    # A line that opens a notebook cell in a script (a regular expression matching from its
    # start): code between definitions is cut at each before its windows, so a cell's text and
    # code stay one piece and no window straddles two cells (cutting.Cutter.cells).
    cells: str | None = None
    # The marker of a module's inner doc lines (Rust's `//!`): a leading run of them written as
    # Markdown is cut by its headings (innerdocs.py).
    inner_docs: str | None = None


_JS_WRAPPERS = frozenset({"export_statement", "expression_statement"})

SPECS: tuple[LanguageSpec, ...] = (
    # a script written as cells: jupytext's, VS Code's and Spyder's `# %%` (`# %% [markdown]`),
    # nbconvert's `# In[3]:`, Databricks' `# COMMAND ----------`, sphinx-gallery's `# %%` and
    # its line of 20 or more `#` (lmfit's, scikit-learn's examples)
    LanguageSpec("python", "tree_sitter_python:language", "python",
                 wrappers=frozenset({"decorated_definition"}), module_window=(400, 80),
                 cells=r"#[ \t]?%%|# In\[[\d ]*\]:|# COMMAND -{4,}|#{20,}[ \t]*$"),
    # Bazel's and Buck's Starlark (`.bzl`, `BUILD`, `Tiltfile`: GitHub Linguist's) is Python's
    # syntax: its `def`s are the definitions (`karma_web_test`, `_impl`), read with Python's
    # grammar and query; the rules a file declares (`x = rule(...)`) stay in module windows
    LanguageSpec("starlark", "tree_sitter_python:language", "python",
                 wrappers=frozenset({"decorated_definition"}), module_window=(400, 80)),
    LanguageSpec("typescript", "tree_sitter_typescript:language_typescript", "typescript",
                 wrappers=_JS_WRAPPERS),
    LanguageSpec("tsx", "tree_sitter_typescript:language_tsx", "typescript",
                 wrappers=_JS_WRAPPERS),
    LanguageSpec("javascript", "tree_sitter_javascript:language", "javascript",
                 wrappers=_JS_WRAPPERS, flow="tsx"),
    LanguageSpec("go", "tree_sitter_go:language", "go"),
    LanguageSpec("rust", "tree_sitter_rust:language", "rust",
                 attachments=frozenset({"attribute_item"}), inner_docs="//!"),
    LanguageSpec("java", "tree_sitter_java:language", "java", package_file="package-info.java",
                 banners=r"\s*(?://|/\*|\*)"),
    LanguageSpec("kotlin", "tree_sitter_kotlin:language", "kotlin",
                 by_suffix=((".gradle.kts", "groovy"),)),
    LanguageSpec("c", "tree_sitter_c:language", "c", placeholders=True, macros=True),
    LanguageSpec("cpp", "tree_sitter_cpp:language", "cpp",
                 wrappers=frozenset({"template_declaration"}), placeholders=True,
                 macros=True, errors_inside=True),
    LanguageSpec("cuda", "tree_sitter_cpp:language", "cpp",  # C++ with `__global__` kernels
                 wrappers=frozenset({"template_declaration"}), placeholders=True,
                 macros=True, errors_inside=True,
                 blanks=r"\b__(?:global|device|host|forceinline|noinline|shared|constant|managed"
                        r"|grid_constant)__\b|\b__launch_bounds__\([^()]*\)"
                        r"|<<<(?=[^;]{0,2000}>>>)|(?<=[\w\s)])>>>(?=\s*\()"),
    LanguageSpec("csharp", "tree_sitter_c_sharp:language", "csharp"),
    # Thor's `desc "install NAME", "..."` and `method_option` lines, and Rake's `desc "..."`,
    # directly above a command or a task are its own.
    LanguageSpec("ruby", "tree_sitter_ruby:language", "ruby", attachments=frozenset({"call"}),
                 attachment_text=r"(?:desc|long_desc|method_option|option)\b"),
    LanguageSpec("php", "tree_sitter_php:language_php", "php", anonymous_by_file=True),
    LanguageSpec("shell", "tree_sitter_bash:language", "bash", module_window=(400, 80)),
    LanguageSpec("sql", "tree_sitter_sql:language", "sql", wrappers=frozenset({"statement"})),
    LanguageSpec("hcl", "tree_sitter_hcl:language", "hcl",
                 # a block's dotted name, or a dotted function's (Alloy's `sys.env("X")`)
                 undotted=r"(?m)^[ \t]*[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)+"
                          r"(?=[ \t]+\"[^\"\n]*\"[ \t]*\{|[ \t]*\{)"
                          r"|\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+(?=\()"),
    LanguageSpec("swift", "tree_sitter_swift:language", "swift"),
    # Objective-C and Objective-C++ (.m, .mm, and .h files with @interface or #import)
    LanguageSpec("objc", "tree_sitter_objc:language", "objc", macros=True, export_macros=True,
                 scope_open=r"@(?:interface|implementation|protocol)\s+(\w+)",
                 scope_close=r"@end\b"),
    LanguageSpec("lua", "tree_sitter_lua:language", "lua",
                 wrappers=frozenset({"variable_declaration"})),
    # `package Foo::Bar;` (or `package Foo::Bar 1.02;`) names the subs below it, up to the next
    # package statement; `sub Foo::Bar::x` and `package Foo { ... }` name their own.
    LanguageSpec("perl", "tree_sitter_perl:language", "perl",
                 scope_open=r"package\s+([\w:]+)(?:\s+v?[\d._]+)?\s*;",
                 scoped=frozenset({"function", "method", "property"}), module_functions=False),
    # Module attributes directly above a def (`@doc`, `@spec`, `@impl true`) are its own.
    LanguageSpec("elixir", "tree_sitter_elixir:language", "elixir",
                 attachments=frozenset({"unary_operator"}),
                 attachment_text=r"@(?:doc|spec|impl|deprecated|decorate|dialyzer)\b",
                 clauses=True),
    # Scala 2 and 3 (.scala, .sc scripts and worksheets, sbt's .sbt build definitions)
    LanguageSpec("scala", "tree_sitter_scala:language", "scala", trim_trailing=True),
    # Haskell: a function's type signature and equations are one piece (clauses), named after
    # the `module Data.Map` line (at the left margin: `  module X,` re-exports in a header).
    LanguageSpec("haskell", "tree_sitter_haskell:language", "haskell",
                 scope_open=r"(?<![ \t])module\s+([A-Z][\w.']*)",
                 scoped=frozenset({"function", "data", "newtype", "type", "class", "pattern"}),
                 qualified=True, clauses=True, tab_stops=8),
    # Literate Haskell: a Bird track's `>` reads as a space, so `> module X` is two columns in.
    LanguageSpec("literate_haskell", "tree_sitter_haskell:language", "haskell",
                 scope_open=r"(?<![ \t]{3})(?<!\t)module\s+([A-Z][\w.']*)",
                 scoped=frozenset({"function", "data", "newtype", "type", "class", "pattern"}),
                 qualified=True, clauses=True, tab_stops=8, literate=True),
    # OCaml: implementations (.ml) and interfaces (.mli) have a grammar each.
    LanguageSpec("ocaml", "tree_sitter_ocaml:language_ocaml", "ocaml", trailing_doc=r"\(\*\*",
                 file_module=True),
    LanguageSpec("ocaml_interface", "tree_sitter_ocaml:language_ocaml_interface",
                 "ocaml_interface", trailing_doc=r"\(\*\*", file_module=True),
    # Julia: a docstring (a string right above a definition, or `@doc "..."` / `@doc raw"""
    # ...""" f` right above it) is the definition's; methods of another module's function are
    # named so (`Base.show`).
    LanguageSpec("julia", "tree_sitter_julia:language", "julia",
                 attachments=frozenset({"string_literal", "macrocall_expression"}),
                 attachment_text=r'@doc\b|"', clauses=True, qualified_names=True),
    # PowerShell scripts, modules (.psm1) and data files (.psd1: a module manifest's hashtable)
    LanguageSpec("powershell", "tree_sitter_powershell:language", "powershell",
                 module_window=(400, 80), bare_lists=True, script_help=".ps1"),
    # Dart and Flutter: `///` doc comments and annotations (`@override`) stay with their member
    LanguageSpec("dart", "tree_sitter_dart:language", "dart",
                 attachments=frozenset({"annotation"}),
                 bodies=frozenset({"function_body"}), split_chars=600),
    # Fortran, fixed form (.f) and free form (.f90), and f2py's signature files (.pyf): a
    # module's procedures after `contains` are named `module.procedure`
    LanguageSpec("fortran", "tree_sitter_fortran:language", "fortran", fortran_forms=True,
                 errors_inside=True),
    # Solidity: a contract's, interface's or library's members are named after it
    # (ERC20.transfer), each with its NatSpec comment above
    LanguageSpec("solidity", "tree_sitter_solidity:language", "solidity"),
)
