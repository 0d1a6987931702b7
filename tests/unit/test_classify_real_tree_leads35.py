"""Files lost or indexed as noise on real packages (session 35): date-fns' `locale/*/cdn.js`
and moment's `min/` builds indexed beside the modules they repeat. Each case as the real
package holds it, and the near cases that must stay as they were.
"""

from __future__ import annotations

from repokb.models import Kind, Policy

from ..conftest import cases, classify_file, write

# date-fns 4.4.0 `locale/en-US/cdn.js`: rolldown's regions around Babel's output
DATE_FNS_CDN = (
    "(() => {\n"
    'var _window$dateFns;function _typeof(o) {"@babel/helpers - typeof";return _typeof = '
    '"function" == typeof Symbol ? function (o) {return typeof o;} : function (o) {return o;}, '
    "_typeof(o);} //#region dist/date-fns/locale/en-US/_lib/formatDistance.js\n"
    "const formatDistanceLocale = {\n  lessThanXSeconds: {\n    one: \"less than a second\",\n"
    '    other: "less than {{count}} seconds"\n  }\n};\n'
    "//#endregion\n//#region dist/date-fns/locale/_lib/buildFormatLongFn.js\n"
    "function buildFormatLongFn(args) {\n  return (options = {}) => {\n"
    "    const width = options.width ? String(options.width) : args.defaultWidth;\n"
    "    return args.formats[width] || args.formats[args.defaultWidth];\n  };\n}\n"
    "//#endregion\n})();\n")
# date-fns' root cdn.js: regions only (no Babel helper in the head)
REGIONS_ONLY = DATE_FNS_CDN.replace('"@babel/helpers - typeof";', "")
# moment 2.31.0 `min/locales.js`: rollup's UMD wrapper
MOMENT_LOCALES = (
    ";(function (global, factory) {\n"
    "   typeof exports === 'object' && typeof module !== 'undefined'\n"
    "       && typeof require === 'function' ? factory(require('../moment')) :\n"
    "   typeof define === 'function' && define.amd ? define(['../moment'], factory) :\n"
    "   factory(global.moment)\n}(this, (function (moment) { 'use strict';\n\n"
    "    //! moment.js locale configuration\n\n    moment.defineLocale('af', {\n"
    "        months: 'Januarie_Februarie_Maart'.split('_'),\n    });\n\n})));\n")
MINIFIED = "!function(e,t){e.x=t()}(this,function(){return 1});\n"
# a person's script and jQuery plugin beside their minified copies
HAND_WRITTEN = ("// Toggle the navigation menu on small screens.\n"
                "document.querySelector('.menu-toggle').addEventListener('click', () => {\n"
                "  document.body.classList.toggle('menu-open')\n})\n")
HAND_UMD = ("(function (root, factory) {\n  if (typeof define === 'function' && define.amd) {\n"
            "    define(['jquery'], factory)\n  } else {\n    factory(root.jQuery)\n  }\n"
            "}(this, function ($) {\n  $.fn.tooltip = function () { return this }\n}))\n")
# a VS Code folding region named by words
WORD_REGIONS = "//#region Helpers\nfunction helper() {\n  return 1\n}\n//#endregion\n"


@cases(("rel", "text"), [
    ("locale/en-US/cdn.js", DATE_FNS_CDN),
    ("locale/cdn.js", REGIONS_ONLY),
    ("min/locales.js", MOMENT_LOCALES),
    ("min/moment-with-locales.js", MOMENT_LOCALES.replace("af", "en-gb")),
])
def test_a_distribution_build_beside_its_minified_twin_is_generated(tmp_path, rel, text):
    """date-fns' 96 cdn.js (1,470 pieces) and moment's min/ builds (1,971) were indexed as
    source, repeating the modules the packages ship."""
    write(tmp_path, rel[:-3] + ".min.js", MINIFIED)
    c = classify_file(tmp_path, rel, text)
    assert (c.kind, c.subkind, c.index_policy) == \
        (Kind.GENERATED, "distribution_build", Policy.METADATA_ONLY), c.reasons
    assert rel.rsplit("/", 1)[-1][:-3] + ".min.js beside it" in c.reasons[0], c.reasons


