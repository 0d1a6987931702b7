"""One definition per hit: on code packed without blank lines between definitions (Go, Rust,
Java, JS, TS, shell, SQL, Terraform, TOML, Python), a paraphrased question returns the
definition that matches, first, with its own lines and its own symbol (issue 17's acceptance).

Real MiniLM model, real Qdrant Edge shard; the tree is tests/golden/packed.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from repokb.roots import resolve_roots
from repokb.search import Query
from repokb.settings import Settings
from repokb.workspace import Workspace

pytestmark = pytest.mark.integration

PACKED = Path(__file__).parent.parent / "golden" / "packed"
# (question, path, symbol, first line, last line of the definition)
QUESTIONS = [
    ("make sure nobody tampered with a token", "tokens.go", "VerifySignature", 7, 12),
    ("hold units for an order and fail when the shelf does not have enough", "inventory.rs",
     "reserve", 5, 11),
    ("when will a parcel arrive if weekends do not count", "Shipping.java", "DeliveryCalendar",
     6, 13),
    ("sum of the prices of everything in the basket", "cart.js", "cartTotal", 5, 7),
    ("show how long ago something happened", "format.ts", "relativeTime", 4, 7),
    ("compress old log files and delete the oldest archives", "deploy.sh", "rotate_logs", 5, 8),
    ("revenue per month", "reports.sql", "monthly_revenue", 3, 3),
    ("alarm when checkout answers with too many server errors", "main.tf",
     "aws_cloudwatch_metric_alarm.checkout_errors", 10, 15),
    ("which smtp server sends the order emails", "settings.toml", "mail", 6, 10),
    ("round an amount for payment in cash", "pricing.py", "round_to_nickel", 7, 9),
]


@pytest.fixture(scope="module")
def packed(tmp_path_factory: pytest.TempPathFactory, real_embedder: object):
    root = tmp_path_factory.mktemp("packed") / "shop"
    shutil.copytree(PACKED, root)
    ws = Workspace(Settings.load(home=tmp_path_factory.mktemp("home")))
    ws.__dict__["embedder"] = real_embedder
    summary = ws.indexer.run(resolve_roots([root], None)).summary()
    assert summary["files_indexed"] == len(list(PACKED.iterdir()))
    yield ws
    ws.close()


def _answers(ws: Workspace, question: str, path: str, symbol: str, first: int,
             last: int) -> bool:
    hit = ws.searcher.search(Query(text=question, limit=5))[0]
    own_lines = hit.start_line <= first and hit.end_line >= last and (
        hit.end_line - hit.start_line) - (last - first) <= 4
    content_lines = len(hit.content.splitlines())
    return (hit.path, hit.symbol) == (path, symbol) and own_lines and (
        content_lines == hit.end_line - hit.start_line + 1)


def test_nine_of_ten_questions_get_their_own_definition_first(packed):
    failed = [q for q in QUESTIONS if not _answers(packed, *q)]
    assert len(failed) <= 1, failed


def test_neighbouring_definitions_are_separate_hits(packed):
    hits = packed.searcher.search(Query(text="make sure nobody tampered with a token", limit=10))
    go = [h for h in hits if h.path == "tokens.go"]
    assert len({(h.start_line, h.end_line) for h in go}) == len(go)
    for h in go:  # no hit holds two definitions
        assert h.content.count("func ") <= 1, h.content


def test_context_lines_are_added_on_request(packed):
    plain = packed.searcher.search(Query(text="make sure nobody tampered with a token",
                                         limit=1))[0]
    wide = packed.searcher.search(Query(text="make sure nobody tampered with a token",
                                        limit=1, context_lines=2))[0]
    assert (wide.start_line, wide.end_line) == (plain.start_line - 2, plain.end_line + 2)
    assert wide.provenance["match_lines"] == [plain.start_line, plain.end_line]
    text = (PACKED / wide.path).read_text().splitlines()
    assert wide.content.splitlines() == text[wide.start_line - 1:wide.end_line]


@pytest.mark.parametrize("query", ["???", "  -- ; ", "()[]{}"])
def test_a_punctuation_only_query_has_nothing_to_search_for(packed, query):
    from repokb.errors import InputError

    with pytest.raises(InputError, match="Nothing to search for"):
        packed.searcher.search(Query(text=query))


def test_a_huge_query_with_nothing_to_search_for_is_not_quoted_back_whole(packed):
    from repokb.errors import InputError

    with pytest.raises(InputError, match="Nothing to search for") as refused:
        packed.searcher.search(Query(text="\U0001f642" * 5000))
    assert len(str(refused.value)) < 300  # the whole query was 5,000 emoji (20 KB)
    assert "\U0001f642" * 10 in str(refused.value) and "..." in str(refused.value)
