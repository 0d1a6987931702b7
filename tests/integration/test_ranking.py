"""Ranking behaviour that matters, on the real model and a real Qdrant Edge shard."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from repokb.models import Chunk
from repokb.pipeline.embed import Vectorizer
from repokb.roots import resolve_roots
from repokb.search import Query
from repokb.workspace import Workspace

from ..conftest import write

pytestmark = pytest.mark.integration




@pytest.fixture
def payments(tmp_path: Path) -> Path:
    root = tmp_path / "payments"
    write(root, "src/payments/retry.py", '''
        """Retrying flaky calls."""

        import time


        def retry_with_backoff(func, attempts=5, base_delay=0.5):
            """Call func again after a failure, waiting exponentially longer each time."""
            for attempt in range(attempts):
                try:
                    return func()
                except ConnectionError:
                    time.sleep(base_delay * 2 ** attempt)
            return func()


        def charge_card(gateway, amount_cents, card_token):
            """Charge a card through the payment gateway, retrying on network errors."""
            return retry_with_backoff(lambda: gateway.charge(amount_cents, card_token))
        ''')
    write(root, "src/payments/refunds.py", '''
        """Refunds."""


        def refund_payment(gateway, payment_id, reason):
            """Give the customer their money back for one payment and record why."""
            gateway.refund(payment_id)
            print(f"refunded {payment_id}: {reason}")
        ''')
    write(root, "tests/test_retry.py", '''
        from payments.retry import retry_with_backoff


        def test_retry_with_backoff_gives_up_after_attempts():
            calls = []
            def flaky():
                calls.append(1)
                raise ConnectionError
            try:
                retry_with_backoff(flaky, attempts=2, base_delay=0)
            except ConnectionError:
                pass
            assert len(calls) == 3
        ''')
    write(root, "docs/guide.md", '''
        # Payments guide

        ## Configuring retries

        A failed charge is retried with exponential backoff. To change how many times a
        payment is retried, pass `attempts` to `retry_with_backoff`; to wait longer between
        attempts, raise `base_delay` (seconds).

        ## Refund policy

        Refunds are issued to the original card within five business days.
        ''')
    return root


def top(ws: Workspace, text: str, n: int = 1) -> list[tuple[str, str | None]]:
    return [(h.path, h.symbol) for h in ws.searcher.search(Query(text=text, limit=10))][:n]


def test_exact_symbol_query_puts_the_definition_first(workspace, payments):
    workspace.indexer.run(resolve_roots([payments], None))
    # The name also appears in a test, a caller and the docs: the definition still wins.
    assert top(workspace, "retry_with_backoff") == [("src/payments/retry.py",
                                                     "retry_with_backoff")]
    assert top(workspace, "refund_payment()") == [("src/payments/refunds.py", "refund_payment")]


def test_how_do_i_question_ranks_the_doc_section_first(workspace, payments):
    workspace.indexer.run(resolve_roots([payments], None))
    assert top(workspace, "how do I change how many times a failed payment is retried") == [
        ("docs/guide.md", "Payments guide > Configuring retries")]
    # ... while "how does it work" wants the implementation.
    assert top(workspace, "how does the retry with exponential backoff work")[0][0] == \
        "src/payments/retry.py"


def test_vendored_or_generated_copy_never_outranks_the_source(workspace, payments):
    workspace.indexer.run(resolve_roots([payments], None))
    source = [p for p in workspace.store.export("payments")
              if p.payload["path"] == "src/payments/retry.py"]
    copies = []
    for kind, prefix in (("vendor", "third_party/payments/"), ("generated", "gen/")):
        for p in source:
            payload = p.payload
            copies.append(Chunk(
                "payments", prefix + payload["path"], payload["chunk_index"],
                payload["start_line"], payload["end_line"], payload["content"],
                # the same text as the source, so only the kind can tell them apart
                payload["content"], payload["symbol"], payload["symbol_type"], kind, "python",
                "supporting_evidence", payload["quality"], "test"))
    workspace.store.upsert(Vectorizer(lambda: workspace.embedder, workspace.lexical)
                           .vectorize(copies, {}))
    for text in ("retry_with_backoff", "retry a call with exponential backoff",
                 "how does charging a card retry on network errors"):
        paths = [h.path for h in workspace.searcher.search(Query(text, limit=20))]
        first_source = min(i for i, p in enumerate(paths) if p.startswith("src/"))
        copy_ranks = [i for i, p in enumerate(paths) if p.startswith(("third_party/", "gen/"))]
        assert all(first_source < i for i in copy_ranks), (text, paths)


def test_spanish_and_english_phrasings_find_the_same_chunk(workspace, mixed_repo):
    workspace.indexer.run(resolve_roots([mixed_repo], None))
    pairs = [
        ("how do I configure the database connection timeout",
         "¿cómo configuro el tiempo de espera de la conexión a la base de datos?"),
        ("how do I run the shop in a docker container",
         "¿cómo ejecuto la tienda en un contenedor docker?"),
    ]
    for english, spanish in pairs:
        assert top(workspace, english) == top(workspace, spanish), (english, spanish)


def test_one_definition_per_hit_and_per_file_cap(workspace, payments):
    workspace.indexer.run(resolve_roots([payments], None))
    settings = replace(workspace.settings, max_per_file=1)
    workspace.searcher.settings = settings
    hits = workspace.searcher.search(Query("retry payment card charge", limit=10))
    paths = [h.path for h in hits]
    assert len(paths) == len(set(paths))  # one hit per file
    retry = next(h for h in hits if h.path == "src/payments/retry.py")
    # The two adjacent definitions of retry.py are not merged: the hit is one definition,
    # named by its own symbol (issue 17).
    assert ("def retry_with_backoff" in retry.content) != ("def charge_card" in retry.content)
    assert retry.symbol and f"def {retry.symbol}" in retry.content
    assert len(retry.provenance["chunks"]) == 1


def test_hits_carry_provenance(workspace, payments):
    workspace.indexer.run(resolve_roots([payments], None))
    hit = workspace.searcher.search(Query("retry_with_backoff", explain=True))[0]
    p = hit.provenance
    assert p["kind"] == "source" and p["role"] == "primary_evidence"
    assert p["policy"] == "parse_and_index"
    assert p["file_mtime_ns"] == (payments / hit.path).stat().st_mtime_ns
    assert p["lexical_rank"] >= 1 and p["dense_rank"] >= 1 and p["fused"] > 0
    assert p["factors"]["exact_symbol"] == workspace.settings.symbol_boost
    assert "provenance" not in hit.to_json()
    assert hit.to_json(explain=True)["provenance"] == p


def test_the_implementation_answers_before_its_stub(workspace, payments):
    # a package shipping stubs beside its modules (attrs does): the stub repeats every
    # signature, in the very words of the question, and holds no body
    write(payments, "src/payments/retry.pyi", '''
        from typing import Any, Callable

        def retry_with_backoff(func: Callable[[], Any], attempts: int = 5,
                               base_delay: float = 0.5) -> Any: ...
        def charge_card(gateway: Any, amount_cents: int, card_token: str) -> Any: ...
        ''')
    workspace.indexer.run(resolve_roots([payments], None))
    for text in ("how does retry_with_backoff work", "retry_with_backoff",
                 "how does charging a card retry"):
        hits = workspace.searcher.search(Query(text, limit=10, explain=True))
        paths = [h.path for h in hits]
        assert paths.index("src/payments/retry.py") < paths.index("src/payments/retry.pyi"), (
            text, paths)
    # a question about use keeps the signature where it was found (no step back)
    hits = workspace.searcher.search(Query("how do I call retry_with_backoff", explain=True))
    assert all("declaration" not in h.provenance["factors"] for h in hits)


def test_a_file_named_in_a_question_is_found_not_a_method_named_like_its_extension(
        workspace, payments):
    # a class big enough that each method is a chunk of its own, one of them named `json`: four
    # alike, each asking the gateway with its own verb
    asks = "".join(f'''
            def {name}(self, timeout=30):
                """{doc}"""
                started = time.monotonic()
                while time.monotonic() - started < timeout:
                    answer = self._session.request("{verb}", self.url, timeout=timeout)
                    if answer.status_code < 500:
                        return answer
                raise TimeoutError(self.url)
''' for name, doc, verb in (
        ("fetch", "Read the charge back from the gateway.", "GET"),
        ("capture", "Capture an authorised charge.", "POST"),
        ("void", "Cancel an authorised charge before capture.", "DELETE"),
        ("refresh", "Read the charge's latest state.", "GET")))
    write(payments, "src/payments/gateway.py", f'''
        import json as jsonlib
        import time


        class GatewayResponse:
            """What the payment gateway answered."""

            def __init__(self, session, url, body):
                self._session, self.url, self._body = session, url, body
{asks}
            def json(self):
                """The response body, decoded."""
                return jsonlib.loads(self._body)
        ''')
    write(payments, "config/settings.json", '''
        {"gateway_url": "https://pay.example", "attempts": 5, "base_delay": 0.5}
        ''')
    workspace.indexer.run(resolve_roots([payments], None))
    assert top(workspace, "what does settings.json hold")[0][0] == "config/settings.json"


def test_the_head_of_a_long_definition_comes_before_its_later_parts(workspace, tmp_path):
    # googleapis-common-protos 1.76.0 google/api/error_reason.proto: a 780-line enum cut into
    # value pieces all named ErrorReason; "where is enum ErrorReason defined" gave three value
    # pieces (the per-file cap) and never the piece with `enum ErrorReason {`
    values = "".join(
        f"  // The request is denied because the error reason {n} applies: this reason is\n"
        f"  // defined for requests where the error happens, see ErrorReason {n}.\n"
        f"  //\n  // Example of an ErrorInfo when the reason {n} is defined:\n  //\n"
        f"  //     {{ \"reason\": \"REASON_{n}\", \"domain\": \"googleapis.com\" }}\n"
        f"  REASON_{n} = {n};\n\n" for n in range(1, 121))
    write(tmp_path / "protos", "google/api/error_reason.proto",
          'syntax = "proto3";\n\npackage google.api;\n\n'
          "// Defines the supported values for `google.rpc.ErrorInfo.reason` for the\n"
          "// `googleapis.com` error domain.\n"
          "enum ErrorReason {\n  // Do not use this default value.\n  UNSPECIFIED = 0;\n\n"
          f"{values}}}\n")
    workspace.indexer.run(resolve_roots([tmp_path / "protos"], None))
    workspace.searcher.settings = replace(workspace.settings, candidates=8)
    hits = workspace.searcher.search(Query("where is enum ErrorReason defined", limit=10))
    assert sum(h.symbol == "ErrorReason" for h in hits) > 1  # cut into parts
    assert "enum ErrorReason {" in hits[0].content, [(h.start_line, h.symbol) for h in hits]


def test_the_head_first_is_the_hits_own_definition_not_another_overload(workspace, tmp_path):
    # Two Java methods `put(...)` in one file: "where is Cache.put with a time to live
    # defined" found the second (its own piece, `put(K key, V value, Duration ttl)`), and the
    # head-of-definition step put the first `put` of the file above it: it read every piece of
    # the file and took the first that names `put`
    body = "".join(f"        audit.record(\"put\", key, {n});\n" for n in range(40))
    write(tmp_path / "cache", "src/main/java/org/acme/Cache.java", (
        "package org.acme;\n\nimport java.time.Duration;\nimport java.util.HashMap;\n\n"
        "public class Cache<K, V> {\n"
        "    private final HashMap<K, V> entries = new HashMap<>();\n\n"
        "    /** Stores a value under a key until it is evicted for lack of room. */\n"
        "    public void put(K key, V value) {\n"
        f"{body}"
        "        entries.put(key, value);\n    }\n\n"
        "    /** Stores a value that expires after a time to live (ttl): an expiring entry. */\n"
        "    public void put(K key, V value, Duration ttl) {\n"
        "        expiries.schedule(key, ttl.toMillis(), TimeToLive.EXPIRE);\n"
        f"{body}"
        "        entries.put(key, value);\n    }\n}\n"))
    workspace.indexer.run(resolve_roots([tmp_path / "cache"], None))
    hits = workspace.searcher.search(
        Query("where is Cache.put defined for an expiring entry with a time to live ttl",
              limit=5))
    puts = [h for h in hits if h.symbol == "Cache.put"]
    assert len(puts) == 2, [(h.start_line, h.symbol) for h in hits]  # one hit each
    assert "Duration ttl" in hits[0].content, [(h.start_line, h.symbol) for h in hits]
    assert "head_of_definition" not in hits[0].provenance["factors"]
