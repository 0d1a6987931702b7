"""The lexical-only rules: pure functions of a chunk's text (pipeline/lexical_only.py)."""

from __future__ import annotations

import pytest

from repokb.errors import ConfigError
from repokb.models import Chunk
from repokb.pipeline.lexical_only import data, rules, table
from repokb.pipeline.lexical_only import test as is_test_chunk


def chunk(content: str, kind: str = "documentation") -> Chunk:
    return Chunk("p", "a.md", 0, 1, content.count("\n") + 1, content, content, None, None,
                 kind, "markdown", "documentation", 0.5, "v")


PIPES = "| Variable | Default | Description |\n| --- | --- | --- |\n" + "".join(
    f"| `OPTION_{i}` | `{i}` | What option {i} turns on |\n" for i in range(8))
GRID = "+------+-----+\n| a    | b   |\n+======+=====+\n" + "| x    | 1   |\n+------+-----+\n" * 4
PROSE = ("How to deploy the service: build the image, push it, then roll it out with the "
         "rolling strategy so no request is dropped. ") * 4
NUMBERS = "\n".join(f"    {i * 7919 % 10007}, {i * 104729 % 65521}, 0x{i * 31:04x}," for i in
                    range(30))


def test_tables_are_recognised_and_prose_is_not():
    assert table(chunk(PIPES)) and table(chunk(GRID))
    assert not table(chunk(PROSE)) and not table(chunk(PIPES.splitlines()[0] + "\n" + PROSE))
    assert not table(chunk("| a | b |\n| 1 | 2 |\n"))  # a short table costs little


def test_data_is_digits_and_punctuation_not_code_or_prose():
    assert data(chunk(NUMBERS))
    assert not data(chunk(PROSE)) and not data(chunk("def total(order):\n    return sum("
                                                     "line.price for line in order.lines)\n" * 4))
    assert not data(chunk("1, 2, 3"))  # too short to matter


def test_rules_combine_and_name_their_reason():
    assert rules("") is None
    check = rules("table, data")
    assert check is not None
    assert check(chunk(PIPES)) == "table" and check(chunk(NUMBERS)) == "data"
    assert check(chunk(PROSE)) is None
    with pytest.raises(ConfigError, match="tables"):
        rules("tables")


def test_test_rule_keeps_test_code_lexical_and_embeds_source_and_docs():
    body = "def test_total():\n    assert total(order) == 3\n"
    assert is_test_chunk(chunk(body, "test"))
    assert not is_test_chunk(chunk(body, "source")) and not is_test_chunk(chunk(PROSE))
    check = rules("test")
    assert check is not None and check(chunk(body, "test")) == "test"
