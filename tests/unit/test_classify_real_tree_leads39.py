"""Files lost or indexed as noise on real packages (session 39): session 38's leftovers (gsap's
re-export lists and six @babel/runtime helpers indexed twice, django-extensions' copied jQuery
plugins read as its source) and what the audit of more trees found. Each case as the real
package holds it, and the near cases that must stay as they were.
"""

from __future__ import annotations

import json

from repokb.models import Kind, Policy

from ..conftest import assert_classified, cases, classify_file, write

# -- gsap 3.15.0: the root all.js / index.js, Babel's layout of src/all.js / src/index.js -------
GSAP_ALL_SOURCE = (
    'import gsap from "./gsap-core.js";\nimport CSSPlugin from "./CSSPlugin.js";\n\n'
    "const gsapWithCSS = gsap.registerPlugin(CSSPlugin) || gsap, // to protect from tree shaking\n"
    "\tTweenMaxWithCSS = gsapWithCSS.core.Tween;\n\n"
    "export { gsapWithCSS as gsap, gsapWithCSS as default, TweenMaxWithCSS as TweenMax, "
    "CSSPlugin };\n\n"
    'export * from "./CustomEase.js";\nexport * from "./Draggable.js";\n')
GSAP_ALL_COPY = (
    'import gsap from "./gsap-core.js";\nimport CSSPlugin from "./CSSPlugin.js";\n'
    "var gsapWithCSS = gsap.registerPlugin(CSSPlugin) || gsap,\n"
    "    // to protect from tree shaking\nTweenMaxWithCSS = gsapWithCSS.core.Tween;\n"
    "export { gsapWithCSS as gsap, gsapWithCSS as default, TweenMaxWithCSS as TweenMax, "
    "CSSPlugin };\n"
    'export * from "./CustomEase.js";\nexport * from "./Draggable.js";')


def test_a_re_export_list_laid_out_anew_beside_src_is_a_copy(tmp_path):
    """gsap's root `all.js` and `index.js`: no function for Babel to name, the same words as
    `src/all.js` once comments and `const` -> `var` are set aside (the last two of 32 copies)."""
    write(tmp_path, "package/package.json", json.dumps({"name": "gsap", "module": "index.js"}))
    write(tmp_path, "package/src/all.js", GSAP_ALL_SOURCE)
    c = assert_classified(tmp_path, "package/all.js", GSAP_ALL_COPY, kind=Kind.BUILD_ARTIFACT,
                          subkind="downlevel_copy")
    assert "package/src/all.js" in c.reasons[0], c.reasons
    assert_classified(tmp_path, "package/src/all.js", GSAP_ALL_SOURCE, kind=Kind.SOURCE)


@cases(("text",), [
    ('export * from "./src/all.js";\n',),  # a shim naming its source: smaller, other words
    (GSAP_ALL_COPY.replace("Draggable", "Observer"),),  # another list
    (GSAP_ALL_COPY + '\nexport * from "./Flip.js";',),  # one more module
])
def test_a_root_module_with_other_words_than_src_stays_source(tmp_path, text):
    write(tmp_path, "package/package.json", json.dumps({"name": "gsap"}))
    write(tmp_path, "package/src/all.js", GSAP_ALL_SOURCE)
    assert_classified(tmp_path, "package/all.js", text, kind=Kind.SOURCE)


# -- @babel/runtime 8.1.4: the six helpers that reassign module.exports in their body ----------
TYPEOF_CJS = (
    "function _typeof(o) {\n  \"@babel/helpers - typeof\";\n\n"
    '  return module.exports = _typeof = "function" == typeof Symbol && "symbol" == typeof '
    "Symbol.iterator ? function (o) {\n    return typeof o;\n  } : function (o) {\n"
    '    return o && "function" == typeof Symbol && o.constructor === Symbol ? "symbol" : '
    "typeof o;\n  }, module.exports.__esModule = true, module.exports[\"default\"] = "
    "module.exports, _typeof(o);\n}\n"
    'module.exports = _typeof, module.exports.__esModule = true, module.exports["default"] = '
    "module.exports;")
