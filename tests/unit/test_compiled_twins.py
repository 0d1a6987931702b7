"""Compiled twins (rules/twins.py): JavaScript and declarations built from a TypeScript source the
project holds are build artifacts naming that source; hand-written files that merely share a
name are kept."""

from __future__ import annotations

from pathlib import Path

from repokb.models import Classification, Kind, Policy, SourceFile
from repokb.pipeline.classify import Classifier, classify
from repokb.rules.twins import compiled_stem, source_dirs, twin_gone

from ..conftest import write

TS = "export function minLength(n: number): Check {\n  return { kind: 'min', n };\n}\n"
ESM = "export function minLength(n) {\n    return { kind: 'min', n };\n}\n"
CJS = ('"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\n'
       "exports.minLength = minLength;\n"
       "function minLength(n) {\n    return { kind: 'min', n };\n}\n")
DTS = "export declare function minLength(n: number): Check;\n"
HAND_JS = "const fs = require('fs');\nfs.rmSync('dist', { recursive: true, force: true });\n"


def tree(root: Path, files: dict[str, str]) -> Path:
    for rel, content in files.items():
        write(root, rel, content)
    return root


def source_file(root: Path, rel: str) -> SourceFile:
    st = (root / rel).stat()
    return SourceFile("p", root, rel, st.st_size, st.st_mtime_ns)


def classify_all(root: Path) -> dict[str, Classification]:
    """As a run does: one Classifier, its caches shared by every file."""
    classifier = Classifier()
    return {p.relative_to(root).as_posix(): classifier.classify(source_file(
        root, p.relative_to(root).as_posix())) for p in sorted(root.rglob("*")) if p.is_file()}


def compiled(c: Classification) -> bool:
    return c.kind == Kind.BUILD_ARTIFACT and c.subkind == "compiled_typescript"


def zod_like(root: Path) -> Path:
    files = {}
    for name in ("api", "checks", "errors"):
        files[f"src/v4/core/{name}.ts"] = TS
        files[f"v4/core/{name}.js"] = ESM
        files[f"v4/core/{name}.cjs"] = CJS
        files[f"v4/core/{name}.d.ts"] = DTS
        files[f"v4/core/{name}.d.cts"] = DTS
    return tree(root, files)


def test_zod_like_copies_are_excluded_naming_their_source(tmp_path: Path) -> None:
    got = classify_all(zod_like(tmp_path))
    for ext in (".js", ".cjs", ".d.ts", ".d.cts"):
        c = got[f"v4/core/api{ext}"]
        assert compiled(c), (ext, c.reasons)
        assert c.index_policy == Policy.EXCLUDE
        assert c.reasons[0] == "compiled from src/v4/core/api.ts (its TypeScript source is indexed)"
        assert ("twin", "src/v4/core/api.ts") in {(s.type, s.value) for s in c.signals}
    ts = got["src/v4/core/api.ts"]
    assert (ts.kind, ts.index_policy) == (Kind.SOURCE, Policy.PARSE_AND_INDEX)


def test_one_file_alone_is_judged_the_same(tmp_path: Path) -> None:
    """`repokb explain` classifies one file with a fresh classifier: same answer."""
    root = zod_like(tmp_path)
    c = classify(source_file(root, "v4/core/checks.d.cts"))
    assert compiled(c) and "src/v4/core/checks.ts" in c.reasons[0]
    assert classify(source_file(root, "src/v4/core/checks.ts")).kind == Kind.SOURCE


def test_same_folder_build(tmp_path: Path) -> None:
    root = tree(tmp_path, {"pkg/foo.ts": TS, "pkg/foo.js": CJS, "pkg/foo.d.ts": DTS,
                           "pkg/bar.ts": TS, "pkg/bar.js": ESM})
    got = classify_all(root)
    assert compiled(got["pkg/foo.js"]) and compiled(got["pkg/foo.d.ts"])
    assert compiled(got["pkg/bar.js"])  # 2 of 2 compiled files here have a twin
    assert "pkg/foo.ts" in got["pkg/foo.d.ts"].reasons[0]
    assert got["pkg/foo.ts"].kind == got["pkg/bar.ts"].kind == Kind.SOURCE


