"""The chunker interface and the registry built-in chunkers (and plug-ins) join.

A chunker turns the text of one file into ordered, non-empty pieces with 1-based inclusive line
ranges. It must never raise on malformed input: it falls back to fixed windows instead. A
`Decoder` (a notebook's JSON) is the exception: what it cannot decode fails with a reason, since
windows of its raw text would index what it leaves out. Nor does a parse past its CPU budget
(`OverBudget`, see `parse`): it passes through so that chunk_file records why the file was cut
into windows.
"""

from __future__ import annotations

import ctypes
import importlib
import re
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Any, Protocol, TypeGuard, runtime_checkable

from repokb.models import ChunkPiece, ParseBudget

# Bumped whenever a built-in chunker cuts a file differently: part of a project's vector
# signature, so the next run re-chunks files indexed before (size and mtime unchanged) and
# re-embeds only the chunks whose text changed. 2: a JSDoc one blank line above a definition.
# 3: JS/TS class expressions (`module.exports = class App {`) are named definitions.
# 4: C/C++ `@NAME@` template placeholders (numpy's .c.src) parse as names.
#    pieces that are base64 or hex data (a PNG in a `data:` URL) are dropped (pipeline/chunk.py);
# GLSL strings in JavaScript are cut by their functions and structs (chunkers/shaders.py);
# `const f = Fn( () => ... )` (a wrapper call) is a definition named f.
# 5: C/C++ functions behind export or inline macros (`NPY_NO_EXPORT void f(`) are definitions.
# 6: Cython (.pyx .pxd .pxi) is cut per definition by indentation (chunkers/cython.py).
# 7: Go's package-level `var`/`const` of one name, and a typed `const` block, are definitions.
# 8: Ruby's `class << self` adds no `self` to its methods' names (`Basic.default_realm`).
# 9: tab-indented Cython too (it was windows).
# 10: Rust items a macro declares at a file's or module's top level (`thread_local! {..}`) are
#     one chunk named after the macro (symbol type `macro_call`).
# 11: a scoped name is dotted as the nested form is: Ruby `class Rack::Lint::Wrapper` is
#     `Rack.Lint.Wrapper`, C++ `void ns::Widget<T>::draw()` `ns.Widget.draw`, Rust `impl a::B`
#     `a.B` (it was `B`; `impl a::B<T>` was `a::B<T>`).
# 12: Kotlin extension functions are named after their receiver (`fun String.toPrice()`:
# String.toPrice), interfaces and enum classes typed so, secondary constructors are
# Class.constructor; a Java record's compact constructor is Record.Record
# 12 (also): Lua is cut per definition (`function M.name`, `function M:method` as `M.method`,
#     `local function f`, `M.name = function`), with its `---` doc comments (it was windows).
# 13: C#'s operators (`operator +`, `implicit operator T`: Class.operator), indexers
#     (`this[int i]`: Class.this), events and destructors are definitions (they were the
#     class's other lines)
# 13 (also): Perl is cut per definition (tree-sitter-perl 2.0): subs named after the package
#     statement above them (`Foo::Bar` `sub get`: Foo.Bar.get), `*name = sub`, Moose `has`
#     attributes, Perl 5.38 `class`/`method`, with their `#` comments (it was windows).
# 13 (also): Elixir is cut per definition (`defmodule`, `def`/`defp`/`defmacro`, a function's
#     clauses as one piece, with their @doc/@spec; ExUnit tests by description; Mix's `config`
#     calls) and Erlang per function, found by its forms (erlang.py; both were windows).
# 14: Scala is cut per definition (classes, case classes, objects, traits, enums, defs, a
#     template's vals and vars, givens, extension methods; ScalaTest/munit/specs2 tests by
#     their description; it was windows); a Scala piece under the 40-character minimum
#     joins the piece beside it (cutting._join_short).
# 14 (also): test blocks are pieces named by their description: ExUnit's `describe`, Perl's
#     `subtest`, RSpec's `describe`/`context`/`it`, Jest's and Mocha's `describe`/`it`/`test`
#     (symbol types `describe`, a container cut per block when big, and `test`; they were
#     windows).
# 15: Haskell is cut per definition (tree-sitter-haskell 0.24): a function's Haddock comment,
#     type signature and equations one piece, named after its module (`Data.Map.insert`);
#     data, newtype, type, class and instance declarations; OCaml (tree-sitter-ocaml 0.26) per
#     `let`, type, exception, module, functor, module type and class, members named after
#     their module and the file's (`map.ml`: `Map.Make.add`), with their `(** *)` doc
#     comment above or, in an interface (.mli, its own grammar), below; literate Haskell
#     (.lhs) by the code in it (all were windows); a container's head too short to keep
#     takes the short members after it (OCaml's `module Make(Ord: S) = struct`).
# 16: a piece the cutting makes under the 40-character minimum joins the piece beside it in
#     every language cut by definitions (it was Scala and OCaml only; the rest dropped it): a
#     class's head cut away from its members opens its first member (`public class Codecs {`
#     in `Codecs.step0`), a one-line getter or `alias_method` joins the method before it, a
#     lone `package gin` the definition after it (rack 2.2.22 lost 1.92% of its Ruby lines,
#     Django 5.2.8 865 Python lines; now none: bench/lost_text.py); so does a short piece of a
#     document or a configuration file (Markdown, reST and text, JSON/YAML/TOML, XML/HTML,
#     INI): a heading with nothing under it opens its first subsection, `{ "extends": ...`
#     the key after it (chunkers/joining.py).
# 16 (also): a function of a module is typed a function, not a method: Elixir's `def` in a
#     `defmodule`, OCaml's `let` in a `struct`, Rust's `fn` in a `mod`, a TypeScript
#     namespace's, Ruby's `def self.x` in a `module` (a class's stay methods; Perl's subs too).
# 17: Julia is cut per definition (tree-sitter-julia 0.23): functions, the short form `f(x) = ...`,
#     macros, structs, abstract and primitive types, modules, a file's or module's consts, each
#     with its docstring; a function's consecutive methods one piece; a method of another
#     module's function named so (`Base.show`, not `Shop.Base.show`); `@testset "..."` and
#     `@testitem "..."` by their description (.jl files were not indexed at all).
# 17 (also): PowerShell is cut per definition (tree-sitter-powershell 0.26): functions and
#     filters with their comment-based help, classes and their methods, enums; Pester's
#     `Describe`/`Context` groups and `It` tests by their description (it was windows); a
#     bare-word list (`Select-Object -Property Name, Id`) no longer hides the function around
#     it from the grammar (psargs.py).
# 17 (also): Dart is cut per definition (tree-sitter-dart 0.1): classes, mixins, extensions,
#     enums, typedefs, methods, getters, setters, operators, constructors and top-level
#     functions, each with its `///` doc and annotations, over the body the grammar puts
#     beside the signature (LanguageSpec.bodies); package:test's `group`/`test` and
#     `testWidgets` by their description, also inside a big `main()` (named by their own
#     description, not `main.X`: cutting's holds_tests); a Dart class over 600 characters
#     is cut per member (LanguageSpec.split_chars); it was windows.
# 17 (also): a run of short pieces joins pieces of at most 1500 characters of them
#     (joining.MAX_JOINED), each kept: 50,000 bare headings were one piece of 200 KB.
# 18: Groovy, Gradle build scripts and Jenkins pipelines are cut by their brace blocks
#     (chunkers/groovy.py): classes and methods, named closures, a shared library's
#     `vars/deployApp.groovy` `call` as deployApp, Jenkins stages by their title, Gradle tasks
#     and top-level blocks (`android`, `dependencies`) by their name (they were windows).
# 19: Fortran is cut per definition (tree-sitter-fortran 0.6): subroutines, functions,
#     modules (their procedures after `contains` named `module.proc`), programs, named
#     interfaces, derived types, each with the comment block above; fixed form (.f) is parsed
#     as free form (fortranform.py), f2py's `.pyf` with its `python module`. It was windows.
# 20: Makefiles are cut per rule (named after their targets, with the comments and `.PHONY`
#     line above), `define` by name and variable blocks whole; Dockerfiles per build stage
#     (`FROM x AS builder`: builder); CMake per function, macro and target (`add_library`
#     with the `target_*` commands after it), small `if()` blocks whole (make.py,
#     dockerfile.py, cmake.py; all three were windows).
#     Protocol Buffers and GraphQL are cut per definition (chunkers/protobuf.py, graphql.py):
#     a .proto's header (named after its package), messages (nested ones `Outer.Inner` when
#     their message is cut), enums, services (per `rpc` when big), `extend`s; a GraphQL
#     schema's types, inputs, enums, unions, scalars, directives, `schema`, extensions and
#     operations by name, each with the comment or description above it; a big one cut at its
#     fields keeping its name. They were windows.
# 20 also: Vue and Svelte components are cut by their blocks (chunkers/sfc.py): each `<script>` by
#     the JavaScript/TypeScript chunker (`lang="ts"`), each `<style>` by the styles chunker, the
#     template by the markup chunker (its comments kept), named after the component
#     (`Chips.vue`'s `methods: { onPaste() }` is Chips.onPaste, `rating-group.svelte`'s
#     `$props()` RatingGroup.props); they were windows.
# 21: Solidity is cut per definition (tree-sitter-solidity 1.2): contracts, interfaces,
#     libraries and their functions, modifiers, events, errors, structs, enums, constructors
#     and constants (ERC20.transfer), free functions, errors and value types, each with its
#     NatSpec comment above. It was unknown, not indexed.
# 22: a short piece joined into another is named there too (ChunkPiece.also: Fortran's
#     `module tree` head in the piece of `tree.tree_inode`, an INI `[server]` in `database`'s),
#     in its embedded head, and a definition too short to be a piece in the window holding
#     it (a Jenkins `stage('Checkout') { checkout scm }`); joining's minimum is the
#     pipeline's min_chunk_chars, not 40; Ruby's methods after `module_function` are
#     functions of their module; Julia's `@doc "..." f` right above f is its docstring; a
#     `.ps1` opening with its comment-based help is a script named after its file.
# 23: the parse budget is one per file, not one per parse (a C file parsed again without its
#     macros, a notebook's cells): a file that spent it is windows; a notebook cell over it
#     is windows, the notebook no longer fails whole.
# 24: OCaml: the names of short definitions joined into a piece carry the file's module
#     (`Sample.Store_error` beside `Sample.error`); protobuf, GraphQL and Groovy scanned by
#     bracescan.py (an escaped `\"""` in Groovy, a backslash-newline in a proto/GraphQL
#     string no longer shift or hide the blocks after it).
# 25: a short piece is no longer joined to a window cut out of a long line (it said it spanned
#     lines it held only part of: Django's GIS JSON fixtures, rich's text.py).
# 25 also (infra27): Helm: `_helpers.tpl` per `define` (`webapp.fullname`), a chart's YAML
#     templates by their
#     keys (read with the `{{ }}` actions masked: they were windows); a single Kubernetes
#     manifest named `Deployment/shop-api` as a document of a stream is; a YAML document
#     opening with a comment (`---` then `# ...`: Ansible's tasks) by its keys, not windows,
#     and a stream's document so named by its `Kind/name` (not `document 1`); a file that is a
#     list of named items (Ansible's tasks) named by their names, not `[0-1]`.
# 25 also (cpp27): C++ classes behind an export macro (`class SPDLOG_API logger`), macros alone on
#     their line and `SPDLOG_INLINE std::shared_ptr<T> f(...)` blank for parsing; a class
#     whose head and braces parsed keeps its members' names though one holds an error; C
#     headers' `extern "C" {` guards blank, documented C prototypes named; CUDA kernels.
# 25 also (datasci27): R by its top-level definitions (`name <- function(`, R6 and S4 classes,
#     `setMethod`,
#     testthat's `test_that`), not windows; dbt's SQL: a macro file per `{% macro NAME %}`
#     block (materializations, tests, snapshots too), a model one piece named after its file;
#     R Markdown and Quarto: a code chunk defining something cut by its language's chunker.
# 26 (rmd28): R Markdown's short section (`## Retention` and a line) above a defining chunk
#     heads the chunk's piece, whose context is that section (it was joined to the section
#     before, and the function took that one's heading path); one between two chunks is kept.
# 26 also (cpp28): C++ access specifiers written as a macro (`JSON_PRIVATE_UNLESS_TESTED:`),
#     `#if` around a lone `constexpr` or inside a template's arguments, `-> decltype(expr)`,
#     a macro after a function's parameters (`now() SPDLOG_NOEXCEPT`) and a parameter's
#     `= {}` read for parsing (nlohmann's `basic_json` ended at line 651 of
#     5,200: its members after it were free functions); no name in a directive is blanked;
#     conversion operators named (`operator bool`).
# 27 (newfmt29): HTTP request files by `###` request, Gherkin features by scenario
#     (chunkers/requests.py), Bazel's Starlark per `def` with Python's grammar: all three were
#     500-character windows since Linguist's languages are indexed.
# 28 (newfmt30): RPM specs and Kickstart files by `%` section (a long `%changelog` per entry,
#     chunkers/packaging.py), Bruno's `.bru` requests by block and CUE files by top-level field
#     (chunkers/blocks.py): all were unknown or metadata only before, now indexed and cut;
#     Nix by attribute binding, its comments with it (chunkers/nix.py), Dhall by `let`, GDB
#     scripts by `define` (chunkers/blocks.py): were windows.
# 28 (also, flow31): Flow-typed JavaScript (`@flow` in its header, `.js.flow`) is cut by its
#     definitions with TypeScript's TSX grammar (chunkers/flowtypes.py): `type`, functions,
#     classes and their methods named; was windows without symbols where tree-sitter-javascript
#     failed (vue-router 3.6.5's `src/`: 1 file of 20 parsed).
# 28 also (misc31): Mako pages by top-level `<%def>`/`<%block>` (chunkers/mako.py): a `.mak`
#     of Mako was windows, a `.mako` page unknown.
# 29 (retr31): a macro blanked before `(...)` takes it along (nlohmann's `JSON_CATCH(...) {}`
#     left `(...) {}`): json.hpp's `assert_invariant` no longer runs over every constructor and
#     `dump` (402 -> 414 pieces, `basic_json.dump` and 10 constructors named).
# 29 also (newuser32): a Java enum's constants are definitions (a big enum cut per constant with
#     its Javadoc: `DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES`), module-info.java's
#     `module a.b { ... }` one piece named `a.b` (it was windows).
# 30 (java33): a banner comment between Java members is an unnamed window (was named after
#     the container); a Java piece's prefix names it by its package (ChunkPiece.namespace);
#     package-info.java's Javadoc + `package a.b;` one piece named `a.b` (package); a Java
#     definition under its Javadoc is not scored comment-only, nor a pom's `<properties>` (a
#     leaf's name read with its value) as tags.
# 31 (newuser34): Emacs Lisp cut per defining form (defun, defmacro, defcustom, defvar,
#     cl-defmethod ...) with `;;;###autoload` and the comments above, its `;;; Commentary:` a
#     `package` piece (elisp.py); Vim script per function and user command, `s:`/autoload names
#     bare/dotted (vimscript.py); Vim help by `*tag*` topic (vimhelp.py); a `.gitconfig` by
#     `[section]`, an ssh config by Host/Match block (ini.py), vim-vspec's describe/it
#     blocks by description. All were unnamed windows.
# 31 also (rank34): a Rust module's leading `//!` docs holding a Markdown heading are cut by their
#     headings (sections named `clap::_derive > ... > Arg Attributes`, the markers taken off);
#     they were nameless comment-only windows (chunkers/innerdocs.py).
# 32 (decisions35): tmux's configuration is cut by its blank-line runs, each named by the keys it
#     binds and options it sets (chunkers/blocks.py; it was INI's windows); a shell's
#     `alias gs='...'` is a definition named `gs` (short ones joined name their piece's `also`)
# 32 also (newuser35): Clojure cut per top-level form (`defn`, `defmacro`, `defprotocol`,
#     `defrecord`, `def`, `ns` ... named, chunkers/clojure.py), TeX packages per macro
#     (`\newcommand`, `\def`, environments: chunkers/texmacros.py), BibTeX per entry named by its
#     key (chunkers/bibtex.py); Markdown/MDX: the front matter's `title:` names the text before
#     the first heading, a heading's `{#id}` / `{/* #id */}` is no word of its title. Were
#     unnamed windows (a .bib was not cut: metadata only).
# 33 (newuser36): Ruby's DSL definitions named: a Sinatra route (`NotesApi.get /notes`, type
#     `route`), `define_method(:x)` and Rails' `scope :x, -> {}` methods, Rake's `namespace` (cut
#     per task) and `task` (`blog.purge_stale_drafts`); `desc`/`method_option` lines stay with the
#     task or Thor command below; PHP's Pest `describe`/`it`/`test` named by their description.
# 33 also (rank36, mine36): a Clojure or Emacs Lisp definition's docstring counts in its piece's
#     quality as a Python docstring does (1.0, was 0.875: pipeline/enrich._LISP_DOCSTRING)
# 34 (newuser37): a Perl sub, method or `has` attribute whose name heads a POD section
#   (`=head2 store`, `=head2 redirect($destination, $status)`, `=head2 $r->to`) carries that
#   section's first 400 characters as its context (embedded and in its lexical vector); an
#   `=item NAME` paragraph too (Plack's `=over` lists), when no `=head` names the sub
# 34 also (rank37): a Lisp `(def x "value")` (a string that is the form's only value) earns no
#     docstring bonus (quality 0.875, was 1.0: pipeline/enrich._lisp_docstring)
# 34 also (rank37): PHP's `namespace X\Y;` is its pieces' namespace, in the embedded header as PHP
#     writes it (`method Monolog\Logger.pushHandler`); a method no class owns (Laravel's `return
#     new class extends Migration`) named by its file less the timestamp
#     (`create_orders_table.up`); an HTML/template document of at most 900 characters and one
#     section is one piece named by its title or first heading (a 22-line Blade view was 4
#     pieces: its `<article>` taken for an XML root); Vue/Svelte templates that small too
# 34 also (rank37): Grape's routes `get :public_timeline do` (`API.get :public_timeline`) and
#     `get do` (`API.get`) are route pieces, as Sinatra's `get "/notes" do` are
# 35 (mine38): a Markdown heading's backslash escapes outside code spans are read as their
#     characters (environs' `## Why\...?` is "Why...?" in the heading path); a section that is
#     a table of contents (list items linking to `#anchors` only) is left out when the
#     document has other pieces (7 of 1,003 Markdown files here: README TOCs)
# 35 also (rank38): JavaScript's `Route.prototype.dispatch = function` is the method
#     `Route.dispatch` (was `dispatch`); a Lua module's top-level alias `stringx.capitalize =
#     stringx.title` / `file.read = utils.readfile` is a definition of the member (was unnamed)
# 35 also (newuser38): nginx configuration (and its Jinja templates) cut by its blocks, `server
#     shop.example.com`, `http > server x > location /api/` (was INI windows); a YAML file with
#     Jinja tags (Salt's states, `{% for %}` lines) read by its keys with the tags masked; a Go
#     template action that opens a key (`{{ name }}-user:`) is no longer a comment
#     line; a YAML file that is a list of named items (Ansible's tasks) is one piece per item
#     (and a key read masked is named by its own text: `{{ name }}-user`, not `____-user`)
# 36 (jinja38): a template's `{% macro NAME %}` blocks (DebOps' `default.conf.j2`, whatever it
#     renders) are definitions `macro NAME`; an Ansible task's `block:`/`rescue:`/`always:` tasks
#     are pieces named by their own `- name:`, and a big task cut by its keys keeps its name
# 36 also (infra39): a play's `tasks:`/`pre_tasks:`/`post_tasks:`/`handlers:` tasks are pieces named
#     by their own `- name:` (were `Play.tasks`); a task is cut by its keys only when too big, not
#     for holding two mappings, and then its `- name:` line heads its module call (was `X.name`,
#     two lines alone); `{% macro %}` blocks only in templates (a program's Jinja string stays)
# 36 also (newuser39): Python code between definitions is cut at each notebook cell marker before
#     its windows (jupytext's / VS Code's `# %%`, nbconvert's `# In[3]:`, Databricks' `# COMMAND
#     ----------`, sphinx-gallery's line of 20+ `#`): a gallery block's text and its code are one
#     piece (lmfit's and scikit-learn's examples: `# Fit the data:` closed one window, its code
#     opened the next); a MyST-NB notebook's (Jupyter Book's `.md`) ```{code-cell} ipython3```
#     defining a function is cut by its kernel's language and named, as an R Markdown chunk is
#     (was a few lines of its section)
# 36 also (rank39): a nameless piece that opens with a definition too short to be a piece of its
#     own is named by it (`sub all { _all(2, @_) }` and the one-line subs after it:
#     `Mojo.Promise.all`, the others in `also`); a Makefile's short last target `clean`, an
#     Erlang `-type`, an R operator, a Svelte module script's one const (`Counter.MAX_COUNT`)
# 36 also (cuts39b): a line longer than its window (a notebook's one-line Markdown cell, a README
#     paragraph on one line) is cut after its last sentence or word before the limit, the next
#     window starting at a sentence or word (was mid-word: "usters at that cut level"; a line with
#     no space is cut by characters as before); `#Title` is a heading in a notebook's Markdown
#     cells (hdbscan's notebooks had no heading path); a play's `roles:` items cut for size are
#     named by their role (`keyring`, was `Play.roles[5]`)
# 37 (rank40): an abbreviation's dot ("e.g. ", "i.e. ", "cf. ", "vs. ", "Fig. 3") ends no
#     sentence where an overlong line is cut (a window closed after "e.g." before its example);
#     a function too big for one piece (over huge_chars) holding functions is cut at them as a
#     container is, each named after it and still a function (fastify's `fastify.addHook`, was
#     windows named `fastify`), its body before the first one in windows
# 37 also (mobile40): a native module's methods as JavaScript calls them are pieces of their own:
#     React Native's `RCT_EXPORT_METHOD(getCarrier:...)`, `RCT_REMAP_METHOD`, the synchronous
#     and `RCT_EXTERN_METHOD` forms read as the Objective-C methods they declare
#     (react-native-device-info's 53 exported methods were unnamed windows), and an Expo
#     module's `definition()` cut per DSL call, `AsyncFunction("getCurrentPositionAsync")`,
#     `Function`, `Property`, `Prop`, `OnCreate`, in Swift and Kotlin (was 1,500-character
#     windows all named `LocationModule.definition`); a Kotlin Gradle script (`build.gradle.kts`,
#     `settings.gradle.kts`) is cut by Gradle's blocks as a Groovy `build.gradle` is (was
#     unnamed windows); a podspec's `Pod::Spec.new do |s|` is a block named by its `s.name`, a
#     Podfile's `target 'App' do` by its target (were unnamed windows)
# 37 also (decide40b): HCL reads dotted block names and dotted calls (Alloy's `prometheus.scrape
#   "default" { }`, `sys.env("X")`) as identifiers: cut by block, the kind as written
# 37 also (rank40b): SwiftPM's `Package.swift` `let package = Package(name: "X", ...)` is a block
#     named by its package (was one unnamed window), cut when big at its `targets:` entries,
#     each named by its target (`X.PushNotificationsPlugin`)
# 38 (decisions42): man pages (roff: `man` and `mdoc` macros) by `.SH`/`.SS` section, named under
#     the page (`memfd_secret(2) > DESCRIPTION`), long sections cut at `.PP`/`.TP`/`.IP` (were
#     fixed windows); a compressed text file's (`ls.1.gz`) pieces are cut from the text it holds
CHUNKING_VERSION = 38


