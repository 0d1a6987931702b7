"""A Rust module's `//!` docs written as Markdown are cut and named by their headings (session
34, rank34): clap 4.0.32's src/_derive/mod.rs, the derive reference, was 470 lines of `//!` cut
into nameless windows, so "which clap derive attribute sets the default value" found none."""

from __future__ import annotations

from dataclasses import replace

import repokb.chunkers  # noqa: F401  (registers the built-in chunkers)
from repokb.chunkers.base import chunker_for
from repokb.chunkers.code import TreeSitterChunker
from repokb.chunkers.innerdocs import module_path
from repokb.pipeline.enrich import prefix, quality

from ..conftest import cases

DERIVE_REFERENCE = """\
//! # Documentation: Derive Reference
//!
//! ## Overview
//!
//! To derive `clap` types, you need to enable the `derive` feature flag.
//!
//! ```rust
//! # use clap::Parser;
//! #[derive(Parser)]
//! #[command(CMD ATTRIBUTE)]
//! struct Cli {
//!     /// Doc comment
//!     #[arg(ARG ATTRIBUTE)]
//!     field: UserType,
//! }
//! ```
#![doc = include_str!("../../examples/demo.rs")]
//!
//! ## Attributes
//!
//! ### Arg Attributes
//!
//! These correspond to a [`Arg`][crate::Arg].
//!
//! **Magic attributes**:
//! - `default_value = <str>`: [`Arg::default_value`][crate::Arg::default_value] and
//!   [`Arg::required(false)`][crate::Arg::required]
//!   - Requires `std::fmt::Display` that roundtrips correctly with the
//!     [`Arg::value_parser`][crate::Arg::value_parser] or `#[arg(value_enum)]`
//! - `default_value_t [= <expr>]`: [`Arg::default_value`][crate::Arg::default_value] and
//!   [`Arg::required(false)`][crate::Arg::required]
//!
//! ## Tips
//!
//! - To get access to a [`Command`][crate::Command] call
//!   [`CommandFactory::command`][crate::CommandFactory::command]

pub mod _tutorial;
#[doc(inline)]
pub use crate::_cookbook;

pub fn helper() -> u8 {
    1
}
"""


def _pieces(text: str, path: str):
    chunker = chunker_for("rust")
    assert chunker is not None
    return chunker.chunk_path(text, path)


def test_a_module_s_markdown_docs_are_sections_named_by_their_headings():
    pieces = _pieces(DERIVE_REFERENCE, "clap/src/_derive/mod.rs")
    by_symbol = {p.symbol: p for p in pieces}
    arg = by_symbol["clap::_derive > Documentation: Derive Reference > Attributes > "
                    "Arg Attributes"]
    assert arg.symbol_type == "section"
    assert "`default_value = <str>`" in arg.content and "//!" not in arg.content
    lines = DERIVE_REFERENCE.splitlines()
    assert "//! ### Arg Attributes" in lines[arg.start_line - 1:arg.end_line]
    assert "default_value_t" in arg.content
    assert lines[arg.end_line] == "//! ## Tips"
    # the fence's `#` lines are code, no heading; the doc attribute among the lines stays inside
    overview = by_symbol["clap::_derive > Documentation: Derive Reference > Overview"]
    assert "# use clap::Parser;" in overview.content and "#![doc = " in overview.content
    assert "clap::_derive > Documentation: Derive Reference > Tips" in by_symbol
    assert not any(s and "use clap::Parser" in s for s in by_symbol)
    # read as a section of documentation, not as comment-only code
    assert prefix("src/_derive/mod.rs", arg, "rust").startswith(
        "src/_derive/mod.rs: section clap::_derive > Documentation: Derive Reference > ")
    assert quality(arg, "rust") > 0.7
    # the code after the docs is cut as before, and no piece holds a `//!` line
    code = pieces[-1]
    assert "pub fn helper()" in code.content and code.start_line == lines.index("") + 1
    assert not any("//!" in p.content for p in pieces)
    assert [p.start_line for p in pieces] == sorted(p.start_line for p in pieces)


def test_docs_without_a_heading_stay_as_the_code_chunker_cut_them():
    text = ("//! Utilities for splitting work between threads, used by the parallel\n"
            "//! iterators; nothing here is public API.\n\n"
            "pub fn split(n: usize) -> (usize, usize) {\n    (n / 2, n - n / 2)\n}\n")
    pieces = _pieces(text, "src/util.rs")
    assert not any(p.symbol_type == "section" for p in pieces)
    assert "//! Utilities" in "".join(p.content for p in pieces)
    # exactly the pieces of the same chunker without inner docs
    rust = chunker_for("rust")
    assert isinstance(rust, TreeSitterChunker)
    plain = TreeSitterChunker(replace(rust.spec, inner_docs=None))
    assert pieces == plain.chunk_path(text, "src/util.rs")


def test_a_licence_header_and_inner_attributes_may_stand_above_the_docs():
    text = ("// Copyright 2016 The Rayon developers.\n#![deny(missing_docs)]\n\n"
            "//! # Rayon\n//!\n//! Rayon is a data-parallelism library.\n//!\n"
            "//! ## How to use Rayon\n//!\n//! Call `par_iter` instead of `iter`, and the work "
            "is split between threads by `join`.\n\npub use rayon_core::join;\n")
    pieces = _pieces(text, "src/lib.rs")
    symbols = [p.symbol for p in pieces if p.symbol_type == "section"]
    assert symbols[-1] == "crate > Rayon > How to use Rayon"
    assert any(p.content.startswith("// Copyright") for p in pieces)


@cases("path, module", [
    ("src/_derive/mod.rs", "crate::_derive"),
    ("clap/src/_derive/mod.rs", "clap::_derive"),
    ("rayon-core/src/lib.rs", "rayon_core"),
    ("src/iter/plumbing/mod.rs", "crate::iter::plumbing"),
    ("src/iter/chain.rs", "crate::iter::chain"),
    ("build.rs", "crate::build"),
])
def test_the_module_path_names_the_docs(path, module):
    assert module_path(path) == module
