"""C and C++ macros the grammar cannot read, blanked (same length) for parsing only.

Real C puts macros where the grammar expects a type or a statement: numpy's
`NPY_NO_EXPORT void PyArray_Foo(...)` and `static NPY_INLINE int f(...)`, SQLite's
`SQLITE_API int`, Lua's `LUA_API int`, zlib's `int ZEXPORT deflate(...)`, and loop macros that
open a block (`BINARY_LOOP {` in numpy's umath loops). tree-sitter then marks the whole function
as an error and the chunker leaves it to windows. Only where the tree has an error, an all-caps
name in front of a declaration (or opening a block inside a body) becomes spaces and the file is
parsed again; rows and byte offsets stay put, so names and chunks are read from the file as
written. Code that parses cleanly is never touched. C++ headers write more the grammar cannot
read: an access specifier that is a macro (`JSON_PRIVATE_UNLESS_TESTED:`, made `public:`), a
directive inside a declaration (`#if` around `constexpr`, or in a template's arguments: its
first branch kept), `-> decltype(expression)` (made `decltype(0)`) and a parameter's `= {}`
(made `= 0`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from repokb.chunkers.base import parse, source_bytes

_MACRO = re.compile(rb"[A-Z][A-Z0-9_]*[A-Z0-9]")  # all capitals: the shape of a macro's name
# An indented line that is a macro (with arguments or not) opening a block: `BINARY_LOOP {`.
_BLOCK = re.compile(rb"[ \t]+([A-Z][A-Z0-9_]*[A-Z0-9](?:[ \t]*\((?:[^(){};\n]|\([^(){};\n]*\))*"
                    rb"\))?)[ \t]*\{[ \t]*\}?[ \t]*(?:(?://|/\*).*)?\r?")
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
    if tree.root_node.has_error and (lone := _lone_macros(data) + _split_heads(data)
                                     + _trailing_macros(data)):
        text, tree = _blanked(parser, data, lone)
    if tree.root_node.has_error and (access := _access_macros(data)):
        text, tree = _blanked(parser, data, access, b"public:")
    if tree.root_node.has_error and (decltypes := _decltypes(data)):
        text, tree = _blanked(parser, data, decltypes, b"0")
    for _ in range(_ROUNDS):
        if not tree.root_node.has_error:
            break
        # a name in a directive stays: `#if JSON_DIAGNOSTICS` made `#if` is an error of its own
        spans = {_with_ellipsis(data, span) for span in _spans(tree.root_node, data)
                 if not _directive(data, span[0])}
        spans.update(_inner_conditionals(tree.root_node, data))
        defaults = _empty_defaults(tree.root_node)
        if not spans and not defaults:
            break
        if defaults:
            text, tree = _blanked(parser, data, defaults, b"0")
        if spans:
            text, tree = _blanked(parser, data, spans)
    return text, tree


# `(...)` right after a macro's name: a catch-all handler's (`JSON_CATCH(...) {}`), which alone
# is no expression
_ELLIPSIS = re.compile(rb"[ \t]*\([ \t]*\.\.\.[ \t]*\)")


def _with_ellipsis(data: bytearray, span: tuple[int, int]) -> tuple[int, int]:
    """A macro's span with the `(...)` that follows it: nlohmann's `JSON_CATCH(...) {}` left as
    `(...) {}` was an error that ran `assert_invariant` on to line 1277 of json.hpp, over every
    constructor and `dump`."""
    match = _ELLIPSIS.match(data, span[1])
    return (span[0], match.end()) if match else span


def _blanked(parser: Any, data: bytearray, spans: Iterable[tuple[int, int]],
             stand_in: bytes = b"") -> tuple[str, Any]:
    """The text of `data` with `spans` made spaces but their line ends, `stand_in` first (in
    `data` too: rows and offsets stay put), and its tree."""
    for start, end in spans:
        blank = re.sub(rb"[^\r\n]", b" ", bytes(data[start:end]))
        fits = len(stand_in) <= len(blank) and not blank[:len(stand_in)].strip(b" ")
        first = stand_in if fits else b""  # never longer: rows and offsets stay put
        data[start:end] = first + blank[len(first):]
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


# A macro standing for an access specifier, alone on its line: nlohmann's
# `JSON_PRIVATE_UNLESS_TESTED:` (`public:` or `private:`), read as the start of a bit field, so
# that `basic_json` ended 550 lines early and its 200 members after were named as free functions.
_ACCESS = re.compile(rb"^[ \t]*([A-Z][A-Z0-9_]*[A-Z0-9][ \t]*:)(?!:)[ \t]*(?://[^\n]*)?\r?$", re.M)
# `-> decltype(expression)`: the grammar reads a type there, and an expression with a comma or
# `j.template get<T>()` in it made the whole function an error (nlohmann's `from_json`, fmt's
# `has_const_formatter_impl`); the expression becomes `0` for parsing.
_DECLTYPE = re.compile(rb"->\s*decltype\s*\(")


# `#if defined(JSON_HAS_CPP_14)`, `constexpr`, `#endif` on three lines between a template's head
# and its function: a directive inside a declaration, which the grammar cannot read (nlohmann's
# `basic_json::get` made everything after it one error).
_SPECIFIER_IF = re.compile(rb"^([ \t]*#[ \t]*if[^\n]*)\n[ \t]*(?:constexpr|inline|static|explicit"
                           rb"|virtual)[ \t]*\r?\n([ \t]*#[ \t]*endif[^\n]*)$", re.M)


# A macro after a function's parameters, before its body, `;` or `= default`: spdlog's
# `now() SPDLOG_NOEXCEPT` (`noexcept` or nothing), which left 16 functions of os-inl.h to windows.
_TRAILING = re.compile(rb"\)[ \t]*(?:const[ \t]+)?([A-Z][A-Z0-9_]*[A-Z0-9])[ \t]*"
                       rb"(?=(?://[^\n]*)?\r?\n[ \t]*\{|\{|;|=|override\b|final\b)")


def _trailing_macros(data: bytearray) -> list[tuple[int, int]]:
    """The macros between a function's parameters and its body or its `;`."""
    return [m.span(1) for m in _TRAILING.finditer(data)]


