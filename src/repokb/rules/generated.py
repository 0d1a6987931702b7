"""Computed facts of generated files and copies: one enormous line, a bundler's output, a
distribution build beside its minified twin, a library copied into `libs/`, rendered
documentation, a golden test's input, Sphinx's copy of a source, a module in another module
format's folder, a pip-compile source beside its output. Each returns the evidence recorded as
the signal value, or None (rules/checks.py has the facts of size, content and secrets;
rules/layout.py those of where a file lies).
"""

from __future__ import annotations

import collections
import fnmatch
import itertools
import json
import os
import posixpath

from repokb.rules import tables as T
from repokb.rules.engine import fact
from repokb.rules.facts import FileFacts, head_of, raw_head_of
from repokb.rules.linguist import package_name
from repokb.rules.variants import kept_in_place, same_code


@fact("one enormous line")
def ONE_LINE_BLOB(f: FileFacts) -> str | None:
    """A big text file with no line break in its head: generated or data in any language,
    not code or prose written to be read (minified JS and CSS have their own rule); JSON from
    `ONE_LINE_DATA_BYTES`."""
    least = (T.ONE_LINE_DATA_BYTES if f.language in T.ONE_LINE_DATA_LANGUAGES
             else T.ONE_LINE_BLOB_BYTES)
    if f.file.size < least or f.is_binary:
        return None
    head = f.head
    if len(head) < 4096 or b"\n" in head or b"\r" in head:
        return None
    return f"{f.file.size:,} bytes, no line break in the first {len(head):,}"


@fact("a bundler's output")
def BUNDLER_OUTPUT(f: FileFacts) -> str | None:
    """A long JavaScript file a bundler wrote, known by its runtime helpers at the top
    (tables.BUNDLER_HEAD_MARKS): esbuild's `__defProp`/`__commonJS`, webpack's bootstrap."""
    if f.language != "javascript" or f.file.size < T.BUNDLE_MIN_BYTES:
        return None
    head = "\n".join(f.text.split("\n", T.BUNDLE_HEAD_LINES)[: T.BUNDLE_HEAD_LINES])
    for bundler, marks in T.BUNDLER_HEAD_MARKS.items():
        if all(mark.search(head) for mark in marks):
            return f"{bundler} at the top, {f.file.size:,} bytes"
    if T.BABEL_HELPERS_AT_TOP.match(f.text):  # a rollup/Babel build of the package's src/
        package = f.nearest_dir_with(("package.json",))
        if package is not None and package != "/".join(f.dirs) and T.DOWNLEVEL_SOURCE_DIR in \
                f.project.names_in(str(f.file.root), package):
            return f"Babel's helpers at the top, {package or '.'}/src/ beside it"
    return None


@fact("a distribution build beside its minified twin")
def TWINNED_DISTRIBUTION_BUILD(f: FileFacts) -> str | None:
    """A JavaScript file shipped beside its minified twin (`cdn.js` and `cdn.min.js`) whose
    head shows a tool wrote it from other modules (tables.DISTRIBUTION_BUILD_MARKS)."""
    if f.language != "javascript" or not f.lower_name.endswith(".js") \
            or f.lower_name.endswith(".min.js"):
        return None
    twin = f.name[:-3] + ".min.js"
    if twin not in f.project.names_in(str(f.file.root), "/".join(f.dirs)):
        return None
    head = "\n".join(f.text.split("\n", T.DISTRIBUTION_HEAD_LINES)[: T.DISTRIBUTION_HEAD_LINES])
    for mark, pattern in T.DISTRIBUTION_BUILD_MARKS.items():
        if pattern.search(head):
            return f"{mark}, {twin} beside it"
    module = _module_it_starts_as(f)
    if module is not None:
        return f"the head of {module} and more, {twin} beside it"
    entry = _entry_it_inlines(f)
    if entry is not None:
        return f"the banner of {entry}, which imports its modules, {twin} beside it"
    module = _module_it_joins(f)
    return None if module is None else f"{module} joined into it, {twin} beside it"


