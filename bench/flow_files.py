"""Flow-typed JavaScript on real trees: how many files each grammar parses, and the symbols the
javascript chunker names.

    PYTHONPATH=src python bench/flow_files.py TREE...

A Flow file is a `.js`/`.jsx`/`.mjs` file with `@flow` in its header comments, or a `.js.flow`
file (chunkers/flowtypes.is_flow). For each tree: files whose tree has no error node with
tree-sitter-javascript, with TypeScript's TSX grammar as it is, and with the TSX grammar after
flowtypes.flow_tree's rewrites; then, as the chunker cuts them, the files with a symbol, the
symbols (a piece's, and those of short definitions joined into it) and the pieces, with the
chunking CPU time. Prints Markdown rows for bench/RESULTS.md.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from repokb.chunkers import chunker_for
from repokb.chunkers.base import parse
from repokb.chunkers.code import TreeSitterChunker
from repokb.chunkers.flowtypes import flow_tree, is_flow

_SUFFIXES = (".js", ".jsx", ".mjs", ".js.flow")


def flow_files(tree: Path) -> Iterator[tuple[str, str]]:
    for dirpath, dirnames, filenames in os.walk(tree):
        dirnames[:] = sorted(d for d in dirnames if d != "node_modules")
        for name in sorted(filenames):
            if not name.endswith(_SUFFIXES):
                continue
            path = Path(dirpath) / name
            text = path.read_text("utf-8", errors="replace")
            rel = str(path.relative_to(tree))
            if is_flow(text, rel):
                yield rel, text


def parser_of(language: str) -> object:
    chunker = chunker_for(language)
    assert isinstance(chunker, TreeSitterChunker)
    engine = chunker._load()
    assert engine is not None, f"the {language} grammar is not installed"
    return engine[0]


def main() -> None:
    javascript, tsx = parser_of("javascript"), parser_of("tsx")
    chunker = chunker_for("javascript")
    assert isinstance(chunker, TreeSitterChunker)
    print("| tree | Flow files | clean: javascript | tsx | tsx + rewrites | files with a symbol"
          " | symbols | pieces | chunk CPU |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for arg in sys.argv[1:]:
        tree = Path(arg)
        files = list(flow_files(tree))
        clean = [0, 0, 0]
        named = symbols = pieces = 0
        cpu = 0.0
        for rel, text in files:
            clean[0] += not parse(javascript, text).root_node.has_error
            clean[1] += not parse(tsx, text).root_node.has_error
            clean[2] += not flow_tree(tsx, text)[1].root_node.has_error
            start = time.process_time()
            cut = chunker.chunk_path(text, rel)
            cpu += time.process_time() - start
            names = {p.symbol for p in cut if p.symbol} | {n for p in cut for n, _ in p.also}
            named += bool(names)
            symbols += len(names)
            pieces += len(cut)
        print(f"| {tree.name} | {len(files)} | {clean[0]} | {clean[1]} | {clean[2]} | {named} | "
              f"{symbols} | {pieces} | {cpu:.2f} s |")


if __name__ == "__main__":
    main()
