"""The semantic cache: earlier answers found by the meaning of the question.

An entry is keyed by the redacted question's vector within a scope (the projects the request
named, or all). Above `proxy_cache_hit_similarity` it answers alone (HIT); above
`proxy_cache_context_similarity` it becomes context for the upstream call (CACHE-RAG).

Invalidation is checked when an entry is about to be used, not pushed by the indexer: the entry
remembers the content hash of every chunk it was built on, and a lookup compares them with the
store's current hashes (one small scroll per file). This needs no hook in the indexer, works
whichever process re-indexed (CLI, watcher, server job, a second home opened later), and cannot
miss a write; an entry found stale is deleted on the spot.

The cache is shared by every client of the proxy, so an answer is kept only when neither it
nor its question holds a secret-like string, nor a bare random-looking token (16+ characters
of letters and digits mixed, high entropy: `values.random_token`). Redaction leaves such a
token in a question, since alone it cannot be told from an id ("why does login with
xK93mQz7... fail?"), and the upstream's answer repeats it: cached, it was replayed to the next
client who asked the like. Not keeping such an answer costs one upstream call.
"""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass
from typing import Any

from repokb.secrets import find_secret
from repokb.secrets.values import random_tokens
from repokb.settings import Settings
from repokb.surfaces.proxy.backend import Backend
from repokb.surfaces.proxy.context import still_valid

_NAMESPACE = uuid.UUID("9b0f3c2e-5d1a-4c7e-8f60-1a2b3c4d5e6f")


def holds_a_secret(text: str) -> bool:
    """Whether `text` holds a secret-like string or a bare random-looking token."""
    return find_secret(text, "text") is not None or bool(random_tokens(text))


@dataclass(frozen=True)
class Found:
    outcome: str  # "HIT" or "CACHE-RAG"
    score: float
    question: str
    answer: str
    sources: list[dict[str, Any]]


def scope_of(projects: tuple[str, ...]) -> str:
    return ",".join(sorted(projects)) or "*"


class SemanticCache:
    def __init__(self, backend: Backend, settings: Settings) -> None:
        self.backend = backend
        self.settings = settings

    def lookup(self, vector: list[float], projects: tuple[str, ...]) -> Found | None:
        s = self.settings
        for entry in self.backend.answers.nearest(vector, scope_of(projects), limit=3):
            if entry.score < s.proxy_cache_context_similarity:
                return None
            sources = list(entry.payload.get("sources") or [])
            if not still_valid(sources, self.backend.chunk_hashes):
                self.backend.answers.delete([entry.id])
                continue
            outcome = "HIT" if entry.score >= s.proxy_cache_hit_similarity else "CACHE-RAG"
            return Found(outcome, entry.score, str(entry.payload.get("question", "")),
                         str(entry.payload.get("answer", "")), sources)
        return None

    def store(self, vector: list[float], projects: tuple[str, ...], question: str, answer: str,
              protocol: str, model: str, sources: list[dict[str, Any]]) -> bool:
        """Remember an answer; False (and nothing written) when it or the question holds a
        secret-like string or a random-looking token. `question` is already redacted."""
        if holds_a_secret(answer) or holds_a_secret(question):
            return False
        scope = scope_of(projects)
        entry_id = str(uuid.uuid5(_NAMESPACE, f"{scope}\x00{question}"))
        self.backend.answers.put(entry_id, vector, {
            "scope": scope, "question": question, "answer": answer, "protocol": protocol,
            "model": model, "sources": sources, "created": time.time()})
        return True
