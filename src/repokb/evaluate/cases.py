"""Cases derived deterministically from a repository, and the copy that gets indexed.

- code / docstring (CodeSearchNet style): the first sentence of a definition's docstring
  (Python) or of the comment block above it (JavaScript: JSDoc or `//` lines; Go: `//` lines;
  Rust: `///` lines; read by comments.py) is the query;
  that docstring or comment is removed from the indexed copy; the target is the definition's
  line range there.
- test (with `max_test`): the same for the test suite: a test function's docstring (Python) or
  the name string of a `test(...)` / `it(...)` call (JavaScript) is the query, removed from the
  indexed copy; the target is the test. It measures what a question about a tested behaviour
  finds when the test suite is indexed too.
- doc / heading: a question-shaped Markdown heading ("How do I ...", "Why ...?") is the query;
  the heading line is removed from the indexed copy; the target is its section (subsections
  included). With `tasks` (`repokb eval`) a heading naming a task ("Deploying your docs") is
  asked as "How do I go about deploying your docs?" (no verb is re-inflected); such a case is
  left out when the heading's words stand elsewhere (`still_written`).

Sampling is by a hash of (corpus, path, name), never by position or by any result, so a run
cannot pick its own easy cases. `bench/retrieval` runs these on third-party packages; `repokb
eval` on the user's own repository (with git history and user-written cases, history.py and
user_cases.py).
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from markdown_it import MarkdownIt

from repokb.evaluate.comments import (
    _apply,
    _Edit,
    _has_body,
    _js_block_end,
    _new_line,
    _rank,
    first_sentence,
    js_candidates,
    js_test_candidates,
    native_candidates,
)

_TEST_PATH = re.compile(r"(^|/)(tests?|__tests__|spec)(/|$)|(^|/)test_[^/]*\.py$|\.test\.[jt]s$"
                        r"|_test\.go$")
# Forms to fill in: their question headings ask the reader ("What versions are you using?"),
# and the document does not answer them (GitHub's issue and pull request templates).
_FORM = re.compile(r"(^|/)[^/]*_TEMPLATE[^/]*$|(^|/)\.github/ISSUE_TEMPLATE/", re.I)
_QUESTION_START = re.compile(
    r"^(how|what|why|when|where|which|who|can|could|should|is|are|do|does|will)\b", re.I)
_MD = MarkdownIt("commonmark")
# A heading naming a task by its gerund ("Configuring themes"), and the question asking it: docs
# written as a manual (mkdocs' 52 such headings of 342, none a question) give heading cases too
_TASK_HEADING = re.compile(r"^[A-Z][a-z]+ing\s+\S")
_TASK_QUESTION = "How do I go about {}?"
_TASK_ASKED = re.compile(r"^How do I go about (.+)\?$")


@dataclass(frozen=True)
class Target:
    """Where an answer lies: a line range of one file of the indexed copy (1-based, inclusive)."""

    path: str
    start_line: int
    end_line: int
    symbol: str | None = None

    def __str__(self) -> str:
        where = f"{self.path}:{self.start_line}-{self.end_line}"
        return f"{where} ({self.symbol})" if self.symbol else where


@dataclass(frozen=True)
class Case:
    """One question and the targets that answer it (a result overlapping any of them counts)."""

    id: str
    corpus: str
    kind: str  # the query source: "code"/"doc" in the benchmark, "docstring", "history", ...
    query: str
    targets: tuple[Target, ...]


# -- Python ------------------------------------------------------------------------------------
def _python_definitions(tree: ast.Module) -> list[tuple[str, ast.AST]]:
    out: list[tuple[str, ast.AST]] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            out.append((node.name, node))
            if isinstance(node, ast.ClassDef):
                for member in node.body:
                    if isinstance(member, ast.FunctionDef | ast.AsyncFunctionDef):
                        out.append((f"{node.name}.{member.name}", member))
    return out


def _span(node: ast.AST) -> tuple[int, int]:
    decorators = getattr(node, "decorator_list", [])
    start = min([node.lineno] + [d.lineno for d in decorators])  # type: ignore[attr-defined]
    return start, node.end_lineno  # type: ignore[attr-defined]


def python_candidates(corpus: str, path: str, text: str,
                      tests: bool = False) -> list[tuple[str, str, _Edit, str]]:
    """(qualname, query, edit removing the docstring, rank key) per usable definition: the
    test functions only with `tests`, else the others."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return []
    lines = text.splitlines(keepends=True)
    defs = _python_definitions(tree)
    names = Counter(name for name, _ in defs)
    out = []
    for name, node in defs:
        short = name.rsplit(".", 1)[-1]
        if names[name] > 1 or short.startswith("test") != tests or (
                short.startswith("__") and short != "__init__"):
            continue
        body = node.body  # type: ignore[attr-defined]
        doc = ast.get_docstring(node)  # type: ignore[arg-type]
        if not doc or not isinstance(body[0], ast.Expr):
            continue
        query = first_sentence(doc)
        if query is None:
            continue
        first, last = body[0].lineno - 1, body[0].end_lineno or body[0].lineno
        if len(body) == 1:  # the docstring was the whole body: keep the definition valid
            indent = re.match(r"\s*", lines[first]).group(0)  # type: ignore[union-attr]
            replacement = [f"{indent}pass\n"]
        else:
            replacement = []
        out.append((name, query, _Edit(first, last, replacement), _rank(corpus, path, name)))
    return out


