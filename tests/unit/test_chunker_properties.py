"""Invariants of every chunker over generated and mutated sources (hypothesis).

Chunks lie inside the file, come in order, are never empty, are the same on every run, and
together cover every non-blank line (a notebook's: its cells' sources, tested in
test_chunkers_notebook); code chunks are exactly the file's lines. Whatever the
input, no chunker raises.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from repokb.chunkers import chunker_for
from repokb.chunkers.fixed import split_lines
from repokb.chunkers.markdown import front_matter_end
from repokb.chunkers.roff import RoffChunker, sections
from repokb.formats import CODE_LANGUAGES
from repokb.models import Classification, Kind, Policy, Role, SourceFile
from repokb.pipeline.chunk import FileProblem, chunk_file
from repokb.settings import Settings

from .test_golden_chunkers import language_of

INPUTS = Path(__file__).parent.parent / "golden" / "chunkers" / "inputs"
SAMPLES = {language_of(p): p.read_text("utf-8") for p in sorted(INPUTS.iterdir())}
LANGUAGES = sorted(SAMPLES)
FRAGMENTS = ["{", "}", "(", ")", "[", "]", "<", ">", "/*", "*/", "<!--", "-->", '"', "'", "`",
             "#", "//", "--", ":", ";", "=", "\t", "    ", "\n", "def ", "class ", "function ",
             "end", "---", "===", "```", "<script>", "@media", "\x00", "\ufeff", "é", "\r\n",
             "\x0c", "\u2028", "a" * 300, "\\section{", "\\begin{verbatim}", "\\end{verbatim}",
             "%"]


def check(language: str, text: str) -> None:
    chunker = chunker_for(language)
    pieces = chunker.chunk(text)
    lines = split_lines(text)
    n = len(lines)
    assert pieces == chunker.chunk(text)  # deterministic
    covered: set[int] = set()
    for p in pieces:
        assert p.content.strip(), p
        assert 1 <= p.start_line <= p.end_line <= max(n, 1), (p.start_line, p.end_line, n)
        covered.update(range(p.start_line, p.end_line + 1))
        if language in CODE_LANGUAGES and p.start_line != p.end_line:
            assert p.content == "".join(lines[p.start_line - 1 : p.end_line])
    starts = [p.start_line for p in pieces]
    assert starts == sorted(starts)
    if language == "jupyter":  # its cells' sources are chunks, its outputs and JSON never
        return
    first = front_matter_end(lines) if language == "markdown" else 0
    if language in RoffChunker.languages and sections(lines)[0]:  # a man page's licence
        first = sections(lines)[1]  # comments above its title line are left out
    for number, line in enumerate(lines[first:], first + 1):
        if line.strip() and language not in ("html", "xml"):  # markup drops scripts/comments
            assert number in covered, (number, line)


mutation = st.tuples(st.sampled_from(["delete", "duplicate", "insert", "truncate", "swap"]),
                     st.floats(0, 1), st.floats(0, 1), st.sampled_from(FRAGMENTS))


def mutate(text: str, steps: list[tuple[str, float, float, str]]) -> str:
    lines = split_lines(text)
    for op, a, b, fragment in steps:
        if not lines:
            lines = [fragment]
        i, j = int(a * (len(lines) - 1)), int(b * (len(lines) - 1))
        if op == "delete":
            del lines[i]
        elif op == "duplicate":
            lines.insert(j, lines[i])
        elif op == "insert":
            lines.insert(i, fragment + ("\n" if b > 0.3 else ""))
        elif op == "truncate":
            joined = "".join(lines)
            lines = split_lines(joined[: int(a * len(joined))])
        else:
            lines[i], lines[j] = lines[j], lines[i]
    return "".join(lines)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(language=st.sampled_from(LANGUAGES), steps=st.lists(mutation, max_size=8))
def test_mutated_real_sources_keep_every_invariant(language, steps):
    check(language, mutate(SAMPLES[language], steps))


@settings(max_examples=200, deadline=None)
@given(language=st.sampled_from(LANGUAGES),
       text=st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=20)),
                     max_size=60).map("".join))
def test_generated_sources_keep_every_invariant(language, text):
    check(language, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_blank_lines_alone_are_no_piece(language):
    """HTML's chunker kept `\r\n` as a one-piece page of nothing (found by the property test
    above under another seed)."""
    for text in ("\r\n", "\n\n", " \t\n  \r\n"):
        check(language, text)
        assert chunker_for(language).chunk(text) == [], (language, text)


@pytest.mark.parametrize("language", ["c", "python", "json"])
def test_a_short_piece_is_not_glued_to_a_window_of_a_long_line(language):
    """A line too long to keep whole is cut in windows: a short piece beside it (`{`) was joined
    to its first window, so the piece said it spanned two lines it held only part of (found by
    the property test above under another seed)."""
    text = "{\n" + "a" * 1000
    check(language, text)
    assert all(p.content.strip() != "{\n" + "a" * 500 for p in chunker_for(language).chunk(text))


@settings(max_examples=50, deadline=None)
@given(language=st.sampled_from(LANGUAGES), steps=st.lists(mutation, max_size=4))
def test_chunk_ids_and_hashes_are_deterministic(language, steps):
    text = mutate(SAMPLES[language], steps)
    file = SourceFile("p", Path("/nonexistent"), f"src/file.{language}", len(text), 0)
    c = Classification(Kind.SOURCE, language, Role.PRIMARY, Policy.PARSE_AND_INDEX, ("test",))
    try:
        first, second = (chunk_file(file, c, text, "hash", Settings().embed_plan)
                         for _ in range(2))
    except FileProblem:
        assert language == "jupyter"  # a mutated notebook that is no longer JSON: it fails
        return
    assert [(ch.point_id, ch.text_hash) for ch in first.chunks] == [
        (ch.point_id, ch.text_hash) for ch in second.chunks]
    assert [ch.chunk_index for ch in first.chunks] == list(range(len(first.chunks)))


def test_high_plane_code_points_do_not_crash_a_grammar():
    """tree-sitter-bash segfaulted on "{" + U+DA593 (found by the generated-sources test)."""
    for language in LANGUAGES:
        for text in ("{\U000da593", "x = '{\U0010ffff'\n", "echo ${\U000e0000}\n"):
            check(language, text)
