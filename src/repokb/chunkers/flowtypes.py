"""Flow-typed JavaScript, read with TypeScript's grammar.

A file that says `@flow` in its header comment (`// @flow`, `/* @flow */`, or a ` * @flow
strict-local` line of a license block), or a `.js.flow` file (the typed source an npm package
ships beside its compiled `.js`), is Flow: `type X = {...}`, `function f(x: ?string): number`,
`import type`, `declare export`. tree-sitter-javascript reads none of it, so such a file was
fixed windows without symbols (vue-router 3.6.5's `src/`: 1 file of 20 parsed). The TypeScript
(TSX) grammar reads most of Flow as it is: maybe types, exact objects `{| |}`, `import typeof`,
bounded generics `<T: Foo>`, casts `(x: any)`, `declare module.exports`.

What it cannot read is rewritten for parsing only, each to text of the same length (rows,
columns and bytes stay put, names are read off the file): property variance `+x: T` and `-x:
T` (the sign a space), a maybe function type `?(e: E) => R` (the `?` a space), empty type
arguments `Module<>`, the inexact `...` of `{a: T, ...}`, object type spreads `{...A, b: T}`
(of a type expression `{...$Diff<A, B>}` read as a property `{_: $Diff<A, B>}`),
`opaque type`, `declare export`, `%checks`, and a function type whose one parameter is
unparenthesised (`string => void` read as `(String)=>void`).
Strings and comments are left alone. Where the tree still has errors, a function type's
unnamed parameter in parentheses (`(boolean) => void`, `({path: string}) => number`) is named
(`(_:boolean)=>void`, two columns to the right up to the arrow) and the tree with less of it
in errors is kept.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import Any

from repokb.chunkers.base import parse

# `@flow` in the comments a file opens with (Flow reads its pragma only there); `@noflow`
# files are plain JavaScript
_HEAD = re.compile(r"\A(?:\s|//[^\n]*|/\*[\s\S]*?\*/|#![^\n]*)*")
_PRAGMA = re.compile(r"(?:^|[\s*/])@flow\b")


def is_flow(text: str, path: str | None = None) -> bool:
    """Whether the file is Flow-typed JavaScript: `@flow` in the comments it opens with, or a
    `.js.flow` name."""
    if path is not None and PurePosixPath(path).name.lower().endswith(".js.flow"):
        return True
    head = _HEAD.match(text[:8192])
    return head is not None and _PRAGMA.search(head.group(0)) is not None


_NAME = r"[A-Za-z_$][\w$]*"
_REWRITES = re.compile(
    # strings, template literals and comments: kept as they are
    r"""'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\[\s\S]|[^`\\])*`|//[^\n]*|/\*[\s\S]*?\*/"""
    # `{+x: T}`, `{|-y?: T|}`, `static +z: T`, `+[key: K]: V`, `<+S: Styles>`: the variance
    # sign
    r"|(?P<variance>(?:[{,;|<]|^|\bstatic)[ \t]*)[+-](?=(?:" + _NAME + r"\??[ \t]*[:,>]|\[))"
    # `Graph<>`: no type arguments
    r"|(?<=[\w$])(?P<empty><>)"
    # `{a: T, ...}` and `{...}`: an inexact object type; `{...A, b: T}`: a spread of a type
    r"|(?P<dots>\.\.\.)(?=[ \t]*(?:[,|}]|\n)|" + _NAME + r"[ \t]*(?:[,|}]|\n))"
    # `{...$Diff<A, B>, ...React.ElementConfig<typeof View>}`: a spread of a type expression,
    # read as a property of that type (`_: $Diff<A, B>`)
    r"|(?P<typed>\.\.\.)(?=\$[A-Z]|typeof\s|[\w$.]+<)"
    # `opaque type ID: string = string`: TypeScript's `type`, without the supertype
    r"|(?P<opaque>\bopaque)(?=\s+type\b)"
    r"|(?P<declare>\bdeclare\s+)(?=export\b)"
    r"|(?P<checks>%checks\b)"
    # `?(e: Event) => mixed`: a function type that may be missing
    r"|(?P<maybe>(?::|=>|[<,|&(=])[ \t]*)\?(?=\()"
    # `string => void`, `?Node => mixed`: one unparenthesised parameter, read as a type's name
    # (`(string) => void` is a parenthesised type to the grammar, `(String) => void` is not)
    r"|(?<=[\s:(<,|&])(?P<q>\??)(?P<param>" + _NAME + r"(?:\.[\w$]+)*) => "
    # `(boolean) => void`: likewise (a value's `(x) => x` is as good as `(X) => x`)
    r"|(?<=\()(?P<lone>[a-z])(?=[\w$]*\) =>)",
    re.M)
