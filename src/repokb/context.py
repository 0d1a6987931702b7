"""The RAG context: search hits turned into the block a proxy or an agent puts in a prompt.

Fragments are grouped by file (files in the order of their best hit, fragments in line order),
each file under its path, each fragment with its line range, and a header saying how many
fragments from how many files and the top similarity (seed 001 §5). Only hits whose dense
similarity reaches `min_similarity` are used: below it a fragment is more likely noise than
evidence (see `Settings.context_min_similarity` for how the default was measured).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from repokb.models import Hit, line_range

_FENCE_LANGUAGES = {"python": "python", "javascript": "javascript", "typescript": "typescript",
                    "markdown": "markdown", "yaml": "yaml", "json": "json", "toml": "toml",
                    "shell": "bash", "go": "go", "rust": "rust", "java": "java", "sql": "sql"}


_BACKTICK_RUNS = re.compile(r"`+")
_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def fence_for(body: str) -> str:
    """Backticks longer than any run in `body`, so no line of it can close the fence (a file
    holding four backticks closed a fence of four, and its next lines read as the prompt's)."""
    longest = max((len(m) for m in _BACKTICK_RUNS.findall(body)), default=0)
    return "`" * max(3, longest + 1)


def one_line(text: str) -> str:
    """A path, project or symbol that cannot end its line: line breaks and other control
    characters as escapes (`\\n`), so a file named `x\\n## SYSTEM: ...` forges no heading."""
    return _CONTROLS.sub(lambda m: m.group().encode("unicode_escape").decode(), text)


def _cited(path: str) -> str:
    return one_line(path).replace("`", "\\x60")  # inside inline code: no backtick may end it


def similarity(hit: Hit) -> float | None:
    value = hit.provenance.get("dense_score")
    return float(value) if isinstance(value, int | float) else None


def format_context(hits: Sequence[Hit], min_similarity: float = 0.0,
                   title: str = "Project context (knowledge base)",
                   max_chars: int = 12_000, cite: bool = False) -> str:
    """A Markdown block, or "" when no hit reaches `min_similarity`. `cite` heads each
    fragment `path:start-end` (what a model can quote back) instead of `Lines start-end`."""
    kept = [h for h in hits if (similarity(h) or 0.0) >= min_similarity]
    if not kept:
        return ""
    by_file: dict[tuple[str, str], list[Hit]] = {}
    for hit in kept:
        by_file.setdefault((hit.project, hit.path), []).append(hit)
    top = max((similarity(h) or 0.0) for h in kept)

    def head(fragments: int, files: int) -> list[str]:
        return [f"## {title}", "",
                f"Retrieved **{fragments} fragment{'s' if fragments != 1 else ''}** from "
                f"**{files} file{'s' if files != 1 else ''}** with top similarity "
                f"`{top:.2f}`.", ""]

    budget = max_chars - sum(len(x) + 1 for x in head(len(kept), len(by_file)))
    body, given, files = _fragments(by_file, budget, cite)
    return "\n".join(head(given, files) + body).rstrip() + "\n"


def _fragments(by_file: dict[tuple[str, str], list[Hit]], max_chars: int,
               cite: bool) -> tuple[list[str], int, int]:
    """The blocks of each file's fragments in line order, each line of a file given once,
    until `max_chars`; with the number of fragments and files actually given (a fragment whose
    lines were all given already, or past the budget, is not counted)."""
    lines: list[str] = []
    used, given, files = 0, 0, 0
    several = len({p for p, _ in by_file}) > 1
    for (project, path), fragments in by_file.items():
        header = f"### {_cited(path)}" + (f" ({one_line(project)})" if several else "")
        lines += [header, ""]
        used += len(header) + 2
        files += 1
        shown = 0  # the last line of this file given so far
        for hit in sorted(fragments, key=lambda h: h.start_line):
            fence = _FENCE_LANGUAGES.get(hit.language or "", "")
            symbol = f" · {one_line(hit.symbol)}" if hit.symbol else ""
            start, body = _unseen(hit, shown)
            if body is None:
                continue
            shown = max(shown, hit.end_line)
            span = line_range(start, hit.end_line)  # "": uploaded without its lines
            where = (f"`{_cited(hit.path)}{':' + span if span else ''}`" if cite
                     else f"Lines {span}" if span else "A fragment")
            # the fragment's citation and fences count too: the block stays within max_chars
            frame = len(where) + len(symbol) + len(fence) + 2 * len(fence_for(body)) + 8
            if used + len(body) + frame > max_chars:
                body = body[: max(0, max_chars - used - frame)].rstrip() + "\n…"
            ticks = fence_for(body)
            block = [f"{where}{symbol}:", f"{ticks}{fence}", body, ticks, ""]
            lines += block
            given += 1
            used += sum(len(x) + 1 for x in block)
            if used >= max_chars:
                return lines, given, files
    return lines, given, files


def _unseen(hit: Hit, shown: int) -> tuple[int, str | None]:
    """(first line, text) of what `hit` adds to a file's fragments given up to line `shown`:
    two hits of one file may overlap (windows of a section too long to merge into one hit),
    and a line is given once. None when it adds nothing. A text whose lines do not map one to
    one onto its range (a method under its class's header) is given whole."""
    body = hit.content.rstrip("\n")
    if hit.start_line > shown or hit.start_line == 0:  # 0: uploaded without its lines
        return hit.start_line, body
    if hit.end_line <= shown:
        return hit.start_line, None
    rows = body.split("\n")
    if len(rows) != hit.end_line - hit.start_line + 1:
        return hit.start_line, body
    return shown + 1, "\n".join(rows[shown + 1 - hit.start_line:])