class Chunker(Protocol):
    name: str
    languages: frozenset[str]

    def chunk(self, text: str) -> list[ChunkPiece]: ...


@runtime_checkable
class PathAware(Protocol):
    """A chunker whose names depend on the file's path (OCaml: `list.ml` is the module List);
    the pipeline gives it the path relative to the project."""

    def chunk_path(self, text: str, path: str) -> list[ChunkPiece]: ...


class Undecodable(ValueError):
    """A file a decoding chunker cannot read (a notebook that is not valid JSON); the message is
    the reason recorded for it. Such a file fails: it is never cut into windows of its raw text,
    which holds what the chunker leaves out (a notebook's outputs)."""


class Oversized(ValueError):
    """What a decoding chunker would index is over the limit it was given: `size` bytes."""

    def __init__(self, size: int) -> None:
        super().__init__(f"decodes to {size} bytes")
        self.size = size


# (text, language, rows) -> the text with its secret-like values redacted, line count
# unchanged; rows[i] is the line of the file on disk that line i + 1 of the text is on (what
# redaction reports a value's line as: a cell's third line may be line 412 of its notebook)
Scrub = Callable[[str, "str | None", Sequence[int]], str]


@runtime_checkable
class Decoder(Protocol):
    """A chunker of a container format (a Jupyter notebook's JSON): what it indexes is decoded
    from the file rather than cut from it, so redacting the file's raw text does not cover it (a
    secret JSON-escaped on disk, `\\u0041`, decodes to another string). It is given the raw text
    and runs `scrub` on every text it decodes before cutting it, with the line on disk of each
    of that text's lines; its pieces hold decoded text, their lines are those of the file on
    disk."""

    name: str

    def chunk_decoded(self, text: str, scrub: Scrub,
                      max_bytes: int | None = None) -> list[ChunkPiece]:
        """The pieces; Undecodable when the file cannot be read, Oversized when what it decodes
        to (see indexed_bytes) is over `max_bytes`, before anything is cut."""
        ...

    def indexed_bytes(self, text: str) -> int:
        """UTF-8 bytes of what would be indexed (for estimates); 0 when undecodable."""
        ...


