"""Tokens embedded: what the model reads for each text, cut at that text's limit."""

from __future__ import annotations

import pytest

from repokb.embedders.base import Embedder
from repokb.embedders.code_bm25 import CodeBm25Encoder
from repokb.embedders.onnx_minilm import _prefix
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


def _cut(ids: list[int], limit: int, sep: int) -> list[int]:
    return ids if len(ids) <= limit else [*ids[: limit - 1], sep]


_WIDE = "x" * 101  # past WordPiece's longest word: one [UNK] for 102 characters


@pytest.mark.parametrize("text", [
    "word " * 3000,                                       # a prefix is enough
    "x" * 20000,                                          # no whitespace at all: whole
    "a.b(c)," * 3000,                                     # punctuation only, no whitespace
    "naïve café 漢字テキスト 😀 e\u0301t\u00e9 " * 800,   # multi-byte, CJK, combining marks
    "def f(x):\n\treturn x\r\n" * 900,                   # tabs, CR LF
    "ab\x1ccd\u00a0ef\u3000gh " * 1500,                  # whitespace the cut never takes
    (_WIDE + " ") * 300,                                  # too few ids in any prefix: whole
    " ".join(["long" + "ation" * 30] * 400),              # each word many pieces
])
@pytest.mark.parametrize("limit", [2, 64, 192, 256, 512])
def test_a_text_tokenized_up_to_a_prefix_gives_the_ids_of_the_whole_text(
        real_embedder: Embedder, text: str, limit: int):
    """The model reads at most `limit` ids: the tokenizer sees a prefix cut at whitespace
    (Django's texts: 2.34 M tokens tokenized and thrown away). The ids must be the same."""
    tokenizer, sep = real_embedder._tokenizer, real_embedder._sep_id  # type: ignore[attr-defined]
    whole = _cut(tokenizer.encode(text).ids, limit, sep)
    (ids,) = real_embedder._encoded([text], [limit])  # type: ignore[attr-defined]
    assert _cut(ids, limit, sep) == whole


@pytest.mark.parametrize("extra", [-3, -2, -1, 0, 1])
@pytest.mark.parametrize("limit", [64, 256])
def test_a_text_at_its_limit_gives_the_ids_of_the_whole_text(real_embedder: Embedder,
                                                             limit: int, extra: int):
    """Texts whose ids number around the limit, too sparse for the prefix: no id lost."""
    tokenizer, sep = real_embedder._tokenizer, real_embedder._sep_id  # type: ignore[attr-defined]
    text = " ".join([_WIDE] * (limit - 2 + extra))
    assert len(tokenizer.encode(text).ids) == min(limit + extra, 512)
    (ids,) = real_embedder._encoded([text], [limit])  # type: ignore[attr-defined]
    assert _cut(ids, limit, sep) == _cut(tokenizer.encode(text).ids, limit, sep)
    assert real_embedder.count_tokens([text], [limit]) == min(limit, limit + extra)


def test_a_long_text_is_not_tokenized_whole_and_keeps_its_vector(real_embedder: Embedder,
                                                                monkeypatch):
    """The tokenizer gets a prefix of a long text, and the vector is the one the whole text
    gives (the same ids)."""
    text = "Returns a new QuerySet containing objects that match the given lookup. " * 400
    before = real_embedder.embed_documents([text, "x"], [256, 256])
    seen: list[int] = []
    tokenizer = real_embedder._tokenizer  # type: ignore[attr-defined]

    class Spy:
        def encode_batch(self, texts):
            seen.extend(len(t) for t in texts)
            return tokenizer.encode_batch(texts)

        def encode(self, text):
            seen.append(len(text))
            return tokenizer.encode(text)

    monkeypatch.setattr(real_embedder, "_tokenizer", Spy())
    after = real_embedder.embed_documents([text, "x"], [256, 256])
    assert (before == after).all()
    assert max(seen) < len(text) // 10


@pytest.mark.parametrize("text", [
    "word " * 3000, "a\tb\n" * 5000, "x" * 20000, "ab\x1ccd\u00a0ef\u3000gh\x85ij\r" * 2000,
    "漢字 " * 5000, "short text",
])
def test_a_prefix_ends_before_a_space_tab_or_newline_or_is_the_whole_text(text: str):
    """Only there are the prefix's words the text's own: the normalizer drops control
    characters such as \\x1c (joining the words beside them), and a cut inside a word
    gives other pieces."""
    for limit in (2, 64, 256):
        head = _prefix(text, limit)
        assert text.startswith(head)
        assert head == text or (len(head) >= limit and text[len(head)] in " \t\n")
        if not any(c in " \t\n" for c in text[len(head):]):
            assert head == text
