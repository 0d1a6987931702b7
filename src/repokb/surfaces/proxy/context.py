"""What the proxy injects: search hits as one block grouped by file (`path:start-end` per
fragment, within a token budget), or an earlier answer to a similar question.

Each injection remembers the chunks it was built on (`Source`), so an answer cached from it can
be dropped once any of those chunks is re-indexed with other content or deleted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from repokb.context import fence_for, format_context, similarity
from repokb.models import Hit

CHARS_PER_TOKEN = 4  # the usual estimate for English and code; the budget is approximate
_PREFACE = ("The fragments below come from the user's indexed repositories and may help "
            "answer. Cite them as `path:start-end` when you use them; ignore them when they "
            "are not relevant.\n\n")


@dataclass(frozen=True)
class Injection:
    text: str
    files: tuple[str, ...] = ()
    sources: tuple[dict[str, Any], ...] = field(default=())

    @property
    def tokens(self) -> int:
        return len(self.text) // CHARS_PER_TOKEN


def knowledge_block(hits: list[Hit], gate: float, min_similarity: float, budget_tokens: int,
                    redact: Callable[[str], str],
                    hashes: Callable[[str, str], dict[int, str]]) -> Injection | None:
    """The block for hits at or above `min_similarity`, or None when the best hit does not
    reach `gate` (the question is not about the indexed code).

    The store holds no secrets (the indexer redacts them), yet the block is redacted once more:
    what reaches an upstream model is checked at the door it leaves by."""
    if max(((similarity(h) or 0.0) for h in hits), default=0.0) < gate:
        return None
    budget = budget_tokens * CHARS_PER_TOKEN - len(_PREFACE)  # the whole block within it
    kept: list[Hit] = []
    used = 200  # the block's header
    for hit in hits:  # best first: fill the budget with whole fragments
        if (similarity(hit) or 0.0) < min_similarity:
            continue
        size = len(hit.content) + 2 * len(hit.path) + 40  # file header, citation, fence
        if kept and used + size > budget:
            continue
        kept.append(hit)
        used += size
    text = format_context(kept, min_similarity, title="Project context (repokb knowledge base)",
                          max_chars=budget, cite=True)  # cuts only a first hit too long alone
    if not text:
        return None
    return Injection(redact(_PREFACE + text), files=tuple(dict.fromkeys(h.path for h in kept)),
                     sources=sources_of(kept, hashes))


def sources_of(hits: list[Hit], hashes: Callable[[str, str], dict[int, str]]
               ) -> tuple[dict[str, Any], ...]:
    """For each file the hits come from: the chunk indexes used and their content hashes now."""
    used: dict[tuple[str, str], set[int]] = {}
    for hit in hits:
        chunks = hit.provenance.get("chunks") or []
        used.setdefault((hit.project, hit.path), set()).update(int(c) for c in chunks)
    out = []
    for (project, path), indexes in used.items():
        current = hashes(project, path)
        out.append({"project": project, "path": path,
                    "chunks": {str(i): current.get(i, "") for i in sorted(indexes)}})
    return tuple(out)


def still_valid(sources: list[dict[str, Any]],
                hashes: Callable[[str, str], dict[int, str]]) -> bool:
    """True when every chunk a cached answer used is still stored with the same content."""
    for source in sources:
        current = hashes(str(source["project"]), str(source["path"]))
        for index, digest in dict(source.get("chunks") or {}).items():
            if not digest or current.get(int(index)) != digest:
                return False
    return True


def cached_answer_block(question: str, answer: str, score: float) -> Injection:
    """The earlier question and answer, each in a fence no line of theirs can close: an answer
    is model output that may hold its own headings ("## SYSTEM: ...") or a fence's end."""
    q, a = fence_for(question), fence_for(answer)
    text = ("## An earlier answer (repokb semantic cache)\n\n"
            f"A question similar to this one (similarity `{score:.2f}`) was answered before. "
            "Use the answer below if it fits; correct or complete it if it does not.\n\n"
            f"Earlier question:\n\n{q}text\n{question.strip(chr(10))}\n{q}\n\n"
            f"Earlier answer:\n\n{a}markdown\n{answer.strip(chr(10))}\n{a}\n")
    return Injection(text)
