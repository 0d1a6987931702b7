"""Files lost or indexed as noise on real packages (session 38): typeorm's own Cordova driver
vendored by a Linguist library-name rule, google-api-python-client's cache of Google's API
discovery documents, moment-timezone's builds with data, pdfjs-dist's legacy build, Textual's
`.tcss` and fontTools' `.ttx`, and what the audit of 50 more trees found. Each case as the real
package holds it, and the near cases that must stay as they were.
"""

from __future__ import annotations

import json

from repokb.models import Kind, Policy

from ..conftest import assert_classified, cases, classify_file, write

# -- typeorm 1.1.4: driver/cordova/ (Linguist's `(^|/)cordova([^.]*)\.js$` crosses folders) ----
CORDOVA_DRIVER = (
    '"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\n'
    "exports.CordovaDriver = void 0;\n"
    'const QueryFailedError_1 = require("../../error/QueryFailedError");\n'
    'const AbstractSqliteDriver_1 = require("../sqlite-abstract/AbstractSqliteDriver");\n'
    'const CordovaQueryRunner_1 = require("./CordovaQueryRunner");\n'
    "class CordovaDriver extends AbstractSqliteDriver_1.AbstractSqliteDriver {\n"
    "    constructor(dataSource) {\n        super(dataSource);\n"
    '        this.transactionSupport = "none";\n    }\n}\n'
    "exports.CordovaDriver = CordovaDriver;\n")
CORDOVA_PLUGIN = ("cordova.define('cordova-plugin-camera.Camera', function(require, exports, "
                  "module) {\nvar exec = require('cordova/exec');\n"
                  "var Camera = require('./Camera');\nmodule.exports = { getPicture: "
                  "function (s, e, o) { exec(s, e, 'Camera', 'takePicture', [o]); } };\n});\n")
PLATFORM_SCRIPT = ("var path = require('path');\nvar events = require('cordova-common').events;\n"
                   "var Api = require('../Api');\nmodule.exports.run = function () {\n"
                   "  events.emit('log', 'Building');\n};\n")


@cases(("rel",), [("driver/cordova/CordovaQueryRunner.js",),
                  ("browser/driver/cordova/CordovaQueryRunner.js",)])
def test_a_library_s_driver_for_cordova_is_its_own(tmp_path, rel):
    """typeorm's Cordova driver reaches out of its cordova/ folder into the library: no copy of
    Cordova does (6 of its modules were vendored)."""
    c = classify_file(tmp_path, rel, CORDOVA_DRIVER)
    assert (c.kind, c.index_policy) == (Kind.SOURCE, Policy.PARSE_AND_INDEX), c.reasons


@cases(("rel", "text"), [
    ("www/cordova.js", CORDOVA_DRIVER),  # Cordova itself, whatever it holds
    ("plugins/cordova-plugin-camera/www/Camera.js", CORDOVA_PLUGIN),
    ("platforms/android/cordova/lib/build.js", PLATFORM_SCRIPT),  # `../` stays inside cordova/
])
def test_a_cordova_app_s_copies_stay_vendored(tmp_path, rel, text):
    c = classify_file(tmp_path, rel, text)
    assert c.kind is Kind.VENDOR, c.reasons


# -- google-api-python-client 2.202.0: googleapiclient/discovery_cache/documents/ -------------
DISCOVERY = json.dumps({
    "auth": {"oauth2": {"scopes": {"https://www.googleapis.com/auth/drive": {
        "description": "See, edit, create, and delete all of your Google Drive files"}}}},
    "basePath": "/drive/v3/", "baseUrl": "https://www.googleapis.com/drive/v3/",
    "discoveryVersion": "v1", "id": "drive:v3", "kind": "discovery#restDescription",
    "resources": {"files": {"methods": {"list": {"httpMethod": "GET", "path": "files"}}}},
}, indent=1, sort_keys=True)


def test_cached_api_discovery_documents_are_generated_and_not_embedded(tmp_path):
    """611 discovery documents, 223,687 pieces of JSON configuration: 97% of the package."""
    c = assert_classified(tmp_path, "googleapiclient/discovery_cache/documents/drive.v3.json",
                          DISCOVERY, kind=Kind.GENERATED, subkind="api_discovery_cache",
                          index_policy=Policy.METADATA_ONLY)
    assert "discovery" in c.reasons[0], c.reasons


