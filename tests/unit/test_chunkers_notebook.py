"""Jupyter notebooks: cells' sources are chunks (markdown as sections, code by the kernel's
language), outputs and attachments never are, and every line points into the .ipynb on disk."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from repokb.chunkers import chunker_for
from repokb.chunkers.fixed import split_lines
from repokb.chunkers.notebook import read_cells
from repokb.models import Classification, Kind, Policy, Role, SourceFile
from repokb.pipeline.chunk import ChunkedFile, FileProblem, chunk_file, indexed_bytes
from repokb.pipeline.report import estimate
from repokb.settings import Settings

from .. import fake_secrets as fake

PLAN = Settings().embed_plan
PYTHON = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
          "language_info": {"name": "python"}}
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5E"


def md(text: str, **extra: object) -> dict[str, object]:
    return {"cell_type": "markdown", "metadata": {}, "source": split_lines(text), **extra}


def code(text: str, outputs: list[object] | None = None, *, one_string: bool = False
         ) -> dict[str, object]:
    return {"cell_type": "code", "execution_count": 1, "metadata": {}, "outputs": outputs or [],
            "source": text if one_string else split_lines(text)}


def notebook(cells: list[dict[str, object]], metadata: dict[str, object] | None = None) -> str:
    """As nbformat writes it: sorted keys, one-space indent, one source string per line."""
    nb = {"cells": cells, "metadata": PYTHON if metadata is None else metadata, "nbformat": 4,
          "nbformat_minor": 5}
    return json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def pieces(text: str) -> list:
    chunker = chunker_for("jupyter")
    assert chunker is not None
    return chunker.chunk(text)


def escaped(line: str) -> str:
    """A source line as nbformat writes it inside its JSON string."""
    return json.dumps(line.rstrip("\n"), ensure_ascii=False)[1:-1]


def assert_on_disk(text: str, found: list) -> None:
    """Each piece's first and last lines are written, JSON-escaped, on the lines of the file
    it names: what an editor opened at those lines shows."""
    lines = text.split("\n")
    for p in found:
        content = split_lines(p.content)
        head, tail = (escaped(ln) for ln in (content[0], content[-1]))
        assert head in lines[p.start_line - 1], (p, lines[p.start_line - 1])
        assert tail in lines[p.end_line - 1], (p, lines[p.end_line - 1])


CHURN = notebook([
    md("# Churn model\n\nPredict which customers cancel within 30 days.\n"),
    code("import pandas as pd\nimport numpy as np\n"),
    code("SEED = 42\npd.set_option('display.max_columns', 50)\n"),
    md("## Load the training data\n\nOne row per customer from the nightly export.\n"
       "![funnel](attachment:funnel.png)", attachments={"funnel.png": {"image/png": PNG}}),
    code("def load_training_data(path: str) -> pd.DataFrame:\n"
         '    """Read the export and drop internal test accounts."""\n'
         "    frame = pd.read_csv(path)\n"
         "    return frame[~frame.email.str.endswith('@example.com')]\n",
         [{"output_type": "display_data", "metadata": {},
           "data": {"image/png": PNG, "text/plain": ["<Figure OUTPUT_PLOT>"]}},
          {"output_type": "error", "ename": "KeyError", "evalue": "OUTPUT_ERROR",
           "traceback": ["Traceback OUTPUT_TRACEBACK"]}]),
    code("train = load_training_data('train.csv')  # the whole export, ~2 GB", one_string=True),
])


def test_cells_are_cut_by_kind_and_point_at_their_lines_in_the_ipynb():
    found = pieces(CHURN)
    assert [(p.symbol, p.symbol_type) for p in found] == [
        ("Churn model", "section"),
        (None, "module"),  # the two small cells, packed into one piece
        ("Churn model > Load the training data", "section"),
        ("load_training_data", "function"),  # cut by tree-sitter, as in a .py file
        (None, "module")]
    assert found[1].content == ("import pandas as pd\nimport numpy as np\nSEED = 42\n"
                                "pd.set_option('display.max_columns', 50)\n")
    assert_on_disk(CHURN, found)
    lines = CHURN.split("\n")
    # the function's lines are exactly its four source strings
    assert [ln.strip() for ln in lines[found[3].start_line - 1 : found[3].end_line]] == [
        json.dumps(ln) + ("," if n < 3 else "") for n, ln in enumerate(split_lines(
            found[3].content))]
    # a source written as one string: the piece points at the "source" line
    assert found[4].start_line == found[4].end_line
    assert lines[found[4].start_line - 1].strip().startswith('"source": "train = ')
    # code cells carry the heading path they sit under, as context for the embedding
    assert found[3].context == "section Churn model > Load the training data"


def test_outputs_and_attachments_are_never_chunks():
    text = " ".join(p.content + (p.context or "") + (p.symbol or "") for p in pieces(CHURN))
    for left_out in ("OUTPUT_PLOT", "OUTPUT_ERROR", "OUTPUT_TRACEBACK", PNG[:20], "image/png",
                     "execution_count", "outputs"):
        assert left_out not in text


def test_the_dry_run_estimate_counts_cell_sources_not_outputs(tmp_path: Path):
    big = notebook([md("# Report\n\nMonthly revenue by region, from the warehouse.\n"),
                    code("revenue.plot()\n", [{"output_type": "display_data", "metadata": {},
                                               "data": {"image/png": "A" * 400_000}}])])
    path = tmp_path / "report.ipynb"
    path.write_text(big)
    file = SourceFile("p", tmp_path, "report.ipynb", path.stat().st_size, 0)
    c = Classification(Kind.SOURCE, "jupyter", Role.PRIMARY, Policy.PARSE_AND_INDEX, ("r",))
    sources = len("# Report\n\nMonthly revenue by region, from the warehouse.\nrevenue.plot()\n")
    assert indexed_bytes(file, c, 2_000_000) == sources
    assert estimate(file, c, PLAN, indexed_bytes(file, c, 2_000_000))[0] == 1
    assert estimate(file, c, PLAN)[0] > 500  # by the file's size: the image's bytes


def test_headings_carry_across_cells_and_a_rule_is_not_front_matter():
    text = notebook([
        md("# Pipeline\n\nThree stages, each in its own section below.\n"),
        md("---\n\n## Extract\n\nPull the day's orders from the shop database.\n"),
        md("More about extraction: retries, back-off and the watermark table.\n"),
        code("x = 1\n"),
        md("Notes after the code, still under Extract, longer than forty characters.\n"),
    ])
    found = pieces(text)
    symbols = [p.symbol for p in found if p.symbol_type == "section" and
               len(p.content.strip()) >= 40]
    assert symbols == ["Pipeline", "Pipeline > Extract", "Pipeline > Extract"]
    assert any("---" in p.content for p in found)  # kept, not skipped as front matter
    assert_on_disk(text, found)


def test_other_kernels_are_packed_and_windowed_without_tree_sitter():
    r_kernel = {"kernelspec": {"language": "R", "name": "ir"}, "language_info": {"name": "R"}}
    long_cell = "".join(f"summary(model_{i}) # fit number {i} of the grid search\n"
                        for i in range(40))
    text = notebook([code("library(dplyr)\nlibrary(ggplot2)\n"),
                     code("orders <- read.csv('orders.csv')\n"), code(long_cell)], r_kernel)
    assert read_cells(text)[0].language == "r"
    found = pieces(text)
    assert found[0].content == ("library(dplyr)\nlibrary(ggplot2)\n"
                                "orders <- read.csv('orders.csv')\n")
    assert len(found) > 3 and all(p.symbol is None for p in found)
    assert all(len(p.content) <= 500 for p in found)
    assert_on_disk(text, found)


def test_a_cell_without_a_source_or_of_an_unknown_type_is_left_out():
    """nbformat's own invalid.ipynb: a markdown cell with no source failed the whole file."""
    text = notebook([{"cell_type": "markdown", "metadata": {}},
                     {"cell_type": "widget", "metadata": {}, "source": ["x"]},
                     {"cell_type": "code", "metadata": {}, "outputs": [], "source": [1, 2]},
                     md("# Usage\n\nCall `score()` with a frame of payments to rate them.\n")])
    assert [p.symbol for p in pieces(text)] == ["Usage"]


