"""A name typed with its capitals names the definition in that case (itsdangerous 2.2.0:
"Serializer" ranked the test fixture `TestSerializer.serializer` second and the class
`Serializer` nowhere in the top 20): the definition in the query's case comes before one that
matches only case-blind, which still counts, below it; a query typed in lower case cares for no
case, and tests still step back behind the source."""

from __future__ import annotations

from repokb.query import plan
from repokb.rank import Candidate, rerank
from repokb.settings import Settings

from ..conftest import cases


def _piece(n: int, path: str, symbol: str, symbol_type: str, fused: float,
           kind: str = "source", dense: int | None = None) -> Candidate:
    payload = {"project": "itsdangerous-2.2.0", "path": path, "kind": kind, "start_line": n * 10,
               "end_line": n * 10 + 5, "symbol": symbol, "symbol_type": symbol_type,
               "quality": 0.5, "content": f"line {n}\n", "chunk_index": n, "language": "python"}
    return Candidate(str(n), payload, fused, dense, n, 0.6)


def _itsdangerous() -> dict[str, Candidate]:
    """The candidates of "Serializer" as the real search fused them (fused RRF scores)."""
    src, tests = "src/itsdangerous/serializer.py", "tests/test_itsdangerous/test_serializer.py"
    return {
        "load_payload": _piece(1, src, "Serializer.load_payload", "method", 0.0372),
        "fixture": _piece(2, tests, "TestSerializer.serializer", "method", 0.0332, "test", 1),
        "loads_unsafe": _piece(3, src, "Serializer._loads_unsafe_impl", "method", 0.0362),
        "is_text": _piece(4, src, "is_text_serializer", "function", 0.0352),
        "factory": _piece(5, tests, "TestSerializer.serializer_factory", "method", 0.0354,
                          "test"),
        "test_class": _piece(6, tests, "TestSerializer", "class", 0.0300, "test"),
        "test_function": _piece(7, tests, "TestSerializer.test_serializer", "method", 0.0290,
                                "test"),
        # the class itself: one long piece (its docstring), far down both rankings
        "class": _piece(8, src, "Serializer", "class", 0.0150),
    }


@cases("text,form", [("Serializer", "bare"), ("where is Serializer defined", "where"),
                     ("class Serializer", "kind")], named_by=1)
def test_the_definition_in_the_query_s_case_comes_before_one_in_another_case(text, form):
    s = Settings()
    pieces = _itsdangerous()
    ranked = rerank(list(pieces.values()), plan(text), s)
    assert ranked[0] is pieces["class"], [c.payload["symbol"] for c in ranked]
    # the case-blind match still counts (boosted, below it), and the class stays above its
    # test class and test functions
    fixture = pieces["fixture"]
    assert 1 < fixture.factors["exact_symbol"] < pieces["class"].factors["exact_symbol"]
    order = [c.payload["symbol"] for c in ranked]
    assert order.index("Serializer") < order.index("TestSerializer")
    assert order.index("Serializer") < order.index("TestSerializer.test_serializer")


@cases("text,boosts", [("serializer", (2.0, 1.75)), ("how does the serializer sign", (1, 1))],
       named_by=0)
def test_a_query_in_lower_case_cares_for_no_case(text, boosts):
    """`serializer` may be the fixture as well as the class: both keep their boost as before
    (the name as given, the same last name under another qualifier), nothing is moved by
    case; a question naming no symbol boosts none."""
    s = Settings()
    pieces = _itsdangerous()
    rerank(list(pieces.values()), plan(text), s)
    assert not any("cased" in c.factors for c in pieces.values())
    assert (pieces["class"].factors.get("exact_symbol", 1),
            pieces["fixture"].factors.get("exact_symbol", 1)) == boosts


def test_a_test_in_the_query_s_case_does_not_jump_over_the_source():
    """Only the ranking by case moves: a test class `Serializer` (a stub in a test module)
    stays behind a source function `serializer`, as tests step back behind source."""
    s = Settings()
    source = _piece(1, "src/app/codec.py", "serializer", "function", 0.030)
    stub = _piece(2, "tests/test_codec.py", "Serializer", "class", 0.020, "test")
    ranked = rerank([source, stub], plan("Serializer"), s)
    assert ranked[0] is source and "cased" not in stub.factors


