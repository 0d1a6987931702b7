"""Files lost or indexed as noise on real packages (session 37): Foundation's and Select2's own
code vendored in their own packages, Font Awesome's icon bundles and its `user-secret.svg`,
element-plus' declarations and css-tree's CommonJS modules indexed twice, @angular/common's
declarations of generated locale data. Each case as the real package holds it, and the near
cases that must stay as they were.
"""

from __future__ import annotations

import json

from repokb.models import Kind, Policy

from ..conftest import cases, classify_file, write

# -- a library's own package: Linguist's library-name rules vendor its own files ----------------
ABIDE = ("import $ from 'jquery';\nimport { Plugin } from './foundation.core.plugin';\n\n"
         "/**\n * Abide module.\n * @module foundation.abide\n */\nclass Abide extends Plugin {\n"
         "  _setup(element, options = {}) {\n    this.$element = element;\n  }\n}\n"
         "export { Abide };\n")
SELECT2_CORE = ("define([\n  'jquery',\n  './options',\n  './utils',\n  './keys'\n], "
                "function ($, Options, Utils, KEYS) {\n  var Select2 = function ($element, "
                "options) {\n    this.$element = $element;\n  };\n  return Select2;\n});\n")


def _manifest(tmp_path, name: str, folder: str = "") -> None:
    write(tmp_path, f"{folder}package.json", json.dumps({"name": name, "version": "1.0.0"}))


@cases(("package", "rel", "text"), [
    # foundation-sites 6.9.0: 67 of its modules (Linguist's `foundation(\..*)?\.js$`)
    ("foundation-sites", "js/foundation.abide.js", ABIDE),
    ("foundation-sites", "js/entries/plugins/foundation.abide.js", ABIDE),
    # select2 4.0.13: its whole src/js/select2/ (Linguist's `(^|/)select2/.*\.(css|scss|js)$`)
    ("select2", "src/js/select2/core.js", SELECT2_CORE),
    # jquery-validation 1.22.1's own build
    ("jquery-validation", "src/jquery.validate.js", SELECT2_CORE),
])
def test_a_library_s_own_package_keeps_the_files_linguist_names_after_it(tmp_path, package,
                                                                          rel, text):
    """In the library's own package the files are its code, not a site's copy of it."""
    _manifest(tmp_path, package)
    c = classify_file(tmp_path, rel, text)
    assert (c.kind, c.index_policy) == (Kind.SOURCE, Policy.PARSE_AND_INDEX), c.reasons


@cases(("package", "rel"), [
    ("my-site", "static/js/foundation.abide.js"),  # a site's copy
    (None, "static/js/foundation.abide.js"),  # no manifest
    ("my-site", "assets/vendor-ish/select2/core.js"),
    ("foundation-sites", "static/select2/core.js"),  # another library's name
    ("bootstrap-theme", "js/bootstrap.js"),  # named like the library, not the library
])
def test_a_copy_of_a_library_stays_vendored(tmp_path, package, rel):
    if package:
        _manifest(tmp_path, package)
    c = classify_file(tmp_path, rel, ABIDE)
    assert c.kind is Kind.VENDOR, c.reasons


def test_the_nearest_manifest_names_the_package(tmp_path):
    """A site's workspace holding a copy below its own package.json keeps it vendored even when
    the root's manifest is the library's."""
    _manifest(tmp_path, "select2")
    _manifest(tmp_path, "demo-app", "demo/")
    c = classify_file(tmp_path, "demo/static/select2/core.js", SELECT2_CORE)
    assert c.kind is Kind.VENDOR, c.reasons
    c = classify_file(tmp_path, "src/js/select2/core.js", SELECT2_CORE)
    assert c.kind is Kind.SOURCE, c.reasons


# -- Font Awesome 7.3.1 ----------------------------------------------------------------------
FA_SOLID = (
    "/*!\n * Font Awesome Free 7.3.1 by @fontawesome - https://fontawesome.com\n */\n"
    "(function () {\n  'use strict';\n\n  var _WINDOW = {};\n"
    "  function _arrayLikeToArray(r, a) {\n    (null == a || a > r.length) && (a = r.length);\n"
    "    for (var e = 0, n = Array(a); e < a; e++) n[e] = r[e];\n    return n;\n  }\n"
    "  function _defineProperty(e, r, t) {\n    return (r = _toPropertyKey(r)) in e ? "
    "Object.defineProperty(e, r, {\n      value: t\n    }) : e[r] = t, e;\n  }\n"
    "  var icons = {\n    \"0\": [320, 512, [], \"30\", \"M0 192C0 103.6\"]\n  };\n})();\n")
