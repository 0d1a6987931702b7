"""npm packages whose only code is in `dist/` (session 34): @vue/compiler-sfc, markdown-it,
acorn, pinia, rollup, uuid ... lost their whole API, `dist/` being skipped as build output.
What their package.json points at is kept (the declarations; one bundle, not minified); the
rest of `dist/` is recorded as build output. A package with source outside `dist/` keeps its
`dist/` skipped. Each package laid out as its real tarball is.
"""

from __future__ import annotations

import json
from pathlib import Path

from repokb.models import Kind, Policy, SkippedPath, SourceFile
from repokb.pipeline.classify import classify
from repokb.pipeline.discover import ProjectRoot, discover
from repokb.rules import sniff

from ..conftest import cases, write_tree

API = ("export interface Options {\n  /** Enable HTML tags in source. */\n  html?: boolean\n}\n"
       "export default function parse(src: string, options?: Options): Token[]\n")
CODE = ("function parse(src, options) {\n  const state = new State(src, options)\n"
        "  return state.tokens\n}\n\nexport { parse as default }\n") * 20
MINIFIED = "var a=function(b){return b+1};" * 400 + "\n"


def _manifest(**fields: object) -> str:
    return json.dumps({"name": "pkg", "version": "1.0.0", **fields}, indent=2)


def decided(tmp_path: Path, tree: dict[str, str]) -> dict[str, tuple[str, str | None]]:
    """Each path the walk yields -> (kind, subkind) as classified, or ("skipped", reason)."""
    root = write_tree(tmp_path / "pkg", {"README.md": "# pkg\n\nA parser.\n", **tree})
    out: dict[str, tuple[str, str | None]] = {}
    for item in discover(ProjectRoot("pkg", root.resolve())):
        if isinstance(item, SkippedPath):
            out[item.path] = ("skipped", item.reason)
        else:
            assert isinstance(item, SourceFile)
            c = classify(item)
            out[item.path] = (c.kind.value, c.subkind)
    return out


def kept(found: dict[str, tuple[str, str | None]]) -> set[str]:
    return {p for p, (kind, _) in found.items() if kind == Kind.SOURCE.value
            and p.startswith("dist/")}


