"""Files lost or misread on real trees (session 33): VS Code's project settings, DejaGnu's Tcl
`.exp` files, jackson-databind's release notes and ServiceLoader registrations, secrets in XML
said in the decision. Each case as the real project holds it, and the near cases that must
stay as they were.
"""

from __future__ import annotations

from repokb.models import Kind, Policy

from ..conftest import cases, classify_file

# -- VS Code: Linguist vendors `.vscode` (for its language statistics); a user asks "how is
# the debugger configured", "which task builds it" -------------------------------------------
LAUNCH = ('{\n  // Use IntelliSense to learn about possible attributes.\n  "version": "0.2.0",\n'
          '  "configurations": [\n    {"name": "Python: pytest", "type": "debugpy",\n'
          '     "request": "launch", "module": "pytest", "args": ["-x"]},\n  ]\n}\n')
TASKS = '{\n  "version": "2.0.0",\n  "tasks": [{"label": "build", "command": "make"}]\n}\n'


@cases(("rel", "text"), [
    (".vscode/launch.json", LAUNCH),
    (".vscode/tasks.json", TASKS),
    (".vscode/settings.json", '{\n  "python.testing.pytestEnabled": true\n}\n'),
    (".vscode/extensions.json", '{\n  "recommendations": ["ms-python.python"]\n}\n'),
    ("web/.vscode/launch.json", LAUNCH),  # a monorepo package's own
    ("app.code-workspace", '{\n  "folders": [{"path": "api"}, {"path": "web"}]\n}\n'),
])
def test_vs_code_project_settings_are_configuration(tmp_path, rel, text):
    """They were vendored (Linguist's vendor.yml: `.vscode`), excluded; a workspace file was
    data, metadata only."""
    c = classify_file(tmp_path, rel, text)
    assert (c.kind, c.subkind, c.index_policy) == (
        Kind.CONFIGURATION, "vscode_settings", Policy.INDEX_TEXT), c.reasons


def test_other_editors_project_files_stay_as_linguist_decides(tmp_path):
    c = classify_file(tmp_path, "app.sublime-project", '{"folders": [{"path": "."}]}\n')
    assert c.kind is Kind.VENDOR, c.reasons


def test_a_secret_in_launch_json_is_redacted_not_lost(tmp_path):
    pw = "".join(("Sup3r", "S3cretPw"))
    text = LAUNCH.replace('"args": ["-x"]', f'"env": {{"DATABASE_URL": "postgres://app:{pw}@db/app"}}')
    c = classify_file(tmp_path, ".vscode/launch.json", text)
    assert c.index_policy is Policy.INDEX_TEXT and "redact" in c.flags, c.reasons
    assert not any(pw in r for r in c.reasons)


def test_rest_client_and_sqltools_secrets_in_settings_json_are_redacted(tmp_path):
    """settings.json was excluded, its secrets with it; indexed now, every one is redacted:
    REST Client's environment variables and certificate passphrase, SQLTools' password."""
    from ..conftest import assert_redacted

    values = ["".join(("Kq8ZtW3mLp", "9XvB2nRf7H")), "".join(("Hj5Kl9Mn3B", "v7Cx1Zq4Wd")),
              "".join(("Pq4Rs8Tu2V", "w6Xy0Za3")), "".join(("Mn7Bv3Cx9Z", "q1Wd5Ef2"))]
    text = ('{\n  "rest-client.environmentVariables": {\n    "$shared": {"version": "v1"},\n'
            f'    "local": {{"host": "localhost:3000", "token": "{values[0]}"}},\n'
            f'    "production": {{"authorization": "Bearer {values[1]}"}}\n  }},\n'
            '  "rest-client.certificates": {"api.example.com": {"cert": "/c.crt", '
            f'"passphrase": "{values[2]}"}}}},\n'
            '  "sqltools.connections": [{"name": "prod", "driver": "PostgreSQL", '
            f'"username": "app", "password": "{values[3]}"}}]\n}}\n')
    c = classify_file(tmp_path, ".vscode/settings.json", text)
    assert c.index_policy is Policy.INDEX_TEXT and "redact" in c.flags, c.reasons
    assert_redacted(text, "config", "json", *values)


# -- DejaGnu: Tcl `.exp` files that drive no program themselves (dejagnu 1.6.3's baseboards,
# config/, lib; GNU toolchains' testsuite/*.exp) ----------------------------------------------
LICENSE_HEAD = ("# Copyright (C) 1997-2019, 2020 Free Software Foundation, Inc.\n#\n"
                "# This file is part of DejaGnu.\n#\n") + "# (license text)\n" * 12 + "\n"
