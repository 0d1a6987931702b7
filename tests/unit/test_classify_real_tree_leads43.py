"""What session 42 left (decisions42) and session 43 decided (decisions43): a JetBrains project's
shared settings read from `.idea/`, its per-user state left out; GNU Info manuals read; a
translation set kept per region; the time zone database's tables and protobufjs' JSON schemas as
data and copies; each case as the real tree holds it, the near cases that must stay as they were.
"""

from __future__ import annotations

import gzip
import os

import pytest
from watchfiles import Change

from repokb.models import Kind, Policy, SourceFile
from repokb.pipeline.chunk import NulBytes, decode_text, read_text
from repokb.pipeline.discover import ProjectRoot, discover
from repokb.rules.folders import path_skip
from repokb.secrets import redact
from repokb.surfaces.watch import _ProjectFilter

from ..conftest import assert_classified, cases, classify_file, write

# -- JetBrains `.idea/`: what a team shares is read, the rest stays out ------------------------
RUN_CONFIGURATION = """\
<component name="ProjectRunConfigurationManager">
  <configuration default="false" name="api server" type="PythonConfigurationType">
    <envs>
      <env name="PYTHONUNBUFFERED" value="1" />
      <env name="STRIPE_SECRET" value="Zk3mQ9wE4rT7yU1i" />
    </envs>
    <option name="SCRIPT_NAME" value="$PROJECT_DIR$/manage.py" />
    <option name="PARAMETERS" value="runserver 0.0.0.0:8000" />
  </configuration>
</component>
"""
DATA_SOURCES = """\
<?xml version="1.0" encoding="UTF-8"?>
<project version="4">
  <component name="DataSourceManagerImpl" format="xml" multifile-model="true">
    <data-source source="LOCAL" name="shop@prod" uuid="1c">
      <driver-ref>mysql.8</driver-ref>
      <jdbc-url>jdbc:mysql://admin:Vb4nM8kQ2z@prod.example.com:3306/shop</jdbc-url>
    </data-source>
  </component>
</project>
"""
IDEA = {
    ".idea/runConfigurations/api_server.xml": RUN_CONFIGURATION,
    ".idea/codeStyles/Project.xml": '<component name="ProjectCodeStyleConfiguration">'
                                    '<code_scheme name="Project"><option name="RIGHT_MARGIN" '
                                    'value="100" /></code_scheme></component>\n',
    ".idea/inspectionProfiles/Project_Default.xml": '<component name="InspectionProject'
                                                    'ProfileManager" />\n',
    ".idea/dataSources.xml": DATA_SOURCES,
    # per-user state, the user's logins, caches and module files: left out with the folder
    ".idea/workspace.xml": '<project version="4"><component name="PropertiesComponent" />'
                           '</project>\n',
    ".idea/dataSources.local.xml": "<project><user-name>admin</user-name></project>\n",
    ".idea/dataSources/1c.xml": '<dataSource name="shop@prod" />\n',
    ".idea/shelf/Changes.xml": "<changelist />\n",
    ".idea/proj.iml": '<module type="PYTHON_MODULE" version="4" />\n',
    "app/main.py": "print('hello')\n",
}
SHARED = (".idea/runConfigurations/api_server.xml", ".idea/codeStyles/Project.xml",
          ".idea/inspectionProfiles/Project_Default.xml", ".idea/dataSources.xml")


def _walk(root) -> dict[str, object]:
    return {f.path: f for f in discover(ProjectRoot("p", root))}


def test_a_jetbrains_projects_shared_settings_are_read_and_its_state_is_not(tmp_path):
    """On main the whole `.idea/` was one skipped folder ("editor settings"): the run
    configurations a team commits (how the app is started: script, arguments, environment) and
    its code style were never read. GitHub's JetBrains.gitignore keeps workspace.xml, the
    dataSources/ cache and dataSources.local.xml out; so does the walk."""
    for rel, text in IDEA.items():
        write(tmp_path, rel, text)
    found = _walk(tmp_path)
    assert set(SHARED) <= set(found), sorted(found)
    for rel in (".idea/workspace.xml", ".idea/dataSources.local.xml", ".idea/dataSources/1c.xml",
                ".idea/shelf/Changes.xml", ".idea/proj.iml"):
        assert rel not in found, rel
    assert "workspace.xml" in found[".idea"].reason, found[".idea"]  # type: ignore[attr-defined]
    for rel in SHARED:
        c = classify_file(tmp_path, rel, IDEA[rel])
        assert (c.kind, c.subkind, c.index_policy) == (
            Kind.CONFIGURATION, "jetbrains_settings", Policy.INDEX_TEXT), (rel, c.reasons)


