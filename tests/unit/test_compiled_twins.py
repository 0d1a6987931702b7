"""Compiled twins (rules/twins.py): JavaScript and declarations built from a TypeScript source the
project holds are build artifacts naming that source; hand-written files that merely share a
name are kept."""

from __future__ import annotations

from pathlib import Path

from repokb.models import Classification, Kind, Policy, SourceFile
from repokb.pipeline.classify import Classifier, classify
from repokb.rules.twins import compiled_stem, source_dirs

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
