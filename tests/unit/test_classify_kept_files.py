"""Good files lost to false blocks or left unknown (a sweep of celery 5.7.0, eslint-plugin-import
2.32.0, lodash 4.18.1, yargs 17.7.2, Smarty 3.1.47 and Yarn 2+ settings): each case as the
real package holds it, and the near cases that must stay as they were.
"""

from __future__ import annotations

import pytest

from repokb.models import Kind, Policy

from ..conftest import classify_file


# -- celery's requirements/deps/: the project's own requirement lists ------------------------
@pytest.mark.parametrize("rel", ["requirements/deps/mock.txt", "requirements/deps/extra.in",
                                 "pkg/requirements/deps/mock.txt"])
def test_requirement_lists_below_a_requirements_folder_are_the_projects(tmp_path, rel):
    """celery 5.7.0's `requirements/deps/mock.txt` (`-r deps/mock.txt` in docs.txt) was vendored
    by the `deps/` folder rule; it is a pip requirements list like its neighbours."""
    c = classify_file(tmp_path, rel, "mock>=5.2.0\n")
    assert (c.kind, c.subkind, c.index_policy) == (
        Kind.DEPENDENCY_MANIFEST, "pip_requirements", Policy.INDEX_TEXT), c.reasons


@pytest.mark.parametrize(("rel", "content"), [
    ("deps/requirements/base.txt", "mock>=5.2.0\n"),  # a vendored package's own list
    ("vendor/x/requirements/base.txt", "mock>=5.2.0\n"),
    ("requirements/deps/notes.txt", "Pinned because of issue 12, see the tracker.\n"),
    ("requirements/deps/mock.py", "MOCK = 1\n"),
    ("deps/mock.txt", "mock>=5.2.0\n"),
])
def test_vendor_folders_stay_vendored_outside_that_case(tmp_path, rel, content):
    c = classify_file(tmp_path, rel, content)
    assert c.kind == Kind.VENDOR, c.reasons


# -- Linguist's React rule: React's distribution files, not a linter's React config ----------
ESLINT_REACT_CONFIG = ("/**\n * React-specific config for eslint-plugin-import\n */\n"
                       "module.exports = {\n  settings: {\n"
                       "    'import/extensions': ['.js', '.jsx'],\n  },\n"
                       "  parserOptions: {\n    ecmaFeatures: { jsx: true },\n  },\n};\n")


@pytest.mark.parametrize("rel", ["config/react.js", "config/flat/react.js", "rules/react.js",
                                 "rules/react-a11y.js", "packages/lint/config/react.js"])
def test_a_linters_react_config_is_the_packages_own(tmp_path, rel):
    """eslint-plugin-import 2.32.0's `config/react.js` (eslint-config-airbnb's `rules/react.js`)
    was vendored by Linguist's `(^|/)react(-[^.]*)?\\.js$`, written for React's own builds."""
    c = classify_file(tmp_path, rel, ESLINT_REACT_CONFIG)
    assert (c.kind, c.index_policy) == (Kind.SOURCE, Policy.PARSE_AND_INDEX), c.reasons


@pytest.mark.parametrize("rel", ["react.js", "static/js/react-dom.js", "js/react-with-addons.js",
                                 "myconfig/react.js", "assets/lib/react.js"])
def test_reacts_distribution_files_stay_vendored(tmp_path, rel):
    c = classify_file(tmp_path, rel, "/**\n * React v15.6.2\n */\n(function(f){})();\n")
    assert (c.kind, c.subkind) == (Kind.VENDOR, "linguist_vendored"), c.reasons


# -- Yarn 2+'s settings: YAML configuration, its credentials redacted --------------------------
YARNRC = ("nodeLinker: node-modules\n"
          "packageExtensions:\n  \"debug@*\":\n    dependencies:\n      supports-color: \"*\"\n"
          "plugins:\n  - path: .yarn/plugins/@yarnpkg/plugin-interactive-tools.cjs\n")


@pytest.mark.parametrize("rel", [".yarnrc.yml", "packages/web/.yarnrc.yml"])
def test_yarn2_settings_are_yaml_configuration(tmp_path, rel):
    """A Yarn 2+ project's `.yarnrc.yml` was blocked as a credentials file, holding no token."""
    c = classify_file(tmp_path, rel, YARNRC)
    assert (c.kind, c.language, c.index_policy) == (
        Kind.CONFIGURATION, "yaml", Policy.INDEX_TEXT), c.reasons
    assert "redact" not in c.flags


@pytest.mark.parametrize("credential", [
    "npmAuthToken: {token}", 'npmAuthIdent: "deploy:{password}"',
    "npmScopes:\n  acme:\n    npmAuthIdent: deploy:{password}",
    'npmRegistries:\n  "//npm.pkg.github.com":\n    npmAuthToken: "{token}"',
])
def test_yarn2_credentials_are_redacted_never_indexed_raw(tmp_path, credential):
    from repokb.secrets import redact

    token, password = "q8ZtV3nPx7LwR2mKc9YbH4sJd6Fa1Ge5", "Hunter2PlaidGorse7"
    text = YARNRC + credential.format(token=token, password=password) + "\n"
    c = classify_file(tmp_path, ".yarnrc.yml", text)
    assert (c.kind, c.index_policy) == (Kind.CONFIGURATION, Policy.INDEX_TEXT), c.reasons
    assert "redact" in c.flags, c.reasons
    out = redact(text, "config", "yaml").text
    assert token not in out and password not in out
    assert "nodeLinker: node-modules" in out


