"""Every setting declared once: name, default, help.

Resolution, lowest to highest: defaults < `$REPOKB_HOME/repokb.toml` < `REPOKB_<NAME>` environment
variables < explicit overrides (CLI flags). `REPOKB_HOME` itself comes only from the environment
(or an override), since it says where the toml lives.
"""

from __future__ import annotations

import difflib
import os
import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

from repokb.errors import ConfigError
from repokb.models import HOME_CATALOG, HOME_STORE, MINILM_GRAPH, EmbedPlan, ParseBudget


def _setting(default: Any, help: str, *, secret: bool = False) -> Any:
    from dataclasses import field

    return field(default=default, metadata={"help": help}, repr=not secret)


@dataclass(frozen=True)
class Settings:
    home: Path = _setting(Path(user_data_dir("repokb")), "Where the store and catalog live.")
    embedder: str = _setting("minilm-onnx", "Embedding backend name (see embedders/).")
    store: str = _setting(
        "qdrant-edge", "Store backend: 'qdrant-edge' (alias 'edge': an embedded shard under "
        "home, one process at a time) or 'qdrant' (a Qdrant server or cluster at qdrant_url, "
        "shared by any number of processes; see docs/scale-out.md).")
    qdrant_url: str = _setting(
        "", "With store = 'qdrant': the server's URL (http://host:6333, https://... for TLS), "
        "or local:PATH for qdrant-client's local mode (one process, for trials and tests).")
    qdrant_api_key: str = _setting(
        "", "With store = 'qdrant': the server's API key (sent in the api-key header; use "
        "https so it is not sent in clear). Set it with REPOKB_QDRANT_API_KEY.", secret=True)
    qdrant_ca_cert: str = _setting(
        "", "With store = 'qdrant' over https: a CA bundle (PEM) to trust, for a server whose "
        "certificate a private CA signed. Empty: the system's trust store.")
    qdrant_collection_prefix: str = _setting(
        "repokb_", "With store = 'qdrant': prefix of the collection name (several teams or "
        "models on one cluster: one prefix each). The collection is <prefix>chunks.")
    qdrant_shards: int = _setting(
        1, "With store = 'qdrant': shard number when repokb creates the collection (a cluster: "
        "a multiple of its node count). Ignored for an existing collection.")
    qdrant_replication: int = _setting(
        1, "With store = 'qdrant': replication factor when repokb creates the collection (2 "
        "survives the loss of one node). Ignored for an existing collection.")
    qdrant_timeout: float = _setting(
        30.0, "With store = 'qdrant': seconds one request may take before it is retried.")
    embed_url: str = _setting(
        "", "With embedder = 'openai-compat': base URL of an OpenAI-compatible embedding "
        "service, up to /v1 (e.g. http://gpu-box:8080/v1 for Text Embeddings Inference).")
    embed_model: str = _setting(
        "", "With embedder = 'openai-compat': the model name sent to the service; part of "
        "the vector signature, so a change re-embeds instead of mixing vectors.")
    embed_api_key: str = _setting(
        "", "With embedder = 'openai-compat': bearer token for the service (set it with "
        "REPOKB_EMBED_API_KEY).", secret=True)
    embed_dimension: int = _setting(
        0, "With embedder = 'openai-compat': the model's vector size (required; part of the "
        "vector signature). 0 for the built-in backends: their own size.")
    embed_remote_batch: int = _setting(
        64, "With embedder = 'openai-compat': texts per request.")
    embed_concurrency: int = _setting(
        4, "With embedder = 'openai-compat': requests in flight at once.")
    embed_timeout: float = _setting(
        60.0, "With embedder = 'openai-compat': seconds one request may take; it is retried "
        "3 times with back-off, then indexing stops with an error (what was written stays).")
    max_file_bytes: int = _setting(
        2_000_000, "Files larger than this are classified from their head and recorded as "
        "metadata only; they are never read whole. For a Jupyter notebook it bounds what is "
        "indexed, its cells' sources, rather than the file (see max_notebook_bytes).")
    max_notebook_bytes: int = _setting(
        32_000_000, "Jupyter notebooks (.ipynb) up to this size are read whole to decode their "
        "cells: only the cells' sources are indexed (max_file_bytes bounds those), so a "
        "notebook of a few KB of code and 20 MB of embedded plots is indexed. Larger ones are "
        "metadata only, like any file over max_file_bytes; above skip_file_bytes, excluded "
        "unread.")
    skip_file_bytes: int = _setting(
        50_000_000, "Files larger than this are excluded without reading even their head "
        "(seed 000: 50 MB).")
    max_tabular_bytes: int = _setting(
        1_000_000, "CSV/TSV/Parquet files larger than this are excluded; smaller ones are "
        "recorded as metadata only (seed 000: 1 MB).")
    head_bytes: int = _setting(
        8192, "How much of a file's head the classifier may read (content sniffing, secrets).")
    min_chunk_chars: int = _setting(40, "Pieces shorter than this join the piece beside them; "
                                   "chunks still shorter are dropped and counted.")
    parse_budget_seconds: float = _setting(
        ParseBudget.seconds, "CPU seconds the syntax-tree parses of a file may take, plus "
        "parse_budget_ms_per_kb per KB of "
        "the file; a parse past it stops, the file is cut into fixed windows and the reason "
        "recorded (a hostile file cannot stall a run in a grammar that is slow on it).")
    parse_budget_ms_per_kb: float = _setting(
        ParseBudget.ms_per_kb, "CPU milliseconds per KB a parse may take on top of "
        "parse_budget_seconds. Real "
        "files parse at 0.1-0.6 ms/KB (Django, a venv's site-packages).")
    near_duplicate_threshold: float = _setting(
        0.92, "Cosine similarity of two embedded chunks from which they count as near "
        "duplicates (counted in the summaries, never dropped). Calibrated for the default "
        "model (MiniLM, int8 compute) by bench/near_duplicates.py on 369 pairs from Django 5.1: "
        "a copy in another path with one small edit scores p50 0.93 (p5 0.82), the next chunk "
        "of the same file p50 0.69 (p95 0.93), an unrelated chunk p50 0.24 (max 0.81). At 0.92: "
        "54% of edited copies found, 5% false positives on same-file neighbours (many of them "
        "repetitive code); exact copies are caught by hash regardless.")
    embed_batch_size: int = _setting(
        4, "Texts per ONNX call when the model runs as shipped (embed_int8 = false), sorted by "
        "length first. Measured on 2 cores: 4 gives the best throughput (~53 chunks/s) at "
        "~400 MB peak; 32 gives ~35 chunks/s at ~1.5 GB. int8 compute embeds one text per call "
        "(its vectors would otherwise depend on their batch mates).")
    max_chunks_per_file: int = _setting(
        5000, "Most chunks indexed from one file; the rest are counted and the file's record "
        "says so (bounds the memory and time one file can take).")
    buffer_chunks: int = _setting(
        512, "Chunks buffered before embedding and writing; bounds indexing memory."
    )
    lexical_only_rules: str = _setting(
        "", "Chunks that never get a dense vector (found by BM25 only, the reason recorded), "
        "comma-separated: table (mostly table rows), data (mostly digits and punctuation), "
        "test (test files). "
        "Empty: every chunk is embedded. See pipeline/lexical_only.py and bench/RESULTS.md.")
    dense_text_rules: str = _setting(
        "", "What the built-in model (minilm-onnx) leaves out of each text it reads, "
        "comma-separated: rule_lines (lines of punctuation only: underlines, table borders, "
        "comment rules), punct_runs (a run of 4+ punctuation characters kept to 3), title_once, "
        "test_file_name, context_once, rust_hints (Rust's compiler-only attribute lines). Its "
        "tokenizer makes each punctuation character a token; BM25 and the stored text are "
        "unchanged. Part of the vector signature. See pipeline/dense_text.py.")
    lexical_first: bool = _setting(
        True, "Index in two passes: first every admitted chunk with its BM25 vector (searchable "
        "at once, hits marked lexical-only), then the dense vectors, source and docs before "
        "tests. Off: each buffer is embedded before it is written (one pass).")
    max_tokens: int = _setting(
        256, "Token limit per embedded text of prose, config and queries (MiniLM was trained on "
        "256).")
    embed_int8: bool = _setting(
        True, "Run the model's matrix products in int8: its weights re-quantised per channel "
        "on first use (kept under home/models). Measured on 2 cores: 1.5x faster embedding, "
        "vectors at cosine 0.995 mean of the shipped model's. false: the model as shipped.")
    embed_niceness: int = _setting(
        10, "How much nicer (Linux scheduling priority) the model's document workers run than "
        "the rest of repokb: searches, and other programs, take the cores first while an index "
        "embeds (during a job, searches keep 86-100% of their idle rate instead of ~55%); alone "
        "the workers get every idle cycle. 0: same priority, an index run competes evenly.")
    code_max_tokens: int = _setting(
        192, "Token limit per embedded code chunk (BM25 reads all of it). Most code chunks are "
        "shorter (mean 140 tokens on Django), so the limit cuts only long ones, 1.3x faster "
        "than 256; 128 would be 1.6x faster but hides the tail of a class from the dense "
        "vector (measured in bench/RESULTS.md).")
    test_max_tokens: int = _setting(
        128, "Token limit per embedded chunk of test code (0: the code limit). A test says what "
        "it checks in its name, docstring and first lines; tests are 43% of Django's tokens. "
        "Measured (bench/RESULTS.md, issue 19): 128 embeds 8.8% fewer tokens on Django with "
        "retrieval unchanged (MRR@10 0.365 -> 0.368 over 426 questions, 0.224 -> 0.230 over the "
        "133 about tests); 96 cuts 15.5% but questions about tests fall to 0.199.")
    lexical: str = _setting(
        "code-bm25", "Lexical encoder feeding the BM25 sparse vectors: 'code-bm25' (repokb's "
        "code-aware tokens) or 'qdrant-bm25' (Qdrant's Bm25, Code tokenizer). Changing it needs "
        "a re-index (repokb index --flush).")
    search_limit: int = _setting(10, "Default number of search results.")
    rrf_k: int = _setting(60, "RRF constant: larger flattens the contribution of top ranks.")
    dense_weight: float = _setting(1.0, "Weight of the dense ranking in RRF fusion.")
    lexical_weight: float = _setting(1.0, "Weight of the BM25 ranking in RRF fusion.")
    symbol_lexical_factor: float = _setting(
        1.5, "Extra weight of the BM25 ranking when the query is a bare symbol name: the exact "
        "identifier is better evidence than the meaning of a name.")
    translate_queries: bool = _setting(
        True, "Render the programming words of a Spanish question in English (lexicon ES_EN) "
        "before searching: the default model is English-only. Measured in bench/RESULTS.md.")
    project_from_question: bool = _setting(
        True, "A question that names one indexed project ('how does gin recover from panics') "
        "and gives no project filter searches that project, and its name is left out of the "
        "words searched (docs/retrieval.md). A hit says so in 'project_from_question'.")
    named_project_boost: float = _setting(
        0.0, "0: a project named in the question is the search's scope (as --project); a "
        "factor above 1: every project is searched and the named one's chunks score x this. "
        "Measured in docs/retrieval.md.")
    candidates: int = _setting(
        50, "Candidates fetched from each retriever before fusion, whatever the limit (4x and "
        "16x as many only while the hits are fewer than the limit), so a smaller limit's hits "
        "are the first hits of a larger one's.")
    compact_after_delete: bool = _setting(
        False, "A run or an upload's prune that removed text (a file deleted, renamed or "
        "edited) rewrites the store "
        "afterwards whatever its size, so none of that text stays on disk (the engine's log "
        "and freed pages keep it until a compaction). Off: only a store of at most "
        "compact_points points is rewritten in the run; a bigger one's compaction stays due "
        "(kept through a crash) for the warm owner leaving idle or the next run that "
        "compacts (a rewrite of Django's store took 37-53 s under load). A file left out "
        "while still on disk (excluded, ignored) always compacts.")
    compact_points: int = _setting(
        2000, "A run that removed text (a file deleted, renamed or edited) rewrites a store of "
        "at most this many points at its end, so the removed text leaves the disk within the "
        "run (~0.2-1 ms a point); see compact_after_delete for bigger stores.")
    compact_idle_seconds: float = _setting(
        30.0, "A process that holds the store for long (repokb serve, watch, mcp, the warm "
        "owner) performs a due compaction (see compact_after_delete) once no search or write "
        "came for this many seconds; a write arriving meanwhile stops it (still due), a search "
        "is answered. 0: never (the next run that compacts does).")
    compact_due_hours: float = _setting(
        24.0, "A compaction due for this many hours is performed by the next index run "
        "whatever the store's size, so removed text leaves the disk within a bound even "
        "where no server idles. repokb stats says since when one is due.")
    dense_copy: bool = _setting(
        True, "repokb serve keeps a copy of the dense vectors in memory (~1.6 KB a point at 384 "
        "dimensions) and scans it without holding the interpreter; the store then ranks only "
        "the copy's candidates, with the same answers (Qdrant Edge store only).")
    cut_processes: int = _setting(
        0, "Processes that read and cut an index run's files in its first pass (each file is "
        "still recorded in the walk's order by the run): 0 one per usable core, 1 the run's "
        "own only. A run with fewer than 200 files to cut uses its own. Measured on 2 cores "
        "(Django): every file searchable in about half the time (bench/RESULTS.md).")
    index_worker: bool = _setting(
        True, "repokb serve runs each index run (its jobs, and repokb index sent to it) in a "
        "worker process at low priority, so the run's Python does not hold up searches; the "
        "server still does the store's writes. false: on the server's own threads.")
    code_doc_factor: float = _setting(
        0.8, "Re-rank factor of documentation for 'how does X work' and symbol queries "
        "(SPEC §5: source and contracts first).")
    howto_doc_factor: float = _setting(
        1.3, "Re-rank factor of documentation for 'how do I' questions (docs first).")
    test_factor: float = _setting(
        0.85, "Re-rank factor of tests and fixtures (after source, before docs for code).")
    howto_test_factor: float = _setting(0.8, "Re-rank factor of tests for 'how do I' questions.")
    declaration_factor: float = _setting(
        0.9, "Re-rank factor of declaration files (.pyi stubs, .d.ts, .rbi: signatures without "
        "bodies) for 'how does X work' and symbol queries: the implementation answers first "
        "(0.5 to 0.9 measured alike; the mildest kept). "
        "Measured in bench/RESULTS.md (retrieval, declarations).")
    generated_factor: float = _setting(0.3, "Re-rank factor of generated code.")
    vendor_factor: float = _setting(0.3, "Re-rank factor of vendored copies.")
    stale_factor: float = _setting(
        0.6, "Re-rank factor of stale paths: changelogs, release notes, blog posts, archived, "
        "deprecated or legacy trees (they mention everything, and describe the past).")
    symbol_boost: float = _setting(
        2.0, "Re-rank factor of a definition whose name the query names exactly.")
    path_boost: float = _setting(
        1.3, "Re-rank factor of a file whose name the query says: all words of a multi-word "
        "name (two or more of them: in proportion), or a one-word name given as a symbol.")
    quality_weight: float = _setting(
        0.05, "How much the chunk quality score (0..1) moves a hit: the factor spans "
        "1 - w/2 .. 1 + w/2. Kept a tie-breaker: at 0.3 a chunk ranked 2nd by both retrievers "
        "outranked the one ranked 1st by both; on the retrieval benchmark 0.05 gained 2-4% "
        "MRR@10 on code queries of every corpus, lost 1% on black's doc questions and 10% on "
        "the 22 Spanish questions (bench/RESULTS.md, issue 6).")
    context_min_similarity: float = _setting(
        0.34, "Dense cosine similarity (default model) a hit needs to enter the RAG context. "
        "Measured on the retrieval benchmark (bench/RESULTS.md, issue 6; "
        "bench/retrieval/calibrate.py) for MiniLM with int8 compute: 90% of relevant hits "
        "score at or above it; the seed's 0.75 (another model) would keep 4%.")
    strong_similarity: float = _setting(
        0.52, "Dense cosine similarity (default model) that best separates relevant hits from "
        "the rest on the benchmark (max TPR - FPR: keeps 58% of relevant hits, 29% of others). "
        "Relevant and other hits overlap widely: similarity alone is weak evidence.")
    max_per_file: int = _setting(3, "At most this many results from one file.")
    max_per_lead_file: int = _setting(
        5, "At most this many results from the file that holds each of the first three "
        "results of a question naming none of its definitions: a question about that file "
        "(each extra one a new definition near the top of a ranking); from any file, for a "
        "new definition among the first 10 of both rankings.")
    merge_gap_lines: int = _setting(
        2, "Parts of one definition split for length (same symbol) at most this many lines apart "
        "are merged into one result; other chunks of a file merge only when they overlap.")
    merge_max_lines: int = _setting(80, "A merged result never spans more lines than this.")
    # -- the server (`repokb serve`) --
    host: str = _setting("127.0.0.1", "Address `repokb serve` listens on (loopback by default).")
    port: int = _setting(8765, "Port `repokb serve` listens on.")
    api_key: str = _setting(
        "", "Once set, every request to `repokb serve` needs it, on loopback too (other users "
        "of the machine reach loopback ports), except the dashboard's page and /healthz: as "
        "x-api-key or Authorization: Bearer, and on the LLM proxy's /v1/* as x-repokb-key. "
        "Required to listen beyond loopback; set it with REPOKB_API_KEY. Empty: a loopback "
        "server is open to every local user, and destructive calls (flush) are refused.",
        secret=True)
    allowed_roots: tuple[str, ...] = _setting(
        (), "Folders on the server's disk that POST /knowledge/index may read (os.pathsep-"
        "separated in the environment). Empty: server-side indexing is refused.")
    allowed_hosts: tuple[str, ...] = _setting(
        (), "Host names the server answers to besides loopback names and `host` (e.g. a "
        "name in /etc/hosts); requests with another Host header are refused (DNS rebinding).")
    allowed_origins: tuple[str, ...] = _setting(
        (), "Origins (scheme://host:port, comma-separated in the environment) whose pages may "
        "send writes besides the server's own; cross-origin writes are refused otherwise.")
    max_request_bytes: int = _setting(8_000_000, "Largest request body the server accepts (413).")
    max_batch_chunks: int = _setting(256, "Most fragments in one POST /knowledge/ingest (413).")
    max_chunk_chars: int = _setting(20_000, "Longest fragment content POST /knowledge/ingest "
                                    "accepts (422).")
    header_timeout: float = _setting(
        10.0, "Seconds a client of `repokb serve` may take to send a request's headers; the "
        "connection is closed after that (slow or stalled clients cannot hold it open).")
    body_timeout: float = _setting(
        60.0, "Seconds a client may take to send a request's body once its headers are in (60 "
        "s: an 8 MB upload at 140 KB/s); a stalled body's connection is closed after that.")
    store_wait_seconds: float = _setting(
        120.0, "How long a command waits for another process that holds the store without "
        "answering for it (a search or verify run on their own) before it gives up as busy.")
    write_wait_seconds: float = _setting(
        10.0, "How long an API write waits for another write (or index job) before a 409.")
    job_lease_seconds: float = _setting(
        15.0, "An index job whose caller asked to follow it (`repokb mcp` handing its run to "
        "the store's owner: POST /knowledge/index with follow) is let go by that caller when "
        "it has not asked about the job for this many seconds (it was killed, or its host "
        "crashed); a job nobody holds any more is cancelled.")
    owner_idle_seconds: float = _setting(
        600.0, "A read command (search, stats, explain) that finds no process owning the "
        "embedded store starts a warm owner in the background, which keeps the model and the "
        "store open for the next calls (logs: home/logs/owner.log) and leaves after this many "
        "seconds without a request, or when a command needs the store (index, watch, serve, "
        "migrate). 0: never start one.")
    # -- the MCP server (`repokb mcp`) --
    mcp_idle_seconds: float = _setting(
        60.0, "`repokb mcp` (stdio) holds the embedded store while agents use it and lets it go "
        "after this many idle seconds, so `repokb serve` or `watch` can take it meanwhile "
        "(its next call forwards to them, or takes the store again). Not with --watch.")

    # -- the LLM proxy (`repokb proxy`, and under `repokb serve`) --
    proxy_anthropic_url: str = _setting(
        "https://api.anthropic.com", "Upstream of POST /v1/messages (Anthropic Messages API); "
        "the proxy appends the request path.")
    proxy_openai_url: str = _setting(
        "https://api.openai.com", "Upstream of POST /v1/chat/completions and /v1/responses "
        "(OpenAI); the proxy appends the request path.")
    proxy_max_request_bytes: int = _setting(
        32_000_000, "Largest request body the LLM proxy's /v1/ routes accept (413), instead of "
        "max_request_bytes: an agent's conversation with screenshots outgrows the REST API's "
        "limit; Anthropic's Messages API takes 32 MB.")
    proxy_timeout_seconds: float = _setting(
        120.0, "How long the proxy waits for the upstream (connect, and between two bytes of "
        "the answer) before it answers the client with the protocol's own timeout error.")
    proxy_cache_hit_similarity: float = _setting(
        0.85, "Cosine similarity (default model) from which a cached answer is returned without "
        "calling the upstream (X-Cache: HIT). Measured by bench/proxy/calibrate.py (docs/"
        "proxy.md): a different question about the same repository reached at most 0.70, an "
        "unrelated one 0.37; 9% of paraphrases reach 0.85, verbatim repeats 1.0.")
    proxy_cache_context_similarity: float = _setting(
        0.70, "Cosine similarity (default model) from which a cached answer is injected as "
        "context into the upstream call (X-Cache: CACHE-RAG). Measured as above: 41% of "
        "paraphrases reach 0.70 with no other repository question and no unrelated one; at "
        "0.66, 62% but 3% of other questions. The seeds' 0.98/0.87 were for another model.")
    proxy_knowledge_similarity: float = _setting(
        0.42, "Dense similarity (default model) the proxy's best knowledge hit must reach for a "
        "block to be injected at all; fragments in it then need context_min_similarity. "
        "Measured by bench/proxy/calibrate.py (docs/proxy.md) on this repository: 94% of "
        "questions about it reach 0.42, none of 32 unrelated ones (max 0.40); at 0.34, 19% of "
        "unrelated questions would get a block.")
    proxy_knowledge_tokens: int = _setting(
        2000, "Token budget of the knowledge block injected into the system prompt (counted "
        "as 4 characters a token).")
    proxy_knowledge_hits: int = _setting(8, "Most search results the knowledge block draws on.")
    proxy_cache_min_words: int = _setting(
        3, "Questions shorter than this many words are neither looked up in nor written to "
        "the cache: 'and why?' means something else in every conversation.")

    @property
    def store_path(self) -> Path:
        return self.home / HOME_STORE

    @property
    def cache_path(self) -> Path:
        return self.home / "cache"

    @property
    def catalog_path(self) -> Path:
        return self.home / HOME_CATALOG

    @property
    def embed_plan(self) -> EmbedPlan:
        if self.embedder == "openai-compat":  # the model and its size sign the vectors
            model = f"openai-compat:{self.embed_model}:{self.embed_dimension}"
        else:
            model = f"{self.embedder}+int8" if self.embed_int8 else self.embedder
            if self.embedder == "minilm-onnx":  # its graph's rewrites sign its vectors too
                model += f"+graph{MINILM_GRAPH}"
        # what the built-in model leaves out of a text (its tokenizer's costs) signs its vectors
        squeeze = ",".join(n.strip() for n in self.dense_text_rules.split(",") if n.strip())
        if self.embedder != "minilm-onnx":
            squeeze = ""
        elif squeeze:
            model += "+" + squeeze.replace(",", "+")
        return EmbedPlan(model=model, code=self.code_max_tokens, prose=self.max_tokens,
                         test=self.test_max_tokens or None, squeeze=squeeze)

    @property
    def parse_budget(self) -> ParseBudget:
        return ParseBudget(self.parse_budget_seconds, self.parse_budget_ms_per_kb)

    @classmethod
    def describe(cls) -> list[tuple[str, Any, str]]:
        return [(f.name, f.default, f.metadata["help"]) for f in fields(cls)]

    @classmethod
    def load(cls, **overrides: Any) -> Settings:
        overrides = {k: v for k, v in overrides.items() if v is not None}
        home = overrides.get("home") or os.environ.get("REPOKB_HOME")
        # A quoted `~` reaches us unexpanded: expand it like every other path setting.
        settings = cls() if home is None else cls(home=_coerce(Path, home, "home", "REPOKB_HOME"))
        settings = settings._merge(_read_toml(settings.home / "repokb.toml"), "repokb.toml")
        env = {
            f.name: os.environ[f"REPOKB_{f.name.upper()}"]
            for f in fields(cls)
            if f.name != "home" and f"REPOKB_{f.name.upper()}" in os.environ
        }
        settings = settings._merge(env, "environment")
        return settings._merge(overrides, "overrides")

    def with_values(self, values: dict[str, Any], source: str) -> Settings:
        """These settings with `values` (setting name -> value, as in repokb.toml) applied;
        ConfigError names `source` for an unknown name or a bad value."""
        return self._merge(values, source)

    def _merge(self, values: dict[str, Any], source: str) -> Settings:
        known = {f.name: f for f in fields(self)}
        changes: dict[str, Any] = {}
        for name, raw in values.items():
            if name not in known:
                close = difflib.get_close_matches(name, known, n=1)
                raise ConfigError(
                    f"Unknown setting {name!r} in {source}.",
                    hint=(f"Did you mean {close[0]!r}? " if close else "")
                    + "Known settings: " + ", ".join(sorted(known)),
                )
            changes[name] = _coerce(type(getattr(self, name)), raw, name, source)
        return replace(self, **changes) if changes else self


def _coerce(target: type, raw: Any, name: str, source: str) -> Any:
    if isinstance(raw, target):
        return raw
    try:
        if target is tuple:
            sep = "," if name == "allowed_origins" else os.pathsep  # URLs hold ':'
            items = raw.split(sep) if isinstance(raw, str) else list(raw)
            return tuple(str(item).strip() for item in items if str(item).strip())
        if target is Path or issubclass(target, Path):
            return Path(str(raw)).expanduser()
        if target is bool:
            return str(raw).lower() in ("1", "true", "yes", "on")
        return target(raw)  # type: ignore[call-arg]
    except (TypeError, ValueError, RuntimeError) as exc:  # RuntimeError: `~nosuchuser`
        raise ConfigError(
            f"Setting {name!r} from {source} must be {target.__name__}, got {raw!r}."
        ) from exc


def read_toml(path: Path) -> dict[str, Any]:
    """The settings a TOML file sets ({} when there is no file); ConfigError if unreadable."""
    return _read_toml(path)


def _read_toml(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"Cannot read {path}: {exc}", hint="Fix or remove the file.") from exc
