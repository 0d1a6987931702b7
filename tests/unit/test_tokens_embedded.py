"""Tokens embedded: what the model reads for each text, cut at that text's limit."""

from __future__ import annotations

from repokb.embedders.base import Embedder


def test_the_model_counts_the_tokens_it_reads_cut_at_each_limit(real_embedder: Embedder):
    short = "def add(a, b): return a + b"
    long = "word " * 1000
    (n_short,) = [real_embedder.count_tokens([short], [256])]
    assert 8 <= n_short <= 20  # [CLS] ... [SEP]: a handful of word pieces
    assert real_embedder.count_tokens([long], [192]) == 192
    assert real_embedder.count_tokens([long], [64]) == 64
    assert real_embedder.count_tokens([short, long], [256, 100]) == n_short + 100
    assert real_embedder.count_tokens([], []) == 0