def test_a_declaration_beside_its_source_is_always_emitted(tmp_path: Path) -> None:
    root = tree(tmp_path, {"lib/only.ts": TS, "lib/only.d.ts": DTS,
                           "lib/helper.js": HAND_JS, "lib/other.js": HAND_JS})
    got = classify_all(root)
    assert compiled(got["lib/only.d.ts"])
    assert got["lib/helper.js"].kind == Kind.SOURCE


def test_lib_and_nested_output_folders_mirror_src(tmp_path: Path) -> None:
    root = tree(tmp_path, {
        "packages/core/src/index.ts": TS, "packages/core/src/util/strings.ts": TS,
        "packages/core/lib/index.js": ESM, "packages/core/lib/index.d.ts": DTS,
        "packages/core/lib/util/strings.js": ESM, "packages/core/lib/util/strings.d.ts": DTS,
        "packages/core/out/cjs/index.js": CJS,  # D of two folders, one file: the head tells
    })
    got = classify_all(root)
    for rel, twin in (("packages/core/lib/index.js", "packages/core/src/index.ts"),
                      ("packages/core/lib/index.d.ts", "packages/core/src/index.ts"),
                      ("packages/core/lib/util/strings.js", "packages/core/src/util/strings.ts"),
                      ("packages/core/out/cjs/index.js", "packages/core/src/index.ts")):
        assert compiled(got[rel]), (rel, got[rel].reasons)
        assert twin in got[rel].reasons[0]


def test_a_name_shared_by_chance_keeps_the_hand_written_file(tmp_path: Path) -> None:
    root = tree(tmp_path, {"src/build.ts": TS, "scripts/build.js": HAND_JS,
                           "scripts/release.js": HAND_JS, "scripts/lint.js": HAND_JS})
    got = classify_all(root)
    assert got["scripts/build.js"].kind == Kind.SOURCE, got["scripts/build.js"].reasons
    assert got["scripts/build.js"].index_policy == Policy.PARSE_AND_INDEX
    # a folder no rule knows by name: most of its JavaScript has no twin, so it is no mirror
    root = tree(tmp_path / "b", {"src/build.ts": TS, "src/clean.ts": TS,
                                 "utils/build.js": HAND_JS, "utils/clean.js": HAND_JS,
                                 "utils/release.js": HAND_JS, "utils/lint.js": HAND_JS,
                                 "utils/serve.js": HAND_JS})
    got = classify_all(root)
    assert got["utils/build.js"].kind == got["utils/clean.js"].kind == Kind.SOURCE


def test_one_coincidence_alone_in_its_folder_is_kept(tmp_path: Path) -> None:
    root = tree(tmp_path, {"src/setup.ts": TS, "tools/setup.js": HAND_JS, "bin/setup.js": ESM})
    got = classify_all(root)
    assert got["tools/setup.js"].kind == Kind.SOURCE
    assert got["bin/setup.js"].kind == Kind.SOURCE  # no mirror, no compiler mark: kept


def test_an_esm_build_with_its_source_map_beside_it_is_compiled(tmp_path: Path) -> None:
    # mobile40: react-native-builder-bob's `lib/module/index.js` (Babel's ESM of src/index.ts,
    # alone in its folder, its `//# sourceMappingURL=` past the head read) was indexed as the
    # package's own code: 334 pieces again of react-native-device-info's API, found first for
    # "where is getCarrier implemented on iOS"; its map named `index.ts` in its own folder
    big = ESM + "\n".join(f"export const c{i} = {i};" for i in range(1500)) + "\n"
    root = tree(tmp_path, {"src/index.ts": TS, "lib/module/index.js":
                           big + "//# sourceMappingURL=index.js.map\n",
                           "lib/module/index.js.map": '{"version":3,"sources":["index.ts"]}'})
    got = classify_all(root)
    assert compiled(got["lib/module/index.js"]), got["lib/module/index.js"].reasons
    assert got["lib/module/index.js"].reasons[0] == (
        "compiled from src/index.ts (its TypeScript source is indexed)")