@cases(("rel", "text", "twin"), [
    ("locale/en-US/cdn.js", DATE_FNS_CDN, False),  # no minified twin beside
    ("moment.js", MOMENT_LOCALES, False),  # moment's main build: its twin is in min/
    ("static/js/app.js", HAND_WRITTEN, True),
    ("jquery.tooltip.js", HAND_UMD, True),
    ("src/helpers.js", WORD_REGIONS, True),
])
def test_a_script_without_a_build_s_marks_or_twin_stays_source(tmp_path, rel, text, twin):
    if twin:
        write(tmp_path, rel[:-3] + ".min.js", MINIFIED)
    c = classify_file(tmp_path, rel, text)
    assert c.kind is Kind.SOURCE, c.reasons


BLUEBIRD = ("/* @preserve\n * The MIT License (MIT)\n */\n"
            "/**\n * bluebird build version 3.7.2\n*/\n"
            '!function(e){if("object"==typeof exports&&"undefined"!=typeof module)'
            'module.exports=e();else if("function"==typeof define&&define.amd)define([],e);'
            "}(function(){var define,module,exports;return (function(){})()({1:[function("
            "_dereq_,module,exports){\n\"use strict\";\nmodule.exports = function(Promise) {\n"
            "    return Promise\n};\n},{}]},{},[4])(4)\n});\n")


def test_a_browserify_build_beside_its_minified_twin_is_generated(tmp_path):
    """bluebird's js/browser/bluebird.js and bluebird.core.js (539 pieces) repeated
    js/release/."""
    write(tmp_path, "js/browser/bluebird.min.js", MINIFIED)
    c = classify_file(tmp_path, "js/browser/bluebird.js", BLUEBIRD)
    assert (c.kind, c.subkind) == (Kind.GENERATED, "distribution_build"), c.reasons


# echarts 6.1.0's lib/view/Chart.js: the ChartView every chart type extends (tsc's output)
ECHARTS_CHART = ("import { each } from 'zrender/lib/core/util.js';\n"
                 "var ChartView = /** @class */function () {\n"
                 "  function ChartView() {\n    this.group = new Group();\n  }\n"
                 "  ChartView.prototype.render = function (seriesModel, ecModel, api) {};\n"
                 "  return ChartView;\n}();\nexport default ChartView;\n")
CHART_JS_COPY = ("/*!\n * Chart.js v2.9.4\n * https://www.chartjs.org\n */\n"
                 "(function (global) {})(this);\n")
LEAFDOC = ("\n@class Class\n@aka L.Class\n\nL.Class powers the OOP facilities of Leaflet and is "
           "used to create almost all of the Leaflet classes documented here.\n\n@example\n\n"
           "```js\nvar MyClass = L.Class.extend({\n  initialize: function (greeter) {}\n});\n```\n")


@cases(("rel", "text", "kind"), [
    ("lib/view/Chart.js", ECHARTS_CHART, Kind.SOURCE),
    ("src/view/Chart.js", ECHARTS_CHART, Kind.SOURCE),
    ("static/js/Chart.js", CHART_JS_COPY, Kind.VENDOR),  # the library copied into a site
    ("src/core/Class.leafdoc", LEAFDOC, Kind.DOCUMENTATION),  # Leaflet's Leafdoc pages
])
def test_a_library_s_own_file_named_like_another_library_or_documented_by_leafdoc(
        tmp_path, rel, text, kind):
    """echarts' lib/view/Chart.js was vendored (Linguist's Chart.js rule); Leaflet's 4
    `.leafdoc` pages were unknown, excluded."""
    c = classify_file(tmp_path, rel, text)
    assert c.kind is kind, c.reasons


