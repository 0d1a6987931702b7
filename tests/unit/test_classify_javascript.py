"""Hand-written JavaScript with one long line against real bundles (found on three 0.187.0)."""

from __future__ import annotations

import pytest

from repokb.models import Kind, Policy

from ..conftest import classify_file

_FUNCTIONS = "".join(
    f"\n/**\n * Returns the {name} of the given values.\n *\n * @param {{number}} x - A value.\n"
    f" * @return {{number}} The result.\n */\nfunction {name}( x, min, max ) {{\n\n"
    f"\treturn Math.max( min, Math.min( max, x ) );\n\n}}\n"
    for name in ("clamp", "euclideanModulo", "mapLinear", "inverseLerp", "lerp", "damp",
                 "pingpong", "smoothstep", "smootherstep", "randInt", "randFloat"))
# src/math/MathUtils.js: a 256-entry lookup table on one 1,552-character line
MATH_UTILS = ("const _lut = [ " + ", ".join(f"'{i:02x}'" for i in range(256)) + " ];\n\n"
              "let _seed = 1234567;\n" + _FUNCTIONS)
# src/renderers/webgl/WebGLUtils.js: one import of 60 constants, 1,240 characters
WEBGL_UTILS = ("import { " + ", ".join(f"RGBA_ASTC_{i}x{i}_Format" for i in range(60))
               + " } from '../../constants.js';\n" + _FUNCTIONS)
# examples/jsm/loaders/PDBLoader.js: a table of element colours on one line, inside a method
PDB_LOADER = (_FUNCTIONS + "\t\tconst CPK = { " + ", ".join(f"e{i}: [ 255, {i}, 13 ]"
                                                            for i in range(120)) + " };\n"
              + _FUNCTIONS)

LIL_GUI = ("/**\n * lil-gui\n * @version 0.17.0\n * @license MIT\n */\n"
           + "class t{constructor(i,e){this.parent=i,this.object=e}" * 400 + "\n")
EMSCRIPTEN_GLUE = ("\nvar DracoDecoderModule = (() => {\n  var _scriptDir = undefined;\n"
                   "  return (\nfunction(DracoDecoderModule = {})  {\n\n"
                   + "var Module=typeof M!='undefined'?M:{};var a,b;" * 200 + "\n})();\n")
WASM_IN_JS = ("// This file is part of meshoptimizer library.\n"
              "var MeshoptDecoder = (function () {\n\tvar wasm_base =\n\t\t'"
              + "b9H79Tebbbe8Fv9Gbb9Gvuuuuueu9Giuuub9Geueu9Giuuueu" * 160 + "';\n})();\n")


@pytest.mark.parametrize(("rel", "content"), [
    ("src/math/MathUtils.js", MATH_UTILS),
    ("src/renderers/webgl/WebGLUtils.js", WEBGL_UTILS),
    ("examples/jsm/loaders/PDBLoader.js", PDB_LOADER),
])
def test_one_long_line_in_hand_written_code_is_not_minified(tmp_path, rel, content):
    # regression: three's MathUtils.js (clamp, lerp, generateUUID ...), WebGLUtils.js and
    # TextureUtils.js were minified code (longest line 1552 chars, whitespace 21%), metadata only
    c = classify_file(tmp_path, rel, content)
    assert (c.kind, c.index_policy) != (Kind.GENERATED, Policy.METADATA_ONLY), c.reasons
    assert "minified" not in c.flags, c.reasons


@pytest.mark.parametrize(("rel", "content"), [
    ("public/js/lil-gui.js", LIL_GUI),
    ("examples/jsm/draco/draco_decoder.js", EMSCRIPTEN_GLUE),
    ("static/meshopt_decoder.js", WASM_IN_JS),
])
def test_bundles_whose_long_lines_are_most_of_the_file_stay_minified(tmp_path, rel, content):
    c = classify_file(tmp_path, rel, content)
    assert (c.kind, c.subkind, c.index_policy) == (Kind.GENERATED, "minified",
                                                   Policy.METADATA_ONLY), c.reasons


FFLATE = ("/*!\nfflate - fast JavaScript compression/decompression\n"
          "<https://101arrowz.github.io/fflate>\nLicensed under MIT.\nversion 0.8.3\n*/\n\n"
          + _FUNCTIONS)
