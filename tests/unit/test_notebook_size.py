"""A notebook is bounded by what is indexed of it (its cells' sources: max_file_bytes), not by
its outputs: one of a few KB of code and MB of embedded plots is read whole, up to
max_notebook_bytes, and indexed; above that, or when its sources alone are over
max_file_bytes, it is recorded as metadata only with the limit it is over."""

from __future__ import annotations

import base64
import json
import random
from pathlib import Path

import pytest

from repokb.chunkers import chunker_for
from repokb.chunkers.base import Decoder
from repokb.chunkers.fixed import split_lines
from repokb.models import Policy, SourceFile
from repokb.pipeline import Indexer
from repokb.pipeline.chunk import TooLarge, chunk_file, read_limit, read_text
from repokb.pipeline.classify import classify
from repokb.pipeline.discover import ProjectRoot
from repokb.rules import tables as T
from repokb.settings import Settings

PLAN = Settings().embed_plan
MB = 1_000_000


def plots_notebook(image_bytes: int = 5 * MB, sources: int = 4) -> tuple[str, str]:
    """A notebook as nbformat writes it: `sources` small code cells, each with a PNG plot as
    output, the plots' base64 `image_bytes` in all; and one of the base64 runs."""
    rng = random.Random(7)
    per_plot = image_bytes // sources * 3 // 4  # raw bytes; base64 is 4/3 of it
    cells = []
    for n in range(sources):
        png = base64.b64encode(rng.randbytes(per_plot)).decode()
        cells.append({
            "cell_type": "code", "execution_count": n + 1, "metadata": {},
            "outputs": [{"output_type": "display_data", "metadata": {},
                         "data": {"image/png": png, "text/plain": ["<Figure>"]}}],
            "source": split_lines(f"def plot_revenue_{n}(frame):\n"
                                  f'    """Monthly revenue of region {n}, as a bar chart."""\n'
                                  f"    return frame[frame.region == {n}].plot.bar()\n")})
    nb = {"cells": cells, "metadata": {"kernelspec": {"language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(nb, sort_keys=True, indent=1) + "\n", png


def source_bytes(text: str) -> int:
    return sum(len("".join(cell["source"]).encode()) for cell in json.loads(text)["cells"])


def on_disk(tmp_path: Path, text: str, rel: str = "plots.ipynb") -> SourceFile:
    path = tmp_path / rel
    path.write_text(text)
    return SourceFile("p", tmp_path, rel, path.stat().st_size, path.stat().st_mtime_ns)


def test_a_notebook_of_plots_over_max_file_bytes_is_read_for_its_sources(tmp_path: Path):
    text, png = plots_notebook()
    file = on_disk(tmp_path, text)
    assert file.size > 5 * MB  # > max_file_bytes: until now, metadata only
    c = classify(file)
    assert c.index_policy is Policy.PARSE_AND_INDEX, c.reasons
    assert "large" not in c.flags and c.reasons[0].startswith("Jupyter notebook")
    limit = read_limit(c, 2 * MB, Settings().max_notebook_bytes)
    assert limit == 32 * MB
    read, digest = read_text(file, limit)
    chunked = chunk_file(file, c, read, digest, PLAN, max_decoded=2 * MB)
    assert {ch.symbol for ch in chunked.chunks} == {f"plot_revenue_{n}" for n in range(4)}
    held = " ".join(ch.content + ch.embed_text for ch in chunked.chunks)
    assert png[1000:1040] not in held and "image/png" not in held


def test_a_file_that_is_not_decoded_keeps_max_file_bytes(tmp_path: Path):
    text, _ = plots_notebook()
    file = on_disk(tmp_path, text, "plots.json")  # the same bytes, read as they are
    c = classify(file)
    assert c.index_policy is Policy.METADATA_ONLY and "large" in c.flags
    assert c.reasons[0] == (f"too large to read whole ({file.size} bytes > max_file_bytes "
                            "2000000): recorded, not read")
    assert read_limit(c, 2 * MB, 32 * MB) == 2 * MB


def test_a_notebook_over_max_notebook_bytes_is_metadata_only_and_says_which_limit(
        tmp_path: Path):
    text, _ = plots_notebook()
    file = on_disk(tmp_path, text)
    c = classify(file, max_notebook_bytes=4 * MB)
    assert c.index_policy is Policy.METADATA_ONLY and "large" in c.flags
    assert c.reasons[0] == (f"too large to read whole ({file.size} bytes > max_notebook_bytes "
                            f"{4 * MB}): recorded, not read")


def test_a_notebook_whose_sources_are_over_max_file_bytes_is_skipped_with_that_reason(
        tmp_path: Path):
    text, _ = plots_notebook(image_bytes=40_000)
    file = on_disk(tmp_path, text)
    c = classify(file, max_file_bytes=1000)
    assert c.index_policy is Policy.PARSE_AND_INDEX
    with pytest.raises(TooLarge) as raised:
        chunk_file(file, c, text, "", PLAN, max_decoded=100)
    assert raised.value.status == "skipped"  # not retried each run, as a failure would be
    assert str(raised.value) == (f"cell sources too large to index ({source_bytes(text)} bytes "
                                 "> max_file_bytes 100): recorded, not indexed")


@pytest.mark.parametrize("chunk", [False, True])
def test_the_dry_run_estimates_a_notebook_of_plots_by_its_sources(tmp_path: Path, chunk: bool):
    text, _ = plots_notebook()
    on_disk(tmp_path, text)
    on_disk(tmp_path, plots_notebook(image_bytes=40_000, sources=40)[0], "long.ipynb")
    settings = Settings(max_file_bytes=3000)  # long.ipynb's sources are over it
    report = Indexer(settings, None).dry_run([ProjectRoot("p", tmp_path)],  # type: ignore[arg-type]
                                             chunk=chunk)
    files = {f["path"]: f for f in report.files}
    plots, long = files["plots.ipynb"], files["long.ipynb"]
    assert plots["index_policy"] == "parse_and_index" and long["index_policy"] == "parse_and_index"
    assert source_bytes(text) < 600
    assert 1 <= plots["chunks"] <= 4  # one a cell, or estimated from 500-odd bytes
    assert long["chunks"] == 0
    assert any(r.startswith("cell sources too large to index (5") for r in long["reasons"])
    assert report.counts["files_indexed"] == 1 and report.counts["files_skipped"] == 1
    assert report.counts["files_failed"] == 0
    assert 0 < report.counts["tokens_estimated"] < 1000  # not the plots' 5 MB


def test_the_decoded_languages_are_those_whose_chunker_decodes():
    for language in T.DECODED_LANGUAGES:
        assert isinstance(chunker_for(language), Decoder)
    for language in {*T.LANGUAGE_BY_EXTENSION.values()} - T.DECODED_LANGUAGES:
        assert not isinstance(chunker_for(language), Decoder), language


def test_chunking_a_notebook_with_its_size_limit_reads_its_json_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The size check and the cutting share one read of the cells: the position-keeping JSON
    reader walks every output too, so a second read doubles the cost of a notebook of plots."""
    import repokb.chunkers.notebook as notebook

    reads = []
    real = notebook.locate
    monkeypatch.setattr(notebook, "locate", lambda text: reads.append(1) or real(text))
    text, _ = plots_notebook(image_bytes=40_000)
    file = on_disk(tmp_path, text)
    c = classify(file)
    chunked = chunk_file(file, c, text, "", PLAN, max_decoded=2 * MB)
    assert {ch.symbol for ch in chunked.chunks} == {f"plot_revenue_{n}" for n in range(4)}
    assert len(reads) == 1
    with pytest.raises(TooLarge):
        chunk_file(file, c, text, "", PLAN, max_decoded=100)
    assert len(reads) == 2
