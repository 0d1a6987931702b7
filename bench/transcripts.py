"""False positives of the LLM-transcript detection on real Markdown, reST and HTML.

    python bench/transcripts.py DIR [DIR ...] [--list]

Every .md/.markdown/.mdx/.rst/.txt/.html file under the folders goes through what indexing does
with it: the classifier (its head: the `llm-transcript` rule excludes the whole file) and the
chunk-level check on each chunk the real chunker cuts (`contamination.llm_transcript`, which
drops a chunk). On real documentation every hit is a false positive. Run it against another
checkout for a "before" figure: `PYTHONPATH=/path/to/other/src python bench/transcripts.py ...`.
"""

from __future__ import annotations

import argparse
import inspect
import time
from pathlib import Path

from repokb.chunkers import chunker_for, fixed_windows
from repokb.contamination import llm_transcript
from repokb.models import SourceFile
from repokb.pipeline.classify import classify

SUFFIXES = {".md", ".markdown", ".mdx", ".rst", ".txt", ".html", ".htm"}
_DOCS_PARAM = "docs" in inspect.signature(llm_transcript).parameters


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("dirs", nargs="+")
    parser.add_argument("--list", action="store_true", help="print every flagged file/chunk")
    args = parser.parse_args()
    started = time.perf_counter()
    files = chunks = flagged_files = flagged_chunks = 0
    for d in args.dirs:
        root = Path(d).resolve()
        for path in sorted(p for p in root.rglob("*") if p.suffix.lower() in SUFFIXES
                           and p.is_file()):
            data = path.read_bytes()
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                continue
            files += 1
            rel = str(path.relative_to(root))
            c = classify(SourceFile("bench", root, rel, len(data), 0), head=data[:8192])
            if "llm_response" in c.flags:
                flagged_files += 1
                if args.list:
                    print(f"  file excluded: {root.name}/{rel}: {c.reasons[0]}")
            chunker = chunker_for(c.language)
            pieces = chunker.chunk(text) if chunker else fixed_windows(text)
            for piece in pieces:
                chunks += 1
                why = (llm_transcript(piece.content, True) if _DOCS_PARAM
                       else llm_transcript(piece.content))
                if why:
                    flagged_chunks += 1
                    if args.list:
                        print(f"  chunk dropped: {root.name}/{rel} ({why})")
    print(f"{files} files, {chunks} chunks in {time.perf_counter() - started:.1f}s: "
          f"{flagged_files} files excluded as LLM transcripts, {flagged_chunks} chunks dropped")


if __name__ == "__main__":
    main()