def test_the_discovery_cache_s_code_and_a_test_s_discovery_document_stay(tmp_path):
    assert_classified(tmp_path, "googleapiclient/discovery_cache/file_cache.py",
                      "import os\n\n\ndef get(url):\n    return None\n", kind=Kind.SOURCE)
    c = classify_file(tmp_path, "tests/data/drive.json", DISCOVERY)
    assert c.kind is not Kind.GENERATED, c.reasons


# -- moment-timezone 0.6.6: builds/moment-timezone-with-data*.js -----------------------------
MOMENT_TZ = ("//! moment-timezone.js\n//! version : 0.6.6\n//! license : MIT\n\n"
             "(function (root, factory) {\n\t\"use strict\";\n"
             + "".join(f"\tfunction unpack{i} (string) {{\n\t\treturn string.split('|');\n\t}}\n"
                       for i in range(120))
             + "\treturn moment;\n}));\n")
ZONES = "".join(f'\t\t"Africa/Zone{i}|LMT GMT|g.8 0|01|-2ldXH.Q|48e5",\n' for i in range(200))


def test_a_build_that_is_a_module_above_plus_data_is_generated(tmp_path):
    """`builds/moment-timezone-with-data.js`: the library of `moment-timezone.js`, then its
    packed zones (1,804 pieces beside `.min.js` twins, no build tool's mark)."""
    write(tmp_path, "moment-timezone.js", MOMENT_TZ)
    write(tmp_path, "builds/moment-timezone-with-data.min.js", "!function(e){}();\n")
    c = assert_classified(tmp_path, "builds/moment-timezone-with-data.js",
                          MOMENT_TZ[:-4] + "\tloadData({\n\t\tzones: [\n" + ZONES + "]});\n}));\n",
                          kind=Kind.GENERATED, subkind="distribution_build",
                          index_policy=Policy.METADATA_ONLY)
    assert "moment-timezone.js" in c.reasons[0], c.reasons
    assert_classified(tmp_path, "moment-timezone.js", MOMENT_TZ, kind=Kind.SOURCE)


@cases(("above", "twin"), [
    ("moment-timezone.js", False),  # no minified twin: the package may ship it as code
    ("other.js", True),  # a module above not named as its name begins
])
def test_a_build_without_a_twin_or_a_named_module_above_stays_source(tmp_path, above, twin):
    write(tmp_path, above, MOMENT_TZ)
    if twin:
        write(tmp_path, "builds/moment-timezone-with-data.min.js", "!function(e){}();\n")
    assert_classified(tmp_path, "builds/moment-timezone-with-data.js", MOMENT_TZ + ZONES,
                      kind=Kind.SOURCE)


# -- pdfjs-dist 5.6.205: legacy/ (Babel's build for older browsers) ---------------------------
VIEWER = "".join(f"class PDFView{i} {{\n  render(page) {{\n    return page.draw({i});\n  }}\n}}\n"
                 for i in range(600))
LEGACY = "".join(f"var PDFView{i} = /*#__PURE__*/function () {{\n  function PDFView{i}() {{}}\n"
                 f"  _proto.render = function render(page) {{\n    return page.draw({i});\n  }};\n"
                 f"  return PDFView{i};\n}}();\n" for i in range(600))


def test_a_package_s_legacy_build_of_its_modules_is_a_copy(tmp_path):
    write(tmp_path, "package.json", json.dumps({"name": "pdfjs-dist", "version": "5.6.205"}))
    write(tmp_path, "web/pdf_viewer.mjs", VIEWER)
    assert_classified(tmp_path, "legacy/web/pdf_viewer.mjs", LEGACY,
                      kind=Kind.BUILD_ARTIFACT, subkind="module_format_copy")
    assert_classified(tmp_path, "web/pdf_viewer.mjs", VIEWER, kind=Kind.SOURCE)


@cases(("manifest", "modern"), [
    (False, VIEWER),  # no package.json above legacy/: a project's own older code
    (True, VIEWER + LEGACY),  # the module without legacy/ is bigger: not a build of it
    (True, None),  # nothing at the same path without legacy/
])
def test_a_legacy_folder_that_is_no_build_stays_source(tmp_path, manifest, modern):
    if manifest:
        write(tmp_path, "app/package.json", json.dumps({"name": "app"}))
    if modern is not None:
        write(tmp_path, "app/web/pdf_viewer.mjs", modern)
    assert_classified(tmp_path, "app/legacy/web/pdf_viewer.mjs", LEGACY, kind=Kind.SOURCE)


