"""Why a search found nothing while its project's run is going and has stored some files
(the fresh-install check under load, session 43): the search read the store just before the
run's first files landed, the stats read after them, and the agent was told "no chunk matches
all these filters together", as if its question were wrong. It is told the run is going."""

from __future__ import annotations

from repokb.models.answers import Query
from repokb.operations.why import nothing_found

STATS = {"points": 40, "by_project": {"big": 12, "shop": 3},
         "points_by_project": {"big": 31, "shop": 9}, "by_kind": {"source": 15},
         "by_language": {"python": 15}}
GOING = {"big": "running, 12/600 files"}


def test_a_project_whose_run_is_going_is_said_to_be_indexed() -> None:
    why = nothing_found(STATS, Query("handle step of an order", projects=("big",)),
                        indexing=GOING)
    assert why == ("project big is being indexed (running, 12/600 files): nothing it has "
                   "stored so far matches; ask again in a few seconds.")
    # no project filter: the runs going are named
    why = nothing_found(STATS, Query("zzz qqq"), read_project=False, indexing=GOING)
    assert "big is being indexed (running, 12/600 files)" in why


def test_with_no_run_going_the_filters_are_what_matched_nothing() -> None:
    why = nothing_found(STATS, Query("handle step of an order", projects=("shop",)),
                        indexing=GOING)
    assert why == "no chunk matches all these filters together."
    assert nothing_found(STATS, Query("zzz qqq"), read_project=False) == \
        "no chunk matches all these filters together."


def test_the_mcp_project_list_says_which_project_is_being_indexed() -> None:
    """list_projects during a first run showed "big: 31 chunks from 12 files" as if done (the
    fresh-install check's MCP test took it so): a project whose run is going says so."""
    from repokb.operations.jobs import Job
    from repokb.surfaces.mcp import render

    items = [{"project": "big", "files": 12, "indexed_files": 12, "chunks": 31},
             {"project": "shop", "files": 3, "indexed_files": 3, "chunks": 9}]
    text = render.projects(items, [Job("/tmp/big", "big", status="running", done=12,
                                       total=600)])
    big, shop = text.splitlines()[1:]
    assert big.endswith("(big is being indexed: running, 12/600 files)"), big
    assert "being indexed" not in shop
    assert "being indexed" not in render.projects(items)
