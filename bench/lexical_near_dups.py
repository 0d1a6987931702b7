"""How many chunks and tokens a lexical near-duplicate rule would spare the model, on a real tree.

    python bench/lexical_near_dups.py TREE [--shingle 5] [--examples 2]

Walks, classifies and chunks TREE exactly as `repokb index` does (bench/lexical_only.py's
`chunks_of`: pipeline.discover, Classifier, chunk_file, default settings), keeps each distinct
text once (by `Chunk.text_hash`, as the pipeline embeds it), tokenizes every text with the
embedder's own tokenizer and cuts it at its token limit (what the model reads). Then, for each
rule, a chunk whose key equals an earlier chunk's (or, for MinHash, whose shingle set is at
least that similar to an earlier representative's) would share that chunk's vector instead of
being embedded. Printed: the chunks and tokens spared, by kind (tests, docs, source,
migrations, other), as a Markdown table, and a few example pairs per rule.

Rules, from lossless to lossy:
- `cut`: the same token ids after the cut (the same vector, exactly: nothing lost);
- `content`: the same text after the cut once the enrichment prefix (path, symbol) is removed
  (a copy of the same code or prose at another path or under another name);
- `literals`: `content` with numbers, the insides of string literals and runs of whitespace
  made equal (the same test with one literal changed);
- `shape`: `literals` with every identifier made equal too (only the structure left: an upper
  bound, too lossy to use);
- `minhash>=J`: Jaccard similarity of the sets of `--shingle`-grams of token ids (prefix
  included; `--bare`: left out) at least J against an earlier representative (128 hashes, LSH
  candidates, the exact Jaccard checked; greedy: each chunk joins the most similar
  representative or becomes one).
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from repokb.embedders import create, load_builtins
from repokb.models import Chunk
from repokb.settings import Settings

sys.path.insert(0, str(Path(__file__).parent))
from lexical_only import chunks_of  # noqa: E402

_NUMBER = re.compile(r"\b\d+(?:\.\d+)?\b")
_STRING = re.compile(r"(\"|')(?:\\.|(?!\1)[^\\\n])*\1")
_SPACE = re.compile(r"\s+")
_IDENTIFIER = re.compile(r"\b[A-Za-z_]\w*\b")
_HASHES, _BANDS = 128, 32  # 32 bands of 4 rows: a pair at Jaccard 0.7 shares a band 99.9%
_PRIME = (1 << 61) - 1


def group(chunk: Chunk) -> str:
    return {"test": "tests", "test_fixture": "tests", "documentation": "docs",
            "source": "source", "schema": "migrations"}.get(chunk.kind, "other")


def cut_texts(model: object, chunks: list[Chunk]) -> tuple[list[list[int]], list[str]]:
    """Per chunk: the token ids the model reads, and the text they cover (prefix included)."""
    tokenizer = model._tokenizer  # type: ignore[attr-defined]  # the embedder's own
    ids, texts = [], []
    for start in range(0, len(chunks), 256):
        batch = chunks[start:start + 256]
        for c, e in zip(batch, tokenizer.encode_batch([c.embed_text for c in batch]),
                        strict=True):
            limit = max(2, min(c.token_limit, 512))
            row = e.ids if len(e.ids) <= limit else [*e.ids[: limit - 1], e.ids[-1]]
            ids.append(row)
            ends = [end for (_, end), i in zip(e.offsets, e.ids, strict=True) if end][: limit - 2]
            texts.append(c.embed_text[: ends[-1]] if ends else "")
    return ids, texts


def without_prefix(chunk: Chunk, cut: str) -> str:
    return cut[len(chunk.embed_text) - len(chunk.content):]


def normal_literals(text: str) -> str:
    return _SPACE.sub(" ", _NUMBER.sub("0", _STRING.sub(r"\1\1", text))).strip()


def normal_shape(text: str) -> str:
    return _IDENTIFIER.sub("x", normal_literals(text))


def by_key(keys: list[str]) -> list[int]:
    """Each chunk's representative: the first chunk with its key."""
    first: dict[str, int] = {}
    return [first.setdefault(k, i) for i, k in enumerate(keys)]


def shingles(ids: list[int], k: int) -> np.ndarray:
    body = np.asarray(ids[1:-1], dtype=np.uint64)  # no [CLS]/[SEP]
    if len(body) < k:
        return np.unique(body * np.uint64(1_000_003) + np.uint64(len(body)))
    grams = np.zeros(len(body) - k + 1, dtype=np.uint64)
    for j in range(k):
        grams = grams * np.uint64(31_337) + body[j: len(body) - k + 1 + j]
    return np.unique(grams)