BOARD = (LICENSE_HEAD + 'load_generic_config "gdb-comm"\n\nprocess_multilib_options ""\n\n'
         'if { [board_info $board obj_format] eq "pe" } {\n'
         '    set additional_options "-Wl,-oformat,pe-arm-little"\n}\n')
DG_SUITE = (LICENSE_HEAD + "load_lib gcc-dg.exp\n\ndg-init\n"
            'dg-runtest [lsort [glob -nocomplain $srcdir/$subdir/*.c]] "" ""\ndg-finish\n')
PROCS = (LICENSE_HEAD + "proc unix_load { dest prog args } {\n    global ld_library_path\n"
         '    set output ""\n    return [list "pass" $output]\n}\n')


@cases(("rel", "text"), [
    ("baseboards/arm-ice.exp", BOARD),
    ("gcc/testsuite/gcc.dg/dg.exp", DG_SUITE),
    ("config/unix.exp", PROCS),
    ("config/default.exp", LICENSE_HEAD + "proc ${tool}_version { } {\n    verbose \"WARNING: "
     "Using the default proc for tool_version\" 2\n}\n"),  # the tool's name in the proc's
])
def test_a_dejagnu_tcl_file_is_tcl(tmp_path, rel, text):
    """They were "unknown format" (the Expect rule wants `spawn`/`send`/`expect`)."""
    c = classify_file(tmp_path, rel, text)
    assert c.language == "tcl" and c.index_policy is Policy.PARSE_AND_INDEX, c.reasons
    assert any("DejaGnu" in r for r in c.reasons), c.reasons


def test_a_gnu_testsuite_folder_holds_tests(tmp_path):
    """A GNU toolchain's `testsuite/` (gcc, binutils, gdb, dejagnu's own) is its tests: a
    DejaGnu driver there was source, as any Tcl outside `tests/`."""
    c = classify_file(tmp_path, "gcc/testsuite/gcc.dg/dg.exp", DG_SUITE)
    assert (c.kind, c.language) == (Kind.TEST, "tcl"), c.reasons


@cases(("rel", "text"), [
    ("out/results.exp", "PASS: foo\nFAIL: bar\n"),  # a test's expected output
    ("tests/golden/if.exp", "if x then y\nset to 3\n"),
    ("site.exp", "# The master configuration file should be here\n"),  # comments only
])
def test_other_exp_files_stay_unknown(tmp_path, rel, text):
    assert classify_file(tmp_path, rel, text).language != "tcl"


# -- jackson-databind 2.14.0: release notes, credits and ServiceLoader registrations ---------
VERSION_NOTES = ("Project: jackson-databind\n\n" + "-" * 72 + "\n=== Releases ===\n" + "-" * 72
                 + "\n\n2.14.0 (05-Nov-2022)\n\n#1980: Add method(s) in `JsonNode` that works "
                 "like combination of `at()`\n  and `with()`\n")
CREDITS = ("Here are people who have contributed to the development of Jackson JSON processor\n"
           "databind core component, version 2.x\n\nTatu Saloranta (tatu.saloranta@iki.fi):"
           " author\n")


@cases(("rel", "text", "kind", "subkind"), [
    ("release-notes/VERSION-2.x", VERSION_NOTES, Kind.DOCUMENTATION, "changelog"),
    ("release-notes/VERSION", VERSION_NOTES, Kind.DOCUMENTATION, "changelog"),
    ("release-notes/CREDITS-2.x", CREDITS, Kind.DOCUMENTATION, "authors"),
    ("src/main/resources/META-INF/services/com.fasterxml.jackson.databind.Module",
     "com.fasterxml.jackson.databind.ext.Java7SupportImpl\n", Kind.CONFIGURATION,
     "service_registration"),
    ("META-INF/services/javax.annotation.processing.Processor",
     "# the processor\ncom.example.AutoProcessor\n", Kind.CONFIGURATION,
     "service_registration"),
])
def test_jackson_release_notes_and_service_registrations_are_read(tmp_path, rel, text, kind,
                                                                   subkind):
    """Each was "unknown format: no rule matched", excluded."""
    c = classify_file(tmp_path, rel, text)
    assert (c.kind, c.subkind) == (kind, subkind), c.reasons
    assert c.index_policy.admits_content, c.reasons


