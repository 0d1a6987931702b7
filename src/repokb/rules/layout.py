"""Computed facts of where a file lies: test code by each language's layout, test data in a
test folder, an example folder, Android resources, a Helm chart, a project's own requirements
folder. Each returns the evidence recorded as the signal value, or None (rules/checks.py has the
facts of size, content and secrets; rules/generated.py those of generated files and copies).
"""

from __future__ import annotations

import ast
import os

from repokb.rules import tables as T
from repokb.rules.engine import CaseName, Fact, fact
from repokb.rules.facts import FileFacts, head_of
from repokb.rules.paths import rooted_folder

_TEST_NAME = CaseName(T.TEST_NAME_GLOBS)


def layout_dirs(f: FileFacts) -> tuple[str, ...]:
    """The folders on the path that say something about the file's role: all of them, except
    a JVM package name below a source set's language folder (`src/main/java/com/example/app/`
    keeps `src/main/java`; `com/example` is Android Studio's default package, not examples)."""
    dirs = f.dirs
    for k in range(len(dirs) - 2):
        if dirs[k] == "src" and dirs[k + 2] in T.JVM_SOURCE_ROOTS:
            return dirs[: k + 3]
    return dirs


def _android_resource(f: FileFacts) -> tuple[str, str] | None:
    """(type, folder) of an XML file in an Android resource folder: `res/drawable-hdpi/` ->
    ("drawable", "drawable-hdpi"); also below a `res/` that has sub-folders of its own
    (react-native's `res/devsupport/drawable/`)."""
    if f.language != "xml" or len(f.dirs) < 2 or "res" not in f.dirs[:-1]:
        return None
    folder = f.dirs[-1]
    return folder.split("-", 1)[0], folder


@fact("Android picture resource", "dir")
def ANDROID_PICTURE(f: FileFacts) -> str | None:
    found = _android_resource(f)
    return (f"res/.../{found[1]}/" if found and found[0] in T.ANDROID_PICTURE_TYPES
            else None)


@fact("Android translation", "dir")
def ANDROID_TRANSLATION(f: FileFacts) -> str | None:
    found = _android_resource(f)
    return (f"res/.../{found[1]}/" if found and T.ANDROID_TRANSLATION.fullmatch(found[1])
            else None)


def _language_of(name: str, known: bool = True) -> tuple[str, str] | None:
    """The language code a JSON file or a script is named by and its extension (`pt-BR.json`,
    `de-DE.d.ts` -> ("pt", ".json"), ("de", ".d.ts")); with `known`, only a code of
    tables.LANGUAGE_CODES, alone or with a region or script (`ku-kmr.js`, `is-array.js` are
    counted as no language's: moment's `src/lib/utils/` holds ten `is-*.js`)."""
    m = (T.LOCALE_FILE_PLAIN if known else T.LOCALE_FILE).fullmatch(name.lower())
    if m is None or (known and m.group(1) not in T.LANGUAGE_CODES):
        return None
    return m.group(1), m.group(2)


