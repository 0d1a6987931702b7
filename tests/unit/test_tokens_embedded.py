"""Tokens embedded: what the model reads for each text, cut at that text's limit."""

from __future__ import annotations

from repokb.embedders.base import Embedder
from repokb.embedders.code_bm25 import CodeBm25Encoder
from repokb.pipeline.embed import Vectorizer

from ..conftest import HashEmbedder


def test_the_model_counts_the_tokens_it_reads_cut_at_each_limit(real_embedder: Embedder):
    short = "def add(a, b): return a + b"
    long = "word " * 1000
    (n_short,) = [real_embedder.count_tokens([short], [256])]
    assert 8 <= n_short <= 20  # [CLS] ... [SEP]: a handful of word pieces
    assert real_embedder.count_tokens([long], [192]) == 192
    assert real_embedder.count_tokens([long], [64]) == 64
    assert real_embedder.count_tokens([short, long], [256, 100]) == n_short + 100
    assert real_embedder.count_tokens([], []) == 0


def test_a_page_is_tokenised_for_counting_a_slice_at_a_time():
    """Counting a whole dense page's tokens at once held the tokenizer's encodings of 512 texts
    (~40 MB, kept by the allocator for the rest of the run): the vectorizer counts at most 32
    texts a call, and the count is the same."""
    calls: list[int] = []

    class Counting(HashEmbedder):
        def count_tokens(self, texts, token_limits=None):
            calls.append(len(texts))
            return super().count_tokens(texts, token_limits)

    model = Counting()
    texts = [f"def handler_{i}(request): return {i} * request.size" for i in range(100)]
    vectorizer = Vectorizer(lambda: model, CodeBm25Encoder())
    vectorizer.embed(texts, [256] * len(texts))
    assert calls and max(calls) <= 32 and sum(calls) == len(texts)
    assert vectorizer.tokens == HashEmbedder().count_tokens(texts, [256] * len(texts))


def test_the_model_counts_what_its_workers_read_without_tokenizing_twice(
        real_embedder: Embedder, monkeypatch):
    """The run's token count came from a second pass of the tokenizer over every text before
    the model read it (as long as the model's own tokenization, the model idle meanwhile): the
    workers now count the ids they feed it. The same count, the same vectors, one pass."""
    texts = ["def add(a, b): return a + b", "word " * 1000, "class Shop:\n    pass",
             "Returns a QuerySet " * 40, "x"]
    limits = [256, 192, 128, 64, 256]
    expected = real_embedder.count_tokens(texts, limits)
    vectors = real_embedder.embed_documents(texts, limits)
    asked: list[int] = []
    monkeypatch.setattr(type(real_embedder), "count_tokens",
                        lambda self, t, lim=None: asked.append(len(t)) or 0)
    vectorizer = Vectorizer(lambda: real_embedder, CodeBm25Encoder())
    made = vectorizer.embed(texts, limits)
    assert not asked  # no second pass
    assert vectorizer.tokens == expected
    assert all((a == b).all() for a, b in zip(made, vectors, strict=True))
    progress: list[tuple[int, int]] = []
    vectorizer.progress = lambda done, total: progress.append((done, total))
    vectorizer.embed(texts, limits)  # a slice at a time, as a watched run embeds
    assert vectorizer.tokens == 2 * expected and progress[-1] == (5, 5) and not asked