def test_a_services_folder_elsewhere_keeps_its_decision(tmp_path):
    c = classify_file(tmp_path, "app/services/billing.Invoice", "class Invoice\n")
    assert c.subkind != "service_registration" and c.kind is Kind.UNKNOWN, c.reasons


# -- secrets in XML: the decision says what redaction will take out ---------------------------
STOREPASS = "".join(("Tq9xWv3", "LmZ8rKp2N"))
POM = ('<?xml version="1.0" encoding="UTF-8"?>\n<project>\n  <modelVersion>4.0.0</modelVersion>\n'
       "  <build><plugins><plugin>\n    <artifactId>maven-jarsigner-plugin</artifactId>\n"
       f"    <configuration>\n      <storepass>{STOREPASS}</storepass>\n"
       "    </configuration>\n  </plugin></plugins></build>\n</project>\n")
BEANS = ('<beans>\n  <bean id="ds" class="org.apache.commons.dbcp2.BasicDataSource">\n'
         f'    <property name="password" value="{STOREPASS}"/>\n  </bean>\n</beans>\n')


@cases(("rel", "text"), [("pom.xml", POM), ("WEB-INF/beans.xml", BEANS),
                         ("conf/settings.xml", POM.replace("storepass", "password"))])
def test_a_secret_in_xml_is_said_in_the_decision(tmp_path, rel, text):
    """The head scan read no XML element: the decision (`explain`'s reasons, the dry run's
    `reasons` and its files_with_secrets) did not say the value would be redacted, as it says
    for every other format; indexing did redact it."""
    c = classify_file(tmp_path, rel, text)
    assert "redact" in c.flags, c.reasons
    assert any("xml_value" in r and "redacted" in r for r in c.reasons), c.reasons
    assert not any(STOREPASS in r for r in c.reasons)


def test_xml_without_a_secret_says_none(tmp_path):
    c = classify_file(tmp_path, "pom.xml", POM.replace(STOREPASS, "${env.STOREPASS}"))
    assert "redact" not in c.flags, c.reasons


# -- eslint-plugin-react 7.37.5: tsc's declarations of the JavaScript beside them ------------
RULE_JS = ("/**\n * @fileoverview Forbid \"button\" element without an explicit \"type\"\n */\n\n"
           "'use strict';\n\n/** @type {import('eslint').Rule.RuleModule} */\n"
           "module.exports = {\n  meta: {docs: {description: 'Disallow buttons without type'}},\n"
           "  create(context) { return {}; },\n};\n")
RULE_DTS = ("declare const _exports: import('eslint').Rule.RuleModule;\nexport = _exports;\n"
            "//# sourceMappingURL=button-has-type.d.ts.map")


def _map(source: str, file: str = "button-has-type.d.ts") -> str:
    import json

    return json.dumps({"version": 3, "file": file, "sourceRoot": "", "sources": [source],
                       "names": [], "mappings": "wBA8BW,OAAO"})


def test_declarations_tsc_wrote_from_the_js_beside_them_are_left_out(tmp_path):
    """133 of them were TypeScript source beside the .js they declare (104 rules): each
    question answered by the rule and again by its two-line declaration. The `.js` is kept."""
    from ..conftest import write

    write(tmp_path, "lib/rules/button-has-type.js", RULE_JS)
    write(tmp_path, "lib/rules/button-has-type.d.ts.map", _map("button-has-type.js"))
    c = classify_file(tmp_path, "lib/rules/button-has-type.d.ts", RULE_DTS)
    assert (c.kind, c.subkind) == (Kind.BUILD_ARTIFACT, "javascript_declarations"), c.reasons
    assert not c.index_policy.admits_content
    assert any("lib/rules/button-has-type.js" in r for r in c.reasons), c.reasons
    js = classify_file(tmp_path, "lib/rules/button-has-type.js", RULE_JS)
    assert js.kind is Kind.SOURCE and js.index_policy.admits_content, js.reasons


@cases(("rel", "source", "js"), [
    ("lib/index.d.ts", "../src/index.ts", "lib/index.js"),  # compiled from TypeScript
    ("lib/types.d.ts", "types.js", None),  # the map names a .js the package does not ship
    ("lib/api.d.ts", None, "lib/api.js"),  # no map: hand-written beside its .js
])
def test_other_declarations_stay_the_typed_interface(tmp_path, rel, source, js):
    from ..conftest import write

    if js:
        write(tmp_path, js, RULE_JS)
    if source:
        write(tmp_path, rel + ".map", _map(source, rel.rsplit("/", 1)[-1]))
    c = classify_file(tmp_path, rel, "export declare function api(x: number): string;\n")
    assert c.kind is Kind.SOURCE and c.index_policy.admits_content, c.reasons


