"""Files lost or misread on real packages (session 34): knex's and Laravel's `.stub` templates,
knex's migration runner read as migrations. Each case as the real project holds it, and the
near cases that must stay as they were.
"""

from __future__ import annotations

from repokb.models import Kind

from ..conftest import cases, classify_file

# -- `.stub`: code generators' templates, read as the language they expand into ------------
KNEX_JS = ('/**\n * @param { import("knex").Knex } knex\n * @returns { Promise<void> }\n */\n'
           "exports.up = function(knex) {\n  <% if (d.tableName) { %>\n"
           '  return knex.schema.createTable("<%= d.tableName %>", function(t) {\n'
           "    t.increments();\n  });\n  <% } %>\n};\n")
KNEX_TS = ('import type { Knex } from "knex";\n\n<% if (d.tableName) { %>\n'
           "export async function up(knex: Knex): Promise<Knex.SchemaBuilder> {\n"
           '    return knex.schema.createTable("<%= d.tableName %>", (t) => {\n'
           "        t.increments();\n    });\n}\n<% } %>\n")
KNEX_MJS = ('\n/**\n * @param { import("knex").Knex } knex\n */\n'
            "export const up = async (knex) => {\n  <% if (d.tableName) { %>\n"
            '  await knex.schema.createTable("<%= d.tableName %>", function(t) {\n'
            "    t.increments();\n  });\n  <% } %>\n};\n")
KNEXFILE_JS = ("// Update with your config settings.\n\n/**\n"
               ' * @type { Object.<string, import("knex").Knex.Config> }\n */\n'
               "module.exports = {\n  development: {\n    client: 'sqlite3',\n  }\n};\n")
LARAVEL_MODEL = ("<?php\n\nnamespace {{ namespace }};\n\n"
                 "use Illuminate\\Database\\Eloquent\\Model;\n\n"
                 "class {{ class }} extends Model\n{\n    //\n}\n")
LARAVEL_FACADE = ("<?php\n\nnamespace DummyNamespace;\n\n"
                  "use Illuminate\\Support\\Facades\\Facade;\n\n"
                  "class DummyClass extends Facade\n{\n    protected static function "
                  "getFacadeAccessor()\n    {\n        return 'DummyTarget';\n    }\n}\n")


@cases(("rel", "text", "language"), [
    ("lib/migrations/migrate/stub/js.stub", KNEX_JS, "javascript"),
    ("lib/migrations/migrate/stub/ts.stub", KNEX_TS, "typescript"),
    ("lib/migrations/seed/stub/mjs.stub", KNEX_MJS, "javascript"),
    ("lib/migrations/migrate/stub/knexfile-js.stub", KNEXFILE_JS, "javascript"),
    ("src/Illuminate/Foundation/Console/stubs/model.stub", LARAVEL_MODEL, "php"),
    ("src/Illuminate/Foundation/stubs/facade.stub", LARAVEL_FACADE, "php"),
    ("stubs/migration.create.stub", LARAVEL_MODEL, "php"),
])
def test_a_stub_is_a_template_of_the_language_its_content_says(tmp_path, rel, text, language):
    """Every `.stub` was unknown, excluded: knex's 20 migration and seed templates, Laravel's
    38 `make:` stubs."""
    c = classify_file(tmp_path, rel, text)
    assert (c.kind, c.language, c.subkind) == (Kind.SOURCE, language, f"{language}_source"), \
        c.reasons
    assert any("template" in r for r in c.reasons), c.reasons


@cases(("rel", "text"), [
    # knex's CoffeeScript, LiveScript and Earl Grey stubs: no JavaScript in them
    ("lib/migrations/migrate/stub/coffee.stub",
     'exports.up = (knex) ->\n  <% if (d.tableName) { %>\n  knex.schema.createTable "t"\n'),
    ("lib/migrations/migrate/stub/eg.stub", "provide: up, down\n\nup = (knex) ->\n  x\n"),
    # their knexfiles write `module.exports =` under `#` and `;;` comments
    ("lib/migrations/migrate/stub/knexfile-coffee.stub",
     "# Update with your config settings.\n\nmodule.exports =\n\n  development:\n"
     "    client: 'sqlite3'\n"),
    ("lib/migrations/migrate/stub/knexfile-eg.stub",
     ";; Update with your config settings.\n\nmodule.exports = {\n   development = {\n"
     "      client = 'sqlite3'\n"),
    # a Blade mail template named `.stub`
    ("src/Illuminate/Foundation/Console/stubs/markdown.stub",
     "@component('mail::message')\n# Introduction\n\nThe body of your message.\n@endcomponent\n"),
])
def test_a_stub_without_a_sure_mark_stays_unknown(tmp_path, rel, text):
    c = classify_file(tmp_path, rel, text)
    assert c.kind is Kind.UNKNOWN and c.language is None, c.reasons