TYPEOF_ESM = (
    "function _typeof(o) {\n  \"@babel/helpers - typeof\";\n\n"
    '  return _typeof = "function" == typeof Symbol && "symbol" == typeof '
    "Symbol.iterator ? function (o) {\n    return typeof o;\n  } : function (o) {\n"
    '    return o && "function" == typeof Symbol && o.constructor === Symbol ? "symbol" : '
    "typeof o;\n  }, _typeof(o);\n}\nexport { _typeof as default };")
REFLECT_CJS = (
    "function _isNativeReflectConstruct() {\n  try {\n"
    "    var t = !Boolean.prototype.valueOf.call(Reflect.construct(Boolean, [], "
    "function () {}));\n  } catch (t) {}\n"
    "  return (module.exports = _isNativeReflectConstruct = function "
    "_isNativeReflectConstruct() {\n    return !!t;\n  }, module.exports.__esModule = true, "
    'module.exports["default"] = module.exports)();\n}\n'
    "module.exports = _isNativeReflectConstruct, module.exports.__esModule = true, "
    'module.exports["default"] = module.exports;')
REFLECT_ESM = (
    "function _isNativeReflectConstruct() {\n  try {\n"
    "    var t = !Boolean.prototype.valueOf.call(Reflect.construct(Boolean, [], "
    "function () {}));\n  } catch (t) {}\n"
    "  return (_isNativeReflectConstruct = function _isNativeReflectConstruct() {\n"
    "    return !!t;\n  })();\n}\nexport { _isNativeReflectConstruct as default };")


@cases(("name", "cjs", "esm"), [
    ("typeof.js", TYPEOF_CJS, TYPEOF_ESM),
    ("isNativeReflectConstruct.js", REFLECT_CJS, REFLECT_ESM),
])
def test_a_helper_reassigning_module_exports_has_its_esm_twin_decided(tmp_path, name, cjs, esm):
    """`typeof`, `getPrototypeOf`, `setPrototypeOf`, `extends`, `get`,
    `isNativeReflectConstruct`: 0.60-0.78 alike before `module.exports = _x = ...` and its
    interop marks in the body were set aside."""
    write(tmp_path, f"helpers/{name}", cjs)
    assert_classified(tmp_path, f"helpers/esm/{name}", esm, kind=Kind.BUILD_ARTIFACT,
                      subkind="module_format_copy")
    assert_classified(tmp_path, f"helpers/{name}", cjs, kind=Kind.SOURCE)


def test_an_esm_twin_with_another_body_stays_source(tmp_path):
    write(tmp_path, "helpers/typeof.js", TYPEOF_CJS)
    other = TYPEOF_ESM.replace('"symbol"', '"sym"').replace("typeof o;\n", "String(o);\n")
    assert_classified(tmp_path, "helpers/esm/typeof.js", other, kind=Kind.SOURCE)


# -- django-extensions 4.1: jQuery plugins copied below static/ --------------------------------
AUTOCOMPLETE = (
    "/**\n * @fileOverview jquery-autocomplete, the jQuery Autocompleter\n"
    ' * @author <a href="mailto:dylan@dyve.net">Dylan Verheul</a>\n * @version 2.4.4\n'
    " * @requires jQuery 1.6+\n * @license MIT | GPL | Apache 2.0, see LICENSE.txt\n"
    " * @see https://github.com/dyve/jquery-autocomplete\n */\n(function($) {\n"
    '    "use strict";\n    $.fn.autocomplete = function(options) {\n'
    "        var opts = $.extend({}, $.fn.autocomplete.defaults, options);\n"
    "        return this.each(function() { $(this).data('autocompleter', opts); });\n"
    "    };\n})(jQuery);\n")
BGIFRAME = ("/*! Copyright (c) 2010 Brandon Aaron (http://brandon.aaron.sh/)\n"
            " * Licensed under the MIT License (LICENSE.txt).\n *\n * Version 2.1.2\n */\n\n"
            "(function($){\n$.fn.bgiframe = function(s) { return this; };\n})(jQuery);\n")
