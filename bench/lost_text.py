"""The text chunking loses: per language, the non-blank lines no kept chunk covers.

    python bench/lost_text.py TREE [TREE ...] [--show LANGUAGE]

Each tree is walked and classified as `repokb index` does it (discover, classify), and every
admitted file is read and chunked in process as the pipeline does it (`chunk_file`: redaction,
chunker, the 40-character minimum and the other drops; no embedding). A non-blank line that no
kept chunk's lines cover is lost: no search can find it. Prints, per language, the files, the
non-blank lines, the share of them lost, and the pieces dropped as too short; with --show, a
few lost runs of lines of that language. Markdown, for bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from pathlib import Path

from repokb.models import SkippedPath
from repokb.pipeline.chunk import FileProblem, chunk_file, read_limit, read_text
from repokb.pipeline.classify import Classifier, Limits
from repokb.pipeline.discover import discover
from repokb.roots import resolve_roots
from repokb.settings import Settings


def lost_rows(text: str, covered: set[int]) -> list[int]:
    """The 1-based rows of `text` with something on them that no kept chunk covers."""
    return [row for row, line in enumerate(text.splitlines(), 1)
            if line.strip() and row not in covered]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", type=Path, nargs="+")
    parser.add_argument("--show", help="print some lost lines of this language")
    args = parser.parse_args()
    s = Settings()
    limits = Limits(s.head_bytes, s.max_file_bytes, s.skip_file_bytes, s.max_tabular_bytes,
                    s.max_notebook_bytes)
    files: Counter[str] = Counter()
    lines: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    short: Counter[str] = Counter()
    chunks: Counter[str] = Counter()
    shown: dict[str, int] = defaultdict(int)
    for root in resolve_roots(args.trees, None):
        classifier = Classifier.for_root(root.root, limits)
        items = list(discover(root, classifier.config))
        classifier.read_below(root, items)
        for item in items:
            if isinstance(item, SkippedPath):
                continue
            c = classifier.classify(item)
            if not c.index_policy.admits_content:
                continue
            try:
                text, digest = read_text(item, read_limit(
                    c, s.max_file_bytes, s.max_notebook_bytes))
                chunked = chunk_file(item, c, text, digest, s.embed_plan,
                                     s.min_chunk_chars, s.max_chunks_per_file, s.max_file_bytes)
            except FileProblem:
                continue
            language = c.language or "unknown"
            covered = {row for ch in chunked.chunks
                       for row in range(ch.start_line, ch.end_line + 1)}
            rows = lost_rows(text, covered)
            files[language] += 1
            lines[language] += sum(1 for line in text.splitlines() if line.strip())
            lost[language] += len(rows)
            short[language] += chunked.dropped.get("too_short", 0)
            chunks[language] += len(chunked.chunks)
            if args.show == language and rows and shown[language] < 40:
                split = text.splitlines()
                for row in rows[:3]:
                    print(f"{root.name}/{item.path}:{row}: {split[row - 1].strip()[:100]}")
                shown[language] += 1
    print("| language | files | non-blank lines | lost lines | lost % | too_short drops | chunks |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for language in sorted(lines, key=lambda k: -lines[k]):
        share = 100 * lost[language] / lines[language] if lines[language] else 0.0
        print(f"| {language} | {files[language]} | {lines[language]} | {lost[language]} "
              f"| {share:.2f} | {short[language]} | {chunks[language]} |")
    total, gone = sum(lines.values()), sum(lost.values())
    print(f"| all | {sum(files.values())} | {total} | {gone} | {100 * gone / max(total, 1):.2f} "
          f"| {sum(short.values())} | {sum(chunks.values())} |")


if __name__ == "__main__":
    main()
