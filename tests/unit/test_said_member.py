"""A member a question describes with its definition's name ("how does DataTable sort rows by a
single column": primevue's `DataTable.sortSingle`) comes before the definition, which the
question names only to say whose member it means (`rank_members.said_member_first`)."""

from __future__ import annotations

from repokb.query import plan
from repokb.rank import Candidate, rerank
from repokb.settings import Settings

QUESTION = "how does DataTable sort rows by a single column"
DT = "primevue/datatable/DataTable.vue"


def _piece(pid: str, path: str, symbol: str, fused: float, line: int,
           symbol_type: str = "method") -> Candidate:
    payload = {"project": "sfc", "path": path, "kind": "source", "start_line": line,
               "end_line": line + 20, "symbol": symbol, "symbol_type": symbol_type,
               "quality": 0.875, "content": "x\n", "chunk_index": line, "language": "vue"}
    return Candidate(pid, payload, fused, None, None, None)


def _primevue() -> list[Candidate]:
    """The candidates of QUESTION as the real search fused them (main at 9256a1a)."""
    return [
        _piece("p1", DT, "DataTable", 0.0268, 1, "component"),
        _piece("p2", DT, "DataTable.sortSingle", 0.0294, 531),
        _piece("p3", DT, "DataTable", 0.0236, 289, "component"),
        _piece("p4", DT, "DataTable.sorted", 0.0230, 2056),
        _piece("p5", DT, "DataTable", 0.0222, 420, "component"),
        _piece("p6", DT, "DataTable.groupRowSortField", 0.0305, 1985),
        _piece("p7", DT, "DataTable.sortMultiple", 0.0305, 590),
        _piece("p8", "primevue/datatable/TableHeader.vue", "TableHeader.resizableColumns",
               0.0285, 179),
    ]


def test_the_member_described_comes_before_its_definition():
    ranked = rerank(_primevue(), plan(QUESTION), Settings())
    assert [c.payload["symbol"] for c in ranked[:2]] == ["DataTable.sortSingle", "DataTable"]


def test_a_member_whose_name_is_not_said_stays_behind():
    # "columns" is said, `columns` is a member: it is lifted only as high as its owner, and
    # the better member described (`sortSingle`) is the one lifted
    ranked = rerank(_primevue(), plan("how does DataTable order rows"), Settings())
    assert ranked[0].payload["symbol"] == "DataTable"


def test_a_question_for_the_members_keeps_the_definition_first():
    # "which methods does DataTable have": rank.py's `_containers_first`, unchanged
    pieces = _primevue()
    ranked = rerank(pieces, plan("which methods does DataTable have"), Settings())
    assert ranked[0].payload["symbol"] == "DataTable"


def test_an_owner_written_in_another_case_is_no_owner():
    # black: "Starting from the container of `leaf`, generate all leaves" (a variable `leaf`);
    # the class `Leaf`'s member `leaves` stays where the fused scores put it
    pieces = [
        _piece("q1", "src/blib2to3/pytree.py", "Leaf", 0.0300, 355, "class"),
        _piece("q2", "src/blib2to3/pytree.py", "Leaf.leaves", 0.0200, 435),
    ]
    question = "Starting from the container of `leaf`, generate all leaves until `# fmt: on`"
    ranked = rerank(pieces, plan(question), Settings())
    assert "said_member" not in ranked[1].factors and "said_member" not in ranked[0].factors
