"""An npm package whose only code is its build output: the API kept from its `dist/`.

`dist/` is build output, skipped whole (Linguist's vendor.yml `(^|/)dist/`). Most packages
ship their sources beside it, or in a git checkout never commit it. But many npm tarballs are
nothing else: @vue/compiler-sfc 3.5.47 is a README, a LICENSE, a package.json and
`dist/compiler-sfc.{d.ts,cjs.js,esm-browser.js}`; markdown-it 15.0.3, acorn, pinia, rollup,
@floating-ui/dom, pathe, uuid are the same. Skipped, the package has no API left to ask about
("what options does compileTemplate take" has no answer).

So when a package's package.json points into `dist/` (`types`, `typings`, `main`, `module`,
`exports`) and the package holds no source outside it, the walk enters `dist/` and keeps what
the manifest points at, as a user reading the package would:
- the declarations: every declaration file (`.d.ts`, `.d.mts`, `.d.cts`) in the folder of a
  declaration the manifest names, and below it (an entry `index.d.ts` re-exports its
  neighbours' API), one per module (`x.d.cts` beside `x.d.ts` is the same declarations in
  another module format, rules/variants.py's order; a bundler's hashed chunks,
  vue-router's `options-C4lhTY1l.d.mts` and `options-DxWu-EDI.d.cts`, differ in name only:
  a `.d.cts` in a folder that holds `.d.ts` or `.d.mts` files is left out);
- for each entry point (`.`, `./utils` ...), one bundle: of the code files the manifest names
  for it, the smallest not named like a minified, browser or UMD build (the one that inlines
  least); the classifier keeps it only if it is not minified;
- everything else in `dist/` is build output (source maps, the other module formats, minified
  and browser builds), recorded and left out.

"No source outside dist/": no JavaScript or TypeScript module (declarations aside) in the
package's folder outside `dist/`, its tests, examples, scripts and `bin/` (a command-line
wrapper), but for shims that only load the build (`module.exports = require('./dist/x.js')`,
vue's `index.js`, consola's `lib/index.cjs`: under 4 KB, naming `./dist/` or `../dist/`). A
package that ships `src/` or `lib/` (rxjs, dompurify, @reduxjs/toolkit) keeps its `dist/`
skipped.

When the manifest names nothing in `dist/` or `build/` but its entry points are shims of the
build (yargs 18.2.0: `main` is `./index.mjs`, 268 bytes importing
`./build/lib/yargs-factory.js`; tsc's output, the `.ts` not shipped), the targets the shims
load stand for them. Such a target that imports its neighbours (`./command.js`) is one module
of a tree tsc wrote one to one, not a bundle: every module in its folder and below is kept.

Read once per package folder and process: the manifest (up to PACKAGE_JSON_MAX_BYTES), at most
_SCAN_ENTRIES entries of the folder, the heads of shims and bundles. The cache is keyed on
what was read (the stamps of the manifest, of every folder listed and every file opened), so
a long-lived owner sees a `.js` added to an existing `lib/` as a new walk does.
"""

from __future__ import annotations

import dataclasses
import json
import os
import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass

from repokb.rules import tables as T
from repokb.rules.engine import Fact
from repokb.rules.facts import FileFacts
from repokb.rules.variants import kept_in_place, read_package_json

# idb 8.0.4 ships its only code in `build/` (index.js, index.cjs, index.d.ts ...) as others do
# in `dist/`
DIST_DIRS = frozenset({"dist", "build"})
_DECLARATIONS = T.DECLARATION_FORMATS
_CODE = (".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx", ".vue", ".svelte")
_MANIFEST_FIELDS = ("types", "typings", "main", "module", "exports")
# A code file named like one of these is a tool's configuration, not the package's source.
_CONFIG_NAME = re.compile(r"(^\.|\.config\.|^(gulpfile|gruntfile|karma\.conf|webpack\.)|rc\.c?js$)",
                          re.IGNORECASE)
# Builds a user does not read: minified, for the browser as one script, production-stripped.
_NOT_READ = re.compile(r"(^|[.-])(min|umd|iife|global|browser|prod)\b", re.IGNORECASE)
_LEFT_OUT_DIRS = T.NOT_BUILD_OUTPUT_DIRS | DIST_DIRS | {"bin", "node_modules"} | set(T.SKIP_DIRS)
_SCAN_ENTRIES = 4000
_SHIM_BYTES = 4096


