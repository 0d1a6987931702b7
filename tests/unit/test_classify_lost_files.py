"""Good files lost or misread on real packages a user would index (session 31): each case as
the real package holds it, and the near cases that must stay as they were.
"""

from __future__ import annotations

from repokb.models import Kind, Policy

from ..conftest import cases, classify_file

# -- extension-less JSON: jsonschema-specifications 2025.9.1's meta-schema vocabularies -------
VOCABULARY = ('{\n    "$schema": "https://json-schema.org/draft/2020-12/schema",\n'
              '    "$id": "https://json-schema.org/draft/2020-12/meta/core",\n'
              '    "$dynamicAnchor": "meta",\n    "title": "Core vocabulary meta-schema",\n'
              '    "type": ["object", "boolean"],\n'
              '    "properties": {\n        "$id": {"type": "string"}\n    }\n}\n')


@cases(("rel", "text", "kind"), [
    ("schemas/draft202012/vocabularies/core", VOCABULARY, Kind.CONTRACT),
    ("schemas/draft201909/vocabularies/meta-data", VOCABULARY, Kind.CONTRACT),
    ("conf/settings", '{"debug": true, "name": "x"}\n', Kind.CONFIGURATION),
], named_by=0)
def test_an_extensionless_json_object_is_json(tmp_path, rel, text, kind):
    """The vocabularies (`core`, `applicator` ...) were "unknown format" and lost: a file with
    no extension whose text opens a JSON object is JSON, judged as a `.json` file is."""
    c = classify_file(tmp_path, rel, text)
    assert c.language == "json", c.reasons
    assert c.index_policy in (Policy.PARSE_AND_INDEX, Policy.INDEX_TEXT), c.reasons
    assert c.kind is kind, c.reasons


@cases(("rel", "text"), [
    ("scripts/setup", "{ echo a; echo b; } > out\n"),  # a shell group
    ("notes/braces", "{a,b,c} expands in bash\n"),
    ("tools/conf", "{ key: 1 }\n"),  # JavaScript's object, not JSON
    ("docs/TODO", 'Write {"a": 1} into the file.\n'),
])
def test_text_with_braces_is_not_json(tmp_path, rel, text):
    c = classify_file(tmp_path, rel, text)
    assert c.language != "json", c.reasons


# -- pkg-config: `libfoo.pc` (Linguist's `.pc`, shared with Pro*C) and `.pc.in` templates -----
PC = ("prefix=/usr/local\nexec_prefix=${prefix}\nlibdir=${exec_prefix}/lib\n"
      "includedir=${prefix}/include\n\nName: libfoo\nDescription: The foo library\n"
      "Version: 1.2.3\nRequires: glib-2.0 >= 2.50\nLibs: -L${libdir} -lfoo\n"
      "Cflags: -I${includedir}/foo\n")
PC_IN = PC.replace("/usr/local", "@prefix@").replace("1.2.3", "@VERSION@")


@cases(("rel", "text"), [
    ("libfoo.pc", PC),  # lxml's, libxml2's, zlib's build files
    ("build/pkgconfig/libfoo.pc", PC),
    ("libfoo.pc.in", PC_IN),  # the template configure/meson fills in
    ("libxslt.pc.in", PC_IN),
])
def test_pkg_config_files_are_build_configuration(tmp_path, rel, text):
    """They were "unknown format" and left out: Linguist's pkg-config, build configuration
    (`.pc` by its keywords, since Pro*C shares the extension; `.pc.in` by Linguist's own
    two-part extension)."""
    c = classify_file(tmp_path, rel, text)
    assert (c.kind, c.language, c.index_policy) == (
        Kind.CONFIGURATION, "pkg_config", Policy.INDEX_TEXT), c.reasons


def test_a_pro_c_pc_file_is_not_pkg_config(tmp_path):
    c = classify_file(tmp_path, "src/orders.pc",
                      "#include <stdio.h>\nint main() {\n  EXEC SQL CONNECT :user;\n}\n")
    assert c.language == "pro_c", c.reasons
    assert classify_file(tmp_path, "notes.pc", "just words\n").language != "pkg_config"


# -- webpack's extracted license comments ------------------------------------------------------
NOTICES = ("/*!\n * react-dom.production.min.js\n *\n * Copyright (c) Facebook, Inc. and its "
           "affiliates.\n *\n * This source code is licensed under the MIT license found in the\n"
           " * LICENSE file in the root directory of this source tree.\n */\n")


@cases(("rel",), [("labextension/static/568.a1b2c3.js.LICENSE.txt",),
                  ("static/main.js.LICENSE",), ("dist2/app.mjs.LICENSE.txt",)])