def test_a_lone_surrogate_or_an_inlined_image_does_not_reach_a_chunk():
    """JSON may escape half an emoji ("\\ud83d"), which no UTF-8 store can hold; a markdown
    image inlined as base64 would be windows of noise."""
    text = notebook([md(f"# Funnel\n\n![funnel](data:image/png;base64,{PNG * 20})\n"
                        "Conversion by step, from visit to paid order.\n"),
                     code("label = 'drop-off \ud83d' + ' per step of the checkout funnel'\n")]
                    ).replace("\ud83d", "\\ud83d")  # on disk as its escape: valid UTF-8
    text.encode("utf-8")
    file = SourceFile("p", Path("/nonexistent"), "nb.ipynb", len(text), 0)
    c = Classification(Kind.SOURCE, "jupyter", Role.PRIMARY, Policy.PARSE_AND_INDEX, ("r",))
    chunks = chunk_file(file, c, text, "h", PLAN).chunks
    assert len(chunks) == 2 and chunks[1].text_hash  # hashing encodes the text as UTF-8
    assert "drop-off \ufffd' + ' per step" in chunks[1].content
    assert "![funnel](data:image/png;base64,...)" in chunks[0].content
    assert PNG[:20] not in chunks[0].content and chunks[0].end_line == chunks[0].start_line + 3