def _module_it_starts_as(f: FileFacts) -> str | None:
    """A module in a folder above whose name begins this one's and whose first
    `DISTRIBUTION_SAME_HEAD` bytes this file starts with: the build is that module with more
    appended (moment-timezone 0.6.6's `builds/moment-timezone-with-data.js`: the library of
    `moment-timezone.js`, then 700 KB of packed zones), or None."""
    size = T.DISTRIBUTION_SAME_HEAD
    if len(f.head) < size:
        return None
    root, stem = str(f.file.root), f.lower_name[:-3]
    for up in range(1, min(len(f.dirs), T.DISTRIBUTION_MODULE_UP) + 1):
        folder = "/".join(f.dirs[:-up])
        for name in sorted(f.project.names_in(root, folder)):
            lower = name.lower()
            if not (lower.endswith(".js") and stem.startswith(lower[:-3])) \
                    or lower.endswith(".min.js"):
                continue
            path = posixpath.join(folder, name)
            if raw_head_of(os.path.join(root, path), size) == f.head[:size]:
                return path
    return None


def _banner(text: str) -> str:
    """The block comment a file opens with, or ""."""
    if not text.startswith("/*"):
        return ""
    end = text.find("*/")
    return text[: end + 2] if end > 0 else ""


def _entry_it_inlines(f: FileFacts) -> str | None:
    """`X.mjs` beside this `X.js`, opening with the same banner comment (a build's, its date
    stamped) and importing modules by relative path: this file is the bundle inlining them
    (swiper 14.4.0's `swiper-bundle.js`, a rollup IIFE of `swiper-bundle.mjs`: 2,356 pieces
    repeating `modules/*.mjs`), or None. A person's `var X = (function () {` carries no
    banner its ES entry repeats."""
    banner = _banner(f.text)
    if len(banner) < T.DISTRIBUTION_SAME_BANNER:
        return None
    here = "/".join(f.dirs)
    entry = f.name[:-3] + ".mjs"
    if entry not in f.project.names_in(str(f.file.root), here):
        return None
    text = head_of(os.path.join(str(f.file.root), here, entry), f.limits.head_bytes)
    if _banner(text) != banner or not T.ES_ENTRY_IMPORT.search(text, len(banner)):
        return None
    return posixpath.join(here, entry)


def _module_it_joins(f: FileFacts) -> str | None:
    """A module in a folder right below whose first `DISTRIBUTION_JOINED_HEAD` bytes lie in
    this file's head: the build joins the package's modules after a banner (semantic-ui-css
    2.5.0's `semantic.js`, 1,294 pieces: `components/site.js`, then the 25 other components
    shipped beside it), or None."""
    size = T.DISTRIBUTION_JOINED_HEAD
    root, here = str(f.file.root), "/".join(f.dirs)
    text = f.head
    for child in sorted(f.project.names_in(root, here)):
        if "." in child:
            continue  # a folder's name, as packages name them
        folder = posixpath.join(here, child)
        for name in sorted(f.project.names_in(root, folder)):
            lower = name.lower()
            if not lower.endswith(".js") or lower.endswith(".min.js"):
                continue
            start = raw_head_of(os.path.join(root, folder, name), size)
            if len(start) == size and start in text:
                return posixpath.join(folder, name)
    return None