# -- migrations: a library's migration runner is its source ---------------------------------
MIGRATOR = ("'use strict';\n\n"
            "const { getMergedConfig } = require('./migrator-configuration-merger');"
            "\n\nclass Migrator {\n  constructor(knex) {\n    this.knex = knex;\n  }\n\n"
            "  latest(config) {\n    return this._runBatch(config);\n  }\n}\n\n"
            "module.exports = { Migrator };\n")


@cases(("rel",), [
    ("lib/migrations/migrate/Migrator.js",),
    ("lib/migrations/seed/Seeder.js",),
    ("lib/migrations/util/timestamp.js",),
])
def test_a_library_s_migration_code_below_lib_is_source(tmp_path, rel):
    """knex's `lib/migrations/` (its migration runner, 16 modules) was "database migration"."""
    c = classify_file(tmp_path, rel, MIGRATOR)
    assert (c.kind, c.subkind) == (Kind.SOURCE, "javascript_source"), c.reasons


@cases(("rel",), [
    ("migrations/20240101120000_create_users.js",),
    ("lib/db/migrations/20240101120000_create_users.js",),  # ordered: a migration
    ("app/migrations/0001_initial.py",),
    ("db/migrate/20240101120000_create_users.rb",),
    ("database/migrations/Migrator.js",),  # no lib/ above: as before
])
def test_a_project_s_migrations_stay_migrations(tmp_path, rel):
    c = classify_file(tmp_path, rel, MIGRATOR if rel.endswith(".js") else
                      "def up():\n    pass\n" if rel.endswith(".py") else
                      "class CreateUsers < ActiveRecord::Migration[7.1]\nend\n")
    assert (c.kind, c.subkind) == (Kind.SCHEMA, "migration"), c.reasons


@cases(("rel",), [
    ("src/compiler/migrate/index.js",),  # svelte 5.60.1's Svelte 4 -> 5 code migration
])
def test_a_library_s_migrate_code_below_src_is_source(tmp_path, rel):
    c = classify_file(tmp_path, rel, MIGRATOR)
    assert (c.kind, c.subkind) == (Kind.SOURCE, "javascript_source"), c.reasons


# -- Linguist's Prototype and script.aculo.us names: a library's own modules below src/, lib/
MODULE = ("import { hooks } from '../utils/hooks';\n\nvar proto = Moment.prototype;\n\n"
          "proto.add = add;\nproto.calendar = calendar$1;\nexport default proto;\n")


@cases(("rel", "kind"), [
    ("src/lib/moment/prototype.js", Kind.SOURCE),  # moment 2.31.0 (3 of them)
    ("src/lib/duration/prototype.js", Kind.SOURCE),
    ("src/internal/client/reactivity/effects.js", Kind.SOURCE),  # svelte 5.60.1
    ("public/javascripts/prototype.js", Kind.VENDOR),  # a site's copy of the library
    ("javascripts/effects.js", Kind.VENDOR),
    ("web/js/dragdrop.js", Kind.VENDOR),
])
def test_prototype_and_effects_are_vendored_only_outside_a_library_s_sources(tmp_path, rel,
                                                                             kind):
    """moment's `prototype.js` modules and svelte's `effects.js` were vendored (vendor.yml's
    `(^|/)prototype(.*)\\.js$`, `(^|/)effects\\.js$`), excluded."""
    c = classify_file(tmp_path, rel, MODULE)
    assert c.kind is kind, c.reasons


# -- webpack's `lib/externals/`: its own support for externals, not vendored code -----------
EXTERNAL_MODULE = ('"use strict";\n\n'
                   'const { OriginalSource, RawSource } = require("webpack-sources");'
                   '\nconst Module = require("../Module");\n\n/** @typedef {import("../Chunk")} '
                   "Chunk */\n\nclass ExternalModule extends Module {\n}\n\n"
                   "module.exports = ExternalModule;\n")
LIBRARY_COPY = ('/*! zstddec v0.1 | MIT */\nvar ZSTDDecoder = function () {\n  this.x = 1;\n};\n'
                "export { ZSTDDecoder };\n")


