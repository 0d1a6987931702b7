"""Doc comments of code and the edits that hide them: the JavaScript / TypeScript, Go and
Rust definitions with the comment above each (cases.py reads Python with `ast`), the first
sentence of a docstring or comment as a question, and the line edits that remove it from the
indexed copy.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from dataclasses import dataclass

_SENTENCE_END = re.compile(r"(?<=[a-z0-9)`'\"])\.(\s|$)")


@dataclass
class _Edit:
    start: int  # 0-based first line to replace
    end: int  # 0-based exclusive
    replacement: list[str]


def _rank(*parts: str) -> str:
    return hashlib.sha1("\x00".join(parts).encode()).hexdigest()


def first_sentence(text: str) -> str | None:
    """The first sentence of a docstring or comment, or None when it is not a usable query."""
    paragraph = re.split(r"\n\s*\n", text.strip(), maxsplit=1)[0]
    paragraph = " ".join(paragraph.split())
    match = _SENTENCE_END.search(paragraph)
    sentence = paragraph[: match.start()] if match else paragraph
    sentence = sentence.strip().rstrip(".:")
    words = sentence.split()
    if not 4 <= len(words) <= 30 or sentence.startswith((":", "@", "-", "#", "=", "`")):
        return None
    if any(word in sentence.lower() for word in ("todo", "fixme", "noqa", "eslint", "istanbul")):
        return None
    return sentence


def _apply(lines: list[str], edits: list[_Edit]) -> list[str]:
    out = list(lines)
    for edit in sorted(edits, key=lambda e: -e.start):
        out[edit.start : edit.end] = edit.replacement
    return out


def _new_line(old: int, edits: list[_Edit]) -> int:
    """Where 0-based line `old` (not itself edited) lands after the edits."""
    shift = sum(len(e.replacement) - (e.end - e.start) for e in edits if e.end <= old)
    return old + shift


# -- JavaScript / TypeScript -----------------------------------------------------------------
_JS_DEF = re.compile(
    r"^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*(?P<f>[A-Za-z_$][\w$]*)\s*\("
    r"|^\s*(?:export\s+)?(?:const|let|var)\s+(?P<v>[A-Za-z_$][\w$]*)\s*=\s*(?:async\s+)?"
    r"(?:function\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)"
    r"|^\s*(?:[\w$]+\.)+(?P<p>[A-Za-z_$][\w$]*)\s*=\s*(?:async\s+)?function\b"
    r"|^\s*(?:static\s+)?(?:async\s+)?(?P<m>[A-Za-z_$][\w$]*)\s*\([^)]*\)\s*\{\s*$"
    r"|^\s*(?:export\s+)?class\s+(?P<c>[A-Za-z_$][\w$]*)")
_JS_KEYWORDS = {"if", "for", "while", "switch", "catch", "function", "return", "with"}


def _js_block_end(lines: list[str], start: int, quotes: str = "'\"`") -> int | None:
    """0-based line of the brace closing the first block opened at or after `start`.

    Strings, template literals and comments are skipped crudely; a definition whose braces do
    not balance within 400 lines is not used as a case."""
    depth, opened = 0, False
    in_block_comment = False
    for row in range(start, min(len(lines), start + 400)):
        line = lines[row]
        i, quote = 0, None
        while i < len(line):
            ch = line[i]
            if in_block_comment:
                if line.startswith("*/", i):
                    in_block_comment, i = False, i + 2
                    continue
            elif quote:
                if ch == "\\":
                    i += 2
                    continue
                if ch == quote:
                    quote = None
            elif line.startswith("//", i):
                break
            elif line.startswith("/*", i):
                in_block_comment, i = True, i + 2
                continue
            elif ch in quotes:
                quote = ch
            elif ch == "{":
                depth, opened = depth + 1, True
            elif ch == "}":
                depth -= 1
                if opened and depth == 0:
                    return row
            i += 1
    return None


def _js_comment_above(lines: list[str], row: int) -> tuple[int, str] | None:
    """(first line, text) of the comment block ending right above 0-based `row`, or of a
    `/** ... */` block one blank line above it that does not open the file (express's style;
    the chunker keeps such a block with its definition too)."""
    above = row - 1
    if above < 0:
        return None
    if not lines[above].strip() and above >= 1 and lines[above - 1].strip().endswith("*/"):
        found = _js_comment_above(lines, above)
        return found if found is not None and found[0] > 0 and "/**" in lines[found[0]] \
            else None
    if lines[above].strip().endswith("*/"):
        first = above
        while first >= 0 and "/*" not in lines[first]:
            first -= 1
        if first < 0 or "/**" not in lines[first]:
            return None
        body = []
        for line in lines[first : above + 1]:
            line = line.strip().removeprefix("/**").removesuffix("*/").strip()
            line = line.removeprefix("*").strip()
            if line.startswith("@"):
                break
            body.append(line)
        return first, "\n".join(body)
    if lines[above].strip().startswith("//"):
        first = above
        while first - 1 >= 0 and lines[first - 1].strip().startswith("//"):
            first -= 1
        return first, "\n".join(ln.strip().removeprefix("//").strip()
                                 for ln in lines[first : above + 1])
    return None


def js_candidates(corpus: str, path: str, text: str) -> list[tuple[str, str, _Edit, str, int]]:
    """(name, query, edit removing the comment, rank key, 0-based definition line)."""
    lines = text.splitlines(keepends=True)
    out = []
    seen: Counter[str] = Counter()
    found = []
    for row, line in enumerate(lines):
        match = _JS_DEF.match(line)
        if not match:
            continue
        name = next(v for v in match.groupdict().values() if v)
        if name in _JS_KEYWORDS:
            continue
        seen[name] += 1
        found.append((row, name))
    for row, name in found:
        if seen[name] > 1:
            continue
        comment = _js_comment_above(lines, row)
        if comment is None:
            continue
        query = first_sentence(comment[1])
        if query is None or _js_block_end(lines, row) is None:
            continue
        out.append((name, query, _Edit(comment[0], row, []), _rank(corpus, path, name), row))
    return out


# -- Go and Rust -------------------------------------------------------------------------------
# A definition at the start of a line: Go `func`, `func (r *T)` (named `T.Name`), `type T
# struct|interface`; Rust `fn`, `struct`, `enum`, `trait` with their `pub`/`async`/... words.
_GO_DEF = re.compile(r"^func\s+(?:\(\s*\w*\s*\*?\s*(?P<recv>\w+)[^)]*\)\s*)?(?P<f>\w+)\s*[\[(]"
                     r"|^type\s+(?P<t>\w+)\s+(?:struct|interface)\b")
_RUST_DEF = re.compile(
    r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:(?:const|async|unsafe|extern\s+\"[^\"]*\")\s+)*"
    r"(?:fn|struct|enum|trait|union)\s+(?P<f>\w+)")


def native_candidates(corpus: str, path: str,
                      text: str) -> list[tuple[str, str, _Edit, str, int]]:
    """(name, query, edit removing the doc comment, rank key, 0-based definition line) per Go
    definition with a `//` comment right above it, or Rust one with `///` lines above it
    (its `#[...]` attributes between them kept). Go's convention opens the comment with the
    name ("Parse parses ..."): the name is dropped from the question, which would otherwise
    name its own answer."""
    rust = path.endswith(".rs")
    marker = "///" if rust else "//"
    lines = text.splitlines(keepends=True)
    found: list[tuple[int, str]] = []
    for row, line in enumerate(lines):
        match = (_RUST_DEF if rust else _GO_DEF).match(line)
        if match is None:
            continue
        groups = match.groupdict()
        name = groups.get("t") or groups["f"]
        found.append((row, f"{groups['recv']}.{name}" if groups.get("recv") else name))
    seen = Counter(name for _, name in found)
    out = []
    for row, name in found:
        above = row - 1
        while rust and above >= 0 and lines[above].lstrip().startswith("#["):
            above -= 1
        last = above
        while above >= 0 and lines[above].lstrip().startswith(marker) and not (
                not rust and lines[above].lstrip().startswith("///")):
            above -= 1
        first = above + 1
        if seen[name] > 1 or first > last:
            continue
        comment = "\n".join(ln.strip().removeprefix(marker).strip() for ln in lines[first:last + 1])
        short = name.rsplit(".", 1)[-1]
        if not rust and comment.startswith(short + " "):
            comment = comment[len(short) + 1:]
        query = first_sentence(comment)
        if query is None or not _has_body(lines, row) or _js_block_end(
                lines, row, "\"`" if rust else "'\"`") is None:
            continue
        out.append((name, query, _Edit(first, last + 1, []), _rank(corpus, path, name), row))
    return out


BRACED = (".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx", ".go", ".rs")


def braced_definitions(path: str, text: str) -> dict[str, tuple[int, int]]:
    """Name -> 1-based first and last line of each JavaScript / TypeScript, Go or Rust
    definition of `text` with a body (the same definitions the doc comment cases read); a
    name defined twice has no one place and is left out. History cases (history.py) find a
    commit's changed definitions with it."""
    quotes = "\"`" if path.endswith(".rs") else "'\"`"
    pattern = _RUST_DEF if path.endswith(".rs") else _GO_DEF if path.endswith(".go") else _JS_DEF
    lines = text.splitlines(keepends=True)
    found: list[tuple[str, int, int]] = []
    for row, line in enumerate(lines):
        match = pattern.match(line)
        if match is None:
            continue
        groups = match.groupdict()
        name = next(v for k, v in groups.items() if v and k != "recv")
        if groups.get("recv"):
            name = f"{groups['recv']}.{name}"
        if name in _JS_KEYWORDS or not _has_body(lines, row):
            continue
        end = _js_block_end(lines, row, quotes)
        if end is not None:
            found.append((name, row + 1, end + 1))
    seen = Counter(name for name, _, _ in found)
    return {name: (a, b) for name, a, b in found if seen[name] == 1}