def minhash_reps(sets: list[np.ndarray], thresholds: list[float]) -> dict[float, list[int]]:
    """Greedy leader clustering per threshold: each chunk, in order, joins the earlier
    representative with the highest exact Jaccard among its LSH candidates, if at least the
    threshold; otherwise it becomes a representative."""
    rng = np.random.default_rng(19)
    a = rng.integers(1, _PRIME, _HASHES, dtype=np.uint64)
    b = rng.integers(0, _PRIME, _HASHES, dtype=np.uint64)
    rows = _HASHES // _BANDS
    bands: list[list[bytes]] = []
    for s in sets:
        x = (s % np.uint64(_PRIME))[:, None]
        sig = ((x * a + b) % np.uint64(_PRIME)).min(axis=0) if len(s) else np.zeros(_HASHES,
                                                                                    np.uint64)
        bands.append([sig[j * rows:(j + 1) * rows].tobytes() for j in range(_BANDS)])
    py_sets = [frozenset(s.tolist()) for s in sets]
    out = {}
    for t in thresholds:
        reps: list[int] = []
        buckets: list[dict[bytes, list[int]]] = [defaultdict(list) for _ in range(_BANDS)]
        for i, keys in enumerate(bands):
            hits: dict[int, int] = defaultdict(int)
            for j, key in enumerate(keys):
                for r in buckets[j].get(key, ()):
                    hits[r] += 1
            best, best_j = i, t
            for r in sorted(hits, key=lambda r: -hits[r])[:40]:
                inter = len(py_sets[i] & py_sets[r])
                jac = inter / max(1, len(py_sets[i] | py_sets[r]))
                if jac >= best_j:
                    best, best_j = r, jac
            reps.append(best)
            if best == i:
                for j, key in enumerate(keys):
                    buckets[j][key].append(i)
        out[t] = reps
    return out


def report(name: str, reps: list[int], chunks: list[Chunk], tokens: list[int],
           totals: dict[str, list[int]]) -> dict[str, tuple[int, int]]:
    spared: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for i, r in enumerate(reps):
        if r != i:
            g = spared[group(chunks[i])]
            g[0] += 1
            g[1] += tokens[i]
    all_chunks = sum(v[0] for v in spared.values())
    all_tokens = sum(v[1] for v in spared.values())
    total_tokens = sum(v[1] for v in totals.values())
    cells = []
    for g in ("tests", "docs", "source", "migrations", "other"):
        n, tok = spared.get(g, [0, 0])
        cells.append(f"{n:,} / {tok:,} ({tok / max(1, totals[g][1]):.1%})")
    print(f"| {name} | {all_chunks:,} | {all_tokens:,} ({all_tokens / total_tokens:.1%}) | "
          + " | ".join(cells) + " |")
    return {g: (v[0], v[1]) for g, v in spared.items()}


def distinct_chunks(tree: Path) -> tuple[list[Chunk], Any]:
    """TREE's chunks as `repokb index` cuts them (default settings), each distinct text once
    (by `text_hash`, as the pipeline embeds), and the embedder whose tokenizer counts them."""
    settings = Settings.load()
    seen: set[str] = set()
    chunks = [c for c in chunks_of(tree.resolve(), settings)
              if c.text_hash not in seen and not seen.add(c.text_hash)]  # type: ignore[func-returns-value]
    load_builtins()
    return chunks, create(settings.embedder, max_tokens=settings.max_tokens,
                          cache_dir=settings.home / "models", int8=settings.embed_int8)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", type=Path)
    parser.add_argument("--shingle", type=int, default=5)
    parser.add_argument("--examples", type=int, default=2)
    parser.add_argument("--thresholds", default="0.95,0.9,0.8,0.7")
    parser.add_argument("--bare", action="store_true",
                        help="MinHash over the text without its enrichment prefix.")
    args = parser.parse_args()
    chunks, model = distinct_chunks(args.tree)
    ids, cuts = cut_texts(model, chunks)
    tokens = [len(r) for r in ids]
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for c, n in zip(chunks, tokens, strict=True):
        totals[group(c)][0] += 1
        totals[group(c)][1] += n
    print(f"{args.tree}: {len(chunks):,} distinct texts, {sum(tokens):,} tokens to embed; "
          + ", ".join(f"{g} {v[0]:,} / {v[1]:,}" for g, v in sorted(totals.items())) + "\n")
    print("| rule | chunks spared | tokens spared | tests | docs | source | migrations | other |"
          "\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    bare = [without_prefix(c, t) for c, t in zip(chunks, cuts, strict=True)]
    digest: Callable[[str], str] = lambda s: hashlib.sha1(s.encode()).hexdigest()  # noqa: E731
    rules = {
        "cut": by_key([digest(",".join(map(str, r))) for r in ids]),
        "content": by_key([digest(s) for s in bare]),
        "literals": by_key([digest(normal_literals(s)) for s in bare]),
        "shape": by_key([digest(normal_shape(s)) for s in bare]),
    }
    thresholds = [float(t) for t in args.thresholds.split(",")]
    if args.bare:
        tokenizer = model._tokenizer  # type: ignore[attr-defined]
        ids = [e.ids for k in range(0, len(bare), 256)
               for e in tokenizer.encode_batch(bare[k:k + 256])]
    sets = [shingles(r, args.shingle) for r in ids]
    for t, reps in minhash_reps(sets, thresholds).items():
        rules[f"minhash>={t}"] = reps
    for name, reps in rules.items():
        report(name, reps, chunks, tokens, totals)
    for name, reps in rules.items():
        pairs = [(i, r) for i, r in enumerate(reps) if r != i]
        step = max(1, len(pairs) // max(1, args.examples))
        for i, r in pairs[::step][: args.examples]:
            print(f"\n[{name}] {chunks[i].path}:{chunks[i].start_line} ~ "
                  f"{chunks[r].path}:{chunks[r].start_line}")
            for c in (chunks[i], chunks[r]):
                print("    " + "\n    ".join(c.embed_text.splitlines()[:4]))
                print("    ---")


if __name__ == "__main__":
    main()
