"""Computed facts of copies a package's build wrote beside what it copied: the declarations of
a library's readable build beside its minified one's, a JSON file again as a JavaScript module,
an ES module build beside its CommonJS twin, a bundler's content-hashed chunks, what a package's
rollup config writes, a build's entry-point stubs and the scripts they point at, a tool's
patched copy of a file beside it, a CommonJS declaration of the one in a mirror folder, Sphinx's
copy of a page's source beside the HTML it rendered, a UMD bundle beside its module entry, a
module again inside a framework's wrapper.
Each returns the path of the file kept, recorded as the signal value, or None (rules/generated.py
has the other copies and generated files).
"""

from __future__ import annotations

import json
import os
import posixpath
import re

from repokb.rules import tables as T
from repokb.rules.engine import fact
from repokb.rules.facts import FileFacts, head_of
from repokb.rules.variants import same_code


@fact("the declarations of a library's readable build beside its minified one's", "path")
def READABLE_BUILD_DECLARATION(f: FileFacts) -> str | None:
    """`X.src.d.ts` beside `X.d.ts` with the same code but for the specifiers it imports
    (`"../highcharts.src"`): the declarations of a library's readable build, typed again
    beside the minified one's (highcharts 13.1.1's `options/*.src.d.ts`: 232 files, 12,807
    pieces). The path of `X.d.ts`, or None."""
    suffix = T.READABLE_BUILD_DECLARATION
    if not f.lower_name.endswith(suffix):
        return None
    return _same_code_beside(f, f.name[: -len(suffix)] + ".d.ts",
                             f.text.replace(T.READABLE_BUILD_SPECIFIER, ""))


def _same_code_beside(f: FileFacts, twin: str, mine: str) -> str | None:
    """The path of `twin` in f's folder when it is there and holds the same code as `mine`
    (f's text, maybe with what differs by design taken out), else None."""
    here = "/".join(f.dirs)
    if twin not in f.project.names_in(str(f.file.root), here):
        return None
    other = head_of(os.path.join(str(f.file.root), here, twin), f.limits.head_bytes)
    return posixpath.join(here, twin) if same_code(mine, other) >= T.VARIANT_SAME_CODE else None


@fact("a JSON file again as a JavaScript module", "path")
def JSON_MODULE_COPY(f: FileFacts) -> str | None:
    """`X.json.js` beside `X.json` that exports that JSON (`export default {`, `module.exports
    = {`): a build's copy for bundlers that cannot import JSON (javascript-time-ago 2.6.4's 335
    `locale/*.json.js`, 2,935 pieces repeating `locale/*.json`). The JSON's path, or None."""
    lower = f.lower_name
    stem = next((f.name.rsplit(".", 1)[0] for ext in T.JSON_MODULE_SUFFIXES
                 if lower.endswith(ext)), None)
    if stem is None or T.JSON_MODULE_EXPORT.match(f.text) is None:
        return None
    here = "/".join(f.dirs)
    return posixpath.join(here, stem) if stem in f.project.names_in(str(f.file.root), here) \
        else None


@fact("a library's ES module build beside its CommonJS one", "path")
def ES_BUILD_TWIN(f: FileFacts) -> str | None:
    """`X.es.js` beside `X.js` with the same code once module syntax is set aside: rollup's ES
    module build of the CommonJS one (video.js 8.24.1's root `core.es.js` beside `core.js`,
    1,496 pieces again). `X.js` is kept, as rules/variants.py keeps `.js` before `.mjs`; the
    path of it, or None."""
    lower = f.lower_name
    suffix = next((s for s in T.ES_BUILD_SUFFIXES if lower.endswith(s)), None)
    return None if suffix is None else _same_code_beside(f, f.name[: -len(suffix)] + ".js",
                                                         f.text)