PERSON = ("// Helpers for the checkout page.\nfunction _defineProperty(obj, key, value) {\n"
          "  obj[key] = value\n  return obj\n}\nfunction _format(price) {\n"
          "  return price.toFixed(2)\n}\n")


def test_a_build_with_babel_s_helper_functions_beside_its_minified_twin_is_generated(tmp_path):
    """Font Awesome's js/all.js, solid.js, brands.js, regular.js, fontawesome.js (6,100
    pieces of icon data and Babel's output) were indexed as source."""
    write(tmp_path, "js/solid.min.js", "!function(){var c={}}();\n")
    c = classify_file(tmp_path, "js/solid.js", FA_SOLID)
    assert (c.kind, c.subkind, c.index_policy) == \
        (Kind.GENERATED, "distribution_build", Policy.METADATA_ONLY), c.reasons
    assert "helper functions" in c.reasons[0], c.reasons


@cases(("rel", "text", "twin"), [
    ("js/solid.js", FA_SOLID, False),  # no minified twin: the package's code
    ("static/js/checkout.js", PERSON, True),  # a person's helpers, older names
])
def test_helpers_without_a_twin_or_a_person_s_stay_source(tmp_path, rel, text, twin):
    if twin:
        write(tmp_path, rel[:-3] + ".min.js", "!function(){}();\n")
    c = classify_file(tmp_path, rel, text)
    assert c.kind is Kind.SOURCE, c.reasons


SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 448 512"><path d="M224 16c-6.7 '
       '0-10.8-2.8-15.5-6.1C201.9 5.4 194 0 176 0c-30.5 0-52 43.7-66 89.4z"/></svg>\n')


@cases(("rel",), [("svgs/solid/user-secret.svg",), ("icons/credential-card.svg",)])
def test_an_svg_icon_named_after_a_secret_is_an_image(tmp_path, rel):
    """Font Awesome's `user-secret.svg` (twice) was blocked as a secret store."""
    c = classify_file(tmp_path, rel, SVG)
    assert (c.kind, c.subkind) == (Kind.ASSET, "svg_image"), c.reasons


def test_a_source_map_named_after_credentials_is_a_source_map(tmp_path):
    """typeorm 1.1.4's 18 `driver/*/XConnectionCredentialsOptions.js.map` were blocked as
    secret stores."""
    c = classify_file(tmp_path, "driver/postgres/PostgresConnectionCredentialsOptions.js.map",
                      '{"version":3,"file":"PostgresConnectionCredentialsOptions.js",'
                      '"sourceRoot":"","sources":["../../../src/driver/postgres/'
                      'PostgresConnectionCredentialsOptions.ts"],"names":[],"mappings":""}')
    assert (c.kind, c.subkind) == (Kind.BUILD_ARTIFACT, "source_map"), c.reasons


def test_an_xml_file_named_after_a_secret_stays_blocked(tmp_path):
    c = classify_file(tmp_path, "config/secrets.xml",
                      "<secrets><db password=\"hunter2-not-real\"/></secrets>\n")
    assert c.kind is Kind.SECRET_CANDIDATE, c.reasons


# -- a dual build's mirror folders -----------------------------------------------------------
TOKENIZER_ESM = ("import { tokenTypes } from './types.js';\n\nexport function tokenize(source, "
                 "onToken) {\n  return source.length;\n}\n")
TOKENIZER_CJS = ("'use strict';\n\nconst types = require('./types.cjs');\n\nfunction "
                 "tokenize(source, onToken) {\n  return source.length;\n}\n\n"
                 "exports.tokenize = tokenize;\n")
DECLARATION = ("import type { ExtractPropTypes } from 'vue';\nexport declare const affixProps: "
               "{\n    readonly zIndex: number;\n};\nexport type AffixProps = ExtractPropTypes<"
               "typeof affixProps>;\n")