@fact("a library copied into a libs/ folder or a static/ folder", "path")
def VENDORED_LIBRARY(f: FileFacts) -> str | None:
    """A script directly in a `libs/` folder below the root that shows it is another
    project's: a licence banner (`/*!`, `@license`) at its top, or the name of a library's
    distribution build (`fflate.module.js`, `chart.esm.js`). three's examples/jsm/libs/, a web
    app's static/js/libs/. A root `libs/` (an Nx workspace's, Boost's) is the project's own."""
    if f.language not in T.MINIFIABLE_LANGUAGES:
        return None
    if len(f.dirs) < 2 or f.dirs[-1].lower() not in T.VENDORED_LIBS_DIRS:
        return _static_copy(f)
    libs = "/".join(f.dirs) + "/"
    build = next((g for g in T.LIBRARY_BUILD_NAME_GLOBS if fnmatch.fnmatchcase(f.lower_name, g)),
                 None)
    if build:
        return f"{libs}, named like a library's build: {build}"
    top = f.text.lstrip()[:2000]
    if top.startswith("/*!") or (top.startswith(("/*", "//")) and "@license" in top):
        return f"{libs}, its own licence banner at the top"
    return None


def _static_copy(f: FileFacts) -> str | None:
    """A script or style sheet below a web app's `static/` folder, in a folder that holds a
    licence file of its own (it or one above it, below `static/`): a library copied in with
    its licence. django-ckeditor 6.7.4's `static/ckeditor/ckeditor/` (CKEditor 4: 402 plugin
    and language scripts indexed as the app's source); the app's own `static/ckeditor/*.js`
    beside it, with no licence, stays its own. Or one whose opening comment names its licence
    and its release (`_release_banner`)."""
    lower = [d.lower() for d in f.dirs]
    if "static" not in lower:
        return None
    banner = _release_banner(f.text)
    if banner:
        return f"below {'/'.join(f.dirs[:lower.index('static') + 1])}/, {banner}"
    start = len(lower) - lower[::-1].index("static")  # the folder below the last static/
    root = str(f.file.root)
    for end in range(start + 1, len(f.dirs) + 1):
        folder = "/".join(f.dirs[:end])
        names = f.project.names_in(root, folder)
        licence = next((n for n in sorted(names) if T.LICENCE_FILE.match(n)), None)
        if licence is not None:
            return f"{folder}/, beside its own {licence}"
    return None


def _release_banner(text: str) -> str:
    """What the comment a script opens with says of another project's release: its licence
    and its version (tables.BANNER_LICENCE, BANNER_RELEASE), or ""."""
    top = text.lstrip()
    if top.startswith("/*"):
        end = top.find("*/")
        banner = top[: end if end > 0 else T.BANNER_MAX_CHARS]
    elif top.startswith("//"):
        lines = top[: T.BANNER_MAX_CHARS].splitlines()
        banner = "\n".join(line for line in itertools.takewhile(
            lambda line: line.lstrip().startswith("//"), lines))
    else:
        return ""
    banner = banner[: T.BANNER_MAX_CHARS]
    licence, release = T.BANNER_LICENCE.search(banner), T.BANNER_RELEASE.search(banner)
    if licence is None or release is None:
        return ""
    named = " ".join(release.group(0).strip(" \n*/!#").split())
    return f"its opening comment names a release ({named}) and a licence ({licence.group(0)})"


@fact("TypeScript's standard library copied in", "path")
def TYPESCRIPT_LIB(f: FileFacts) -> str | None:
    """A `lib.*.d.ts` opening with `/// <reference no-default-lib="true"/>`: TypeScript's own
    declarations of the language and the browser (`lib.dom.d.ts`, `lib.es5.d.ts`), copied
    into a project that runs the compiler (bokeh 3.9.2's `server/static/lib/`: 99 files, 5,554
    pieces of `interface HTMLElement`). In the typescript package itself they are its own."""
    lower = f.lower_name
    if not (lower.startswith("lib.") and lower.endswith(".d.ts")) \
            or T.TYPESCRIPT_NO_DEFAULT_LIB not in f.text[:4096]:
        return None
    if package_name(f) == "typescript":
        return None
    return "/// <reference no-default-lib=\"true\"/>"


