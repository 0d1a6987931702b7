"""The code BM25 encoder's memos are bounded (they live as long as the process: an index run,
a server) and never change a vector."""

from __future__ import annotations

from repokb.embedders import code_bm25
from repokb.embedders.code_bm25 import CodeBm25Encoder

MEMOS = (code_bm25._stem, code_bm25._identifier_tokens, code_bm25._run_tokens,
         code_bm25._index)


def test_the_memos_hold_at_most_their_size_and_give_the_same_vectors() -> None:
    encoder = CodeBm25Encoder()
    text = "def parseConfigFile(path): return load_yaml(path).get('database_timeout')"
    for memo in MEMOS:
        memo.cache_clear()
    fresh = encoder.document(text)
    # more distinct identifiers than a memo holds: the first ones are evicted
    words = [f"handle_request_{n:06d}" for n in range(code_bm25._MEMO + 500)]
    for start in range(0, len(words), 1000):
        encoder.document(" ".join(words[start:start + 1000]))
    for memo in MEMOS:
        assert memo.cache_info().currsize <= code_bm25._MEMO
    assert code_bm25._run_tokens.cache_info().currsize == code_bm25._MEMO
    assert encoder.document(text) == fresh
