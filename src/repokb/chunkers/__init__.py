"""Chunkers, one module per format family; importing this package registers the built-ins."""

from repokb.chunkers import code, markdown  # noqa: F401  (registration side effect)
from repokb.chunkers.base import Chunker, chunker_for, register
from repokb.chunkers.fixed import FixedChunker, fixed_windows

__all__ = ["Chunker", "FixedChunker", "chunker_for", "fixed_windows", "register"]