@fact("a library's UMD bundle beside its module entry", "path")
def UMD_BUNDLE(f: FileFacts) -> str | None:
    """`X.umd.js` beside `X.js` (or `X.mjs`, `X.cjs`), opening with a UMD wrapper
    (tables.DISTRIBUTION_BUILD_MARKS): the package's modules, which sit beside it, bundled
    again for a `<script>` tag (zod 3.23.8's `lib/index.umd.js`: `lib/*.js` in one file, 298
    pieces). The entry's path, or None."""
    if f.language != "javascript" or not f.lower_name.endswith(T.UMD_BUNDLE_SUFFIXES):
        return None
    stem = f.name[: f.lower_name.rindex(".umd.")]
    here = "/".join(f.dirs)
    names = f.project.names_in(str(f.file.root), here)
    entry = next((stem + ext for ext in (".js", ".mjs", ".cjs") if stem + ext in names), None)
    if entry is None:
        return None
    head = "\n".join(f.text.split("\n", T.DISTRIBUTION_HEAD_LINES)[: T.DISTRIBUTION_HEAD_LINES])
    return posixpath.join(here, entry) if any(
        pattern.search(head) for mark, pattern in T.DISTRIBUTION_BUILD_MARKS.items()
        if "UMD" in mark) else None


@fact("a module again inside a framework's wrapper", "path")
def WRAPPED_MODULE(f: FileFacts) -> str | None:
    """`P.X.js` beside `X.js` holding X.js's first `WRAPPED_MODULE_BYTES` bytes word for word
    past its own opening lines: X.js again, wrapped for a framework (mustache 2.3's
    `jquery.mustache.js`, `mootools.mustache.js`, `qooxdoo.mustache.js`: mustache.js inside
    `;(function($) { ... $.mustache = ...`, 129 pieces again). X.js's path, or None."""
    if f.language != "javascript" or f.lower_name.count(".") < 2 \
            or f.lower_name.endswith(".min.js"):
        return None
    module = f.name.split(".", 1)[1]
    here = "/".join(f.dirs)
    if module.lower() == f.lower_name or module not in f.project.names_in(str(f.file.root),
                                                                         here):
        return None
    other = head_of(os.path.join(str(f.file.root), here, module), T.WRAPPED_MODULE_BYTES)
    if len(other) < T.WRAPPED_MODULE_BYTES or f.text.startswith(other):
        return None  # too short to tell, or the same file from its start (another rule's)
    whole = f.whole  # the wrapper's own opening may be long (qooxdoo's: 173 lines)
    text = whole.decode("utf-8", "replace") if whole is not None else f.text
    return posixpath.join(here, module) if other in text else None


@fact("a bundler's chunk, named with its content hash", "dir")
def HASHED_CHUNK(f: FileFacts) -> str | None:
    """A script named `name-<8-character content hash>.js` (`html.worker-DVW5a_ez.js`) in a
    folder where most scripts are so named: the chunks a bundler (Vite, rollup, esbuild) split
    a build into, their modules' sources elsewhere (monaco-editor 0.58.0's `dev/vs/`: 141
    chunks, 8,486 pieces repeating `esm/vs/`). A person names no module by a hash."""
    if f.language != "javascript" or not _hashed(f.name):
        return None
    here = "/".join(f.dirs)
    scripts = [n for n in f.project.names_in(str(f.file.root), here)
               if n.lower().endswith(T.HASHED_CHUNK_EXTENSIONS)]
    hashed = sum(1 for n in scripts if _hashed(n))
    if len(scripts) < T.HASHED_CHUNKS_MIN or hashed * 2 < len(scripts):
        return None
    return f"{hashed} of {len(scripts)} scripts in {here or '.'}/ named with a content hash"


def _hashed(name: str) -> bool:
    m = T.HASHED_CHUNK_NAME.fullmatch(name)
    return m is not None and T.HASH_TOKEN.search(m.group(1)) is not None


