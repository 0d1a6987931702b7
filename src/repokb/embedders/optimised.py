"""The model's graph optimised once and saved, so a new process skips onnxruntime's optimiser.

onnxruntime rewrites the graph each time it opens a session (fusing the int8 MatMuls with their
quantisation and scaling, the layer norms with their residual adds), paid by every CLI call:
a session took 0.23 s to open that way on 2 cores, 0.09 s from the saved graph with
optimisation off (bench/embed_speed.py --sessions, load 10). It is saved at
ORT_ENABLE_EXTENDED, the last level that does not depend on the CPU; for this model
ORT_ENABLE_ALL (the default) produces the same graph byte for byte, so the vectors are the same.

One rewrite follows that the optimiser does not make: the exporter guards each attention
softmax with `Where(IsNaN(p), 0, p)`, an elementwise pass over every head's L x L scores that took
15% of the model's time (onnxruntime's profiler, Django chunks). A softmax of finite scores is
never NaN, and the scores are finite: the mask adds a finite -3.4e38, not -inf, and every row
has unmasked keys. So the guard returns its input, bit for bit, and is dropped.

The copy is named after its source's sha256, the rewrite's version, the onnxruntime version and
the machine architecture, checked like the int8 copy, and rebuilt if damaged. If it cannot be
written (a read-only cache) the model is optimised at load as before.
"""

from __future__ import annotations

import platform
import sys
import tempfile
from pathlib import Path

from repokb.embedders.digests import file_sha256, intact, publish

REWRITE = 2  # in the copy's name: a change to what is saved must make a new copy


def optimised_model(model: Path, cache_dir: Path) -> Path | None:
    """The saved optimised copy of `model` (already verified), or None if it cannot be made."""
    import onnxruntime as ort

    source = file_sha256(model, cache_dir)[:16]
    copy = cache_dir / (f"{model.stem}-{source}-opt{REWRITE}-ort{ort.__version__}-"
                        f"{platform.machine().lower()}.onnx")
    if intact(copy, cache_dir):
        return copy
    try:
        copy.parent.mkdir(parents=True, exist_ok=True)
        sys.stderr.write(f"repokb: saving the optimised model graph, once (~2 s), into "
                         f"{copy.parent} ...\n")
        sys.stderr.flush()
        with tempfile.TemporaryDirectory(dir=copy.parent, prefix=".optimise-") as work:
            derived = Path(work) / "optimised.onnx"
            options = ort.SessionOptions()
            options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED
            options.optimized_model_filepath = str(derived)
            options.log_severity_level = 3
            ort.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])
            drop_softmax_nan_guards(derived)
            return publish(derived, copy)
    except Exception:  # noqa: BLE001  (onnxruntime's own types, a full or read-only disk)
        return None  # only a speed-up: the session optimises at load instead


def drop_softmax_nan_guards(path: Path) -> int:
    """Rewrite `path` without its `Where(IsNaN(Softmax(x)), 0, Softmax(x))` nodes (each passes
    the softmax through unchanged); how many were dropped."""
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(path))
    graph = model.graph
    producer = {out: node for node in graph.node for out in node.output}
    zeros = {t.name for t in graph.initializer  # one-value tensors holding 0
             if all(d == 1 for d in t.dims) and not numpy_helper.to_array(t).any()}
    uses: dict[str, int] = {}
    for node in graph.node:
        for name in node.input:
            uses[name] = uses.get(name, 0) + 1
    outputs = {o.name for o in graph.output}
    bypass: dict[str, str] = {}
    dropped: list[onnx.NodeProto] = []
    for node in graph.node:
        if node.op_type != "Where" or len(node.input) != 3 or node.output[0] in outputs:
            continue
        cond, then, kept = node.input
        check, source = producer.get(cond), producer.get(kept)
        if (check is not None and check.op_type == "IsNaN" and list(check.input) == [kept]
                and uses.get(cond) == 1 and then in zeros
                and source is not None and source.op_type == "Softmax"):
            bypass[node.output[0]] = kept
            dropped += [node, check]
    if not dropped:
        return 0
    for node in graph.node:
        for k, name in enumerate(node.input):
            if name in bypass:
                node.input[k] = bypass[name]
    for node in dropped:
        graph.node.remove(node)
    onnx.save(model, str(path))
    return len(dropped) // 2
