"""Session 39's leftovers decided (decide39b): javascript-time-ago's per-locale package.json
stubs, handsontable's translations written as scripts, pycryptodome's copied C libraries, and
the formats secrets39 found unknown (an extension-less Ansible inventory, cloud-init's
`user-data`, a credential file's template copy). Each case as the real tree holds it, the near
cases that must stay as they were, and the secrets each indexed form must lose.
"""

from __future__ import annotations

import json

from repokb.models import Kind, Policy

from ..conftest import assert_classified, cases, classify_file, write
from ..secret_forms import assert_form_redacted, assert_kept, j

# -- javascript-time-ago 2.6.4: 335 `locale/<code>/package.json`, one per locale ----------------
CODES = ["af", "ak", "am", "ar", "de", "en", "zh-Hant"]


def locale_stub(code: str) -> str:
    """As the package's script writes each (tabs, the folder's name in three places)."""
    return json.dumps({"private": True, "name": f"javascript-time-ago/locale/{code}",
                       "types": f"../{code}.json.d.ts", "module": "./index.js",
                       "main": "./index.cjs", "type": "module",
                       "exports": {".": {"types": f"../{code}.json.d.ts",
                                         "import": "./index.js", "require": "./index.cjs"}},
                       "sideEffects": True}, indent="\t")


def _time_ago(tmp_path, codes: list[str]) -> None:
    write(tmp_path, "package/package.json", json.dumps(
        {"name": "javascript-time-ago", "version": "2.6.4", "main": "index.cjs",
         "dependencies": {"relative-time-format": "^1.1.12"}}))
    for code in codes:
        write(tmp_path, f"package/locale/{code}/package.json", locale_stub(code))


def test_a_stub_written_again_in_each_locale_folder_is_generated(tmp_path):
    """Each was a dependency manifest (335 pieces answering "which dependencies")."""
    _time_ago(tmp_path, CODES)
    c = assert_classified(tmp_path, "package/locale/de/package.json", locale_stub("de"),
                          kind=Kind.GENERATED, subkind="entry_point_stub",
                          index_policy=Policy.METADATA_ONLY)
    assert "./index.cjs" in c.reasons[0] and "package/locale/af/" in c.reasons[0], c.reasons
    assert_classified(tmp_path, "package/package.json", (tmp_path / "package/package.json")
                      .read_text(), kind=Kind.DEPENDENCY_MANIFEST)


@cases(("codes", "stub"), [
    (["af", "ak", "am", "de"], locale_stub("de")),  # three alike beside it: too few
    (CODES, locale_stub("de").replace("index.cjs", "main.cjs")),  # its own entry point
    (CODES, locale_stub("de").replace('"private": true', '"version": "1.0.0"')),  # a version
])
def test_a_stub_without_five_alike_siblings_or_with_knowledge_stays_a_manifest(tmp_path, codes,
                                                                                stub):
    _time_ago(tmp_path, codes)
    assert_classified(tmp_path, "package/locale/de/package.json", stub,
                      kind=Kind.DEPENDENCY_MANIFEST)


def test_sibling_manifests_of_different_packages_stay_manifests(tmp_path):
    """Five component folders whose package.json differ in more than the folder's name."""
    for i, name in enumerate(["button", "card", "dialog", "menu", "tabs", "table"]):
        write(tmp_path, f"components/{name}/package.json", json.dumps(
            {"name": f"@ui/{name}", "private": True, "main": f"./{name}.js",
             "description": f"The {name} component, {'with' if i % 2 else 'without'} styles"}))
    assert_classified(tmp_path, "components/menu/package.json",
                      (tmp_path / "components/menu/package.json").read_text(),
                      kind=Kind.DEPENDENCY_MANIFEST)


# -- handsontable 18.1.1: `languages/*.js` (UMD builds) and `i18n/languages/*` -----------------
def dictionary(code: str, word: str) -> str:
    return ("/**\n * @preserve\n * Authors: Stefan Salzl\n *\n * Description: Definition file "
            f"for {code}.\n */\nimport * as C from '../constants';\n\nconst dictionary = {{\n"
            f"  languageCode: '{code}',\n  [C.OK]: '{word}',\n  [C.CANCEL]: '{word}!',\n}};\n\n"
            "export default dictionary;\n")


LANGS = {"de-DE": "OK", "fr-FR": "D'accord", "ja-JP": "OK", "pl-PL": "Dobrze", "ru-RU": "Да",
         "en-US": "OK"}


@cases(("folder", "ext"), [("package/languages", ".js"), ("package/i18n/languages", ".mjs"),
                           ("src/i18n/languages", ".ts"), ("package/i18n/languages", ".d.ts")])
