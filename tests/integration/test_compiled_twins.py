"""A package shipping its TypeScript sources and their builds (zod's npm tarball): a definition is
found once, in the .ts, not once per compiled copy (real model, real store)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from repokb.roots import resolve_roots
from repokb.search import Query

from ..conftest import run_cli, write

pytestmark = pytest.mark.integration

SOURCES = {
    "api": '''
        import * as checks from "./checks.js";

        /** A check that a string, array or set has at least `minimum` items or characters. */
        export function _minLength(minimum: number, params?: string): checks.$ZodCheckMinLength {
          return new checks.$ZodCheckMinLength({ check: "min_length", minimum, message: params });
        }

        /** A check that a string has at most `maximum` characters. */
        export function _maxLength(maximum: number, params?: string): checks.$ZodCheckMaxLength {
          return new checks.$ZodCheckMaxLength({ check: "max_length", maximum, message: params });
        }
        ''',
    "errors": '''
        type Issue = { path: string[]; message: string };
        export interface ZodErrorTree {
          errors: string[];
          properties?: Record<string, ZodErrorTree>;
        }

        /** Format an error's issues into a nested tree that mirrors the input's shape. */
        export function treeifyError(error: { issues: Issue[] }): ZodErrorTree {
          const result: ZodErrorTree = { errors: [] };
          for (const issue of error.issues) {
            let node = result;
            for (const key of issue.path) {
              node.properties ??= {};
              node = node.properties[key] ??= { errors: [] };
            }
            node.errors.push(issue.message);
          }
          return result;
        }
        ''',
}


def _strip_types(ts: str) -> str:
    """A crude stand-in for tsc's ESM output: the same functions, without the annotations."""
    out = []
    for line in ts.splitlines():
        if line.strip().startswith(("import ", "export interface")):
            continue
        out.append(line.replace(": checks.$ZodCheckMinLength", "")
                   .replace(": checks.$ZodCheckMaxLength", "").replace(": number", "")
                   .replace("?: string", "").replace(": ZodErrorTree", ""))
    return "\n".join(out)


def zod_package(root: Path) -> Path:
    write(root, "package.json", '{"name": "zod", "version": "3.25.76", "type": "module"}\n')
    for name, ts in SOURCES.items():
        write(root, f"src/v4/core/{name}.ts", ts)
        esm = _strip_types(ts)
        write(root, f"v4/core/{name}.js", esm)
        write(root, f"v4/core/{name}.cjs",
              '"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\n'
              + esm.replace("export function", "function"))
        declarations = "".join(
            line.replace("export function", "export declare function").split(" {")[0] + ";\n"
            for line in ts.splitlines() if line.strip().startswith("export function"))
        write(root, f"v4/core/{name}.d.ts", declarations)
        write(root, f"v4/core/{name}.d.cts", declarations)
    return root


def test_a_definition_is_found_once_not_once_per_compiled_copy(workspace, tmp_path: Path) -> None:
    root = zod_package(tmp_path / "zod")
    summary = workspace.indexer.run(resolve_roots([root], None)).summary()
    assert summary["files_failed"] == 0
    hits = workspace.searcher.search(Query("check that a string has a minimum length", limit=10))
    found = [h.path for h in hits if h.symbol and "minLength" in h.symbol]
    assert found == ["src/v4/core/api.ts"], [(h.path, h.symbol) for h in hits]
    paths = {h.path for h in workspace.searcher.search(
        Query("format an error into a tree", limit=20))}
    assert paths and all(p.startswith("src/") or p == "package.json" for p in paths), paths
    entry = workspace.catalog.get("zod", "v4/core/api.cjs")
    assert entry is not None and entry.status == "skipped"
    assert entry.reason == "compiled from src/v4/core/api.ts (its TypeScript source is indexed)"


def test_dry_run_and_explain_name_the_source(home: Path, tmp_path: Path) -> None:
    root = zod_package(tmp_path / "zod")
    code, out, err = run_cli("index", str(root), "--dry-run")
    assert code == 0, err
    # one line for the rule (8 copies of 2 sources), not one line per source
    assert "8  compiled from … (its TypeScript source is indexed), e.g. src/v4/core/" in out, out
    code, out, err = run_cli("explain", str(root / "v4/core/errors.d.cts"))
    assert code == 0, err
    assert "compiled from src/v4/core/errors.ts (its TypeScript source is indexed)" in out, out