@cases(("rel", "text", "kind"), [
    ("lib/externals/ExternalModule.js", EXTERNAL_MODULE, Kind.SOURCE),  # webpack 5.113.0
    ("src/externals/ExternalsPlugin.ts", EXTERNAL_MODULE, Kind.SOURCE),
    ("externals/zstddec.js", LIBRARY_COPY, Kind.VENDOR),  # a copy, at the root
    ("lib/externals/zstddec.js", LIBRARY_COPY, Kind.VENDOR),  # a copy: imports nothing above
    ("external/lib.js", EXTERNAL_MODULE, Kind.VENDOR),  # not below lib/ or src/
])
def test_a_library_s_own_externals_module_is_source(tmp_path, rel, text, kind):
    """webpack's 4 `lib/externals/*.js` were "vendored or installed third-party code"."""
    c = classify_file(tmp_path, rel, text)
    assert c.kind is kind, c.reasons


# -- the PyPI sdists' leads -------------------------------------------------------------------
SPHINX_GENINDEX = ('<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml">\n  <head>\n'
                   "    <title>Index &mdash; SQLAlchemy 2.1 Documentation</title>\n"
                   '    <link rel="index" title="Index" href="#" />\n'
                   '    <link rel="search" title="Search" href="search.html" />\n  </head>\n'
                   '  <body><h1 id="index">Index</h1>\n<table class="indextable">\n'
                   + '<tr><td><a href="orm/session_api.html#sqlalchemy.orm.Session.add">add()</a>'
                     "</td></tr>\n" * 50 + "</table></body></html>\n")


@cases(("rel", "text", "kind", "subkind"), [
    # SQLAlchemy 2.1.9's rendered genindex.html: 1,981 pieces of links, indexed as a guide
    ("doc/genindex.html", SPHINX_GENINDEX, Kind.GENERATED, "rendered_docs"),
    # IPython 9.19.1's core/profile/README_STARTUP: unknown, excluded
    ("IPython/core/profile/README_STARTUP",
     "This is the IPython startup directory\n\n.py and .ipy files in this directory will be "
     "run *prior* to any code or files specified\nvia the exec_lines or exec_files "
     "configurables whenever you load this profile.\n", Kind.DOCUMENTATION, "readme"),
    # jupyter_server 2.21.1's tsc build state: unknown
    ("examples/simple/static/tsconfig.tsbuildinfo",
     '{"program":{"fileNames":["../node_modules/typescript/lib/lib.es5.d.ts"],'
     '"fileInfos":[{"version":"8730f4bf322026ff5229336391a18bcaa1f94d4f82416c8b2f3954e2ccaae2ba"}]}}',
     Kind.GENERATED, "tsc_build_info"),
])
def test_pypi_sdists_leads(tmp_path, rel, text, kind, subkind):
    c = classify_file(tmp_path, rel, text)
    assert (c.kind, c.subkind) == (kind, subkind), c.reasons


def test_a_run_of_hashes_is_no_secret():
    """markdown-it's bundle, read now, writes a heading's markup as `token_o.markup =
    "######".slice(0, level)`: `token` named a secret and the six `#` were redacted."""
    from repokb.secrets import redact

    text = '  token_o.markup = "######".slice(0, level);\n'
    assert redact(text, "code", "javascript").text == text


@cases(("rel", "text", "kind", "language"), [
    # Twisted 26.10.0's towncrier fragments: unknown
    ("src/twisted/runner/newsfragments/9657.doc", "Fix the twistd docs.\n",
     Kind.DOCUMENTATION, "text"),
    ("src/twisted/scripts/newsfragments/761.bugfix", "twistd no longer crashes on -n.\n",
     Kind.DOCUMENTATION, "text"),
    ("newsfragments/12.feature", "twisted.web adds HTTP/3.\n", Kind.DOCUMENTATION, "text"),
    ("changelog.d/123.feature.rst", "Added ``attrs.field(alias=)``.\n", Kind.DOCUMENTATION,
     "rst"),
    ("features/login.feature", "Feature: Login\n  Scenario: ok\n    Given a user\n",
     Kind.TEST, "gherkin"),  # a Gherkin feature stays one
    # Twisted's resource scripts (`.rpy`, Linguist's Python or Ren'Py): unknown
    ("docs/web/examples/hello.rpy", "from twisted.web import static\n\n"
     "resource = static.Data(b'<html>Hello</html>', 'text/html')\n", Kind.SOURCE, "python"),
    # botocore's service data for AWS Backup's external API: vendored by Linguist's unanchored
    # `extern(al)?/`; an AWS service model, generated, since decisions40 (as every botocore/data/)
    ("botocore/data/backup-external/2026-01-01/paginators-1.json", '{"pagination": {}}\n',
     Kind.GENERATED, "json"),
])
def test_twisted_and_botocore_leads(tmp_path, rel, text, kind, language):
    c = classify_file(tmp_path, rel, text)
    assert (c.kind, c.language) == (kind, language), c.reasons