# name, package.json fields, files beside README.md, the dist/ files kept
DIST_ONLY = [
    ("markdown-it", {"main": "./dist/markdown-it.cjs.js", "module": "./dist/markdown-it.mjs",
                     "types": "./dist/markdown-it.d.cts",
                     "exports": {".": {"import": {"types": "./dist/markdown-it.d.mts",
                                                  "default": "./dist/markdown-it.mjs"},
                                       "require": {"types": "./dist/markdown-it.d.cts",
                                                   "default": "./dist/markdown-it.cjs.js"}},
                                 "./browser": {
                                     "default": "./dist/browser/markdown-it.umd.min.js"}}},
     {"dist/markdown-it.d.mts": API, "dist/markdown-it.d.cts": API,
      "dist/markdown-it.mjs": CODE, "dist/markdown-it.cjs.js": CODE + CODE,
      "dist/markdown-it.mjs.map": '{"version":3,"sources":["../lib/index.mjs"]}',
      "dist/browser/markdown-it.umd.min.js": MINIFIED,
      "bin/markdown-it.mjs": "#!/usr/bin/env node\nimport md from '../dist/markdown-it.mjs'\n"
                             + "console.log(md().render(process.argv[2]))\n" * 200},
     {"dist/markdown-it.d.mts", "dist/markdown-it.mjs"}),
    # @vue/runtime-core: index.js only loads the build; the browser build inlines everything
    ("vue", {"main": "index.js", "module": "dist/runtime-core.esm-browser.js",
             "types": "dist/runtime-core.d.ts"},
     {"index.js": "'use strict'\nmodule.exports = require('./dist/runtime-core.cjs.js')\n",
      "dist/runtime-core.d.ts": API, "dist/runtime-core.cjs.js": CODE,
      "dist/runtime-core.esm-browser.js": CODE * 3,
      "dist/runtime-core.cjs.prod.js": CODE[:200]},
     {"dist/runtime-core.d.ts"}),
    # vuex: the smallest entry only imports the CommonJS build, which is kept in its place
    ("vuex", {"main": "dist/vuex.cjs.js",
              "exports": {".": {"import": "./dist/vuex.mjs", "require": "./dist/vuex.cjs.js"}}},
     {"dist/vuex.mjs": "import Vuex from '../dist/vuex.cjs.js'\nexport default Vuex\n",
      "dist/vuex.cjs.js": CODE},
     {"dist/vuex.cjs.js"}),
    # uuid: index.d.ts re-exports its neighbours' declarations, kept with it
    ("uuid", {"types": "./dist/index.d.ts",
              "exports": {".": {"default": "./dist/index.js"}}},
     {"dist/index.d.ts": "export { default as v4 } from './v4.js';\n",
      "dist/v4.d.ts": "declare function v4(options?: Options): string;\nexport default v4;\n",
      "dist/index.js": "export { default as v4 } from './v4.js';\n", "dist/v4.js": CODE},
     {"dist/index.d.ts", "dist/v4.d.ts", "dist/index.js"}),
    # vue-router: a bundler's hashed declaration chunks, once per module system
    ("vue-router", {"types": "./dist/vue-router.d.ts",
                    "exports": {".": {"import": "./dist/vue-router.js"}}},
     {"dist/vue-router.d.ts": "export * from './options-C4lhTY1l.js';\n",
      "dist/options-C4lhTY1l.d.mts": API, "dist/options-DxWu-EDI.d.cts": API,
      "dist/vue-router.js": CODE},
     {"dist/vue-router.d.ts", "dist/options-C4lhTY1l.d.mts", "dist/vue-router.js"}),
    # consola: lib/index.cjs is a shim of ../dist/index.cjs
    ("consola", {"main": "./lib/index.cjs", "module": "./dist/index.mjs",
                 "types": "./dist/index.d.ts"},
     {"lib/index.cjs": 'const lib = require("../dist/index.cjs");\nmodule.exports = lib;\n',
      "dist/index.d.ts": API, "dist/index.mjs": CODE, "dist/index.cjs": CODE},
     {"dist/index.d.ts", "dist/index.mjs"}),
]


@cases(("name", "fields", "files", "expected"), DIST_ONLY)
def test_a_dist_only_package_keeps_what_its_manifest_points_at(tmp_path, name, fields, files,
                                                               expected):
    """dist/ was skipped whole: the package had no declarations and no code left."""
    found = decided(tmp_path, {"package.json": _manifest(**fields), **files})
    assert kept(found) == expected, found
    for path in files:
        if path.startswith("dist/") and path not in expected:
            assert found[path] == ("build_artifact", "build_output"), (path, found[path])


def test_the_reason_says_which_field_names_it_and_that_nothing_else_is_source(tmp_path):
    write_tree(tmp_path / "pkg", {"package.json": _manifest(types="dist/sfc.d.ts",
                                                            main="dist/sfc.cjs.js"),
                                  "dist/sfc.d.ts": API, "dist/sfc.cjs.js": CODE})
    root = (tmp_path / "pkg").resolve()
    by_path = {i.path: classify(i) for i in discover(ProjectRoot("pkg", root))
               if isinstance(i, SourceFile)}
    declarations, bundle = by_path["dist/sfc.d.ts"], by_path["dist/sfc.cjs.js"]
    assert declarations.subkind == "package_declarations"
    assert declarations.index_policy is Policy.PARSE_AND_INDEX
    assert "package.json types its API in dist/ (types)" in declarations.reasons[0]
    assert bundle.subkind == "package_bundle"
    assert "package.json names it (main)" in bundle.reasons[0], bundle.reasons


def test_a_minified_bundle_is_not_kept(tmp_path):
    found = decided(tmp_path, {"package.json": _manifest(main="dist/x.js", types="dist/x.d.ts"),
                               "dist/x.d.ts": API, "dist/x.js": MINIFIED})
    assert kept(found) == {"dist/x.d.ts"}
    assert found["dist/x.js"] == ("build_artifact", "build_output")


