"""Chunking throughput per format on a real tree, against the embedder's throughput.

    python bench/chunking.py TREE [--embed-sample 256] [--max-bytes 2000000]

Every file whose extension names a language is read (UTF-8, at most --max-bytes) and chunked
exactly as the pipeline does it (chunker, drops, enrichment: `pipeline.chunk.chunk_file`).
Reading is not timed, chunking is. Then a sample of the chunks is embedded with the default
model to measure chunks/s for real, and the ratio chunking/embedding is printed: chunking must
not be the bottleneck (at least 10x faster). Prints Markdown for bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections import defaultdict
from pathlib import Path

from repokb.chunkers import chunker_for
from repokb.models import Classification, Kind, Policy, Role, SourceFile
from repokb.pipeline.chunk import FileProblem, chunk_file
from repokb.rules.tables import LANGUAGE_BY_EXTENSION, SKIP_DIRS, TABULAR_LANGUAGES
from repokb.settings import Settings

PLAN = Settings().embed_plan  # chunks as the default settings embed them


def files_by_language(tree: Path, max_bytes: int) -> dict[str, list[tuple[str, str]]]:
    found: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for dirpath, dirnames, filenames in os.walk(tree):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            language = LANGUAGE_BY_EXTENSION.get(Path(name).suffix.lower())
            if language is None or language in TABULAR_LANGUAGES:
                continue
            path = Path(dirpath) / name
            try:
                data = path.read_bytes()
                if len(data) > max_bytes or b"\x00" in data:
                    continue
                text = data.decode("utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            found[language].append((str(path.relative_to(tree)), text))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", type=Path)
    parser.add_argument("--embed-sample", type=int, default=256)
    parser.add_argument("--max-bytes", type=int, default=2_000_000)
    args = parser.parse_args()
    corpus = files_by_language(args.tree.resolve(), args.max_bytes)
    rows = []
    all_chunks = []
    total_files = total_bytes = total_chunks = 0
    total_seconds = 0.0
    for language, files in sorted(corpus.items(), key=lambda kv: -len(kv[1])):
        c = Classification(Kind.SOURCE, language, Role.PRIMARY, Policy.PARSE_AND_INDEX,
                           ("bench",))
        size = sum(len(text.encode("utf-8")) for _, text in files)
        started = time.perf_counter()
        chunks = 0
        for rel, text in files:
            item = SourceFile("bench", args.tree, rel, len(text), 0)
            try:
                chunked = chunk_file(item, c, text, "", PLAN)
            except FileProblem:  # a notebook that is not valid JSON
                continue
            chunks += len(chunked.chunks)
            all_chunks.extend(chunked.chunks)
        seconds = time.perf_counter() - started
        rows.append((language, len(files), size, chunks, seconds))
        total_files += len(files)
        total_bytes += size
        total_chunks += chunks
        total_seconds += seconds

    print(f"\n#### chunking {args.tree.name} ({os.cpu_count()} cores)\n")
    print("| format | chunker | files | MB | chunks | files/s | MB/s | chunks/s |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for language, files, size, chunks, seconds in rows:
        chunker = chunker_for(language)
        name = chunker.name if chunker else "fixed"
        s = max(seconds, 1e-9)
        print(f"| {language} | {name} | {files} | {size / 1e6:.2f} | {chunks} | "
              f"{files / s:,.0f} | {size / 1e6 / s:.2f} | {chunks / s:,.0f} |")
    s = max(total_seconds, 1e-9)
    chunk_rate = total_chunks / s
    print(f"| **all** | | {total_files} | {total_bytes / 1e6:.1f} | {total_chunks} | "
          f"{total_files / s:,.0f} | {total_bytes / 1e6 / s:.2f} | {chunk_rate:,.0f} |")

    if args.embed_sample and all_chunks:
        from repokb.embedders import create, load_builtins

        load_builtins()
        embedder = create("minilm-onnx")
        sample = random.Random(4).sample(all_chunks, min(args.embed_sample, len(all_chunks)))
        embedder.embed_documents([c.embed_text for c in sample[:8]])  # warm-up
        started = time.perf_counter()
        embedder.embed_documents([c.embed_text for c in sample])
        embed_rate = len(sample) / (time.perf_counter() - started)
        print(f"\nchunking {total_seconds:.1f} s for {total_chunks} chunks "
              f"({chunk_rate:,.0f} chunks/s); embedding {embed_rate:.1f} chunks/s "
              f"(sample of {len(sample)}); chunking is **{chunk_rate / embed_rate:,.0f}x** "
              f"faster than embedding the same chunks")


if __name__ == "__main__":
    main()