@cases(("rel", "text", "beside", "kind"), [
    # Pygments' lexer inputs beside the token stream a golden test compares
    ("tests/examplefiles/cobol/example.cob", "       IDENTIFICATION DIVISION.\n"
     "       PROGRAM-ID. HELLO.\n", "tests/examplefiles/cobol/example.cob.output",
     Kind.TEST_FIXTURE),
    ("tests/examplefiles/scala/char.scala", "object Main {\n  val c = 'a'\n}\n",
     "tests/examplefiles/scala/char.scala.output", Kind.TEST_FIXTURE),
    ("tests/examplefiles/wikitext/article_france.wikitext",
     "'''France''' is a country.\n\n== History ==\n",
     "tests/examplefiles/wikitext/article_france.wikitext.output", Kind.TEST_FIXTURE),
    # a test module with a `.out` of something else beside it stays a test
    ("tests/test_cli.py", "def test_run():\n    assert run() == 0\n", "tests/cli.out",
     Kind.TEST),
    # outside a test folder an `X.output` twin says nothing
    ("examples/demo.py", "print('hello')\n", "examples/demo.py.output", Kind.SOURCE),
    # Sphinx's copy of a page's source beside its searchindex.js, the source not in the
    # project: the copy is read (decisions41; alembic's, with `docs/build/changelog.rst`, is a
    # build artifact: test_classify_real_tree_leads41)
    ("docs/_sources/changelog.rst", "=========\nChangelog\n=========\n\n.. changelog::\n",
     "docs/searchindex.js", Kind.DOCUMENTATION),
    # a `_sources/` folder with no Sphinx output beside it is a project's own
    ("docs/_sources/changelog.rst", "=========\nChangelog\n=========\n\n.. changelog::\n",
     "docs/index.rst", Kind.DOCUMENTATION),
    ("FAQ", "============================\n Frequently Asked Questions\n"
     "============================\n\nQ: Message.reject doesn't work?\n", "README.rst",
     Kind.DOCUMENTATION),  # kombu's FAQ
])
def test_a_golden_input_a_sphinx_source_copy_and_a_faq(tmp_path, rel, text, beside, kind):
    """Pygments' 671 examplefiles were indexed as tests, docs, contracts (943 pieces for one
    Wikipedia article); alembic's docs/_sources/ repeated docs/build/ (634 pieces of
    changelog twice); kombu's FAQ was unknown."""
    write(tmp_path, beside, "x\n")
    c = classify_file(tmp_path, rel, text)
    assert c.kind is kind, c.reasons


def test_a_copyright_file_as_debian_installs_it_is_a_license(tmp_path):
    """usr/share/doc/<package>/copyright was unknown in all 4 Debian packages audited."""
    c = classify_file(tmp_path, "usr/share/doc/ruby-rack/copyright",
                      "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/"
                      "1.0/\nUpstream-Name: rack\n\nFiles: *\nCopyright: 2007 Leah\n"
                      "License: Expat\n")
    assert (c.kind, c.subkind) == (Kind.DOCUMENTATION, "license"), c.reasons


AFTER = ("// Returns a function that will only be executed on and after the Nth call.\n"
         "function after(times, func) {\n  return function() {\n"
         "    if (--times < 1) {\n      return func.apply(this, arguments);\n    }\n  };\n}\n")