def python_targets(text: str) -> dict[str, tuple[int, int]]:
    tree = ast.parse(text)
    return {name: _span(node) for name, node in _python_definitions(tree)}


# -- Markdown ----------------------------------------------------------------------------------
def _heading_text(raw: str) -> str:
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", raw)
    text = re.sub(r"[*_`]", "", text)
    return " ".join(text.split())


def markdown_headings(text: str) -> list[tuple[int, int, str]]:
    """(0-based row, level, plain title) of each heading; markdown-it finds them, so a `#`
    line inside a code fence is not one."""
    headings: list[tuple[int, int, str]] = []
    tokens = _MD.parse(text)
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open" and tok.map and i + 1 < len(tokens):
            headings.append((tok.map[0], int(tok.tag[1]), _heading_text(tokens[i + 1].content)))
    return headings


def section_end(headings: list[tuple[int, int, str]], n: int, last_row: int) -> int:
    """0-based last row of heading n's section: before the next heading of its level or
    above, else the document's last row."""
    level = headings[n][1]
    return next((row - 1 for row, lv, _ in headings[n + 1 :] if lv <= level), last_row)


def markdown_candidates(corpus: str, path: str, text: str,
                        tasks: bool = False) -> list[tuple[str, _Edit, int, int]]:
    """(query, edit removing the heading, 0-based first body line, 0-based last line); with
    `tasks`, task headings too (asked by _TASK_QUESTION)."""
    lines = text.splitlines(keepends=True)
    headings = markdown_headings(text)
    out = []
    for n, (row, level, title) in enumerate(headings):
        query = title
        if query.startswith(("…", "...")):  # "Why not…" > "… Data Classes?"
            parents = [t for r, lv, t in headings[:n] if lv < level]
            if not parents:
                continue
            query = parents[-1].rstrip(".… ") + " " + query.lstrip(".… ")
        if title.endswith(("…", "...")):  # "Why not…" only introduces its subsections
            continue
        if len(query.split()) < 2:
            continue
        if not (query.endswith("?") or _QUESTION_START.match(query)):
            if not (tasks and _TASK_HEADING.match(query)) or query.endswith(":"):
                continue
            query = _TASK_QUESTION.format(query[0].lower() + query[1:])
        if tok_is_setext(lines, row):
            continue
        end = section_end(headings, n, len(lines) - 1)
        body = "".join(lines[row + 1 : end + 1])
        if len(body.strip()) < 80:
            continue
        out.append((query, _Edit(row, row + 1, []), row + 1, end))
    return out


def section_span(text: str, heading: str) -> tuple[int, int] | None:
    """1-based first and last line of the section under `heading` (its heading line first)."""
    headings = markdown_headings(text)
    last_row = len(text.splitlines()) - 1
    for n, (row, _, title) in enumerate(headings):
        if title == heading:
            return row + 1, section_end(headings, n, last_row) + 1
    return None


def tok_is_setext(lines: list[str], row: int) -> bool:
    """Underlined headings span two lines; removing one line would break them, so skip them."""
    return not lines[row].lstrip().startswith("#")


