"""repokb: code repositories as a knowledge base people and agents can trust."""

import os

__version__ = "0.1.0"

# numpy's OpenBLAS keeps an idle helper thread spinning for ~2^28 cycles (~0.1 s) after each
# product. A server's dense copy multiplied every few milliseconds on it (it now uses
# onnxruntime's integer products: stores/dense_scan.py), so that thread never slept and took the
# core the index job and the other requests need (CPU per search 14 -> 10 ms with 2^4,
# OpenBLAS's minimum); the index's near-duplicate search (pipeline/metrics.py) still multiplies
# on it. OpenBLAS reads this once, when numpy loads, so it is set here, before any module
# imports numpy; a caller's own value wins.
os.environ.setdefault("OPENBLAS_THREAD_TIMEOUT", "4")