@fact("rendered documentation")
def RENDERED_DOCS(f: FileFacts) -> str | None:
    """An HTML page a documentation or site generator rendered (sniff.rendered_docs)."""
    return f.sniff("rendered_docs") if f.language in ("html", "xhtml") else None


@fact("a golden test's input beside its expected output", "path")
def GOLDEN_INPUT(f: FileFacts) -> str | None:
    """A file in a test folder with its expected output beside it (`X.output`, `X.out`,
    `X.expected`, `X.golden`): the input a golden test feeds the code (Pygments 2.21.0's 671
    `tests/examplefiles/*/X` lexer inputs beside `X.output`: a COBOL program, an Emacs
    `subr.el`, a French Wikipedia article, 943 pieces), data to the project, not its tests."""
    if f.lower_dirs.isdisjoint(T.TEST_DIR_NAMES) or f.lower_dirs & T.DOC_DIRS:
        return None
    names = f.project.names_in(str(f.file.root), "/".join(f.dirs))
    twin = next((f.name + ext for ext in T.GOLDEN_OUTPUT_SUFFIXES if f.name + ext in names),
                None)
    return f"beside its expected output {twin}" if twin else None


@fact("Sphinx's copy of a source beside the HTML it rendered", "path")
def SPHINX_SOURCE_COPY(f: FileFacts) -> str | None:
    """A file in a `_sources/` folder whose parent holds Sphinx's `searchindex.js`: the copy of
    a page's source Sphinx writes beside the HTML (alembic 1.20.1's rendered `docs/`:
    `_sources/changelog.rst`, 634 pieces, the twin of `docs/build/changelog.rst`)."""
    if "_sources" not in f.dirs:
        return None
    i = f.dirs.index("_sources")
    parent = "/".join(f.dirs[:i])
    names = f.project.names_in(str(f.file.root), parent)
    return f"{parent or '.'}/searchindex.js beside it" if "searchindex.js" in names else None


@fact("the same module in another module format's folder", "path")
def MODULE_FORMAT_COPY(f: FileFacts) -> str | None:
    """A module in a module format's folder (`amd/`, `cjs/`, `es/` ...) whose module lies at
    the same path in a source folder beside that folder (`modules/`, `src/`): the path of
    that module, which is read instead (tables.MODULE_FORMAT_DIRS)."""
    lower = f.lower_name
    if not lower.endswith(T.MODULE_COPY_EXTENSIONS):
        return None
    if lower.endswith(T.DECLARATION_FORMATS):
        return _mirrored(f)
    stem = f.name.rsplit(".", 1)[0]
    root = str(f.file.root)
    for i, folder in enumerate(f.dirs):
        if folder.lower() not in T.MODULE_FORMAT_DIRS:
            continue
        for source in T.MODULE_SOURCE_DIRS:
            beside = "/".join((*f.dirs[:i], source, *f.dirs[i + 1:]))
            names = f.project.names_in(root, beside)
            twin = next((stem + ext for ext in T.MODULE_COPY_EXTENSIONS if stem + ext in names),
                        None)
            if twin is not None:
                return f"{beside}/{twin}"
    return _mirrored(f) or _legacy_copy(f)


def _legacy_copy(f: FileFacts) -> str | None:
    """A module in a `legacy/` folder right below a package's manifest that is its build of
    the module at the same path without `legacy/`, for older browsers: as big or bigger (Babel's
    ES5 output), a bundle's size (pdfjs-dist 5.6.205's `legacy/web/pdf_viewer.mjs`,
    `legacy/image_decoders/`: 1,519 pieces repeating `web/`, `image_decoders/`). The path of
    the module kept, or None; a project's own older code in a `legacy/` folder lies elsewhere
    or differs in name."""
    lower = [d.lower() for d in f.dirs]
    if T.LEGACY_BUILD_DIR not in lower or f.file.size < T.BUNDLE_MIN_BYTES:
        return None
    at = lower.index(T.LEGACY_BUILD_DIR)
    root = str(f.file.root)
    if "package.json" not in f.project.names_in(root, "/".join(f.dirs[:at])):
        return None
    kept = posixpath.join(*f.dirs[:at], *f.dirs[at + 1:], f.name)
    try:
        modern = os.path.getsize(os.path.join(root, kept))
    except OSError:
        return None
    return kept if modern <= f.file.size else None