def test_a_script_per_language_among_five_is_a_translation(tmp_path, folder, ext):
    for code, word in LANGS.items():
        write(tmp_path, f"{folder}/{code}{ext}", dictionary(code, word))
    write(tmp_path, f"{folder}/index{ext}", "export * from './de-DE';\n")
    c = assert_classified(tmp_path, f"{folder}/de-DE{ext}", dictionary("de-DE", "OK"),
                          kind=Kind.DATA, subkind="translation_catalog",
                          index_policy=Policy.METADATA_ONLY)
    assert f"{folder}/ holds 6 translations" in c.reasons[0], c.reasons  # English's counted
    # English's holds the text they translate; the folder's index is code
    for name, text in ((f"en-US{ext}", dictionary("en-US", "OK")),
                       (f"index{ext}", "export * from './de-DE';\n")):
        c = classify_file(tmp_path, f"{folder}/{name}", text)
        assert c.subkind != "translation_catalog", c.reasons


@cases(("names",), [
    (["de-DE.js", "fr-FR.js", "ja-JP.js", "en-US.js"],),  # three languages and English
    (["de-DE.js", "fr-FR.json", "ja-JP.json", "pl-PL.json", "ru-RU.json"],),  # JSON's, not JS'
    (["de-DE.js", "go.js", "rust.js", "python.js", "ruby.js", "c.js", "java.js"],),  # grammars
])
def test_scripts_that_are_no_translation_set_stay_source(tmp_path, names):
    for name in names:
        write(tmp_path, f"src/languages/{name}", dictionary(name.split(".")[0], "OK"))
    assert_classified(tmp_path, "src/languages/de-DE.js", dictionary("de-DE", "OK"),
                      kind=Kind.SOURCE)


# -- pycryptodome 4.5.0: src/mldsa-native/, src/mlkem-native/ (68 files, 1,529 pieces) ---------
NATIVE = ("/*\n * Copyright (c) The mldsa-native project authors\n"
          " * SPDX-License-Identifier: Apache-2.0 OR ISC OR MIT\n */\n\n#include \"sign.h\"\n\n"
          "int crypto_sign_keypair(uint8_t *pk, uint8_t *sk)\n{\n  return 0;\n}\n")
OWN = ("/*\n * SPDX-FileCopyrightText: 2026 Helder Eijs <helderijs@gmail.com>\n"
       " * SPDX-License-Identifier: BSD-2-Clause\n */\n\n/*\n * ML-DSA (FIPS 204), on top of "
       "mldsa-native (src/mldsa-native).\n */\n#include \"mldsa-native/mldsa_native.h\"\n")


def _pycryptodome(tmp_path) -> None:
    write(tmp_path, "LICENSE.rst", "BSD 2-Clause\n")
    write(tmp_path, "src/mldsa-native/LICENSE", "mldsa-native is a fork of ...\n")
    write(tmp_path, "src/mldsa-native/README.md", "# mldsa-native source tree\n")


@cases(("rel", "text"), [
    ("src/mldsa-native/src/sign.c", NATIVE), ("src/mldsa-native/src/fips202/fips202.h", NATIVE),
    ("src/mldsa-native/mldsa_native.h", NATIVE),
    # code the two libraries share names both (mldsa-native's `src/ct.c`, `sys.h`: 11 files)
    ("src/mldsa-native/src/ct.c", NATIVE.replace(
        " * Copyright", " * Copyright (c) The mlkem-native project authors\n * Copyright")),
])
def test_code_of_a_copied_project_beside_its_own_licence_is_vendored(tmp_path, rel, text):
    """Indexed as pycryptodome's own source on main."""
    _pycryptodome(tmp_path)
    c = assert_classified(tmp_path, rel, text, kind=Kind.VENDOR, subkind="vendored_library",
                          index_policy=Policy.EXCLUDE)
    assert "src/mldsa-native/, beside its own LICENSE" in c.reasons[0], c.reasons


@cases(("rel", "text"), [
    ("src/mldsa.c", OWN),  # the package's own code naming the copy
    ("src/mlkem-native/src/kem.c", NATIVE.replace("mldsa", "mlkem")),  # no licence of its own
    ("src/mldsa-native/src/sign.c", NATIVE.replace("mldsa-native project authors",
                                                   "pycryptodome authors")),  # another holder
    ("onnx/common/status.h", NATIVE.replace("The mldsa-native project authors",
                                            "ONNX Project Contributors")),  # onnx/ has none
])
def test_code_naming_no_licensed_folder_on_its_path_stays_source(tmp_path, rel, text):
    _pycryptodome(tmp_path)
    assert_classified(tmp_path, rel, text, kind=Kind.SOURCE)


# -- secrets39's unknown formats ----------------------------------------------------------------
def inventory_password() -> str:
    return j("Inv3nt", "oryPa55", "-8sQ2x")


INVENTORY = "[db]\ndb1.acme.io ansible_ssh_pass={X} ansible_port=2222\n"
NESTED = ("[web]\nweb1.acme.io\nweb2.acme.io\n\n[prod:children]\nweb\n\n"
          "[all:vars]\nansible_user=ops\n")


