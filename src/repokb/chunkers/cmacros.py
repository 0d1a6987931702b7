"""C and C++ macros the grammar cannot read, blanked (same length) for parsing only.

Real C puts macros where the grammar expects a type or a statement: numpy's
`NPY_NO_EXPORT void PyArray_Foo(...)` and `static NPY_INLINE int f(...)`, SQLite's
`SQLITE_API int`, Lua's `LUA_API int`, zlib's `int ZEXPORT deflate(...)`, and loop macros that
open a block (`BINARY_LOOP {` in numpy's umath loops). tree-sitter then marks the whole function
as an error and the chunker leaves it to windows. Only where the tree has an error, an all-caps
name in front of a declaration (or opening a block inside a body) becomes spaces and the file is
parsed again; rows and byte offsets stay put, so names and chunks are read from the file as
written. Code that parses cleanly is never touched.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from repokb.chunkers.base import parse, source_bytes

_MACRO = re.compile(rb"[A-Z][A-Z0-9_]*[A-Z0-9]")  # all capitals: the shape of a macro's name
# An indented line that is a macro (with arguments or not) opening a block: `BINARY_LOOP {`.
_BLOCK = re.compile(rb"[ \t]+([A-Z][A-Z0-9_]*[A-Z0-9](?:[ \t]*\((?:[^(){};\n]|\([^(){};\n]*\))*"
                    rb"\))?)[ \t]*\{[ \t]*(?:(?://|/\*).*)?\r?")
_HEADS = frozenset({"function_definition", "declaration"})
# Words in front of a declarator that are not its type.
_NOT_TYPES = frozenset({"static", "extern", "inline", "const", "volatile", "register", "restrict",
                        "_Noreturn", "__inline", "__inline__", "thread_local", "_Thread_local",
                        "__thread", "constexpr", "virtual", "explicit", "*", "&"})
_ROUNDS = 3  # a fix may uncover the next error of the same declaration


def unmacro(parser: Any, text: str, tree: Any) -> tuple[str, Any]:
    """`text` with the macros behind its parse errors blanked, and its tree (both unchanged
    when there is nothing to blank)."""
    data = bytearray(source_bytes(text))
    if tree.root_node.has_error and (guards := _cplusplus_guards(data)):
        text, tree = _blanked(parser, data, guards)
    if tree.root_node.has_error and (lone := _lone_macros(data)):
        text, tree = _blanked(parser, data, lone)
    for _ in range(_ROUNDS):
        if not tree.root_node.has_error:
            break
        spans = _spans(tree.root_node, data)
        if not spans:
            break
        text, tree = _blanked(parser, data, spans)
    return text, tree


def _blanked(parser: Any, data: bytearray, spans: Iterable[tuple[int, int]]) -> tuple[str, Any]:
    """The text of `data` with `spans` made spaces (in `data` too: rows and offsets stay put),
    and its tree."""
    for start, end in spans:
        data[start:end] = b" " * (end - start)
    text = data.decode("utf-8", "surrogatepass")
    return text, parse(parser, text)


# `class SPDLOG_API logger {`, `struct FMT_API x : base`: an export macro between the keyword and
# the name, which the grammar reads as a function `logger` returning `class SPDLOG_API`, with
# no error to show for it.
_EXPORTED = re.compile(rb"\b(?:class|struct|union)[ \t]+([A-Z][A-Z0-9_]*[A-Z0-9])[ \t]+"
                       rb"[A-Za-z_]\w*[ \t]*(?:final\b[ \t]*)?(?:[:{]|\r?\n|//|/\*)")
_SPECIFIERS = frozenset({"class_specifier", "struct_specifier", "union_specifier"})


def unexport(parser: Any, text: str, tree: Any) -> tuple[str, Any]:
    """`text` with the export macros of its class heads blanked (`class SPDLOG_API logger {`
    is parsed as `class logger {`), and its tree (both unchanged when there are none)."""
    data = bytearray(source_bytes(text))
    spans = []
    for m in _EXPORTED.finditer(data):
        node = tree.root_node.named_descendant_for_byte_range(*m.span(1))
        specifier = node.parent if node is not None else None
        if (specifier is not None and specifier.type in _SPECIFIERS
                and specifier.child_by_field_name("body") is None
                and specifier.parent is not None
                and specifier.parent.type == "function_definition"):
            spans.append(m.span(1))
    if not spans:
        return text, tree
    return _blanked(parser, data, spans)


# A line that is only a macro, with its arguments or not and no `;`, after a statement, a brace,
# a label or a directive: `FMT_BEGIN_NAMESPACE`, `NLOHMANN_JSON_NAMESPACE_END`, spdlog's
# `SPDLOG_TRY` above a block's `{` and `SPDLOG_LOGGER_CATCH(loc)` below its `}`.
_LONE = re.compile(rb"^[ \t]*([A-Z][A-Z0-9_]*[A-Z0-9](?:[ \t]*\((?:[^()\n;]|\([^()\n;]*\))*\))?)"
                   rb"[ \t]*(?://[^\n]*|/\*[^\n]*\*/)?\r?$", re.M)
_AFTER = (b";", b"{", b"}", b":", b"*/")


# A C header's `extern "C" {` and its `}` for C++ compilers, each alone in an `#ifdef
# __cplusplus` block: one brace in each of two blocks, which the grammar cannot pair, so the
# whole file was one error (SQLite's sqlite3.h: no definition found in 13,000 lines).
_GUARD = (rb"#[ \t]*if(?:def[ \t]+__cplusplus|[ \t]+defined[ \t]*\(?[ \t]*__cplusplus[ \t]*\)?)"
          rb"[^\n]*\n")
_EXTERN_C = re.compile(_GUARD + rb"[ \t]*(extern[ \t]+\"C\"[ \t]*\{)[^\n]*\n[ \t]*#[ \t]*endif")
_EXTERN_C_END = re.compile(_GUARD + rb"[ \t]*(\})[^\n]*\n[ \t]*#[ \t]*endif")


def _cplusplus_guards(data: bytearray) -> list[tuple[int, int]]:
    """The `extern "C" {` and `}` of a C header's `#ifdef __cplusplus` blocks."""
    return [m.span(1) for pattern in (_EXTERN_C, _EXTERN_C_END) for m in pattern.finditer(data)]


