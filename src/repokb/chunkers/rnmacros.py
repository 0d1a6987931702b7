"""React Native's export macros in Objective-C, read as the methods they declare.

A native module exports each method to JavaScript through a macro around its selector:
`RCT_EXPORT_METHOD(getCarrier:(RCTPromiseResolveBlock)resolve rejecter:(...)reject) { ... }`,
`RCT_REMAP_METHOD(jsName, selector:(T)a ...) { ... }`, `RCT_EXPORT_BLOCKING_SYNCHRONOUS_METHOD(
getCarrierSync) { ... }`, and a Swift module's `.m` declares them with `RCT_EXTERN_METHOD(...)`.
tree-sitter-objc reads these as broken declarations: react-native-device-info 15.0.2's
`RNDeviceInfo.m` left its 53 exported methods in unnamed windows ("where is getCarrier
implemented on iOS" found no piece named so). Here each macro's head becomes, for parsing only
and at the same length, the method it expands to (`- (void)getCarrier:(...)resolve ...`), so the
query names it `RNDeviceInfo.getCarrier`; rows and byte offsets stay put, and the pieces are cut
from the file as written.
"""

from __future__ import annotations

import re

from repokb.chunkers.bracescan import Syntax, scan_text

# macro -> (the method's return type, how many arguments come before its selector: a
# JavaScript name, a return type)
_HEADS = {"RCT_EXPORT_METHOD": ("void", 0), "RCT_REMAP_METHOD": ("void", 1),
          "RCT_EXTERN_METHOD": ("void", 0), "RCT_EXTERN_REMAP_METHOD": ("void", 1),
          "RCT_EXPORT_BLOCKING_SYNCHRONOUS_METHOD": ("id", 0),
          "RCT_EXPORT_SYNCHRONOUS_TYPED_METHOD": ("id", 1),
          "RCT_REMAP_BLOCKING_SYNCHRONOUS_METHOD": ("id", 2)}
_OBJC = Syntax(line_comment="//", brackets="()")
_MACRO = re.compile(r"^[ \t]*(" + "|".join(sorted(_HEADS, key=len, reverse=True)) + r")[ \t]*\(",
                    re.M)


def _closing_parens(text: str) -> dict[int, int]:
    """Each `(` outside comments and strings, by offset, with the offset of its `)`."""
    pairs: dict[int, int] = {}
    opened: list[int] = []
    for at, char in scan_text(text, _OBJC).brackets:
        if char == "(":
            opened.append(at)
        elif opened:
            pairs[opened.pop()] = at
    return pairs


def as_methods(text: str) -> str:
    """`text` (same length) with each export macro's head and closing parenthesis written as
    the Objective-C method it declares: `- (void)` in place of `RCT_EXPORT_METHOD(`, a space
    for its `)`, the JavaScript name of a remap (and a synchronous one's return type)
    blanked; a macro with no body (a Swift module's declaration) ends with `;`."""
    if "RCT_" not in text:
        return text
    out = list(text)
    closing = _closing_parens(text)
    for m in _MACRO.finditer(text):
        returns, before = _HEADS[m.group(1)]
        open_at = m.end()
        close = closing.get(open_at - 1)
        if close is None:
            continue
        inside = open_at
        for _ in range(before):
            comma = text.find(",", inside, close)
            if comma < 0:
                break
            inside = comma + 1
        if text.count(",", open_at, inside) != before:
            continue
        head = f"- ({returns})"
        if inside - m.start(1) < len(head):
            continue
        span = range(m.start(1), inside)
        for at in span:
            out[at] = " " if text[at] != "\n" else "\n"
        out[m.start(1):m.start(1) + len(head)] = head
        after = text[close + 1:close + 200].lstrip(" \t\r\n")
        out[close] = " " if after.startswith("{") else ";"
    return "".join(out)