def test_javascript_tests_of_typescript_sources_are_kept(tmp_path: Path) -> None:
    root = tree(tmp_path, {"src/api.ts": TS, "src/parse.ts": TS,
                           "test/api.js": HAND_JS, "test/parse.js": HAND_JS})
    got = classify_all(root)
    assert got["test/api.js"].kind == Kind.TEST and got["test/parse.js"].kind == Kind.TEST


def test_plain_javascript_project_is_unchanged(tmp_path: Path) -> None:
    root = tree(tmp_path, {"index.js": CJS, "index.d.ts": DTS, "lib/core.js": ESM,
                           "lib/core.d.ts": DTS, "src/util.js": ESM})
    got = classify_all(root)
    assert not any(compiled(c) for c in got.values())
    assert got["index.d.ts"].kind == got["lib/core.js"].kind == Kind.SOURCE


def test_hand_written_types_of_a_javascript_package_are_kept(tmp_path: Path) -> None:
    root = tree(tmp_path, {"index.d.ts": DTS, "index.js": HAND_JS, "lib/axios.js": ESM,
                           "src/other.ts": TS})
    got = classify_all(root)
    assert got["index.d.ts"].kind == Kind.SOURCE
    assert got["index.d.ts"].index_policy == Policy.PARSE_AND_INDEX


def test_names_and_places() -> None:
    assert compiled_stem("api.d.cts") == compiled_stem("api.cjs") == "api"
    assert compiled_stem("api.ts") is None and compiled_stem("x.d.js") is None
    assert compiled_stem(".js") is None
    places = list(source_dirs(("v4", "core")))
    assert places[0] == ("v4", "core")
    assert ("src", "v4", "core") in places  # zod: the package root mirrors src/
    assert ("src",) in places  # v4/core as a two-folder output of src/
    assert list(source_dirs(("test",))) == [("test",), ("test", "src"), ("src", "test")]


# -- module-format variants (rules/variants.py): no TypeScript source -----------------------
ADD_ESM = ('import { toDate } from "./toDate.js";\n\n/** Add the specified number of days. */\n'
           "export function addDays(date, amount) {\n  const _date = toDate(date);\n"
           "  _date.setDate(_date.getDate() + amount);\n  return _date;\n}\n\n"
           "export default addDays;\n")
ADD_CJS = ('"use strict";\nexports.addDays = addDays;\nvar _index = require("./toDate.cjs");\n\n'
           "/** Add the specified number of days. */\nfunction addDays(date, amount) {\n"
           "  const _date = (0, _index.toDate)(date);\n"
           "  _date.setDate(_date.getDate() + amount);\n  return _date;\n}\n")
ADD_DTS = ('import type { DateArg } from "./types.js";\n'
           "export declare function addDays(d: DateArg): Date;\n")
ADD_DCTS = ADD_DTS.replace("types.js", "types.cjs")
EXPORTS = ('{"name": "dates", "type": "module", "main": "index.cjs", "module": "index.js",\n'
           ' "exports": {".": {"require": {"types": "./index.d.cts", "default": "./index.cjs"},\n'
           '                   "import": {"types": "./index.d.ts", "default": "./index.js"}},\n'
           '             "./addDays": {"require": {"types": "./addDays.d.cts",'
           ' "default": "./addDays.cjs"},\n'
           '                           "import": {"types": "./addDays.d.ts",'
           ' "default": "./addDays.js"}}}}\n')


def four_ways(stem: str) -> dict[str, str]:
    return {f"{stem}.js": ADD_ESM, f"{stem}.cjs": ADD_CJS, f"{stem}.d.ts": ADD_DTS,
            f"{stem}.d.cts": ADD_DCTS}