@cases("text,cased", [
    ("Serializer", ("Serializer",)),
    ("where is URLSafeSerializer defined", ("URLSafeSerializer",)),
    ("HTTPError", ("HTTPError",)),
    ("serializer", ()),
    ("send_password_reset_email", ()),
    ("how does the serializer sign", ()),
    # a mention in a sentence is no name the query is about (attrs' docstring question for
    # `_make_attr_tuple_class`, whose answer the class `Attribute` pushed from 2nd to 4th)
    ("Create a tuple subclass to hold `Attribute`s for an `attrs` class", ()),
    ("how does DataTable sort rows by a single column", ()),
], named_by=0)
def test_the_plan_says_which_names_are_typed_with_capitals(text, cased):
    assert plan(text).cased == cased


@cases("text,about,asked", [
    # a bare name in lower case is looked up too, in any case (`about`); `cased` stays empty
    ("serializer", ("serializer",), None),
    ("Serializer", ("Serializer",), None),
    ("where is serializer defined", ("serializer",), "serializer"),
    # the kind said after the name, "defined" unsaid: the name is asked for
    ("where is the serializer class", ("serializer",), "serializer"),
    ("where's the Signer class", ("Signer",), "Signer"),
    ("where is the render_template function", ("render_template",), "render_template"),
    # a short query of a name and its kind: the name, in any case
    ("signer class", ("signer",), None),
    ("the signer class", ("signer",), None),
    # the kind's everyday companions name nothing
    ("where is the base class", (), None),
    ("the test class", (), None),
    ("how class attributes work", (), None),
    ("a python class", (), None),
    ("where is this class", (), None),
    # qualified names too: each looked up by its last name, where the qualifier fits
    ("Signer.sign", ("Signer.sign",), None),
    ("serializer.loads", ("serializer.loads",), None),
    ("django.forms.Form", ("django.forms.Form",), None),
    ("where is Model.save defined", ("Model.save",), "Model.save"),
    ("where is setup.py defined", (), None),
    # a question that only mentions a name is not about it
    ("how does the serializer sign", (), None),
    ("what does Model.save do with force_insert", (), None),
    ("Create a tuple subclass to hold `Attribute`s for an `attrs` class", (), None),
], named_by=0)
def test_the_plan_says_which_names_the_query_is_about(text, about, asked):
    understood = plan(text)
    assert understood.about == about
    assert understood.cased == tuple(n for n in about if n != n.lower() and "." not in n)
    assert (understood.names[-1] if asked else None) == (asked.lower() if asked else None)


@cases("text,form", [("serializer", "bare"), ("serializer class", "kind"),
                     ("where is the serializer class", "where_kind"),
                     ("where is serializer defined", "where")], named_by=1)
def test_a_name_in_lower_case_puts_the_definition_of_its_whole_name_first(text, form):
    """Typed in lower case, `serializer` is the class `Serializer` (its whole name) before the
    fixture `TestSerializer.serializer` (a member of that name), once the lookup made the
    class a candidate; the fixture keeps its share of the boost, below it."""
    s = Settings()
    pieces = _itsdangerous()
    pieces["class"].fused = 0.0246  # the lookup's first (search.py `_defining`)
    pieces["fixture"].fused = 0.0575
    ranked = rerank(list(pieces.values()), plan(text), s)
    assert ranked[0] is pieces["class"], [c.payload["symbol"] for c in ranked]
    assert ranked[1] is pieces["fixture"] and pieces["fixture"].factors["exact_symbol"] > 1


def test_a_whole_name_in_a_test_does_not_jump_over_a_source_member():
    s = Settings()
    member = _piece(1, "src/app/codec.py", "Codec.serializer", "method", 0.030)
    stub = _piece(2, "tests/test_codec.py", "Serializer", "class", 0.020, "test")
    ranked = rerank([member, stub], plan("serializer"), s)
    assert ranked[0] is member and "whole_name" not in stub.factors


