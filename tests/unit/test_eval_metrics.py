"""The retrieval benchmark's metrics: the numbers bench/RESULTS.md reports rest on them."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from repokb.evaluate.metrics import first_rank, lift, lift_interval, summarize


class Span:
    def __init__(self, path: str, start: int, end: int) -> None:
        self.path, self.start_line, self.end_line = path, start, end


def test_chunk_level_needs_half_of_the_target_or_of_the_result() -> None:
    target = Span("a.py", 10, 30)
    edge = Span("a.py", 1, 12)  # touches 3 of 21 target lines, 3 of its own 12
    inside = Span("a.py", 14, 16)  # a small window inside the target: half of the result
    holding = Span("a.py", 1, 100)  # a big result holding the whole target: half of it
    elsewhere = Span("b.py", 10, 30)
    assert first_rank([edge, elsewhere, inside], [target], "chunk") == 3
    assert first_rank([edge, elsewhere, holding], [target], "chunk") == 3
    assert first_rank([edge, elsewhere], [target], "chunk") is None


def test_file_level_ranks_distinct_files() -> None:
    target = Span("b.py", 1, 5)
    results = [Span("a.py", 1, 5), Span("a.py", 9, 12), Span("c.py", 1, 2), Span("b.py", 50, 60)]
    assert first_rank(results, [target], "file") == 3  # a.py, c.py, then b.py
    assert first_rank(results, [Span("d.py", 1, 5)], "file") is None


def test_summary_counts_only_the_top_ten() -> None:
    m = summarize([1, 2, None, 11, 6])
    assert m["MRR@10"] == pytest.approx((1 + 1 / 2 + 1 / 6) / 5)
    assert (m["R@1"], m["R@5"], m["R@10"]) == (0.2, 0.4, 0.6)
    assert m["nDCG@10"] == pytest.approx((1 + 1 / math.log2(3) + 1 / math.log2(7)) / 5)


def test_lift_interval_is_paired_and_brackets_the_observed_lift() -> None:
    ours = [1, 1, 2, 1, None, 1, 3, 1, 1, 2] * 3
    theirs = [2, 3, 2, 4, None, 1, 5, 2, 6, 2] * 3
    low, high = lift_interval([(ours, theirs)])
    observed = summarize(ours)["MRR@10"] / summarize(theirs)["MRR@10"] - 1
    assert lift([(ours, theirs)]) == pytest.approx(observed)
    assert 0 < low < observed < high
    # identical systems: every draw has lift 0
    assert lift_interval([(theirs, theirs)]) == (0.0, 0.0)
    # a lift that rests on one case of ten: some draws leave that case out, so the
    # interval reaches down to no lift at all
    low, high = lift_interval([([1] + [2] * 9, [2] * 10)])
    assert low == 0.0 and high > 0.1


def test_lift_interval_refuses_unpaired_lists_and_reports_nothing_for_no_cases() -> None:
    with pytest.raises(ValueError):
        lift_interval([([1, 2], [1])])
    assert lift_interval([([], [])]) is None
    assert lift_interval([([1, 2], [None, None])]) is None  # the baseline never scores


def test_pooled_lift_weighs_each_corpus_the_same_and_narrows_the_interval() -> None:
    small = ([1, 1, None, 2, 1], [2, 1, None, 2, 3])  # 5 cases
    large = ([1, 2] * 30, [2, 2] * 30)  # 60 cases
    # per-corpus MRRs: small 0.7 vs 0.467, large 0.75 vs 0.5; pooled (0.7+0.75)/(0.467+0.5)
    assert lift([small, large]) == pytest.approx((0.7 + 0.75) / (7 / 15 + 0.5) - 1)
    alone = lift_interval([small])
    pooled = lift_interval([small, large])
    assert alone is not None and pooled is not None
    assert pooled[1] - pooled[0] < alone[1] - alone[0]


def test_budget_rank_charges_for_the_lines_read_before_the_target() -> None:
    from repokb.evaluate.metrics import budget_rank

    target = Span("a.py", 200, 210)
    short = [Span("b.py", 1, 10), Span("a.py", 198, 212)]  # 10 + 15 lines: within 30
    long = [Span("b.py", 1, 80), Span("a.py", 198, 212)]  # 80 lines spent before the target
    assert budget_rank(short, [target], 30) == 2
    assert budget_rank(long, [target], 30) is None
    assert budget_rank(long, [target], 100) == 2
    # a hit that holds the target but is itself longer than the budget does not count
    assert budget_rank([Span("a.py", 150, 260)], [target], 100) is None
    assert budget_rank([Span("b.py", 1, 5)], [target], 100) is None


def test_a_long_result_spends_the_line_budget() -> None:
    from repokb.evaluate.metrics import budget_rank

    target = Span("a.py", 10, 30)
    whole_file = Span("a.py", 1, 400)  # holds the target, but costs 400 lines to read
    other = Span("b.py", 1, 50)
    exact = Span("a.py", 10, 30)
    assert first_rank([whole_file], [target], "chunk") == 1
    assert budget_rank([whole_file], [target], 200) is None
    assert budget_rank([other, exact], [target], 200) == 2
    assert budget_rank([other, other, other, other, exact], [target], 200) is None  # 221 lines
    # several targets: the first result relevant to any of them
    assert budget_rank([other, exact], [Span("c.py", 1, 5), target], 200) == 2


def test_intervals_bracket_the_value_and_pair_the_cases() -> None:
    from repokb.evaluate.metrics import difference, interval

    ranks = [1, 2, None, 1, 5, 1, 3, None, 1, 2]
    low, high = interval(ranks, "MRR@10")
    assert low < summarize(ranks)["MRR@10"] < high
    assert interval([1] * 8, "R@1") == (1.0, 1.0)
    better = [1] * 10
    delta, (lo, hi) = difference(better, ranks)
    assert delta == pytest.approx(1 - summarize(ranks)["MRR@10"]) and 0 < lo <= hi
    # the same answers: every paired draw differs by exactly 0
    assert difference(ranks, ranks) == (0.0, (0.0, 0.0))
    with pytest.raises(ValueError):
        difference([1], [1, 2])


class Folded(Span):
    """A result listing copies of its text (`Hit.copies`)."""

    def __init__(self, path: str, start: int, end: int, *copies: Span) -> None:
        super().__init__(path, start, end)
        self.copies = copies


def test_a_copy_of_the_right_text_is_right_and_spends_only_its_own_lines() -> None:
    from repokb.evaluate.metrics import budget_rank

    target = Span("docs/index.md", 6, 11)  # the case was derived from the copy
    readme = Folded("README.md", 6, 11, Span("docs/index.md", 6, 11))
    other = Span("src/main.py", 1, 20)
    assert first_rank([other, readme], [target], "chunk") == 2
    assert first_rank([other, readme], [target], "file") == 2
    assert budget_rank([other, readme], [target], 26) == 2  # 20 + 6 lines, not 20 + 12
    # a copy elsewhere in the file is no copy of the target's lines
    assert first_rank([Folded("README.md", 6, 11, Span("docs/index.md", 40, 45))], [target],
                      "chunk") is None


def test_the_terminal_report_says_what_the_figures_and_the_baseline_mean() -> None:
    from repokb.evaluate.html import render
    from repokb.evaluate.report import ALL_METRICS, text

    figures = {"cases": 4, **{m: 0.5 for m in ALL_METRICS},
               "ci": {m: [0.2, 0.8] for m in ALL_METRICS}}
    result = {"project": "p", "cases": {"docstring": 4, "all": 4}, "seconds": 3.0,
              "budget_lines": 200, "problems": [],
              "systems": {"repokb": {"by_kind": {"docstring": figures}, "overall": figures}},
              "cost": {"repokb": {"chunks": 9, "index_s": 1.0, "embedded": 9}}}

    def baseline(low: float, high: float) -> str:
        diff = {"difference": (low + high) / 2, "ci": [low, high]}
        result["baseline"] = {"best": "naive-rrf", "by_kind": {}, "overall": {
            "cases": 4, "MRR@10": diff, "MRR@budget": diff}}
        return next(ln for ln in text(result).splitlines() if ln.startswith("repokb - best"))

    # a bare "+0.088 [-0.075 to +0.246]" left a new user to guess whether repokb won
    assert baseline(-0.075, 0.246).endswith("no measurable difference on these cases "
                                            "(the interval holds 0)")
    assert baseline(0.05, 0.3).endswith(": repokb ranks better")
    assert baseline(-0.3, -0.05).endswith(": naive-rrf ranks better")
    assert "MRR@10: mean of 1/rank of the first right result" in text(result)
    result.update(path="/p", worst=[])
    assert "R@k: share of questions whose answer is among the first k results" in \
        render(result)


def test_a_compare_with_another_token_limit_keeps_both_runs_vectors(tmp_path: Path) -> None:
    # `--compare` with max_tokens = 128 saved the compare's vectors over the current
    # settings' ones (one file per model): the next plain run embedded 130 chunks again
    from repokb.evaluate.runner import _save
    from repokb.evaluate.systems import ReusingEmbedder

    from ..conftest import HashEmbedder

    cache = tmp_path / "eval" / "model.npz"
    current = ReusingEmbedder(HashEmbedder(), "model", cache=cache)
    other = ReusingEmbedder(HashEmbedder(), "model", cache=cache)
    current.embed_documents(["def a(): pass", "def b(): pass"], [256, 256])
    other.embed_documents(["def a(): pass"], [128])
    _save([current, other])
    again = ReusingEmbedder(HashEmbedder(), "model", cache=cache)
    again.embed_documents(["def a(): pass", "def b(): pass"], [256, 256])
    again.embed_documents(["def a(): pass"], [128])
    assert again.misses == 0