@dataclass(frozen=True)
class DistApi:
    """What one dist-only package keeps from its `dist/` (paths relative to the package)."""

    declaration_dirs: dict[str, str]  # folder -> the manifest field naming a declaration in it
    bundles: dict[str, str]  # the bundle kept per entry point -> the field naming it
    # folder -> the field naming the module tree (tsc's one-to-one output) kept from it
    module_dirs: dict[str, str] = dataclasses.field(default_factory=dict)

    def kept(self, path: str, listing: frozenset[str], manifest: str) -> str | None:
        """Why `path` (relative to the package, in `dist/`; its folder's names `listing`) is
        kept, or None; `manifest`: the package.json as the reason names it."""
        name = posixpath.basename(path)
        if path in self.bundles:
            return f"{manifest} names it ({self.bundles[path]}), the package's only code"
        lower = name.lower()
        if lower.endswith(_CODE) and not lower.endswith(_DECLARATIONS) \
                and not _NOT_READ.search(name):
            folder = posixpath.dirname(path)
            for where, why in self.module_dirs.items():
                if folder == where or folder.startswith(where + "/"):
                    return (f"a module of the tree {where}/ that {manifest} loads ({why}), "
                            "the package's only code")
        if not name.lower().endswith(_DECLARATIONS) or kept_in_place(name, listing):
            return None
        if name.lower().endswith(".d.cts") and any(
                n.lower().endswith((".d.ts", ".d.mts")) for n in listing):
            return None  # CommonJS' copy of declarations the folder holds for ESM too
        folder = posixpath.dirname(path)
        for where, field in self.declaration_dirs.items():
            if folder == where or folder.startswith(where + "/"):
                return (f"{manifest} types its API in {where}/ ({field}), the package's "
                        "only declarations")
        return None

    def summary(self) -> str:
        """The entry points kept, for the reason of what is left out."""
        shown = sorted(self.bundles) + sorted(f"{d}/*.js" for d in self.module_dirs) \
            + sorted(f"{d}/*.d.ts" for d in self.declaration_dirs)
        return ", ".join(shown[:4]) + (" ..." if len(shown) > 4 else "")


# folder -> (the stamps of what was read, in order, and the paths), the API found
_CACHE: dict[str, tuple[tuple[str, ...], tuple[tuple[int, int] | None, ...], DistApi | None]] = {}


def dist_api(folder: str) -> DistApi | None:
    """The API kept from the `dist/` of the package in `folder` (on disk), or None when its
    package.json names nothing there or it ships source outside (module docstring)."""
    manifest = os.path.join(folder, "package.json")
    cached = _CACHE.get(folder)
    if cached is not None and _stamps(cached[0]) == cached[1]:
        return cached[2]
    try:
        size = os.stat(manifest).st_size
    except OSError:
        return None
    read: list[str] = [manifest]
    found = _read(folder, manifest, size, read)
    paths = tuple(dict.fromkeys(read))
    _CACHE[folder] = (paths, _stamps(paths), found)
    return found


def _stamps(paths: tuple[str, ...]) -> tuple[tuple[int, int] | None, ...]:
    """Each path's (mtime, size), None where it is gone: a folder's mtime moves when an
    entry is added or removed in it, a file's when it is written."""
    out: list[tuple[int, int] | None] = []
    for path in paths:
        try:
            st = os.stat(path)
        except OSError:
            out.append(None)
            continue
        out.append((st.st_mtime_ns, st.st_size))
    return tuple(out)


def walked(name: str, folder: str) -> bool:
    """Whether the walk enters the folder `name` (named like build output) in the package
    folder `folder` (on disk): a dist-only package's API is kept from it."""
    return name in DIST_DIRS and dist_api(folder) is not None


def package_of(dirs: tuple[str, ...], has_manifest: Callable[[str], bool]) -> str | None:
    """The package folder (relative) whose `dist/` holds a file in `dirs`: the nearest
    folder above a `dist` among them holding package.json (`has_manifest(folder)`)."""
    for i in range(len(dirs) - 1, -1, -1):
        if dirs[i] in DIST_DIRS:
            package = "/".join(dirs[:i])
            if has_manifest(package):
                return package
    return None