def _lone_macros(data: bytearray) -> list[tuple[int, int]]:
    """The macros alone on their line where a statement or a declaration may start."""
    spans = []
    for m in _LONE.finditer(data):
        before = data.rfind(b"\n", 0, m.start())
        while before > 0:
            start = data.rfind(b"\n", 0, before) + 1
            previous = bytes(data[start:before]).strip()
            if previous:
                break
            before = start - 1
        else:
            previous = b""
        if (not previous or previous.endswith(_AFTER) or previous.startswith((b"#", b"//"))
                or _LONE.fullmatch(previous)):
            spans.append(m.span(1))
    return spans


def _spans(root: Any, data: bytearray) -> set[tuple[int, int]]:
    spans: set[tuple[int, int]] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if not node.has_error:
            continue
        if node.type in _HEADS:
            spans.update(_head_macros(node))
        if node.type == "ERROR" or node.is_missing:
            spans.update(_block_macro(data, node.start_byte))
        stack.extend(node.children)
    return spans


def _head_macros(node: Any) -> list[tuple[int, int]]:
    """The all-caps names in front of a declarator the grammar could not read (`NPY_NO_EXPORT`
    in `NPY_NO_EXPORT void f(...)`); the last one stays when nothing else could be the type
    (`DWORD WINAPI f(...)` keeps `WINAPI`)."""
    if node.type == "declaration" and node.children and node.children[-1].is_missing:
        # `NPY_NO_EXPORT NPY_GCC_OPT_3` on the line above `int f(...)`: read as a declaration
        # that lacks its `;`
        leaves = _leaves(node)
        if leaves and all(_MACRO.fullmatch(leaf.text) for leaf in leaves):
            return [(leaf.start_byte, leaf.end_byte) for leaf in leaves]
    declarator = node.child_by_field_name("declarator")
    if declarator is None:
        return []
    head = [c for c in node.children if c.end_byte <= declarator.start_byte]
    kind = node.child_by_field_name("type")
    if (kind is not None and kind.type == "type_identifier" and _MACRO.fullmatch(kind.text)
            and declarator.has_error and "qualified_identifier" in (
                declarator.type, getattr(declarator.child_by_field_name("declarator"), "type",
                                         None))):
        # `SPDLOG_INLINE std::shared_ptr<logger> f(...)`, `FMT_FUNC std::string vformat(...)`:
        # the macro read as the type, the real type as the scope of a name that lacks its `::`
        return [(kind.start_byte, kind.end_byte)]
    if not any(c.type == "ERROR" for c in head):
        return []
    leaves = [leaf for c in head for leaf in _leaves(c)]
    macros = [leaf for leaf in leaves if _MACRO.fullmatch(leaf.text)]
    if not any(not _MACRO.fullmatch(leaf.text)
               and leaf.text.decode("utf-8", "replace") not in _NOT_TYPES for leaf in leaves):
        macros = macros[:-1]
    return [(leaf.start_byte, leaf.end_byte) for leaf in macros]


def _leaves(node: Any) -> list[Any]:
    if node.child_count == 0:
        return [node] if node.end_byte > node.start_byte else []
    return [leaf for child in node.children for leaf in _leaves(child)]


def _block_macro(data: bytearray, offset: int) -> list[tuple[int, int]]:
    """The macro opening a block on the line of a parse error (`    BINARY_LOOP {`)."""
    start = data.rfind(b"\n", 0, offset) + 1
    end = data.find(b"\n", offset)
    match = _BLOCK.fullmatch(data, start, len(data) if end < 0 else end)
    return [match.span(1)] if match else []
