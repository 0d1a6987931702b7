"""The per-file cap and the file a question is about (rank.shape, `max_per_lead_file`).

cobra 1.6.1, "how are mutually exclusive flags enforced": flag_groups.go held the first three
hits and the answer, `validateExclusiveFlagGroups` (dense 7th), was its next definition, hidden
by the cap of three hits a file (bench/RESULTS.md, rank35)."""

from __future__ import annotations

import pytest

from repokb.rank import Candidate, shape
from repokb.settings import Settings

from ..conftest import cases


def _piece(n: int, path: str, symbol: str | None, fused: float, dense: int | None = None,
           lexical: int | None = None) -> Candidate:
    payload = {"project": "cobra", "path": path, "kind": "source", "start_line": 100 * n,
               "end_line": 100 * n + 10, "symbol": symbol,
               "symbol_type": "function" if symbol else None, "content": f"line {n}\n",
               "chunk_index": n}
    c = Candidate(str(n), payload, fused, dense, lexical, 0.5)
    c.score = fused
    return c


def _flag_groups(fourth: Candidate) -> list[Candidate]:
    lead = [_piece(1, "flag_groups.go", "Command.enforceFlagGroupsForCompletion", 0.0336, 1, 1),
            _piece(2, "flag_groups.go", "Command.MarkFlagsMutuallyExclusive", 0.0331, 2, 2),
            _piece(3, "flag_groups.go", "Command.ValidateFlagGroups", 0.0325, 3, 3)]
    others = [_piece(10 + i, f"command{i}.go", f"Command.F{i}", 0.028 - 0.001 * i, 5 + i, 20 + i)
              for i in range(8)]
    return [*lead, fourth, *others]


def test_the_lead_files_next_definition_near_the_top_of_a_ranking_is_kept():
    s = Settings()
    answer = _piece(4, "flag_groups.go", "validateExclusiveFlagGroups", 0.0292, 7, 13)
    hits = shape(_flag_groups(answer), 10, s)
    assert [g.best for g in hits].index(answer) == 3
    assert [g.key[1] for g in hits].count("flag_groups.go") == 4
    for n in range(1, 10):  # a smaller limit's hits are the first hits of a larger one's
        assert [g.best for g in shape(_flag_groups(answer), n, s)] == [g.best for g in hits[:n]]


@cases("symbol, dense, lexical", [
    (None, 2, 5),                                 # a nameless window (the file's head)
    ("Command.ValidateFlagGroups", 4, 4),         # one more part of a definition cut for length
    ("Item.infer_kind", 40, 27),                  # a definition only the fused score brought up
])
def test_the_lead_file_gets_no_more_hits_for(symbol, dense, lexical):
    s = Settings()
    fourth = _piece(4, "flag_groups.go", symbol, 0.0292, dense, lexical)
    hits = shape(_flag_groups(fourth), 10, s)
    assert fourth not in [g.best for g in hits]
    assert [g.key[1] for g in hits].count("flag_groups.go") == s.max_per_file


def test_a_file_that_does_not_lead_keeps_the_cap():
    s = Settings()
    pieces = [_piece(1, "a.go", "A1", 0.05, 1, 1), _piece(2, "b.go", "B1", 0.049, 2, 2),
              _piece(3, "a.go", "A2", 0.048, 3, 3), _piece(4, "a.go", "A3", 0.047, 4, 4),
              _piece(5, "a.go", "A4", 0.046, 5, 30), _piece(6, "c.go", "C1", 0.01, 30, 30)]
    hits = shape(pieces, 10, s)
    assert [g.best.payload["symbol"] for g in hits] == ["A1", "B1", "A2", "A3", "C1"]


def test_a_definition_both_rankings_put_on_their_first_page_passes_any_files_cap():
    """ring 1.8.2, "which ring middleware parses cookies": cookies.clj held the 1st, 2nd and
    4th hits (its `ns` head and two helpers) and `wrap-cookies`, dense 6th and BM25 6th, was
    no hit: the file led no question, so its cap was three (rank37)."""
    s = Settings()
    pieces = [_piece(1, "cookies.clj", "ring.middleware.cookies", 0.0325, 2, 1),
              _piece(2, "cookies.clj", "parse-cookies", 0.0323, 5, 2),
              _piece(3, "session.clj", "ring.middleware.session", 0.0321, 1, 5),
              _piece(4, "cookies.clj", "cookies-request", 0.0313, 7, 4),
              _piece(5, "cookies.clj", "wrap-cookies", 0.0311, 6, 6),
              _piece(6, "cookies.clj", "CookieInterval", 0.0300, 3, 40)]  # one ranking: capped
    hits = [g.best.payload["symbol"] for g in shape(pieces, 10, s)]
    assert "wrap-cookies" in hits and "CookieInterval" not in hits
    assert "wrap-cookies" not in [g.best.payload["symbol"]
                                  for g in shape(pieces, 10, Settings(max_per_file=2))]
    # a test steps back: a 4th test of one file took a Django answer's 7th slot ("url
    # resolver reverse": urlpatterns_reverse/tests.py)
    pieces[4].factors["test"] = 0.8
    assert "wrap-cookies" not in [g.best.payload["symbol"] for g in shape(pieces, 10, s)]
    pieces[4].factors = {}
    # a file the question names (its first hit boosted as the name asked for) keeps its cap
    pieces[0].factors["exact_symbol"] = 2.0
    assert "wrap-cookies" not in [g.best.payload["symbol"] for g in shape(pieces, 10, s)]