def test_a_nested_idea_folder_is_read_the_same_way(tmp_path):
    write(tmp_path, "services/api/.idea/runConfigurations/api.xml", RUN_CONFIGURATION)
    write(tmp_path, "services/api/.idea/workspace.xml", "<project />\n")
    found = _walk(tmp_path)
    assert "services/api/.idea/runConfigurations/api.xml" in found
    assert "services/api/.idea/workspace.xml" not in found
    assert_classified(tmp_path, "services/api/.idea/runConfigurations/api.xml", RUN_CONFIGURATION,
                      kind=Kind.CONFIGURATION, subkind="jetbrains_settings")


def test_the_shared_settings_secrets_are_redacted_when_read():
    """A run configuration's environment and a data source's URL may hold a password: read, the
    values are redacted (the settings around them stay)."""
    for text, value in ((RUN_CONFIGURATION, "Zk3mQ9wE4rT7yU1i"), (DATA_SOURCES, "Vb4nM8kQ2z")):
        out = redact(text, language="xml").text
        assert value not in out
        assert "prod.example.com" in out or "manage.py" in out


def test_a_symlinked_run_configurations_folder_is_not_followed(tmp_path):
    outside = tmp_path / "outside"
    write(outside, "leak.xml", RUN_CONFIGURATION)
    root = tmp_path / "proj"
    write(root, ".idea/workspace.xml", "<project />\n")
    os.symlink(outside, root / ".idea" / "runConfigurations")
    assert not any(p.startswith(".idea/runConfigurations") for p in _walk(root))


def test_watch_sees_the_shared_settings_change_and_not_the_ides_state():
    watched = _ProjectFilter()
    assert watched(Change.modified, "/p/.idea/runConfigurations/api.xml")
    assert watched(Change.modified, "/p/.idea/dataSources.xml")
    assert not watched(Change.modified, "/p/.idea/workspace.xml")
    assert not watched(Change.modified, "/p/.idea/dataSources/1c.xml")
    assert not watched(Change.modified, "/p/node_modules/x/index.js")
    assert not watched(Change.modified, "/p/.idea/runConfigurations/old/api.xml")


def test_an_uploaded_path_is_judged_as_the_walk_judges_it():
    """An upload (or `explain` of a path never walked) of a shared setting is a file to
    classify; `workspace.xml` and a deeper file stay in their skipped folder."""
    assert path_skip(".idea/runConfigurations/api.xml", lambda _: False) is None
    assert path_skip("services/api/.idea/dataSources.xml", lambda _: False) is None
    for rel in (".idea/workspace.xml", ".idea/runConfigurations/old/api.xml"):
        found = path_skip(rel, lambda _: False)
        assert found is not None and found[:2] == (".idea", "build_artifact"), (rel, found)


# -- GNU Info manuals ------------------------------------------------------------------------
INFO = """\
This is sed.info, produced by makeinfo version 6.8 from sed.texi.

This file documents version 4.9 of GNU 'sed', a stream editor.

INFO-DIR-SECTION Text creation and manipulation
START-INFO-DIR-ENTRY
* sed: (sed).                   Stream EDitor.
END-INFO-DIR-ENTRY

\x1f
File: sed.info,  Node: Top,  Next: Introduction,  Up: (dir)

GNU 'sed'
*********

This file documents version 4.9 of GNU 'sed', a stream editor.

\x1f
File: sed.info,  Node: Introduction,  Next: Invoking sed,  Prev: Top,  Up: Top

1 Introduction
**************

'sed' is a stream editor.  A stream editor is used to perform basic
text transformations on an input stream (a file or input from a
pipeline).
"""