@cache
def load_language(grammar: str) -> Any | None:
    """The tree-sitter Language of a grammar package ("module:function"), loaded on first use
    (so `repokb --help` stays instant) and once per process; None when the package is not
    installed, in which case the caller's fallback (windows) serves."""
    module_name, function = grammar.split(":")
    try:
        import tree_sitter

        module = importlib.import_module(module_name)
    except ImportError:
        return None
    pointer = getattr(module, function)()
    if isinstance(pointer, int):  # tree-sitter-perl 2.0 returns the address, deprecated by
        pointer = _capsule(pointer)  # tree-sitter 0.25: wrapped as the others return it
    return tree_sitter.Language(pointer)


def _capsule(address: int) -> Any:
    """A grammar's `TSLanguage *` as the PyCapsule tree_sitter.Language takes."""
    new = ctypes.pythonapi.PyCapsule_New
    new.restype = ctypes.py_object
    new.argtypes = (ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p)
    return new(address, b"tree_sitter.Language", None)


def last_row(node: Any) -> int:
    """0-based last line of a tree-sitter node; a node ending at column 0 ends on the line
    before (its newline belongs to it, not the next line's text)."""
    row, column = node.end_point
    return int(row - 1 if column == 0 and row > node.start_point[0] else row)


# tree-sitter-bash 0.25 segfaults (kills the process) on code points in the high planes
# (e.g. "{" followed by U+DA593; found by the property tests). They are unassigned or private
# use, so for parsing they are swapped for an assigned code point of the same UTF-8 length
# (4 bytes): byte offsets, rows and the source lines the chunks are cut from stay exact.
_HIGH_PLANES = re.compile("[\U00030000-\U0010FFFF]")
_SAFE_STAND_IN = "\U0002F800"