_SUPERTYPE = re.compile(r"(\btype[ \t]+" + _NAME + r"(?:<[^<>=\n]*>)?)([ \t]*:[^=;\n]+)(?==)")


def _rewrite(match: re.Match[str]) -> str:
    kind = match.lastgroup
    text = match.group(0)
    if kind == "variance":
        return match.group("variance") + " "
    if kind == "maybe":
        return match.group("maybe") + " "
    if kind == "param":
        param = match.group("param")
        return f"{' ' * len(match.group('q'))}({param[0].upper()}{param[1:]})=>"
    if kind == "typed":
        return "_: "
    if kind == "lone":
        return text.upper()
    if kind in ("empty", "dots", "opaque", "declare", "checks"):
        return " " * len(text)
    return text  # a string or a comment


def as_typescript(text: str) -> str:
    """`text` with the Flow that TypeScript's grammar cannot read rewritten to what it can,
    each rewrite as long as what it replaces."""
    rewritten = _REWRITES.sub(_rewrite, text)
    if "opaque" in text:  # `opaque type ID: string = ...`: the supertype goes
        rewritten = "".join(_opaque_supertypes(rewritten, text))
    return rewritten


def _opaque_supertypes(rewritten: str, text: str) -> list[str]:
    out: list[str] = []
    last = 0
    for m in _SUPERTYPE.finditer(rewritten):
        before = text[max(0, m.start() - 16):m.start()]
        if "opaque" not in before:
            continue
        out += [rewritten[last:m.start(2)], " " * len(m.group(2))]
        last = m.end(2)
    out.append(rewritten[last:])
    return out


_ARROW = re.compile(r"\) => ")
_REACH = 400  # characters a parameter list may span (a pathological file stays linear)
_OPENERS = {")": "(", "]": "[", "}": "{"}
# what opens a parameter list (`(x: T) =>`, `(x, y) =>`, `(...rest) =>`, `() =>`), not a type
_PARAMETER = re.compile(r"\s*(?:\)|\.\.\.|" + _NAME + r"\s*\??\s*[:,)=])")


def named_parameters(text: str) -> str:
    """`text` with each function type's unnamed parameter in parentheses named `_`:
    `(boolean) => ` as `(_:boolean)=>` (same length; the type two columns to the right)."""
    out = list(text)
    for arrow in _ARROW.finditer(text):
        opening = _opening(text, arrow.start())
        if opening is None or _PARAMETER.match(text, opening + 1):
            continue
        out[opening:arrow.end()] = "(_:" + text[opening + 1:arrow.start()] + ")=>"
    return "".join(out)


def _opening(text: str, closing: int) -> int | None:
    """Where the `(` that the `)` at `closing` closes is (brackets counted, nothing else)."""
    stack = [")"]
    i = closing
    while i > 0 and closing - i < _REACH:
        i -= 1
        char = text[i]
        if char in _OPENERS:
            stack.append(char)
        elif char in "([{":
            if _OPENERS[stack.pop()] != char:
                return None
            if not stack:
                return i
    return None


def flow_tree(parser: Any, text: str) -> tuple[str, Any]:
    """(text parsed, tree) of a Flow file with a TypeScript grammar's `parser`: as_typescript's
    text and, where its tree has errors and naming the unnamed parameters leaves less of it in
    errors, that."""
    parsed = as_typescript(text)
    tree = parse(parser, parsed)
    if not tree.root_node.has_error or ") => " not in parsed:
        return parsed, tree
    named = named_parameters(parsed)
    retried = parse(parser, named)
    if errors(retried.root_node) < errors(tree.root_node):
        return named, retried
    return parsed, tree


def errors(node: Any) -> int:
    """How much of a tree did not parse: the bytes its error nodes span (one at least, and one
    for a missing node). A count would not do: tree-sitter-javascript reads metro's
    `Server.js.flow` as one error of 960 lines, the TSX grammar as four of a line or two."""
    if node.type == "ERROR" or node.is_missing:
        return max(1, int(node.end_byte) - int(node.start_byte))
    return sum(errors(child) for child in node.children) if node.has_error else 0
