"""The one import rule of docs/architecture.md: imports point down the layers, never in a cycle.

Every `import` in src/repokb counts: at module level, inside functions (lazy imports are for
start-up time, not for hiding a cycle) and under TYPE_CHECKING (a type is a dependency too).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
DOC = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"

# Lowest first, as docs/architecture.md draws them. A module may import its own layer or any
# layer below; packages are named by their top-level name under repokb.
LAYERS: list[tuple[str, set[str]]] = [
    ("records", {"repokb", "errors", "formats", "globs", "models", "settings", "lexicon",
                 "roots", "scratch", "packed"}),
    ("rules", {"rules", "secrets", "contamination"}),
    ("backends", {"chunkers", "embedders", "stores"}),
    ("stages", {"pipeline", "query", "rank", "rank_keys", "rank_kinds", "rank_lift",
                "rank_members", "rank_tests", "rank_copies", "rank_howto", "rank_manual",
                "rank_platforms", "rank_hosts",
                "search", "fusion", "context", "explain", "filecontext", "freshness"}),
    ("workspace", {"workspace"}),
    ("operations", {"operations", "evaluate"}),
    # `proxy` is surfaces/proxy/ (the LLM proxy): named so the document has to draw it
    ("surfaces", {"surfaces", "__main__", "proxy"}),  # cli, render, server, owner, mcp, watch
]
LEVEL = {name: i for i, (_, names) in enumerate(LAYERS) for name in names}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted((SRC / "repokb").rglob("*.py"))}


def imports_of(path: Path, modules: dict[str, Path]) -> set[str]:
    """The repokb modules `path` imports anywhere in its body."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and (
                node.module == "repokb" or node.module.startswith("repokb.")):
            for alias in node.names:  # `from repokb.pkg import module` names a module
                candidate = f"{node.module}.{alias.name}"
                found.add(candidate if candidate in modules else node.module)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.split(".")[0] == "repokb"}
    return found


def graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    return {name: {m for m in imports_of(path, modules) if m != name and m in modules}
            for name, path in modules.items()}


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "repokb"


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def upward(edges: dict[str, set[str]]) -> list[str]:
    return sorted(f"{m} -> {dep}" for m, deps in edges.items() for dep in deps
                  if LEVEL[layer(dep)] > LEVEL[layer(m)])


def test_every_module_has_a_layer():
    assert {layer(m) for m in MODULES} - LEVEL.keys() == set()


def test_no_import_cycle():
    assert cycles(graph(MODULES)) == []


def test_imports_point_down_only():
    assert upward(graph(MODULES)) == []


def test_the_layers_are_the_ones_the_document_draws():
    text = DOC.read_text(encoding="utf-8")
    for name, packages in LAYERS:
        assert name in text, name
        for package in packages - {"repokb", "__main__"}:
            assert package in text, package


@pytest.mark.parametrize(("edges", "expected"), [
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
    ({"a": {"b"}, "b": set()}, []),
])
def test_the_cycle_finder_finds_cycles(edges, expected):
    assert cycles(edges) == expected


def test_the_checks_see_lazy_and_type_checking_imports(tmp_path):
    """A lazy import inside a function and one under TYPE_CHECKING both count."""
    pkg = tmp_path / "repokb"
    pkg.mkdir()
    (pkg / "models.py").write_text("def f():\n    from repokb.surfaces import cli\n")
    (pkg / "surfaces.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                     "    from repokb import models\n")
    modules = {"repokb.models": pkg / "models.py", "repokb.surfaces": pkg / "surfaces.py"}
    assert imports_of(pkg / "models.py", modules) == {"repokb.surfaces"}
    edges = {m: imports_of(p, modules) for m, p in modules.items()}
    assert cycles(edges) == [["repokb.models", "repokb.surfaces"]]
    assert upward(edges) == ["repokb.models -> repokb.surfaces"]