# -- formats found unknown --------------------------------------------------------------------
def test_textual_css_is_a_style_sheet(tmp_path):
    """textual 8.2.8's 146 `.tcss` were unknown."""
    assert_classified(tmp_path, "examples/calculator.tcss",
                      "Screen {\n    overflow: auto;\n}\n#calculator {\n    layout: grid;\n"
                      "    grid-size: 4;\n    background: $panel;\n}\n",
                      kind=Kind.ASSET, language="css", index_policy=Policy.METADATA_ONLY)


def test_a_font_dumped_as_xml_is_a_font(tmp_path):
    """fontTools' TTX (4.69.1 ships 1,163) was unknown; as XML it would be configuration."""
    assert_classified(tmp_path, "fonts/Mutator.ttx",
                      '<?xml version="1.0" encoding="UTF-8"?>\n<ttFont sfntVersion="\\x00\\x01'
                      '\\x00\\x00" ttLibVersion="4.69">\n  <GlyphOrder>\n    <GlyphID id="0" '
                      'name=".notdef"/>\n  </GlyphOrder>\n</ttFont>\n',
                      kind=Kind.ASSET, subkind="font_xml", index_policy=Policy.METADATA_ONLY)


# -- the audit: antd 6.6.8's lib/ (Babel's CommonJS build of es/) ------------------------------
ESM_BUTTON = ('"use client";\n\nimport React, { useContext } from \'react\';\n'
              "import { clsx } from 'clsx';\nconst Button = props => {\n"
              "  const ctx = useContext(ConfigContext);\n"
              "  return <button className={clsx(ctx)} />;\n};\nexport default Button;\n")
CJS_BUTTON = ('"use strict";\n"use client";\n\nvar _interopRequireDefault = require('
              '"@babel/runtime/helpers/interopRequireDefault").default;\n'
              'Object.defineProperty(exports, "__esModule", {\n  value: true\n});\n'
              "exports.default = void 0;\n"
              "var _react = _interopRequireDefault(require(\"react\"));\n"
              "const Button = props => {\n  return null;\n};\n"
              "var _default = exports.default = Button;\n")
HAND_CJS = ("'use strict';\n\nconst { clsx } = require('clsx');\n\nfunction button(props) {\n"
            "  return clsx(props.className);\n}\n\nmodule.exports = button;\n")


def test_a_compiled_commonjs_module_beside_its_esm_build_is_a_copy(tmp_path):
    """antd's lib/**/*.js: 992 modules, 5,510 pieces repeating es/**/*.js."""
    write(tmp_path, "es/button/Button.js", ESM_BUTTON)
    assert_classified(tmp_path, "lib/button/Button.js", CJS_BUTTON,
                      kind=Kind.BUILD_ARTIFACT, subkind="module_format_copy")
    assert_classified(tmp_path, "es/button/Button.js", ESM_BUTTON, kind=Kind.SOURCE)


@cases(("es_twin", "text"), [
    (True, HAND_CJS),  # a person's CommonJS: no compiler's mark (session 35's guard)
    (False, CJS_BUTTON),  # compiled, but nothing at the same path in es/
])
def test_a_lib_module_without_the_mark_or_an_esm_twin_stays_source(tmp_path, es_twin, text):
    if es_twin:
        write(tmp_path, "es/button/Button.js", ESM_BUTTON)
    assert_classified(tmp_path, "lib/button/Button.js", text, kind=Kind.SOURCE)


# -- bootstrap-icons 1.13.2: its font's style sheet (Linguist's `bootstrap([^.]*)`) ------------
ICONS_CSS = ('@font-face {\n  font-display: block;\n  font-family: "bootstrap-icons";\n'
             '  src: url("./fonts/bootstrap-icons.woff2?e34853135f9e39acf64315236852cd5a") '
             'format("woff2");\n}\n.bi-alarm::before { content: "\\f102"; }\n')


def test_the_icon_font_s_own_style_sheet_is_an_asset_in_its_package(tmp_path):
    write(tmp_path, "package.json", json.dumps({"name": "bootstrap-icons", "version": "1.13.2"}))
    assert_classified(tmp_path, "font/bootstrap-icons.css", ICONS_CSS, kind=Kind.ASSET)


def test_bootstrap_icons_copied_into_a_site_stays_vendored(tmp_path):
    write(tmp_path, "package.json", json.dumps({"name": "my-site"}))
    assert_classified(tmp_path, "static/font/bootstrap-icons.css", ICONS_CSS, kind=Kind.VENDOR)


