"""GLSL in JavaScript strings is cut by its functions (three.js's shader chunks)."""

from __future__ import annotations

from repokb.chunkers import chunker_for

_PCF = "".join(f"\t\tfloat sample{i} = texture( shadowMap, vec3( uv + offset{i}, depth ) );\n"
               for i in range(16))
SHADOW_CHUNK = (  # src/renderers/shaders/ShaderChunk/shadowmap_pars_fragment.glsl.js, shortened
    "export default /* glsl */`\n#ifdef USE_SHADOWMAP\n\n"
    "\tuniform sampler2DShadow directionalShadowMap[ NUM_DIR_LIGHT_SHADOWS ];\n\n"
    "\tstruct DirectionalLightShadow {\n\t\tfloat shadowIntensity;\n\t\tfloat shadowBias;\n"
    "\t\tvec2 shadowMapSize;\n\t};\n\n"
    "\t// Interleaved Gradient Noise for randomizing sample rotation\n"
    "\tfloat interleavedGradientNoise( vec2 position ) {\n\n"
    "\t\treturn fract( 52.9829189 * fract( dot( position, vec2( 0.06711056, 0.00583715 ) ) ) );"
    "\n\n\t}\n\n"
    "\tfloat getShadow( sampler2DShadow shadowMap, vec2 shadowMapSize, float shadowIntensity,"
    " float shadowBias, float shadowRadius, vec4 shadowCoord ) {\n\n"
    "\t\tfloat shadow = 1.0;\n" + _PCF +
    "\t\treturn mix( 1.0, shadow, shadowIntensity );\n\n\t}\n\n"
    "\tvec3 BRDF_Lambert( const in vec3 diffuseColor ) {\n\n"
    "\t\treturn RECIPROCAL_PI * diffuseColor;\n\n\t}\n\n#endif\n`;\n")
# src/renderers/shaders/ShaderLib/meshphong.glsl.js: an exported const holds a whole program
PHONG = ("export const fragment = /* glsl */`\n#define PHONG\n\nuniform vec3 diffuse;\n"
         "uniform float opacity;\n\n"
         + "".join(f"#include <chunk_{i}_pars_fragment>\n" for i in range(30)) +
         "\nvoid main() {\n\n\tvec4 diffuseColor = vec4( diffuse, opacity );\n"
         + "".join(f"\t#include <chunk_{i}_fragment>\n" for i in range(40)) +
         "\tgl_FragColor = vec4( outgoingLight, diffuseColor.a );\n\n}\n`;\n")
TAGGED = ("const frag = glsl`\nprecision highp float;\nuniform float ${ uniformName };\n\n"
          "float noise( in vec2 st ) {\n\n\treturn fract( sin( dot( st, vec2( 12.9898, 78.233 ) ) )"
          " * 43758.5453123 );\n\n}\n\nvoid main() {\n\n\tgl_FragColor = vec4( vec3( noise("
          " gl_FragCoord.xy ) ), 1.0 );\n\n}\n`;\n")


def _pieces(source: str):
    chunker = chunker_for("javascript")
    assert chunker is not None
    return chunker.chunk(source)


def test_a_shader_chunk_is_cut_by_its_glsl_functions_and_structs():
    # regression: 500-character windows with no symbol, a function split across three of them
    pieces = _pieces(SHADOW_CHUNK)
    named = {p.symbol: p for p in pieces if p.symbol}
    assert {"DirectionalLightShadow", "interleavedGradientNoise", "getShadow",
            "BRDF_Lambert"} <= set(named)
    shadow = named["getShadow"]
    assert shadow.symbol_type == "function"
    assert shadow.content.lstrip().startswith("float getShadow(")
    assert "return mix( 1.0, shadow, shadowIntensity );" in shadow.content
    assert "// Interleaved Gradient Noise" in named["interleavedGradientNoise"].content
    lines = SHADOW_CHUNK.splitlines(keepends=True)
    for p in pieces:
        assert p.content == "".join(lines[p.start_line - 1:p.end_line])


def test_a_program_in_an_exported_const_is_cut_per_function_under_its_name():
    pieces = _pieces(PHONG)
    main = next(p for p in pieces if p.symbol == "main")
    assert main.context == "export const fragment = /* glsl */`"
    assert main.content.startswith("void main() {")
    assert pieces[0].symbol == "fragment" and "#define PHONG" in pieces[0].content


def test_a_glsl_tagged_template_with_interpolations_is_cut_too():
    symbols = [p.symbol for p in _pieces(TAGGED)]
    assert "noise" in symbols and "main" in symbols


def test_other_template_literals_are_not_read_as_glsl():
    source = ("// glsl is a shading language\nexport function card( title ) {\n\n"
              "\treturn `\n<div class=\"card\">\n\t<h2>${ title }</h2>\n"
              "\t<p>void main() { }</p>\n</div>\n`;\n\n}\n")
    assert [p.symbol for p in _pieces(source)] == ["card"]
