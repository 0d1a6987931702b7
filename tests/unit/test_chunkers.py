from __future__ import annotations

import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st

from repokb.chunkers import chunker_for, fixed_windows

PY = textwrap.dedent('''
    """Module docstring."""
    import os

    # A helper that adds.
    def add(a, b):
        """Add two numbers."""
        return a + b


    @decorator
    def wrapped():
        return "a decorated function"


    class Small:
        def m(self):
            return 2


    X = add(1, 2)
''').lstrip()


def test_python_one_chunk_per_top_level_definition():
    pieces = chunker_for("python").chunk(PY)
    by_symbol = {p.symbol: p for p in pieces if p.symbol}
    assert set(by_symbol) == {"add", "wrapped", "Small"}
    # the leading comment stays with it; the module's docstring and import, too short to
    # stand alone (the pipeline drops a chunk under 40 characters), open its piece
    assert by_symbol["add"].start_line == 1
    assert by_symbol["add"].content.startswith(
        '"""Module docstring."""\nimport os\n\n# A helper that adds.\ndef add')
    assert by_symbol["wrapped"].content.startswith("@decorator")
    assert by_symbol["Small"].symbol_type == "class"
    assert by_symbol["Small"].content.rstrip().endswith("X = add(1, 2)")  # as short
    assert [p.start_line for p in pieces] == sorted(p.start_line for p in pieces)


def test_big_class_is_split_per_method_with_class_context():
    methods = "\n".join(
        f"    def method_{i}(self):\n        \"\"\"Doc {i}.\"\"\"\n" + "        x = 1\n" * 30
        for i in range(8))
    source = "class Big(Base):\n    \"\"\"A big class.\"\"\"\n    limit = 3\n\n" + methods
    pieces = chunker_for("python").chunk(source)
    symbols = [p.symbol for p in pieces]
    assert symbols[0] == "Big" and pieces[0].start_line == 1
    assert "limit = 3" in pieces[0].content
    assert symbols[1:] == [f"Big.method_{i}" for i in range(8)]
    assert all(p.symbol_type == "method" and p.context == "class Big(Base):" for p in pieces[1:])


def test_python_syntax_error_falls_back_to_windows():
    source = "def broken(:\n    pass\n" * 50
    pieces = chunker_for("python").chunk(source)
    assert pieces and all(p.symbol is None for p in pieces)
    assert max(p.end_line for p in pieces) == 100


def test_a_syntax_error_keeps_the_definitions_that_parse():
    source = PY + "\n\ndef broken(:\n    pass\n"
    symbols = {p.symbol for p in chunker_for("python").chunk(source)}
    assert {"add", "wrapped", "Small"} <= symbols
    assert "broken" not in symbols


def test_markdown_sections_with_heading_path_and_fences():
    text = textwrap.dedent('''
        ---
        title: front matter
        ---
        # Guide

        Intro: what the guide covers and who it is for.

        ## Install

        ```sh
        # not a heading
        pip install x
        ```

        ### Docker

        Use docker: the image runs the server on port 8000.
    ''').lstrip()
    pieces = chunker_for("markdown").chunk(text)
    symbols = [p.symbol for p in pieces]
    assert symbols == ["Guide", "Guide > Install", "Guide > Install > Docker"]
    assert "# not a heading" in pieces[1].content
    assert all("front matter" not in p.content for p in pieces)
    assert pieces[2].start_line == 15


def _check_windows(text: str, size: int, overlap: int) -> None:
    pieces = fixed_windows(text, size, overlap)
    lines = text.split("\n")  # lines are counted on "\n" only, like editors and tree-sitter
    n = max(len(lines), 1)
    covered = set()
    for p in pieces:
        assert p.content.strip()
        assert 1 <= p.start_line <= p.end_line <= n
        covered.update(range(p.start_line, p.end_line + 1))
    assert [p.start_line for p in pieces] == sorted(p.start_line for p in pieces)
    for i, line in enumerate(lines, 1):
        if line.strip():
            assert i in covered


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=3000), size=st.integers(20, 800), overlap=st.integers(0, 200))
def test_fixed_windows_cover_every_nonblank_line_in_order(text, size, overlap):
    _check_windows(text, size, min(overlap, size // 2))


def test_fixed_windows_cut_an_overlong_line():
    pieces = fixed_windows("a" * 50_000 + "\nb = 1\n", 500, 100)
    assert len(pieces) > 100
    assert max(len(p.content) for p in pieces) <= 500
    assert pieces[-1].start_line == 2


@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=2000))
def test_code_and_markdown_chunkers_never_raise(text):
    for language in ("python", "markdown"):
        for p in chunker_for(language).chunk(text):
            assert p.content.strip()
            assert 1 <= p.start_line <= p.end_line