@cases("rel", [
    "usr/share/info/sed.info.gz",  # left compressed on main: binary, metadata only
    "usr/share/info/emacs.info-3.gz",  # a long manual's split part
])
def test_an_installed_info_manual_is_read(tmp_path, rel):
    c = assert_classified(tmp_path, rel, gzip.compress(INFO.encode()),
                          kind=Kind.DOCUMENTATION, subkind="installed_manual",
                          index_policy=Policy.PARSE_AND_INDEX, language="text")
    assert "read unpacked" in c.reasons[0], c.reasons


@cases(("rel", "content"), [
    # Drupal 7's module description shares the extension: not a manual
    ("sites/all/modules/shop/shop.info", "name = Shop\ndescription = A shop\ncore = 7.x\n"),
    # a gzipped `.info` that is no Info file stays compressed
    ("usr/share/info/notes.info.gz", gzip.compress(b"name = Shop\ncore = 7.x\n")),
])
def test_an_info_name_without_an_info_head_is_not_a_manual(tmp_path, rel, content):
    c = classify_file(tmp_path, rel, content)
    assert c.subkind != "installed_manual" and c.language != "text", c


INDEX_NODE = "\x1f\nFile: sed.info,  Node: Concept Index\n\n\x00\x08[index\x00\x08]\n* Menu:\n\n" \
    "* -e, example:                          Overview.             (line 31)\n"


def test_an_info_manuals_index_markers_do_not_make_it_binary(tmp_path):
    """texinfo marks an index node with `^@^H[index^@^H]`: the real run read the NUL byte and
    recorded sed.info.gz as binary content, which the dry run (a head) had counted as read."""
    rel = "usr/share/info/sed.info.gz"
    path = write(tmp_path, rel, gzip.compress((INFO + INDEX_NODE).encode()))
    file = SourceFile("p", tmp_path, rel, path.stat().st_size, path.stat().st_mtime_ns)
    text, _ = read_text(file, 2_000_000)
    assert "\x00" not in text and "* -e, example:" in text
    assert text.count("\n") == (INFO + INDEX_NODE).count("\n")  # no line moved


def test_nul_bytes_elsewhere_are_still_binary():
    with pytest.raises(NulBytes):
        decode_text(b"name = Shop\n\x00\x08[index\x00\x08]\n")  # no Info head
    with pytest.raises(NulBytes):
        decode_text(INFO.encode() + b"\x00\x01\x02")  # an Info head, another NUL


# -- translations kept per region ------------------------------------------------------------
TRANSLATION = 'export default {\n  greeting: "hello",\n  farewell: "bye",\n};\n'


def test_a_folder_of_regional_translations_in_three_languages_is_a_translation_set(tmp_path):
    """en-US, en-GB, fr-FR, fr-CA, de-DE, de-AT: 6 files in 3 languages were source on main
    (a set needed 5 languages); English's stand-in (en-US) stays."""
    for tag in ("en-US", "en-GB", "fr-FR", "fr-CA", "de-DE", "de-AT"):
        write(tmp_path, f"src/i18n/{tag}.js", TRANSLATION)
        write(tmp_path, f"src/i18n/{tag}.json", '{"greeting": "hello"}\n')
    for rel in ("src/i18n/fr-CA.js", "src/i18n/de-AT.json", "src/i18n/en-GB.js"):
        assert_classified(tmp_path, rel, (tmp_path / rel).read_text(), kind=Kind.DATA,
                          subkind="translation_catalog", index_policy=Policy.METADATA_ONLY)
    assert_classified(tmp_path, "src/i18n/en-US.js", TRANSLATION, kind=Kind.SOURCE)


@cases("names", [
    # a region needs its capitals: utilities named by two words are no translations
    ("no-op.js", "to-do.js", "is-ok.js", "as-is.js", "de-dupe.js", "index.js"),
    # one language's regions alone are no set of translations
    ("en-US.js", "en-GB.js", "en-AU.js", "en-CA.js", "en-NZ.js"),
])
def test_word_names_and_one_languages_regions_stay_code(tmp_path, names):
    """`de-dupe.js` counted as German in a script "dupe" on main: with `no-op`, `to-do`,
    `is-ok`, `as-is` five languages, the folder a translation set."""
    for name in names:
        write(tmp_path, f"src/util/{name}", "export const f = () => 1;\n")
    for name in names:
        c = classify_file(tmp_path, f"src/util/{name}", "export const f = () => 1;\n")
        assert c.kind is Kind.SOURCE, (name, c.reasons)