def source_bytes(text: str) -> bytes:
    """The bytes a tree-sitter parser may safely be given for `text`."""
    return _HIGH_PLANES.sub(_SAFE_STAND_IN, text).encode("utf-8", "surrogatepass")


# The parser reads the source a slice at a time through a Python callback, and between two
# slices the interpreter can pass to another thread. Parsing a 350 KB file in one call held it
# ~30 ms, during which no search of the same process (`repokb serve` beside an index job) could
# run; 4 KB slices hold it 3-6 ms at most, for the same tree in the same time.
_PARSE_SLICE = 4096


class OverBudget(Exception):
    """A parse stopped at its budget (models.ParseBudget): the caller cuts the file into fixed
    windows and records the message as the reason. Not a malformed-input surprise, so a
    chunker lets it through instead of falling back silently."""


class Allowance:
    """The CPU time left to one file's parses (models.ParseBudget, for the file's size): every
    parse of the file spends from it, so a file parsed several times (a rewrite parsed again:
    C macros, PowerShell's bare lists; a notebook's cells; the pieces of a literate file) takes
    one budget, not one per parse. A parse is stopped at what is left, or at what its own
    size allows if less (a part of the file: half the fixed seconds less, so a slow cell
    leaves at least that to the others). `stopped`: why a parse
    of it stopped, for the file's record."""

    def __init__(self, budget: ParseBudget, size: int | None = None) -> None:
        self.budget = budget
        self.size = size
        self.left = budget.for_bytes(size) if size is not None else None
        self.stopped = ""
        # what becomes of a stopped parse: the whole file, or only a part of it (a decoder's:
        # a notebook's cell is windows, its other cells parsed)
        self.fallback = "cut into fixed windows"

    def sized(self, size: int) -> None:
        """Size the allowance by the bytes to be parsed (a notebook's cells' sources), unless
        it has been sized already."""
        if self.left is None:
            self.size, self.left = size, self.budget.for_bytes(size)

    def over(self, allowed: float, size: int) -> OverBudget:
        """The stop of a parse of `size` bytes allowed `allowed` seconds (the first one's
        is the file's `stopped`; a parse sizes the allowance before it can stop)."""
        assert self.size is not None
        whole = self.budget.for_bytes(self.size)
        message = (f"parse stopped at its budget ({max(allowed, 0):.1f} s of CPU for "
                   f"{size / 1024:,.0f} KB; the file's {whole:.1f} s for "
                   f"{self.size / 1024:,.0f} KB: parse_budget_seconds + "
                   f"parse_budget_ms_per_kb, one budget for all of a file's parses): "
                   f"{self.fallback}")
        self.stopped = self.stopped or message
        return OverBudget(message)