@fact("one language's strings among a folder of translations", "dir")
def LOCALE_TRANSLATION(f: FileFacts) -> str | None:
    """A JSON file (or a script: tables.LOCALE_FILE) named by a language code in a folder of
    such files of its extension in at least `LOCALE_SIBLINGS_MIN` languages: one language's
    strings of a translated package, data as a gettext catalog is; English's (`en.json`) holds
    the text the others translate and is kept (`en-GB.json` beside it is a translation too).
    Languages, not files: a translation set has a file per language, and names that only look
    like tags (eslint 9's 96 rules `lib/rules/no-unused-vars.js`, `no-console.js`, ... read as
    Norwegian `no` with subtags, and 3 `id-*.js` as Indonesian) are two languages, not 99
    translations (they were left out of the index as data: rank42)."""
    found = _language_of(f.name, known=False)  # CLDR's `hsb`, `be-tarask` too, ...
    if found is None:
        return None
    language, ext = found
    here = "/".join(f.dirs)
    names = f.project.names_in(str(f.file.root), here)
    source = T.LOCALE_SOURCE_LANGUAGE + ext
    counts = f.project.locale_files
    if language == T.LOCALE_SOURCE_LANGUAGE and (f.lower_name == source or (
            source not in names and _stands_in(f, here, ext, names))):
        return None  # English's, or its regional variant standing in for it (`en-GB.json`)
    key = f"{here}/*{ext}"
    languages, regional = f"{key} languages", f"{key} regional"
    if key not in counts:  # ... in a folder of languages tables.LANGUAGE_CODES knows
        codes = [other[0] for name in names
                 if (other := _language_of(name)) is not None and other[1] == ext]
        counts[key], counts[languages] = len(codes), len(set(codes))
        counts[regional] = sum(  # ... or of regions (`fr-CA.json`): T.LOCALE_FILE_REGIONAL
            1 for name in names if (m := T.LOCALE_FILE_REGIONAL.fullmatch(name)) is not None
            and m.group(2) == ext and m.group(1) in T.LANGUAGE_CODES)
    if counts[languages] >= T.LOCALE_SIBLINGS_MIN or (
            counts[regional] >= T.LOCALE_SIBLINGS_MIN
            and counts[languages] >= T.LOCALE_REGIONAL_LANGUAGES_MIN):
        return f"{here or '.'}/ holds {counts[key]} translations in {counts[languages]} languages"
    return None


def _stands_in(f: FileFacts, here: str, ext: str, names: frozenset[str]) -> bool:
    """Whether this English variant stands in for a missing `en` file: it is the folder's only
    one, or `en-US` among several. Several others (moment's `locale/en-gb.js`, `en-au.js` ...
    eight in all; its English is in moment.js itself) each adapt that English to a region: they
    are translations too."""
    key = f"{here}/en-*{ext}"
    if key not in f.project.locale_files:
        f.project.locale_files[key] = sum(
            1 for name in names if (found := _language_of(name)) is not None
            and found == (T.LOCALE_SOURCE_LANGUAGE, ext))
    return (f.project.locale_files[key] < 2
            or f.lower_name in (f"en-us{ext}", f"en_us{ext}"))


def _language_folders(f: FileFacts) -> tuple[str, int]:
    """The folder above the file's language folder, and how many language folders it holds
    (counted once a project)."""
    parent = "/".join(f.dirs[:-1])
    counts = f.project.locale_files
    key = f"{parent}/*/"
    if key not in counts:
        counts[key] = sum(1 for name in f.project.names_in(str(f.file.root), parent)
                          if _locale_folder(name))
    return parent, counts[key]


@fact("one language's settings in a folder named by it, among a folder of languages", "dir")
def LOCALE_DATA_FOLDER(f: FileFacts) -> str | None:
    """An INI file whose name ends with the language code its folder is named by, among
    `LOCALE_SIBLINGS_MIN` such folders: one language's data (babel's
    `tex/generic/babel/locale/de/babel-de.ini`, CLDR's captions, month and day names for 286
    languages: 3,649 pieces as INI configuration). English's is kept, as `en.json` is."""
    if f.language != "ini" or len(f.dirs) < 2 or not _locale_folder(f.dirs[-1]):
        return None
    code = f.dirs[-1].lower()
    if code == T.LOCALE_SOURCE_LANGUAGE or not os.path.splitext(f.lower_name)[0].endswith(code):
        return None
    parent, languages = _language_folders(f)
    return f"{parent}/ holds {languages} languages' folders" \
        if languages >= T.LOCALE_SIBLINGS_MIN else None