def test_an_auth_ident_in_base64_is_redacted():
    import base64

    from repokb.secrets import redact

    ident = base64.b64encode(b"deploy:Hunter2PlaidGorse7").decode()
    out = redact(f"npmScopes:\n  acme:\n    npmAuthIdent: {ident}\n", "config", "yaml").text
    assert ident not in out and "<REDACTED_SECRET>" in out


# -- lodash's custom build: generated; yargs' extension-less entry file: JavaScript ------------
LODASH_CORE_HEAD = (
    "/**\n * @license\n * Lodash (Custom Build) <https://lodash.com/>\n"
    " * Build: `lodash core --repo lodash/lodash#4.18.1 -o ./core.js`\n"
    " * Copyright OpenJS Foundation and other contributors <https://openjsf.org/>\n */\n"
    ";(function() {\n\n  var undefined;\n\n  var VERSION = '4.18.1';\n}.call(this));\n")
LODASH_HEAD = LODASH_CORE_HEAD.replace(" (Custom Build)", "").replace(
    " * Build: `lodash core --repo lodash/lodash#4.18.1 -o ./core.js`\n", "")


def test_lodashs_custom_build_is_generated(tmp_path):
    """lodash 4.18.1's `core.js` says it is lodash-cli's output (`Build: \\`lodash core ...\\``):
    it was indexed as source, 1 of 2 copies of lodash's code in the package."""
    c = classify_file(tmp_path, "core.js", LODASH_CORE_HEAD)
    assert (c.kind, c.subkind, c.index_policy) == (
        Kind.GENERATED, "lodash_custom_build", Policy.METADATA_ONLY), c.reasons


def test_lodashs_own_build_and_a_file_quoting_the_banner_stay_source(tmp_path):
    assert classify_file(tmp_path, "lodash.js", LODASH_HEAD).kind == Kind.SOURCE
    quoted = "const banner = 'Build: `lodash core`';\nmodule.exports = banner;\n"
    assert classify_file(tmp_path, "banner.js", quoted).kind == Kind.SOURCE


YARGS_ENTRY = (
    "// TODO: consolidate on using a helpers file at some point in the future, which\n"
    "// is the approach currently used to export Parser and applyExtends for ESM:\n"
    "const {applyExtends, cjsPlatformShim, Parser, Yargs, processArgv} = "
    "require('./build/index.cjs')\n"
    "Yargs.applyExtends = (config, cwd, mergeExtends) => {\n"
    "  return applyExtends(config, cwd, mergeExtends, cjsPlatformShim)\n}\n"
    "Yargs.hideBin = processArgv.hideBin\nYargs.Parser = Parser\nmodule.exports = Yargs\n")


@pytest.mark.parametrize(("rel", "text"), [
    ("yargs", YARGS_ENTRY),  # yargs 17.7.2's entry file (package.json's "main" of old)
    ("bin/cli", "import { main } from '../lib/main.js'\n\nmain(process.argv)\n"),
    ("bin/tool", "#!/usr/bin/env node\nrequire('../lib/cli')\n"),  # the shebang, as before
])
def test_an_extensionless_javascript_module_is_javascript_source(tmp_path, rel, text):
    c = classify_file(tmp_path, rel, text)
    assert (c.kind, c.language, c.index_policy) == (
        Kind.SOURCE, "javascript", Policy.PARSE_AND_INDEX), c.reasons


@pytest.mark.parametrize(("rel", "text"), [
    ("NOTES", "How to load it:\n\n```js\nconst x = require('x')\n```\n"),
    ("notes/usage", "Call require('x') and read module.exports, then export it.\n"),
])
def test_text_about_javascript_is_not_javascript(tmp_path, rel, text):
    assert classify_file(tmp_path, rel, text).language != "javascript"


# -- Smarty's `.tpl` by its tags; Helm's `_helpers.tpl` stays Helm's --------------------------
SMARTY_INDEX = ('{config_load file="test.conf" section="setup"}\n'
                '{include file="header.tpl" title=foo}\n\n<PRE>\n\n'
                "{* bold and title are read from the config file *}\n"
                "    {if #bold#}<b>{/if}\n        Title: {#title#|capitalize}\n"
                "    The value of global assigned variable $SCRIPT_NAME is {$SCRIPT_NAME}\n")
SMARTY_FOOTER = "</BODY>\n</HTML>\n"
HELM_HELPERS = ('{{/*\nExpand the name of the chart.\n*/}}\n{{- define "web.name" -}}\n'
                '{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}\n'
                "{{- end }}\n\n{{- define \"web.labels\" -}}\n"
                '{{ include "web.selectorLabels" . }}\n{{- end }}\n')