APACHE_HEADER = ("/*\n * Licensed to the Apache Software Foundation (ASF) under one\n"
                 " * or more contributor license agreements.\n"
                 ' * Licensed under the Apache License, Version 2.0 (the "License");\n */\n'
                 "import { getMetaValue } from './utils';\n\nexport function showGraph() {\n"
                 "  return getMetaValue('dag_id');\n}\n")


@cases(("rel", "text"), [
    ("django_extensions/static/django_extensions/js/jquery.autocomplete.js", AUTOCOMPLETE),
    ("django_extensions/static/django_extensions/js/jquery.bgiframe.js", BGIFRAME),
])
def test_a_script_below_static_with_its_release_and_licence_at_the_top_is_vendored(
        tmp_path, rel, text):
    """django-extensions' `jquery.autocomplete.js` (65 pieces) and `jquery.bgiframe.js`: other
    projects' releases, their licence and version in the opening comment."""
    c = assert_classified(tmp_path, rel, text, kind=Kind.VENDOR, subkind="vendored_library",
                          index_policy=Policy.EXCLUDE)
    assert "release" in c.reasons[0], c.reasons


@cases(("rel", "text"), [
    ("app/static/app/js/graph.js", APACHE_HEADER),  # the licence's version, on every file
    ("app/static/app/js/jquery.ajaxQueue.js", "/**\n * Ajax Queue Plugin\n */\n(function($) "
     "{ $.ajaxQueue = function(o) { return $.ajax(o); }; })(jQuery);\n"),  # no licence
    ("app/js/jquery.autocomplete.js", AUTOCOMPLETE),  # not served from static/: the project's
])
def test_a_script_without_a_release_banner_below_static_stays_source(tmp_path, rel, text):
    assert_classified(tmp_path, rel, text, kind=Kind.SOURCE)


# -- the audit: 25 npm tarballs, 21 PyPI sdists ------------------------------------------------
WEBPACK_UMD = ("// SPDX-License-Identifier: LicenseRef-Highcharts\n/**\n * @license Highcharts JS "
               "v13.1.1 (2026-09-20)\n * @module highcharts/highcharts\n */\n"
               "(function webpackUniversalModuleDefinition(root, factory) {\n"
               "\tif(typeof exports === 'object' && typeof module === 'object')\n"
               "\t\tmodule.exports = factory();\n})(this, () => {\n"
               "return /******/ (() => { // webpackBootstrap\n/******/ \t\"use strict\";\n")
WEBPACK_ESM = ("// SPDX-License-Identifier: LicenseRef-Highcharts\n/**\n * @license Highcharts JS "
               "v13.1.1 (2026-09-20)\n */\n\n;// ./code/es-modules/Core/Globals.js\n"
               "var Globals;\n(function (Globals) {\n    Globals.product = 'Highcharts';\n"
               "})(Globals || (Globals = {}));\n")
PADDING = "".join(f"    var step{i} = chart.series[{i}].points.length * {i};\n"
                  for i in range(1200))


@cases(("rel", "head"), [
    ("package/highcharts.src.js", WEBPACK_UMD),  # `return /******/` in a library's UMD build
    ("package/esm/highcharts.src.js", WEBPACK_ESM),  # `;// ./module.js` notes of an ES build
])
def test_webpack_s_library_builds_are_bundles(tmp_path, rel, head):
    """highcharts 13.1.1's `*.src.js` (root, modules/, esm/): 48,583 pieces repeating
    `es-modules/`, which stays."""
    assert_classified(tmp_path, rel, head + PADDING, kind=Kind.GENERATED, subkind="bundle")
    assert_classified(tmp_path, "package/es-modules/Core/Globals.js",
                      "var Globals;\n(function (Globals) {\n    Globals.product = 'x';\n"
                      "})(Globals || (Globals = {}));\n", kind=Kind.SOURCE)


def test_a_person_s_comment_naming_a_file_is_no_bundler_note(tmp_path):
    text = "// see ./lib/helpers.js for the parser\n;(function () {\n" + PADDING + "})();\n"
    assert_classified(tmp_path, "static/app.js", text, kind=Kind.SOURCE)


