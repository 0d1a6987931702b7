"""What the model reads of a piece (pipeline/dense_text.py): punctuation that costs its tokenizer
a token a character left out of the dense text, BM25 and the stored piece unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from repokb.embedders.base import Embedder
from repokb.embedders.code_bm25 import CodeBm25Encoder
from repokb.errors import ConfigError
from repokb.models import (
    EMBED_HEAD,
    ChunkPiece,
    Classification,
    Kind,
    Policy,
    Role,
    SourceFile,
    embedded_text,
)
from repokb.pipeline.dense_text import Piece, model_text, names_of
from repokb.pipeline.embed import Vectorizer
from repokb.pipeline.enrich import enrich
from repokb.settings import Settings

from ..conftest import HashEmbedder

SECTION = ("Model field reference\n======================\n\n"
           "This document contains all the API references of Field.\n\n"
           "Field options\n-------------\n\n"
           "``null``\n~~~~~~~~\n\n.. attribute:: Field.null\n\n"
           "If ``True``, Django will store empty values as ``NULL`` in the database.\n")
GRID = ("+------------+----------+\n| Field      | Type     |\n+============+==========+\n"
        "| CharField  | varchar  |\n+------------+----------+\n")
CODE = ("# ---------------------------------------------------------------\n"
        "def total(order):\n    return sum(line.price for line in order.lines)\n\n"
        "items = [\n    [1, 2],\n]\nfoo({'a': (1, [2])});\n/* done */\n")


def body(names: str, text: str) -> str:
    """What the named rules leave of a body under an empty head."""
    return model_text(names, Piece("docs/a.txt", "documentation", None, None, "", "", text))


def test_rule_lines_leave_out_underlines_borders_and_comment_rules_only():
    assert body("rule_lines", SECTION) == (
        "Model field reference\n\nThis document contains all the API references of Field.\n\n"
        "Field options\n\n``null``\n\n.. attribute:: Field.null\n\n"
        "If ``True``, Django will store empty values as ``NULL`` in the database.\n")
    assert body("rule_lines", GRID) == "| Field      | Type     |\n| CharField  | varchar  |\n"
    # code's own punctuation lines (a closing `]`, `});`, `*/`) stay: no run of one character
    assert body("rule_lines", CODE) == CODE.split("\n", 1)[1]
    assert body("rule_lines", "no rule here\n") == "no rule here\n"


def test_punct_runs_keep_three_of_a_run():
    assert body("punct_runs", "Default ......... 30 seconds") == "Default ... 30 seconds"
    assert body("punct_runs", "| ==== | ===== |") == "| === | === |"
    # a mix of punctuation is code, kept whole
    assert body("punct_runs", "a -->>>> b, f(**kwargs), super().__init__()) '''doc'''") == (
        "a -->>> b, f(**kwargs), super().__init__()) '''doc'''")


def test_title_once_names_a_section_in_its_body_only():
    head = "docs/ref/fields.txt: section Model field reference — "
    piece = Piece("docs/ref/fields.txt", "documentation", "Model field reference", "section",
                  head, "", SECTION)
    assert model_text("title_once", piece) == "docs/ref/fields.txt: " + SECTION
    overlined = piece._replace(body="=" * 22 + "\n" + SECTION)  # a title with an overline
    assert model_text("title_once", overlined) == "docs/ref/fields.txt: " + overlined.body
    untitled = piece._replace(body="This document contains all the API references.\n")
    assert model_text("title_once", untitled) == head + untitled.body  # the head names it
    method = Piece("a.py", "source", "total", "function", "a.py: function total — ", "",
                   "def total(order):\n")
    assert model_text("title_once", method) == method.head + method.body  # not a section


def test_test_file_name_leaves_the_folders_out_of_a_tests_head_only():
    head = "tests/queries/test_qs.py: method QuerySetTests.test_union — "
    test = Piece("tests/queries/test_qs.py", "test", "QuerySetTests.test_union", "method", head,
                 "", "def test_union(self):\n")
    assert model_text("test_file_name", test) == (
        "test_qs.py: method QuerySetTests.test_union — def test_union(self):\n")
    source = test._replace(kind="source")
    assert model_text("test_file_name", source) == head + source.body


def test_context_once_drops_the_container_line_a_members_head_names():
    member = Piece("shop/orders.py", "source", "Orders.total", "method",
                   "shop/orders.py: method Orders.total — ", "class Orders(Model):\n",
                   "    def total(self):\n")
    assert model_text("context_once", member) == member.head + member.body
    alone = member._replace(symbol="total")  # the head does not name the container
    assert model_text("context_once", alone) == alone.head + alone.context + alone.body


# anyhow 1.0.69's `Error::new` with its doc comment taken away (what `repokb eval` asks about)
RUST_NEW = ("    #[cfg(feature = \"std\")]\n"
            "    #[cfg_attr(doc_cfg, doc(cfg(feature = \"std\")))]\n"
            "    #[cold]\n    #[must_use]\n"
            "    pub fn new<E>(error: E) -> Self\n    where\n"
            "        E: StdError + Send + Sync + 'static,\n    {\n"
            "        let backtrace = backtrace_if_absent!(&error);\n"
            "        Error::from_std(error, backtrace)\n    }\n")


def _rust(text: str, path: str = "src/error.rs") -> Piece:
    return Piece(path, "source", "Error.new", "method", f"{path}: method Error.new — ",
                 "impl Error {\n", text)


def test_rust_hints_drop_the_compiler_hints_and_keep_what_says_what_the_item_is():
    kept = ("    #[derive(Clone, Debug)]\n    #[test]\n    #[inline] let a = b[0];\n"
            "    #[cfg(any(\n        feature = \"std\"))]\n    let s = \"#[cold]\";\n")
    piece = _rust(RUST_NEW + kept)
    signature = RUST_NEW[RUST_NEW.index("    pub fn"):]
    assert model_text("rust_hints", piece) == piece.head + piece.context + signature + kept
    # another language's `#[...]` (a C# attribute, a Python comment) is not Rust's
    other = _rust(RUST_NEW, "src/Error.cs")
    assert model_text("rust_hints", other) == other.head + other.context + other.body
    once = model_text("rust_hints", piece)
    assert model_text("rust_hints", piece._replace(body=once.removeprefix(
        piece.head + piece.context))) == once


def test_rust_hints_bring_an_undocumented_constructor_closer_to_what_it_does(
        real_embedder: Embedder):
    question = real_embedder.embed_query("Create a new error object from any error type")
    piece = _rust(RUST_NEW)
    before, after = real_embedder.embed_documents([model_text("", piece),
                                                   model_text("rust_hints", piece)])
    assert float(question @ after) > float(question @ before) + 0.03


@pytest.mark.parametrize("text", [SECTION, GRID, CODE, "+-+-+-+\n|a|\n-=-=-=-=\n....x"])
def test_the_rules_are_idempotent(text):
    for names in ("rule_lines,punct_runs", "punct_runs,rule_lines"):
        once = body(names, text)
        assert body(names, once) == once


def test_rules_are_named_and_an_unknown_one_is_a_clear_error():
    assert names_of("") == () and names_of(" , ") == ()
    assert names_of("rule_lines, punct_runs") == ("rule_lines", "punct_runs")
    with pytest.raises(ConfigError, match="rule_line") as error:
        names_of("rule_line")
    assert "punct_runs" in (error.value.hint or "")


def test_the_squeezed_text_costs_the_model_fewer_tokens(real_embedder: Embedder):
    for text in (SECTION, GRID):
        before = real_embedder.count_tokens([text], [256])
        after = real_embedder.count_tokens([body("rule_lines,punct_runs", text)], [256])
        assert after < 0.8 * before
    # whitespace is free: indentation costs no token, so no rule touches it
    assert real_embedder.count_tokens(["a    b\n\t\tc"], [256]) == real_embedder.count_tokens(
        ["a b c"], [256])


def _chunk(settings: Settings, content: str, path: str = "docs/ref/fields.txt"):
    file = SourceFile("p", Path("/nonexistent"), path, len(content), 0)
    c = Classification(Kind.DOCUMENTATION, "rst", Role.PRIMARY, Policy.PARSE_AND_INDEX, ("doc",))
    piece = ChunkPiece(content, 1, content.count("\n") + 1, "Model field reference", "section")
    return enrich(file, c, piece, 0, settings.embed_plan)


def test_the_plan_signs_the_vectors_with_the_rules_and_the_hash_is_of_what_the_model_reads():
    plain, squeezed = Settings(), Settings(dense_text_rules="rule_lines,punct_runs")
    assert squeezed.embed_plan.model == plain.embed_plan.model + "+rule_lines+punct_runs"
    assert squeezed.embed_plan.squeeze == "rule_lines,punct_runs"
    # another backend's tokenizer is not BERT's: the rules do not apply to it
    remote = Settings(embedder="openai-compat", embed_model="m", embed_dimension=8,
                      dense_text_rules="rule_lines")
    assert remote.embed_plan.squeeze == "" and "rule_lines" not in remote.embed_plan.model
    a, b = _chunk(plain, SECTION), _chunk(squeezed, SECTION)
    assert a.embed_text == b.embed_text and a.content == b.content  # BM25's text, the piece
    assert a.dense_text is None and a.model_text == a.embed_text
    assert b.dense_text is not None and "=====" not in b.model_text
    assert b.model_text.startswith("docs/ref/fields.txt: section Model field reference — ")
    # the same squeezed text under an underline of another length: one vector serves both
    other = _chunk(squeezed, SECTION.replace("======================", "=" * 30))
    assert other.embed_text != b.embed_text and other.text_hash == b.text_hash
    assert a.text_hash != b.text_hash


def test_the_model_reads_the_squeezed_text_and_bm25_the_whole_text():
    seen: list[str] = []

    class Recording(HashEmbedder):
        def _embed_batch(self, texts, *, is_query, max_tokens):
            seen.extend(texts)
            return super()._embed_batch(texts, is_query=is_query, max_tokens=max_tokens)

    chunk = _chunk(Settings(dense_text_rules="rule_lines,punct_runs"), SECTION)
    lexical = CodeBm25Encoder()
    vectorizer = Vectorizer(lambda: Recording(), lexical)
    (embedded,) = vectorizer.vectorize([chunk], {})
    assert seen == [chunk.model_text]
    assert (embedded.sparse_indices, embedded.sparse_values) == lexical.document(chunk.embed_text)
    # written first without its vector (lexical-first), the point keeps the text the model
    # reads, and the dense pass embeds that text from the store
    (pending,) = vectorizer.vectorize([chunk], {}, dense=False)
    assert embedded_text(pending.payload()) == chunk.model_text
    plain = _chunk(Settings(), SECTION)
    (waiting,) = vectorizer.vectorize([plain], {}, dense=False)
    assert EMBED_HEAD in waiting.payload() and embedded_text(waiting.payload()) == plain.embed_text


def test_two_texts_the_model_reads_as_one_keep_their_own_bm25_vectors_made_ahead():
    """An upload's BM25 vectors are made before it takes the lock: keyed by what BM25 reads,
    not by the text hash the rules make equal (`tests/x/test_a.py` and `tests/y/test_a.py`)."""
    settings = Settings(dense_text_rules="test_file_name")
    file = "def test_total():\n    assert total([1, 2]) == 3\n"
    c = Classification(Kind.TEST, "python", Role.PRIMARY, Policy.PARSE_AND_INDEX, ("test",))
    chunks = [enrich(SourceFile("p", Path("/nonexistent"), path, len(file), 0), c,
                     ChunkPiece(file, 1, 2, "test_total", "function"), 0, settings.embed_plan)
              for path in ("tests/orders/test_a.py", "tests/invoices/test_a.py")]
    assert chunks[0].text_hash == chunks[1].text_hash  # one vector serves both
    lexical = CodeBm25Encoder()
    vectorizer = Vectorizer(lambda: HashEmbedder(), lexical)
    vectorizer.ahead_sparse = vectorizer.sparse(chunks)
    made = vectorizer.vectorize(chunks, {})
    for chunk, embedded in zip(chunks, made, strict=True):
        assert (embedded.sparse_indices, embedded.sparse_values) == lexical.document(
            chunk.embed_text)
    assert made[0].sparse_indices != made[1].sparse_indices  # `orders` / `invoices`
