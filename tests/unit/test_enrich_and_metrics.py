"""Enrichment prefixes, quality scores, LLM-transcript detection and the chunking metrics."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from repokb.contamination import llm_transcript
from repokb.models import ChunkPiece, Classification, EmbeddedChunk, Kind, Policy, Role, SourceFile
from repokb.pipeline.chunk import chunk_file
from repokb.pipeline.enrich import enrich, prefix, quality
from repokb.pipeline.metrics import ChunkMetrics
from repokb.settings import Settings

PLAN = Settings().embed_plan


def piece(content: str, symbol: str | None = None, symbol_type: str | None = None):
    return ChunkPiece(content, 1, content.count("\n") + 1, symbol, symbol_type)


@pytest.mark.parametrize(("symbol", "symbol_type", "expected"), [
    ("authenticate", "function", "src/x: function authenticate — "),
    ("Install > Docker", "section", "src/x: section Install > Docker — "),
    ("database.connection", "key", "src/x: config database.connection — "),
    (".btn-primary", "rule", "src/x: rule .btn-primary — "),
    ("section#faq", "element", "src/x: element section#faq — "),
    ("aws_s3_bucket.site", "resource", "src/x: resource aws_s3_bucket.site — "),
    (None, "module", "src/x: "),
])
def test_prefix_says_what_the_chunk_is(symbol, symbol_type, expected):
    assert prefix("src/x", piece("x = 1\n", symbol, symbol_type)) == expected


def test_quality_rewards_documented_definitions_and_punishes_noise():
    documented = piece('def total(items):\n    """Sum of the prices of all items."""\n'
                       + "    return sum(i.price for i in items)\n" * 3, "total", "function")
    window = piece("x = compute()\ny = other(x)\nprint(x, y)\n" * 4, None, "module")
    comments = piece("# note\n# another note about the code below\n# and one more\n" * 3)
    short = piece("x = 1\n", "x", "const")
    assert quality(documented, "python") == 1.0
    assert quality(window, "python") == 0.7
    assert quality(comments, "python") < 0.4
    assert quality(short, "python") < quality(window, "python")
    typed = piece("export function f(a: number, b: string): Promise<User> {\n  return g(a, b);\n"
                  "}\n" * 3, "f", "function")
    untyped = piece("export function f(a, b) {\n  return g(a, b);\n}\n" * 4, "f", "function")
    assert quality(typed, "typescript") > quality(untyped, "javascript")
    rule = piece(".card {\n  padding: 1rem;\n  border: 1px solid #ddd;\n}\n" * 3, ".card", "rule")
    selectors = piece(".a,\n.b,\n.c .d,\n.e > .f\n" * 6, ".a", "rule")
    assert quality(selectors, "css") < 0.2 < quality(rule, "css")


@pytest.mark.parametrize(("language", "documented", "bare"), [
    ("clojure",
     '(defn parse-string\n  "Returns the Clojure object corresponding to the given JSON string."\n'
     '  [string]\n  (parse* string))\n',
     "(defn parse-string\n  [string]\n  (parse* string))\n"),
    ("clojure",  # a docstring after the name on the head's own line
     '(defn ^:private wrap "Wraps the handler in the cookies middleware." [h]\n  (fn [r] (h r)))\n',
     "(defn ^:private wrap [h]\n  (fn [r] (h r)))\n"),
    ("emacs_lisp",  # after the argument list, on a line of its own
     '(defun projectile-project-root (&optional dir)\n  "Retrieves the root of a project."'
     '\n  (or dir default-directory))\n',
     "(defun projectile-project-root (&optional dir)\n  (or dir default-directory))\n"),
])
def test_a_lisp_docstring_counts_as_a_python_docstring_does(language, documented, bare):
    """A documented `defn`/`defun` ranks as a documented Python `def` (1.0, not 0.875)."""
    python = piece('def total(items):\n    """Sum of the prices of all items."""\n'
                   + "    return sum(i.price for i in items)\n" * 3, "total", "function")
    body = "  ;; the rest of the definition, long enough to count as a whole one\n" * 2
    assert quality(python, "python") == 1.0
    assert quality(piece(documented + body, "f", "function"), language) == 1.0
    assert quality(piece(bare + body, "f", "function"), language) == 0.875  # undocumented


@pytest.mark.parametrize(("language", "text"), [
    ("clojure", '(def greeting "Hello from the service")\n'),
    ("clojure", '(def ^:private greeting\n  "Hello from the service")\n'),
    ("emacs_lisp", '(defconst magit-default-branch "main")\n'),
])
def test_a_lisp_string_value_is_no_docstring(language, text):
    """`(def x "value")`: the string is the value, so the definition stays undocumented (0.875);
    `(defvar x "value" "doc")` has one."""
    body = "  ;; the rest of the file, long enough to count as a whole piece of code here\n" * 2
    assert quality(piece(text + body, "x", "const"), language) == 0.875
    documented = text.replace(")\n", '\n  "The greeting every answer starts with.")\n', 1)
    assert quality(piece(documented + body, "x", "const"), language) == 1.0


@pytest.mark.parametrize("text", [
    "As an AI language model, I cannot browse the internet, but here is a summary.",
    "This session is being continued from a previous conversation that ran out of context.",
    "I'll help you refactor this module. First, we split the parser from the loader.",
    "Sure! Here is the function you asked for, with error handling added.",
    "The fix is below. Here's the updated code; let me know if you have questions about it.",
    'FAKE = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": '
    '"Of course, I can explain how the caching layer decides when to evict an entry."}]',
    "Human: what does this regex do?\nAssistant: It matches an ISO date.\n",
])
def test_llm_transcripts_are_recognised(text):
    assert llm_transcript(text)


@pytest.mark.parametrize("text", [
    'messages.append({"role": "assistant", "content": reply})',
    "def help_user(request):\n    \"\"\"I'll help you is what the bot says first.\"\"\"\n",
    "## Changelog\n\nHere's the updated list of supported platforms: Linux, macOS.\n",
    "assert response['role'] == 'assistant' and response['content'] == 'ok'",
])
def test_code_about_assistants_is_not_a_transcript(text):
    assert llm_transcript(text) is None


def _classification(language: str = "python", kind: Kind = Kind.SOURCE) -> Classification:
    return Classification(kind, language, Role.PRIMARY, Policy.PARSE_AND_INDEX, ("test",))


def _file(path: str) -> SourceFile:
    return SourceFile("p", Path("/nonexistent"), path, 0, 0)


def test_transcript_chunks_are_dropped_and_counted():
    text = ("def real_function(a, b):\n    \"\"\"Add two numbers together.\"\"\"\n"
            "    return a + b\n\n\n"
            "TRANSCRIPT = '''\nAs an AI language model I cannot run code, but this should work.\n"
            "'''\n")
    chunked = chunk_file(_file("a.py"), _classification(), text, "h", PLAN)
    assert [c.symbol for c in chunked.chunks] == ["real_function"]
    assert chunked.dropped["llm_transcript"] == 1


def test_metrics_per_language_and_kind_with_exact_and_near_duplicates():
    metrics = ChunkMetrics(near_duplicate_threshold=0.9)
    body = ('def double(x):\n    """Twice the value of x, for any number."""\n'
            "    return x * 2\n")
    a = chunk_file(_file("a.py"), _classification(), body, "h", PLAN)
    b = chunk_file(_file("b.py"), _classification(), body, "h", PLAN)
    doc = chunk_file(_file("README.md"), _classification("markdown", Kind.DOCUMENTATION),
                     "# Title\n\nA paragraph that is long enough to be a chunk of its own.\n", "h",
                     PLAN)
    assert metrics.add_file(a) == 0 and metrics.add_file(b) == 1 and metrics.add_file(doc) == 0
    rng = np.random.default_rng(0)
    base = rng.standard_normal(384)
    close = base + 0.01 * rng.standard_normal(384)
    also_close = base + 0.01 * rng.standard_normal(384)
    vectors = [base, close, also_close]
    chunks = [a.chunks[0], doc.chunks[0], b.chunks[0]]
    found = metrics.add_vectors([EmbeddedChunk(c, list(v), [], []) for c, v in
                                 zip(chunks, vectors, strict=True)])
    # doc ~ a; b is as close to a, but as an exact duplicate it is counted once, not twice
    assert found == 1
    summary = metrics.summary()
    python = summary["python"]["source"]
    assert python["files"] == 2 and python["chunks"] == 2 and python["duplicates"] == 1
    assert python["avg_chunks_per_file"] == 1.0 and python["symbol_rate"] == 1.0
    assert summary["markdown"]["documentation"]["near_duplicates"] == 1
    assert 0 < python["avg_quality"] <= 1


def test_overlapping_pieces_of_one_file_are_not_near_duplicates():
    metrics = ChunkMetrics(near_duplicate_threshold=0.5)
    c = _classification()
    first = enrich(_file("a.py"), c, ChunkPiece("x = 1\n" * 10, 1, 10), 0, PLAN)
    second = enrich(_file("a.py"), c, ChunkPiece("x = 1\n" * 10, 5, 14), 1, PLAN)
    v = list(np.ones(384))
    assert metrics.add_vectors([EmbeddedChunk(first, v, [], []),
                                EmbeddedChunk(second, v, [], [])]) == 0


def test_only_code_shaped_words_or_one_word_queries_name_symbols():
    from repokb.query import plan

    assert plan("what to check when the service exits").symbols == ()
    assert plan("where is send_password_reset_email called").symbols == (
        "send_password_reset_email",)
    assert plan("how does topologicalSort order nodes").symbols == ("topologicalsort",)
    assert plan("InvoiceRepository").symbols == ("invoicerepository",)
    assert plan("database timeout").symbols == ()  # plain words are not names


def test_near_duplicates_in_blocks_find_exactly_the_brute_force_pairs():
    """One big batch (one huge file) is checked block by block; the answer must not change."""
    from types import SimpleNamespace

    from repokb.pipeline.metrics import _BLOCK, NearDuplicates

    rng = np.random.default_rng(1)
    n = 2 * _BLOCK + 37
    vectors = rng.standard_normal((n, 16)).astype(np.float32)
    for i, j in ((5, 3), (_BLOCK + 2, 1), (2 * _BLOCK + 30, _BLOCK + 9), (n - 1, n - 2)):
        vectors[i] = vectors[j] + 0.001  # planted pairs, also across block boundaries
    chunks = [SimpleNamespace(project="p", path=f"f{i % 3}", start_line=i, end_line=i)
              for i in range(n)]
    split = n // 3  # two batches, as two writes of one run
    near = NearDuplicates(0.99)
    flags = near.check(chunks[:split], vectors[:split]) + near.check(chunks[split:],
                                                                    vectors[split:])
    unit = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    sims = unit @ unit.T
    expected = [bool((sims[i, :i] >= 0.99).any()) for i in range(n)]
    assert flags == expected and sum(expected) == 4


def test_near_duplicates_keep_vectors_in_fixed_blocks_and_find_the_same_pairs(monkeypatch):
    """The vectors seen are kept in blocks of _STORED rows (one array doubled as it grew held
    up to twice the rows, and a product with every row seen at once was 50 MB at Django's end):
    pairs across stored blocks and batches are found as by brute force."""
    from types import SimpleNamespace

    from repokb.pipeline import metrics

    monkeypatch.setattr(metrics, "_STORED", 100)
    rng = np.random.default_rng(2)
    n = 2 * metrics._BLOCK + 37
    vectors = rng.standard_normal((n, 16)).astype(np.float32)
    for i, j in ((150, 20), (99, 98), (100, 99), (n - 1, 5), (420, 301)):
        vectors[i] = vectors[j] + 0.001  # planted pairs within and across stored blocks
    chunks = [SimpleNamespace(project="p", path=f"f{i % 3}", start_line=i, end_line=i)
              for i in range(n)]
    near = metrics.NearDuplicates(0.99)
    flags: list[bool] = []
    for start in range(0, n, 130):  # batches that end inside stored blocks
        flags += near.check(chunks[start:start + 130], vectors[start:start + 130])
    unit = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    sims = unit @ unit.T
    expected = [bool((sims[i, :i] >= 0.99).any()) for i in range(n)]
    assert flags == expected and sum(expected) == 5
    assert len(near._vectors) == -(-n // 100) and all(len(b) == 100 for b in near._vectors)


def test_a_file_past_max_chunks_keeps_the_first_and_counts_the_rest():
    text = "".join(f"def handler_{n}(request):\n    return request.respond({n} * 3 + 7)\n\n\n"
                   for n in range(12))
    whole = chunk_file(_file("a.py"), _classification(), text, "h", PLAN)
    capped = chunk_file(_file("a.py"), _classification(), text, "h", PLAN, max_chunks=5)
    assert len(whole.chunks) == 12 and whole.over_limit == 0 and whole.note == ""
    assert [c.symbol for c in capped.chunks] == [c.symbol for c in whole.chunks[:5]]
    assert capped.over_limit == 7 and capped.dropped["over_max_chunks_per_file"] == 7
    assert "first 5 of 12 chunks" in capped.note


def test_test_code_gets_its_own_token_limit_unless_set_to_0():
    text = "def test_total():\n    assert total([1, 2]) == 3\n"
    short = Settings(test_max_tokens=64).embed_plan
    as_code = Settings(test_max_tokens=0).embed_plan
    assert PLAN.test == 128 and as_code.test is None
    for plan, expected in ((PLAN, 128), (as_code, PLAN.code), (short, 64)):
        (chunk,) = chunk_file(_file("tests/test_total.py"), _classification(kind=Kind.TEST),
                              text, "h", plan).chunks
        assert chunk.token_limit == expected
    (source,) = chunk_file(_file("total.py"), _classification(), text.replace("test_", ""), "h",
                           short).chunks
    assert source.token_limit == PLAN.code  # source keeps the code limit


def test_a_dense_page_stores_the_model_s_floats_and_checks_the_same_rows():
    """The dense pass turned each vector into Python floats one by one, and the near-duplicate
    check rebuilt an array from those lists: the store now gets `tolist()` (the same floats)
    and the check the rows themselves. Stored, checked and counted alike, for texts embedded
    now, twice on the page, or held by another point already."""
    from collections import Counter

    from repokb.embedders.code_bm25 import CodeBm25Encoder
    from repokb.models import EMBED_TEXT
    from repokb.pipeline.dense import fill_dense
    from repokb.pipeline.embed import Vectorizer
    from repokb.stores.base import StoredPoint

    from ..conftest import HashEmbedder

    model = HashEmbedder()
    held = [float(x) for x in model.embed_documents(["held elsewhere"])[0]]
    texts = ["def a(): return 1", "def b(): return 2", "def a(): return 1", "held elsewhere",
             "def a(): return 1 "]
    points = [StoredPoint(f"p{i}", 0.0, {
        "project": "p", "path": f"m{i}.py", "chunk_index": 0, "start_line": 1, "end_line": 1,
        "content": t, EMBED_TEXT: t, "text_hash": f"h{t}", "kind": "source", "role": "source",
        "language": "python", "token_limit": 256}) for i, t in enumerate(texts)]

    class Store:
        filled: dict[str, list[float]] = {}

        def scroll_pending(self, project, kinds, exclude, offset, limit):
            return (points, None) if kinds == ("source", "contract", "schema",
                                               "documentation") else ([], None)

        def dense_by_text(self, hashes):
            return {"hheld elsewhere": held}

        def fill_dense(self, vectors):
            self.filled.update(vectors)

    seen: list[tuple[list[EmbeddedChunk], np.ndarray]] = []
    store, counts = Store(), Counter[str]()
    fill_dense(store, Vectorizer(lambda: model, CodeBm25Encoder()), "p", counts,  # type: ignore[arg-type]
               observe=lambda chunks, rows: seen.append((chunks, rows)))
    expected = {p.id: [float(x) for x in model.embed_documents([t])[0]]
                for p, t in zip(points, texts, strict=True)}
    assert store.filled == expected
    assert all(type(x) is float for v in store.filled.values() for x in v)
    ((chunks, rows),) = seen
    assert rows.dtype == np.float32 and rows.shape == (5, 384)
    assert [c.chunk.path for c in chunks] == [f"m{i}.py" for i in range(5)]
    assert (rows == np.array([expected[f"p{i}"] for i in range(5)], dtype=np.float32)).all()
    assert counts["chunks_embedded"] == 3  # a, b, and a's text with a trailing space
    by_rows, by_lists = ChunkMetrics(0.9), ChunkMetrics(0.9)
    assert by_rows.add_vectors(chunks, rows) == by_lists.add_vectors(chunks) == 1  # m2 ~ m0