# -- feather-icons 4.29.2: dist/feather.js, a webpack bundle with its icons inlined as JSON -----
ICONS_JSON = json.dumps({f"icon-{i}": f'<polyline points="22 12 18 {i} 15 21 9 3"></polyline>'
                         for i in range(400)}, separators=(",", ":"))
FEATHER = ("(function webpackUniversalModuleDefinition(root, factory) {\n"
           "\tif(typeof exports === 'object' && typeof module === 'object')\n"
           "\t\tmodule.exports = factory();\n})(this, function() {\n"
           "/***/ \"./dist/icons.json\":\n/***/ (function(module) {\n\n"
           f"module.exports = {ICONS_JSON};\n\n/***/ }}),\n"
           + "".join(f"function toSvg{i}(name, attrs) {{\n  return icons[name].toSvg(attrs);\n}}\n"
                     for i in range(200)) + "});\n")


def test_a_dist_only_bundle_with_inlined_json_strings_is_the_package_s_code(tmp_path):
    """feather-icons' only code (its main, dist/feather.js) was excluded as build output, its
    reason saying it was kept: the inlined icons, one JSON line, read as minified."""
    write(tmp_path, "package.json", json.dumps({"name": "feather-icons", "version": "4.29.2",
                                                "main": "dist/feather.js"}))
    write(tmp_path, "dist/feather.min.js", "!function(e,n){}(this);\n")
    assert_classified(tmp_path, "dist/feather.js", FEATHER,
                      kind=Kind.SOURCE, subkind="package_bundle")


def test_a_minified_bundle_a_manifest_names_says_it_was_not_kept(tmp_path):
    write(tmp_path, "package.json", json.dumps({"name": "pkg", "main": "dist/pkg.js"}))
    c = assert_classified(tmp_path, "dist/pkg.js", "var a=function(b){return b+1};" * 400 + "\n",
                          kind=Kind.BUILD_ARTIFACT, subkind="build_output")
    assert "names it as an entry point, but it reads as minified" in c.reasons[0], c.reasons


# -- react-bootstrap 2.10.10: 146 `Accordion/package.json` entry-point stubs -------------------
STUB = json.dumps({"name": "react-bootstrap/Accordion", "private": True,
                   "main": "../cjs/Accordion.js", "module": "../esm/Accordion.js",
                   "types": "../esm/Accordion.d.ts"}, indent=2)


def test_a_build_s_entry_point_stub_is_no_dependency_manifest(tmp_path):
    """Each was a dependency manifest, answering "which dependencies does it use"."""
    write(tmp_path, "package.json", json.dumps({"name": "react-bootstrap", "version": "2.10.10",
                                                "dependencies": {"react": "*"}}))
    c = assert_classified(tmp_path, "Accordion/package.json", STUB, kind=Kind.GENERATED,
                          subkind="entry_point_stub", index_policy=Policy.METADATA_ONLY)
    assert "../cjs/Accordion.js" in c.reasons[0], c.reasons


@cases(("rel", "manifest"), [
    ("package.json", {"name": "react-bootstrap", "main": "../cjs/index.js"}),  # the root's
    ("components/package.json", {"name": "ionicons/components", "private": True,  # its own
                                 "main": "./index.cjs.js", "module": "./index.js"}),
    ("packages/ui/package.json", {"name": "@acme/ui", "main": "../../dist/ui.js",  # a member
                                  "dependencies": {"react": "^19"}}),
])
def test_manifests_with_knowledge_or_their_own_entry_points_stay(tmp_path, rel, manifest):
    assert_classified(tmp_path, rel, json.dumps(manifest), kind=Kind.DEPENDENCY_MANIFEST)


# -- semantic-ui-css 2.5.0: semantic.js joins components/*.js after a banner ------------------
COMPONENT = ("/*!\n * # Semantic UI 2.5.0 - Site\n * http://github.com/semantic-org/semantic-ui/\n"
             " *\n * Released under the MIT license\n */\n\n;(function ($, window, document) {\n\n"
             + "".join(f"$.site.setting{i} = function(parameters) {{\n  var time = new Date();\n"
                       f"  return parameters.value{i};\n}};\n" for i in range(40))
             + "})( jQuery, window, document );\n")
BANNER = " /*\n * # Semantic UI - 2.5.0\n * Released under the MIT license\n *\n */\n"