# packages whose dist/ stays skipped: source beside it, or nothing of it named
NOT_DIST_ONLY = [
    ("rxjs", {"main": "./dist/cjs/index.js", "types": "./dist/types/index.d.ts"},
     {"src/index.ts": "export { Observable } from './internal/Observable';\n",
      "dist/cjs/index.js": CODE, "dist/types/index.d.ts": API}),
    # ajv-formats: its sources import another package's dist/ (`ajv/dist/core`): still source
    ("ajv-formats", {"main": "dist/index.js", "types": "dist/index.d.ts"},
     {"src/index.ts": 'import type Ajv from "ajv/dist/core"\n' + "export const x = 1\n" * 9,
      "dist/index.js": CODE, "dist/index.d.ts": API}),
    ("terser", {"main": "dist/bundle.min.js", "types": "tools/terser.d.ts"},
     {"main.js": "export { minify } from './lib/minify.js'\n" + "// x\n" * 2000,
      "dist/bundle.min.js": MINIFIED}),
    ("plain", {"main": "index.js"}, {"index.js": CODE, "dist/index.js": CODE}),
]


@cases(("name", "fields", "files"), NOT_DIST_ONLY)
def test_a_package_with_source_outside_dist_keeps_dist_skipped(tmp_path, name, fields, files):
    found = decided(tmp_path, {"package.json": _manifest(**fields), **files})
    assert found["dist"][0] == "skipped", found
    assert not any(p.startswith("dist/") for p in found)


def test_dist_without_a_package_json_stays_skipped(tmp_path):
    found = decided(tmp_path, {"dist/index.js": CODE, "dist/index.d.ts": API})
    assert found["dist"][0] == "skipped"


@cases(("name", "manifest"), [
    ("broken", '{"main": "dist/index.js",'),  # not JSON
    ("list", '["dist/index.js"]'),  # JSON, not an object
    ("escape", json.dumps({"types": "../other/dist/index.d.ts", "main": "/abs/dist/x.js",
                           "exports": {"./*": "./dist/*.js"}})),  # outside, absolute, pattern
])
def test_a_manifest_that_names_nothing_readable_in_dist_leaves_it_skipped(tmp_path, name,
                                                                          manifest):
    found = decided(tmp_path, {"package.json": manifest, "dist/index.js": CODE,
                               "dist/index.d.ts": API})
    assert found["dist"][0] == "skipped", found


# acorn's head: tables of numbers and one string literal, written by its Unicode script
ACORN_HEAD = ("// This file was generated. Do not modify manually!\n"
              "var astralIdentifierCodes = [" + ", ".join(str(i % 700) for i in range(900))
              + "];\n\n"
              'var nonASCIIidentifierChars = "' + "\\u200c\\u200d\\xb7\\u0300-\\u036f" * 120
              + '";\n\nfunction isInAstralSet(code, set) {\n  var pos = 0x10000;\n'
              "  for (var i = 0; i < set.length; i += 2) {\n    pos += set[i];\n"
              "    if (pos > code) { return false }\n  }\n}\n")


def test_a_head_of_value_tables_is_not_minified():
    """acorn.mjs was read as minified (long lines 97% of its head) and left out."""
    assert sniff.minified(ACORN_HEAD) is None
    assert sniff.minified(ACORN_HEAD[:3000]) is None  # the head's end cuts a value
    assert sniff.minified(MINIFIED) is not None
    # an encoded blob in a string stays a blob (three's examples/jsm/tsl/math/Bayer.js)
    blob = "import { Texture } from 'three';\n\nconst bayer = 'data:image/png;base64," \
        + "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQ" * 90 + "';\n\nexport { bayer };\n"
    assert sniff.minified(blob) is not None


