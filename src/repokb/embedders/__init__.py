"""Embedding backends, one module per runtime; importing this package registers the built-ins."""

from repokb.embedders.base import Embedder, backend, create, register

__all__ = ["Embedder", "backend", "create", "register", "load_builtins"]


def load_builtins() -> None:
    """Import the built-in backends (lazily: onnxruntime is slow to import)."""
    from repokb.embedders import onnx_minilm  # noqa: F401
