"""The model's graph rewritten and optimised once and saved, so a new process skips the work.

onnxruntime rewrites the graph each time it opens a session (fusing the int8 MatMuls with their
quantisation and scaling), paid by every CLI call: a session took 0.23 s to open that way on 2
cores, 0.09 s from the saved graph with optimisation off (bench/embed_speed.py --sessions,
load 10). It is saved at ORT_ENABLE_EXTENDED, the last level that does not depend on the CPU.

Three changes to what onnxruntime would make of it, measured with its profiler on Django chunks
(one text per call, bench/RESULTS.md):
- the attention cores and GELUs are fused first (fusions.py): ~35% and ~9% of the model's time
  were spread over seventeen operators per layer;
- the residual adds are not fused with their layer norms (`SkipLayerNormFusion` disabled): its
  kernel took 16% of the model's time where the plain layer norm takes 2%;
- the exporter's `Where(IsNaN(p), 0, p)` after each softmax is dropped when fusion left one: a
  softmax of finite scores is never NaN (the mask adds a finite -3.4e38, not -inf, and every row
  has unmasked keys), so it returns its input bit for bit.
Together, int8 compute: ~1.25x fewer CPU seconds per token, vectors at the same cosine to the
shipped model's as before. They move vectors in the last digits, so the graph's version
(`MINILM_GRAPH`) is part of the vector signature (Settings.embed_plan).

A graph that only ever sees one text per call (int8 compute: `masked` false) has no padding, so
its attentions read no mask: onnxruntime otherwise expands the all-ones mask into scores to add
at every layer, ~6% of the model's time (bench/RESULTS.md). Adding zeros changes nothing, so
its vectors are those of the masked graph bit for bit, and the signature stays; onnxruntime's
other kernel for unmasked attention (its CPU flash attention) sums in another order, so the
embedder turns it off (onnx_minilm.py). The copy's version (`REWRITE`) is apart from the
signature's for that reason: a new copy, the same vectors.

The copy is named after its source's sha256, the rewrite's version, the onnxruntime version and
the machine architecture, checked like the int8 copy, and rebuilt if damaged. If it cannot be
written (a read-only cache) the same graph is made in a temporary folder and kept in memory.
"""

from __future__ import annotations

import platform
import sys
import tempfile
from pathlib import Path

from repokb.embedders.digests import file_sha256, intact, publish, release_freed_memory
from repokb.errors import ModelError
from repokb.scratch import scratch_folder

# In the copy's name: a change to what is saved must make a new copy. 4: MINILM_GRAPH 3, with
# an unmasked variant (the same vectors).
REWRITE = 4
HEADS = 12  # all-MiniLM-L6-v2: 384 wide, 12 heads of 32
UNFUSED = ["SkipLayerNormFusion"]  # onnxruntime optimisers left out (see above)


def optimised_model(model: Path, cache_dir: Path, masked: bool = True) -> Path | bytes:
    """The saved optimised copy of `model` (already verified), or the same graph in memory if it
    cannot be saved. `masked` false: its attentions read no mask (one text per call only)."""
    import onnxruntime as ort

    source = file_sha256(model, cache_dir)[:16]
    variant = "" if masked else "u"
    copy = cache_dir / (f"{model.stem}-{source}-opt{REWRITE}{variant}-ort{ort.__version__}-"
                        f"{platform.machine().lower()}.onnx")
    if intact(copy, cache_dir):
        return copy
    try:
        copy.parent.mkdir(parents=True, exist_ok=True)
        sys.stderr.write(f"repokb: saving the optimised model graph, once (~3 s), into "
                         f"{copy.parent} ...\n")
        sys.stderr.flush()
        with scratch_folder("optimise", copy.parent) as work:
            return publish(_derive(model, work, masked), copy)
    except OSError:  # a full or read-only cache: the same graph, made elsewhere
        with tempfile.TemporaryDirectory(prefix="repokb-optimise-") as work:
            return _derive(model, Path(work), masked).read_bytes()
    finally:
        release_freed_memory()


def _derive(model: Path, work: Path, masked: bool) -> Path:
    """The rewritten and optimised graph of `model`, written under `work`."""
    import onnx
    import onnxruntime as ort

    from repokb.embedders.fusions import fuse_attention, fuse_gelu

    try:
        graph = onnx.load(str(model))
        fuse_attention(graph, HEADS, masked)
        fuse_gelu(graph)
        fused, derived = work / "fused.onnx", work / "optimised.onnx"
        onnx.save(graph, str(fused))
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED
        options.optimized_model_filepath = str(derived)
        options.log_severity_level = 3
        ort.InferenceSession(str(fused), options, providers=["CPUExecutionProvider"],
                             disabled_optimizers=UNFUSED)
        drop_softmax_nan_guards(derived)
    except OSError:
        raise
    except Exception as exc:  # onnx and onnxruntime raise their own types
        raise ModelError(f"Could not optimise the model graph of {model}: {exc}") from exc
    return derived


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