# The allowance of parses in this context (a thread, a task): chunk_file sets it from the
# settings around a chunker's call (chunkers are shared, the budget is not theirs to hold).
_BUDGET: ContextVar[Allowance | None] = ContextVar("repokb_parse_budget", default=None)


@contextmanager
def parse_budget(budget: ParseBudget | None, size: int | None = None) -> Iterator[Allowance]:
    """Parses inside run under `budget` (the default one when None), one allowance for them
    all: that of a file of `size` bytes (None: sized by `Allowance.sized`, or else by the
    first parse)."""
    allowance = Allowance(budget or ParseBudget(), size)
    token = _BUDGET.set(allowance)
    try:
        yield allowance
    finally:
        _BUDGET.reset(token)


def budget_size(size: int) -> None:
    """Size the allowance in force by the bytes about to be parsed (Allowance.sized)."""
    if (allowance := _BUDGET.get()) is not None:
        allowance.sized(size)


def parse(parser: Any, text: str) -> Any:
    """`parser`'s tree of `text` (see source_bytes), read in slices; OverBudget when the
    parses of its file (parse_budget) have spent the CPU time its budget allows for its size
    (outside parse_budget: this parse's own)."""
    data = source_bytes(text)
    given: list[bytes] = []

    def read(offset: int, _point: Any) -> bytes:
        piece = data[offset:offset + _PARSE_SLICE]
        given.append(piece)
        return piece

    allowance = _BUDGET.get() or Allowance(ParseBudget())
    allowance.sized(len(data))
    assert allowance.left is not None and allowance.size is not None
    if allowance.left <= 0:
        raise allowance.over(0.0, len(data))  # spent by the file's earlier parses
    started = time.thread_time()
    # no parse takes more than its own size allows, and a part of the file (a notebook's cell)
    # half the fixed seconds less: one slow part leaves at least that to the others
    own = allowance.budget.for_bytes(len(data))
    if len(data) < allowance.size:
        own -= allowance.budget.seconds / 2
    allowed = min(allowance.left, own)
    deadline = started + allowed

    def over(_offset: int, _has_error: bool) -> bool:  # True cancels the parse
        return time.thread_time() > deadline

    try:
        tree = parser.parse(read, progress_callback=over)
    except ValueError as exc:  # "Parsing failed": the callback cancelled it
        if time.thread_time() <= deadline:
            raise
        parser.reset()  # else the next parse would resume this one
        raise allowance.over(allowed, len(data)) from exc
    finally:
        allowance.left -= time.thread_time() - started
        if _reads_leak():
            for piece in given:
                _decref(piece)
    return tree