def test_a_package_whose_only_code_is_in_build_keeps_its_api(tmp_path):
    """idb 8.0.4: `build/` (index.js, index.cjs, index.d.ts, entry.d.ts ...) was skipped as
    build output."""
    found = decided(tmp_path, {
        "package.json": _manifest(main="./build/index.cjs", module="./build/index.js",
                                  types="./build/index.d.ts"),
        "build/index.d.ts": "export * from './entry.js';\n", "build/entry.d.ts": API,
        "build/index.js": CODE, "build/index.cjs": CODE + CODE})
    kept_from_build = {p for p, (kind, _) in found.items()
                       if kind == Kind.SOURCE.value and p.startswith("build/")}
    assert kept_from_build == {"build/index.d.ts", "build/entry.d.ts", "build/index.js"}, found
    assert found["build/index.cjs"] == ("build_artifact", "build_output")


# sequelize 6.37.8: lib/ transpiled one to one by esbuild from src/, which is not shipped
TRANSPILED = CODE.replace("export { parse as default }", "module.exports = parse") \
    + "//# sourceMappingURL=model.js.map\n"


@cases(("name", "files", "kind"), [
    ("sequelize", {"lib/model.js.map": '{\n  "version": 3,\n  "sources": ["../src/model.js"],\n'
                                       '  "sourcesContent": ["x"]\n}'}, Kind.SOURCE.value),
    # its source shipped beside it: rules/twins.py's call (compiled output), not this one
    ("shipped", {"lib/model.js.map": '{"version":3,"sources":["../src/model.js"]}',
                 "src/model.js": CODE}, Kind.GENERATED.value),
    # a bundle of many sources (babel-parser's lib/index.js)
    ("bundle", {"lib/model.js.map": '{"version":3,"sources":["../src/a.js","../src/b.js"]}'},
     Kind.GENERATED.value),
    ("webpack", {"lib/model.js.map": '{"version":3,"sources":["webpack://x/./src/a.js"]}'},
     Kind.GENERATED.value),
])
def test_a_module_transpiled_from_a_source_not_shipped_is_the_package_s_code(tmp_path, name,
                                                                              files, kind):
    """sequelize's 80 lib/ modules were generated (Linguist's has_source_map), metadata only:
    the package had no code left."""
    found = decided(tmp_path, {"package.json": _manifest(main="lib/model.js"),
                               "lib/model.js": TRANSPILED, **files})
    assert found["lib/model.js"][0] == kind, found["lib/model.js"]


# yargs 18.2.0: package.json names `./index.mjs` (a shim of `./build/lib/yargs-factory.js`),
# tsc's one-to-one output in build/lib/, the .ts not shipped
TSC_MODULE = ("import { parseCommand } from './parse-command.js';\n"
              "export class CommandInstance {\n  addHandler(cmd, description) {\n"
              "    return parseCommand(cmd)\n  }\n}\n") * 10
SHIMMED = [
    ("yargs", {"main": "./index.mjs", "exports": {".": "./index.mjs",
                                                  "./helpers": "./helpers/helpers.mjs"}},
     {"index.mjs": "import {YargsFactory} from './build/lib/yargs-factory.js';\n"
                   "export default YargsFactory(shim);\n",
      "helpers/helpers.mjs": "import {hideBin} from '../build/lib/utils/process-argv.js';\n"
                             "export {hideBin};\n",
      "build/lib/yargs-factory.js": TSC_MODULE, "build/lib/command.js": TSC_MODULE,
      "build/lib/utils/process-argv.js": "export function hideBin(argv) {\n"
                                         "  return argv.slice(2)\n}\n" * 5},
     {"build/lib/yargs-factory.js", "build/lib/command.js", "build/lib/utils/process-argv.js"}),
    # a shim of one bundle (no neighbour imported): that bundle alone
    ("one-bundle", {"main": "index.js"},
     {"index.js": "module.exports = require('./build/pkg.cjs')\n", "build/pkg.cjs": CODE,
      "build/pkg.min.js": MINIFIED, "build/other.cjs": CODE},
     {"build/pkg.cjs"}),
]