@fact("written by the package's rollup config from a module it ships", "path")
def ROLLUP_OUTPUT(f: FileFacts) -> str | None:
    """A script the package's `rollup.config.*` names as an output `file:`, built from an
    `input:` the package ships: codemirror 5.65.21's `lib/codemirror.js` (its `main`, rollup's
    UMD build of `src/codemirror.js` and the 60 modules below it: 706 pieces repeating `src/`).
    "<config> writes it from <input>", or None."""
    if f.language != "javascript":
        return None
    package = f.nearest_dir_with(("package.json",))
    if package is None:
        return None
    root = str(f.file.root)
    outputs = _rollup_outputs(f, root, package)
    rel = "/".join((*f.dirs, f.name))[len(package):].lstrip("/")
    found = outputs.get(rel)
    if found is None:
        return None
    config, source = found
    if not os.path.isfile(os.path.join(root, package, source)):
        return None
    return f"{posixpath.join(package, config)} writes it from {source}"


def _rollup_outputs(f: FileFacts, root: str, package: str) -> dict[str, tuple[str, str]]:
    """Each output `file:` of the package's rollup config -> (config, the `input:` before it),
    read once a run."""
    cache = f.project.rollup_outputs
    if package in cache:
        return cache[package]
    outputs: dict[str, tuple[str, str]] = {}
    names = f.project.names_in(root, package)
    config = next((n for n in T.ROLLUP_CONFIG_NAMES if n in names), None)
    if config is not None:
        text = head_of(os.path.join(root, package, config), T.ROLLUP_CONFIG_MAX_BYTES)
        source = None
        for m in T.ROLLUP_INPUT_OR_FILE.finditer(text):
            path = posixpath.normpath(m.group(2))
            if m.group(1) == "input":
                source = path
            elif source is not None:
                outputs[path] = (config, source)
    cache[package] = outputs
    return outputs


@fact("a build's entry-point stub package.json", "path")
def PACKAGE_ENTRY_STUB(f: FileFacts) -> str | None:
    """A `package.json` in a package's subfolder that names no dependency, script or version
    and whose entry points all lie outside its folder (`"main": "../cjs/Accordion.js"`): a
    build's stub that lets `import "pkg/Accordion"` resolve (react-bootstrap 2.10.10: 146 of
    them), no manifest of dependencies. Or one whose entry points are beside it, written again
    with only the folder's name changed in `ENTRY_STUB_SIBLINGS_MIN` sibling folders
    (javascript-time-ago 2.6.4's 335 `locale/de/package.json`: `"main": "./index.cjs"`); one
    alone (ionicons' `components/package.json`) stays a manifest. The entry points, or None."""
    if f.name != "package.json" or not f.dirs or f.file.size > T.ENTRY_STUB_MAX_BYTES:
        return None
    try:
        data = json.loads(f.text)
    except ValueError:
        return None
    if not isinstance(data, dict) or not data.keys().isdisjoint(T.MANIFEST_KNOWLEDGE_KEYS):
        return None
    entries = [v for k in T.ENTRY_POINT_KEYS if isinstance(v := data.get(k), str)]
    if not entries or not all(e.startswith(("./", "../")) for e in entries):
        return None
    if all(e.startswith("../") for e in entries):
        return ", ".join(entries)
    alike = _stub_siblings(f)
    return f"{', '.join(entries)}; the same stub in {alike}" if alike else None


def _shape(text: str, folder: str) -> str:
    """A stub's text with its folder's name (as a whole word) set aside."""
    return re.sub(rf"(?<![\w.-]){re.escape(folder)}(?![\w-])", "\0", text)


@fact("a build's entry-point script, the same in each sibling folder", "path")
def SCRIPT_ENTRY_STUB(f: FileFacts) -> str | None:
    """An `index.js` (`.mjs`) that only imports from outside its folder and is written
    again, but for the folder's name, in `ENTRY_STUB_SIBLINGS_MIN` sibling folders: the script
    a build's entry-point stub points at (javascript-time-ago 2.6.4's 335 `locale/de/index.js`:
    `import localeData from "../de.json.js"`, `TimeAgo.addLocale(localeData)`). The sibling
    folders, or None."""
    if (f.lower_name not in T.ENTRY_STUB_SCRIPT_NAMES or not f.dirs
            or f.file.size > T.ENTRY_STUB_MAX_BYTES
            or T.ENTRY_STUB_SCRIPT_IMPORT.search(f.text) is None):
        return None
    return _stub_siblings(f)