OPTIONS_DTS = ('import * as Highcharts from "../highcharts{0}";\n'
               'declare module "../highcharts{0}" {{\n'
               "    /**\n     * (Highstock) Point accessibility options for a series.\n     */\n"
               "    interface PlotAbandsAccessibilityPointOptions {{\n"
               "        dateFormat?: string;\n        descriptionFormat?: string;\n"
               "        valueDescriptionFormat?: string;\n    }}\n}}\nexport default "
               "Highcharts;\n")


def test_the_readable_build_s_declarations_beside_the_minified_one_s_are_a_copy(tmp_path):
    """highcharts' `options/abands.src.d.ts` beside `options/abands.d.ts` (232, 12,807
    pieces), importing `../highcharts.src`."""
    write(tmp_path, "package/options/abands.d.ts", OPTIONS_DTS.format(""))
    c = assert_classified(tmp_path, "package/options/abands.src.d.ts", OPTIONS_DTS.format(".src"),
                          kind=Kind.BUILD_ARTIFACT, index_policy=Policy.EXCLUDE)
    assert "package/options/abands.d.ts" in c.reasons[0], c.reasons
    assert_classified(tmp_path, "package/options/abands.d.ts", OPTIONS_DTS.format(""),
                      kind=Kind.SOURCE)


def test_a_src_d_ts_of_other_declarations_stays_source(tmp_path):
    write(tmp_path, "types/api.d.ts", OPTIONS_DTS.format(""))
    assert_classified(tmp_path, "types/api.src.d.ts",
                      "export declare function parse(text: string): Node;\n"
                      "export interface Node {\n    kind: string;\n}\n", kind=Kind.SOURCE)


LOCALE = json.dumps({"locale": "de", "long": {"year": {
    "previous": "letztes Jahr", "current": "dieses Jahr", "next": "nächstes Jahr",
    "past": {"one": "vor {0} Jahr", "other": "vor {0} Jahren"}}}}, indent="\t")


def _locales(tmp_path, folder: str, codes: list[str]) -> None:
    for code in codes:
        write(tmp_path, f"{folder}/{code}.json", LOCALE.replace('"de"', f'"{code}"'))


@cases(("folder",), [("package/locale",), ("package/sre/mathmaps",), ("package/langs",)])
def test_one_language_s_json_among_a_folder_of_translations_is_data(tmp_path, folder):
    """javascript-time-ago's `locale/*.json` (4,407 pieces), mathjax's `sre/mathmaps/*.json`
    (11,518), i18n-iso-countries' `langs/*.json` (1,615): English's stays."""
    _locales(tmp_path, folder, ["en", "fr", "pt-BR", "zh-Hans", "ar", "ff-Adlm"])
    c = assert_classified(tmp_path, f"{folder}/de.json", LOCALE, kind=Kind.DATA,
                          subkind="translation_catalog", index_policy=Policy.METADATA_ONLY)
    assert "translations" in c.reasons[0], c.reasons
    assert_classified(tmp_path, f"{folder}/en.json", LOCALE, kind=Kind.CONFIGURATION)


@cases(("names",), [
    (["en", "fr", "es"],),  # three languages: no translation set
    (["db", "api", "app", "web", "main"],),  # words, no language codes (`db`, `app`: none)
])
def test_json_files_that_are_no_translation_set_stay_configuration(tmp_path, names):
    _locales(tmp_path, "config", names)
    name = "fr" if "fr" in names else "ja"
    assert_classified(tmp_path, f"config/{name}.json", LOCALE, kind=Kind.CONFIGURATION)


def test_a_json_file_again_as_a_module_is_a_copy(tmp_path):
    """javascript-time-ago's 335 `locale/x.json.js` (`export default {` + the JSON): 2,935
    pieces."""
    write(tmp_path, "locale/en.json", LOCALE)
    c = assert_classified(tmp_path, "locale/en.json.js", "export default " + LOCALE,
                          kind=Kind.BUILD_ARTIFACT, index_policy=Policy.EXCLUDE)
    assert "locale/en.json" in c.reasons[0], c.reasons
    # no JSON beside, or code that is no JSON export: the module stays
    assert_classified(tmp_path, "locale/fr.json.js", "export default " + LOCALE,
                      kind=Kind.SOURCE)
    assert_classified(tmp_path, "locale/en.json.cjs",
                      "const data = require('./en.json');\nmodule.exports = data.long;\n",
                      kind=Kind.SOURCE)