@cases(("rel", "kept", "text", "kept_text"), [
    # css-tree 3.2.1: cjs/ is lib/ as CommonJS (134 modules)
    ("cjs/tokenizer/index.cjs", "lib/tokenizer/index.js", TOKENIZER_CJS, TOKENIZER_ESM),
    # element-plus 2.14.9: lib/ and es/ ship the same 866 declarations (5,950 pieces each)
    ("lib/components/affix/src/affix.d.ts", "es/components/affix/src/affix.d.ts",
     DECLARATION, DECLARATION),
    # typeorm 1.1.4: browser/ mirrors the package (478 of its 483 declarations the same)
    ("browser/driver/postgres/PostgresDriver.d.ts", "driver/postgres/PostgresDriver.d.ts",
     DECLARATION, DECLARATION),
])
def test_a_dual_build_s_mirror_copy_is_build_output(tmp_path, rel, kept, text, kept_text):
    write(tmp_path, kept, kept_text)
    c = classify_file(tmp_path, rel, text)
    assert (c.kind, c.subkind) == (Kind.BUILD_ARTIFACT, "module_format_copy"), c.reasons
    assert kept in c.reasons[0], c.reasons


@cases(("rel", "other", "text", "other_text"), [
    # the kept side of each pair stays
    ("lib/tokenizer/index.js", "cjs/tokenizer/index.cjs", TOKENIZER_ESM, TOKENIZER_CJS),
    ("es/components/affix/src/affix.d.ts", "lib/components/affix/src/affix.d.ts",
     DECLARATION, DECLARATION),
    # declarations that differ are two interfaces
    ("lib/components/affix/src/affix.d.ts", "es/components/affix/src/affix.d.ts",
     DECLARATION, DECLARATION.replace("number", "string")),
    # a CommonJS lib/ beside an ESM es/: a `.js` is no `.cjs` variant (element-plus' lib/*.js
    # are left to the source-map rule)
    ("lib/utils/dom.js", "es/utils/dom.mjs", TOKENIZER_CJS, TOKENIZER_ESM),
    ("browser/driver/postgres/PostgresDriver.js", "driver/postgres/PostgresDriver.js",
     TOKENIZER_ESM, TOKENIZER_ESM),  # code: only a `.cjs` variant is taken as a copy
])
def test_the_kept_side_and_different_files_stay(tmp_path, rel, other, text, other_text):
    write(tmp_path, other, other_text)
    c = classify_file(tmp_path, rel, text)
    assert c.subkind != "module_format_copy", c.reasons


# -- @angular/common 21.2.26: declarations of generated locale data --------------------------
LOCALE_JS = ("/**\n * @license\n * Copyright Google LLC All Rights Reserved.\n */\n"
             "// THIS CODE IS GENERATED - DO NOT MODIFY.\nconst u = undefined;\n"
             "export default [\"fr\", [[\"AM\", \"PM\"]], u];\n")
LOCALE_DTS = ("/**\n * @license\n * Copyright Google LLC All Rights Reserved.\n */\n"
              "declare function plural(val: number): number;\ndeclare const _default: (string "
              "| number | typeof plural)[];\nexport default _default;\n")


@cases(("module",), [("locales/fr.js",), ("locales/extra/fr.mjs",)])
def test_declarations_of_a_generated_module_are_generated(tmp_path, module):
    """@angular/common's 1,490 locales/*.d.ts (1,929 pieces) were indexed as source."""
    write(tmp_path, module, LOCALE_JS)
    rel = module.rsplit(".", 1)[0] + ".d.ts"
    c = classify_file(tmp_path, rel, LOCALE_DTS)
    assert (c.kind, c.subkind, c.index_policy) == \
        (Kind.GENERATED, "generated_declarations", Policy.METADATA_ONLY), c.reasons
    assert "THIS CODE IS GENERATED" in c.reasons[0], c.reasons


@cases(("module", "text"), [
    ("locales/fr.js", "export default ['fr'];\n"),  # a module written by hand
    ("locales/de.js", LOCALE_JS),  # another module's marker
])
def test_declarations_of_a_hand_written_module_stay_source(tmp_path, module, text):
    write(tmp_path, module, text)
    c = classify_file(tmp_path, "locales/fr.d.ts", LOCALE_DTS)
    assert c.kind is Kind.SOURCE, c.reasons


# -- copies of other projects inside a Python package ---------------------------------------
CKEDITOR_PLUGIN = ("/**\n * @license Copyright (c) 2003-2023, CKSource Holding sp. z o.o.\n */\n"
                   "CKEDITOR.plugins.add( 'autoembed', {\n\trequires: 'autolink,undo',\n"
                   "\tinit: function( editor ) {\n\t\teditor.on( 'paste', function() {} );\n"
                   "\t}\n} );\n")
