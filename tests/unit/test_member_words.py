"""A member whose name's words the question says is a member it asks for, whatever its name's
humps: "how does DataTable sort rows by a single column" asks for primevue's
`DataTable.sortSingle` as much as "how does DataTable sort" asks for `DataTable.sorted`. The
words were compared with BM25's tokens, which hold the whole identifier too (`sortsingle`), a
token no question says in words: a one-word member (`sorted`) was the member asked for, a
two-word one never. `sortSingle` (dense 10th, BM25 6th) was then the file's fifth hit, behind
two pieces of the class and two one-word members, and `max_per_file` left it out."""

from __future__ import annotations

from repokb.query import plan
from repokb.rank import Candidate, rerank, shape
from repokb.settings import Settings

from ..conftest import cases

PATH = "primevue/datatable/DataTable.vue"


def _piece(n: int, symbol: str, symbol_type: str, fused: float,
           path: str = PATH) -> Candidate:
    payload = {"project": "sfc", "path": path, "kind": "source", "start_line": n * 100,
               "end_line": n * 100 + 20, "symbol": symbol, "symbol_type": symbol_type,
               "quality": 0.5, "content": f"line {n}\n", "chunk_index": n, "language": "vue"}
    return Candidate(str(n), payload, fused, n, n, 0.5)


def _datatable() -> list[Candidate]:
    """The candidates of the question as the real search fused them (main at 30bbbec)."""
    return [
        _piece(1, "DataTable", "component", 0.0236),
        _piece(2, "DataTable.sorted", "method", 0.0263),
        _piece(3, "DataTable", "component", 0.0222),
        _piece(4, "DataTable.columns", "method", 0.0130),
        _piece(5, "DataTable.sortSingle", "method", 0.0294),
        _piece(6, "DataTable.sortMultiple", "method", 0.0284),
        _piece(7, "TableHeader.resizableColumns", "method", 0.0285,
               "primevue/datatable/TableHeader.vue"),
    ]


def test_a_member_named_in_two_words_the_question_says_is_among_the_hits():
    q = plan("how does DataTable sort rows by a single column")
    ranked = rerank(_datatable(), q, Settings())
    by_symbol = {c.payload["symbol"]: c for c in ranked}
    assert "member" in by_symbol["DataTable.sortSingle"].factors
    hits = [g.best.payload["symbol"] for g in shape(ranked, 10, Settings())]
    assert "DataTable.sortSingle" in hits[:3], hits


@cases("question,member,expected", [
    ("how does DataTable sort rows by a single column", "DataTable.sortSingle", True),
    ("how does DataTable sort rows by a single column", "DataTable.sorted", True),
    # a word of its name unsaid: not the member asked for
    ("how does DataTable sort rows by a single column", "DataTable.sortMultiple", False),
    ("how does DataTable sort rows", "DataTable.sortSingle", False),
    # `on` is a stop word: "a row click" says `onRowClick`, not `onRowDblclick`
    ("how does DataTable handle a row click", "DataTable.onRowClick", True),
    ("how does DataTable handle a row click", "DataTable.onRowDblclick", False),
], named_by=0)
def test_member_words(question, member, expected):
    ranked = rerank([_piece(1, member, "method", 0.02)], plan(question), Settings())
    assert ("member" in ranked[0].factors) is expected


def test_a_route_the_question_names_is_a_member_of_its_app():
    """"NotesApi post /notes": the route `NotesApi.post /notes` (dense 2nd, BM25 1st) was no
    hit at all, the app's three class pieces (boosted as the name asked for) taking its file's
    three slots: a route was no definition to the ranking (rank37)."""
    path = "app/api/notes_api.rb"
    candidates = [_piece(1, "NotesApi", "class", 0.0315, path),
                  _piece(2, "NotesApi", "class", 0.0313, path),
                  _piece(3, "NotesApi", "class", 0.0299, path),
                  _piece(4, "NotesApi.post /notes", "route", 0.0325, path),
                  _piece(5, "NotesApi.get /notes", "route", 0.0290, path)]
    ranked = rerank(candidates, plan("NotesApi post /notes"), Settings())
    hits = [g.best.payload["symbol"] for g in shape(ranked, 10, Settings())]
    assert hits[0] == "NotesApi.post /notes", hits