def _mirrored(f: FileFacts) -> str | None:
    """A module a dual build wrote into two mirror folders (tables.MODULE_MIRROR_DIRS): the
    CommonJS copy `cjs/x.cjs` of `lib/x.js` (css-tree 3.2.1: 134 modules), or a declaration
    `lib/x.d.ts` with the same bytes as `es/x.d.ts` (element-plus 2.14.9: 866, 5,950 pieces;
    typeorm 1.1.4's `browser/x.d.ts` beside its `x.d.ts`: 478, 2,780);
    the path of the one kept, or None. A `.js` in `cjs/` beside a `.js` in `lib/` is no
    evidence: the two may be a package's own two trees; unless it carries a compiler's
    CommonJS mark (antd 6.6.8's `lib/button/Button.js`, Babel's CommonJS build of
    `es/button/Button.js`: 992 modules, 5,510 pieces again)."""
    root = str(f.file.root)
    declaration = f.lower_name.endswith(T.DECLARATION_FORMATS)
    for i, folder in enumerate(f.dirs):
        for mirror in T.MODULE_MIRROR_DIRS.get(folder.lower(), ()):
            beside = "/".join((*f.dirs[:i], *((mirror,) if mirror else ()), *f.dirs[i + 1:]))
            names = f.project.names_in(root, beside)
            if not names:
                continue
            if folder.lower() in T.MIRROR_SAME_CODE_DIRS:
                if not declaration and f.name in names and _same_code_as(
                        f, posixpath.join(root, beside, f.name)):
                    return f"{beside}/{f.name}"  # the module beside in another syntax
                continue
            if not declaration:
                kept = kept_in_place(f.name, names)
                if kept is None and f.name in names and T.COMMONJS_BUILD_MARK.search(f.text):
                    kept = f.name  # a compiler's CommonJS output of the module beside
                if kept is not None:
                    return f"{beside}/{kept}"
            elif f.name in names and _same_bytes(f, posixpath.join(root, beside, f.name)):
                return f"{beside}/{f.name}"
    return None


def _same_code_as(f: FileFacts, other: str) -> bool:
    return same_code(f.text, head_of(other, f.limits.head_bytes)) >= T.VARIANT_SAME_CODE


@fact("the same module compiled down beside its source", "path")
def DOWNLEVEL_COPY(f: FileFacts) -> str | None:
    """A module of a package whose source lies at the same path in the package's `src/`, that
    Babel compiled down to ES5 (tables.BABEL_NAMED_FUNCTION in it, none in the source, which
    uses `let`, `const`, `=>` more): gsap 3.15.0's root `Flip.js` of `src/Flip.js`. Or the same
    bytes (gsap's `SplitText.js`), or the same words (`all.js`). The source's path, or None."""
    if f.language != "javascript" or not f.lower_name.endswith(".js"):
        return None
    package = f.nearest_dir_with(("package.json",))
    if package is None or T.DOWNLEVEL_SOURCE_DIR in f.dirs:
        return None
    root = str(f.file.root)
    rel = "/".join(f.dirs)[len(package):].strip("/")
    source = posixpath.join(*(p for p in (package, T.DOWNLEVEL_SOURCE_DIR, rel) if p), f.name)
    try:
        size = os.path.getsize(os.path.join(root, source))
    except OSError:
        return None
    if size == f.file.size and _same_bytes(f, os.path.join(root, source)):
        return source
    if f.file.size < size * T.DOWNLEVEL_SIZE_RATIO:
        return None
    if _same_words(f, os.path.join(root, source), size):
        return source
    if not T.BABEL_NAMED_FUNCTION.search(f.text):
        return None
    text = head_of(os.path.join(root, source), f.limits.head_bytes)
    if T.BABEL_NAMED_FUNCTION.search(text):
        return None
    modern = len(T.MODERN_SYNTAX.findall(text))
    return source if modern > len(T.MODERN_SYNTAX.findall(f.text)) else None