# -- psycopg2 2.9.10: Windows assembly manifests --------------------------------------------
VC9_MANIFEST = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                '<assembly xmlns="urn:schemas-microsoft-com:asm.v1" manifestVersion="1.0">\n'
                '  <dependency>\n    <dependentAssembly>\n      <assemblyIdentity type="win32" '
                'name="Microsoft.VC90.CRT" version="9.0.21022.8" processorArchitecture="amd64"'
                '></assemblyIdentity>\n    </dependentAssembly>\n  </dependency>\n</assembly>\n')


@cases(("rel",), [("psycopg/_psycopg.vc9.amd64.manifest",), ("src/App/app.manifest",)])
def test_a_windows_assembly_manifest_is_xml_configuration(tmp_path, rel):
    """psycopg2's two `.vc9.*.manifest` were "unknown format", excluded."""
    c = classify_file(tmp_path, rel, VC9_MANIFEST)
    assert (c.kind, c.language, c.index_policy) == (
        Kind.CONFIGURATION, "xml", Policy.INDEX_TEXT), c.reasons


def test_an_appcache_manifest_is_not_xml(tmp_path):
    c = classify_file(tmp_path, "web/offline.manifest", "CACHE MANIFEST\n# v1\nindex.html\n")
    assert c.language != "xml", c.reasons


# -- licenses named with `_` or `-` (tzdata 2026.6's licenses/LICENSE_APACHE) ----------------
APACHE = ("                                 Apache License\n"
          "                           Version 2.0, January 2004\n"
          "                        http://www.apache.org/licenses/\n")


@cases(("rel",), [("licenses/LICENSE_APACHE",), ("COPYING-GPL",), ("LICENSE_MIT",)])
def test_a_license_named_with_an_underscore_or_dash_is_the_license(tmp_path, rel):
    """They were "unknown format" (only `LICENSE.X` was read as COPYING is)."""
    c = classify_file(tmp_path, rel, APACHE)
    assert (c.kind, c.subkind) == (Kind.DOCUMENTATION, "license"), c.reasons


def test_a_license_checker_script_stays_code(tmp_path):
    c = classify_file(tmp_path, "tools/license_check.py", "import sys\n\nprint(sys.argv)\n")
    assert c.language == "python" and c.kind is Kind.SOURCE, c.reasons


# -- Debian packaging below the root (pyzmq 27.3.0's packaging/debian/) -----------------------
CONTROL = ("Source: pyzmq\nSection: python\nPriority: optional\nBuild-Depends: cython3 "
           "(>= 0.29~),\n               debhelper (>= 9~),\n               libzmq3-dev\n\n"
           "Package: python3-zmq\nArchitecture: any\nDepends: ${misc:Depends}, "
           "${python3:Depends}\nDescription: Python3 bindings for 0MQ library\n")


@cases(("rel", "text", "kind", "subkind", "language"), [
    ("packaging/debian/control", CONTROL, Kind.DEPENDENCY_MANIFEST, "debian_control", "text"),
    ("contrib/debian/control", CONTROL, Kind.DEPENDENCY_MANIFEST, "debian_control", "text"),
    ("packaging/debian/changelog", "pyzmq (19.0.2-0.1) unstable; urgency=low\n\n  * Initial "
     "packaging.\n\n -- Maintainer <m@example.org>  Mon, 01 Jun 2020 10:00:00 +0000\n",
     Kind.DOCUMENTATION, "changelog", "text"),
    ("packaging/debian/copyright", "Format: https://www.debian.org/doc/packaging-manuals/"
     "copyright-format/1.0/\nUpstream-Name: pyzmq\n\nFiles: *\nLicense: BSD-3-clause\n",
     Kind.DOCUMENTATION, "license", "text"),
    ("packaging/debian/rules", "#!/usr/bin/make -f\n\nDPKG_EXPORT_BUILDFLAGS = 1\n%:\n\t"
     "dh $@ --with python3\n", None, None, "make"),
])
def test_debian_packaging_files_are_read(tmp_path, rel, text, kind, subkind, language):
    """Each was "unknown format: no rule matched", excluded. (A root `debian/` stays vendored,
    as Linguist's `^debian/` decides: the distribution's packaging of the project.)"""
    c = classify_file(tmp_path, rel, text)
    assert c.language == language and c.index_policy.admits_content, c.reasons
    if kind is not None:
        assert (c.kind, c.subkind) == (kind, subkind), c.reasons