# -- Fairness ----------------------------------------------------------------------------------
# A line break inside a comment or quote, with the marker that opens the next line.
_LINE_BREAK = re.compile(r"[ \t]*\n[ \t]*(?:\*+(?!/)|//+|#+|>+)?")


def plain(text: str) -> str:
    """`text` lower-cased, one line, comment markers at line starts and runs of spaces gone."""
    return " ".join(_LINE_BREAK.sub(" ", text).lower().split())


def still_written(cases: list[Case], texts: dict[str, str]) -> dict[str, str]:
    """Case id -> a path whose text (as the index holds it) still says the case's question
    word for word: a declaration file repeating a JSDoc (`index.d.ts` beside `index.js`), a
    changelog entry repeating a commit subject, a table of contents repeating a heading (for
    a task heading asked as a question, the heading's own words: a link "see Deploying your
    docs", a site's nav). A search would match the question's own words there rather than
    find its answer, so such a case measures nothing. The user's own cases are theirs to
    choose and are not checked."""
    plains = {path: plain(text) for path, text in texts.items()}
    out: dict[str, str] = {}
    for case in cases:
        if case.kind == "user":
            continue
        asked = _TASK_ASKED.match(case.query) if case.kind in ("heading", "doc") else None
        question = plain(asked.group(1) if asked else case.query)
        where = next((path for path, text in plains.items() if question in text), None)
        if where is not None:
            out[case.id] = where
    return out


_DECLARATIONS = {"js": "d.ts", "mjs": "d.mts", "cjs": "d.cts"}


def _mirror(texts: dict[str, str], rel: str, query: str) -> tuple[str, _Edit, int] | None:
    """(path, edit removing it, 0-based declaration line) of the JSDoc block repeating
    `query` in the declaration file beside compiled JavaScript (`index.d.ts` beside
    `index.js`, as npm packages ship them), or None: hidden too, its declaration is a second
    right answer, so the question is neither read there nor its answer counted wrong."""
    stem, _, ext = rel.rpartition(".")
    sibling = f"{stem}.{_DECLARATIONS.get(ext, '')}"
    lines = texts[sibling].splitlines(keepends=True) if sibling in texts else []
    wanted = plain(query)
    for row, line in enumerate(lines):
        if line.lstrip().startswith("/**"):
            end = next((n for n in range(row, len(lines)) if "*/" in lines[n]), len(lines))
            if end + 1 < len(lines) and wanted in plain("".join(lines[row : end + 1])):
                return sibling, _Edit(row, end + 1, []), end + 1
    return None


# -- Assembly ----------------------------------------------------------------------------------
def derive(corpus: str, tree: Path, files: list[str], out_dir: Path,
           max_code: int, max_doc: int, labels: tuple[str, str] = ("code", "doc"),
           max_test: int = 0) -> list[Case]:
    """Write the indexed copy of `files` to `out_dir` and return the cases over it."""
    cases, new_texts = mine(corpus, tree, files, max_code, max_doc, labels, max_test)
    for rel, text in new_texts.items():
        target = out_dir / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return cases