def test_a_build_joining_the_modules_below_it_is_generated(tmp_path):
    """`semantic.js` (1,294 pieces) beside `semantic.min.js` repeats its 26 components."""
    write(tmp_path, "components/site.js", COMPONENT)
    write(tmp_path, "semantic.min.js", "!function(e){}(jQuery);\n")
    c = assert_classified(tmp_path, "semantic.js", BANNER + COMPONENT + COMPONENT,
                          kind=Kind.GENERATED, subkind="distribution_build")
    assert "components/site.js joined into it" in c.reasons[0], c.reasons
    assert_classified(tmp_path, "components/site.js", COMPONENT, kind=Kind.SOURCE)


def test_a_twinned_script_holding_no_module_below_stays_source(tmp_path):
    write(tmp_path, "components/site.js", COMPONENT)
    write(tmp_path, "app.min.js", "!function(e){}(jQuery);\n")
    assert_classified(tmp_path, "app.js", BANNER + COMPONENT.replace("Site", "App"),
                      kind=Kind.SOURCE)


# -- tabler-icons 3.54.0: tabler-nodes-filled.json (1,572 pieces of SVG path data) ------------
NODES = json.dumps({f"icon-{i}": [["path", {"d": f"M17 3.34a10 10 0 1 1 -14.995 8.984l-.005 "
                                                  f"-.324l.005 -.{i}a10 10 0 0 1 14.995 -8.336z"
                                                  "m-1.051 6.844a1 1 0 0 0 -1.152 -.663l-.113"}]]
                    for i in range(400)}, indent=2)
SETTINGS = json.dumps({f"rule-{i}": {"description": f"Make the {i}th mark bold", "level": i,
                                     "message": "Use a path like M12 only in icons"}
                       for i in range(600)}, indent=2)


def test_a_big_json_of_svg_paths_is_icon_data(tmp_path):
    assert_classified(tmp_path, "tabler-nodes-filled.json", NODES, kind=Kind.DATA,
                      subkind="svg_path_data", index_policy=Policy.METADATA_ONLY)


@cases(("rel", "text"), [
    ("settings.json", SETTINGS),  # words, not path data
    ("icon.json", NODES[:3000] + "]]}"),  # path data, but small: a person's icon in JSON
])
def test_json_that_is_not_a_big_set_of_paths_stays_configuration(tmp_path, rel, text):
    assert_classified(tmp_path, rel, text, kind=Kind.CONFIGURATION)


# -- vuetify 4.3.3: lib/components/VSelect/VSelect.d.ts, 735 KB typing a 25 KB module ----------
PROPS = "".join(f'    item{i}: unknown extends Defaults["item{i}"] ? BooleanConstructor : {{\n'
                f'        type: PropType<unknown extends Defaults["item{i}"] ? boolean : '
                f'boolean | Defaults["item{i}"]>;\n    }};\n' for i in range(600))
EXPANDED = ("export declare const makeVSelectProps: <Defaults = {}>() => {\n"
            '    valueComparator: PropType<import("../../util/index.js").ValueComparator>;\n'
            f"{PROPS}}};\n")
COPIED_TYPINGS = ("/**\n * Content of this file below the imports is a copy of mongodb.d.ts\n */\n"
                  "import type { SrvRecord } from 'dns';\n" + PROPS)
MODULE_JS = "export const VSelect = genericComponent()({ name: 'VSelect' });\n" * 40


def test_a_declaration_ten_times_its_module_is_generated(tmp_path):
    write(tmp_path, "lib/components/VSelect/VSelect.js", MODULE_JS)
    c = assert_classified(tmp_path, "lib/components/VSelect/VSelect.d.ts", EXPANDED,
                          kind=Kind.GENERATED, subkind="expanded_declarations",
                          index_policy=Policy.METADATA_ONLY)
    assert "VSelect.js" in c.reasons[0], c.reasons


@cases(("module", "text"), [
    (MODULE_JS * 5, EXPANDED),  # a big module: its declaration is not ten times it
    (None, EXPANDED),  # no module beside it: the package's typed interface (a `types/` folder)
    (MODULE_JS, COPIED_TYPINGS),  # typeorm's driver/mongodb/typings.d.ts: no compiler's types
])
def test_a_declaration_near_its_module_s_size_or_alone_stays_source(tmp_path, module, text):
    if module is not None:
        write(tmp_path, "lib/VSelect.js", module)
    assert_classified(tmp_path, "lib/VSelect.d.ts", text, kind=Kind.SOURCE)


