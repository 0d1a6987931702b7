"""GLSL written as strings of JavaScript: three.js's `export default /* glsl */` shader
chunks, `fragmentShader: /* glsl */` strings, glslify's glsl-tagged templates.

The syntax-tree chunker cuts such a string by its GLSL functions and structs (read with the C
grammar, whose function and struct syntax GLSL shares) instead of fixed windows with no name:
a search for `getShadow` then finds the function. This module only finds the strings.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

# Languages whose strings may hold shaders.
SHADER_HOSTS = frozenset({"javascript", "typescript", "tsx"})
_MARKER = re.compile(rb"/\*\s*glsl\s*\*/", re.I)
_TAGS = frozenset({b"glsl", b"glslify"})
# GLSL's qualifiers C does not know (`const in float x`, `out vec4 color`, `highp float`):
# blanked for the parse, so the function around them reads as one
_QUALIFIERS = re.compile(rb"\b(?:inout|in|out|highp|mediump|lowp|flat|smooth|noperspective|"
                         rb"centroid|invariant|precise)\b")


def shader_sources(root: Any, data: bytes) -> Iterator[tuple[int, int, str]]:
    """(row, byte offset, GLSL text) of each template literal marked as GLSL in the tree of
    `data`: the text starts right after the backtick, its `${...}` and the qualifiers C does not
    know blanked (lines and byte offsets stay those of the file)."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type != "template_string":
            stack.extend(node.children)
            continue
        if not _is_glsl(node, data):
            continue
        inner = bytearray(data[node.start_byte + 1:node.end_byte - 1])
        for part in node.children:
            if part.type == "template_substitution":
                at, end = part.start_byte - node.start_byte - 1, part.end_byte - node.start_byte - 1
                inner[at:end] = bytes(b if b == 0x0A else 0x20 for b in inner[at:end])
        glsl = _QUALIFIERS.sub(lambda m: b" " * len(m[0]), bytes(inner))
        yield int(node.start_point[0]), node.start_byte + 1, glsl.decode("utf-8", "replace")


def _is_glsl(node: Any, data: bytes) -> bool:
    before = node.prev_sibling
    if before is not None and before.type == "comment" and _MARKER.fullmatch(
            data[before.start_byte:before.end_byte]):
        return True
    parent = node.parent
    if parent is not None and parent.type == "call_expression":
        tag = parent.child_by_field_name("function")
        return tag is not None and data[tag.start_byte:tag.end_byte] in _TAGS
    return False