@cases("text,language", [("django.forms.Form", "python"), ("Rack::Request#ip", "ruby"),
                         ("os.path.join", "python")], named_by=1)
def test_a_qualified_name_is_one_word_of_a_symbol_query(text, language):
    """`django.forms.Form` was three words to the intent, one name: a question, not a symbol
    lookup (its definitions were not looked up, BM25 not weighed up)."""
    assert plan(text).intent == "symbol"


def test_a_qualified_name_and_a_word_stay_a_question():
    """"fmt::vformat implementation" asks for the body (fmt's format-inl.h), as before: read as
    a symbol query, its `def vformat` put format.h's overload first (bench/retrieval/cpp.py)."""
    assert plan("fmt::vformat implementation").intent == "code"


def _django_saves() -> dict[str, Candidate]:
    """The candidates of "how does Model.save work" on Django's forms, db, core, http, views
    as the real search fused them: forms/models.py defines `save` twice, under other owners."""
    def piece(n: int, path: str, symbol: str, fused: float) -> Candidate:
        c = _piece(n, path, symbol, "method", fused)
        c.payload["project"] = "django"
        return c
    return {"formset": piece(1, "django/forms/models.py", "BaseModelFormSet.save", 0.0372),
            "form": piece(2, "django/forms/models.py", "BaseModelForm.save", 0.0356),
            "model": piece(3, "django/db/models/base.py", "Model.save", 0.0340),
            "deserialized": piece(4, "django/core/serializers/base.py",
                                  "DeserializedObject.save", 0.0354)}


@cases("text,form", [("how does Model.save work", "question"), ("Model.save", "bare"),
                     ("what does model.save do", "lower")], named_by=1)
def test_a_qualifier_that_owns_the_member_names_no_file(text, form):
    """`Model` of `Model.save` is the class that defines `save`, where a candidate does: the
    file models.py, which defines `save` only under other owners, is not what the qualifier
    names (its path boost put `BaseModelFormSet.save` first)."""
    s = Settings()
    pieces = _django_saves()
    ranked = rerank(list(pieces.values()), plan(text), s)
    assert ranked[0] is pieces["model"], [c.payload["symbol"] for c in ranked]
    assert "path_match" not in pieces["formset"].factors


def test_a_qualifier_that_owns_nothing_still_names_its_module():
    """`timezone.now`: no candidate defines `timezone.now`, so timezone.py, which defines a
    `now`, is the module the qualifier names (its path boost stays)."""
    s = Settings()
    now = _piece(1, "django/utils/timezone.py", "now", "function", 0.030)
    other = _piece(2, "django/db/models/functions/datetime.py", "Now.as_sql", "method", 0.031)
    ranked = rerank([now, other], plan("timezone.now"), s)
    assert ranked[0] is now and "path_match" in now.factors


def test_a_names_lookup_asks_for_all_its_words_and_reads_only_the_kept_fields():
    """`where is test_features implemented` looked up every symbol holding `test` or
    `features` (15,531 of Django's, every field of each: ~0.9 s a search, the bench's in-process
    p99 253 ms); a name's words are asked for together, with the symbol alone, and only the
    definitions kept are read whole."""
    from types import SimpleNamespace

    from repokb.stores.base import scan_defining

    asked: list[list[str]] = []
    fetched: list[list[str]] = []
    symbols = ["FeaturesTests.test_features", "test_features", "Features.test_other",
               "test_features_extra"]

    def scroll(phrases: list[str], offset: object) -> tuple[list[object], object]:
        asked.append(phrases)
        return [SimpleNamespace(id=str(i), payload={"symbol": s})
                for i, s in enumerate(symbols)], None

    def fetch(ids: list[str]) -> dict[str, dict[str, object]]:
        fetched.append(ids)
        return {i: {"symbol": symbols[int(i)], "path": "tests/test_x.py"} for i in ids}

    found = scan_defining(["test_features", "Serializer"], 10, scroll, fetch)
    assert asked == [["test features", "serializer"]]
    assert [p.payload["symbol"] for p in found] == ["FeaturesTests.test_features",
                                                    "test_features"]
    assert fetched == [["0", "1"]]
