"""Calibrate the near-duplicate threshold for the default embedding model on a real tree.

    python bench/near_duplicates.py TREE [--pairs 300]

Chunks are sampled from TREE (chunked as the pipeline does). For each sampled chunk:
- a true near duplicate: the chunk copied to another path (a vendored or forked copy) with one
  small edit: nothing, an identifier renamed, a literal changed, a line dropped, a comment
  added, or the indentation changed;
- a hard negative: the next chunk of the same file (same vocabulary, different content);
- an unrelated chunk: a random chunk of another file.
All texts are embedded exactly as indexed (with their enrichment prefix). The script prints the
cosine distributions and the threshold that keeps false positives on hard negatives at or
below 2%, with the recall it gets on true near duplicates.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from pathlib import Path

import numpy as np

from repokb.models import Chunk, ChunkPiece, Classification, Kind, Policy, Role, SourceFile
from repokb.pipeline.chunk import chunk_file
from repokb.pipeline.enrich import prefix

sys.path.insert(0, str(Path(__file__).parent))
from chunking import PLAN, files_by_language  # noqa: E402

_IDENTIFIER = re.compile(r"\b[a-z_][a-z0-9_]{3,}\b")
_NUMBER = re.compile(r"\b\d+\b")


def mutate(text: str, rng: random.Random) -> tuple[str, str]:
    lines = text.splitlines(keepends=True)
    kind = rng.choice(["copy", "rename", "literal", "drop_line", "comment", "reindent"])
    if kind == "rename" and (names := sorted(set(_IDENTIFIER.findall(text)))):
        name = rng.choice(names)
        return kind, re.sub(rf"\b{re.escape(name)}\b", name + "_v2", text)
    if kind == "literal" and _NUMBER.search(text):
        return kind, _NUMBER.sub(lambda m: str(int(m.group(0)) + 7), text, count=1)
    if kind == "drop_line" and len(lines) > 3:
        del lines[rng.randrange(1, len(lines))]
        return kind, "".join(lines)
    if kind == "comment":
        lines.insert(min(1, len(lines)), "# copied from upstream, keep in sync\n")
        return kind, "".join(lines)
    if kind == "reindent":
        return kind, "".join("  " + ln if ln.strip() else ln for ln in lines)
    return "copy", text


def embed_text(path: str, chunk: Chunk, content: str) -> str:
    piece = ChunkPiece(content, chunk.start_line, chunk.end_line, chunk.symbol,
                       chunk.symbol_type)
    return prefix(path, piece) + content


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", type=Path)
    parser.add_argument("--pairs", type=int, default=300)
    args = parser.parse_args()
    rng = random.Random(11)
    corpus = files_by_language(args.tree.resolve(), 500_000)
    by_file: list[list[Chunk]] = []
    for language, files in corpus.items():
        c = Classification(Kind.SOURCE, language, Role.PRIMARY, Policy.PARSE_AND_INDEX, ("x",))
        for rel, text in rng.sample(files, min(len(files), 150)):
            chunks = [ch for ch in chunk_file(SourceFile("b", args.tree, rel, 0, 0), c, text,
                                              "", PLAN).chunks if len(ch.content) >= 150]
            if len(chunks) >= 2:
                by_file.append(chunks)
    picks = []
    for _ in range(args.pairs):
        chunks = rng.choice(by_file)
        i = rng.randrange(len(chunks) - 1)
        # The next chunk that neither overlaps this one nor repeats its text.
        after = [ch for ch in chunks[i + 1:] if ch.start_line > chunks[i].end_line
                 and " ".join(ch.content.split()) != " ".join(chunks[i].content.split())]
        if not after:
            continue
        other = rng.choice([f for f in by_file if f is not chunks])
        picks.append((chunks[i], after[0], rng.choice(other)))

    from repokb.embedders import create, load_builtins

    load_builtins()
    embedder = create("minilm-onnx")
    texts, kinds = [], []
    for chunk, neighbour, unrelated in picks:
        kind, content = mutate(chunk.content, rng)
        copy_path = "third_party/fork/" + chunk.path.rsplit("/", 1)[-1]
        texts += [chunk.embed_text, embed_text(copy_path, chunk, content),
                  neighbour.embed_text, unrelated.embed_text]
        kinds.append(kind)
    vectors = np.asarray(embedder.embed_documents(texts), dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    v = vectors.reshape(len(picks), 4, -1)
    near = np.einsum("ij,ij->i", v[:, 0], v[:, 1])
    hard = np.einsum("ij,ij->i", v[:, 0], v[:, 2])
    unrelated = np.einsum("ij,ij->i", v[:, 0], v[:, 3])

    def describe(name: str, values: np.ndarray) -> str:
        q = np.percentile(values, [0, 1, 5, 50, 95, 99, 100])
        return (f"| {name} | {len(values)} | " + " | ".join(f"{x:.3f}" for x in q) + " |")

    print(f"\n#### near-duplicate calibration on {args.tree.name} (all-MiniLM-L6-v2)\n")
    print("| pairs | n | min | p1 | p5 | p50 | p95 | p99 | max |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    print(describe("near duplicates (copy + one edit)", near))
    for kind in sorted(set(kinds)):
        print(describe(f"  ... {kind}", near[np.array(kinds) == kind]))
    print(describe("hard negatives (next chunk, same file)", hard))
    print(describe("unrelated (random other file)", unrelated))
    negatives = np.concatenate([hard, unrelated])
    candidates = np.round(np.arange(0.80, 0.995, 0.005), 3)
    chosen = next((t for t in candidates if (hard >= t).mean() <= 0.02), candidates[-1])
    print(f"\nlowest threshold with at most 2% false positives on hard negatives: {chosen:.3f} "
          f"(recall on near duplicates {(near >= chosen).mean():.1%}, false positives "
          f"{(hard >= chosen).mean():.1%} of hard negatives, "
          f"{(negatives >= chosen).mean():.1%} of all negatives)\n")
    print("| threshold | recall (near duplicates) | false positives (hard negatives) |")
    print("| ---: | ---: | ---: |")
    for t in (0.80, 0.85, 0.88, 0.90, 0.92, 0.94, 0.95, 0.96, 0.97):
        print(f"| {t:.2f} | {(near >= t).mean():.1%} | {(hard >= t).mean():.1%} |")


if __name__ == "__main__":
    main()
