"""The pieces of a file from chunking to the store: ChunkPiece (what a chunker returns),
Chunk (ready to embed, with the EmbedPlan's model and token limit), EmbeddedChunk (with its
vectors, or lexical-only), the parse budget, the payload keys of a point without a dense
vector, and the point id.
"""

from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from repokb.formats import CODE
from repokb.models.files import TEST_KINDS


@dataclass(frozen=True)
class ChunkPiece:
    """What a chunker returns: a span of a file and what it defines (lines 1-based, inclusive)."""

    content: str
    start_line: int
    end_line: int
    symbol: str | None = None
    symbol_type: str | None = None  # function, class, method, section, module, window ...
    context: str | None = None  # e.g. the class header of a method, prepended when embedding
    # The (symbol, symbol_type) of short pieces joined into this one (chunkers/joining.py):
    # Fortran's `module tree` head before `tree.tree_inode`, an INI `[server]` too short to keep
    # before `[database]`. The piece is where they are defined too.
    also: tuple[tuple[str, str | None], ...] = ()
    # The namespace the file declares its names in (a Java file's `package com.google.common.
    # collect;`): the enrichment prefix names the piece by its qualified name
    # (`com.google.common.collect.ImmutableList.copyOf`), the symbol stays as written.
    namespace: str | None = None


# How the built-in model's graph is rewritten before it runs (embedders/optimised.py): its
# fusions move vectors in the last digits, so the version signs the vectors (Settings.embed_plan)
# and names the saved graph. 2: NaN guards dropped (bit-identical, unsigned); 3: attention and
# GELU fused, layer norms not fused with their residual adds.
MINILM_GRAPH = 3


def vectors_changed_text(change: dict[str, str]) -> str:
    """What a run says of a project whose vectors are made another way than at its last run
    (`RunReport.vectors_changed`): one clause, for every surface to print as its own."""
    return (f"its vectors are made another way than at its last run (was {change['was']}; "
            f"now {change['now']}), so its files were read again and each chunk the change "
            "concerns was embedded again, once")


@dataclass(frozen=True)
class ParseBudget:
    """The CPU time the parses of one file may take together: `seconds` plus `ms_per_kb` per KB
    of its source (chunkers.base.Allowance spends it).

    Some grammars are far from linear on some inputs (184 KB of unclosed `/*` lines took the
    JavaScript grammar 132 s of CPU, C's 17 s; unclosed `<#` lines PowerShell's 33 s), so a
    hostile file could stall a run, a server's job or a watch. Real files parse at 0.1-0.6 ms/KB
    (Django 5.2.8: 2,392 files, slowest 51 ms; two venvs' site-packages: 35,000 files, slowest
    0.37 s for a 1.6 MB bundle): the defaults (1 s + 5 ms/KB) are 8x the worst rate seen and
    many times any real file's time. CPU time of the parsing thread, so a busy machine does not
    stop a parse early."""

    seconds: float = 1.0
    ms_per_kb: float = 5.0

    def for_bytes(self, size: int) -> float:
        return self.seconds + self.ms_per_kb * size / 1024 / 1000


@dataclass(frozen=True)
class EmbedPlan:
    """Which model makes a chunk's vector and how many of its tokens it reads, by family: code
    says what it is in its signature, docstring and first lines, prose needs its length (BM25
    reads every token either way). Built from the settings (`Settings.embed_plan`); the limits
    are measured in bench/RESULTS.md."""

    model: str
    code: int
    prose: int
    test: int | None = None  # test code's own limit (None: the code limit)
    squeeze: str = ""  # what the model leaves out of a text (pipeline/dense_text.py rules)

    def for_language(self, language: str | None) -> int:
        return self.code if language in CODE else self.prose

    def for_file(self, kind: str, language: str | None) -> int:
        if self.test is not None and kind in TEST_KINDS and language in CODE:
            return self.test
        return self.for_language(language)


