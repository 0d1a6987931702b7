"""Embedding backends, one module per runtime; importing this package registers the built-ins."""

from repokb.embedders.base import Embedder, LexicalEncoder, backend, create, register

__all__ = ["Embedder", "backend", "create", "create_lexical", "register", "load_builtins"]


def load_builtins() -> None:
    """Import the built-in backends (lazily: onnxruntime is slow to import)."""
    from repokb.embedders import onnx_minilm, openai_compat, use_multilingual  # noqa: F401


def create_lexical(name: str) -> LexicalEncoder:
    """The lexical (BM25 sparse) encoder by name: 'code-bm25' (default) or 'qdrant-bm25'."""
    if name == "code-bm25":
        from repokb.embedders.code_bm25 import CodeBm25Encoder

        return CodeBm25Encoder()
    if name == "qdrant-bm25":
        from repokb.embedders.bm25 import Bm25Encoder

        return Bm25Encoder()
    from repokb.errors import ConfigError

    raise ConfigError(f"Unknown lexical encoder {name!r}.", hint="Use code-bm25 or qdrant-bm25.")