@cases(("rel", "source", "kind"), [
    ("amd/after.js", "modules/after.js", Kind.BUILD_ARTIFACT),  # underscore 1.13.8
    ("cjs/after.js", "modules/after.js", Kind.BUILD_ARTIFACT),
    ("es/add.js", "src/add.js", Kind.BUILD_ARTIFACT),  # ramda 0.32.0
    ("packages/x/esm/util/merge.js", "packages/x/src/util/merge.ts", Kind.BUILD_ARTIFACT),
    # a format folder with no source beside it is the package's code
    ("cjs/after.js", "lib/after.js", Kind.SOURCE),
    # a locale folder named `es` beside another language's is no module format
    ("i18n/es/after.js", "i18n/en/after.js", Kind.SOURCE),
])
def test_a_module_copied_into_a_module_format_folder_is_build_output(tmp_path, rel, source,
                                                                     kind):
    """underscore's amd/ and cjs/ (322 modules) and ramda's es/ (369) were indexed beside the
    modules they copy."""
    write(tmp_path, source, AFTER)
    c = classify_file(tmp_path, rel, AFTER)
    assert c.kind is kind, c.reasons
    if kind is Kind.BUILD_ARTIFACT:
        assert c.subkind == "module_format_copy" and source in c.reasons[0], c.reasons


@cases(("rel", "text", "subkind"), [
    # Pygments 2.21.0: the generator named in the module's docstring
    ("pygments/lexers/_vim_builtins.py",
     '"""\n    pygments.lexers._vim_builtins\n    ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n\n'
     "    This file is autogenerated by scripts/get_vimkw.py\n\n"
     '    :license: BSD, see LICENSE for details.\n"""\n\n'
     "def _getcommand():\n    var = (\n        ('a','a'),\n    )\n    return var\n",
     "generated_code"),
    # the Snowball compiler's stemmers (Sphinx's non-minified-js/, snowballstemmer's .py)
    ("sphinx/search/non-minified-js/serbian-stemmer.js",
     "// Generated from serbian.sbl by Snowball 3.0.1 - https://snowballstem.org/\n\n"
     "/**@constructor*/\nvar SerbianStemmer = function() {\n    var base = new BaseStemmer();\n"
     "};\n", "generated_code"),
    ("snowballstemmer/english_stemmer.py",
     "# Generated from english.sbl by Snowball 3.1.1 - https://snowballstem.org/\n\n"
     "from .basestemmer import BaseStemmer\n\n\nclass EnglishStemmer(BaseStemmer):\n"
     "    pass\n", "generated_code"),
    ("qdrant_client/grpc/points_pb2.pyi",
     '"""\n@generated by mypy-protobuf.  Do not edit manually!\nisort:skip_file\n"""\n'
     "import builtins\n", "protobuf_generated"),
])
def test_a_generator_named_in_a_module_docstring_or_snowball_s_header(tmp_path, rel, text,
                                                                      subkind):
    """Pygments' _vim_builtins.py and _css_builtins.py, Sphinx's 38 Snowball stemmers (230
    pieces for Serbian's) and snowballstemmer's 41 were indexed as source."""
    c = classify_file(tmp_path, rel, text)
    assert (c.kind, c.subkind) == (Kind.GENERATED, subkind), c.reasons


@cases(("text",), [
    # a test's docstring quoting the sentence, below code
    ('import tool\n\n\ndef test_output():\n    """Check that the file is generated by the '
     'tool."""\n    assert tool.run()\n',),
    # a string below code (a template the module writes out)
    ('import os\n\nHEADER = """\nThis file is generated by tool.py: do not edit.\n"""\n',),
])
def test_a_docstring_or_string_below_code_is_no_marker(tmp_path, text):
    """A test's one-line docstring near the top was read as a comment (on main too)."""
    c = classify_file(tmp_path, "src/tool/check.py", text)
    assert c.kind is Kind.SOURCE, c.reasons


def test_a_module_docstring_quoting_another_file_s_marker_is_no_marker(tmp_path):
    """repokb's own tests/unit/test_classify_android.py cites "Automatically generated file.
    DO NOT MODIFY" in its docstring: it stays a test."""
    text = ('"""Android projects.\n\nCapacitor\'s `Automatically generated file. DO NOT MODIFY`\n'
            '(BuildConfig.java) was not seen as generated.\n"""\n\nimport pytest\n')
    c = classify_file(tmp_path, "tests/unit/test_classify_android.py", text)
    assert c.kind is Kind.TEST, c.reasons