def _read(folder: str, manifest: str, size: int, read: list[str]) -> DistApi | None:
    """The package's API (module docstring); every path it looks at is added to `read`."""
    data = read_package_json(manifest, size)
    if not isinstance(data, dict):
        return None
    entries: dict[str, list[tuple[str, str]]] = {}  # entry point -> (target, field)
    for field in _MANIFEST_FIELDS:
        if field == "exports":
            _exports(data.get(field), entries)
        elif isinstance(value := data.get(field), str):
            entries.setdefault(".", []).append((value, field))
    in_dist = {point: [(t, f) for t, f in targets if (p := _path(t)) and p.split("/")[0]
                       in DIST_DIRS] for point, targets in entries.items()}
    through_shims = not any(in_dist.values())
    if through_shims:  # (yargs: the manifest names shims of the build, module docstring)
        in_dist = {point: [(t, f"{f}, through {_path(s)}") for s, f in targets
                           for t in _loaded(folder, _path(s), read)]
                   for point, targets in entries.items()}
    if not any(in_dist.values()) or _has_source(folder, read):
        return None
    declaration_dirs: dict[str, str] = {}
    bundles: dict[str, str] = {}
    module_dirs: dict[str, str] = {}
    for targets in in_dist.values():
        code: list[tuple[int, str, str]] = []
        for target, field in targets:
            path = _path(target)
            if path.lower().endswith(_DECLARATIONS):
                declaration_dirs.setdefault(posixpath.dirname(path), field)
            elif path.lower().endswith(_CODE) and not _NOT_READ.search(
                    posixpath.basename(path)):
                read.append(os.path.join(folder, path))
                try:
                    code.append((os.path.getsize(os.path.join(folder, path)), path, field))
                except OSError:
                    continue
        if through_shims:
            for _, path, why in code:
                if _RELATIVE_IMPORT.search(_head(os.path.join(folder, path))):
                    module_dirs.setdefault(posixpath.dirname(path), why)
                else:
                    bundles.setdefault(path, why)
        elif (chosen := _bundle(folder, sorted(code))) is not None:
            bundles.setdefault(*chosen)
    for where in list(module_dirs):  # (a tree within another's is the other's)
        if any(where.startswith(other + "/") for other in module_dirs):
            del module_dirs[where]
    bundles = {p: w for p, w in bundles.items()
               if not any(p.startswith(d + "/") for d in module_dirs)}
    for path in list(bundles):
        for chunk in _chunks(folder, path, read):
            bundles.setdefault(chunk, f"imported by {posixpath.basename(path)}")
    if not declaration_dirs and not bundles and not module_dirs:
        return None
    return DistApi(declaration_dirs, bundles, module_dirs)


def _bundle(folder: str, code: list[tuple[int, str, str]]) -> tuple[str, str] | None:
    """(path, field) of the smallest code entry that does not just load another one (vuex's
    `dist/vuex.mjs` imports `./vuex.cjs.js`, the implementation)."""
    for i, (_, path, field) in enumerate(code):
        others = {posixpath.basename(p).encode() for _, p, _ in code[i + 1:]}
        if not others or not any(name in _head(os.path.join(folder, path)) for name in others):
            return path, field
    return None


def _exports(node: object, entries: dict[str, list[tuple[str, str]]],
             point: str = ".", at: str = "exports") -> None:
    """Every string target of an `exports` value, by entry point (`./utils`), with the
    conditions that lead to it (`exports["."].import.types`)."""
    if isinstance(node, str):
        entries.setdefault(point, []).append((node, at))
    elif isinstance(node, list):
        for item in node:
            _exports(item, entries, point, at)
    elif isinstance(node, dict):
        subpaths = all(isinstance(k, str) and k.startswith(".") for k in node)
        for key, value in node.items():
            if subpaths:
                _exports(value, entries, key, f'exports["{key}"]')
            else:
                _exports(value, entries, point, f"{at}.{key}")


def _path(target: str) -> str:
    """A target as a path inside the package ("" for a pattern or one leaving it)."""
    if "*" in target:
        return ""
    path = posixpath.normpath(target)
    return "" if path.startswith("..") or path.startswith("/") else path