def test_an_nbformat_3_notebook_is_read():
    nb = {"nbformat": 3, "nbformat_minor": 0, "metadata": {"name": "old"},
          "worksheets": [{"cells": [
              {"cell_type": "heading", "level": 2, "metadata": {}, "source": ["Setup"]},
              {"cell_type": "code", "collapsed": False, "input": [
                  "def connect(url):\n", "    return Engine(url, pool_size=5, echo=True)\n"],
               "language": "python", "metadata": {}, "outputs": [
                   {"output_type": "pyout", "text": ["OUTPUT_V3"]}]}]}]}
    text = json.dumps(nb, indent=1)
    found = pieces(text)
    assert [(p.symbol, p.symbol_type) for p in found] == [("Setup", "section"),
                                                          ("connect", "function")]
    assert found[0].content.startswith("## Setup")
    assert "OUTPUT_V3" not in "".join(p.content for p in found)
    assert_on_disk(text, found[1:])


@pytest.mark.parametrize(("text", "reason"), [
    ('{"cells": [\n', "notebook is not valid JSON: Expecting value (line 2, column 1)"),
    ("[1, 2]", "not a Jupyter notebook: its JSON is not an object"),
    ('{"nbformat": 2, "worksheets": []}', "nbformat 2 notebook: only nbformat 3 and 4 are read"),
    ('{"nbformat": 4, "metadata": {}}', "not a Jupyter notebook: no list of cells (nbformat 4)"),
    ("[" * 100_000 + "]" * 100_000, "notebook JSON could not be read: nested too deeply"),
])
def test_a_bad_notebook_fails_with_its_reason_and_is_never_cut_raw(text: str, reason: str):
    file = SourceFile("p", Path("/nonexistent"), "bad.ipynb", len(text), 0)
    c = Classification(Kind.SOURCE, "jupyter", Role.PRIMARY, Policy.PARSE_AND_INDEX, ("r",))
    with pytest.raises(FileProblem) as problem:
        chunk_file(file, c, text, "h", PLAN)
    assert str(problem.value).startswith(reason)
    assert pieces(text) == []  # no windows over the raw JSON


