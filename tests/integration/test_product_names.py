"""A product's name in a question is a word, not a code name, through `repokb search --json`.

maturin 1.16.0: "PyPI" (like "GitHub", "macOS", "OAuth") has a capital inside, so it was read
as a `camelCase` name: the lexical query became `... PyPI def PyPI function PyPI class PyPI
struct PyPI PyPI(`, whose tokens are `pypi`, `py` and `pi` six times each and `def`, `function`,
`class`: every short definition saying `py` (`def py_tag`, a `PyFile`) rose. A product's name is
one word of the question now (`pypi`), unless the project defines a name so spelled (hatch's
`Platform.macos`: then it is the name it was).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..conftest import invoke, write

pytestmark = pytest.mark.integration

_TAGS = ["version", "abi", "platform", "implementation", "interpreter", "wheel", "sdist",
         "source", "binary", "limited_api", "debug", "free_threaded", "manylinux", "musllinux",
         "macos", "windows", "ios", "android", "emscripten", "wasi"]


def _project(root: Path) -> Path:
    helpers = "".join(f'''

def py_{tag}_tag(py):
    """The py {tag.replace("_", " ")} tag of a build."""
    return f"py{{py}}-{tag}"
''' for tag in _TAGS)
    write(root, "builder/py_tags.py", f'"""Tags."""\n{helpers}')
    write(root, "builder/names.py", '''
"""Checks of a project's name."""


def check_new_name(name, index):
    """Check that a new package name is free on the package index before its first upload:
    refuse a name taken, or one that differs from a taken one only in case or separators."""
    normal = name.lower().replace("_", "-").replace(".", "-")
    if normal in index.names():
        raise ValueError(f"{name} is already taken")
    return normal
''')
    return root


def _found_by_bm25(hits: list[dict]) -> list[str]:
    return [h["symbol"] for h in hits if h["provenance"]["lexical_rank"] is not None]


def test_a_product_name_is_a_word_of_the_question(home, tmp_path):
    root = _project(tmp_path / "builder")
    invoke("index", str(root), "--json")
    hits = json.loads(invoke("search", "how is a new package name checked against PyPI",
                             "--json", "--explain", "--limit", "10"))
    assert hits[0]["symbol"] == "check_new_name", [h["symbol"] for h in hits]
    # the tag helpers say `py`, not a word of the question: BM25 finds none of them (before:
    # 2nd, 3rd, 5th ... for `py` six times and `def` in the lexical query)
    assert _found_by_bm25(hits) == ["check_new_name"], _found_by_bm25(hits)


def test_a_product_name_the_project_defines_is_a_name(home, tmp_path):
    """hatch 1.13.0 defines `Platform.macos`: "running on macOS" names it there, and its
    definition is looked up and boosted as before (`macos()` here)."""
    root = _project(tmp_path / "builder")
    write(root, "builder/platform.py", '''
"""The platform a build runs on."""
import sys


def macos():
    """Indicates whether the build is running on macOS."""
    return sys.platform == "darwin"
''')
    invoke("index", str(root), "--json")
    hits = json.loads(invoke("search", "whether the build is running on macOS", "--json",
                             "--explain", "--limit", "5"))
    assert hits[0]["symbol"] == "macos", [h["symbol"] for h in hits]
    assert "exact_symbol" in hits[0]["provenance"]["factors"], hits[0]["provenance"]
