"""A parse has a CPU budget that grows with the file (models.ParseBudget): a file a grammar is
slow on (tree-sitter-powershell 0.26 took 33 s on 160 KB of unclosed `<#` comments; the C and
JavaScript grammars are as slow on unclosed `/*`) stops at it, is cut into fixed windows, and
says why. Asserted on the reason, never on wall time."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from repokb.chunkers import chunker_for, fixed_windows
from repokb.chunkers.base import OverBudget, parse_budget
from repokb.models import EmbedPlan, ParseBudget, SourceFile
from repokb.pipeline.chunk import chunk_file
from repokb.pipeline.run import tally_chunked

from ..conftest import classify_file

# Each of these takes a few tenths of a second to parse (quadratic in its lines), far past the
# tight budget below (10 ms + 0.1 ms/KB), which any small real file parses well inside.
HOSTILE = {
    "evil.ps1": "".join(f"<# x{i}\n" for i in range(4000)),
    "evil.js": "".join(f"/* x{i}\n" for i in range(4000)),
    "evil.c": "".join(f"/* x{i}\n" for i in range(4000)),
}
TIGHT = ParseBudget(seconds=0.01, ms_per_kb=0.1)
PLAN = EmbedPlan(model="fake", code=192, prose=256)
NORMAL_PS1 = ("<#\n.SYNOPSIS\nGets the orders of a customer from the shop's API.\n#>\n"
              "function Get-ShopOrder {\n    param([int]$CustomerId)\n"
              '    Invoke-RestMethod "https://shop.example.com/customers/$CustomerId/orders"\n}\n')


def _chunk(tmp_path: Path, name: str, text: str, budget: ParseBudget | None):
    c = classify_file(tmp_path, name, text)
    file = SourceFile("p", tmp_path, name, len(text), 0)
    return chunk_file(file, c, text, "hash", PLAN, budget=budget)


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_file_its_grammar_is_slow_on_is_cut_into_windows_and_says_why(tmp_path, name):
    text = HOSTILE[name]
    chunked = _chunk(tmp_path, name, text, TIGHT)
    assert chunked.over_budget.startswith("parse stopped at its budget"), chunked.over_budget
    assert chunked.over_budget in chunked.note  # the reason recorded with the file
    windows = [(p.start_line, p.end_line) for p in fixed_windows(text)]
    assert [(c.start_line, c.end_line) for c in chunked.chunks] == windows
    counts: Counter[str] = Counter()
    tally_chunked(counts, None, chunked)  # the run summary counts it
    assert counts["files_parse_over_budget"] == 1


def test_a_normal_file_is_cut_by_definitions_within_the_same_budget(tmp_path):
    chunked = _chunk(tmp_path, "shop.ps1", NORMAL_PS1, TIGHT)
    assert chunked.over_budget == ""
    assert [c.symbol for c in chunked.chunks] == ["Get-ShopOrder"]


def test_the_chunker_lets_the_stop_through_and_its_parser_parses_the_next_file_whole():
    chunker = chunker_for("powershell")
    assert chunker is not None
    before = chunker.chunk(NORMAL_PS1)
    with parse_budget(TIGHT), pytest.raises(OverBudget):
        chunker.chunk(HOSTILE["evil.ps1"])
    # the shared parser was reset: it does not resume the stopped parse on the next file
    assert chunker.chunk(NORMAL_PS1) == before
    assert [p.symbol for p in before] == ["Get-ShopOrder"]


def test_the_default_budget_grows_with_the_file():
    budget = ParseBudget()
    assert budget.for_bytes(0) == pytest.approx(1.0)
    assert budget.for_bytes(160 * 1024) == pytest.approx(1.8)


@pytest.mark.parametrize("unit", ["![", "[", "*_", "[a]("])
def test_hostile_markdown_is_cut_in_linear_time(unit):
    """markdown-it's inline pass (links, images, emphasis), which the Markdown chunker never
    used, took 10-15 ms of CPU per KB of unclosed `[` or `![`: 400 KB of `![` 5.9 s, 2 MB
    30 s. The chunker reads the block structure only: 0.01 s. CPU time of this thread, with
    a bound 20x what it takes now."""
    import time

    chunker = chunker_for("markdown")
    assert chunker is not None
    text = "# Notes on *the* [shop](https://x)\n\n" + unit * (400_000 // len(unit))
    started = time.thread_time()
    pieces = chunker.chunk(text)
    assert time.thread_time() - started < 0.5
    assert "".join(p.content for p in pieces).count(unit) >= 400_000 // len(unit)
    assert pieces[0].symbol == "Notes on *the* [shop](https://x)"  # the heading's own text


NORMAL_C = "/* Adds the cart's totals. */\nint add_totals(int a, int b) {\n    return a + b;\n}\n"


def test_the_budget_is_one_per_file_not_one_per_parse():
    """A file parsed again (C without its macros, PowerShell without bare lists) spends from
    the budget its first parse left: before, each parse had a whole budget of its own (a
    43 KB C file of slow comment lines and a ZEXPORT declaration: two parses of 1.05 s, each
    under its own 1.21 s, 2.15 s of CPU in all; now 1.27 s, the second parse stopped)."""
    from repokb.chunkers.base import parse

    class Counted:  # the C parser, counting the parses handed to it
        def __init__(self, parser) -> None:
            self.parser, self.parses = parser, 0

        def parse(self, *args, **kwargs):
            self.parses += 1
            return self.parser.parse(*args, **kwargs)

        def reset(self) -> None:
            self.parser.reset()

    parser = Counted(chunker_for("c")._load()[0])
    hostile = HOSTILE["evil.c"]
    parse(parser, NORMAL_C)  # alone, under any budget
    with parse_budget(TIGHT, len(hostile)) as allowance:
        with pytest.raises(OverBudget):
            parse(parser, hostile)
        assert allowance.left <= 0 and parser.parses == 2
        with pytest.raises(OverBudget):  # the file's budget is spent: not parsed at all
            parse(parser, hostile)
        assert parser.parses == 2  # (with a budget per parse, it was parsed to its own stop)
    assert allowance.stopped.startswith("parse stopped at its budget")
    assert parse(parser, NORMAL_C).root_node.has_error is False  # the parser was reset


def _notebook(*cells: str) -> str:
    import json

    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {
        "kernelspec": {"name": "javascript", "language": "javascript"},
        "language_info": {"name": "javascript"}}, "cells": [
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
         "source": source} for source in cells]}, indent=1)


def test_a_notebook_cell_over_the_budget_is_windows_and_the_others_keep_their_definitions(
        tmp_path):
    """Before: one cell over its budget failed the whole notebook (not indexed: 'parse
    stopped at its budget'), and thirty slow cells each under their own budget took 19.3 s
    of CPU (389 KB); now the slow cell is windows (3.2 s for the thirty: one budget)."""
    first = "function addTotals(cart) {\n  return cart.items.reduce((a, i) => a + i, 0);\n}\n"
    last = "function shipOrder(order) {\n  return order.lines.map((l) => l.sku);\n}\n"
    text = _notebook(first, HOSTILE["evil.js"], last)
    # a part of a file may spend its own size's allowance less half the fixed seconds: here
    # 0.1 s, left to the other cells (a callback's check may come a few ms late)
    chunked = _chunk(tmp_path, "shop.ipynb", text, ParseBudget(seconds=0.2, ms_per_kb=0.1))
    assert chunked.over_budget.startswith("parse stopped at its budget"), chunked.over_budget
    # the reason says what was cut: the cell, not the notebook (it said "cut into fixed
    # windows", as for a whole file)
    assert chunked.over_budget.endswith(
        "that part (a cell) cut into fixed windows, the others as usual"), chunked.over_budget
    assert [c.symbol for c in chunked.chunks if c.symbol] == ["addTotals", "shipOrder"]
    body = "".join(c.content for c in chunked.chunks)
    assert all(f"/* x{i}\n" in body for i in range(0, 4000, 97))  # the slow cell, in windows
