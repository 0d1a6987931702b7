"""Chunkers, one module per format family; importing this package registers the built-ins.

code (tree-sitter: one LanguageSpec per language in languages.py), markdown, rst (and plain
text), latex, config (JSON, YAML, TOML), ini (INI, conf, properties), markup (HTML, XML), styles
(CSS, SCSS, LESS), notebook (Jupyter: its cells' sources, never their outputs), cython (by
indentation), rlang (R, by its top-level definitions' heads and brackets), erlang (by its
forms), elisp (Emacs Lisp by its top-level forms), clojure (Clojure by its top-level
forms), vimscript (Vim script by function and user command), vimhelp (Vim help files by
`*tag*` topic), groovy (Gradle builds and Jenkins pipelines too, by its brace blocks), pod (Perl's
documentation by =head sections; Perl source as code plus its POD), make
(Makefiles by rule), gotemplate (Helm's `_helpers.tpl` by its `define`s), dockerfile (by
build stage), cmake (by function, macro and target),
protobuf and graphql (interface definitions, by their braces: contractscan.py; its braces and
Groovy's found outside comments and strings by bracescan.py), sfc (Vue and
Svelte components: each block by its own language's chunker), jinjasql (dbt's SQL: macros by
their `{% macro %}` blocks, a model whole), rmarkdown (R Markdown and Quarto: Markdown, a code
chunk defining something by its language's chunker), requests (HTTP request files by their
`###` requests, Gherkin features by scenario), packaging (RPM specs and Kickstart files by `%`
section), blocks (Bruno's `.bru` requests by block, CUE by top-level field, Dhall by `let`,
GDB scripts by `define`), nix (Nix by attribute binding), mako (Mako pages by `<%def>` and
`<%block>`), texmacros (TeX packages and classes by macro definition), bibtex
(BibTeX bibliographies by entry), nginx (nginx configuration and its Jinja templates by
block: `server`, `location`, `upstream`), roff (man pages by `.SH` section). A language with no
registered chunker is cut into fixed windows.
"""

from repokb.chunkers import (  # noqa: F401  (registration side effect)
    bibtex,
    blocks,
    clojure,
    cmake,
    code,
    config,
    cython,
    dockerfile,
    elisp,
    erlang,
    gotemplate,
    graphql,
    groovy,
    ini,
    jinjasql,  # after code: dbt's SQL wraps the SQL grammar's chunker
    latex,
    make,
    mako,
    markdown,
    markup,
    nginx,
    nix,
    notebook,
    packaging,
    pod,  # after code: Perl's chunker wraps the Perl grammar's
    protobuf,
    requests,
    rlang,
    rmarkdown,  # after code, rlang and markdown: a chunk goes to its language's
    roff,
    rst,
    sfc,  # after code, markup and styles: a component's blocks go to theirs
    styles,
    texmacros,
    vimhelp,  # after rst: Vim help wraps the plain-text chunker
    vimscript,
)
from repokb.chunkers.base import Chunker, chunker_for, register
from repokb.chunkers.fixed import FixedChunker, fixed_windows

__all__ = ["Chunker", "FixedChunker", "chunker_for", "fixed_windows", "register"]