@cases(("rel", "text"), [
    ("ansible/inventory/prod", INVENTORY),
    ("inventory", NESTED),
    ("deploy/hosts", INVENTORY),
    ("inventories/staging/hosts.ini", INVENTORY),  # was INI configuration (deployment_config)
])
def test_an_ansible_inventory_is_infrastructure_read_as_ini(tmp_path, rel, text):
    """Extension-less ones were unknown: excluded, "no rule matched"."""
    c = assert_classified(tmp_path, rel, text.replace("{X}", inventory_password()),
                          kind=Kind.INFRASTRUCTURE, subkind="ansible_inventory", language="ini",
                          index_policy=Policy.INDEX_TEXT)
    assert any(r.startswith("Ansible inventory (group [") for r in c.reasons), c.reasons
    assert inventory_password() not in " ".join(c.reasons)


@cases(("rel", "text"), [
    ("etc/hosts", "127.0.0.1 localhost\n::1 localhost ip6-localhost\n"),  # the host table
    ("notes/hosts", "[mail]\nsmtp relay for the office\n"),  # a section, no Ansible mark
])
def test_files_without_an_inventory_s_marks_are_no_inventory(tmp_path, rel, text):
    c = assert_classified(tmp_path, rel, text, kind=Kind.UNKNOWN)
    assert c.language is None


def test_an_inventory_s_connection_password_is_redacted():
    assert_form_redacted("ini", INVENTORY, (inventory_password(),))
    assert_form_redacted("ini", "[web]\nweb1 ansible_host=10.0.0.11 ansible_become_pass={X}\n",
                         (inventory_password(),))
    assert_kept("ini", NESTED)


def cloud_password() -> str:
    return j("Cl0ud", "InitPa55", "-Zq7")


USER_DATA = ("#cloud-config\nhostname: web1\nusers:\n  - name: ops\n"
             "    plain_text_passwd: {X}\n    lock_passwd: false\n"
             "packages:\n  - nginx\nruncmd:\n  - systemctl enable --now nginx\n")


@cases(("rel",), [("cloud-init/user-data",), ("user-data",), ("seed/cloud-config.yaml",)])
def test_cloud_init_user_data_is_infrastructure_read_as_yaml(tmp_path, rel):
    """`user-data` was unknown: excluded."""
    c = assert_classified(tmp_path, rel, USER_DATA.replace("{X}", cloud_password()),
                          kind=Kind.INFRASTRUCTURE, subkind="cloud_init", language="yaml",
                          index_policy=Policy.INDEX_TEXT)
    assert "redact" in c.flags, c.flags


def test_a_user_data_script_is_the_script_and_plain_yaml_stays_configuration(tmp_path):
    assert_classified(tmp_path, "user-data", "#!/bin/bash\napt-get install -y nginx\n",
                      language="shell")
    assert_classified(tmp_path, "config/cloud.yaml", "hostname: web1\npackages:\n  - nginx\n",
                      kind=Kind.CONFIGURATION)


def test_user_data_passwords_are_redacted():
    assert_form_redacted("yaml", USER_DATA, (cloud_password(),))
    assert_form_redacted("yaml", "#cloud-config\nchpasswd:\n  list: |\n    root:{X}\n",
                         (cloud_password(),))
    assert_kept("yaml", USER_DATA.replace("    plain_text_passwd: {X}\n", ""))


def pypi_token() -> str:
    return j("pypi-AgEIcHlwaS5vcmc", "CJDQ2ZjU4N2Y1LTk1OGQtNGQ5ZC1hYjQ3LWU0", "Zk3MjU1MmFkNwACKlsz")


PYPIRC = "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = {X}\n"


@cases(("rel",), [("deploy/.pypirc.template",), ("ci/pypirc.example",),
                  ("dotfiles/s3cfg.template",)])
def test_a_credential_file_s_template_copy_is_sample_configuration(tmp_path, rel):
    """`.pypirc.template` was unknown: excluded, its format and knowledge lost."""
    c = assert_classified(tmp_path, rel, PYPIRC.replace("{X}", pypi_token()),
                          kind=Kind.CONFIGURATION, subkind="sample_config", language="ini",
                          index_policy=Policy.INDEX_TEXT)
    assert "redact" in c.flags, c.flags


@cases(("rel",), [(".pypirc",), ("dotfiles/pypirc",), (".npmrc",)])
def test_the_credential_files_themselves_stay_blocked(tmp_path, rel):
    assert_classified(tmp_path, rel, PYPIRC.replace("{X}", pypi_token()),
                      kind=Kind.SECRET_CANDIDATE, index_policy=Policy.BLOCK)


def test_template_copies_lose_their_secrets():
    assert_form_redacted("ini", PYPIRC, (pypi_token(),))
    assert_form_redacted("python", "SECRET_KEY = '{X}'\nDEBUG = False\n",
                         (j("django-insecure-", "q9#x2!vz8k", "Lw3rT0p"),))


def test_a_settings_template_is_python_sample_configuration(tmp_path):
    c = assert_classified(tmp_path, "mysite/settings.py.template",
                          "DEBUG = False\nSECRET_KEY = 'change-me'\nALLOWED_HOSTS = []\n",
                          kind=Kind.CONFIGURATION, subkind="sample_config", language="python",
                          index_policy=Policy.INDEX_TEXT)
    assert "template of settings.py" in " ".join(c.reasons), c.reasons