def _same_words(f: FileFacts, path: str, size: int) -> bool:
    """The copy and its source, both read whole, hold the same words once comments and the
    declaration keywords Babel rewrites (`const` -> `var`) are set aside: gsap 3.15.0's root
    `all.js` and `index.js`, re-export lists with no function for Babel to name, laid out
    anew. A shim that imports its source names it, a word the source lacks."""
    head = f.limits.head_bytes
    if f.file.size > head or size > head:
        return False

    def words(text: str) -> collections.Counter[str]:
        code = T.JS_COMMENT.sub(" ", text)
        return collections.Counter(w for w in T.JS_WORD.findall(code)
                                   if w not in T.DOWNLEVEL_REWRITTEN_WORDS)

    mine = words(f.text)
    return bool(mine) and mine == words(head_of(path, head))


def _same_bytes(f: FileFacts, other: str) -> bool:
    try:
        if os.path.getsize(other) != f.file.size or f.file.size > T.MIRROR_COMPARE_BYTES:
            return False
        with open(other, "rb") as fh:
            return fh.read() == f.whole
    except OSError:
        return False


@fact("pip-compile source beside its output", "path")
def PIP_COMPILE_SOURCE(f: FileFacts) -> str | None:
    """`X.in` beside `X.txt`: what `pip-compile X.in` writes (the rule also reads the content:
    autoconf's Makefile.in or config.h.in never reads as requirements)."""
    if f.ext != ".in" or f.template_base:
        return None
    compiled = f.name[:-3] + ".txt"
    names = f.project.names_in(str(f.file.root), "/".join(f.dirs))
    return f"beside {compiled}" if compiled in names else None


@fact("a build's entry-point stub package.json", "path")
def PACKAGE_ENTRY_STUB(f: FileFacts) -> str | None:
    """A `package.json` in a package's subfolder that names no dependency, script or version
    and whose entry points all lie outside its folder (`"main": "../cjs/Accordion.js"`): a
    build's stub that lets `import "pkg/Accordion"` resolve (react-bootstrap 2.10.10: 146 of
    them), no manifest of dependencies. The entry points, or None."""
    if f.name != "package.json" or not f.dirs or f.file.size > T.ENTRY_STUB_MAX_BYTES:
        return None
    try:
        data = json.loads(f.text)
    except ValueError:
        return None
    if not isinstance(data, dict) or not data.keys().isdisjoint(T.MANIFEST_KNOWLEDGE_KEYS):
        return None
    entries = [v for k in T.ENTRY_POINT_KEYS if isinstance(v := data.get(k), str)]
    if not entries or not all(e.startswith("../") for e in entries):
        return None
    return ", ".join(entries)


@fact("icon data: SVG path strings")
def SVG_PATH_DATA(f: FileFacts) -> str | None:
    """A big JSON file whose head is mostly SVG path strings (`"d": "M17 3.34a10 10 0 1 1 ..."`):
    an icon set's shapes as a build wrote them (tabler-icons 3.54.0's `tabler-nodes-filled.json`,
    1,572 pieces of path data), not configuration. The share of the head, or None."""
    if f.language not in T.SVG_PATH_DATA_LANGUAGES or f.file.size < T.ONE_LINE_DATA_BYTES:
        return None
    text = f.text
    paths = sum(len(m.group()) for m in T.SVG_PATH_STRING.finditer(text))
    share = paths / max(len(text), 1)
    return f"{share:.0%} of its head" if share >= T.SVG_PATH_DATA_SHARE else None


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