def test_a_bundles_extracted_license_comments_are_generated(tmp_path, rel):
    """webpack's terser plugin writes the bundled packages' license comments beside the bundle
    (`[file].LICENSE.txt`): they were indexed as the project's documentation, answering a
    question about its license with React's."""
    c = classify_file(tmp_path, rel, NOTICES)
    assert (c.kind, c.subkind, c.index_policy) == (
        Kind.GENERATED, "extracted_licenses", Policy.METADATA_ONLY), c.reasons


@cases(("rel",), [("LICENSE.txt",), ("docs/LICENSE",), ("licenses/react.LICENSE.txt",)])
def test_the_projects_own_license_stays_documentation(tmp_path, rel):
    c = classify_file(tmp_path, rel, "MIT License\n\nCopyright (c) 2024 The authors\n")
    assert c.kind is Kind.DOCUMENTATION, c.reasons


# -- Babel's output beside its Flow source: metro 0.81.0's src/Server.js and Server.js.flow ----
FLOW_SOURCE = ("/**\n * Copyright (c) Meta Platforms, Inc. and affiliates.\n *\n"
               " * @flow strict-local\n */\n\n'use strict';\n\n"
               "import type {Options} from './types';\n\n"
               "const {getAsset} = require('./Assets');\n\n"
               "function serve(options: Options): void {\n  getAsset(options.path);\n}\n\n"
               "module.exports = serve;\n")
BABEL_OUTPUT = ('"use strict";\n\nconst { getAsset } = require("./Assets");\n'
                "function serve(options) {\n  getAsset(options.path);\n}\n"
                "module.exports = serve;\n")
# React Native 0.76.0's Libraries/Blob/URLSearchParams.js (Flow source) and its .js.flow
RN_SOURCE = ("/**\n * @format\n * @flow\n */\n\nexport class URLSearchParams {\n"
             "  _searchParams: Array<Array<string>> = [];\n  append(key: string, value: string): "
             "void {\n    this._searchParams.push([key, value]);\n  }\n}\n")
RN_DECLARATIONS = ("/**\n * @format\n * @flow\n */\n\ndeclare export class URLSearchParams {\n"
                   "  append(key: string, value: string): void;\n}\n")
UNTYPED = "function add(a, b) {\n  return a + b;\n}\nmodule.exports = add;\n"
ADD_DECLARATIONS = ("// @flow\ndeclare module.exports: (a: number, b: number) => number;\n")


def test_babels_output_beside_its_flow_source_is_a_build_artifact(tmp_path):
    """metro ships 144 modules twice; both were indexed as source, every answer twice."""
    from ..conftest import write

    write(tmp_path, "src/Server.js.flow", FLOW_SOURCE)
    c = classify_file(tmp_path, "src/Server.js", BABEL_OUTPUT)
    assert (c.kind, c.subkind, c.index_policy) == (
        Kind.BUILD_ARTIFACT, "compiled_flow", Policy.EXCLUDE), c.reasons
    assert "src/Server.js.flow" in c.reasons[0]
    source = classify_file(tmp_path, "src/Server.js.flow", FLOW_SOURCE)
    assert source.kind is Kind.SOURCE, source.reasons


@cases(("name", "js", "flow"), [
    ("URLSearchParams", RN_SOURCE, RN_DECLARATIONS),  # the .js is the Flow source
    ("add", UNTYPED, ADD_DECLARATIONS),  # an untyped module and its declarations
    ("alone", BABEL_OUTPUT, "no pragma here\n" + FLOW_SOURCE.replace("@flow", "")),
])
def test_a_js_file_its_flow_twin_only_types_stays_source(tmp_path, name, js, flow):
    from ..conftest import write

    write(tmp_path, f"lib/{name}.js.flow", flow)
    c = classify_file(tmp_path, f"lib/{name}.js", js)
    assert c.kind is Kind.SOURCE, c.reasons


# -- debhelper's debian/<package>.bash-completion: a list of files, not a script ---------------
@cases(("rel", "kind"), [("pkg/debian/foo.bash-completion", Kind.CONFIGURATION),
                         ("debian/foo.bash-completion", Kind.VENDOR)])  # Linguist's ^debian/
def test_a_debhelper_completion_list_is_not_shell(tmp_path, rel, kind):
    """`extras/foo-completion.bash foo` lines were read as shell (the `*bash-completion*` name
    glob), and in a package's nested debian/ indexed as shell source."""
    c = classify_file(tmp_path, rel, "extras/foo-completion.bash foo\n")
    assert (c.kind, c.language) == (kind, "text"), c.reasons
    assert c.index_policy in (Policy.METADATA_ONLY, Policy.EXCLUDE), c.reasons