# -- the time zone database's tables; protobufjs' JSON schemas ----------------------------------
ZONE_TAB = "# tzdb timezone descriptions\n#\nAD\t+4230+00131\tEurope/Andorra\n" \
           "AE\t+2518+05518\tAsia/Dubai\n"


@cases("rel", ["src/tzdata/zoneinfo/zone.tab", "usr/share/zoneinfo/zone1970.tab",
               "pytz/zoneinfo/iso3166.tab"])
def test_the_time_zone_tables_are_data_not_sql(tmp_path, rel):
    assert_classified(tmp_path, rel, ZONE_TAB, kind=Kind.DATA, subkind="timezone_table",
                      index_policy=Policy.METADATA_ONLY)


def test_an_oracle_table_script_stays_sql(tmp_path):
    c = classify_file(tmp_path, "db/customers.tab", "CREATE TABLE customers (id NUMBER);\n")
    assert c.language == "sql" and c.kind is not Kind.DATA, c


PBJS = '{\n  "nested": {\n    "google": {\n      "nested": {\n        "protobuf": {}}}}}\n'


def test_protobufjs_json_beside_its_proto_is_a_copy(tmp_path):
    write(tmp_path, "google/protobuf/api.proto", 'syntax = "proto3";\nmessage Api {}\n')
    assert_classified(tmp_path, "google/protobuf/api.json", PBJS, kind=Kind.GENERATED,
                      subkind="protobuf_json", index_policy=Policy.METADATA_ONLY)


@cases(("rel", "content", "proto"), [
    ("schemas/api.json", PBJS, None),  # no .proto beside it: the only form of the schema
    ("google/api.json", '{"name": "api", "nested": {}}\n', "google/api.proto"),  # not pbjs'
])
def test_json_without_its_proto_or_pbjs_head_stays(tmp_path, rel, content, proto):
    if proto:
        write(tmp_path, proto, 'syntax = "proto3";\n')
    c = classify_file(tmp_path, rel, content)
    assert c.subkind != "protobuf_json", c


# -- swagger-codegen's clients; a Rails generator's USAGE -------------------------------------
SWAGGER_CLIENT = """\
/*
 * A Bit of Everything
 *
 * No description provided (generated by Swagger Codegen https://github.com/swagger-api/swagger-codegen)
 *
 * OpenAPI spec version: 1.0
 * Contact: none@example.com
 * Generated by: https://github.com/swagger-api/swagger-codegen.git
 */

package abe

type ABitOfEverythingNested struct {
	Name string `json:"name,omitempty"`
}
"""


@cases("rel", ["examples/clients/abe/a_bit_of_everything_nested.go",  # example code on main
               "client/api_client.go"])
def test_a_swagger_codegen_client_is_generated(tmp_path, rel):
    assert_classified(tmp_path, rel, SWAGGER_CLIENT, kind=Kind.GENERATED,
                      subkind="openapi_generated", index_policy=Policy.METADATA_ONLY)


def test_a_client_that_only_names_swagger_codegen_stays_source(tmp_path):
    text = "// We moved off swagger-codegen (https://github.com/swagger-api/swagger-codegen).\n" \
           "package api\n\nfunc Get() {}\n"
    assert_classified(tmp_path, "api/client.go", text, kind=Kind.SOURCE)


USAGE = """\
Description:
    Stubs out a new controller and its views. Pass the controller name, either
    CamelCased or under_scored, and a list of views as arguments.

Example:
    `bin/rails generate controller CreditCards open debit credit close`
"""


def test_a_rails_generators_usage_is_its_documentation(tmp_path):
    """railties' 19 `USAGE` files (what `rails generate controller --help` prints) were unknown,
    left out."""
    assert_classified(tmp_path, "lib/rails/generators/rails/controller/USAGE", USAGE,
                      kind=Kind.DOCUMENTATION, language="text",
                      index_policy=Policy.PARSE_AND_INDEX)
