"""`CopyKeeper.unchanged` (stores/edge_copy.py): a count or a facet of the store is answered
from memory only while no write began since it was read, and one read while a write was under
way, or began meanwhile, is never kept (engine-free: the reads here are counted calls)."""

from __future__ import annotations

from repokb.stores.edge_copy import CopyKeeper


def _keeper() -> CopyKeeper:
    return CopyKeeper(4, lambda: 0, lambda offset, limit: ([], None))


class Reads:
    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> int:
        self.calls += 1
        return self.calls


def test_an_answer_is_kept_until_a_write_begins() -> None:
    keeper, read = _keeper(), Reads()
    assert [keeper.unchanged("count", read) for _ in range(3)] == [1, 1, 1]
    assert keeper.unchanged(("count", "alpha"), read) == 2  # another question: read
    with keeper.writes():
        assert keeper.unchanged("count", read) == 3  # under way: read, not kept
        assert keeper.unchanged("count", read) == 4
    assert keeper.unchanged("count", read) == 5
    assert keeper.unchanged("count", read) == 5
    with keeper.writes(keeps=lambda copy: True):  # a write keeping the dense copy counts too
        pass
    assert keeper.unchanged("count", read) == 6


def test_an_answer_read_while_a_write_began_is_not_kept() -> None:
    keeper, calls = _keeper(), []

    def read_beside_a_write() -> int:
        calls.append(1)
        if len(calls) == 1:
            with keeper.writes():  # begins (and ends) while the engine is read
                pass
        return len(calls)

    assert keeper.unchanged("count", read_beside_a_write) == 1
    assert keeper.unchanged("count", read_beside_a_write) == 2  # the first was not kept
    assert keeper.unchanged("count", read_beside_a_write) == 2


def test_a_closed_keeper_keeps_nothing() -> None:
    keeper, read = _keeper(), Reads()
    keeper.unchanged("count", read)
    keeper.close()
    assert keeper.unchanged("count", read) == 2 and keeper.unchanged("count", read) == 3


def test_a_caller_changing_a_kept_facet_changes_no_later_answer() -> None:
    """A facet is a dict: each caller gets its own copy, so a surface that adds to the one it
    got (a stats page's zeros) does not change what the next caller is answered."""
    keeper = _keeper()
    first = keeper.unchanged("facet", lambda: {"alpha": 3})
    kept = keeper.unchanged("facet", lambda: {"never": 0})
    assert kept == {"alpha": 3}
    kept["beta"] = 0
    first["gamma"] = 1
    assert keeper.unchanged("facet", lambda: {"never": 0}) == {"alpha": 3}
