"""tree-sitter-yaml 0.7 writes its indentation stack past tree-sitter's 1,024-byte state buffer
at ~253 levels and the process dies (a 33 KB YAML of 256 keys, each one column deeper, made
`repokb index` exit with a segfault). Such a text is cut into windows without being parsed;
YAML nested as real files are is still cut by its keys."""

from __future__ import annotations

import subprocess
import sys

import pytest

from repokb.chunkers import chunker_for
from repokb.chunkers.yamldepth import MAX_DEPTH, too_deep

HOSTILE = {
    "keys": "".join(" " * i + "k:\n" for i in range(256)),
    "dashes on one line": "- " * 260 + "x\n",
    "complex keys": "? " * 300 + "x\n",
    "sequences": "".join("  " * i + "-\n" for i in range(260)),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_yaml_nested_past_what_the_grammar_survives_is_cut_into_windows(name):
    # in a child process: before the guard it died (segfault), which would take pytest with it
    code = ("import sys\nfrom repokb.chunkers import chunker_for\n"
            "pieces = chunker_for('yaml').chunk(sys.stdin.read())\n"
            "print(sorted({p.symbol_type for p in pieces}))\n")
    done = subprocess.run([sys.executable, "-c", code], input=HOSTILE[name], text=True,
                          capture_output=True, timeout=120)
    assert done.returncode == 0, (done.returncode, done.stderr[-500:])
    assert done.stdout.strip() == "['window']"


def test_yaml_nested_as_real_files_are_is_still_cut_by_its_keys():
    text = "".join("  " * i + f"level{i}:\n" for i in range(40)) + "  " * 40 + "leaf: 1\n"
    assert not too_deep(text)
    chunker = chunker_for("yaml")
    assert chunker is not None
    pieces = chunker.chunk(text)
    assert pieces[0].symbol_type == "key"
    assert pieces[0].symbol is not None and pieces[0].symbol.startswith("level0")


def test_the_depth_counts_indentation_and_block_openers():
    assert not too_deep("".join(" " * i + "k:\n" for i in range(MAX_DEPTH)))
    assert too_deep("".join(" " * i + "k:\n" for i in range(MAX_DEPTH + 1)))
    assert too_deep("- " * (MAX_DEPTH + 1) + "x\n")
    # dedenting pops: many levels in turn, never deep at once
    assert not too_deep(("a:\n  b:\n    c: 1\n") * 500)
