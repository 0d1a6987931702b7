"""A kind word beside a name says which definition of that name is asked for: "where is the
pool's swap function declared" asks for Uniswap's `UniswapV3Pool.swap`, not the event `Swap`
(both boosted as the name asked for, they fused to the same 0.0479 and the point id decided:
`rank_kinds.said_kind_first`)."""

from __future__ import annotations

from repokb.query import plan
from repokb.rank import Candidate, rerank
from repokb.rank_kinds import KIND_ASKED, KIND_NEAR, kind_asked, kinds_said
from repokb.settings import Settings

from ..conftest import cases

QUESTION = "where is the pool's swap function declared"


def _piece(pid: str, path: str, symbol: str | None, symbol_type: str | None, fused: float,
           kind: str = "source") -> Candidate:
    payload = {"project": "solidity", "path": path, "kind": kind, "start_line": 10,
               "end_line": 20, "symbol": symbol, "symbol_type": symbol_type, "quality": 0.5,
               "content": "x\n", "chunk_index": 0, "language": "solidity"}
    return Candidate(pid, payload, fused, None, None, None)


def _uniswap(event_fused: float = 0.0479, function_fused: float = 0.0479) -> list[Candidate]:
    """The two definitions of `swap` the real search fused alike, the event's point id first
    (which the tie fell to), and what came after them."""
    pool = "v3-core/contracts/interfaces/pool/"
    return [
        _piece("a1", pool + "IUniswapV3PoolEvents.sol", "IUniswapV3PoolEvents.Swap", "event",
               event_fused),
        _piece("b2", pool + "IUniswapV3PoolActions.sol", "IUniswapV3PoolActions.swap",
               "function", function_fused),
        _piece("c3", "v3-core/contracts/libraries/SwapMath.sol", "SwapMath.computeSwapStep",
               "function", 0.0300),
    ]


def _first(question: str, pieces: list[Candidate]) -> str:
    ranked = rerank(pieces, plan(question), Settings())
    return str(ranked[0].payload["symbol"])


def test_the_kind_the_question_says_wins_a_tie():
    assert _first(QUESTION, _uniswap()) == "IUniswapV3PoolActions.swap"


def test_and_a_near_tie():
    assert _first(QUESTION, _uniswap(event_fused=0.0479 * 1.05)) == "IUniswapV3PoolActions.swap"
    # the other way round: "the Swap event" asks for the event
    assert _first("where is the pool's Swap event declared",
                  _uniswap(function_fused=0.0479 * 1.05)) == "IUniswapV3PoolEvents.Swap"


def test_a_clear_lead_stays():
    assert _first(QUESTION, _uniswap(event_fused=0.0479 * KIND_NEAR * 1.1)) == (
        "IUniswapV3PoolEvents.Swap")


def test_no_kind_said_changes_nothing():
    # (the names both boosted alike, the tie still falls to the point id)
    assert _first("where is swap declared", _uniswap()) == "IUniswapV3PoolEvents.Swap"


@cases("question,expected", [
    (QUESTION, {"swap": "function", "pool": None, "declared": None}),
    ("where is the Target struct defined", {"target": "struct"}),
    ("where is struct `Target` defined", {"target": "struct", "is": None}),
    ("which Transfer events does ERC20 emit", {"transfer": "event", "erc20": None}),
    ("where is the json_pointer class", {"json_pointer": "class"}),
    ("what does the check_offsets test macro check", {"check_offsets": None}),  # not beside it
    ("which error does BPE return when the merges file is invalid", {"bpe": None}),  # no kind
    ("where is the users table", {"users": "table"}),
    ("how does DataTable sort rows by a single column", {"datatable": None}),
], named_by=0)
def test_kinds_said(question, expected):
    said = kinds_said(question)
    for name, kind in expected.items():
        assert (kind in said[name]) if kind else name not in said, said


@cases("question,about", [
    ("where is the Swap event declared", ("Swap",)),
    ("where is the pool's Swap event declared", ("Swap",)),
    ("where is the onlyOwner modifier defined", ("onlyOwner",)),
    ("where is the Iterator trait defined", ("Iterator",)),
    ("where is the retry helper event defined", ()),  # no name given
], named_by=0)
def test_an_event_a_modifier_and_a_trait_are_kinds_a_question_asks_for(question, about):
    assert plan(question).about == about


def _debops(task_fused: float, template_fused: float) -> list[Candidate]:
    """infra39's "which task generates sshd_config": the template it writes led (a Jinja file,
    nameless) and the task was 4th."""
    return [
        _piece("t1", "roles/sshd/templates/etc/ssh/sshd_config.j2", None, None, template_fused,
               kind="configuration"),
        _piece("k2", "roles/sshd/defaults/main.yml", "sshd__config", "key", template_fused * 0.99,
               kind="configuration"),
        _piece("m3", "roles/sshd/templates/etc/ssh/macros.j2", "print_option", "macro",
               template_fused * 0.98, kind="configuration"),
        _piece("a4", "roles/sshd/tasks/main.yml", "Setup /etc/ssh/sshd_config", "task",
               task_fused, kind="configuration"),
    ]


def test_a_question_opening_on_a_kind_steps_that_kind_forward():
    assert _first("which task writes the SSH daemon's configuration",
                  _debops(0.0300, 0.0330)) == "Setup /etc/ssh/sshd_config"
    # the macro for "which macro ...", the rest as fused
    ranked = rerank(_debops(0.0300, 0.0330), plan("which macro prints an sshd option"),
                    Settings())
    assert [c.id for c in ranked] == ["m3", "t1", "k2", "a4"]
    assert ranked[0].factors["kind_asked"] == KIND_ASKED
    # a lead of more than the factor stays; no kind asked, no step
    question = "which task writes the SSH daemon's configuration"
    assert rerank(_debops(0.0200, 0.0330), plan(question), Settings())[0].id == "t1"
    assert rerank(_debops(0.0300, 0.0330), plan("how is the SSH daemon configured"),
                  Settings())[0].id == "t1"


@cases("question,asked", [
    ("which task installs the nginx packages", {"task"}),
    ("Which macro renders a DHCP subnet?", {"macro", "define"}),
    ("what functions parse the options", {"function", "method", "subroutine", "procedure"}),
    ("how does the task runner pick a task", set()),  # not opening on it
    ("which error does BPE return", set()),  # no kind of KIND_TYPES
    ("which tasks", {"task"}),
], named_by=0)
def test_kind_asked(question, asked):
    assert kind_asked(question) == asked