# -- pysam 0.24.1: bcftools/vcfannotate.c.pysam.c beside vcfannotate.c -------------------------
C_SOURCE = ("/*  vcfannotate.c -- Annotate and edit VCF/BCF files. */\n#include <stdio.h>\n\n"
            "static void init_columns(args_t *args)\n{\n"
            '    fprintf(stderr,"Warning: The tag \\"%s\\" not defined\\n", str.s);\n}\n')


def test_a_tool_s_patched_copy_beside_the_original_is_generated(tmp_path):
    """110 files, 6,787 pieces: each bcftools and samtools file twice."""
    write(tmp_path, "bcftools/vcfannotate.c", C_SOURCE)
    patched = '#include "bcftools.pysam.h"\n\n' + C_SOURCE.replace("stderr", "bcftools_stderr")
    assert_classified(tmp_path, "bcftools/vcfannotate.c.pysam.c", patched,
                      kind=Kind.GENERATED, subkind="patched_copy",
                      index_policy=Policy.METADATA_ONLY)
    assert_classified(tmp_path, "bcftools/vcfannotate.c", C_SOURCE, kind=Kind.SOURCE)


@cases(("rel",), [
    ("bcftools/vcfannotate.c.pysam.c",),  # no original beside it
    ("src/parser.test.js",),  # a test's name: the extension not repeated
    ("lib/index.min.js",),
])
def test_a_name_with_a_tag_and_no_original_beside_it_is_no_patched_copy(tmp_path, rel):
    write(tmp_path, "src/parser.js", "export const parse = s => s;\n")
    write(tmp_path, "lib/index.js", "module.exports = 1;\n")
    c = classify_file(tmp_path, rel, C_SOURCE)
    assert c.subkind != "patched_copy", c.reasons


# -- django-allauth 65.22.1: examples/react-spa/frontend/src/ (Linguist's React rule) ---------
@cases(("rel", "kind"), [
    ("examples/react-spa/frontend/src/App.js", Kind.SOURCE),  # its own example app (58 files)
    ("packages/react-router/lib/index.js", Kind.SOURCE),
    ("frontend/angular-app/src/main.js", Kind.SOURCE),
    ("static/js/react-dom.js", Kind.VENDOR),  # React's own files, copied
    ("static/js/react.js", Kind.VENDOR),
    ("static/lib/angular-route.js", Kind.VENDOR),
])
def test_react_and_angular_rules_name_files_not_folders(tmp_path, rel, kind):
    c = classify_file(tmp_path, rel, "import React from 'react';\nexport default function App() "
                                     "{\n  return null;\n}\n")
    assert c.kind is kind, c.reasons


# -- xarray 2026.9.0: licenses/DASK_LICENSE, NUMPY_LICENSE ... (8, unknown) --------------------
BSD = ("Copyright (c) 2014-2018, Anaconda, Inc. and contributors\nAll rights reserved.\n\n"
       "Redistribution and use in source and binary forms, with or without modification, are "
       "permitted provided that the following conditions are met:\n")


@cases(("rel",), [("licenses/DASK_LICENSE",), ("licenses/SCIKIT_LEARN_LICENSE",),
                  ("third-party-license",)])
def test_a_bundled_code_s_licence_named_before_license_is_a_licence(tmp_path, rel):
    assert_classified(tmp_path, rel, BSD, kind=Kind.DOCUMENTATION, subkind="license",
                      language="text")


def test_a_name_ending_in_license_with_a_code_extension_stays_code(tmp_path):
    assert_classified(tmp_path, "tools/check_license.py", "import sys\n\nprint(sys.argv)\n",
                      kind=Kind.SOURCE, language="python")


def test_astropy_s_enhanced_csv_is_a_table(tmp_path):
    """photutils 3.0.0's datasets/data/*.ecsv were unknown."""
    assert_classified(tmp_path, "photutils/datasets/data/4gaussians_params.ecsv",
                      "# %ECSV 1.0\n# ---\n# datatype:\n# - {name: amplitude, datatype: int64}\n"
                      "# - {name: x_mean, datatype: int64}\namplitude x_mean\n50 160\n70 25\n",
                      kind=Kind.DATA, language="csv", index_policy=Policy.METADATA_ONLY)


