"""Files lost or indexed as noise on real packages (session 39): session 38's leftovers (gsap's
re-export lists and six @babel/runtime helpers indexed twice, django-extensions' copied jQuery
plugins read as its source) and what the audit of more trees found. Each case as the real
package holds it, and the near cases that must stay as they were.
"""

from __future__ import annotations

import json

from repokb.models import Kind, Policy

from ..conftest import assert_classified, cases, write

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