def _stub_siblings(f: FileFacts) -> str | None:
    """The first `ENTRY_STUB_SIBLINGS_MIN` sibling folders (in name order) whose file of f's
    name is f's but for the folder's name, as evidence; None when fewer are found among the
    first `ENTRY_STUB_SIBLINGS_ASKED` that hold one."""
    root, parent, own = str(f.file.root), "/".join(f.dirs[:-1]), f.dirs[-1]
    mine = _shape(f.text, own)
    found: list[str] = []
    asked = 0
    for sibling in sorted(f.project.names_in(root, parent)):
        folder = posixpath.join(parent, sibling)
        if sibling == own or f.name not in f.project.names_in(root, folder):
            continue
        asked += 1
        stub = head_of(os.path.join(root, folder, f.name), T.ENTRY_STUB_MAX_BYTES + 1)
        if _shape(stub, sibling) == mine:
            found.append(folder + "/")
            if len(found) == T.ENTRY_STUB_SIBLINGS_MIN:
                return f"{len(found)}+ sibling folders but for their name ({found[0]} ...)"
        if asked >= T.ENTRY_STUB_SIBLINGS_ASKED:
            break
    return None


@fact("a patched copy of the file beside it", "path")
def PATCHED_COPY(f: FileFacts) -> str | None:
    """`X.c.pysam.c` beside `X.c`: a copy a tool wrote with its own tag in the name, the
    original's extension repeated (pysam 0.24.1's import script rewrites bcftools' and
    samtools' `vcfannotate.c` into `vcfannotate.c.pysam.c`, `fprintf(stderr` made
    `fprintf(bcftools_stderr`: 110 files, 6,787 pieces, 30% of the package, twice). The
    original's name, or None."""
    stem, dot, ext = f.name.rpartition(".")
    base, dot2, tag = stem.rpartition(".")
    if not (dot and dot2 and tag.isalpha() and ext and base.endswith("." + ext)):
        return None
    if base not in f.project.names_in(str(f.file.root), "/".join(f.dirs)):
        return None
    return base


def declaration_twin(f: FileFacts, beside: str, names: frozenset[str]) -> str | None:
    """The declaration in the mirror folder `beside` (its listing `names`) that f's CommonJS
    declaration (`x.d.cts`) was written from, holding the same code once the `.cjs` it imports
    is read `.js` (apollo-client 4.3.8's `__cjs/core/ObservableQuery.d.cts` of
    `core/ObservableQuery.d.ts`), or None."""
    suffix = next((s for s in T.COMMONJS_DECLARATION_SUFFIXES if f.lower_name.endswith(s)), None)
    twin = None if suffix is None else f.name[: -len(suffix)] + ".d.ts"
    if twin is None or twin not in names:
        return None
    other = head_of(os.path.join(str(f.file.root), beside, twin), f.limits.head_bytes)
    mine = T.COMMONJS_SPECIFIER.sub(r"\1.js\2", f.text)
    return twin if same_code(mine, other) >= T.VARIANT_SAME_CODE else None


@fact("a document's plain-text rendering beside its source", "path")
def TEXT_RENDERING(f: FileFacts) -> str | None:
    """`X.txt` beside `X.md` (`X.rst`) whose words are nearly all in that source's head: its
    plain-text rendering (yt-dlp's `README.txt`, pandoc's output of `README.md`: 395 pieces
    again). The source's path, or None; notes of their own beside a document differ."""
    if f.ext != ".txt" or f.template_base:
        return None
    here, stem = "/".join(f.dirs), f.name[:-4]
    names = f.project.names_in(str(f.file.root), here)
    source = next((stem + e for e in T.TEXT_RENDERING_SOURCES if stem + e in names), None)
    if source is None:
        return None
    other = head_of(os.path.join(str(f.file.root), here, source), 2 * f.limits.head_bytes)
    mine = set(T.JS_WORD.findall(f.text.lower()))
    found = len(mine & set(T.JS_WORD.findall(other.lower()))) / max(len(mine), 1)
    return posixpath.join(here, source) if found >= T.TEXT_RENDERING_SHARE else None