def date_fns_like(root: Path) -> Path:
    """date-fns's npm tarball in small: root modules named by package.json's exports, a `_lib/`
    folder where every module ships twice (a mirror), and `fp/_lib/convertToFP` alone in its
    folder and named by nothing (its code is the evidence)."""
    files = {"package.json": EXPORTS, "README.md": "# dates\n", **four_ways("addDays"),
             "index.js": 'export * from "./addDays.js";\n',
             "index.d.ts": "export * from './addDays.js';\n",
             "index.cjs": '"use strict";\nvar _i = require("./addDays.cjs");\n' + "x();\n" * 900,
             "index.d.cts": "export * from './addDays.cjs';\n"}
    for stem in ("_lib/toDate", "_lib/constructFrom", "_lib/getRoundingMethod",
                 "fp/_lib/convertToFP"):
        files.update(four_ways(stem))
    return tree(root, files)


def variant(c: Classification) -> bool:
    return c.kind == Kind.BUILD_ARTIFACT and c.subkind == "module_format_variant"


def evidence(c: Classification) -> str:
    return next(s.value for s in c.signals if s.type == "build")


def test_date_fns_like_variants_collapse_to_one_implementation_and_one_declaration(
        tmp_path: Path) -> None:
    root = date_fns_like(tmp_path)
    got = classify_all(root)
    for stem in ("addDays", "index", "_lib/toDate", "_lib/getRoundingMethod",
                 "fp/_lib/convertToFP"):
        for skipped, kept in ((".cjs", ".js"), (".d.cts", ".d.ts")):
            c = got[stem + skipped]
            assert variant(c) and c.index_policy == Policy.EXCLUDE, (stem, skipped, c.reasons)
            assert c.reasons[0] == (f"the same module as ./{stem.rpartition('/')[2]}{kept} in "
                                    "another module format (that one is kept in its place)")
            assert ("twin", stem + kept) in {(s.type, s.value) for s in c.signals}
            assert (got[stem + kept].kind, got[stem + kept].index_policy) == (
                Kind.SOURCE, Policy.PARSE_AND_INDEX)
    assert evidence(got["addDays.cjs"]) == "package.json names both, under import and require"
    # index.cjs spells out in 900 lines what index.js re-exports in one: no wrapper of it
    assert evidence(got["index.cjs"]) == "package.json names both, under import and require"
    assert evidence(got["_lib/toDate.d.cts"]) == (
        "3 of 3 modules in _lib/ are shipped in more than one module format")
    assert evidence(got["fp/_lib/convertToFP.cjs"]).startswith(
        "the same code as convertToFP.js once module syntax is set aside")
    assert got["package.json"].index_policy != Policy.EXCLUDE


def test_a_variant_alone_is_judged_the_same(tmp_path: Path) -> None:
    """`repokb explain` classifies one file with a fresh classifier: same answer."""
    root = date_fns_like(tmp_path)
    for rel in ("addDays.d.cts", "_lib/constructFrom.cjs", "fp/_lib/convertToFP.d.cts"):
        assert variant(classify(source_file(root, rel))), rel
    assert classify(source_file(root, "addDays.js")).kind == Kind.SOURCE


def test_the_first_format_present_is_kept(tmp_path: Path) -> None:
    root = tree(tmp_path, {"a/x.mjs": ADD_ESM, "a/x.cjs": ADD_CJS,  # no .js: the .mjs is kept
                           "b/x.js": ADD_CJS, "b/x.mjs": ADD_ESM,  # tsup: .js (CJS) and .mjs
                           "b/x.d.mts": ADD_DTS, "b/x.d.cts": ADD_DCTS})  # no .d.ts
    got = classify_all(root)
    assert got["a/x.mjs"].kind == Kind.SOURCE and variant(got["a/x.cjs"])
    assert "./x.mjs" in got["a/x.cjs"].reasons[0]
    assert got["b/x.js"].kind == Kind.SOURCE and variant(got["b/x.mjs"])
    assert got["b/x.d.mts"].kind == Kind.SOURCE and variant(got["b/x.d.cts"])
    assert "./x.d.mts" in got["b/x.d.cts"].reasons[0]