@dataclass(frozen=True)
class Chunk:
    """A piece of a file ready to embed: its identity, position, metadata and enriched text."""

    project: str
    path: str
    chunk_index: int
    start_line: int
    end_line: int
    content: str
    embed_text: str  # content with the enrichment prefix
    symbol: str | None
    symbol_type: str | None
    kind: str
    language: str | None
    role: str
    quality: float
    classifier_version: str
    model: str = ""  # the model that embeds it (EmbedPlan) ...
    token_limit: int = 256  # ... and how many tokens of embed_text it reads
    also: tuple[tuple[str, str | None], ...] = ()  # ChunkPiece.also
    # what the model reads when it is not embed_text itself (EmbedPlan.squeeze left some out)
    dense_text: str | None = None

    @property
    def point_id(self) -> str:
        return point_id(self.project, self.path, self.chunk_index)

    @cached_property
    def text_hash(self) -> str:
        """Hash of exactly what gets embedded, by which model and cut where: equal hash means
        the vector can be reused (another model or limit must not reuse the old vectors).
        Computed once per chunk (a run asks for it several times)."""
        key = f"{self.model}\n{self.token_limit}\n{self.model_text}"
        return hashlib.sha256(key.encode()).hexdigest()

    @property
    def model_text(self) -> str:
        """The text the model reads (BM25 reads embed_text)."""
        return self.embed_text if self.dense_text is None else self.dense_text

    def payload(self) -> dict[str, Any]:
        return {
            "project": self.project,
            "path": self.path,
            "chunk_index": self.chunk_index,
            "start_line": self.start_line,
            "end_line": self.end_line,
            "content": self.content,
            "symbol": self.symbol,
            "symbol_type": self.symbol_type,
            "kind": self.kind,
            "language": self.language,
            "role": self.role,
            "quality": self.quality,
            "text_hash": self.text_hash,
            "token_limit": self.token_limit,
            "classifier_version": self.classifier_version,
        } | ({"also": [list(name) for name in self.also]} if self.also else {})


# Payload keys of a point written without a dense vector: why (`PENDING`: the model has not
# reached it yet; another reason: it never needs one, see pipeline/lexical_only.py) and the
# enrichment head of the text the model reads (Chunk.model_text = head + content), or that
# whole text when the model reads the content shortened (pipeline/dense_text.py), so the dense
# pass can embed it from the store alone, after a crash too.
LEXICAL_ONLY = "lexical_only"
EMBED_HEAD = "embed_head"
EMBED_TEXT = "embed_text"
PENDING = "pending"
UNEMBEDDED_KEYS = (LEXICAL_ONLY, EMBED_HEAD, EMBED_TEXT)  # dropped once the vector is filled in


@dataclass(frozen=True)
class EmbeddedChunk:
    """A chunk with its vectors. `dense` is None for a lexical-only point (`lexical_only` says
    why): it is found by BM25 alone until (unless) its dense vector is filled in."""

    chunk: Chunk
    dense: list[float] | None
    sparse_indices: list[int]
    sparse_values: list[float]
    lexical_only: str | None = None

    def payload(self) -> dict[str, Any]:
        payload = self.chunk.payload()
        if self.dense is None:  # what the dense pass needs: the text the model reads
            text, content = self.chunk.model_text, self.chunk.content
            if text.endswith(content):
                payload[EMBED_HEAD] = text[: len(text) - len(content)]
            else:  # not built as head + content: keep the whole text
                payload[EMBED_TEXT] = text
            payload[LEXICAL_ONLY] = self.lexical_only or PENDING
        return payload


def embedded_text(payload: dict[str, Any]) -> str | None:
    """The text a lexical-only point's dense vector is made from (None: not recorded)."""
    if EMBED_TEXT in payload:
        return str(payload[EMBED_TEXT])
    if EMBED_HEAD in payload:
        return str(payload[EMBED_HEAD]) + str(payload.get("content", ""))
    return None


_POINT_NAMESPACE = uuid.UUID("6f1d8c52-3c59-4a8e-9a57-2f4f0e7c1b01")


def point_id(project: str, path: str, chunk_index: int) -> str:
    """Deterministic point id: the same (project, path, index) always lands on the same point."""
    return str(uuid.uuid5(_POINT_NAMESPACE, f"{project}\x00{path}\x00{chunk_index}"))