def test_a_cap_of_one_a_file_is_kept_whatever_leads():
    s = Settings(max_per_file=1)
    answer = _piece(4, "flag_groups.go", "validateExclusiveFlagGroups", 0.0292, 7, 13)
    hits = shape(_flag_groups(answer), 10, s)
    assert [g.key[1] for g in hits].count("flag_groups.go") == 1


def _one_file_package() -> list[Candidate]:
    """projectile 2.8's projectile.el, one 6,000-line file with a two-line -pkg.el beside it:
    "how do I turn on caching in projectile" had 6 hits at limit 10 (5 of projectile.el, the
    lead file's cap, and the -pkg.el) and its answer, `projectile-enable-caching`, the model's
    1st, BM25's 18th, was the file's 7th piece (rank39)."""
    lead = [_piece(n, "projectile.el", f"projectile-cache-{n}", 0.031 - 0.0002 * n, 20 + n,
                   20 + n) for n in range(1, 7)]
    lead.insert(3, _piece(9, "projectile.el", "projectile-enable-caching", 0.0301, 1, 18))
    return [*lead, _piece(50, "projectile-pkg.el", None, 0.006, 104, None)]


def test_a_page_the_caps_leave_short_is_filled_from_what_they_held_back():
    s = Settings()
    pieces = _one_file_package()
    capped = shape(pieces, 10, s)
    assert len(capped) < len(pieces)  # 3 of projectile.el (it leads: no 4th in a ranking's 10)
    filled = shape(pieces, 10, s, fill=True)
    assert len(filled) == len(pieces)
    # the first pass's hits first, as they were (the -pkg.el's too), the held-back ones after
    assert [g.best for g in filled[:len(capped)]] == [g.best for g in capped]
    assert [g.best.payload["symbol"] for g in filled[len(capped):]] == [
        c.payload["symbol"] for c in pieces if c not in [g.best for g in capped]]
    assert "projectile-enable-caching" in [g.best.payload["symbol"] for g in filled]
    for n in range(1, 10):  # a smaller limit's hits are the first hits of a larger one's
        assert [g.best for g in shape(pieces, n, s, fill=True)] == [g.best
                                                                    for g in filled[:n]]
    # a cap of one or two a file is kept (who sets it asks for other files)
    for cap in (1, 2):
        assert ([g.best for g in shape(pieces, 10, Settings(max_per_file=cap), fill=True)]
                == [g.best for g in shape(pieces, 10, Settings(max_per_file=cap))])
    # a full page is as it was
    others = [_piece(60 + i, f"other{i}.el", f"o{i}", 0.005 - 0.0001 * i, 60, 60)
              for i in range(10)]
    assert ([g.best for g in shape(pieces + others, 10, s, fill=True)]
            == [g.best for g in shape(pieces + others, 10, s)])


def test_a_held_back_piece_leaves_a_hit_made_after_it_as_it_is():
    s = Settings()
    pieces = [_piece(n, "a.el", f"a{n}", 0.03 - 0.001 * n, 30, 30) for n in range(1, 4)]
    window = _piece(5, "a.el", None, 0.02, 31, 31)  # held back by the cap: a.el has three
    member = _piece(6, "a.el", "A.m", 0.01, 32, 32)  # an asked-for member passes any cap
    member.factors["member"] = 1.75
    member.payload.update(start_line=510, end_line=530)  # and overlaps the window (500-510)
    hits = shape([*pieces, window, member], 10, s, fill=True)
    assert [(g.best.payload["symbol"], g.start_line, g.end_line, len(g.members))
            for g in hits] == [("a1", 100, 110, 1), ("a2", 200, 210, 1), ("a3", 300, 310, 1),
                               ("A.m", 510, 530, 1)]


def test_a_filled_hit_scores_no_higher_than_the_hits_before_it():
    pieces = _one_file_package()
    hits = shape(pieces, 10, Settings(), fill=True)
    scores = [g.best.score for g in hits]
    assert scores == sorted(scores, reverse=True)
    held = [g.best for g in hits if "held_back" in g.best.factors]
    assert held and all(c.score == pytest.approx(c.fused * c.factors["held_back"], rel=1e-3)
                        for c in held)
    assert [g.best.score for g in shape(pieces, 10, Settings(), fill=True)] == scores  # again