def _has_source(folder: str, read: list[str]) -> bool:
    """Whether the package folder holds a JavaScript or TypeScript module outside `dist/`
    (and its tests, examples, scripts, `bin/`), a shim of the build aside; True as well when
    the folder is too big to tell within _SCAN_ENTRIES entries. Each folder listed and file
    opened is added to `read`."""
    seen = 0
    for here, dirs, files in os.walk(folder):
        read.append(here)
        dirs[:] = [d for d in dirs if d not in _LEFT_OUT_DIRS and not d.startswith(".")
                   and not d.endswith(tuple(T.SKIP_DIR_SUFFIXES))]
        seen += len(dirs) + len(files)
        if seen > _SCAN_ENTRIES:
            return True
        for name in files:
            lower = name.lower()
            if (lower.endswith(_CODE) and not lower.endswith(_DECLARATIONS)
                    and not _CONFIG_NAME.search(name)):
                read.append(os.path.join(here, name))
                if not _shim(os.path.join(here, name)):
                    return True
    return False


_LOADS_DIST = re.compile(rb"""["'](?:\.\.?/)+(?:dist|build)/""")
_LOADED = re.compile(
    rb"""(?:\bfrom|\bimport|\brequire\()\s*["']((?:\.\.?/)+(?:dist|build)/[^"'\s]+)["']""")
# a bundle importing a chunk beside it (`from './raise-effbee0c.esm.js'`), followed this far
_SIBLING_IMPORT = re.compile(
    rb"""(?:\bfrom|\bimport|\brequire\()\s*["']\./([^"'/\s]+\.[cm]?js)["']""")
_CHUNKS_MAX = 12
# ... named with the content hash a bundler gives a chunk (`-effbee0c`, `-C4lhTY1l`: a digit in
# it); tsc's one module per source (uuid's `./v4.js`) is no chunk
_CHUNK_NAME = re.compile(r"-(?=[\w]*\d)[A-Za-z\d_]{6,10}(?:\.[a-z]+)*\.[cm]?js$")
# a module importing its neighbours: one module of a tree (tsc's output), not a bundle
_RELATIVE_IMPORT = re.compile(rb"""(?:\bfrom|\bimport|\brequire\()\s*["']\.\.?/[^"'\s]+["']""")


def _loaded(folder: str, shim: str, read: list[str]) -> list[str]:
    """The files in `dist/` or `build/` (relative to the package) that the shim `shim`
    (relative) loads; none when it is no shim (module docstring)."""
    if not shim or not shim.lower().endswith(_CODE) or shim.split("/")[0] in DIST_DIRS:
        return []
    path = os.path.join(folder, shim)
    read.append(path)
    if not _shim(path):
        return []
    out = []
    for m in _LOADED.finditer(_head(path)):
        target = posixpath.normpath(posixpath.join(posixpath.dirname(shim),
                                                   m.group(1).decode("utf-8", "replace")))
        if not target.startswith("..") and target.split("/")[0] in DIST_DIRS:
            out.append(target)
    return out


def _chunks(folder: str, bundle: str, read: list[str]) -> list[str]:
    """The chunks beside a kept bundle that it imports, and they in turn (up to `_CHUNKS_MAX`):
    the shared code a bundler split off under a hashed name (xstate 5.33.3's `dist/xstate.esm.js`
    imports `./raise-effbee0c.esm.js`, 88 KB of its interpreter, and `./StateMachine-...`)."""
    here, found, todo = posixpath.dirname(bundle), [bundle], [bundle]
    while todo and len(found) <= _CHUNKS_MAX:
        path = os.path.join(folder, todo.pop())
        read.append(path)
        for m in _SIBLING_IMPORT.finditer(_head(path)):
            chunk = posixpath.join(here, m.group(1).decode("utf-8", "replace"))
            name = posixpath.basename(chunk)
            if chunk not in found and _CHUNK_NAME.search(name) and not _NOT_READ.search(name) \
                    and os.path.isfile(os.path.join(folder, chunk)):
                found.append(chunk)
                todo.append(chunk)
    return found[1:]


def _shim(path: str) -> bool:
    """A small module that only loads the build: it names a relative `./dist/` or `../dist/`
    (ajv-formats' `src/*.ts`, which import `ajv/dist/core`, another package's, are source)."""
    head = _head(path)
    return len(head) < _SHIM_BYTES and _LOADS_DIST.search(head) is not None


def _head(path: str) -> bytes:
    try:
        with open(path, "rb") as fh:
            return fh.read(_SHIM_BYTES)
    except OSError:
        return b""