def test_a_completion_script_outside_debian_stays_shell(tmp_path):
    c = classify_file(tmp_path, "extras/tool.bash-completion", "complete -F _tool tool\n")
    assert (c.kind, c.language) == (Kind.SOURCE, "shell"), c.reasons


# -- falcon 4.4.0's extension-less requirement lists: requirements/tests, requirements/docs ----
@cases(("rel",), [("requirements/tests",), ("requirements/docs",),
                  ("examples/look/requirements/look",)])
def test_an_extensionless_list_in_a_requirements_folder_is_pip_requirements(tmp_path, rel):
    """falcon's 11 lists (`pip install -r requirements/tests`) were "unknown format", lost."""
    c = classify_file(tmp_path, rel, "coverage >= 4.1\npytest >= 7.0\npyyaml\nrequests\n")
    assert (c.kind, c.subkind, c.index_policy) == (
        Kind.DEPENDENCY_MANIFEST, "pip_requirements", Policy.INDEX_TEXT), c.reasons


def test_prose_in_a_requirements_folder_is_not_a_requirements_list(tmp_path):
    c = classify_file(tmp_path, "requirements/NOTES", "Pinned for CI, see issue 12.\n")
    assert c.subkind != "pip_requirements", c.reasons


# -- Linguist's `.indent.pro`: GNU indent's settings, not every name holding "-indent-pro" -----
def test_a_rule_named_indent_props_is_not_vendored(tmp_path):
    """eslint-plugin-react 7.37.5's own rule `lib/rules/jsx-indent-props.js` (and its .d.ts)
    was vendored: the unescaped `.indent.pro` matched `-indent-pro`."""
    c = classify_file(tmp_path, "lib/rules/jsx-indent-props.js",
                      "module.exports = {\n  meta: {docs: {}},\n  create(context) {}\n};\n")
    assert c.kind is Kind.SOURCE, c.reasons
    indent = classify_file(tmp_path, "src/.indent.pro", "-kr -i8\n")
    assert indent.kind is Kind.VENDOR, indent.reasons


def test_an_npm_packages_lowercase_license_is_its_license(tmp_path):
    """chalk 6.0.1's, execa's and ky's `license` were a "guide" of no language."""
    c = classify_file(tmp_path, "license", "MIT License\n\nCopyright (c) Sindre Sorhus\n")
    assert (c.kind, c.subkind, c.language) == (Kind.DOCUMENTATION, "license", "text"), c.reasons


def test_a_relax_ng_schema_is_a_contract_as_an_xml_schema_is(tmp_path):
    """lxml 6.1.3's `isoschematron/resources/rng/iso-schematron.rng` (the schema it validates
    Schematron with) was "unknown format", left out; an `.xsd` is a contract."""
    rng = ('<?xml version="1.0" encoding="UTF-8"?>\n<grammar ns="http://purl.oclc.org/dsdl/'
           'schematron" xmlns="http://relaxng.org/ns/structure/1.0">\n  <start>\n'
           '    <ref name="schema"/>\n  </start>\n</grammar>\n')
    c = classify_file(tmp_path, "src/lxml/isoschematron/resources/rng/iso-schematron.rng", rng)
    assert (c.kind, c.subkind, c.language) == (Kind.CONTRACT, "relax_ng_schema", "xml"), c.reasons


@cases(("tool",), [("vcs-versioning",), ("setuptools_scm",), ("setuptools-scm",)])
def test_the_version_module_setuptools_scm_writes_is_generated(tmp_path, tool):
    """cyclopts 5.4.0's, tablib's and petl's `_version.py`, shipped in the sdist though their
    .gitignore leaves them out of the repository: written by the build from the git tag."""
    text = (f"# file generated by {tool}\n# don't change, don't track in version control\n"
            "__version__ = version = '5.4.0'\n__version_tuple__ = version_tuple = (5, 4, 0)\n")
    c = classify_file(tmp_path, "cyclopts/_version.py", text)
    assert (c.kind, c.subkind) == (Kind.GENERATED, "version_file"), c.reasons


@cases(("rel",), [("doc/COPYING.LESSER",), ("COPYING.LIB",), ("LICENSE.GPL",)])
def test_a_license_under_an_unknown_extension_is_the_projects_license(tmp_path, rel):
    """psycopg2 2.9.13's `doc/COPYING.LESSER` (the LGPL) was "unknown format", left out."""
    c = classify_file(tmp_path, rel, "GNU LESSER GENERAL PUBLIC LICENSE\n  Version 3\n")
    assert (c.kind, c.subkind, c.language) == (Kind.DOCUMENTATION, "license", "text"), c.reasons
    assert classify_file(tmp_path, "license.py", "X = 1\n").language == "python"