LIB_SANKEY = ('"use strict";\n\nObject.defineProperty(exports, "__esModule", {\n  value: '
              'true\n});\nexports.Sankey = void 0;\nvar _react = require("react");\n'
              "function Sankey(props) {\n  return (0, _react.createElement)('g', props);\n}\n")


def test_a_commonjs_lib_beside_its_es6_build_is_a_copy(tmp_path):
    """recharts 3.11.3's `lib/` (Babel's CommonJS) beside `es6/`: 602 modules twice."""
    write(tmp_path, "package/es6/chart/Sankey.js",
          "import { createElement } from 'react';\nexport function Sankey(props) {\n"
          "  return createElement('g', props);\n}\n")
    assert_classified(tmp_path, "package/lib/chart/Sankey.js", LIB_SANKEY,
                      kind=Kind.BUILD_ARTIFACT, subkind="module_format_copy")


BABEL_HELPERS_BUILD = (
    "/**!\n * Sortable 1.15.7\n * @license MIT\n */\n"
    "function _arrayLikeToArray(r, a) {\n  (null == a || a > r.length) && (a = r.length);\n"
    "  for (var e = 0, n = Array(a); e < a; e++) n[e] = r[e];\n  return n;\n}\n"
    "function _defineProperty(e, r, t) {\n  return e[r] = t, e;\n}\n") + PADDING


def test_a_build_opening_with_babel_s_helpers_beside_src_is_a_bundle(tmp_path):
    """sortablejs 1.15.7's `modular/sortable.esm.js`, `.core.esm.js`, `.complete.esm.js`:
    three builds of `src/` (630 pieces)."""
    write(tmp_path, "package/package.json", json.dumps({"name": "sortablejs"}))
    write(tmp_path, "package/src/Sortable.js", "function Sortable(el) {\n  this.el = el;\n}\n")
    assert_classified(tmp_path, "package/modular/sortable.esm.js", BABEL_HELPERS_BUILD,
                      kind=Kind.GENERATED, subkind="bundle")


def test_babel_s_helpers_in_a_package_without_src_stay(tmp_path):
    write(tmp_path, "package/package.json", json.dumps({"name": "one-file"}))
    assert_classified(tmp_path, "package/modular/one.esm.js", BABEL_HELPERS_BUILD,
                      kind=Kind.SOURCE)


CORE_CJS = ("/**\n * @license\n * Video.js 8.24.1\n */\n\n'use strict';\n\n"
            "var window = require('global/window');\n\nvar version = \"8.24.1\";\n"
            "const hooks_ = {};\nconst hooks = function (type, fn) {\n"
            "  hooks_[type] = hooks_[type] || [];\n  return hooks_[type];\n};\n"
            "module.exports = hooks;\n")
CORE_ES = ("/**\n * @license\n * Video.js 8.24.1\n */\n\n"
           "import window from 'global/window';\n\nvar version = \"8.24.1\";\n"
           "const hooks_ = {};\nconst hooks = function (type, fn) {\n"
           "  hooks_[type] = hooks_[type] || [];\n  return hooks_[type];\n};\n"
           "export { hooks as default };\n")


def test_an_es_build_beside_its_commonjs_twin_is_a_variant(tmp_path):
    """video.js 8.24.1's root `core.es.js` beside `core.js` (1,496 pieces again)."""
    write(tmp_path, "package/core.js", CORE_CJS)
    assert_classified(tmp_path, "package/core.es.js", CORE_ES, kind=Kind.BUILD_ARTIFACT,
                      subkind="module_format_variant")
    assert_classified(tmp_path, "package/core.js", CORE_CJS, kind=Kind.SOURCE)
    assert_classified(tmp_path, "package/other.es.js", CORE_ES, kind=Kind.SOURCE)  # no twin


