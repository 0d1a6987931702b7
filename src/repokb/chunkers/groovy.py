"""Groovy, Gradle build scripts and Jenkins pipelines by their brace blocks.

tree-sitter-groovy 0.1.2 (PyPI) was tried and left: a Java grammar with closures, it fails on
Groovy's everyday forms (a method whose last expression is its value `int f() { 1 }`, untyped
parameters `def g(x)`, a closure's `{ String t -> ... }`, `task hello(type: Copy) {`, the elvis
operator `a ?: b`, a slashy regex), so a shared library's `def call(Map config = [:])` or a
Gradle task came out as errors. A Groovy file is brace blocks, found here outside strings and
comments, and the line that opens each one says what it is:

- `class X` / `interface` / `enum` / `trait`: a class, its methods `X.m` (cut per member when big);
- a method `def deploy(...) {`, `static String f(...) {`; a closure given a name
  (`def deploy = { ... }`); in a shared library's `vars/deployApp.groovy` the step's
  `def call(...)` is named after its file: `deployApp`;
- a Jenkins stage `stage('Build') {` (declarative or scripted, at any depth) by its title;
- a Gradle task (`task foo {`, `task foo(type: Zip) {`, `tasks.register("foo") {`) by its name;
- any other top-level block (`android {`, `dependencies {`, `repositories {`) by its name, unless it
  holds stages (`pipeline {`, `node {`): then its stages are the pieces and the rest windows.

The comment lines and annotations right above a definition are part of it. The chunker never
raises: any surprise falls back to windows.
"""

from __future__ import annotations

import posixpath
import re

from repokb.chunkers.base import register
from repokb.chunkers.bracescan import Syntax, scan_text
from repokb.chunkers.cutting import Definition, FoundChunker
from repokb.chunkers.fixed import first_above, line_starts, row_at
from repokb.models import ChunkPiece

_CLASS = re.compile(r"(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|private|protected|abstract|"
                    r"final|static|sealed)\s+)*(class|interface|enum|trait)\s+(\w+)")
_STAGE = re.compile(r"\bstage\s*\(\s*(?:name\s*:\s*)?(['\"])(.+?)\1")
_TASK = re.compile(r"(?:task\s+(\w+)|tasks\s*\.\s*(?:register|create|named|getByName|maybeCreate)"
                   r"\s*\(\s*['\"]([^'\"]+)['\"])")
_METHOD = re.compile(r"(?:@[\w.]+(?:\([^)]*\))?\s+)*((?:(?:public|private|protected|static|final|"
                     r"abstract|synchronized|def)\s+)+|[\w.]+(?:<[^>]*>)?(?:\[\])*\s+)"
                     r"(?:[\w.]+(?:<[^>]*>)?(?:\[\])*\s+)?(\w+)\s*\(")
_CLOSURE = re.compile(r"(?:(?:def|final|static|private|public)\s+)*(?:[\w.]+(?:<[^>]*>)?\s+)?"
                      r"([\w.]+)\s*=\s*\{")
_BLOCK = re.compile(r"([A-Za-z_][\w.]*)\s*(?:\(.*\))?\s*\{")
# words that open blocks but name nothing (`if (x) {`, `new Runnable() {`, `return {`)
_KEYWORDS = frozenset({"if", "else", "for", "while", "switch", "catch", "try", "finally", "do",
                       "new", "return", "synchronized", "throw", "assert", "case", "default"})
_HEAD_MAX = 400  # characters of a line before a definition's `{`
_CLASSES = frozenset({"class", "interface", "enum", "trait"})
# the scopes whose blocks may define something (a class's methods, a Gradle block's blocks)
_SCOPES = _CLASSES | {"block"}
# comments, strings ('...', "...", '''...''', """...""") and slashy strings hide braces
_SYNTAX = Syntax("//", triple_quotes="'\"", slashy=True)
_COMMENT = re.compile(r"\s*(?://|/\*|\*|@)")


def blocks(text: str) -> list[tuple[int, int]]:
    """(offset of `{`, offset of its `}`) of every brace block outside strings, comments and
    slashy regexes, in the order they open; an unclosed block ends with the text."""
    out: list[tuple[int, int]] = []
    stack: list[int] = []  # the open blocks' indexes in `out`
    for offset, brace in scan_text(text, _SYNTAX).brackets:
        if brace == "{":
            stack.append(len(out))
            out.append((offset, -1))
        elif stack:
            k = stack.pop()
            out[k] = (out[k][0], offset)
    return [(o, len(text) - 1 if e == -1 else e) for o, e in out]