@pytest.mark.parametrize(("rel", "text", "subkind"), [
    # Smarty 3.1.47's demo and its debug console
    ("app/templates/index.tpl", SMARTY_INDEX, "smarty_template"),
    ("libs/debug.tpl", '{capture name=\'_smarty_debug\' assign=debug_output}\n<html>\n',
     "smarty_template"),
    ("themes/default/templates/footer.tpl", SMARTY_FOOTER, "html_template"),
])
def test_smarty_templates_are_html_templates(tmp_path, rel, text, subkind):
    """Smarty's `.tpl` files were unknown, excluded."""
    c = classify_file(tmp_path, rel, text)
    assert (c.kind, c.subkind, c.language, c.index_policy) == (
        Kind.SOURCE, subkind, "html", Policy.INDEX_TEXT), c.reasons


def test_helms_helpers_stay_helm_templates(tmp_path):
    classify_file(tmp_path, "charts/web/Chart.yaml", "apiVersion: v2\nname: web\nversion: 0.1.0\n")
    c = classify_file(tmp_path, "charts/web/templates/_helpers.tpl", HELM_HELPERS)
    assert (c.kind, c.subkind) == (Kind.INFRASTRUCTURE, "helm"), c.reasons
    assert c.language != "html"
    # outside a chart, by its `{{ include ... }}`
    c = classify_file(tmp_path, "deploy/templates/_helpers.tpl", HELM_HELPERS)
    assert (c.kind, c.subkind) == (Kind.INFRASTRUCTURE, "helm_template"), c.reasons


@pytest.mark.parametrize("text", [
    "{{ range .Items }}<li>{{ .Name }}</li>{{ end }}\n",  # Go's html/template
    "Dear {{name}},\n{{#if paid}}Thanks{{/if}}\n",  # Handlebars
])
def test_other_engines_tpl_is_not_smarty(tmp_path, text):
    c = classify_file(tmp_path, "mail/body.tpl", text)
    assert c.subkind != "smarty_template" and c.language != "html", c.reasons


@pytest.mark.parametrize(("text", "kept"), [
    ("npmAuthToken: ${NPM_TOKEN-Fb7Lq2Wx9Zr4Mk8Tn3Vp6}\n", "${NPM_TOKEN-"),  # Yarn's fallback
    ('npmAuthToken: "${NPM_TOKEN:-Fb7Lq2Wx9Zr4Mk8Tn3Vp6}"\n', "${NPM_TOKEN:-"),
    ("password: ${DB_PASSWORD-Fb7Lq2Wx9Zr4Mk8Tn3Vp6}\n", "${DB_PASSWORD-"),  # Compose reads it
    # a variable whose name says nothing, given to a secret-named key
    ("password: ${DB_SETTING-Fb7Lq2Wx9Zr4Mk8Tn3Vp6}\n", "${DB_SETTING-"),
    ("POSTGRES_PASSWORD=${POSTGRES_PASSWORD:-Fb7Lq2Wx9Zr4Mk8Tn3Vp6}\n", "${POSTGRES_PASSWORD:-"),
    ("npmAuthToken: ${NPM_TOKEN}\n", "${NPM_TOKEN}"),
    ("password: ${DB_PASSWORD:-changeme}\n", "${DB_PASSWORD:-changeme}"),
    ("password: ${DB_PASSWORD:-}\n", "${DB_PASSWORD:-}"),
])
def test_an_environment_variables_fallback_is_a_value(text, kept):
    """`${NAME-fallback}` was a placeholder whatever its fallback: the token stayed readable.
    Only the fallback is redacted: the variable's name stays readable (the whole `${..` went,
    leaving a stray `}`, when two branches' fixes met)."""
    from repokb.rules.secret_patterns import REDACTED
    from repokb.secrets import redact

    out = redact(text, "config", "yaml").text
    assert "Fb7Lq2Wx9Zr4Mk8Tn3Vp6" not in out
    assert kept in out, out
    if "Fb7" in text:
        assert f"{kept}{REDACTED}}}" in out, out


@pytest.mark.parametrize(("text", "language"), [
    ('PASSWORD=${DB_PASSWORD:-"Fb7Lq2Wx9Zr4Mk8Tn3Vp6"}\n', "shell"),
    ("password: ${DB_PASSWORD:-'Fb7Lq2Wx9Zr4Mk8Tn3Vp6'}\n", "yaml"),
])
def test_a_quoted_fallback_is_redacted_inside_its_quotes(text, language):
    """The key scanner leaves `${NAME:-..}` to the defaults finder, which read only a bare
    fallback: a quoted one was stored as written (found in review)."""
    from repokb.rules.secret_patterns import REDACTED
    from repokb.secrets import mode_for, redact

    out = redact(text, mode_for(language), language).text
    assert "Fb7Lq2Wx9Zr4Mk8Tn3Vp6" not in out
    assert f"${{DB_PASSWORD:-{text.split(':-')[1][0]}{REDACTED}" in out, out