def test_a_secret_json_escaped_on_disk_is_redacted_as_decoded():
    """`\\u0041` for "A", `\\"` for a quote: the raw text's redaction cannot see the token."""
    key = "sk-proj-" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7cDe0fGh3iJk6lMn9oPq2rSt5uVw8x"
    text = notebook([code(f'import os\nos.environ["OPENAI_API_KEY"] = "{key}"\n'
                          "client = OpenAI()  # reads the key from the environment\n",
                          [{"output_type": "stream", "name": "stdout",
                            "text": [f"{fake.GITHUB_TOKEN}\n"]}])])
    escaped = text.replace(key, key.replace("A", "\\u0041"))
    assert key not in escaped and json.loads(escaped) == json.loads(text)
    file = SourceFile("p", Path("/nonexistent"), "nb.ipynb", len(escaped), 0)
    c = Classification(Kind.SOURCE, "jupyter", Role.PRIMARY, Policy.PARSE_AND_INDEX, ("r",))
    chunked = chunk_file(file, c, escaped, "h", PLAN)
    assert chunked.chunks and chunked.secrets_redacted == 1
    stored = json.dumps([ch.payload() | {"embed": ch.embed_text} for ch in chunked.chunks])
    assert "OPENAI_API_KEY" in stored and "<REDACTED_SECRET>" in stored
    for value in (key, key[8:30], fake.GITHUB_TOKEN):
        assert value not in stored


def test_a_redacted_value_is_reported_on_the_line_of_the_ipynb_that_holds_it():
    """Not the line within its cell: a user opens the .ipynb at the line the note names. The
    first value in the file is named, though a later cell's sits nearer its cell's start."""
    password = "Zq7v" + "RealPassw0rd" + "X31"
    text = notebook([md("# Warehouse\n\nPayments, read only.\n"),
                     code("import sqlalchemy\n\nengine = sqlalchemy.create_engine(\n"
                          f"    'postgres://analyst:{password}@warehouse.internal/pay')\n"),
                     md(f"Or ask for `GITHUB_TOKEN`:\n{fake.GITHUB_TOKEN}\n"),
                     code(f'AWS_ACCESS_KEY_ID = "{fake.AWS_ACCESS_KEY}"', one_string=True)])
    file_lines = text.split("\n")

    def line_of(value: str) -> int:
        (line,) = [n for n, row in enumerate(file_lines, 1) if value in row]
        return line

    file = SourceFile("p", Path("/nonexistent"), "nb.ipynb", len(text), 0)
    c = Classification(Kind.SOURCE, "jupyter", Role.PRIMARY, Policy.PARSE_AND_INDEX, ("r",))
    chunked = chunk_file(file, c, text, "h", PLAN)
    assert sorted(f.line for f in chunked.redactions) == [
        line_of(password), line_of(fake.GITHUB_TOKEN), line_of(fake.AWS_ACCESS_KEY)]
    assert f"from line {line_of(password)}): redacted before indexing" in chunked.note


def chunked_and_stored(text: str) -> tuple[ChunkedFile, str]:
    """A notebook's chunks, and all they would store (payloads and embedded text) as JSON."""
    file = SourceFile("p", Path("/nonexistent"), "nb.ipynb", len(text), 0)
    c = Classification(Kind.SOURCE, "jupyter", Role.PRIMARY, Policy.PARSE_AND_INDEX, ("r",))
    chunked = chunk_file(file, c, text, "h", PLAN, min_chars=1)
    return chunked, json.dumps([ch.payload() | {"embed": ch.embed_text} for ch in chunked.chunks])


def test_a_value_found_in_one_cell_is_redacted_in_every_other():
    """As in one file: a password set in one cell is redacted where an earlier cell or a later
    one repeats it bare, though nothing there looks like a secret on its own."""
    password = "Zq7v" + "RealPassw0rd" + "X31"
    text = notebook([code(f'assert check_login("analyst", "{password}")  # still works\n'),
                     code(f'DB_PASSWORD = "{password}"\nengine = connect("analyst", DB_PASSWORD)'),
                     md(f"# Warehouse\n\nRotate `{password}` once the export is done.\n")])
    chunked, stored = chunked_and_stored(text)
    assert "check_login" in stored and "Rotate" in stored and not chunked.dropped
    assert password not in stored
    assert sum(ch.content.count("<REDACTED_SECRET>") for ch in chunked.chunks) == 3
    assert chunked.secrets_redacted == 3