@fact("one language's word lists written as Python, among a folder of languages", "dir")
def LOCALE_WORD_LIST(f: FileFacts) -> str | None:
    """A Python module in a folder named by a language code (`de_DE/`, `fil_PH/`, `en/`) among
    `LOCALE_SIBLINGS_MIN` such folders, holding `LOCALE_WORD_LIST_MIN_STRINGS` words or more,
    its functions (if any) under `LOCALE_WORD_LIST_CODE_SHARE` of its lines: one locale's word
    lists (faker 40.63.0's `providers/<kind>/<locale>/__init__.py`: `first_names_male =
    ("Abbas", ...)`; `address/it_IT/`: 17,659 lines, 34 in 7 small methods; the API in
    `providers/<kind>/__init__.py` above). A locale's module with more code (faker's `ssn`
    checksums) or few words (Django's `conf/locale/nl/formats.py`: 139 strings, formats such
    as `"%d-%m-%Y"`) stays code."""
    if len(f.dirs) < 2 or not _locale_folder(f.dirs[-1]) or f.language != "python":
        return None
    whole = f.whole
    if whole is None:
        return None
    text = whole.decode("utf-8", "replace")
    strings = len(T.WORD_STRING.findall(text))
    if strings < T.LOCALE_WORD_LIST_MIN_STRINGS:
        return None
    share = _function_share(text) if T.PYTHON_FUNCTION.search(text) else 0.0
    if share is None or share >= T.LOCALE_WORD_LIST_CODE_SHARE:
        return None
    parent, languages = _language_folders(f)
    if languages < T.LOCALE_SIBLINGS_MIN:
        return None
    code = f"functions {share:.0%} of its lines" if share else "no function"
    return f"{parent}/ holds {languages} languages' folders; {strings} words, {code}"


def _function_share(text: str) -> float | None:
    """The share of a module's lines inside its functions (nested ones counted again), or None
    when it does not parse."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return None
    inside = sum(n.end_lineno - n.lineno + 1 for n in ast.walk(tree)
                 if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.end_lineno)
    return inside / max(text.count("\n"), 1)


def _locale_folder(name: str) -> bool:
    m = T.LOCALE_FOLDER.fullmatch(name.lower())
    return m is not None and m.group(1) in T.LANGUAGE_CODES


@fact("one icon of an icon set written as a module", "dir")
def ICON_MODULE(f: FileFacts) -> str | None:
    """A small JavaScript or TypeScript module drawing an SVG path, among 50+ modules of its
    extension in its folder: one icon of an icon set (tables.ICON_MODULE_*); or the
    declarations (`X.d.ts`) of such a module beside them. The folder's count, or None."""
    lower = f.lower_name
    declaration = lower.endswith(T.DECLARATION_FORMATS)
    ext = next((e for e in T.ICON_MODULE_EXTENSIONS if lower.endswith(e)), None)
    if ext is None or f.file.size > T.ICON_MODULE_MAX_BYTES or not f.dirs:
        return None
    root, here = str(f.file.root), "/".join(f.dirs)
    names = f.project.names_in(root, here)
    if declaration:
        module = f.name[: -len(".d.ts")] + ".js" if lower.endswith(".d.ts") else None
        if module is None or module not in names:
            return None
        text, ext = head_of(os.path.join(root, here, module), T.ICON_MODULE_MAX_BYTES + 1), ".js"
    else:
        text = f.text
    if (len(text) > T.ICON_MODULE_MAX_BYTES or T.SVG_PATH_STRING.search(text) is None
            or T.ICON_SVG_ELEMENT.search(text) is None):
        return None
    counts = f.project.locale_files
    key = f"{here}/*{ext} icons"
    if key not in counts:
        counts[key] = sum(1 for n in names if n.lower().endswith(ext)
                          and not n.lower().endswith(T.DECLARATION_FORMATS))
    return f"{here}/ holds {counts[key]} such modules" \
        if counts[key] >= T.ICON_MODULE_SIBLINGS_MIN else None


