"""A product spelled with a capital inside ("PyPI", "GitHub", "macOS") is a word of the
question, not a code name, unless the searched project defines a name so spelled; and the
piece that defines a Rust type comes before the `impl` blocks of its name (tokenizers 0.23.3:
`impl Serialize for BPE` was first for "where is the BPE model struct defined")."""

from __future__ import annotations

from repokb.query import CODE, SYMBOL, plan
from repokb.rank import Candidate, rerank
from repokb.settings import Settings

from ..conftest import cases


@cases("text,product", [
    ("which Cargo feature enables uploading to PyPI", "PyPI"),
    ("how do I connect to MySQL from the app", "MySQL"),
    ("OAuth login with GitHub", "GitHub"),
    ("how is the macOS deployment target chosen", "macOS"),
    ("does it build for iOS", "iOS"),
    ("how does the tokenizer download files from the HuggingFace hub", "HuggingFace"),
    ("PostgreSQL connection pool size", "PostgreSQL"),
    ("PyPI", "PyPI"),
], named_by=1)
def test_a_product_name_is_a_word(text, product):
    p = plan(text)
    assert product.lower() not in p.symbols and product not in p.about, p
    assert "def " not in p.lexical_text, p.lexical_text  # not expanded to `def pypi ...`
    assert product.lower() in p.lexical_text.split(), p.lexical_text  # one word to BM25
    assert p.intent != SYMBOL


def test_a_product_name_still_asks_about_the_code():
    assert plan("OAuth login with GitHub").intent == CODE
    assert plan("Generate a pre-populated GitHub issue").intent == CODE


@cases("text,name", [
    ("Indicates whether Hatch is running on macOS", "macOS"),  # hatch's `Platform.macos`
    ("GitHub", "GitHub"),
], named_by=1)
def test_a_product_name_the_project_defines_is_a_name(text, name):
    p = plan(text, is_defined=lambda n: n == name)
    assert name.lower() in p.symbols, p
    assert f"def {name}" in p.lexical_text, p.lexical_text


@cases("text,name", [
    ("`PyPI`", "pypi"),  # backticked: the writer says it is code
    ("GitHub()", "github"),  # called
    ("getUserById", "getuserbyid"),  # a camelCase name no list holds
    ("DataTable onColumnResizeEnd", "oncolumnresizeend"),
    ("where is the GitHub class", "github"),  # asked for by its kind
], named_by=1)
def test_a_code_name_stays_a_name(text, name):
    assert name in plan(text).symbols


def _piece(n: int, path: str, kind: str, fused: float, dense: int | None = None) -> Candidate:
    payload = {"project": "tokenizers-0.23.3", "path": path, "kind": "source",
               "start_line": n * 10, "end_line": n * 10 + 5, "symbol": "BPE",
               "symbol_type": kind, "quality": 0.9, "content": f"line {n}\n", "chunk_index": n,
               "language": "rust"}
    return Candidate(str(n), payload, fused, dense, n, 0.6)


def _bpe() -> dict[str, Candidate]:
    """The candidates of "where is the BPE model struct defined" as the real search fused
    them: the struct (BM25 22nd, no dense rank, 4th by the name lookup) and three `impl`s."""
    model, serialization = "tokenizers/src/models/bpe/model.rs", \
        "tokenizers/src/models/bpe/serialization.rs"
    return {"serialize": _piece(1, serialization, "impl", 0.0440, 16),
            "struct": _piece(2, model, "struct", 0.0278),
            "model": _piece(3, model, "impl", 0.0320, 4),
            "default": _piece(4, model, "impl", 0.0315, 5)}


@cases("text,form", [("where is the BPE model struct defined", "noun"),
                     ("where is BPE defined", "where"), ("BPE", "bare"), ("BPE struct", "kind")],
       named_by=1)
def test_the_struct_comes_before_its_impls(text, form):
    pieces = _bpe()
    ranked = rerank(list(pieces.values()), plan(text), Settings())
    assert ranked[0] is pieces["struct"], [(c.payload["symbol_type"], c.factors) for c in ranked]


def test_a_question_saying_impl_keeps_the_impl_first():
    pieces = _bpe()
    ranked = rerank(list(pieces.values()), plan("impl Serialize for BPE"), Settings())
    assert ranked[0] is pieces["serialize"]
