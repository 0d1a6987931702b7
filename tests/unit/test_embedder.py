"""Pin the default model's output, so a changed file, runtime or pooling cannot go unnoticed."""

from __future__ import annotations

import numpy as np
import pytest

from repokb.embedders.onnx_minilm import _checked
from repokb.errors import ModelError

pytestmark = pytest.mark.integration


def test_canonical_vectors(real_embedder):
    query = real_embedder.embed_query("how is the database timeout configured")
    assert query.shape == (384,)
    assert np.isclose(np.linalg.norm(query), 1.0, atol=1e-5)
    assert np.allclose(query[:4], [0.062329, 0.015144, -0.104994, 0.045461], atol=2e-4)
    doc = real_embedder.embed_documents(["def add(a, b):\n    return a + b"])[0]
    assert np.allclose(doc[:4], [-0.025147, -0.006731, -0.066485, 0.023383], atol=2e-4)


def test_batches_sorted_by_length_give_the_same_vectors(real_embedder):
    texts = ["short", "a much longer text about database connection pools " * 5, "mid length"]
    together = real_embedder.embed_documents(texts)
    alone = np.stack([real_embedder.embed_documents([t])[0] for t in texts])
    assert np.allclose(together, alone, atol=1e-4)


def test_semantics_are_sane(real_embedder):
    q = real_embedder.embed_query("database connection timeout")
    docs = real_embedder.embed_documents(
        ["config/app.yaml: config database.connection — timeout: 30", "the cat sat on the mat"])
    scores = docs @ q
    assert scores[0] > 0.5 > scores[1]


def test_a_tampered_model_file_is_refused(tmp_path):
    fake = tmp_path / "model.onnx"
    fake.write_bytes(b"not a model")
    with pytest.raises(ModelError, match="sha256"):
        _checked(fake, "0" * 64)


def test_query_session_gives_the_document_session_vectors(real_embedder):
    # Queries run on their own single-threaded session; the vectors must not differ.
    text = "where are retries configured"
    assert np.allclose(real_embedder.embed_query(text),
                       real_embedder.embed_documents([text])[0], atol=1e-5)


def test_multilingual_backend_puts_spanish_and_english_close():
    from repokb.embedders import create, load_builtins

    load_builtins()
    use = create("use-multilingual")
    english = use.embed_query("how do I configure the database connection timeout")
    spanish = use.embed_query(
        "cómo configuro el tiempo de espera de la conexión a la base de datos")
    other = use.embed_documents(["the cat sat on the mat"])[0]
    assert english.shape == (512,) and np.isclose(np.linalg.norm(english), 1.0, atol=1e-5)
    assert float(english @ spanish) > 0.6 > float(english @ other)


def test_each_text_is_cut_at_its_own_token_limit(real_embedder):
    head = "def load_settings(path):\n    " + "value = read(path)\n    " * 40
    one, other = head + "return parse(value)", head + "raise SystemExit('never reached')"
    cut = real_embedder.embed_documents([one, other], [64, 64])
    assert np.allclose(cut[0], cut[1], atol=1e-5)  # the differing tails lie past 64 tokens
    full = real_embedder.embed_documents([one, other], [256, 256])
    assert not np.allclose(full[0], full[1], atol=1e-3)
    # Mixed limits in one call give what each limit gives alone.
    mixed = real_embedder.embed_documents([one, "short text", other], [64, 256, 256])
    assert np.allclose(mixed[0], cut[0], atol=1e-5)
    assert np.allclose(mixed[2], full[1], atol=1e-5)
    assert np.allclose(mixed[1], real_embedder.embed_documents(["short text"])[0], atol=1e-5)