def _split_heads(data: bytearray) -> list[tuple[int, int]]:
    """The `#if` and `#endif` around a lone specifier in a declaration's head."""
    return [span for m in _SPECIFIER_IF.finditer(data) for span in (m.span(1), m.span(2))]


def _access_macros(data: bytearray) -> list[tuple[int, int]]:
    """The macros (and their `:`) alone on a line where an access specifier goes."""
    return [m.span(1) for m in _ACCESS.finditer(data)]


def _decltypes(data: bytearray) -> list[tuple[int, int]]:
    """The expressions of the trailing return types written `-> decltype(...)`."""
    spans = []
    for m in _DECLTYPE.finditer(data):
        depth, i = 1, m.end()
        while i < len(data) and depth:
            depth += {40: 1, 41: -1}.get(data[i], 0)  # ( and )
            i += 1
        if depth == 0 and i - 1 > m.end():
            spans.append((m.end(), i - 1))
    return spans


_CONDITIONAL = re.compile(rb"^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b[^\n]*", re.M)


def _inner_conditionals(root: Any, data: bytearray) -> list[tuple[int, int]]:
    """An `#if` the grammar could not read where it stands (inside a template's argument list,
    as nlohmann's `operator ValueType`), its first branch kept: the `#if` line, and from its
    `#else` or `#elif` to its `#endif`."""
    starts = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if not node.has_error:
            continue
        if node.type == "ERROR" and _directive(data, node.start_byte):
            line = data.rfind(b"\n", 0, node.start_byte) + 1
            previous = _previous_line(data, line)
            # inside a declaration or an expression: not where a statement may start (the
            # definitions in an `#else` at the top of a file stay: onnx's `struct open_how`)
            if previous and not previous.endswith(_AFTER) and not previous.startswith(
                    (b"#", b"//")):
                starts.add(line)
        stack.extend(node.children)
    spans = []
    for line in starts:
        opening = _CONDITIONAL.match(data, line)
        if opening is None or not opening.group(1).startswith(b"if"):
            continue
        depth, other = 0, None
        for m in _CONDITIONAL.finditer(data, opening.end()):
            word = m.group(1)
            if word.startswith(b"if"):
                depth += 1
            elif word == b"endif" and depth:
                depth -= 1
            elif word == b"endif":
                spans += [opening.span(), (other if other is not None else m.start(), m.end())]
                break
            elif depth == 0 and other is None:
                other = m.start()
    return spans


def _empty_defaults(root: Any) -> list[tuple[int, int]]:
    """The `{}` of a parameter's default `= {}` that the grammar read as a compound literal
    lacking its type (fmt's `locale_ref loc = {}) -> OutputIt`, nlohmann's
    `array(initializer_list_t init = {})`): `0` for parsing."""
    spans = []
    stack = [root]
    while stack:
        node = stack.pop()
        if not node.has_error:
            continue
        if (node.type == "compound_literal_expression" and node.parent is not None
                and node.parent.type == "optional_parameter_declaration"
                and (kind := node.child_by_field_name("type")) is not None and kind.is_missing
                and (value := node.child_by_field_name("value")) is not None
                and value.text.replace(b" ", b"") == b"{}"):
            spans.append((value.start_byte, value.end_byte))
            continue
        stack.extend(node.children)
    return spans


def _directive(data: bytearray, offset: int) -> bool:
    """Whether `offset` is on a preprocessor directive's line: `#if JSON_DIAGNOSTICS` made `#if`
    is an error of its own, which cost nlohmann's `basic_json` the rest of its members."""
    start = data.rfind(b"\n", 0, offset) + 1
    return bytes(data[start:offset + 1]).lstrip().startswith(b"#")


def _previous_line(data: bytearray, line: int) -> bytes:
    """The last line above the line starting at `line` that is not blank, stripped."""
    before = line - 1
    while before > 0:
        start = data.rfind(b"\n", 0, before) + 1
        previous = bytes(data[start:before]).strip()
        if previous:
            return previous
        before = start - 1
    return b""


def _lone_macros(data: bytearray) -> list[tuple[int, int]]:
    """The macros alone on their line where a statement or a declaration may start."""
    spans = []
    for m in _LONE.finditer(data):
        previous = _previous_line(data, data.rfind(b"\n", 0, m.start()) + 1)
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
