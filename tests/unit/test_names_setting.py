"""A setting typed alone (`SESSION_COOKIE_AGE`) that no searched project defines: the section of
the documentation headed by it, and a key path ending in it, are what the user asks for. On
Django 5.2.8 docs/ref/settings.txt's ``SESSION_COOKIE_AGE`` was the model's 2nd and BM25's 1st
and came 5th, stepped back as documentation behind the code that reads the setting
(`SessionBase.get_session_cookie_age`): `rank_keys.names_setting` boosts it as a definition."""

from __future__ import annotations

from repokb.query import plan
from repokb.rank import Candidate, rerank
from repokb.rank_keys import names_setting
from repokb.search import Searcher
from repokb.settings import Settings
from repokb.stores.base import StoredPoint, StoreFilter, last_name

from ..conftest import cases


def _piece(n: int, path: str, symbol: str | None, symbol_type: str | None, fused: float,
           kind: str) -> Candidate:
    payload = {"project": "django-5.2.8", "path": path, "kind": kind, "start_line": n * 10,
               "end_line": n * 10 + 5, "symbol": symbol, "symbol_type": symbol_type,
               "content": f"line {n}\n", "chunk_index": n, "language": "python"}
    return Candidate(str(n), payload, fused, n, n, None)


def _django() -> list[Candidate]:
    """The candidates of `SESSION_COOKIE_AGE` as the real search fused them (their fused
    scores, factors taken off)."""
    return [
        _piece(1, "django/contrib/sessions/backends/base.py",
               "SessionBase.get_session_cookie_age", "method", 0.0396, "source"),
        _piece(2, "django/conf/global_settings.py", None, None, 0.0351, "source"),
        _piece(3, "docs/ref/settings.txt", "Settings > Sessions > ``SESSION_COOKIE_AGE``",
               "section", 0.0409, "documentation"),
        _piece(4, "tests/sessions_tests/tests.py", "SessionTestsMixin.test_default_expiry",
               "method", 0.0347, "test"),
        _piece(5, "docs/ref/settings.txt", "Settings > Sessions > ``SESSION_CACHE_ALIAS``",
               "section", 0.0361, "documentation"),
    ]


def test_the_section_headed_by_a_setting_no_code_defines_comes_first():
    query = "SESSION_COOKIE_AGE"
    ranked = rerank(_django(), plan(query, is_defined=lambda name: False), Settings())
    assert ranked[0].payload["symbol"].endswith("``SESSION_COOKIE_AGE``")
    assert "named_setting" in ranked[0].factors
    assert not any("named_setting" in c.factors for c in ranked[1:])
    # a name the project defines is a definition's: the code comes first, as before
    defined = rerank(_django(), plan(query, is_defined=lambda name: True), Settings())
    assert defined[0].payload["symbol"] == "SessionBase.get_session_cookie_age"
    assert not any("named_setting" in c.factors for c in defined)


@cases("symbol,symbol_type,expected", [
    ("Settings > Core Settings > ``SECRET_KEY``", "section", True),
    ("Deployment checklist > Critical settings > :setting:`SECRET_KEY`", "section", True),
    ("Configuration > `secret_key`", "section", True),  # Markdown, another case
    ("core.secret_key", "key", True),  # a key path ending in it
    ("Settings > Core Settings > ``SECRET_KEY_FALLBACKS``", "section", False),
    ("Settings > Core Settings", "section", False),
    ("SECRET_KEY", "const", False),  # a definition: the exact-symbol boost's
    (None, None, False),
], named_by=0)
def test_names_setting(symbol, symbol_type, expected):
    p = {"path": "docs/ref/settings.txt", "symbol": symbol, "symbol_type": symbol_type}
    assert names_setting(p, plan("SECRET_KEY", is_defined=lambda name: False)) is expected


def test_a_question_in_words_names_no_setting():
    p = {"path": "docs/ref/settings.txt", "symbol": "Settings > ``SECRET_KEY``",
         "symbol_type": "section"}
    assert not names_setting(p, plan("where is SECRET_KEY read", is_defined=lambda name: False))
    assert not names_setting(p, plan("SECRET_KEY"))  # no store asked: nothing known undefined


class _Definitions:
    """A store that knows definitions by their symbol alone (`Store.defining`: a last name in
    any case)."""

    def __init__(self, *symbols: str) -> None:
        self.symbols = symbols

    def defining(self, names, where, limit, content):
        return [StoredPoint(str(i), 0.0, {"symbol": s, "symbol_type": "method"})
                for i, s in enumerate(self.symbols)
                if last_name(s).lower() in {n.lower() for n in names}][:limit]


@cases("name,symbols,expected", [
    # Django's `AppConfig.default_auto_field` reads the setting; it is no `DEFAULT_AUTO_FIELD`
    ("DEFAULT_AUTO_FIELD", ("AppConfig.default_auto_field",), False),
    ("DEFAULT_AUTO_FIELD", ("global_settings.DEFAULT_AUTO_FIELD",), True),
    ("default_auto_field", ("AppConfig.default_auto_field",), True),
    # a name with a capital among small letters still matches in any case (products: `PyPI`
    # is defined where the project has a `Platform.pypi`)
    ("PyPI", ("Platform.pypi",), True),
    ("GH_TOKEN", (), False),
], named_by=0)
def test_a_name_in_capitals_is_defined_in_its_case(name, symbols, expected):
    searcher = Searcher.__new__(Searcher)  # only its store is asked
    searcher.store = _Definitions(*symbols)  # type: ignore[assignment]
    assert searcher._defines(name, StoreFilter()) is expected


def test_a_name_a_candidate_defines_is_no_setting():
    """The store's lookup by name misses Django's class `Signer` (its head joined the piece
    `Signer.__init__`): a name a candidate defines, as a part of its name or in its `also`,
    is a definition's, and a section headed by it is not boosted as a setting's."""
    section = _piece(2, "docs/topics/signing.txt", "Cryptographic signing > ``Signer``",
                     "section", 0.0400, "documentation")
    for defining in (_piece(1, "django/core/signing.py", "Signer.__init__", "method", 0.0300,
                            "source"),
                     _piece(1, "django/core/signing.py", "get_cookie_signer", "function",
                            0.0300, "source")):
        if defining.payload["symbol"] == "get_cookie_signer":
            defining.payload["also"] = [["Signer", "class"]]
        ranked = rerank([defining, section], plan("Signer", is_defined=lambda name: False),
                        Settings())
        assert not any("named_setting" in c.factors for c in ranked), defining.payload
    # a name in capitals alone is another name than a definition's in small letters
    secret = _piece(2, "docs/ref/settings.txt", "Settings > ``SECRET_KEY``", "section", 0.04,
                    "documentation")
    reader = _piece(1, "django/conf/__init__.py", "Settings.secret_key", "property", 0.03,
                    "source")
    ranked = rerank([reader, secret], plan("SECRET_KEY", is_defined=lambda name: False),
                    Settings())
    assert "named_setting" in ranked[0].factors and ranked[0] is secret