@fact("protobufjs' JSON form of the .proto beside it", "path")
def PROTOBUF_JSON_SCHEMA(f: FileFacts) -> str | None:
    """`X.json` beside `X.proto` that opens as protobufjs' JSON schema does (`{"nested": {`,
    or its `"options"` first: `pbjs -t json`): the messages and fields of the .proto again
    (protobufjs 8.8.1's `google/protobuf/descriptor.json`, 127 pieces beside the .proto's 41).
    The .proto's path, or None."""
    if f.ext != ".json" or not T.PROTOBUF_JSON_HEAD.match(f.text):
        return None
    here, proto = "/".join(f.dirs), f.name[:-5] + ".proto"
    return (posixpath.join(here, proto) if proto in f.project.names_in(str(f.file.root), here)
            else None)


@fact("declarations rewritten for an older TypeScript beside the current ones", "path")
def DOWNLEVEL_DECLARATIONS(f: FileFacts) -> str | None:
    """A declaration in a `ts3.4/` folder (a TypeScript version) whose path without that folder
    holds one of the same name: the package's declarations rewritten by downlevel-dts for older
    compilers (@aws-sdk/client-s3's `dist-types/ts3.4/S3Client.d.ts`). Its twin, or None."""
    if not f.lower_name.endswith(T.DECLARATION_FORMATS):
        return None
    for i, folder in enumerate(f.dirs):
        if T.TS_VERSION_DIR.fullmatch(folder):
            beside = "/".join((*f.dirs[:i], *f.dirs[i + 1:]))
            if f.name in f.project.names_in(str(f.file.root), beside):
                return posixpath.join(beside, f.name)
    return None


@fact("Sphinx's copy of a source beside the HTML it rendered", "path")
def SPHINX_SOURCE_COPY(f: FileFacts) -> str | None:
    """A file in a `_sources/` folder whose parent holds Sphinx's `searchindex.js`, when the
    source it copies is in the project: the copy of a page's source Sphinx writes beside the
    HTML (alembic 1.20.1's rendered `docs/`: `_sources/changelog.rst`, 634 pieces, the twin of
    `docs/build/changelog.rst`). Where the rendered site is all there is (Debian's
    python3.11-doc: `html/_sources/library/os.rst.txt`, no `Doc/` beside it) the copy is the
    documentation's only source and is read; the pages stay metadata only."""
    if "_sources" not in f.dirs:
        return None
    i = f.dirs.index("_sources")
    parent = "/".join(f.dirs[:i])
    root = str(f.file.root)
    if "searchindex.js" not in f.project.names_in(root, parent):
        return None
    source = _sphinx_source(f, f.dirs[:i], f.dirs[i + 1:])
    return f"{source} copied beside {parent or '.'}/searchindex.js" if source else None


def _sphinx_source(f: FileFacts, site: tuple[str, ...], sub: tuple[str, ...]) -> str | None:
    """The page's source where the project holds it: `sub/name` (Sphinx's `.txt` taken off
    `os.rst.txt`) in the rendered site's folder or a folder above it, or in one of their
    documentation folders (`source/`, `docs/`, `build/` ...)."""
    name = f.name[:-4] if f.lower_name.endswith(T.SPHINX_COPY_SUFFIX) and "." in f.name[:-4] \
        else f.name
    root = str(f.file.root)
    for depth in range(len(site), -1, -1):
        above = site[:depth]
        children = f.project.names_in(root, "/".join(above))
        for folder in ("", *sorted(c for c in children if c.lower() in T.SPHINX_SOURCE_DIRS)):
            where = "/".join((*above, *((folder,) if folder else ()), *sub))
            if where != "/".join((*site, "_sources", *sub)) \
                    and name in f.project.names_in(root, where):
                return f"{where}/{name}" if where else name
    return None