# -- the classifier's facts ----------------------------------------------------------------
def _found(f: FileFacts) -> tuple[str, DistApi] | None:
    """(package folder, its API) for a file in the `dist/` of a dist-only package."""
    if DIST_DIRS.isdisjoint(f.dirs):
        return None
    root = str(f.file.root)
    package = package_of(f.dirs, lambda rel: "package.json" in f.project.names_in(root, rel))
    if package is None:
        return None
    folder = os.path.join(root, package)
    apis = f.project.dist_apis  # once a run: `dist_api` stats all it read at each call
    if folder not in apis:
        apis[folder] = dist_api(folder)
    api: DistApi | None = apis[folder]
    return None if api is None else (package, api)


def _kept(f: FileFacts) -> str | None:
    found = _found(f)
    if found is None:
        return None
    package, api = found
    path = f.file.path[len(package) + 1:] if package else f.file.path
    listing = f.project.names_in(str(f.file.root), "/".join(f.dirs))
    return api.kept(path, listing, posixpath.join(package, "package.json"))


def kept_declarations(f: FileFacts) -> str | None:
    """Why a declaration file in a dist-only package's `dist/` is kept, or None."""
    return _kept(f) if f.lower_name.endswith(_DECLARATIONS) else None


def kept_bundle(f: FileFacts) -> str | None:
    """Why a code file in a dist-only package's `dist/` is its kept bundle, or None."""
    return None if f.lower_name.endswith(_DECLARATIONS) else _kept(f)


def left_in_dist(f: FileFacts) -> str | None:
    """For any other file of a dist-only package's `dist/`: what is kept instead."""
    found = _found(f)
    if found is None:
        return None
    package, api = found
    folder = f.dirs[len(package.split("/")) if package else 0]
    manifest = posixpath.join(package, "package.json")
    if not f.lower_name.endswith(_DECLARATIONS) and _kept(f) is not None:
        # the bundle it names, which the rule keeping it found minified (its reason must not
        # say it was kept: feather-icons 4.29.2's dist/feather.js said so, excluded)
        return f"{folder}/: {manifest} names it as an entry point, but it reads as minified"
    return f"{folder}/: {manifest} entry points kept: {api.summary()}"


DIST_DECLARATIONS = Fact("a dist-only package's declarations", kept_declarations, "manifest")
DIST_BUNDLE = Fact("a dist-only package's bundle", kept_bundle, "manifest")
DIST_LEFT = Fact("build output of a dist-only package", left_in_dist, "manifest")


# -- a module transpiled one to one from a source the package does not ship ------------------
# sequelize 6.37.8's `lib/model.js` ends in `//# sourceMappingURL=model.js.map`, whose one
# source, `../src/model.js`, is not in the tarball: Linguist's has_source_map calls the file
# generated, but it is the only code of the 80 modules the package is (esbuild's
# transpilation, readable, not minified). A bundle (babel-parser's `lib/index.js`: many
# sources; socket.io's `client-dist/`: `node_modules/` and `webpack://` sources) or a file whose
# source is shipped beside it (rules/twins.py) stays as Linguist says.
_MAP_URL = re.compile(r"^//[#@] sourceMappingURL=([\w.-]+\.map)[ \t]*$", re.MULTILINE)
_MAP_SOURCES = re.compile(rb'"sources"\s*:\s*(\[[^\]]*\])')
_MAP_HEAD = 65536
_TRANSPILED = (".js", ".cjs", ".mjs")


def sole_transpiled(f: FileFacts) -> str | None:
    """The source (project-relative) a module was transpiled from one to one and that the
    project does not hold, or None (see above)."""
    if not f.lower_name.endswith(_TRANSPILED) or "sourceMappingURL" not in f.tail:
        return None
    m = _MAP_URL.search(f.tail)
    if m is None:
        return None
    root, folder = str(f.file.root), "/".join(f.dirs)
    try:
        with open(os.path.join(root, folder, m.group(1)), "rb") as fh:
            found = _MAP_SOURCES.search(fh.read(_MAP_HEAD))
        sources = json.loads(found.group(1)) if found else None
    except (OSError, ValueError):
        return None
    if not isinstance(sources, list) or len(sources) != 1 or not isinstance(sources[0], str) \
            or ":" in sources[0] or "node_modules" in sources[0]:
        return None
    source = posixpath.normpath(posixpath.join(folder, sources[0]))
    if source.startswith("../") or os.path.exists(os.path.join(root, source)) \
            or f.sniff("minified"):
        return None
    return source


SOLE_TRANSPILED = Fact("transpiled from a source not shipped", sole_transpiled, "map")