APP_INIT = ("(function() {\n  var djangoJQuery;\n  document.addEventListener('DOMContentLoaded',"
            " function() {\n    initialiseCKEditor();\n  });\n})();\n")


def test_a_library_copied_below_static_with_its_licence_is_vendored(tmp_path):
    """django-ckeditor 6.7.4's static/ckeditor/ckeditor/ (CKEditor 4 and its plugins: 402
    scripts) was indexed as the app's source."""
    write(tmp_path, "ckeditor/static/ckeditor/ckeditor/LICENSE.md", "Software License Agreement")
    c = classify_file(tmp_path, "ckeditor/static/ckeditor/ckeditor/plugins/autoembed/plugin.js",
                      CKEDITOR_PLUGIN)
    assert (c.kind, c.subkind) == (Kind.VENDOR, "vendored_library"), c.reasons
    assert "LICENSE.md" in c.reasons[0], c.reasons
    # the app's own script beside the copy, above the licence, stays its own
    c = classify_file(tmp_path, "ckeditor/static/ckeditor/ckeditor-init.js", APP_INIT)
    assert c.kind is Kind.SOURCE, c.reasons


@cases(("rel", "licence"), [
    ("app/static/js/app.js", None),  # no licence
    ("app/assets/editor/plugin.js", "app/assets/editor/LICENSE"),  # not below static/
    ("app/static/admin/img/icon.js", "app/static/LICENSE"),  # static/'s own licence: the app's
])
def test_scripts_below_static_without_a_licence_of_their_own_stay_source(tmp_path, rel,
                                                                         licence):
    if licence:
        write(tmp_path, licence, "MIT License")
    c = classify_file(tmp_path, rel, APP_INIT)
    assert c.kind is Kind.SOURCE, c.reasons


TS_LIB = ("/*! *****************************************************************************\n"
          "Copyright (c) Microsoft Corporation. All rights reserved.\n"
          "***************************************************************************** */\n"
          "\n\n/// <reference no-default-lib=\"true\"/>\n\n"
          "interface HTMLElement extends Element {\n    accessKey: string;\n}\n")


def test_typescript_s_standard_library_copied_in_is_vendored(tmp_path):
    """bokeh 3.9.2's server/static/lib/lib.*.d.ts (99 files, 5,554 pieces) were indexed as
    bokeh's source; in the typescript package they are its own."""
    c = classify_file(tmp_path, "src/bokeh/server/static/lib/lib.dom.d.ts", TS_LIB)
    assert (c.kind, c.subkind) == (Kind.VENDOR, "vendored_library"), c.reasons
    _manifest(tmp_path / "ts", "typescript")
    c = classify_file(tmp_path / "ts", "lib/lib.dom.d.ts", TS_LIB)
    assert c.kind is Kind.SOURCE, c.reasons
    c = classify_file(tmp_path, "types/lib.helpers.d.ts", TS_LIB.replace(
        '/// <reference no-default-lib="true"/>', '/// <reference lib="dom"/>'))
    assert c.kind is Kind.SOURCE, c.reasons


BROWSERIFY = (
    '(function(f){if(typeof exports==="object"&&typeof module!=="undefined"){module.exports=f()}'
    '})(function(){var define,module,exports;return (function e(t,n,r){function s(o,u){if(!n[o])'
    '{if(!t[o]){var a=typeof require=="function"&&require;if(!u&&a)return a(o,!0);var f=new '
    'Error("Cannot find module \'"+o+"\'");throw f.code="MODULE_NOT_FOUND",f}}return n[o].'
    'exports}return s})({1:[function(require,module,exports){\nvar _ = require("underscore");\n'
    "\nvar Acceptors = {\n  creators: null,\n\n  init: function() {\n    this.creators = [];\n"
    "  },\n")


def test_a_browserify_bundle_is_generated(tmp_path):
    """mkdocs-material 9.8.2's lunr/wordcut.js (wordcut with underscore, 677 KB: 1,189
    pieces) was indexed as the theme's source."""
    text = BROWSERIFY + "  reset: function() {\n    this.current = [];\n  },\n" * 1200
    c = classify_file(tmp_path, "material/templates/assets/javascripts/lunr/wordcut.js", text)
    assert (c.kind, c.index_policy) == (Kind.GENERATED, Policy.METADATA_ONLY), c.reasons
    assert "browserify" in c.reasons[0], c.reasons