def test_long_markdown_section_is_cut_between_paragraphs():
    answers = [f"Answer {n}: " + " ".join(["word"] * 40) + "\n" for n in range(12)]
    text = "# FAQ\n\n" + "\n".join(answers) + "\n```\ncode\n\nmore code\n```\n"
    pieces = chunker_for("markdown").chunk(text)
    assert len(pieces) > 1 and all(p.symbol == "FAQ" for p in pieces)
    lines = text.splitlines(keepends=True)
    for p in pieces:
        assert len(p.content) <= 800
        # every piece starts at a paragraph start and ends at a paragraph end
        assert p.start_line == 1 or not lines[p.start_line - 2].strip()
        assert not lines[p.end_line - 1].strip() or p.end_line == len(lines) or \
            not lines[p.end_line].strip()
    assert any("code\n\nmore code" in p.content for p in pieces)  # fences stay whole


def test_long_rst_section_keeps_a_literal_block_with_blank_lines_whole():
    prose = [f"Step {n}: " + " ".join(["word"] * 30) + "\n" for n in range(8)]
    block = "Example::\n\n    first = 1\n\n    second = 2\n\n    third = 3\n"
    text = "Guide\n=====\n\n" + "\n".join(prose[:4]) + "\n" + block + "\n" \
        + "\n".join(prose[4:])
    pieces = chunker_for("rst").chunk(text)
    assert len(pieces) > 1
    holding = [p for p in pieces if "first = 1" in p.content]
    # the block is one paragraph: never cut between its lines
    assert holding and all("third = 3" in p.content for p in holding)
    assert not any("third = 3" in p.content and "first = 1" not in p.content for p in pieces)


@settings(max_examples=100, deadline=None)
@given(paragraphs=st.lists(st.text(alphabet="ab \n`~#", max_size=300), max_size=30))
def test_markdown_pieces_cover_every_nonblank_line_in_order(paragraphs):
    text = "# T\n\n" + "\n\n".join(paragraphs)
    pieces = chunker_for("markdown").chunk(text)
    lines = text.splitlines()
    covered = set()
    for p in pieces:
        assert 1 <= p.start_line <= p.end_line <= max(len(lines), 1)
        covered.update(range(p.start_line, p.end_line + 1))
    assert [p.start_line for p in pieces] == sorted(p.start_line for p in pieces)
    for i, line in enumerate(lines, 1):
        if line.strip():
            assert i in covered, (i, line)


def test_an_overlong_line_of_prose_is_cut_between_words():
    """newuser39: a paragraph written as one line was cut at a character count, mid-word; it
    is cut after the last sentence (or word) before the limit, and the next window starts at
    a word. A line without a space (minified code) is still cut by characters."""
    line = "".join(f"Sentence {n} picks the number of clusters at that cut level for you. "
                   for n in range(40))
    text = "intro\n" + line + "\nend\n"
    pieces = fixed_windows(text, 500, 100)
    cut = [p for p in pieces if p.start_line == 2]
    assert len(cut) >= 6
    for p in cut:
        assert len(p.content) <= 500
        assert p.content.startswith("Sentence ") and p.content.rstrip().endswith("for you.")
    # each window but the first repeats a sentence of the one before
    assert all(p.content[:60] in q.content for q, p in zip(cut, cut[1:], strict=False))
    words = "word " * 300  # no sentence: cut after a word
    assert all(p.content.startswith("word") and p.content.endswith(" ")
               for p in fixed_windows(words, 500, 100)[:-1])
    minified = "a" * 1200
    assert [len(p.content) for p in fixed_windows(minified, 500, 100)] == [500, 500, 400]


def test_an_abbreviation_ends_no_window() -> None:
    """cuts39b: a sentence's end was read from any `.` before a space, so a window could close
    after "e.g." or "Fig." and the next open on the rest of that sentence."""
    line = "".join(f"Step {n} fits the model to the data and reports the score of the fit. "
                   f"Some estimators take options, e.g. the number of clusters, see Fig. {n} "
                   f"and Eq. {n}, i.e. the cut level. " for n in range(12))
    cut = [p for p in fixed_windows(line + "\n", 500, 100)]
    assert len(cut) >= 4
    for p in cut[:-1]:
        assert p.content.rstrip().endswith(("of the fit.", "the cut level.")), p.content[-40:]
    for p in cut[1:]:
        assert p.content.startswith(("Step ", "Some estimators")), p.content[:40]
