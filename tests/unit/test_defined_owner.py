""""where is the pool's swap function declared" (solidity.py, Uniswap v3-core) names `swap`: an
owner in the possessive before the name ("the pool's") left the question naming nothing, so the
function was not looked up nor boosted, and the pool's `Swap` event came first."""

from __future__ import annotations

from repokb.query import plan

from ..conftest import cases


@cases("question,names", [
    ("where is the pool's swap function declared", ("swap",)),
    ("where's the router's push method defined", ("push",)),
    ("where is the pool’s swap function declared", ("swap",)),
    # as before
    ("where is the swap function declared", ("swap",)),
    ("where is it defined", ()),
    ("where is the pool's state stored", ()),
], named_by=0)
def test_an_owner_in_the_possessive_before_the_name(question, names):
    understood = plan(question)
    assert understood.names == names
    assert understood.about == names