def test_a_file_named_control_elsewhere_keeps_its_decision(tmp_path):
    c = classify_file(tmp_path, "app/control", "Source: x\n")
    assert c.subkind != "debian_control", c.reasons


# -- prism 1.30.0 and highlight.js 11.12.0: a language's keyword list on one indented line ----
KEYWORDS = "|".join(f"KEYWORD{i}" for i in range(150))
PRISM_BASIC = ("Prism.languages.basic = {\n\t'comment': {\n\t\tpattern: /(?:!|REM\\b).+/i,\n"
               "\t\tinside: {\n\t\t\t'keyword': /^REM/i\n\t\t}\n\t},\n"
               f"\t'keyword': /\\b(?:{KEYWORDS})\\b/i,\n"
               "\t'function': /\\b(?:ABS|ACCESS|ACOS)\\$?\\b/i,\n"
               "\t'operator': /<[=>]?|>=?|[+\\-*\\/^=&]/i,\n"
               + "".join(f"\t'token{i}': /\\b(?:A{i}|B{i})\\b/,\n" for i in range(40))
               + "\t'punctuation': /[,;:()]/\n};\n")
HLJS = ("/*\nLanguage: AutoIt\nAuthor: Manh Tuan\n*/\n\nfunction autoit(hljs) {\n"
        "  const KEYWORDS = 'ByRef Case Const ContinueCase ContinueLoop Dim Do Else';\n"
        "  const LITERAL = ['True', 'False', 'Default', 'Null'];\n  const BUILT_IN\n"
        "    = '" + " ".join(f"B{i}" for i in range(400)) + "';\n"
        + "".join(f"  const M{i} = {{begin: /x{i}/}};\n" for i in range(40))
        + "  return {\n    name: 'AutoIt',\n"
        "    keywords: {keyword: KEYWORDS, built_in: BUILT_IN},\n"
        "  };\n}\n\nexport { autoit as default };\n")
BUNDLE = ("/*! For license information please see main.js.LICENSE.txt */\n"
          + "!function(e){var t={};function n(r){if(t[r])return t[r].exports;var o=t[r]={i:r,"
          "l:!1,exports:{}};return e[r].call(o.exports,o,o.exports,n),o.l=!0,o.exports}" * 40
          + "\n")


@cases(("rel", "text"), [("components/prism-basic.js", PRISM_BASIC),
                         ("lib/languages/autoit.js", HLJS)])
def test_a_long_indented_keyword_line_is_no_bundle(tmp_path, rel, text):
    """Each was generated "minified code (longest line ..., long lines 80% of the text)": the
    language definitions a person wrote, one keyword regex or word list on an indented line."""
    c = classify_file(tmp_path, rel, text)
    assert (c.kind, c.language) == (Kind.SOURCE, "javascript"), c.reasons


def test_a_bundle_stays_minified(tmp_path):
    c = classify_file(tmp_path, "static/main.js", BUNDLE)
    assert c.kind is Kind.GENERATED and "minified" in c.flags, c.reasons


# -- docutils 0.23.1: XML DTDs (docs/ref/docutils.dtd, soextblx.dtd) -------------------------
DTD = ('<!-- Docutils Generic DTD -->\n<!ENTITY % basic.atts " ids NMTOKENS #IMPLIED'
       ' names CDATA #IMPLIED">\n<!ELEMENT document ((title, subtitle?)?, docinfo?, '
       '%structure.model;)>\n<!ATTLIST document %basic.atts; title CDATA #IMPLIED>\n')


def test_an_xml_dtd_is_a_contract(tmp_path):
    """Six were "unknown format", excluded: the document model a user asks about."""
    c = classify_file(tmp_path, "docs/ref/docutils.dtd", DTD)
    assert (c.kind, c.subkind, c.language) == (Kind.CONTRACT, "dtd_schema", "xml"), c.reasons
    assert c.index_policy.admits_content