def test_hand_written_js_and_cjs_with_different_code_are_both_kept(tmp_path: Path) -> None:
    esm_app = ("import { fastify } from '../fastify.js'\nconst app = fastify({ logger: true })\n"
               "app.get('/', async () => ({ hello: 'world' }))\n"
               "app.listen({ port: 3000 }).catch(console.error)\n")
    cjs_app = ("'use strict'\nconst fastify = require('../fastify')({ logger: false })\n"
               "fastify.get('/', function (req, reply) {\n  reply.send({ hello: 'world' })\n})\n"
               "fastify.listen({ port: 3000 }, (err) => {\n  if (err) throw err\n})\n")
    root = tree(tmp_path, {"package.json": '{"name": "web", "main": "index.js"}\n',
                           "server.js": esm_app, "server.cjs": cjs_app, "lib/util.js": ESM,
                           # mirror-shaped, but examples are written by hand
                           "examples/a.js": esm_app, "examples/a.mjs": cjs_app,
                           "examples/b.js": cjs_app, "examples/b.mjs": esm_app})
    got = classify_all(root)
    for rel in ("server.js", "server.cjs", "examples/a.mjs", "examples/b.mjs"):
        assert not variant(got[rel]) and got[rel].index_policy == Policy.PARSE_AND_INDEX, (
            rel, got[rel].reasons)


def test_an_esm_wrapper_never_stands_in_for_the_implementation(tmp_path: Path) -> None:
    implementation = "".join(f"exports.f{i} = function f{i}(x) {{ return x + {i} }};\n"
                             for i in range(200))
    root = tree(tmp_path, {
        "package.json": '{"name": "w", "exports": {"import": "./index.mjs", '
                        '"require": "./index.cjs"}}\n',
        "index.mjs": "import cjs from './index.cjs';\nexport const { f0, f1 } = cjs;\n",
        "index.cjs": implementation})
    got = classify_all(root)
    assert got["index.cjs"].kind == Kind.SOURCE, got["index.cjs"].reasons


def test_exports_patterns_name_a_build_folder(tmp_path: Path) -> None:
    """tsup's output differs between formats (helpers, `__toCommonJS`): the map is the
    evidence."""
    root = tree(tmp_path, {
        "package.json": '{"name": "p", "exports": {"./*": {"import": "./lib/*.js", '
                        '"require": "./lib/*.cjs"}}}\n',
        "lib/package.json": '{"type": "commonjs"}\n',  # a stub nearer the file
        "lib/core.js": ESM, "lib/core.cjs": CJS + "var __defProp = Object.defineProperty;\n"})
    got = classify_all(root)
    assert variant(got["lib/core.cjs"]), got["lib/core.cjs"].reasons
    assert evidence(got["lib/core.cjs"]) == "package.json names both, under import and require"


def test_a_variant_whose_kept_file_is_gone_is_decided_again(tmp_path: Path) -> None:
    root = date_fns_like(tmp_path)
    c = classify(source_file(root, "addDays.cjs"))
    assert variant(c) and not twin_gone(root, c)
    (root / "addDays.js").unlink()
    assert twin_gone(root, c)
    assert classify(source_file(root, "addDays.cjs")).kind == Kind.SOURCE


def test_a_typescript_source_still_decides_first(tmp_path: Path) -> None:
    got = classify_all(zod_like(tmp_path))
    assert compiled(got["v4/core/api.cjs"]) and compiled(got["v4/core/api.d.cts"])
    assert got["v4/core/api.cjs"].reasons[0].startswith("compiled from src/v4/core/api.ts")
