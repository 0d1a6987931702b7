"""Golden files: one realistic input per format and the chunks it must produce.

Refresh after an intended change with
`REPOKB_REFRESH_GOLDEN=1 pytest tests/unit/test_golden_chunkers.py` and review the diff of
tests/golden/chunkers/expected/ like any other code change.
"""

from __future__ import annotations

import json
import os
from fnmatch import fnmatch
from pathlib import Path, PurePosixPath

import pytest

from repokb.chunkers import chunker_for
from repokb.chunkers.base import PathAware
from repokb.rules.facts import linguist_language
from repokb.rules.tables import (
    EXTRA_LANGUAGE_BY_EXTENSION,
    LANGUAGE_BY_EXTENSION,
    LANGUAGE_BY_NAME_GLOB,
)

GOLDEN = Path(__file__).parent.parent / "golden" / "chunkers"
INPUTS = sorted((GOLDEN / "inputs").iterdir())
REFRESH = os.environ.get("REPOKB_REFRESH_GOLDEN") == "1"


def language_of(path: Path) -> str:
    suffix = PurePosixPath(path.name).suffix.lower()
    by_name = (language for glob, language in LANGUAGE_BY_NAME_GLOB.items()
               if fnmatch(path.name.lower(), glob))  # `sample.mk`, `sample.dockerfile`
    language = (LANGUAGE_BY_EXTENSION.get(suffix) or EXTRA_LANGUAGE_BY_EXTENSION.get(suffix)
                or next(by_name, None) or linguist_language(path.name, suffix))  # `.el`
    assert language is not None, f"no language for {path.name}"
    return language


def describe(path: Path) -> list[dict[str, object]]:
    language = language_of(path)
    chunker = chunker_for(language)
    assert chunker is not None, f"no chunker registered for {path.name}"
    text = path.read_text(encoding="utf-8")
    # cut as the pipeline cuts it: a chunker whose names come from the file's path (`Button.vue`
    # defines Button.handleClick, OCaml's `sample.ml` is the module Sample) gets the input's name
    pieces = (chunker.chunk_path(text, path.name) if isinstance(chunker, PathAware) else
              chunker.chunk(text))
    return [{"lines": [p.start_line, p.end_line], "symbol": p.symbol,
             "symbol_type": p.symbol_type,
             "starts_with": next(ln.strip() for ln in p.content.splitlines() if ln.strip())[:60]}
            | ({"also": [list(name) for name in p.also]} if p.also else {})
            for p in pieces]


@pytest.mark.parametrize("path", INPUTS, ids=[p.name for p in INPUTS])
def test_chunks_match_the_golden_file(path: Path) -> None:
    expected_path = GOLDEN / "expected" / f"{path.name}.json"
    actual = describe(path)
    if REFRESH:
        rows = ",\n".join(f"  {json.dumps(row, ensure_ascii=False)}" for row in actual)
        expected_path.write_text(f"[\n{rows}\n]\n", encoding="utf-8")  # one chunk per line
    assert expected_path.exists(), "no golden file: run with REPOKB_REFRESH_GOLDEN=1"
    assert actual == json.loads(expected_path.read_text(encoding="utf-8"))


def test_every_indexable_format_has_a_golden_input() -> None:
    covered = {language_of(p) for p in INPUTS}
    assert covered >= {
        "python", "typescript", "tsx", "javascript", "go", "rust", "java", "c", "cpp", "csharp",
        "ruby", "php", "kotlin", "shell", "sql", "hcl", "markdown", "rst", "json", "yaml",
        "toml", "ini", "html", "xml", "css", "scss", "less", "latex", "jupyter", "cython",
        "swift", "objc", "lua", "perl", "pod", "elixir", "erlang",
        "scala", "haskell", "ocaml", "ocaml_interface", "literate_haskell", "julia", "powershell",
        "dart", "groovy", "fortran", "make", "dockerfile", "cmake", "protobuf", "graphql",
        "vue", "svelte", "solidity"}