def test_a_copy_whose_source_goes_is_indexed_again(workspace, tmp_path: Path) -> None:
    """The copy did not change, its folder did: the earlier decision must not stand."""
    root = zod_package(tmp_path / "zod")
    workspace.indexer.run(resolve_roots([root], None))
    assert workspace.catalog.get("zod", "v4/core/api.js").status == "skipped"
    (root / "src/v4/core/api.ts").unlink()
    summary = workspace.indexer.run(resolve_roots([root], None)).summary()
    assert summary["files_failed"] == 0
    entry = workspace.catalog.get("zod", "v4/core/api.js")
    assert entry.status == "indexed", entry.reason
    assert workspace.catalog.get("zod", "v4/core/errors.js").status == "skipped"


# -- no TypeScript source: one module shipped once per module system (date-fns) -------------
MODULES = {
    "addDays": ("Add the specified number of days to the given date.",
                "_date.setDate(_date.getDate() + amount);"),
    "parseISO": ("Parse the given string in ISO 8601 format and return a Date.",
                 "const dateStrings = splitDateString(argument);"),
    "formatDistance": ("Return the distance between the given dates in words.",
                       "const minutes = Math.round(seconds / 60);"),
}


def date_fns_package(root: Path) -> Path:
    exports = {f"./{name}": {"require": {"types": f"./{name}.d.cts", "default": f"./{name}.cjs"},
                             "import": {"types": f"./{name}.d.ts", "default": f"./{name}.js"}}
               for name in MODULES}
    write(root, "package.json", json.dumps({"name": "date-fns", "type": "module",
                                            "exports": exports}))
    for name, (summary, body) in MODULES.items():
        doc = f"/**\n * @name {name}\n * @summary {summary}\n */\n"
        code = f"function {name}(date, amount, options) {{\n  {body}\n  return date;\n}}\n"
        write(root, f"{name}.js", f'import {{ toDate }} from "./toDate.js";\n\n{doc}export {code}')
        write(root, f"{name}.cjs", f'"use strict";\nexports.{name} = {name};\n'
                                   f'var _index = require("./toDate.cjs");\n\n{doc}{code}')
        declaration = f"{doc}export declare function {name}(date: Date, amount: number): Date;\n"
        write(root, f"{name}.d.ts", declaration)
        write(root, f"{name}.d.cts", declaration)
    return root


def test_a_module_is_found_once_per_kind_not_once_per_module_format(workspace,
                                                                     tmp_path: Path) -> None:
    root = date_fns_package(tmp_path / "date-fns")
    summary = workspace.indexer.run(resolve_roots([root], None)).summary()
    assert summary["files_failed"] == 0 and summary["files_indexed"] == 7  # 3 x 2 + package.json
    hits = workspace.searcher.search(Query("add days to a date", limit=10))
    found = sorted(h.path for h in hits if h.symbol == "addDays")
    assert found == ["addDays.d.ts", "addDays.js"], [(h.path, h.symbol) for h in hits]
    assert not any(h.path.endswith((".cjs", ".d.cts")) for h in hits)
    entry = workspace.catalog.get("date-fns", "parseISO.d.cts")
    assert entry is not None and entry.status == "skipped"
    assert entry.reason == ("the same module as ./parseISO.d.ts in another module format "
                            "(that one is kept in its place)")
    # the kept file goes: its variant, unchanged itself, is indexed on the next run
    (root / "addDays.js").unlink()
    workspace.indexer.run(resolve_roots([root], None))
    assert workspace.catalog.get("date-fns", "addDays.cjs").status == "indexed"
    assert workspace.catalog.get("date-fns", "parseISO.cjs").status == "skipped"


def test_dry_run_counts_variants_on_one_line_and_explain_names_the_kept_file(
        home: Path, tmp_path: Path) -> None:
    root = date_fns_package(tmp_path / "date-fns")
    code, out, err = run_cli("index", str(root), "--dry-run")
    assert code == 0, err
    # one line for the rule (6 variants of 3 modules), not one line per kept file
    assert ("6 the same module as … in another module format (that one is kept in its place), "
            "e.g. ./") in " ".join(out.split()), out
    code, out, err = run_cli("explain", str(root / "formatDistance.cjs"))
    assert code == 0, err
    assert "the same module as ./formatDistance.js in another module format" in out, out
    assert "package.json names both, under import and require" in " ".join(out.split()), out