# -- invalid UTF-8 past the head, explained before any index ----------------------------------
def test_explain_of_a_file_never_indexed_says_what_indexing_would_record(tmp_path):
    """`explain` of a file whose bad byte lies past the head said parse_and_index, text
    documentation; indexing records it skipped, metadata only (tests/integration/
    test_incremental.py): explain now says that too."""
    from repokb.explain import explain
    from repokb.pipeline.classify import Limits
    from repokb.stores.catalog import Catalog

    from ..conftest import write

    write(tmp_path / "proj", "pyproject.toml", "[project]\nname = 'p'\n")
    # sentences: 3,000 lines of `ok line` are a table written as text (data, never read)
    path = write(tmp_path / "proj", "notes/late.txt",
                 b"an ok line of notes, written by hand.\n" * 3000 + b"\xff\xfe bad\n")
    record = explain(Catalog(tmp_path / "catalog.sqlite3"), Limits(), str(path), None)
    c = record["classification"]
    assert (c["index_policy"], c["reasons"][0]) == (
        "metadata_only", "not valid UTF-8: recorded, not read"), record


# -- furo 2025.12.19: a Sphinx theme's Jinja templates (src/furo/theme/furo/*.html) ----------
@cases(("rel", "text"), [
    ("src/furo/theme/furo/base.html", '<!doctype html>\n<html class="no-js"{% if language is '
     'not none %} lang="{{ language }}"{% endif %}>\n  <head>\n    {%- block site_meta -%}\n'
     '    <meta charset="utf-8">\n    {%- endblock site_meta -%}\n  </head>\n</html>\n'),
    ("src/furo/theme/furo/components/edit-this-page.html",
     '{% extends "basic-ng/components/edit-this-page.html" %}\n\n{%- macro furo_edit_button(url)'
     ' -%}\n<div class="edit-this-page">\n  <a class="muted-link" href="{{ url }}">Edit</a>\n'
     '</div>\n{%- endmacro -%}\n'),
])
def test_an_html_file_with_jinja_statements_is_a_template(tmp_path, rel, text):
    """Outside a `templates/` folder they were HTML markup, metadata only: the theme itself."""
    c = classify_file(tmp_path, rel, text)
    assert (c.kind, c.subkind) == (Kind.SOURCE, "html_template"), c.reasons
    assert c.index_policy.admits_content


def test_a_static_html_page_stays_markup(tmp_path):
    c = classify_file(tmp_path, "site/about.html",
                      "<html><body><p>Use {{ name }} in text; 100% {kind}.</p></body></html>\n")
    assert c.subkind != "html_template", c.reasons


def test_a_macro_flag_in_a_dejagnu_file_is_no_secret():
    """dejagnu 1.6.3's libgloss.exp, read as Tcl now, had its `set flags "additional_flags=
    -DWRAP_M68K_AOUT"` redacted (detect-secrets' base64 entropy): a macro's name."""
    from repokb.secrets import redact

    from ..conftest import assert_redacted

    text = ('    if {[target_info exists wrap_m68k_aout]} {\n'
            '\tset flags "additional_flags=-DWRAP_M68K_AOUT"\n\tset result ""\n    }\n')
    assert redact(text, "code", "tcl").text == text
    key = "".join(("Zx8Kq2", "Lm9Vb4Nw7Rt3"))
    assert_redacted(f'set flags "-DAPI_KEY={key}"\n', "code", "tcl", key)


# -- jQuery 4.1.0: `dist-module/`, the ES-module bundles of the `src/` it ships ---------------
def test_a_module_format_bundle_folder_is_build_output(tmp_path):
    """`dist/` was skipped, `dist-module/` walked: four bundles (jquery.module.js 259 KB ...)
    indexed as source beside the 141 modules of `src/` they are rolled from."""
    from ..conftest import write
    from .test_discover import walk

    write(tmp_path, "jq/package.json", '{"name": "jquery", "type": "module"}\n')
    write(tmp_path, "jq/src/core.js", "export function jQuery(selector) {\n  return selector;\n}\n")
    write(tmp_path, "jq/dist-module/jquery.module.js",
          "/*!\n * jQuery JavaScript Library v4.1.0\n */\nfunction jQuery(selector) {}\n")
    write(tmp_path, "jq/dist-esm/index.js", "export { jQuery } from './core.js';\n")
    files, skipped = walk(tmp_path / "jq")
    assert "src/core.js" in files
    assert {"dist-module", "dist-esm"} <= set(skipped), (files, skipped)
    assert not any(f.startswith("dist-") for f in files)
