"""Files a user of a real package wants searchable, and bundles they do not.

A sweep of 27 npm and PyPI packages (qs 6.13.1, minimist 1.2.8, object-inspect 1.13.3,
side-channel 1.1.0, resolve 1.22.10, pytest 8.3.4, lodash 4.17.21, vite 6.0.7, poetry-core
1.9.1, mocha 11.0.1, setuptools 75.6.0, ...) found tools' settings under an extension-less
dot-name (`.eslintrc`, `.nycrc`, `.coveragerc`) and Nix, AppleScript and Lark files unknown, so
excluded; `py.typed` unknown; and, the other way, mocha's 670 KB browser bundle `mocha.js`
(which names its source map on its last line) and setuptools' generated validators indexed.
"""

from __future__ import annotations

import pytest

from repokb.models import Kind, Policy
from repokb.secrets import mode_for, redact

from .. import fake_secrets as fake
from ..conftest import classify_file

ESLINTRC_JSON = ('{\n\t"root": true,\n\t"extends": "@ljharb",\n'
                 '\t"rules": {\n\t\t"max-len": 0\n\t}\n}\n')
ESLINTRC_YAML = "root: true\nextends: standard\nrules:\n  semi: [error, never]\n"
NYCRC = '{\n\t"all": true,\n\t"check-coverage": false,\n\t"reporter": ["text-summary"]\n}\n'
BABELRC = '{\n  // targets come from .browserslistrc\n  "presets": ["@babel/preset-env"]\n}\n'
COVERAGERC = "[run]\nbranch = True\nsource = _pytest\n\n[report]\nshow_missing = True\n"
CLANG_FORMAT = "BasedOnStyle: LLVM\nIndentWidth: 4\n"
FLAKE_NIX = ('{\n  description = "lodash";\n  outputs = { self, nixpkgs }: {\n'
             '    devShell.x86_64-linux =\n'
             '      nixpkgs.legacyPackages.x86_64-linux.mkShell {};\n  };\n}\n')
APPLESCRIPT = 'tell application "Google Chrome"\n  activate\nend tell\n'
LARK = 'start: marker\nmarker: marker_or\n%import common.WS_INLINE\n%ignore WS_INLINE\n'


@pytest.mark.parametrize(
    ("rel", "content", "kind", "language", "policy"),
    [
        (".eslintrc", ESLINTRC_JSON, Kind.CONFIGURATION, "json", Policy.INDEX_TEXT),
        (".eslintrc", ESLINTRC_YAML, Kind.CONFIGURATION, "yaml", Policy.INDEX_TEXT),
        (".prettierrc", "semi: false\nsingleQuote: true\n", Kind.CONFIGURATION, "yaml",
         Policy.INDEX_TEXT),
        (".stylelintrc", '{\n  "extends": "stylelint-config-standard"\n}\n',
         Kind.CONFIGURATION, "json", Policy.INDEX_TEXT),
        (".nycrc", NYCRC, Kind.CONFIGURATION, "json", Policy.INDEX_TEXT),
        (".babelrc", BABELRC, Kind.CONFIGURATION, "json", Policy.INDEX_TEXT),
        (".jshintrc", '{\n  "esversion": 11\n}\n', Kind.CONFIGURATION, "json",
         Policy.INDEX_TEXT),
        (".coveragerc", COVERAGERC, Kind.CONFIGURATION, "ini", Policy.INDEX_TEXT),
        (".flake8", "[flake8]\nmax-line-length = 100\n", Kind.CONFIGURATION, "ini",
         Policy.INDEX_TEXT),
        (".clang-format", CLANG_FORMAT, Kind.CONFIGURATION, "yaml", Policy.INDEX_TEXT),
        (".browserslistrc", "> 0.5%\nlast 2 versions\nnot dead\n", Kind.CONFIGURATION, "ini",
         Policy.INDEX_TEXT),
        ("flake.nix", FLAKE_NIX, Kind.SOURCE, "nix", Policy.PARSE_AND_INDEX),
        ("bin/openChrome.applescript", APPLESCRIPT, Kind.SOURCE, "applescript",
         Policy.PARSE_AND_INDEX),
        ("src/poetry/core/version/grammars/pep508.lark", LARK, Kind.SOURCE, "lark",
         Policy.PARSE_AND_INDEX),
        # celery 5.4.0: its systemd units, its TODO and THANKS; Sphinx's latexmk settings
        ("extra/systemd/celery.service", "[Unit]\nDescription=Celery Service\n\n[Service]\n"
         "Type=forking\nUser=celery\n", Kind.CONFIGURATION, "ini", Policy.INDEX_TEXT),
        ("TODO", "Please see our Issue Tracker at GitHub:\n    https://github.com/x/y/issues\n",
         Kind.DOCUMENTATION, "text", Policy.PARSE_AND_INDEX),
        ("docs/THANKS", "Thanks to Rune Halvorsen for the name.\n", Kind.DOCUMENTATION, "text",
         Policy.PARSE_AND_INDEX),
        ("latexmkrc", "$latex = 'latex %O %S';\n$pdflatex = 'pdflatex %O %S';\n", Kind.SOURCE,
         "perl", Policy.PARSE_AND_INDEX),
        # recorded with a reason, not "unknown format"
        ("src/pkg/py.typed", "partial\n", Kind.CONFIGURATION, None, Policy.METADATA_ONLY),
        (".git-blame-ignore-revs", "4546d5445aaefe6a03957db028c263521dfb5c4b\n",
         Kind.CONFIGURATION, "git_revision_list", Policy.METADATA_ONLY),
        # what stays as it was (the language GitHub Linguist gives the name: formats.LINGUIST)
        (".eslintrc.json", ESLINTRC_JSON, Kind.CONFIGURATION, "json", Policy.INDEX_TEXT),
        (".editorconfig", "root = true\n", Kind.CONFIGURATION, "editorconfig",
         Policy.METADATA_ONLY),
        (".npmrc", "registry=https://registry.npmjs.org/\n", Kind.SECRET_CANDIDATE, "npm_config",
         Policy.BLOCK),
    ],
)
def test_a_packages_dotfile_settings_and_small_languages_are_known(tmp_path, rel, content, kind,
                                                                   language, policy):
    c = classify_file(tmp_path, rel, content)
    assert (c.kind, c.language, c.index_policy) == (kind, language, policy), c.reasons
    assert not any("unknown format" in r for r in c.reasons)


