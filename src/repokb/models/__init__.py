"""Frozen records passed along the pipeline.

discover -> SourceFile -> classify -> Classification -> chunk -> Chunk -> embed -> EmbeddedChunk
-> store; search returns Hit. Each stage reads one record type and yields the next.

By seam: files.py (the taxonomy, SourceFile, Classification), chunks.py (ChunkPiece, Chunk,
EmbeddedChunk, point ids), answers.py (Query, Hit and the phrases every surface shares). The
records are imported from here (`from repokb.models import Chunk`), as everywhere before the
split.
"""

from repokb.models.answers import (
    MAX_LIMIT,
    MAX_NEIGHBOURS,
    MAX_PATH_GLOBS,
    Hit,
    HitCopy,
    Query,
    copies_phrase,
    files_phrase,
    line_range,
    stats_files,
    symbol_phrase,
)
from repokb.models.chunks import (
    EMBED_HEAD,
    EMBED_TEXT,
    LEXICAL_ONLY,
    MINILM_GRAPH,
    PENDING,
    UNEMBEDDED_KEYS,
    Chunk,
    ChunkPiece,
    EmbeddedChunk,
    EmbedPlan,
    ParseBudget,
    embedded_text,
    point_id,
    vectors_changed_text,
)
from repokb.models.files import (
    HOME_CATALOG,
    HOME_STORE,
    PROC_FD,
    TEST_KINDS,
    Classification,
    Fragment,
    Kind,
    Policy,
    Role,
    Signal,
    SkippedPath,
    SourceFile,
)

__all__ = [
    "EMBED_HEAD", "EMBED_TEXT", "HOME_CATALOG", "HOME_STORE", "LEXICAL_ONLY", "MAX_LIMIT",
    "MAX_NEIGHBOURS", "MAX_PATH_GLOBS", "MINILM_GRAPH", "PENDING", "PROC_FD", "TEST_KINDS",
    "UNEMBEDDED_KEYS",
    "Chunk", "ChunkPiece", "Classification", "EmbedPlan", "EmbeddedChunk", "Fragment", "Hit",
    "HitCopy", "Kind", "ParseBudget", "Policy", "Query", "Role", "Signal", "SkippedPath",
    "SourceFile", "copies_phrase", "embedded_text", "files_phrase", "line_range", "point_id",
    "stats_files", "symbol_phrase", "vectors_changed_text",
]
