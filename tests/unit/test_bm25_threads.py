"""BM25 tokens are the same whichever thread asks: an index run and searches tokenise at once in
one owner process (the Snowball stemmer keeps per-call state; shared, it failed with IndexError
inside `find_among_b` during a lexical-first index of Django while searches ran)."""

from __future__ import annotations

import sys
import threading

from repokb.embedders import code_bm25

WORDS = [f"{stem}{suffix}{n}" for n in range(40) for stem in
         ("configur", "generat", "relat", "optim", "normal", "serializ", "authent", "migrat")
         for suffix in ("ational", "ization", "fulness", "iveness", "ements", "ingly", "ers")]


def test_stemming_from_many_threads_matches_one_thread():
    code_bm25._stem.cache_clear()
    expected = {w: code_bm25._STEMMER.stemWord(w) for w in WORDS}
    code_bm25._stem.cache_clear()
    errors: list[BaseException] = []
    results: list[dict[str, str]] = []

    def work(offset: int) -> None:
        try:
            words = WORDS[offset:] + WORDS[:offset]
            results.append({w: code_bm25._stem(w) for w in words})
        except BaseException as exc:  # noqa: BLE001 - the failure under test
            errors.append(exc)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        threads = [threading.Thread(target=work, args=(i * 97,)) for i in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert not errors, errors[0]
    assert all(r == expected for r in results)