def test_a_url_password_found_in_one_cell_is_redacted_bare_in_another():
    """The password inside a URL's userinfo is a value of its own (secrets/parts.py), across
    cells as in one text: a later cell that types it bare does not keep it."""
    password = "Wq8" + "k2Passw0rd"
    text = notebook([code(f'engine = create_engine("postgres://analyst:{password}@db/app")'),
                     code(f'assert check_login("analyst", "{password}")'),
                     md(f"Log in as analyst with `{password}` for the read replica.\n")])
    chunked, stored = chunked_and_stored(text)
    assert "check_login" in stored and "read replica" in stored
    assert password not in stored


def test_a_prose_password_and_a_decoded_url_password_are_redacted_whole_in_other_cells():
    """A password that ends a sentence with `!` is redacted with it, in its cell and where
    another cell repeats it (with or without the `!`); the password of a URL inside a base64
    blob is redacted where another cell types it bare."""
    password = "Hq4" + "mTrain9Xy"
    decoded = "Vb7" + "nDecod3d"
    blob = base64.b64encode(f"postgres://etl:{decoded}@warehouse/app".encode()).decode()
    text = notebook([md(f"# Training\n\nUse password {password}! Then open the dashboard.\n"),
                     code(f'login("trainer", "{password}!")\nlogin("backup", "{password}")'),
                     code(f'DSN = decode("{blob}")'),
                     md(f"For psql, type {decoded} at the prompt.\n")])
    chunked, stored = chunked_and_stored(text)
    assert "Then open the dashboard" in stored and "at the prompt" in stored
    assert password not in stored and decoded not in stored
    assert "<REDACTED_SECRET>!" not in stored


def test_a_notebook_saved_as_one_line_says_its_hits_all_point_at_line_1():
    """`json.dump` without an indent: its cells are read, but no line of the file is theirs."""
    cells = json.loads(CHURN)["cells"]
    one_line = json.dumps({"cells": cells, "metadata": PYTHON, "nbformat": 4,
                           "nbformat_minor": 5}) + "\n"
    c = Classification(Kind.SOURCE, "jupyter", Role.PRIMARY, Policy.PARSE_AND_INDEX, ("r",))
    notes = {}
    for name, text in (("indented", CHURN), ("one line", one_line)):
        file = SourceFile("p", Path("/nonexistent"), "nb.ipynb", len(text), 0)
        chunked = chunk_file(file, c, text, "h", PLAN)
        assert chunked.chunks, name
        notes[name] = chunked.note
    assert notes["indented"] == ""
    assert notes["one line"].startswith("saved as one line of JSON: every hit in it points at "
                                        "line 1")


def test_the_embedded_prefix_says_notebook_cell():
    file = SourceFile("p", Path("/nonexistent"), "nb/churn.ipynb", len(CHURN), 0)
    c = Classification(Kind.SOURCE, "jupyter", Role.PRIMARY, Policy.PARSE_AND_INDEX, ("r",))
    heads = [ch.embed_text.split("\n")[0] for ch in chunk_file(file, c, CHURN, "h", PLAN).chunks]
    assert heads[0] == "nb/churn.ipynb: notebook markdown cell, section Churn model — # Churn model"
    assert heads[1] == "nb/churn.ipynb: notebook code cell — section Churn model"
    assert heads[3].startswith("nb/churn.ipynb: notebook code cell, function load_training_data — ")


_LINE = st.text(st.sampled_from("ab #=():`-*\t\"\\é"), max_size=30)


@settings(max_examples=150, deadline=None)
@given(cells=st.lists(st.tuples(st.sampled_from(["markdown", "code", "raw"]),
                                st.lists(_LINE, min_size=1, max_size=8), st.booleans(),
                                st.booleans()), max_size=8))