def test_a_secret_in_an_rc_file_is_redacted_not_indexed_raw(tmp_path):
    """graphql-config's `.graphqlrc` may carry a request header with a token: it is indexed as
    configuration, so it goes through redaction like `.graphqlrc.yml` would."""
    rc = f"schema:\n  - https://api.example.com/graphql:\n      headers:\n" \
         f"        Authorization: token {fake.GITHUB_TOKEN}\n"
    c = classify_file(tmp_path, ".graphqlrc", rc)
    yml = classify_file(tmp_path, ".graphqlrc.yml", rc)
    assert (c.kind, c.language) == (Kind.CONFIGURATION, "yaml")
    assert (c.index_policy, c.knowledge_role, c.flags) == (
        yml.index_policy, yml.knowledge_role, yml.flags)
    # and the chunk stage's redaction for its language takes the token out
    assert fake.GITHUB_TOKEN in rc
    assert fake.GITHUB_TOKEN not in redact(rc, mode_for(c.language), c.language).text


def _bundle(lines: int, last: str) -> str:
    body = "".join(f"  function f{i}(a, b) {{ return a + b + {i}; }}\n" for i in range(lines))
    return "(function () {\n" + body + "})();\n" + last


def test_a_long_bundle_naming_its_source_map_on_its_last_line_is_generated(tmp_path):
    """mocha 11.0.1's `mocha.js` (670 KB) ends with `//# sourceMappingURL=mocha.js.map`;
    Linguist's has_source_map reads the last lines, which lie far past the 8 KB head."""
    big = _bundle(2000, "//# sourceMappingURL=mocha.js.map\n")
    assert len(big) > 64_000
    c = classify_file(tmp_path, "mocha.js", big)
    assert (c.kind, c.index_policy) == (Kind.GENERATED, Policy.METADATA_ONLY), c.reasons
    assert any("has_source_map" in r for r in c.reasons)
    # the same code without the comment is a person's source
    plain = classify_file(tmp_path, "lib/mocha.js", _bundle(2000, "// end\n"))
    assert (plain.kind, plain.index_policy) == (Kind.SOURCE, Policy.PARSE_AND_INDEX)


def test_do_not_modify_then_automatically_generated_marks_generated_code(tmp_path):
    """setuptools 75.6.0's `fastjsonschema_validations.py` (335 KB of compiled validators)."""
    head = ("# noqa\n# ruff: noqa\n# flake8: noqa\n# pylint: skip-file\n\n\n"
            "# *** PLEASE DO NOT MODIFY DIRECTLY: Automatically generated code *** \n\n\n"
            "VERSION = '2.20.0'\n")
    c = classify_file(tmp_path, "setuptools/config/_validate_pyproject/"
                      "fastjsonschema_validations.py", head)
    assert (c.kind, c.index_policy) == (Kind.GENERATED, Policy.METADATA_ONLY), c.reasons
    # a warning not to edit a file that is not said to be generated stays source
    hand = classify_file(tmp_path, "pkg/settings.py",
                         "# Do not modify these values without asking the team.\nX = 1\n")
    assert hand.kind == Kind.SOURCE