def mine(corpus: str, tree: Path, files: list[str], max_code: int, max_doc: int,
         labels: tuple[str, str] = ("code", "doc"),
         max_test: int = 0, tasks: bool = False) -> tuple[list[Case], dict[str, str]]:
    """The docstring and heading cases over `files` (read from `tree`), and the text of every
    readable file as it must be indexed: the questions' docstrings, comments and headings
    removed. `labels` name the two kinds of case; `max_test` test cases (kind "test") are
    taken from the test suite's files when it is above 0; `tasks`: task headings asked too."""
    texts: dict[str, str] = {}
    for rel in files:
        try:
            texts[rel] = (tree / rel).read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
    code: list[tuple[str, str, str, str, _Edit, int | None]] = []  # rank, path, name, q, edit
    docs: list[tuple[str, str, str, _Edit, int, int]] = []
    tests: list[tuple[str, str, str, str, _Edit, int | None]] = []
    for rel, text in texts.items():
        if _TEST_PATH.search(rel):
            if max_test and rel.endswith(".py"):
                for name, query, edit, rank in python_candidates(corpus, rel, text, tests=True):
                    tests.append((rank, rel, name, query, edit, None))
            elif max_test and rel.endswith((".js", ".mjs", ".cjs", ".ts")):
                for name, query, edit, rank, row in js_test_candidates(corpus, rel, text):
                    tests.append((rank, rel, name, query, edit, row))
            continue
        if rel.endswith(".py"):
            for name, query, edit, rank in python_candidates(corpus, rel, text):
                code.append((rank, rel, name, query, edit, None))
        elif rel.endswith((".js", ".mjs", ".cjs", ".ts")) and not rel.endswith(".d.ts"):
            for name, query, edit, rank, row in js_candidates(corpus, rel, text):
                code.append((rank, rel, name, query, edit, row))
        elif rel.endswith((".go", ".rs")):
            for name, query, edit, rank, row in native_candidates(corpus, rel, text):
                code.append((rank, rel, name, query, edit, row))
        elif rel.endswith(".md") and not _FORM.search(rel):
            for query, edit, first, last in markdown_candidates(corpus, rel, text, tasks):
                docs.append((_rank(corpus, rel, query), rel, query, edit, first, last))
    # A query that is not unique in the corpus has no single right answer: drop it.
    counts = (Counter(c[3].lower() for c in code + tests)
              + Counter(d[2].lower() for d in docs))
    code = sorted(c for c in code if counts[c[3].lower()] == 1)[:max_code]
    docs = sorted(d for d in docs if counts[d[2].lower()] == 1)[:max_doc]
    tests = sorted(t for t in tests if counts[t[3].lower()] == 1)[:max_test]

    edits: dict[str, list[_Edit]] = {}
    for _, rel, _, _, edit, _ in code + tests:
        edits.setdefault(rel, []).append(edit)
    mirrors: dict[tuple[str, str], tuple[str, int]] = {}
    for _, rel, name, query, _, js_row in code:
        found = _mirror(texts, rel, query) if js_row is not None else None
        if found is not None and all(e.start != found[1].start for e in edits.get(found[0], [])):
            edits.setdefault(found[0], []).append(found[1])
            mirrors[rel, name] = (found[0], found[2])
    for _, rel, _, edit, _, _ in docs:
        edits.setdefault(rel, []).append(edit)
    new_texts = {rel: "".join(_apply(text.splitlines(keepends=True), edits.get(rel, [])))
                 for rel, text in texts.items()}

    cases: list[Case] = []
    py_spans: dict[str, dict[str, tuple[int, int]]] = {}
    for label, (_, rel, name, query, _, js_row) in [(labels[0], c) for c in code] + [
            ("test", t) for t in tests]:
        if js_row is None:
            spans = py_spans.setdefault(rel, python_targets(new_texts[rel]))
            start, end = spans[name]
        else:
            new_lines = new_texts[rel].splitlines(keepends=True)
            opening = _new_line(js_row, edits[rel])
            closing = _js_block_end(new_lines, opening, "\"`" if rel.endswith(".rs") else "'\"`")
            if closing is None:
                continue
            start, end = opening + 1, closing + 1
        cases.append(Case(f"{corpus}:{label}:{rel}:{name}", corpus, label, query,
                          (Target(rel, start, end, name), *_declared(mirrors.get((rel, name)),
                                                                     new_texts, edits, name))))
    for _, rel, query, _, first, last in docs:
        start = _new_line(first, edits[rel]) + 1
        end = _new_line(last, edits[rel]) + 1
        cases.append(Case(f"{corpus}:{labels[1]}:{rel}:{start}", corpus, labels[1], query,
                          (Target(rel, start, end),)))
    return cases, new_texts


def _declared(mirror: tuple[str, int] | None, new_texts: dict[str, str],
              edits: dict[str, list[_Edit]], name: str) -> tuple[Target, ...]:
    """The declaration `_mirror` found, as a target in the indexed copy (none: ())."""
    if mirror is None:
        return ()
    path, row = mirror
    lines = new_texts[path].splitlines(keepends=True)
    start = _new_line(row, edits[path])
    end = _js_block_end(lines, start) if _has_body(lines, start) else start
    return (Target(path, start + 1, (end if end is not None else start) + 1, name),)