def test_every_source_line_is_covered_on_its_own_line_of_the_file(cells):
    """Whatever the sources, each non-blank source line lies in some piece whose line range
    holds the JSON string it is written in, and pieces are in order inside the file."""
    built = []
    for kind, lines, one_string, final_newline in cells:
        source = "\n".join(lines) + ("\n" if final_newline else "")
        built.append({"cell_type": kind, "metadata": {}, "outputs": [] if kind == "code" else None,
                      "source": source if one_string else split_lines(source)})
        if kind != "code":
            del built[-1]["outputs"]
    text = notebook(built)
    found = pieces(text)
    file_lines = text.split("\n")
    starts = [p.start_line for p in found]
    assert starts == sorted(starts)
    assert all(1 <= p.start_line <= p.end_line <= len(file_lines) for p in found)
    for cell in read_cells(text):
        for line, row in zip(cell.lines, cell.first, strict=True):
            if line.strip():
                assert escaped(line) in file_lines[row - 1]
                assert any(p.start_line <= row <= p.end_line for p in found), (line, row)


def test_is_decoder_answers_as_isinstance_for_every_chunker() -> None:
    """is_decoder asks isinstance(_, Decoder) once per chunker class: the same answers."""
    from repokb.chunkers.base import _REGISTRY, Decoder, is_decoder

    chunkers = [*_REGISTRY.values(), None, "text", object()]
    assert any(isinstance(c, Decoder) for c in chunkers)  # the notebook's
    for chunker in chunkers + chunkers:  # the second time from the cache
        assert is_decoder(chunker) == isinstance(chunker, Decoder), chunker


# hdbscan 0.8.44's `Comparing Clustering Algorithms.ipynb`: headings written `#Title` (classic
# Jupyter rendered them so), a cell's paragraph on one long line (shortened, repeated)
UNSPACED = ("#Comparing Python Clustering Algorithms\n", "##K-Means\n")
ONE_LINE = ("K-Means has a few problems however. The first is that it isn't a clustering "
            "algorithm, it is a partitioning algorithm. That is to say K-means doesn't 'find "
            "clusters' it partitions your dataset into as many (assumed to be globular) chunks "
            "as you ask for by attempting to minimize intra-partition distances. That leads to "
            "the second problem: you need to specify exactly how many clusters you expect. ") * 3


def test_an_unspaced_heading_in_a_markdown_cell_heads_its_section():
    """newuser39: hdbscan's notebooks write `#Title`, which classic Jupyter rendered as a
    heading and CommonMark reads as text: their pieces had no heading path at all."""
    text = notebook([
        md(UNSPACED[0] + "\nThere are a lot of clustering algorithms to choose from.\n"),
        md(UNSPACED[1] + "\nWe will start with K-Means, the workhorse of clustering.\n"),
        code("plot_clusters(data, cluster.KMeans, (), {'n_clusters': 6})\n"),
        {"cell_type": "raw", "metadata": {}, "source": ["#not a heading in a raw cell, kept\n"]},
    ])
    found = pieces(text)
    assert [p.symbol for p in found] == [
        "Comparing Python Clustering Algorithms",
        "Comparing Python Clustering Algorithms > K-Means",
        None, "Comparing Python Clustering Algorithms > K-Means"], found
    assert found[2].context == "section Comparing Python Clustering Algorithms > K-Means"
    assert found[0].content.startswith("#Comparing Python")  # the text as written
    assert_on_disk(text, found)


def test_a_hashtag_in_a_readme_stays_text():
    """CommonMark requires the space: outside a notebook `#hashtag` is no heading."""
    markdown = chunker_for("markdown")
    assert markdown is not None
    found = markdown.chunk("# Tags\n\n#python #clustering are the tags this project uses.\n")
    assert [p.symbol for p in found] == ["Tags"]


def test_a_one_line_markdown_cell_is_cut_between_words():
    """newuser39: a cell's paragraph written as one line was cut by characters, mid-word
    ("usters at that cut level"); it is cut after a sentence or a word."""
    text = notebook([md("## K-Means\n\n" + ONE_LINE + "\n")])
    found = [p for p in pieces(text) if "K-Means has" in p.content or "expect." in p.content]
    assert len(found) >= 2
    words = set(ONE_LINE.split())
    for p in found:
        assert set(p.content.split()) <= words, p.content  # no piece of a word
        assert p.content.rstrip().endswith((".", ":")) or p is found[-1], p.content
    assert "".join(p.content for p in found).count("partitioning algorithm") >= 3