def test_ace_s_noconflict_build_is_a_copy_of_src(tmp_path):
    """ace-builds 1.45.2's `src-noconflict/` (`ace.define(`) beside `src/` (`define(`): 294
    modules, 20,683 pieces again."""
    body = ('define("ace/mode/python",["require","exports","module","ace/lib/oop"], '
            "function(require, exports, module){\n\"use strict\";\n"
            'var oop = require("../lib/oop");\n'
            + "".join(f"var Rule{i} = function() {{ this.token = 'keyword{i}'; }};\n"
                      for i in range(40)) + "exports.Mode = Mode;\n});\n")
    write(tmp_path, "package/src/mode-python.js", body)
    assert_classified(tmp_path, "package/src-noconflict/mode-python.js", "ace." + body,
                      kind=Kind.BUILD_ARTIFACT, subkind="module_format_copy")
    assert_classified(tmp_path, "package/src/mode-python.js", body, kind=Kind.SOURCE)


CHUNK = "import { m as main } from './editor.api-CABvfeuU.js';\nexport { main };\n" + PADDING


def test_a_folder_of_content_hashed_chunks_is_a_bundler_s(tmp_path):
    """monaco-editor 0.58.0's `dev/vs/*-<hash>.js` (98 of 102 scripts, 8,486 pieces)."""
    for name in ["abap-BxE6jMvt", "apex-Jqcmv7eP", "bat-gO9qKzUo", "css-t68wsr0f",
                 "editor.api-CABvfeuU", "editor"]:
        write(tmp_path, f"package/dev/vs/{name}.js", "export {};\n")
    assert_classified(tmp_path, "package/dev/vs/html.worker-DVW5a_ez.js", CHUNK,
                      kind=Kind.GENERATED, subkind="bundle")
    assert_classified(tmp_path, "package/dev/vs/editor.js", CHUNK, kind=Kind.SOURCE)


def test_names_with_words_after_a_dash_are_no_chunks(tmp_path):
    for name in ["array-polyfill", "string-polyfill", "date-polyfill", "jquery-migrate",
                 "app-settings", "main-frontend"]:
        write(tmp_path, f"static/js/{name}.js", "export {};\n")
    assert_classified(tmp_path, "static/js/url-polyfill.js", "export const URL = 1;\n",
                      kind=Kind.SOURCE)


# -- PyPI sdists -------------------------------------------------------------------------------
@cases(("rel", "kind"), [
    ("cextern/cfitsio/fitscore.c", Kind.VENDOR),  # healpy 1.20.1: 27,900 of 28,718 pieces
    ("pipenv/patched/pip/_internal/req/req_install.py", Kind.VENDOR),  # pipenv's patched pip
])
def test_astropy_s_cextern_and_pipenv_s_patched_are_vendored(tmp_path, rel, kind):
    assert_classified(tmp_path, rel, "int main(void) { return 0; }\n" if rel.endswith(".c")
                      else "def install():\n    return None\n", kind=kind)


def test_a_copied_pythoncapi_compat_header_is_vendored(tmp_path):
    """asyncpg 0.32.0's `protocol/record/pythoncapi_compat.h` (123 pieces)."""
    assert_classified(tmp_path, "asyncpg/protocol/record/pythoncapi_compat.h",
                      "// Header file providing new C API functions to old Python versions.\n"
                      "#ifndef PYTHONCAPI_COMPAT\n#define PYTHONCAPI_COMPAT\n#endif\n",
                      kind=Kind.VENDOR, subkind="vendored_file")


STDLIB_TEST = ("import errno\nimport select\nimport unittest\nfrom test import support\n\n\n"
               "class SelectTestCase(unittest.TestCase):\n    def test_returned_list_identity"
               "(self):\n        self.assertIsNot(select.select([], [], [], 0)[0], [])\n")


def test_a_python_release_s_copied_stdlib_tests_are_vendored(tmp_path):
    """gevent 26.9.0's `src/greentest/3.10/` ... `3.15/` (a `version` file in each): CPython's
    tests six times, 15,600 of 19,895 pieces; gevent's own tests stay."""
    write(tmp_path, "src/greentest/3.12/version", "3.12.11\n")
    assert_classified(tmp_path, "src/greentest/3.12/test_select.py", STDLIB_TEST,
                      kind=Kind.VENDOR)
    assert_classified(tmp_path, "src/gevent/tests/test__select.py", STDLIB_TEST,
                      kind=Kind.TEST)


