"""`repokb eval`'s test sets: git history, user-written cases, the shadow copy's edits."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from repokb.errors import InputError
from repokb.evaluate.cases import Case, Target, plain, still_written
from repokb.evaluate.history import history_cases
from repokb.evaluate.runner import _cases, _fair
from repokb.evaluate.user_cases import load, user_cases
from repokb.pipeline.discover import ProjectRoot
from repokb.settings import Settings

from ..conftest import write

STORE = '''
def parse(text):
    words = text.split()
    return words


class Store:
    def __init__(self, path):
        self.path = path

    def save(self, data):
        with open(self.path, "w") as fh:
            fh.write(data)
'''
README = '''
# Shop

## Install

Run the installer.

## Usage

Call parse on the text and save the result in a Store.
'''


def _git(root: Path, *args: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, env=env)


def _commit(root: Path, subject: str) -> None:
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", subject)


@pytest.fixture
def history_repo(tmp_path: Path) -> Path:
    """A repository whose commits each have a known change (the project is a subfolder)."""
    top = tmp_path / "top"
    root = top / "app"
    _git(tmp_path, "init", "-q", "-b", "main", str(top))
    write(root, "shop/store.py", STORE)
    write(root, "README.md", README)
    write(root, "tests/test_store.py", "def test_parse():\n    assert True\n")
    _commit(top, "Add the first version of the shop")
    # one method changed: the target is Store.save, not the class, not parse
    text = (root / "shop/store.py").read_text().replace('open(self.path, "w")',
                                                        'open(self.path, "w", encoding="utf-8")')
    (root / "shop/store.py").write_text(text)
    _commit(top, "fix(store): write saved data as UTF-8 (#12)")
    # whitespace only: no case
    (root / "shop/store.py").write_text(text.replace("    words = text.split()",
                                                     "    words  =  text.split()"))
    _commit(top, "Tidy the spacing in the parse helper")
    # a subject that says formatting: no case
    (root / "shop/store.py").write_text(text.replace("return words", "return list(words)"))
    _commit(top, "Format the parse helper")
    # a revert: no case
    _git(top, "revert", "--no-edit", "HEAD")
    # only a test changed: no target, no case
    write(root, "tests/test_store.py", "def test_parse():\n    assert 1 == 1\n")
    _commit(top, "Check the parse helper more strictly")
    # a branch merged: its commit counts, the merge does not
    _git(top, "checkout", "-q", "-b", "docs")
    write(root, "README.md", README.replace("Run the installer.", "Run `pip install shop`."))
    _commit(top, "Explain how to install the shop with pip")
    _git(top, "checkout", "-q", "main")
    _git(top, "merge", "-q", "--no-ff", "-m", "Merge branch docs into main for the release",
         "docs")
    # a sweeping commit (more files than a question can point at): no case
    for n in range(12):
        write(root, f"shop/gen_{n}.py", f"def generated_{n}():\n    return {n}\n")
    _commit(top, "Add twelve generated helper modules at once")
    return root


def test_history_cases_are_commit_subjects_with_the_definitions_they_changed(
        history_repo: Path) -> None:
    # the indexed copy differs from the checkout (lines moved): targets are found by name
    texts = {"shop/store.py": "import os\n\n\n" + (history_repo / "shop/store.py").read_text(),
             "README.md": (history_repo / "README.md").read_text(),
             "tests/test_store.py": (history_repo / "tests/test_store.py").read_text()}
    cases = history_cases(history_repo, "app", texts, limit=50)
    got = {c.query: {(t.path, t.symbol, t.start_line, t.end_line) for t in c.targets}
           for c in cases}
    save_start = texts["shop/store.py"].splitlines().index("    def save(self, data):") + 1
    readme = texts["README.md"].splitlines()
    assert got == {
        "write saved data as UTF-8": {("shop/store.py", "Store.save", save_start,
                                       save_start + 2)},
        "Explain how to install the shop with pip": {
            ("README.md", "Install", readme.index("## Install") + 1,
             readme.index("## Usage"))},
        # a new file: its innermost definitions and sections, not the class or the chapter
        "Add the first version of the shop": {
            ("shop/store.py", "parse", 4, 6), ("shop/store.py", "Store.__init__", 10, 11),
            ("shop/store.py", "Store.save", save_start, save_start + 2),
            ("README.md", "Install", 3, 6), ("README.md", "Usage", 7, 9)},
    }
    assert all(c.kind == "history" for c in cases)


def test_history_outside_git_gives_no_cases(tmp_path: Path) -> None:
    write(tmp_path, "a.py", "def f():\n    return 1\n")
    assert history_cases(tmp_path, "p", {"a.py": "def f():\n    return 1\n"}, 10) == []


def test_user_cases_place_symbols_sections_lines_and_files(tmp_path: Path) -> None:
    write(tmp_path, "shop/store.py", STORE)
    write(tmp_path, "README.md", README)
    write(tmp_path, ".repokb/eval.yml", """
        cases:
          - question: where is data written to disk
            path: shop/store.py
            symbol: Store.save
          - question: how do I install it
            path: ./README.md
            symbol: Install
          - question: what splits the text
            path: shop/store.py
            lines: 2-4
          - question: what is the shop
            path: README.md
          - question: a file that is gone
            path: shop/gone.py
          - question: a symbol that is gone
            path: shop/store.py
            symbol: Store.load
        """)
    cases, problems = user_cases(load(tmp_path), "p", tmp_path)
    spans = [(c.query, c.targets[0].path, c.targets[0].start_line, c.targets[0].end_line)
             for c in cases]
    assert spans == [("where is data written to disk", "shop/store.py", 10, 12),
                     ("how do I install it", "README.md", 3, 6),
                     ("what splits the text", "shop/store.py", 2, 4),
                     ("what is the shop", "README.md", 1, 9)]
    assert problems == ["case 5: shop/gone.py is not a text file of the repository",
                        "case 6: 'Store.load' not found in shop/store.py"]


@pytest.mark.parametrize("text", ["cases: {question: x}\n", "cases:\n  - path: a.py\n",
                                  "cases:\n  - {question: q, path: a.py, lines: ten}\n",
                                  "cases: [\n"])
def test_a_bad_eval_file_is_a_clear_error(tmp_path: Path, text: str) -> None:
    write(tmp_path, ".repokb/eval.yml", text)
    with pytest.raises(InputError) as info:
        load(tmp_path)
    assert ".repokb/eval.yml" in info.value.message and info.value.hint


def test_the_shadow_copy_hides_the_questions(tmp_path: Path) -> None:
    root = tmp_path / "proj"
    write(root, "pkg/mod.py", '''
        def retry_upload(path):
            """Upload a file again after the network connection dropped.

            Longer text.
            """
            return path
        ''')
    write(root, "docs/guide.md", "# Guide\n\n## How do I retry an upload?\n\n"
          + "Call retry_upload with the path of the file; it sends it again. " * 3 + "\n")
    write(root, ".repokb/eval.yml", "cases:\n  - {question: where is retry, path: pkg/mod.py}\n")
    write(root, "pkg/crlf.py", b"def windows_style(a):\r\n    return a\r\n")
    copy = tmp_path / "copy"
    cases, problems = _cases(Settings(home=tmp_path / "home"), ProjectRoot("proj", root),
                             copy, 10)
    by_kind = {c.kind: c for c in cases}
    assert set(by_kind) == {"docstring", "heading", "user"} and problems == []
    assert by_kind["docstring"].query == "Upload a file again after the network connection " \
        "dropped"
    assert by_kind["heading"].query == "How do I retry an upload?"
    code = (copy / "pkg/mod.py").read_text()
    assert "Upload a file again" not in code and "def retry_upload" in code
    target = by_kind["docstring"].targets[0]
    assert code.splitlines()[target.start_line - 1].startswith("def retry_upload")
    assert "How do I retry" not in (copy / "docs/guide.md").read_text()
    # the user's questions would find themselves: the file is not in the copy
    assert not (copy / ".repokb/eval.yml").exists()
    # a file without questions is copied byte for byte (its CRLF line ends too)
    assert (copy / "pkg/crlf.py").read_bytes() == (root / "pkg/crlf.py").read_bytes()
    # the repository itself is untouched
    assert "Upload a file again" in (root / "pkg/mod.py").read_text()


def test_a_question_holding_a_secret_is_shown_redacted() -> None:
    from repokb.evaluate.cases import Case, Target
    from repokb.evaluate.records import Answer
    from repokb.evaluate.report import _worst
    from repokb.evaluate.systems import Result

    from ..fake_secrets import GITHUB_TOKEN

    case = Case("p:history:1", "p", "history", f"Rotate the deploy token {GITHUB_TOKEN} now",
                (Target("a.py", 1, 3, "f"),))
    answer = Answer("repokb", None, None, None, 1.0, [Result("b.py", 1, 2, None, None, "x")])
    chunks = {"a.py": [(1, 3, "def f():\n    return 1\n")]}
    (shown,) = _worst([case], [answer], chunks, 5)
    assert GITHUB_TOKEN not in str(shown) and "REDACTED" in shown["query"]
    assert shown["targets"][0]["content"].startswith("def f()")


def test_the_shadow_index_never_goes_to_the_users_store_server(tmp_path: Path) -> None:
    from repokb.evaluate.runner import _shadow

    user = Settings(home=tmp_path / "home", store="qdrant-server", lexical_weight=0.5)
    shadow = _shadow(user, tmp_path / "shadow")
    assert (shadow.home, shadow.store) == (tmp_path / "shadow", "qdrant-edge")
    assert shadow.lexical_weight == 0.5  # every other setting is the user's


def test_test_cases_come_from_the_test_suite_with_their_names_hidden(tmp_path: Path) -> None:
    from repokb.evaluate.cases import mine

    write(tmp_path, "pkg/store.py", STORE)
    write(tmp_path, "tests/test_store.py",
          'def test_saves():\n    """Saving twice keeps the last value written."""\n'
          "    assert True\n")
    write(tmp_path, "test/store.test.js",
          "test('reads back what was saved to the store', t => {\n  t.ok(1)\n})\n")
    files = ["pkg/store.py", "tests/test_store.py", "test/store.test.js"]
    without, _ = mine("c", tmp_path, files, 10, 10)
    assert not any(c.kind == "test" for c in without)
    cases, texts = mine("c", tmp_path, files, 10, 10, max_test=10)
    tests = {c.query: c.targets[0] for c in cases if c.kind == "test"}
    assert set(tests) == {"Saving twice keeps the last value written",
                          "reads back what was saved to the store"}
    assert "Saving twice" not in texts["tests/test_store.py"]
    assert texts["test/store.test.js"].startswith("test('', t => {")
    py = tests["Saving twice keeps the last value written"]
    assert (py.path, py.start_line, py.symbol) == ("tests/test_store.py", 1, "test_saves")
    js = tests["reads back what was saved to the store"]
    assert (js.path, js.start_line, js.end_line) == ("test/store.test.js", 1, 3)


def test_a_jsdoc_one_blank_line_above_its_definition_is_a_case() -> None:
    """express 4.21.1 puts a blank line between every JSDoc and its function: `repokb eval`
    found 8 cases in the whole package (nu2's trial). The file's opening comment and a doc
    two blank lines up are still not questions."""
    from repokb.evaluate.cases import js_candidates

    text = ("/**\n * Module dependencies.\n */\n\nfunction helper() {\n  return 1;\n}\n\n"
            "/**\n * Listen for connections on the given port.\n *\n * @public\n */\n\n"
            "app.listen = function listen() {\n  return 2;\n};\n\n"
            "/** Send a JSON response. */\n\n\nres.json = function json(obj) {\n  return 3;\n};\n")
    found = {name: (query, row) for name, query, _, _, row in js_candidates("c", "a.js", text)}
    assert found == {"listen": ("Listen for connections on the given port", 14)}


def test_a_question_still_written_elsewhere_is_left_out_with_a_note(tmp_path: Path) -> None:
    # ky ships index.js and index.d.ts with the same JSDoc: the question removed from the .js
    # was still read, word for word, in the .d.ts (ranked first; the case measured nothing)
    root = tmp_path / "pkg"
    doc = ("/**\n * Error thrown when the request times out\n * and the caller gave up.\n */\n")
    write(root, "lib/timeout.js", doc + "export class TimeoutError extends Error {\n"
          "  constructor(request) {\n    super('timed out');\n  }\n}\n")
    write(root, "lib/timeout.d.ts", "import x from './x';\n" + doc
          + "export declare class TimeoutError extends Error {\n"
          "  constructor(request: Request);\n}\n")
    write(root, "lib/retry.js", "/**\n * Wait a little longer before each new attempt.\n */\n"
          "export function backoff(attempt) {\n  return attempt * 2;\n}\n")
    write(root, "README.md", "# pkg\n\n## Retries\n\nWait a little longer before each new "
          "attempt: `backoff(n)`.\n")
    cases, problems = _cases(Settings(home=tmp_path / "home"), ProjectRoot("pkg", root),
                             tmp_path / "copy", 10)
    by_query = {c.query: c for c in cases}
    assert set(by_query) == {"Error thrown when the request times out and the caller gave up",
                             "Wait a little longer before each new attempt"}
    texts = {rel: (tmp_path / "copy" / rel).read_text()
             for rel in ("lib/timeout.js", "lib/timeout.d.ts", "lib/retry.js", "README.md")}
    # the declaration file's copy of the JSDoc is hidden too, and its declaration is a
    # second right answer
    assert "times out" not in texts["lib/timeout.d.ts"]
    declared = by_query["Error thrown when the request times out and the caller gave up"]
    assert [str(t) for t in declared.targets] == ["lib/timeout.js:1-5 (TimeoutError)",
                                                  "lib/timeout.d.ts:2-4 (TimeoutError)"]
    # the README still says the other question: that case is left out, with a note
    assert still_written(cases, texts) == {"pkg:docstring:lib/retry.js:backoff": "README.md"}
    chunks = {rel: [(1, len(text.splitlines()), text)] for rel, text in texts.items()}
    kept = _fair(cases, chunks, problems, root)
    assert kept == [declared]
    assert len(problems) == 1 and "1 case(s) left out (docstring 1)" in problems[0] \
        and "README.md" in problems[0]
    # nothing fair left: a clear error, not an empty report
    with pytest.raises(InputError, match="No fair evaluation case"):
        _fair(cases, {**chunks, "CHANGES.md": [(1, 2, "- Error thrown when the request\n"
                                                      "  times out and the caller gave up")]},
              [], root)


def test_the_users_own_questions_are_never_left_out() -> None:
    case = Case("p:user:1", "p", "user", "where are seats booked", (Target("a.py", 1, 2),))
    assert still_written([case], {"a.py": "# where are seats booked\n"}) == {}
    assert plain("/**\n * Where ARE\n *   seats booked\n */") == "/** where are seats booked */"


GO = '''package flags

// Parse parses flag definitions from the argument list, which should not
// include the command name.
func (f *FlagSet) Parse(arguments []string) error {
	f.parsed = true
	return nil
}

// A FlagSet represents a set of defined flags.
type FlagSet struct {
	parsed bool
}
'''

RUST = '''/// Attempt to downcast the error object to a concrete type.
///
/// Longer text.
#[cold]
#[must_use]
pub fn downcast<E>(self) -> Option<E> {
    let s: &'static str = "}";
    None
}

pub trait Context<T> {
    /// Wrap the error value with additional context from the caller.
    fn context(self, c: T) -> Self;
}
'''


def test_go_and_rust_doc_comments_are_cases_with_their_comment_hidden(tmp_path: Path) -> None:
    # a Go or Rust repository had no case at all ("has none of them"): doc comments were read
    # in Python and JS only
    root = tmp_path / "proj"
    write(root, "flags.go", GO)
    write(root, "flags_test.go", "package flags\n\n// TestParse checks the parsing of all "
          "the flags.\nfunc TestParse(t *testing.T) {\n}\n")
    write(root, "src/error.rs", RUST)
    copy = tmp_path / "copy"
    cases, _ = _cases(Settings(home=tmp_path / "home"), ProjectRoot("proj", root), copy, 10)
    found = {c.targets[0].symbol: c for c in cases}
    # the Go convention's leading name is dropped: the question does not name its answer;
    # a trait method without a body and the test file give no case
    assert {s: c.query for s, c in found.items()} == {
        "FlagSet.Parse": "parses flag definitions from the argument list, which should not "
                         "include the command name",
        "FlagSet": "A FlagSet represents a set of defined flags",
        "downcast": "Attempt to downcast the error object to a concrete type"}
    go = (copy / "flags.go").read_text().splitlines()
    rust = (copy / "src/error.rs").read_text().splitlines()
    assert "parses flag" not in "\n".join(go) and "Attempt to" not in "\n".join(rust)
    target = found["FlagSet.Parse"].targets[0]
    assert go[target.start_line - 1].startswith("func (f *FlagSet) Parse(")
    assert go[target.end_line - 1] == "}"
    target = found["downcast"].targets[0]  # its attributes stay; the lifetime is no quote
    assert rust[:2] == ["#[cold]", "#[must_use]"]
    assert rust[target.start_line - 1].startswith("pub fn downcast") \
        and rust[target.end_line - 1] == "}" and target.end_line == 6


@pytest.mark.parametrize("form", [".github/ISSUE_TEMPLATE.md", ".github/PULL_REQUEST_TEMPLATE.md",
                                  ".github/ISSUE_TEMPLATE/bug_report.md",
                                  "docs/pull_request_template.md"])
def test_an_issue_templates_questions_are_no_cases(tmp_path: Path, form: str) -> None:
    # humanize's only heading case was its issue template's "What versions are you using?",
    # whose "answer" is a form to fill in
    root = tmp_path / "proj"
    body = "* OS: \n* Python: \n* Version: \n\nPlease include code that reproduces it. " * 2
    write(root, form, "### What did you expect to happen?\n\n" + body)
    write(root, "docs/faq.md", "# FAQ\n\n## Why is the output rounded?\n\n"
          "Sizes are rounded to one decimal by default; pass a format string for more. " * 2)
    cases, _ = _cases(Settings(home=tmp_path / "home"), ProjectRoot("proj", root),
                      tmp_path / "copy", 10)
    assert [(c.kind, c.query) for c in cases] == [("heading", "Why is the output rounded?")]


def test_a_folder_without_files_says_so(tmp_path: Path) -> None:
    # an empty folder (or one whose files are all left out) was told it "has none of" the
    # docstrings, headings and commits, as if it held code without them
    root = tmp_path / "empty"
    write(root, "node_modules/x/index.js", "/** Does a thing for the caller here. */\n"
          "function f() {\n}\n")
    with pytest.raises(InputError, match="No files to evaluate in ") as caught:
        _cases(Settings(home=tmp_path / "home"), ProjectRoot("empty", root), tmp_path / "c", 5)
    assert "--dry-run" in (caught.value.hint or "")


LUNR_BANNER = ("/**\n * lunr - http://lunrjs.com - A bit like Solr, but much smaller and not as "
               "bright - 2.3.9\n * Copyright (C) 2020 Oliver Nightingale\n * @license MIT\n */\n\n")
OWN_JS = ("/**\n * Show the search results for the query in the page.\n */\n"
          "function displayResults(results) {\n  return results.length;\n}\n")


def test_cases_come_only_from_the_projects_own_files(tmp_path: Path) -> None:
    # mkdocs 1.6.1's vendored lunr.js (below contrib/search/templates/) gave docstring cases:
    # questions about another project's code, and a minified or vendored file's cases had no
    # target the index keeps (the copy is excluded or kept as metadata only)
    root = tmp_path / "proj"
    lunr = ("/**\n * A convenience function for configuring and constructing a new lunr Index.\n"
            " */\nfunction lunr(config) {\n  return config;\n}\n")
    write(root, "mkdocs/contrib/search/templates/search/lunr.js", LUNR_BANNER + lunr)
    write(root, "mkdocs/contrib/search/templates/search/main.js", OWN_JS)
    write(root, "vendor/lib/helper.js", "/**\n * Merge two option objects into a new one.\n */\n"
          "function merge(a, b) {\n  return a;\n}\n")
    write(root, "web/app.min.js", "/**\n * Start the application once the page loaded.\n */\n"
          "function start(page) {\n  return page;\n}\n")
    copy = tmp_path / "copy"
    cases, _ = _cases(Settings(home=tmp_path / "home"), ProjectRoot("proj", root), copy, 10)
    assert [(c.kind, c.targets[0].path) for c in cases] == [
        ("docstring", "mkdocs/contrib/search/templates/search/main.js")]
    # the shadow copy still holds every file the walk finds, untouched
    assert "A convenience function" in (copy / "mkdocs/contrib/search/templates/search/"
                                        "lunr.js").read_text()


GO_V1 = '''package shop

// Total adds up the prices.
func Total(prices []int) int {
\tsum := 0
\tfor _, p := range prices {
\t\tsum += p
\t}
\treturn sum
}

func (c *Cart) Add(item string) {
\tc.items = append(c.items, item)
}
'''
RUST_V1 = '''pub struct Cart {
    items: Vec<String>,
}

impl Cart {
    pub fn add(&mut self, item: &str) {
        self.items.push(item.to_string());
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }
}
'''
TS_V1 = '''export function formatPrice(cents: number): string {
  return `${cents / 100}`;
}

export class Basket {
  count(items: string[]) {
    return items.length;
  }
}
'''


def test_history_cases_target_go_rust_and_typescript_definitions(tmp_path: Path) -> None:
    # only Python definitions and Markdown sections were targets: a commit to a Go, Rust or
    # TypeScript file gave no case
    root = tmp_path / "repo"
    _git(tmp_path, "init", "-q", "-b", "main", str(root))
    write(root, "shop.go", GO_V1)
    write(root, "src/cart.rs", RUST_V1)
    write(root, "web/price.ts", TS_V1)
    _commit(root, "Add the shop in three languages")
    write(root, "shop.go", GO_V1.replace("c.items = append(c.items, item)",
                                         "if item != \"\" {\n\t\tc.items = append(c.items, item)"
                                         "\n\t}"))
    _commit(root, "Ignore empty item names added to the cart")
    write(root, "src/cart.rs", RUST_V1.replace("self.items.len()", "self.items.iter().count()"))
    _commit(root, "Count the cart items by walking them")
    write(root, "web/price.ts", TS_V1.replace("${cents / 100}", "${(cents / 100).toFixed(2)}"))
    _commit(root, "Show prices with two decimals always")
    texts = {p: (root / p).read_text() for p in ("shop.go", "src/cart.rs", "web/price.ts")}
    texts["shop.go"] = "// Package shop sells things.\n" + texts["shop.go"]  # lines moved
    cases = history_cases(root, "repo", texts, limit=10)
    got = {c.query: {(t.path, t.symbol, t.start_line, t.end_line) for t in c.targets}
           for c in cases}
    go = texts["shop.go"].splitlines()
    add = go.index("func (c *Cart) Add(item string) {") + 1
    assert got["Ignore empty item names added to the cart"] == {
        ("shop.go", "Cart.Add", add, add + 4)}
    assert got["Count the cart items by walking them"] == {("src/cart.rs", "len", 10, 12)}
    assert got["Show prices with two decimals always"] == {
        ("web/price.ts", "formatPrice", 1, 3)}
    # the first commit touches seven definitions: sweeping, no one answer (MAX_TARGETS)
    assert "Add the shop in three languages" not in got


def test_a_task_heading_is_asked_as_a_question_unless_its_words_stand_elsewhere(
        tmp_path: Path) -> None:
    # mkdocs' manual: 52 of 342 headings name a task ("Deploying your docs"), none is a
    # question, so a docs-heavy project gave no heading case at all
    root = tmp_path / "proj"
    body = "Run `mkdocs gh-deploy` from the project folder; it builds and pushes the site. " * 2
    write(root, "docs/deploy.md", "# Deploying your docs\n\n" + body + "\n")
    write(root, "docs/themes.md", "# Themes\n\n## Configuring themes\n\n"
          + "Set `theme: name` in the configuration file to pick another look. " * 2 + "\n")
    # repeated word for word in a link elsewhere: the search would read the heading there
    write(root, "docs/custom.md", "# Customizing your theme\n\n" + body + "\n")
    write(root, "docs/index.md", "# Welcome\n\n" + "See Customizing your theme for overrides. "
          * 3 + "\n\n## Formatting the pages:\n\n" + body + "\n")  # ends with ":": a label, no task
    copy = tmp_path / "copy"
    cases, _ = _cases(Settings(home=tmp_path / "home"), ProjectRoot("proj", root), copy, 10)
    assert sorted(c.query for c in cases) == [
        "How do I go about configuring themes?", "How do I go about customizing your theme?",
        "How do I go about deploying your docs?"]
    assert "Deploying your docs" not in (copy / "docs/deploy.md").read_text()
    chunks = {rel: [(1, 1, (copy / rel).read_text())] for rel in
              ("docs/deploy.md", "docs/themes.md", "docs/custom.md", "docs/index.md")}
    problems: list[str] = []
    kept = _fair(cases, chunks, problems, root)
    assert sorted(c.query for c in kept) == [
        "How do I go about configuring themes?", "How do I go about deploying your docs?"]
    assert "docs/index.md" in problems[0]


def test_a_history_case_keeps_a_section_whose_heading_became_a_heading_case(
        tmp_path: Path) -> None:
    # the heading line of a heading case is removed from the indexed copy, so the history case
    # of a commit that changed that section lost it as a target (found by title)
    root = tmp_path / "repo"
    _git(tmp_path, "init", "-q", "-b", "main", str(root))
    guide = ("# Guide\n\nIntro.\n\n## Deploying the shop\n\nBuild it with go build.\n\n"
             "## Paying\n\nSet the provider.\n")
    write(root, "docs/guide.md", guide)
    _commit(root, "Write the first guide to the shop")
    write(root, "docs/guide.md", guide.replace("with go build.", "with go build and copy it."))
    _commit(root, "Explain how the shop binary is copied")
    indexed = guide.replace("with go build.", "with go build and copy it.").replace(
        "## Deploying the shop\n", "")
    cases = history_cases(root, "repo", {"docs/guide.md": indexed}, limit=10)
    got = {c.query: [(t.path, t.symbol, t.start_line, t.end_line) for t in c.targets]
           for c in cases}
    lines = indexed.splitlines()
    body = lines.index("Build it with go build and copy it.") + 1
    assert got["Explain how the shop binary is copied"] == [
        ("docs/guide.md", "Deploying the shop", body - 1, body + 1)]