TWEEN = ("/**\n * The Ease class provides a collection of easing functions for use with tween.js.\n"
         " */\nvar Easing = Object.freeze({\n    Linear: Object.freeze({\n"
         "        None: function (amount) {\n            return amount;\n        },\n"
         "    }),\n});\n" + _FUNCTIONS)
MIKKTSPACE = ("/*!\n * Copyright (C) 2011 by Morten S. Mikkelsen\n *\n"
              " * This software is provided 'as-is', without any express or implied\n */\n"
              + _FUNCTIONS)
PLAIN = "// Wraps an MP4Box File as a WritableStream underlying sink.\n" + _FUNCTIONS


@pytest.mark.parametrize(("rel", "content"), [
    ("examples/jsm/libs/fflate.module.js", FFLATE),  # its own licence banner
    ("examples/jsm/libs/tween.module.js", TWEEN),  # a library's ES-module build, by its name
    ("public/js/libs/mikktspace.js", MIKKTSPACE),
    ("static/libs/chart.esm.js", PLAIN),
])
def test_a_library_copied_into_a_libs_folder_is_vendored(tmp_path, rel, content):
    # regression: three's examples/jsm/libs/ (fflate, tween, stats, potpack, mikktspace,
    # motion-controllers) were indexed as three's own example code
    c = classify_file(tmp_path, rel, content)
    assert (c.kind, c.index_policy) == (Kind.VENDOR, Policy.EXCLUDE), c.reasons
    assert "vendor" in c.flags
    assert any("libs/" in r for r in c.reasons), c.reasons


@pytest.mark.parametrize(("rel", "content"), [
    ("examples/jsm/libs/demuxer_mp4.js", PLAIN),  # no sign of another project: sample code
    ("libs/ui/button.module.js", TWEEN),  # an Nx workspace's libs/ holds its own libraries
    ("libs/shared.module.js", FFLATE),  # a libs/ folder at the root is the project's own
    ("src/libs/format.js", PLAIN),
    ("web/libs/widgets/menu.module.js", TWEEN),  # not directly in libs/: a package of its own
])
def test_the_projects_own_code_in_a_libs_folder_is_not_vendored(tmp_path, rel, content):
    c = classify_file(tmp_path, rel, content)
    assert c.kind == Kind.SOURCE and c.index_policy == Policy.PARSE_AND_INDEX, c.reasons


def test_the_minified_reason_says_what_the_file_looks_like(tmp_path):
    # `repokb explain` said only 'minified code (javascript)': the language, not why
    c = classify_file(tmp_path, "static/meshopt_decoder.js", WASM_IN_JS)
    assert c.reasons[0].startswith("minified code (longest line "), c.reasons
    assert "whitespace" in c.reasons[0]


def _typeface(glyphs: int) -> str:
    outline = " ".join(f"q {i * 7 % 1500} {i * 13 % 1200} {i * 3 % 900}" for i in range(60))
    body = ",".join(f'"{chr(33 + i)}":{{"ha":600,"x_min":0,"x_max":600,"o":"m 0 0 {outline}"}}'
                    for i in range(glyphs))
    return ('{"glyphs":{' + body + '},"familyName":"Helvetiker","ascender":1189,'
            '"descender":-334,"resolution":1000,"cssFontWeight":"normal"}')


def test_a_one_line_json_font_is_data_not_configuration(tmp_path):
    # regression: three's examples/fonts/helvetiker_regular.typeface.json (64 KB on one line,
    # glyph outlines) was 'json configuration', 173 chunks of `q 12 91 27 ...` to embed
    c = classify_file(tmp_path, "examples/fonts/helvetiker_regular.typeface.json", _typeface(94))
    assert c.index_policy == Policy.METADATA_ONLY, c.reasons
    assert c.subkind == "one_line_blob"


def test_json_written_to_be_read_stays_configuration(tmp_path):
    pretty = "{\n" + ",\n".join(f'  "rule-{i}": ["error", {{"max": {i}}}]' for i in range(3000))
    c = classify_file(tmp_path, "config/eslint-rules.json", pretty + "\n}\n")  # 100 KB
    assert c.index_policy == Policy.INDEX_TEXT, c.reasons
    small = classify_file(tmp_path, "config/theme.json", _typeface(4))  # one line, 3 KB
    assert small.index_policy == Policy.INDEX_TEXT, small.reasons