def test_a_vendored_folder_holds_a_copied_library(tmp_path):
    """datasette 0.65.5's `datasette/vendored/pint/` (74 files) was read as its code."""
    assert_classified(tmp_path, "datasette/vendored/pint/registry.py",
                      "from .compat import HAS_BABEL\n\n\nclass UnitRegistry:\n    pass\n",
                      kind=Kind.VENDOR)


# -- sphinx-book-theme 1.4.0: docs/scripts/update_kitchen_sink.py (the marker it writes) -------
KITCHEN = ('from pathlib import Path\n\nEXTRA_MESSAGE = """\\\n\n'
           ".. AUTOGENERATED by docs/scripts/update_kitchen_sink.py\n\n.. note::\n\n"
           '   The Kitchen Sink was generated from the Sphinx Themes website.\n"""  # noqa\n\n'
           "for name in ['index.rst']:\n    Path(name).write_text(EXTRA_MESSAGE)\n")


def test_a_generator_script_writing_a_marker_is_not_generated(tmp_path):
    assert_classified(tmp_path, "docs/scripts/update_kitchen_sink.py", KITCHEN,
                      kind=Kind.SOURCE)
    assert_classified(tmp_path, "docs/reference/kitchen-sink/index.rst",
                      ".. AUTOGENERATED by docs/scripts/update_kitchen_sink.py\n\n"
                      "Kitchen sink\n============\n", kind=Kind.GENERATED)
    assert_classified(tmp_path, "src/gen/models.py",  # the marker in a comment after a string
                      'X = """a\nb"""\n# AUTOGENERATED by tools/gen.py\n', kind=Kind.GENERATED)


# -- copies38: gsap's ES5 builds, swiper's IIFE bundles, @babel/runtime's helpers/esm/ ------
GSAP_BANNER = ("/*!\n * Flip 3.15.0\n * https://gsap.com\n *\n * @license Copyright 2008-2026, "
               "GreenSock. All rights reserved.\n*/\n")
GSAP_SOURCE = GSAP_BANNER + (
    'import { getGlobalMatrix } from "./utils/matrix.js";\n\n'
    "let _id = 1,\n\t_toArray, gsap,\n"
    "\t_forEachBatch = (batch, name) => batch.actions.forEach(a => a.vars[name] && a(a)),\n"
    "\t_round = value => Math.round(value * 10000) / 10000 || 0,\n"
    "\t_listToArray = list => typeof(list) === 'string' ? list.split(',') : list;\n"
    "export const Flip = { getState: (targets) => _toArray(targets).map(_round) };\n")
GSAP_ES5 = GSAP_BANNER + (
    'import { getGlobalMatrix } from "./utils/matrix.js";\n\n'
    "var _id = 1,\n    _toArray,\n    gsap,\n"
    "    _forEachBatch = function _forEachBatch(batch, name) {\n"
    "  return batch.actions.forEach(function (a) {\n    return a.vars[name] && a(a);\n  });\n},\n"
    "    _round = function _round(value) {\n  return Math.round(value * 10000) / 10000 || 0;\n},\n"
    "    _listToArray = function _listToArray(list) {\n"
    "  return typeof list === 'string' ? list.split(',') : list;\n};\n"
    "export var Flip = {\n  getState: function getState(targets) {\n"
    "    return _toArray(targets).map(_round);\n  }\n};\n")


def _gsap(tmp_path):
    write(tmp_path, "package/package.json", json.dumps({"name": "gsap", "module": "index.js"}))
    write(tmp_path, "package/src/Flip.js", GSAP_SOURCE)


def test_babel_s_es5_build_beside_its_source_in_src_is_a_copy(tmp_path):
    """gsap 3.15.0's root `Flip.js` is Babel's ES5 build of `src/Flip.js` (30 modules, 3,675
    -> 1,992 pieces): `x = function x(` where the source has arrows; the source stays."""
    _gsap(tmp_path)
    assert_classified(tmp_path, "package/Flip.js", GSAP_ES5, kind=Kind.BUILD_ARTIFACT,
                      subkind="downlevel_copy")
    assert_classified(tmp_path, "package/src/Flip.js", GSAP_SOURCE, kind=Kind.SOURCE,
                      index_policy=Policy.PARSE_AND_INDEX)


def test_the_same_bytes_beside_src_is_a_copy(tmp_path):
    _gsap(tmp_path)
    assert_classified(tmp_path, "package/Flip.js", GSAP_SOURCE, kind=Kind.BUILD_ARTIFACT,
                      subkind="downlevel_copy")