@fact("a copy of the standard library's tests for one Python version", "dir")
def STDLIB_TEST_COPY(f: FileFacts) -> str | None:
    """A file below a folder named by a Python version (`3.12/`) that holds a `version` file
    and tests (`test_*.py`): that release's standard library tests, copied in to run against
    the project (gevent 26.9.0's `src/greentest/3.10/` ... `3.15/`: 1,050 files, 15,600 of its
    19,895 pieces, CPython's tests six times over)."""
    root = str(f.file.root)
    for i, folder in enumerate(f.dirs):
        if not T.PYTHON_VERSION_DIR.fullmatch(folder):
            continue
        here = "/".join(f.dirs[: i + 1])
        names = f.project.names_in(root, here)
        if T.STDLIB_TEST_VERSION_FILE in names and any(
                n.startswith("test_") and n.endswith(".py") for n in names):
            return f"{here}/"
    return None


@fact("a copied project's folder, its own licence beside it", "dir")
def COPIED_PROJECT(f: FileFacts) -> str | None:
    """Code whose opening copyright names a folder on its path as its authors (`Copyright (c)
    The mldsa-native project authors`), that folder below the project's root holding its own
    licence: another project copied in whole under its name (pycryptodome 4.5.0's
    `src/mldsa-native/`, `src/mlkem-native/`: 68 files, 1,529 pieces of two C libraries the
    package builds on; onnx's "ONNX Project Contributors" beside no licence of `onnx/` is its
    own)."""
    if not f.is_code or len(f.dirs) < 1:
        return None
    root = str(f.file.root)
    for holder in T.COPYRIGHT_HOLDER.finditer(f.text[: T.BANNER_MAX_CHARS]):  # each line's
        named = holder.group(1).lower()
        for end in range(len(f.dirs), 0, -1):
            if f.dirs[end - 1].lower() != named:
                continue
            folder = "/".join(f.dirs[:end])
            licence = next((n for n in sorted(f.project.names_in(root, folder))
                            if T.LICENCE_FILE.match(n)), None)
            if licence is not None:
                return (f"{folder}/, beside its own {licence}: "
                        f"{' '.join(holder.group(0).split())}")
    return None


@fact("example directory", "dir")
def EXAMPLE_DIR(f: FileFacts) -> str | None:
    """An `examples/` (`example/`, `samples/`) folder, not a package of that name."""
    return next((d + "/" for d in layout_dirs(f) if d.lower() in T.EXAMPLE_DIRS), None)


def test_layout(f: FileFacts) -> str | None:
    """Test code by the conventions of Python, JS/TS, Go, Java/Kotlin, Rust, Ruby, C#, PHP.

    A Python or JVM package's own `test`/`testing` subpackage (django/test/client.py,
    numpy/testing/, a `hatch test` command in hatch/cli/test/, spring-test's
    src/main/java/org/springframework/test/) is the testing tool the package ships, not its
    tests: a module there counts as a test only by its name (test_*.py, conftest.py)."""
    if not f.is_code or f.language in T.PAGE_TEMPLATE_LANGUAGES:  # a page: TEST_DATA's
        return None
    named = _TEST_NAME.check(f)
    if named:
        return named
    if f.language == "vim" and "t" in f.dirs:  # a Vim plugin's `t/` (vim-themis', Vader's)
        return "t/"
    package_at = len(layout_dirs(f))  # a JVM package's `test`/`testing` is the same
    for depth, d in enumerate(f.dirs):
        if d not in T.TEST_DIR_NAMES:
            continue
        if (f.language == "python" and d in T.PACKAGE_TESTING_DIRS and depth > 0
                and f.dirs[depth - 1] != "src"):
            continue
        if depth >= package_at and d in T.PACKAGE_TESTING_DIRS:
            continue
        return d + "/"
    return None


TEST_LAYOUT = Fact("test layout", test_layout, "path")