# py-tree-sitter 0.25 and 0.26 keep one reference too many to every bytes object a read callback
# returns, so each slice stayed in memory for good: the whole source of every file parsed (24 MB
# in an index of Django, held to the end of the run; without end in a `watch` or a server taking
# uploads). Where a probe parse shows that extra reference (after its tree is gone), `parse`
# drops it from each slice it handed out; a binding that keeps none is left alone.
def _decref(obj: object) -> None:
    import ctypes

    ctypes.pythonapi.Py_DecRef(ctypes.py_object(obj))


@cache
def _reads_leak() -> bool:
    """Whether the tree-sitter binding keeps a reference to what a read callback returns."""
    import sys

    language = load_language("tree_sitter_python:language")
    if language is None:
        return False
    import tree_sitter

    piece = bytes(bytearray(b"x = 1\n"))  # a new object, referenced here alone
    before = sys.getrefcount(piece)
    box = [piece]  # emptied after the parse: the callback (which a tree may keep) holds no
    tree = tree_sitter.Parser(language).parse(  # reference of its own to the piece
        lambda offset, _point: box[0] if offset == 0 else b"")
    box.clear()
    del tree
    return sys.getrefcount(piece) > before


_REGISTRY: dict[str, Chunker] = {}


def register(chunker: Chunker) -> Chunker:
    for language in chunker.languages:
        _REGISTRY[language] = chunker
    return chunker


_DECODES: dict[type, bool] = {}


def is_decoder(chunker: object) -> TypeGuard[Decoder]:
    """`isinstance(chunker, Decoder)`, asked once per chunker class: a Protocol's isinstance
    looks up each of its members (~10 µs), and a dry run asked it twice per file."""
    kind = type(chunker)
    decodes = _DECODES.get(kind)
    if decodes is None:
        decodes = _DECODES[kind] = isinstance(chunker, Decoder)
    return decodes


def chunker_for(language: str | None) -> Chunker | None:
    """The chunker registered for a language, or None (the caller uses fixed windows)."""
    return _REGISTRY.get(language) if language else None