def test_a_version_folder_without_a_version_file_stays(tmp_path):
    write(tmp_path, "tests/3.12/conftest.py", "import pytest\n")
    assert_classified(tmp_path, "tests/3.12/test_select.py", STDLIB_TEST, kind=Kind.TEST)


@cases(("rel", "subkind"), [
    ("Changelog", "changelog"),  # cftime 1.6.6.1
    ("Doc/Changelog.pycrypto", "changelog"),  # pycryptodome 4.5.0
    ("NOTICES", "license"),  # pipenv
    ("THIRD-PARTY-NOTICES", "license"),  # pymongo 4.20.1
])
def test_project_documents_without_a_known_extension_are_read(tmp_path, rel, subkind):
    assert_classified(tmp_path, rel, "version 1.6.6.1\n===============\n* ensure has_year_zero "
                      "is ignored for idealized calendars.\n", kind=Kind.DOCUMENTATION,
                      subkind=subkind)


@cases(("rel", "head"), [
    ("erfa/core.py", '# Licensed under a 3-clause BSD style license - see LICENSE.rst\n\n'
     '# "core.py" is auto-generated by erfa_generator.py from the template\n'
     '# "core.py.templ". Do *not* edit "core.py" directly, instead edit\n'),
    ("erfa/ufunc.c", '/*\n * "ufunc.c" is auto-generated by erfa_generator.py from the '
     'template\n * "ufunc.c.templ". Do *not* edit "ufunc.c" directly\n */\n'),
])
def test_a_file_naming_itself_generated_in_quotes_is_generated(tmp_path, rel, head):
    """pyerfa 2.0.1.5's `erfa/core.py` and `erfa/ufunc.c` (2,089 pieces) beside their
    `.templ` templates."""
    assert_classified(tmp_path, rel, head + "\nx = 1\n", kind=Kind.GENERATED)


def test_a_comment_about_another_generated_file_is_no_marker(tmp_path):
    assert_classified(tmp_path, "tools/gen.py", '# writes "core.py" from the template\n'
                      "import sys\n\n\ndef main():\n    return 0\n", kind=Kind.SOURCE)
    # the template saying so of its output (pyerfa's `erfa/core.py.templ`) stays as it was
    c = classify_file(tmp_path, "erfa/core.py.templ", '# "core.py" is auto-generated by '
                      'erfa_generator.py from the template\n{{ funcs }}\n')
    assert c.kind is not Kind.GENERATED, c.reasons


@cases(("rel",), [("examples/pylintrc_camelcase",), ("pylint/testutils/testing_pylintrc",)])
def test_pylint_s_settings_under_another_name_are_ini(tmp_path, rel):
    """pylint 4.1.5's example settings (unknown, excluded)."""
    assert_classified(tmp_path, rel, "[BASIC]\nfunction-naming-style=camelCase\n",
                      language="ini", index_policy=Policy.INDEX_TEXT)


ROLLUP_CONFIG = ('import buble from "@rollup/plugin-buble";\nexport default [\n  {\n'
                 '    input: "src/codemirror.js",\n    output: {\n      format: "umd",\n'
                 '      file: "lib/codemirror.js",\n      name: "CodeMirror"\n    }\n  }\n];\n')
UMD = ("(function (global, factory) {\n  typeof exports === 'object' ? module.exports = "
       "factory() : global.CodeMirror = factory();\n}(this, (function () { 'use strict';\n"
       "  var userAgent = navigator.userAgent;\n  return CodeMirror;\n})));\n")


def test_what_the_package_s_rollup_config_writes_from_its_src_is_a_bundle(tmp_path):
    """codemirror 5.65.21's `lib/codemirror.js` (its `main`, 706 pieces repeating `src/`)."""
    write(tmp_path, "package/package.json", json.dumps({"name": "codemirror",
                                                        "main": "lib/codemirror.js"}))
    write(tmp_path, "package/rollup.config.js", ROLLUP_CONFIG)
    write(tmp_path, "package/src/codemirror.js", "export { CodeMirror } from './edit/main.js';\n")
    c = assert_classified(tmp_path, "package/lib/codemirror.js", UMD, kind=Kind.GENERATED,
                          subkind="bundle")
    assert "rollup.config.js writes it from src/codemirror.js" in c.reasons[0], c.reasons