@cases(("text",), [
    ('module.exports = require("./src/Flip.js");\n',),  # a shim
    (GSAP_SOURCE.replace("_id = 1", "_id = 2"),),  # modern code a person keeps beside src/
    (GSAP_ES5[: len(GSAP_ES5) // 2],),  # much smaller than the source
])
def test_a_root_module_that_is_no_es5_build_of_src_stays_source(tmp_path, text):
    _gsap(tmp_path)
    assert_classified(tmp_path, "package/Flip.js", text, kind=Kind.SOURCE)


SWIPER_BANNER = ("/**\n * Swiper 14.4.0\n * Most modern mobile touch slider and framework with "
                 "hardware accelerated transitions\n * https://swiperjs.com\n *\n"
                 " * Released on: October 30, 2026\n */\n\n")
SWIPER_IIFE = SWIPER_BANNER + (
    "var Swiper = (function () {\n    'use strict';\n\n"
    "    function classesToTokens(classes = '') {\n"
    "        return classes.trim().split(' ').filter((c) => !!c.trim());\n    }\n"
    "    return Swiper;\n\n})();\n")


@cases(("entry", "kind"), [
    (SWIPER_BANNER + "import { S as Swiper } from './shared/swiper-core.mjs';\n"
     "import Virtual from './modules/virtual.mjs';\nexport { Swiper };\n", Kind.GENERATED),
    (SWIPER_BANNER + "export { S as Swiper, S as default } from './shared/swiper-core.mjs';\n",
     Kind.GENERATED),
    # guards: another banner, or an entry importing nothing of its own
    (SWIPER_BANNER.replace("October 30", "May 1") + "import X from './x.mjs';\n", Kind.SOURCE),
    (SWIPER_BANNER + "export const Swiper = 1;\n", Kind.SOURCE),
])
def test_an_iife_bundle_of_its_es_entry_is_a_distribution_build(tmp_path, entry, kind):
    """swiper 14.4.0's `swiper-bundle.js` (rollup's IIFE) beside `.min.js` and the `.mjs`
    entry that imports `modules/*.mjs` with the same banner: 4 bundles, 3,752 -> 1,396."""
    write(tmp_path, "swiper-bundle.min.js", "var Swiper=function(){}();\n")
    write(tmp_path, "swiper-bundle.mjs", entry)
    c = assert_classified(tmp_path, "swiper-bundle.js", SWIPER_IIFE, kind=kind)
    if kind is Kind.GENERATED:
        assert c.subkind == "distribution_build"


HELPER_CJS = ('var toPropertyKey = require("./toPropertyKey.js");\n'
              "function _defineProperty(r, t, o) {\n"
              "  return (t = toPropertyKey(t)) in r ? Object.defineProperty(r, t, {\n"
              "    value: o,\n    enumerable: !0\n  }) : r[t] = o, r;\n}\n"
              "module.exports = _defineProperty, module.exports.__esModule = true, "
              'module.exports["default"] = module.exports;')
HELPER_ESM = ('import toPropertyKey from "./toPropertyKey.js";\n'
              "function _defineProperty(r, t, o) {\n"
              "  return (t = toPropertyKey(t)) in r ? Object.defineProperty(r, t, {\n"
              "    value: o,\n    enumerable: !0\n  }) : r[t] = o, r;\n}\n"
              "export { _defineProperty as default };")


def test_an_esm_folder_s_twin_of_the_module_above_is_a_copy(tmp_path):
    """@babel/runtime 8.1.4's `helpers/esm/defineProperty.js` beside `helpers/defineProperty.js`
    (94 of 101 helpers): the CommonJS one, the package's default, stays."""
    write(tmp_path, "helpers/defineProperty.js", HELPER_CJS)
    assert_classified(tmp_path, "helpers/esm/defineProperty.js", HELPER_ESM,
                      kind=Kind.BUILD_ARTIFACT, subkind="module_format_copy")
    assert_classified(tmp_path, "helpers/defineProperty.js", HELPER_CJS, kind=Kind.SOURCE)


def test_an_esm_folder_s_other_code_under_the_same_name_stays_source(tmp_path):
    write(tmp_path, "lib/index.js", 'module.exports = require("./esm/index.js").serve;\n')
    assert_classified(tmp_path, "lib/esm/index.js",
                      "export function serve(port) {\n  return listen(port, handler);\n}\n",
                      kind=Kind.SOURCE)