@fact("test data in a test directory", "path")
def TEST_DATA(f: FileFacts) -> str | None:
    if f.language not in T.FIXTURE_LANGUAGES and f.language is not None:
        return None
    if f.lower_dirs & T.DOC_DIRS:  # docs/topics/testing/*.txt is documentation about tests
        return None
    return next((d + "/" for d in f.dirs if d in T.TEST_DIR_NAMES), None)


@fact("Helm chart", "path")
def IN_HELM_CHART(f: FileFacts) -> str | None:
    chart = f.nearest_dir_with(("Chart.yaml",))
    return None if chart is None else f"chart {chart or '.'}/Chart.yaml"


@fact("requirements below a requirements folder", "path")
def OWN_REQUIREMENTS(f: FileFacts) -> str | None:
    """A pip requirements file (`.txt`/`.in` that reads as requirements) whose every vendor-
    named folder lies below a `requirements/` folder: celery's `requirements/deps/mock.txt`
    (`-r deps/mock.txt` in its docs.txt) groups the project's own lists, not vendored code."""
    if f.ext not in (".txt", ".in", ""):
        return None
    lower = [d.lower() for d in f.dirs]
    top = next((i for i, d in enumerate(lower) if d in T.PIP_REQUIREMENTS_DIRS), None)
    if top is None or any(d in _VENDOR_DIRS for d in lower[:top]):
        return None
    found = f.sniff("requirements")
    return f"{f.dirs[top]}/ ({found})" if found else None


_VENDOR_DIRS = frozenset(d.lower() for d in T.VENDOR_DIRS)


@fact("a service's settings folder", "path")
def SERVICE_DEFAULTS_DIR(f: FileFacts) -> str | None:
    """A file in `etc/default/` or `etc/sysconfig/` (Debian's and Red Hat's settings their init
    scripts and units source), also where `/etc` itself is the project (`default/nginx`)."""
    where = rooted_folder(f.file, 2)
    return f"{where}/" if f.dirs and where in T.SERVICE_DEFAULTS_DIRS else None


@fact("one data set again per release", "path")
def RELEASE_SNAPSHOT(f: FileFacts) -> str | None:
    """A JSON or YAML data file named by a release (`2019a`, `v1.2`, or `latest` among them)
    in a folder of RELEASE_SNAPSHOT_MIN such files: the same data set once per release
    (moment-timezone's `data/packed/2014a.json` ... `2023c.json`, `latest.json`: 48 tz database
    releases of 100-180 KB, about 2,500 pieces each). A JSON Schema per version is no data."""
    if f.language not in ("json", "yaml") or f.file.size < T.RELEASE_SNAPSHOT_MIN_BYTES:
        return None
    stem, ext = os.path.splitext(f.lower_name)
    if stem != "latest" and not T.RELEASE_NAME.fullmatch(stem) or '"$schema"' in f.text[:2048]:
        return None
    folder = "/".join(f.dirs)
    count = sum(1 for n in f.project.names_in(str(f.file.root), folder)
                if n.lower().endswith(ext) and T.RELEASE_NAME.fullmatch(n[: -len(ext)].lower()))
    return f"{count} releases in {folder or '.'}/" if count >= T.RELEASE_SNAPSHOT_MIN else None


@fact("a script of a rendered documentation site", "path")
def SITE_SCRIPT(f: FileFacts) -> str | None:
    """A script in a site a documentation generator wrote, known by the file it writes at the
    site's root (tables.RENDERED_SITE_MARKERS): Doxygen's search index (opencv-doc's 128
    `html/search/classes_e.js`: `var searchData=[...]`) and page code (`menu.js`,
    `dynsections.js`), javadoc's `search.js` and `script.js`, Sphinx's `_static/*.js`."""
    if f.language != "javascript":
        return None
    site = f.nearest_dir_with(T.RENDERED_SITE_MARKERS)
    if site is None:
        return None
    names = f.project.names_in(str(f.file.root), site)
    return next(f"{site or '.'}/{m}" for m in T.RENDERED_SITE_MARKERS if m in names)
