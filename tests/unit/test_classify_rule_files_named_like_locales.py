"""A folder of files whose names only look like language tags is no set of translations.

rank42 on eslint 9.14.0's npm tarball: "how does the no-unused-vars rule report variables that
are never read" never found `lib/rules/no-unused-vars.js`: the file was not in the index.
`LOCALE_FILE` reads `no-unused-vars.js` as Norwegian (`no`) with a variant (`unused`) and a
script (`vars`), and `lib/rules/` held 99 such names (96 `no-*.js`, 3 `id-*.js`, Indonesian),
so a third of eslint's rules were "translation (lib/rules/ holds 99 translations): metadata
only". A translation set holds a file per language: it counts in languages (two here).
"""

from __future__ import annotations

from repokb.models import Kind, Policy

from ..conftest import assert_classified, classify_file, write

RULE = ("/**\n * @fileoverview Rule to flag declared but unused variables\n */\n\"use strict\";\n\n"
        "module.exports = {\n    meta: {\n        type: \"problem\",\n        messages: {\n"
        "            unusedVar: \"'{{varName}}' is {{action}} but never used.\"\n        }\n"
        "    },\n    create(context) {\n        return {\n            \"Program:exit\"(node) {\n"
        "                context.report({ node, messageId: \"unusedVar\" });\n"
        "            }\n        };\n    }\n};\n")
RULES = ["no-console", "no-shadow", "no-unused-expressions", "no-undef", "no-var",
         "no-useless-assignment", "id-length", "id-match", "id-denylist", "eqeqeq", "max-len"]


def test_lint_rules_named_no_and_id_stay_source(tmp_path):
    for name in RULES:
        write(tmp_path, f"lib/rules/{name}.js", RULE)
    write(tmp_path, "lib/rules/index.js", "module.exports = {};\n")
    for name in ("no-unused-vars", "id-length"):
        c = assert_classified(tmp_path, f"lib/rules/{name}.js", RULE, kind=Kind.SOURCE,
                              index_policy=Policy.PARSE_AND_INDEX)
        assert c.subkind != "translation_catalog", c.reasons


def test_a_translation_set_with_regional_variants_is_counted_by_language(tmp_path):
    # moment's `locale/`: several files of one language (`ar`, `ar-dz`, `ar-kw`) among others;
    # six languages (English's counted), nine files
    text = "export default { months: 'janvier_février'.split('_') };\n"
    for code in ("ar", "ar-dz", "ar-kw", "ar-ly", "de", "fr", "ja", "pl", "en-gb"):
        write(tmp_path, f"src/locale/{code}.js", text)
    c = assert_classified(tmp_path, "src/locale/fr.js", text, kind=Kind.DATA,
                          subkind="translation_catalog", index_policy=Policy.METADATA_ONLY)
    assert "src/locale/ holds 9 translations in 6 languages" in c.reasons[0], c.reasons
    # seven files, four of them Arabic's: four languages, no set (five are needed)
    for code in ("ja", "pl"):
        (tmp_path / f"src/locale/{code}.js").unlink()
    assert classify_file(tmp_path, "src/locale/fr.js", text).kind == Kind.SOURCE
