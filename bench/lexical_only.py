"""What each lexical-only rule keeps from the model on a real tree: chunks and tokens.

    python bench/lexical_only.py TREE [--examples 3]

Walks, classifies and chunks TREE exactly as `repokb index` does (pipeline.discover,
Classifier, chunk_file; default settings), then applies every rule of
`repokb.pipeline.lexical_only` to every admitted chunk and counts the chunks and the tokens the
model would have read for them (MiniLM tokenizer, each chunk cut at its token limit). Prints a
Markdown table and a few examples per rule, for bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from repokb.embedders import create, load_builtins
from repokb.models import Chunk
from repokb.pipeline.chunk import FileProblem, chunk_file, read_text
from repokb.pipeline.classify import Classifier, Limits
from repokb.pipeline.lexical_only import RULES
from repokb.roots import resolve_roots
from repokb.settings import Settings


def chunks_of(tree: Path, settings: Settings) -> list[Chunk]:
    (root,) = resolve_roots([tree], None)
    s = settings
    classifier = Classifier.for_root(root.root, Limits(s.head_bytes, s.max_file_bytes,
                                                       s.skip_file_bytes, s.max_tabular_bytes))
    out: list[Chunk] = []
    for item, c in classifier.files(root):
        try:
            text, content_hash = read_text(item, s.max_file_bytes)
        except FileProblem:
            continue
        out += chunk_file(item, c, text, content_hash, s.embed_plan, s.min_chunk_chars,
                          s.max_chunks_per_file).chunks
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", type=Path)
    parser.add_argument("--examples", type=int, default=3)
    args = parser.parse_args()
    settings = Settings.load()
    chunks = chunks_of(args.tree.resolve(), settings)
    load_builtins()
    model = create(settings.embedder, max_tokens=settings.max_tokens,
                   cache_dir=settings.home / "models", int8=settings.embed_int8)
    tokens = [model.count_tokens([c.embed_text], [c.token_limit]) for c in chunks]
    total = sum(tokens)
    print(f"{args.tree}: {len(chunks)} chunks, {total} tokens to embed\n")
    print("| rule | chunks | share | tokens | share | by kind |\n|---|---|---|---|---|---|")
    examples: dict[str, list[Chunk]] = {}
    for name, rule in RULES.items():
        hit = [(c, n) for c, n in zip(chunks, tokens, strict=True) if rule(c)]
        kinds = Counter(c.kind for c, _ in hit)
        n_tokens = sum(n for _, n in hit)
        print(f"| {name} | {len(hit)} | {len(hit) / max(1, len(chunks)):.1%} | {n_tokens} | "
              f"{n_tokens / max(1, total):.1%} | {dict(kinds.most_common(4))} |")
        examples[name] = [c for c, _ in hit[: args.examples]]
    for name, found in examples.items():
        for c in found:
            head = "\n    ".join(c.content.splitlines()[:6])
            print(f"\n[{name}] {c.path}:{c.start_line}-{c.end_line}\n    {head}")


if __name__ == "__main__":
    main()