@cases(("name", "fields", "files", "expected"), SHIMMED)
def test_the_build_a_manifest_s_shims_load_is_kept(tmp_path, name, fields, files, expected):
    """yargs' build/lib/ (its only JavaScript) was skipped: package.json names index.mjs,
    which only loads it."""
    found = decided(tmp_path, {"package.json": _manifest(**fields), **files})
    kept_from_build = {p for p, (kind, _) in found.items()
                       if kind == Kind.SOURCE.value and p.startswith("build/")}
    assert kept_from_build == expected, found
    for path in files:
        if path.startswith("build/") and path not in expected:
            assert found[path] == ("build_artifact", "build_output"), (path, found[path])


def test_a_module_of_the_shimmed_build_names_the_shim_in_its_reason(tmp_path):
    name, fields, files, _ = SHIMMED[0]
    write_tree(tmp_path / "pkg", {"package.json": _manifest(**fields), **files})
    root = (tmp_path / "pkg").resolve()
    by_path = {i.path: classify(i) for i in discover(ProjectRoot("pkg", root))
               if isinstance(i, SourceFile)}
    reason = by_path["build/lib/command.js"].reasons[0]
    assert "a module of the tree build/lib/" in reason and "through index.mjs" in reason, reason


def test_a_package_whose_shim_holds_code_keeps_build_skipped(tmp_path):
    """index.js is the package's code (not a small loader): build/ stays build output."""
    found = decided(tmp_path, {"package.json": _manifest(main="index.js"),
                               "index.js": "const b = require('./build/x.js')\n" + CODE * 3,
                               "build/x.js": CODE})
    assert found["build"][0] == "skipped", found


def test_a_module_added_to_an_existing_folder_is_seen_by_the_same_process(tmp_path):
    """The answer was cached on package.json's and the package folder's own stamps: a
    long-lived owner missed a module added inside an existing lib/ (consola's shape) and
    kept dist/ as the only code."""
    root = write_tree(tmp_path / "pkg", {
        "package.json": _manifest(main="./lib/index.cjs", types="./dist/index.d.ts"),
        "lib/index.cjs": 'module.exports = require("../dist/index.cjs");\n',
        "dist/index.d.ts": API, "dist/index.cjs": CODE}).resolve()

    def walked() -> set[str]:
        return {i.path for i in discover(ProjectRoot("pkg", root))}

    assert "dist/index.d.ts" in walked()
    (root / "lib" / "parse.js").write_text(CODE)  # lib/ exists: pkg/ and package.json unchanged
    assert not any(p.startswith("dist/") for p in walked())
    (root / "lib" / "parse.js").unlink()
    assert "dist/index.d.ts" in walked()


def test_a_run_checks_a_package_s_api_once_not_at_every_file(tmp_path, monkeypatch):
    """Every file in a dist-only package's dist/ asks for the package's API; the cached API is
    checked against the stamps of all it read (a stat a folder and file): once a run (the
    classifier's project context), not once a file."""
    from repokb.pipeline.classify import Classifier
    from repokb.rules import distapi

    root = write_tree(tmp_path / "pkg", {
        "README.md": "# pkg\n", "package.json": _manifest(main="./dist/index.js",
                                                          types="./dist/index.d.ts"),
        "dist/index.d.ts": API, "dist/index.js": CODE,
        **{f"dist/chunks/part{n}.js": CODE for n in range(30)}})
    items = [i for i in discover(ProjectRoot("pkg", root.resolve()))
             if isinstance(i, SourceFile)]
    assert len([i for i in items if i.path.startswith("dist/")]) == 32
    checks: list[int] = []
    real = distapi._stamps

    def counted(paths):  # type: ignore[no-untyped-def]
        checks.append(len(paths))
        return real(paths)

    monkeypatch.setattr(distapi, "_stamps", counted)
    classifier = Classifier.for_root(root.resolve())
    kinds = {i.path: classifier.classify(i).kind.value for i in items}
    assert kinds["dist/index.d.ts"] == kinds["dist/index.js"] == Kind.SOURCE.value
    assert len(checks) <= 1, checks