def _has_body(lines: list[str], row: int) -> bool:
    """Whether the definition at `row` opens a block before it ends: a Rust trait method's
    signature (`fn f(&self);`) or a unit struct (`struct S;`) has no body to find."""
    for line in lines[row : row + 20]:
        code = line.split("//", 1)[0]
        brace, semi = code.find("{"), code.find(";")
        if brace >= 0 or semi >= 0:
            return brace >= 0 and (semi < 0 or brace < semi)
    return False


_JS_TEST = re.compile(
    r"""^(?P<head>\s*(?:test|it)\(\s*)(?P<quote>['"])(?P<name>[^'"\\]+)(?P=quote)""")


def js_test_candidates(corpus: str, path: str,
                       text: str) -> list[tuple[str, str, _Edit, str, int]]:
    """(name, query, edit emptying the name, rank key, 0-based line) per `test('...', ...)` or
    `it('...', ...)` call whose name reads as a sentence."""
    lines = text.splitlines(keepends=True)
    found = [(row, m) for row, line in enumerate(lines) if (m := _JS_TEST.match(line))]
    names = Counter(m.group("name") for _, m in found)
    out = []
    for row, m in found:
        query = first_sentence(m.group("name"))
        if query is None or names[m.group("name")] > 1 or _js_block_end(lines, row) is None:
            continue
        quote = m.group("quote")
        emptied = lines[row].replace(m.group(0), f"{m.group('head')}{quote}{quote}", 1)
        out.append((m.group("name"), query, _Edit(row, row + 1, [emptied]),
                    _rank(corpus, path, m.group("name")), row))
    return out