def definitions(text: str, lines: list[str], step: str | None = None) -> list[Definition]:
    """The definitions of a Groovy, Gradle or Jenkinsfile text (`step`: the file's name when it
    is a shared library's `vars/NAME.groovy`, whose `call` is that step)."""
    row_starts = line_starts(lines)

    found: list[Definition] = []
    # the kind of each open block, to know what may be defined in it
    scopes: list[tuple[int, str | None]] = []  # (closing offset, symbol type or None)
    for opened, closed in blocks(text):
        while scopes and scopes[-1][0] < opened:
            scopes.pop()
        parent = scopes[-1][1] if scopes else "top"
        row = row_at(row_starts, opened)
        head_row = row
        # a line that long before its `{` opens no definition (minified code, data): reading
        # it again for each of its blocks would take quadratic time
        head = (text[row_starts[row]:opened + 1].strip() if opened - row_starts[row] <= _HEAD_MAX
                else "")
        if head == "{" and row > 0:  # `{` on a line of its own (Java's style)
            head_row = row - 1
            while head_row > 0 and not lines[head_row].strip():
                head_row -= 1
            head = lines[head_row].strip() + " {"
        kind, name = _classify(head, parent)
        if kind == "function" and name == "call" and step and parent == "top":
            name = step
        scopes.append((closed, kind if kind in _SCOPES and (kind != "block" or parent == "top")
                       else "nested"))
        if kind is None:
            continue
        top = first_above(lines, head_row, _comment)
        found.append(Definition(symbol_type=kind, name=name, owner=None, start=top,
                                end=row_at(row_starts, closed), span=(row_starts[top], closed + 1),
                                signature=lines[head_row].strip()))
    stages = [d.span for d in found if d.symbol_type == "stage"]
    return [d for d in found if d.symbol_type != "block" or not any(
        d.span[0] <= s[0] and s[1] <= d.span[1] for s in stages)]


def _classify(head: str, parent: str | None) -> tuple[str | None, str | None]:
    """What a block opened by the line `head` defines in a scope of type `parent` ("top" for
    the file, a class type, None for a block that names nothing, "nested" below it)."""
    if head.startswith(("}", ")", "]")):
        return None, None
    if m := _STAGE.search(head):
        return "stage", m.group(2)
    if parent == "block":  # a top-level block's own blocks: `android { defaultConfig { } }`
        if m := _TASK.match(head):  # `afterEvaluate { tasks.register('x') { } }`
            return "task", m.group(1) or m.group(2)
        m = _BLOCK.match(head)
        return ("block", m.group(1)) if m and m.group(1) not in _KEYWORDS else (None, None)
    in_class = parent in _CLASSES
    if parent != "top" and not in_class:
        return None, None
    if m := _CLASS.match(head):
        return m.group(1), m.group(2)
    if m := _CLOSURE.match(head):
        return "function", m.group(1)
    if parent == "top" and (m := _TASK.match(head)):
        return "task", m.group(1) or m.group(2)
    if ((m := _METHOD.match(head)) and m.group(2) not in _KEYWORDS
            and m.group(1).strip() not in _KEYWORDS):
        return "function", m.group(2)
    if parent == "top" and (m := _BLOCK.match(head)) and m.group(1) not in _KEYWORDS:
        return "block", m.group(1)
    return None, None


def _comment(line: str) -> bool:
    """A comment or annotation line (part of the definition below it)."""
    return _COMMENT.match(line) is not None and bool(line.strip())


class GroovyChunker(FoundChunker):
    """cutting.py's cutting over the blocks found by their opening lines; the file's path names
    a shared library's step."""

    def chunk_path(self, text: str, path: str) -> list[ChunkPiece]:
        folder, file = posixpath.split(path.replace("\\", "/"))
        step = (file.rsplit(".", 1)[0] if posixpath.basename(folder) == "vars"
                and file.endswith(".groovy") else None)
        return self.cut_found(text, lambda text, lines: definitions(text, lines, step))


register(GroovyChunker("groovy", frozenset({"groovy"}), definitions))
