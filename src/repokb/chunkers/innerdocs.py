"""A module's inner doc comment written as Markdown (Rust's `//!`), cut as a Markdown file is.

A crate or module documented at its head is a document: clap's src/_derive/mod.rs is 470
lines of `//!` (the derive reference, `## Attributes` > `### Arg Attributes` ...) above three
lines of code. Read as code it was nameless 500-character windows, scored comment-only, so a
question about a derive attribute found none of them. When the leading run of `//!` lines holds
a Markdown heading (outside code fences: markdown-it reads it, as markdown.py does), its text
without the markers is cut by its headings into sections named by their heading path under the
module's path (`clap::_derive > Derive Reference > Attributes > Arg Attributes`), and the code
pieces keep only what lies outside the run. Docs without a heading stay as the code chunker cut
them (a two-line `//! Utilities.` is the module's piece as before).
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import PurePosixPath

from repokb.chunkers.joining import join_short
from repokb.chunkers.markdown import MARKDOWN
from repokb.chunkers.sections import Heading
from repokb.models import ChunkPiece

# what may come before a module's inner docs: blank lines, line comments (a licence header),
# inner attributes (`#![allow(...)]`)
_HEAD = re.compile(r"\s*(?:$|//(?![/!])|#!\[.*\]\s*$)")
# an inner doc attribute among the doc lines (clap's `#![doc = include_str!("../../examples/
# demo.rs")]` inside a fence): part of the docs, read as written
_DOC_ATTRIBUTE = re.compile(r"[ \t]*#!\[doc\b")
_ROOT_FILES = frozenset({"lib.rs", "main.rs", "mod.rs"})


def inner_doc_run(lines: list[str], marker: str) -> tuple[int, int] | None:
    """The 0-based rows [first, stop) of the leading run of `marker` lines, if any."""
    mark = re.compile(rf"[ \t]*{re.escape(marker)}")
    first = 0
    while first < len(lines) and not mark.match(lines[first]) and _HEAD.match(lines[first]):
        first += 1
    if first == len(lines) or not mark.match(lines[first]):
        return None
    stop = first
    while stop < len(lines) and (mark.match(lines[stop]) or _DOC_ATTRIBUTE.match(lines[stop])):
        stop += 1
    return first, stop


def unmarked(line: str, marker: str) -> str:
    """The line's text as rustdoc reads it: the marker and one space after it taken off."""
    if not line.lstrip(" \t").startswith(marker):
        return line  # a doc attribute
    body = line.lstrip(" \t")[len(marker):]
    return body[1:] if body.startswith(" ") else body


def module_path(path: str) -> str:
    """A Rust file's module path as written inside its crate: `src/_derive/mod.rs` ->
    `clap::_derive` under a folder `clap`, `crate::_derive` at the project's root (the crate's
    name is the project's then); `src/lib.rs` -> the crate."""
    parts = PurePosixPath(path).parts
    at = max((i for i, p in enumerate(parts[:-1]) if p == "src"), default=-1)
    crate = parts[at - 1].replace("-", "_") if at > 0 else "crate"
    mods = list(parts[at + 1:])
    if mods and mods[-1] in _ROOT_FILES:
        mods.pop()
    elif mods:
        mods[-1] = PurePosixPath(mods[-1]).stem
    return "::".join([crate, *mods])


def with_inner_docs(pieces: list[ChunkPiece], lines: list[str], path: str,
                    marker: str) -> list[ChunkPiece]:
    """`pieces` (a code chunker's, of the file's `lines`) with a leading inner doc comment that
    holds a Markdown heading cut by its headings instead; else `pieces` as they are."""
    run = inner_doc_run(lines, marker)
    if run is None:
        return pieces
    first, stop = run
    text = [unmarked(line, marker) for line in lines[first:stop]]
    outer = (Heading(-1, 0, module_path(path)),)
    try:
        sections, headings = MARKDOWN.sections("".join(text), outer, front_matter=False)
    except Exception:  # markdown-it is forgiving; the code chunker's pieces stand
        return pieces
    if not headings:
        return pieces
    docs = [replace(p, start_line=p.start_line + first, end_line=p.end_line + first)
            for p in join_short(sections, text)]
    kept: list[ChunkPiece] = []
    for piece in pieces:  # a named piece is a definition's: it stays whole
        if piece.symbol or piece.end_line <= first or piece.start_line > stop:
            kept.append(piece)
            continue
        # what lies before the run (1-based rows up to `first`) and after it (from stop + 1)
        for start, end in ((piece.start_line, min(piece.end_line, first)),
                           (max(piece.start_line, stop + 1), piece.end_line)):
            content = "".join(lines[start - 1:end])
            if start <= end and content.strip():
                kept.append(replace(piece, content=content, start_line=start, end_line=end))
    return sorted(kept + docs, key=lambda p: (p.start_line, p.end_line))
