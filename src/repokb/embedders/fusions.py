"""Two operator fusions onnxruntime's optimiser does not find in the default model's graph.

The model was exported from PyTorch with each attention as loose operators (the query, key and
value reshaped and transposed per head, both scaled by the fourth root of the head size, a
mask added, a softmax guarded against NaN, another product, transposed back) and each GELU as
`x * 0.5 * (1 + erf(x / sqrt 2))`; onnxruntime's fusions expect other shapes of both. Here:

- `fuse_attention`: each layer's attention core becomes one com.microsoft MultiHeadAttention
  (the projections stay as they are, so int8 compute still quantises them), with the attention
  mask as its key padding mask, or with none for a graph that only ever sees one text per call
  (no padding: every key is a real token, and the kernel skips building and adding the mask);
- `fuse_gelu`: each GELU becomes one com.microsoft Gelu (the same exact erf form).

Measured with onnxruntime's profiler on Django chunks, one text per call (bench/RESULTS.md):
the attention core was ~35% of the model's time in twelve operators, the GELU ~9% in five.
Both rewrites change vectors only in the last digits (the same cosine to the shipped model's).
"""

from __future__ import annotations

import re
from typing import Any

_PROJECTION = re.compile(r".*layer\.(\d+)\.attention\.self\.(query|key|value)\.bias$")
_MASK = "repokb_attention_mask_int32"


def fuse_attention(model: Any, heads: int, masked: bool = True) -> int:
    """Rewrite `model` (an onnx ModelProto, in place): how many attentions were fused. A layer
    whose operators do not have the expected shape is left as it was. `masked` false: the
    attention reads no mask, which is right only for inputs without padding (one text per
    call)."""
    from onnx import TensorProto, helper

    graph = model.graph
    producer = {out: node for node in graph.node for out in node.output}
    users = _users(graph)
    projections: dict[int, dict[str, str]] = {}
    for node in graph.node:
        for name in node.input:
            found = _PROJECTION.match(name)
            if node.op_type == "Add" and found:
                projections.setdefault(int(found[1]), {})[found[2]] = node.output[0]
    renamed: dict[str, str] = {}
    fused: list[Any] = []
    for layer, parts in sorted(projections.items()):
        end = _attention_output(parts.get("value"), producer, users)
        if end is None or set(parts) != {"query", "key", "value"}:
            continue
        output = f"repokb_attention_{layer}"
        inputs = [parts["query"], parts["key"], parts["value"], *(["", _MASK] if masked else [])]
        fused.append(helper.make_node("MultiHeadAttention", inputs, [output], name=output,
                                      domain="com.microsoft", num_heads=heads))
        renamed[end] = output
    if not fused:
        return 0
    cast = helper.make_node("Cast", ["attention_mask"], [_MASK], to=TensorProto.INT32,
                            name=_MASK)
    _replace(model, [cast, *fused] if masked else fused, renamed)
    return len(fused)


def _attention_output(value: str | None, producer: dict[str, Any],
                      users: dict[str, list[Any]]) -> str | None:
    """The [batch, sequence, hidden] output of the attention whose value projection is `value`:
    value -> (reshape, transpose) -> MatMul(softmax, .) -> Transpose -> Reshape."""
    name, node = value, None
    for _ in range(4):
        following = users.get(name or "", [])
        if len(following) != 1:
            return None
        node = following[0]
        name = node.output[0]
        if node.op_type == "MatMul":
            break
    if node is None or node.op_type != "MatMul":
        return None
    weights = producer.get(node.input[0])
    if weights is not None and weights.op_type == "Where":  # the exporter's NaN guard
        weights = producer.get(weights.input[2])
    if weights is None or weights.op_type != "Softmax":
        return None
    for op in ("Transpose", "Reshape"):
        following = users.get(name or "", [])
        if len(following) != 1 or following[0].op_type != op:
            return None
        name = following[0].output[0]
    return name


def fuse_gelu(model: Any) -> int:
    """x * (0.5 * (1 + erf(x / sqrt 2))) -> com.microsoft Gelu(x), in place; how many."""
    from onnx import helper, numpy_helper

    graph = model.graph
    scalars = {t.name: float(numpy_helper.to_array(t).reshape(-1)[0]) for t in graph.initializer
               if all(d == 1 for d in t.dims)}
    producer = {out: node for node in graph.node for out in node.output}
    users = _users(graph)

    def only_user(name: str, op: str) -> Any:
        following = users.get(name, [])
        return following[0] if len(following) == 1 and following[0].op_type == op else None

    def other(node: Any, name: str) -> float | None:
        rest = [i for i in node.input if i != name]
        return scalars.get(rest[0]) if len(rest) == 1 else None

    renamed: dict[str, str] = {}
    fused: list[Any] = []
    for erf in [n for n in graph.node if n.op_type == "Erf"]:
        div = producer.get(erf.input[0])
        if div is None or div.op_type != "Div" or not _near(scalars.get(div.input[1]), 2 ** .5):
            continue
        x = div.input[0]
        plus = only_user(erf.output[0], "Add")
        half = plus and only_user(plus.output[0], "Mul")
        times = half and only_user(half.output[0], "Mul")
        if not (times and _near(other(plus, erf.output[0]), 1.0)
                and _near(other(half, plus.output[0]), 0.5) and x in times.input):
            continue
        output = f"repokb_gelu_{len(fused)}"
        fused.append(helper.make_node("Gelu", [x], [output], name=output,
                                      domain="com.microsoft"))
        renamed[times.output[0]] = output
    if fused:
        _replace(model, fused, renamed)
    return len(fused)


def _near(value: float | None, target: float) -> bool:
    return value is not None and abs(value - target) < 1e-6


def _users(graph: Any) -> dict[str, list[Any]]:
    users: dict[str, list[Any]] = {}
    for node in graph.node:
        for name in node.input:
            users.setdefault(name, []).append(node)
    return users


def _replace(model: Any, added: list[Any], renamed: dict[str, str]) -> None:
    """Add `added`, point every reader of a `renamed` output at its new name, drop the nodes
    nothing reads any more, and keep the nodes in an order where each follows its inputs."""
    from onnx import helper

    graph = model.graph
    for node in graph.node:
        for k, name in enumerate(node.input):
            if name in renamed:
                node.input[k] = renamed[name]
    nodes = [*graph.node, *added]
    made_by = {out: node for node in nodes for out in node.output}
    alive: set[int] = set()
    wanted = [o.name for o in graph.output]
    while wanted:
        node = made_by.get(wanted.pop())
        if node is not None and id(node) not in alive:
            alive.add(id(node))
            wanted.extend(name for name in node.input if name)
    known = {i.name for i in graph.input} | {t.name for t in graph.initializer} | {""}
    ordered, waiting = [], [n for n in nodes if id(n) in alive]
    while waiting:  # the original order, each added node once its inputs are made
        ready = [n for n in waiting if all(name in known for name in n.input)]
        if not ready:
            raise ValueError("the rewritten graph has a cycle or a missing input")
        for node in ready:
            ordered.append(node)
            known.update(node.output)
        placed = {id(n) for n in ready}
        waiting = [n for n in waiting if id(n) not in placed]
    del graph.node[:]
    graph.node.extend(ordered)
    if not any(o.domain == "com.microsoft" for o in model.opset_import):
        model.opset_import.append(helper.make_opsetid("com.microsoft", 1))