@cases(("rel", "source"), [
    ("package/lib/codemirror.js", None),  # the input is not shipped: the build is the code
    ("package/lib/other.js", "package/src/codemirror.js"),  # no output of the config
])
def test_a_rollup_output_without_its_input_or_another_script_stays(tmp_path, rel, source):
    write(tmp_path, "package/package.json", json.dumps({"name": "codemirror"}))
    write(tmp_path, "package/rollup.config.js", ROLLUP_CONFIG)
    if source:
        write(tmp_path, source, "export {};\n")
    assert_classified(tmp_path, rel, UMD, kind=Kind.SOURCE)


def test_english_variants_and_cldr_s_three_letter_codes_are_translations_too(tmp_path):
    """javascript-time-ago's `locale/en-GB.json` beside `en.json` (105 English variants) and
    `hsb.json`, `be-tarask.json` (CLDR's codes beyond ISO 639-1): 143 left indexed before."""
    _locales(tmp_path, "locale", ["en", "fr", "de", "es", "it", "pt"])
    for name in ["en-GB", "hsb", "be-tarask"]:
        assert_classified(tmp_path, f"locale/{name}.json", LOCALE, kind=Kind.DATA,
                          subkind="translation_catalog")


def test_an_english_variant_without_en_json_stands_for_it(tmp_path):
    _locales(tmp_path, "locales", ["en-US", "fr-FR", "de-DE", "es-ES", "it-IT", "pt-BR"])
    assert_classified(tmp_path, "locales/en-US.json", LOCALE, kind=Kind.CONFIGURATION)


def test_a_minified_chunk_stays_minified(tmp_path):
    """playwright's `traceViewer/assets/urlMatch-Cgl6axSs.js` (minified, metadata only) keeps
    saying so; the chunk rule is for readable chunks."""
    for name in ["a-Cgl6axSs", "b-BQT9Z6FV", "c-QTnfLwEv", "d-Cv6bi7od", "e-DNqxPF-E"]:
        write(tmp_path, f"assets/{name}.js", "export {};\n")
    minified = "var a=1;" + "function f(b){return b*2}" * 400 + "\n"
    assert_classified(tmp_path, "assets/f-Cgl6axS1.js", minified, kind=Kind.GENERATED,
                      subkind="minified")


LUNR = ("/**\n * lunr - http://lunrjs.com - A bit like Solr, but much smaller and not as bright"
        " - 2.3.9\n * Copyright (C) 2020 Oliver Nightingale\n * @license MIT\n */\n\n"
        ";(function(){\nvar lunr = function (config) { return config };\n})();\n")


def test_a_script_below_a_themes_templates_with_its_release_and_licence_is_vendored(
        tmp_path):
    """mkdocs 1.6.1's `contrib/search/templates/search/lunr.js` (lunr 2.3.9, its version at the
    end of the banner's first line) was indexed, and mined for `repokb eval` cases, as mkdocs'
    own source."""
    c = assert_classified(tmp_path, "mkdocs/contrib/search/templates/search/lunr.js", LUNR,
                          kind=Kind.VENDOR, subkind="vendored_library",
                          index_policy=Policy.EXCLUDE)
    assert "2.3.9" in c.reasons[0], c.reasons


@cases(("rel", "text"), [
    ("mkdocs/contrib/search/templates/search/main.js",  # the theme's own script: no banner
     "function getSearchTermFromLocation() {\n  return window.location.search;\n}\n"),
    ("lib/search/lunr.js", LUNR),  # not a served folder: as before
    ("theme/templates/js/app.js", APACHE_HEADER),  # the licence's version, not a release
])
def test_a_script_below_templates_without_a_release_banner_stays_source(tmp_path, rel, text):
    assert_classified(tmp_path, rel, text, kind=Kind.SOURCE)
