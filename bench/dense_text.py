"""Where the model's tokens go in each piece's dense text, and what variants of that text spare.

    python bench/dense_text.py TREE [--examples 2] [--only VARIANT ...]

Chunks TREE as `repokb index` does (bench/lexical_only.py's `chunks_of`, default settings),
keeps each distinct text once (`Chunk.text_hash`, as the pipeline embeds), tokenizes every
embedded text with the embedder's own tokenizer (truncation off, to see what the cut loses) and
cuts it at its token limit as the model does. Printed, per kind of piece (tests, docs, source,
migrations, other), as Markdown tables:

- the tokens read, split into the enrichment head (the path's directory, its file name, the
  label and symbol, a member's container context) and the body, and the body's tokens lost to
  the cut;
- pieces whose body repeats the symbol the head names (its last name in the body's first line);
- tokens read that carry little: lines of punctuation only (reST underlines, table borders,
  comment rules), runs of 4+ punctuation characters, numeric arrays (8+ numbers in a row),
  hex/base64 blobs (a word of 32+ such characters), and the whitespace characters (which the
  BERT tokenizer drops: they cost no token);
- for each variant of the dense text (`VARIANTS`: pure functions of a chunk; those named by
  rules are repokb's own `dense_text_rules`, pipeline/dense_text.py), the tokens the model
  would read and what that spares, per kind. `--only` counts the variants named, no tables of
  parts.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from repokb.models import Chunk, ChunkPiece
from repokb.pipeline import dense_text
from repokb.pipeline.enrich import prefix

sys.path.insert(0, str(Path(__file__).parent))
from lexical_near_dups import distinct_chunks, group  # noqa: E402

GROUPS = ("tests", "docs", "source", "migrations", "other")
_PUNCT = r"!-/:-@\[-`{-~"
_RULE_LINE = re.compile(rf"^[{_PUNCT} \t]*([{_PUNCT}])\1{{3,}}[{_PUNCT} \t]*$", re.M)
_RUN = re.compile(rf"([{_PUNCT}])\1{{3,}}")
_MIXED_RUN = re.compile(rf"[{_PUNCT}]{{4,}}")
_NUMBERS = re.compile(r"(?:-?\b\d[\d.xXa-fA-F_]*\b[,;\s]*){8,}")
_BLOB = re.compile(r"[A-Za-z0-9+/=_\-]{32,}")
_BLOB_CHECK = re.compile(r"\d")


def head_of(c: Chunk) -> str:
    return c.embed_text[: len(c.embed_text) - len(c.content)]


# --- variants of the dense text: pure functions of the chunk ---------------------------------

def via(names: str) -> Callable[[Chunk], str]:
    """The dense text repokb makes under `dense_text_rules = names` (pipeline/dense_text.py)."""
    def text(c: Chunk) -> str:
        head = prefix(c.path, ChunkPiece(c.content, c.start_line, c.end_line, c.symbol,
                                         c.symbol_type, also=c.also), c.language)
        whole = head_of(c)
        if not whole.startswith(head):  # (a qualified Java or PHP name: no context there)
            head = whole
        return dense_text.model_text(names, dense_text.Piece(
            c.path, c.kind, c.symbol, c.symbol_type, head, whole[len(head):], c.content))
    return text


def runs3(c: Chunk) -> str:
    """A run of one punctuation character kept to its first 3."""
    return head_of(c) + _RUN.sub(lambda m: m[1] * 3, c.content)


def runs1(c: Chunk) -> str:
    return head_of(c) + _RUN.sub(lambda m: m[1], c.content)


def digits(c: Chunk) -> str:
    """A numeric array of 8+ numbers kept to its first 8."""
    def keep(m: re.Match[str]) -> str:
        return " ".join(re.findall(r"-?\b\d[\d.xXa-fA-F_]*\b", m[0])[:8]) + " "
    return head_of(c) + _NUMBERS.sub(keep, c.content)


def blobs(c: Chunk) -> str:
    """A hex/base64 word of 32+ characters (with a digit) kept to its first 8 characters."""
    return head_of(c) + _BLOB.sub(lambda m: m[0][:8] if _BLOB_CHECK.search(m[0]) else m[0],
                                  c.content)


def no_dir(c: Chunk, tests_only: bool = False) -> str:
    text = c.embed_text
    if tests_only and group(c) != "tests":
        return text
    if text.startswith(c.path + ":") and "/" in c.path:
        return c.path.rsplit("/", 1)[1] + text[len(c.path):]
    return text


VARIANTS: dict[str, Callable[[Chunk], str]] = {
    "rule_lines": via("rule_lines"),
    "runs3": runs3,
    "runs1": runs1,
    "punct_runs": via("punct_runs"),
    "digits8": digits,
    "blobs8": blobs,
    "test_file_name": via("test_file_name"),
    "all-no-dir": no_dir,
    "title_once": via("title_once"),
    "rule_lines,punct_runs": via("rule_lines,punct_runs"),
    "rule_lines,punct_runs,test_file_name": via("rule_lines,punct_runs,test_file_name"),
    "rule_lines,punct_runs,title_once": via("rule_lines,punct_runs,title_once"),
    "rule_lines,punct_runs,title_once,test_file_name": via(
        "rule_lines,punct_runs,title_once,test_file_name"),
    "context_once": via("context_once"),
    "all5": via("rule_lines,punct_runs,title_once,test_file_name,context_once"),
    "no-loss4": via("rule_lines,punct_runs,title_once,context_once"),
}


# --- counting -----------------------------------------------------------------------------

def read_span(limit: int) -> int:
    """Body tokens (no [CLS]/[SEP]) the model reads at `limit`."""
    return max(2, min(limit, 512)) - 2


def spans(pattern: re.Pattern[str], text: str, base: int) -> list[tuple[int, int]]:
    return [(base + m.start(), base + m.end()) for m in pattern.finditer(text)]


def inside(start: int, ranges: list[tuple[int, int]]) -> bool:
    return any(a <= start < b for a, b in ranges)


def count(tokenizer: Any, texts: list[str], limits: list[int]) -> list[int]:
    out = []
    for k in range(0, len(texts), 256):
        for e, limit in zip(tokenizer.encode_batch(texts[k:k + 256]), limits[k:k + 256],
                            strict=True):
            out.append(min(len(e.ids) - 2, read_span(limit)) + 2)
    return out


def table(title: str, rows: dict[str, dict[str, int]], cols: list[str],
          base: dict[str, int] | None = None) -> None:
    print(f"\n{title}\n\n| kind | " + " | ".join(cols) + " |\n| --- |" + " ---: |" * len(cols))
    for g in [*GROUPS, "all"]:
        r = rows.get(g, {})
        cells = []
        for col in cols:
            v = r.get(col, 0)
            share = f" ({v / base[g]:.1%})" if base and base.get(g) else ""
            cells.append(f"{v:,}{share}")
        print(f"| {g} | " + " | ".join(cells) + " |")


def tables(stats: dict[str, dict[str, int]], repeats: dict[str, dict[str, int]],
           read: dict[str, int]) -> None:
    table("Tokens read, by part (share of the kind's tokens read)", stats,
          ["tokens read", "head dir", "head file name", "head label, symbol", "head context",
           "body read"], read)
    table("Pieces", stats, ["pieces"])
    table("Tokens past the cut (share of the kind's tokens read)", stats,
          ["body cut", "head context (cut)", "head label, symbol (cut)"], read)
    table("Body tokens read that carry little (share of the kind's tokens read)", stats,
          ["rule lines", "punct runs", "numeric arrays", "blobs"], read)
    table("Whitespace (the tokenizer drops it: no token)", stats,
          ["body chars", "whitespace chars"])
    table("Pieces whose body's first line names the head's symbol", repeats,
          ["pieces"])
    table("... the symbol's tokens in their heads (share of the kind's tokens read)", repeats,
          ["symbol tokens in head"], read)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", type=Path)
    parser.add_argument("--examples", type=int, default=2)
    parser.add_argument("--only", action="append",
                        help="Only this variant (repeatable), without the tables of parts.")
    args = parser.parse_args()
    chunks, model = distinct_chunks(args.tree)
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_str(model._tokenizer.to_str())  # type: ignore[attr-defined]
    tokenizer.no_truncation()
    assert tokenizer.encode("a  \n\t   b").ids == tokenizer.encode("a b").ids  # whitespace: free
    variants = {n: VARIANTS[n] for n in args.only} if args.only else VARIANTS
    stats: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    repeats: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for k in range(0, 0 if args.only else len(chunks), 256):
        batch = chunks[k:k + 256]
        for c, e in zip(batch, tokenizer.encode_batch([c.embed_text for c in batch]),
                        strict=True):
            text, head = c.embed_text, head_of(c)
            directory = len(c.path.rsplit("/", 1)[0]) + 1 if "/" in c.path else 0
            path_end = len(c.path) + 1 if text.startswith(c.path + ":") else 0
            dash = head.find(" — ")
            label_end = dash + 3 if dash >= 0 else len(head)
            body_at = len(head)
            body = c.content
            rules = spans(_RULE_LINE, body, body_at)
            runs = spans(_MIXED_RUN, body, body_at)
            numbers = spans(_NUMBERS, body, body_at)
            blob = [(a, b) for a, b in spans(_BLOB, body, body_at)
                    if _BLOB_CHECK.search(text[a:b])]
            tokens = list(zip(e.ids, e.offsets, strict=True))[1:-1]  # no [CLS]/[SEP]
            n_read = read_span(c.token_limit)
            s = stats[group(c)]
            s["pieces"] += 1
            s["tokens read"] += min(len(tokens), n_read) + 2
            for i, (_, (start, _end)) in enumerate(tokens):
                read = i < n_read
                if start < body_at:
                    part = ("dir" if start < directory else "file name" if start < path_end
                            else "label, symbol" if start < label_end else "context")
                    s[f"head {part}" + ("" if read else " (cut)")] += 1
                    continue
                if not read:
                    s["body cut"] += 1
                    continue
                s["body read"] += 1
                if rules and inside(start, rules):
                    s["rule lines"] += 1
                elif runs and inside(start, runs):
                    s["punct runs"] += 1
                if numbers and inside(start, numbers):
                    s["numeric arrays"] += 1
                if blob and inside(start, blob):
                    s["blobs"] += 1
            s["whitespace chars"] += sum(ch.isspace() for ch in body)
            s["body chars"] += len(body)
            name = re.split(r"[.>/]", (c.symbol or "").strip())[-1].strip()
            first = body.lstrip().split("\n", 1)[0]
            if name and len(name) > 2 and name.lower() in first.lower():
                r = repeats[group(c)]
                r["pieces"] += 1
                r["symbol tokens in head"] += len(tokenizer.encode(
                    c.symbol or "", add_special_tokens=False).ids)
    for table_rows in (stats, repeats):
        for key in list(table_rows["tests"].keys() | table_rows["docs"].keys()
                        | table_rows["source"].keys()):
            table_rows["all"][key] = sum(table_rows[g].get(key, 0) for g in GROUPS)
    limits = [c.token_limit for c in chunks]
    before = count(tokenizer, [c.embed_text for c in chunks], limits)
    for c, n in zip(chunks, before, strict=True):
        stats[group(c)]["read"] += n
        stats["all"]["read"] += n
    read = {g: stats[g]["read"] for g in [*GROUPS, "all"]}
    print(f"{args.tree}: {len(chunks):,} distinct texts, {read['all']:,} tokens read")
    if not args.only:
        tables(stats, repeats, read)
    saved: dict[str, dict[str, int]] = {}
    changed: dict[str, dict[str, int]] = {}
    examples: dict[str, list[tuple[str, str]]] = {}
    for name, variant in variants.items():
        texts = [variant(c) for c in chunks]
        after = count(tokenizer, texts, limits)
        row: dict[str, int] = defaultdict(int)
        moved: dict[str, int] = defaultdict(int)
        for c, t, b, a in zip(chunks, texts, before, after, strict=True):
            row[group(c)] += b - a
            row["all"] += b - a
            if t != c.embed_text:
                moved[group(c)] += 1
                moved["all"] += 1
                if b - a > 20 and len(examples.setdefault(name, [])) < args.examples:
                    examples[name].append((c.embed_text[:300], t[:300]))
        saved[name], changed[name] = row, moved
    print("\nVariants of the dense text: tokens spared (share of the kind's tokens read); "
          "texts changed\n\n| variant | " + " | ".join([*GROUPS, "all"]) + " | texts changed |"
          "\n| --- |" + " ---: |" * (len(GROUPS) + 2))
    for name in variants:
        cells = [f"{saved[name][g]:,} ({saved[name][g] / max(1, read[g]):.1%})"
                 for g in [*GROUPS, "all"]]
        print(f"| {name} | " + " | ".join(cells) + f" | {changed[name]['all']:,} |")
    for name, pairs in examples.items():
        for old, new in pairs:
            print(f"\n[{name}]\n    " + "\n    ".join(old.splitlines()[:8]) + "\n    ->\n    "
                  + "\n    ".join(new.splitlines()[:8]))
    print(f"\n(pid {os.getpid()})")


if __name__ == "__main__":
    main()