def test_a_module_importing_the_library_it_is_named_after_is_the_project_s(tmp_path):
    """pydata-sphinx-theme 0.24.0's own assets/scripts/bootstrap.js (`import * as bootstrap
    from "bootstrap"`) was vendored by Linguist's bootstrap rule; a copy of Bootstrap stays."""
    own = ('// Import all of Bootstrap\'s JS\nimport * as bootstrap from "bootstrap";\n'
           "function TriggerTooltip() {\n  return new bootstrap.Tooltip(document.body);\n}\n")
    c = classify_file(tmp_path, "src/theme/assets/scripts/bootstrap.js", own)
    assert c.kind is Kind.SOURCE, c.reasons
    copy = ("/*!\n  * Bootstrap v5.3.3 (https://getbootstrap.com/)\n  */\n(function (global, "
            "factory) {\n  typeof exports === 'object' ? module.exports = factory(require("
            "'@popperjs/core')) : global.bootstrap = factory(global.Popper);\n})(this, "
            "function (Popper) { 'use strict'; });\n")
    c = classify_file(tmp_path, "static/js/bootstrap.js", copy)
    assert c.kind is Kind.VENDOR, c.reasons


@cases(("rel", "kind"), [
    ("tests/fixtures/complete/pyproject.toml", Kind.TEST_FIXTURE),  # poetry-core 2.5.0
    ("tests/fixture/app/package.json", Kind.TEST_FIXTURE),
    ("pyproject.toml", Kind.DEPENDENCY_MANIFEST),
    ("packages/fixtures-lib/pyproject.toml", Kind.DEPENDENCY_MANIFEST),  # a package so named
])
def test_a_test_s_sample_project_manifest_is_a_fixture(tmp_path, rel, kind):
    """poetry-core's 87 tests/fixtures/*/pyproject.toml were indexed as its manifests."""
    text = ('{"name": "app", "dependencies": {"left-pad": "1.3.0"}}\n' if rel.endswith(".json") else
            '[project]\nname = "my-package"\nversion = "1.2.3"\ndependencies = ["attrs"]\n')
    c = classify_file(tmp_path, rel, text)
    assert c.kind is kind, c.reasons


@cases(("rel", "text", "kind"), [
    # SymPy 1.14.0's own sympy/external/ (its interface to gmpy2, numpy ...): 14 modules
    ("sympy/external/gmpy.py", "import os\n\nfrom sympy.external import import_module\n"
     "from .pythonmpq import PythonMPQ\n", Kind.SOURCE),
    ("pkg/sub/external/helpers.py", "from ..core import Basic\n", Kind.SOURCE),
    # a package copied into external/ imports only itself
    ("mypkg/external/six.py", "import sys\nfrom .moves import urllib\n", Kind.VENDOR),
    ("external/six.py", "from six.moves import urllib\n", Kind.VENDOR),
])
def test_a_python_package_s_own_external_folder_is_its_code(tmp_path, rel, text, kind):
    c = classify_file(tmp_path, rel, text)
    assert c.kind is kind, c.reasons


# -- a test of the migration machinery is a test, not a migration (rank37's Django lead) -------
AUTODETECTOR_TEST = ("from django.db.migrations.autodetector import MigrationAutodetector\n"
                     "from django.test import TestCase\n\n\nclass AutodetectorTests(TestCase):\n"
                     "    def test_arrange_for_graph(self):\n        pass\n")
MIGRATION = ("from django.db import migrations, models\n\n\nclass Migration(migrations.Migration)"
             ":\n    operations = [migrations.CreateModel('Author', fields=[])]\n")


@cases(("rel", "text", "kind"), [
    # Django 5.2.8's tests/migrations/test_autodetector.py was a `schema` migration, so a
    # question about the autodetector drew four of its pieces past the tests' rank
    ("tests/migrations/test_autodetector.py", AUTODETECTOR_TEST, Kind.TEST),
    ("app/migrations/test_helpers_test.py", AUTODETECTOR_TEST, Kind.TEST),
    # what must stay: a migration, and a migration a test loads (its fixture) under tests/
    ("app/migrations/0001_initial.py", MIGRATION, Kind.SCHEMA),
    ("tests/migrations/test_migrations/0001_initial.py", MIGRATION, Kind.SCHEMA),
])
def test_a_test_named_file_in_a_migrations_folder_is_a_test(tmp_path, rel, text, kind):
    c = classify_file(tmp_path, rel, text)
    assert c.kind is kind, c.reasons
