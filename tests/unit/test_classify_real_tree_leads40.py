"""Session 39's leftovers decided and what session 40's audit of real trees found (decisions40):
each case as the real tree holds it, the near cases that must stay as they were, and the
secrets each newly indexed form must lose.
"""

from __future__ import annotations

from repokb.models import Kind, Policy

from ..conftest import assert_classified, cases, classify_file, write
from ..secret_forms import assert_form_redacted, j

# -- javascript-time-ago 2.6.4: 335 `locale/<code>/index.js` beside their package.json stubs -----
CODES = ["af", "ak", "am", "ar", "de", "en", "zh-Hant"]


def locale_index(code: str) -> str:
    return (f'import TimeAgo from "javascript-time-ago"\nimport localeData from "../{code}.json.js"'
            "\n\nTimeAgo.addLocale(localeData)\n\nexport default localeData")


def locale_index_cjs(code: str) -> str:
    return ('var TimeAgo = require("javascript-time-ago")\n'
            f'var localeData = require("../{code}.json")\n\nTimeAgo.addLocale(localeData)\n\n'
            "exports = module.exports = localeData\nexports['default'] = localeData")


def _locales(tmp_path, codes: list[str]) -> None:
    write(tmp_path, "package/package.json", '{"name": "javascript-time-ago", "version": "2.6.4"}')
    for code in codes:
        write(tmp_path, f"package/locale/{code}/index.js", locale_index(code))
        write(tmp_path, f"package/locale/{code}.json", f'{{"locale": "{code}"}}')


def test_an_entry_script_written_again_in_each_locale_folder_is_generated(tmp_path):
    """Each `index.js` was JavaScript source (335 pieces, the same but for the code); its
    `index.cjs` is left to the module format variants' rule (in the real tree, one)."""
    _locales(tmp_path, CODES)
    for code in CODES:
        write(tmp_path, f"package/locale/{code}/index.cjs", locale_index_cjs(code))
    c = assert_classified(tmp_path, "package/locale/de/index.js", locale_index("de"),
                          kind=Kind.GENERATED, subkind="entry_point_stub",
                          index_policy=Policy.METADATA_ONLY)
    assert "package/locale/af/" in c.reasons[0], c.reasons
    cjs = classify_file(tmp_path, "package/locale/de/index.cjs", locale_index_cjs("de"))
    assert cjs.subkind != "entry_point_stub", cjs.reasons


@cases(("codes", "text"), [
    (["af", "ak", "am", "de"], locale_index("de")),  # three alike beside it: too few
    (CODES, locale_index("de") + "\nexport const extra = 1"),  # more than the others
    (CODES, locale_index("de").replace("../de.json.js", "./data.js")),  # imports its own folder
])
def test_an_entry_script_without_five_alike_siblings_stays_source(tmp_path, codes, text):
    _locales(tmp_path, codes)
    assert_classified(tmp_path, "package/locale/de/index.js", text, kind=Kind.SOURCE)


def test_component_folders_with_different_index_scripts_stay_source(tmp_path):
    for name in ["button", "card", "dialog", "menu", "tabs", "table"]:
        write(tmp_path, f"src/{name}/index.js",
              f'import {{ render }} from "../core"\nexport function {name}() {{ return render('
              f'"{name}", {len(name)}) }}\n' + ("// wide\n" if len(name) > 4 else ""))
    assert_classified(tmp_path, "src/dialog/index.js",
                      (tmp_path / "src/dialog/index.js").read_text(), kind=Kind.SOURCE)


# -- cloud-init's own settings: `/etc/cloud/cloud.cfg`, `cloud.cfg.d/*.cfg` (YAML under `.cfg`) ---
CLOUD_CFG = ("# The top level settings are used as module\n# and base configuration.\n"
             "users:\n   - default\n\ndisable_root: true\npreserve_hostname: false\n\n"
             "cloud_init_modules:\n - seed_random\n - bootcmd\n - write_files\n\n"
             "system_info:\n   distro: debian\n   default_user:\n     name: debian\n"
             "     groups: [adm, audio, cdrom, dialout, dip, floppy, plugdev, sudo, video]\n")
LOGGING_CFG = ("_log:\n - &log_base |\n   [loggers]\n   keys=root,cloudinit\n\n"
               "   [handlers]\n   keys=consoleHandler\n\nlog_cfgs:\n - [ *log_base ]\n")


@cases(("rel", "text"), [
    ("etc/cloud/cloud.cfg", CLOUD_CFG),
    ("etc/cloud/cloud.cfg.d/90_dpkg.cfg",
     "# to update this file, run dpkg-reconfigure cloud-init\n"
     "datasource_list: [ NoCloud, ConfigDrive, Ec2, None ]\n"),
    ("etc/cloud/cloud.cfg.d/05_logging.cfg", LOGGING_CFG),  # INI inside a YAML block scalar
])
def test_cloud_init_settings_are_yaml_infrastructure(tmp_path, rel, text):
    """Read as INI by `.cfg` on main: one window of `key: value` lines, no key path."""
    c = assert_classified(tmp_path, rel, text, kind=Kind.INFRASTRUCTURE, subkind="cloud_init",
                          language="yaml", index_policy=Policy.INDEX_TEXT)
    assert "cloud-init's settings" in c.reasons[0], c.reasons


@cases(("rel", "text"), [
    ("setup.cfg", "[metadata]\nname = cloud\n"),
    ("etc/cloud/cloud.cfg", "[main]\ndatasource = NoCloud\n"),  # an INI file so named
    ("conf/app.cfg", "users:\n  - default\n"),  # YAML-shaped, but no cloud-init name
])
def test_other_cfg_files_keep_their_language(tmp_path, rel, text):
    c = classify_file(tmp_path, rel, text)
    assert c.language == "ini" and c.subkind != "cloud_init", c.reasons


def cloud_password() -> str:
    return j("Cl0ud", "Cfg", "Pa55-z9")


def test_cloud_cfg_passwords_are_redacted():
    assert_form_redacted("yaml", "system_info:\n  default_user:\n    name: ops\n"
                         "    plain_text_passwd: {X}\n", (cloud_password(),))


# -- an Ansible inventory of host names only (no `ansible_` variable, no nested group) -----------
BARE = ("# production hosts\n[webservers]\nweb1.example.com\nweb[02:04].example.com\n\n"
        "[dbservers]\ndb1.example.com:5433\n10.0.0.12 backup=true\n")


@cases(("rel",), [("inventory",), ("ansible/hosts",), ("production",), ("inventory/prod",),
                  ("inventories/staging/hosts.ini",), ("etc/ansible/hosts",)])
def test_an_inventory_of_host_names_is_infrastructure(tmp_path, rel):
    """Extension-less ones were unknown, excluded; `hosts.ini` INI configuration."""
    c = assert_classified(tmp_path, rel, BARE, kind=Kind.INFRASTRUCTURE,
                          subkind="ansible_inventory", language="ini",
                          index_policy=Policy.INDEX_TEXT)
    assert "group [webservers]" in c.reasons[0], c.reasons


@cases(("rel", "text"), [
    ("notes/servers", BARE),  # a name no inventory takes
    ("hosts", "127.0.0.1 localhost\n::1 localhost ip6-localhost\n"),  # /etc/hosts
    ("inventory", "[mail]\nsmtp relay for the office\n"),  # prose in a section
    ("production", "[app]\nworkers = 4\nlisten = 0.0.0.0:80\n"),  # settings, not hosts
])
def test_sectioned_text_that_is_no_inventory_stays_as_it_was(tmp_path, rel, text):
    c = classify_file(tmp_path, rel, text)
    assert c.subkind != "ansible_inventory", c.reasons


# -- `.npmrc.sample`: Linguist's NPM Config, data, its settings never read -----------------------
def npm_token() -> str:
    return j("npm_", "Zq7Rp3Xk9Lm2", "Wv8Tn4Bc6Hd1Jf5Gs0Ay")


NPMRC = ("registry=https://npm.acme.io/\n@acme:registry=https://npm.acme.io/\n"
         "//npm.acme.io/:_authToken={X}\nalways-auth=true\n")


@cases(("rel",), [(".npmrc.sample",), ("docs/.npmrc.example",), ("ci/npmrc.template",)])
def test_an_npmrc_template_copy_is_sample_configuration(tmp_path, rel):
    """Was npm_config data, metadata only."""
    c = assert_classified(tmp_path, rel, NPMRC.replace("{X}", npm_token()),
                          kind=Kind.CONFIGURATION, subkind="sample_config", language="ini",
                          index_policy=Policy.INDEX_TEXT)
    assert "redact" in c.flags, c.flags


def test_the_npmrc_itself_keeps_linguist_s_language_and_stays_blocked(tmp_path):
    assert_classified(tmp_path, ".npmrc", NPMRC.replace("{X}", npm_token()),
                      kind=Kind.SECRET_CANDIDATE, language="npm_config",
                      index_policy=Policy.BLOCK)


def test_an_npmrc_sample_s_token_is_redacted():
    assert_form_redacted("ini", NPMRC, (npm_token(),))


# -- faker 40.63.0: a locale's word lists as Python; a transliteration table ---------------------
LOCALES = ["de_DE", "en_US", "fr_FR", "fil_PH", "zh_CN", "en"]


def word_list(locale: str, n: int = 150, method: str = "") -> str:
    names = "\n".join(f'        "Na{chr(97 + i // 26)}{chr(97 + i % 26)}",' for i in range(n))
    return ("from .. import Provider as PersonProvider\n\n\nclass Provider(PersonProvider):\n"
            '    formats = ("{{first_name}} {{last_name}}",)\n\n'
            f"    first_names = (\n{names}\n    )\n{method}")


def _faker(tmp_path) -> None:
    write(tmp_path, "faker/providers/person/__init__.py",
          "class Provider:\n    def name(self) -> str:\n        return 'x'\n")
    for locale in LOCALES:
        write(tmp_path, f"faker/providers/person/{locale}/__init__.py", word_list(locale))


def test_a_locale_s_word_lists_in_python_are_data(tmp_path):
    """Python source on main: 383 such files, most of faker's 17,646 provider pieces."""
    _faker(tmp_path)
    c = assert_classified(tmp_path, "faker/providers/person/de_DE/__init__.py",
                          word_list("de_DE"), kind=Kind.DATA, subkind="locale_word_list",
                          index_policy=Policy.METADATA_ONLY)
    assert "faker/providers/person/ holds 6 languages' folders" in c.reasons[0], c.reasons
    assert_classified(tmp_path, "faker/providers/person/__init__.py",
                      (tmp_path / "faker/providers/person/__init__.py").read_text(),
                      kind=Kind.SOURCE)


METHOD = ("\n    def ssn(self) -> str:\n        digits = [self.random_digit() for _ in range(8)]"
          "\n        weights = (5, 7, 9, 4, 6, 10, 5, 7)\n        total = 0\n"
          "        for digit, weight in zip(digits, weights):\n"
          "            total += digit * weight\n"
          "        check = total % 11\n        if check == 10:\n            check = 0\n"
          "        return ''.join(map(str, digits)) + str(check)\n")
SMALL_METHOD = "\n    def city(self) -> str:\n        return self.random_element(self.cities)\n"


def test_a_word_list_with_a_small_method_is_data_too(tmp_path):
    """faker's `address/it_IT/`: 17,659 lines, 34 of them in 7 small methods (1,171 pieces)."""
    _faker(tmp_path)
    c = assert_classified(tmp_path, "faker/providers/person/de_DE/__init__.py",
                          word_list("de_DE", method=SMALL_METHOD), kind=Kind.DATA,
                          subkind="locale_word_list")
    assert "functions 1% of its lines" in c.reasons[0], c.reasons


@cases(("rel", "text"), [
    # code over 5% of its lines (faker's `ssn/it_IT/`: checksums, 162 of 8,192 lines)
    ("faker/providers/person/de_DE/__init__.py", word_list("de_DE", n=100, method=METHOD)),
    ("faker/providers/person/de_DE/__init__.py", word_list("de_DE", n=20)),  # a few strings
    ("django/conf/locale/de/formats.py",  # Django's formats: 139 strings in nl's, no words
     'DATE_FORMAT = "j. F Y"\nDATE_INPUT_FORMATS = [\n' + "".join(
         f'    "%d.%m.%Y {i}",\n' for i in range(150)) + "]\n"),
])
def test_a_locale_module_with_code_or_few_strings_stays_source(tmp_path, rel, text):
    _faker(tmp_path)
    for locale in LOCALES:
        write(tmp_path, f"django/conf/locale/{locale.split('_')[0]}/formats.py", "X = 1\n")
    write(tmp_path, "django/conf/locale/nl/formats.py", "X = 1\n")
    assert_classified(tmp_path, rel, text, kind=Kind.SOURCE)


def test_a_word_list_outside_a_folder_of_languages_stays_source(tmp_path):
    write(tmp_path, "mypkg/data/__init__.py", "")
    assert_classified(tmp_path, "mypkg/words/__init__.py", word_list("x"), kind=Kind.SOURCE)


def codes_table(n: int = 4000) -> str:
    return "codes = (\n" + "".join(f'    "\\x{i % 256:02x}",\n' for i in range(n)) + ")\n"


def test_a_big_python_table_of_literals_is_data(tmp_path):
    """faker's `decode/codes.py` (770 KB, 1,351 pieces): source on main."""
    assert_classified(tmp_path, "faker/decode/codes.py", codes_table(), kind=Kind.DATA,
                      subkind="literal_table", index_policy=Policy.METADATA_ONLY)


@cases(("text",), [
    (codes_table(400),),  # small
    (codes_table() + "\n\ndef unidecode(txt):\n    return ''.join(codes[ord(c)] for c in txt)\n",),
    ("class Table:\n" + codes_table().replace("codes =", "    codes ="),),
])
def test_a_literal_table_with_code_or_small_stays_source(tmp_path, text):
    assert_classified(tmp_path, "faker/decode/codes.py", text, kind=Kind.SOURCE)


# -- the audit's npm tarballs: builds mirrored beside the code they copy --------------------------
CARBON_ES = ('import { usePrefix } from "../../internal/usePrefix.js";\n'
             "export function Tabs({ children }) {\n  const prefix = usePrefix();\n"
             "  return children;\n}\n")
CARBON_LIB = ('const require_runtime = require("../../_virtual/_rolldown/runtime.js");\n'
              'const require_usePrefix = require("../../internal/usePrefix.js");\n'
              "function Tabs({ children }) {\n  const prefix = require_usePrefix.usePrefix();\n"
              "  return children;\n}\nexports.Tabs = Tabs;\n")


def test_rolldown_s_commonjs_build_beside_the_es_build_is_a_copy(tmp_path):
    """@carbon/react 1.117.0's `lib/` (772 modules) was source beside `es/`."""
    write(tmp_path, "package/package.json", '{"name": "@carbon/react", "version": "1.117.0"}')
    write(tmp_path, "package/es/components/Tabs/Tabs.js", CARBON_ES)
    assert_classified(tmp_path, "package/lib/components/Tabs/Tabs.js", CARBON_LIB,
                      kind=Kind.BUILD_ARTIFACT, subkind="module_format_copy",
                      index_policy=Policy.EXCLUDE)
    assert_classified(tmp_path, "package/es/components/Tabs/Tabs.js", CARBON_ES,
                      kind=Kind.SOURCE)
    # a module rolldown wrote without its runtime helper names the source's region
    assert_classified(tmp_path, "package/lib/components/Tabs/Tabs.js",
                      'const require_Button = require("./Button.js");\n'
                      "//#region src/components/Tabs/Tabs.tsx\nexports.Tabs = 1;\n",
                      kind=Kind.BUILD_ARTIFACT, subkind="module_format_copy")
    # a person's lib/ module beside es/, no build's mark: the package's own
    assert_classified(tmp_path, "package/lib/components/Tabs/Tabs.js",
                      CARBON_LIB.replace("_virtual/_rolldown/runtime.js", "runtime.js"),
                      kind=Kind.SOURCE)


APOLLO_DTS = ('import type { SkipToken } from "./constants.js";\nexport declare class '
              "ObservableQuery<T> {\n  refetch(variables?: Partial<T>): Promise<T>;\n"
              "  stopPolling(): void;\n}\n//# sourceMappingURL=ObservableQuery.d.ts.map\n")
APOLLO_JS = ('import { equal } from "@wry/equality";\nexport class ObservableQuery {\n'
             "  refetch(variables) { return equal(variables, this.variables); }\n}\n")
APOLLO_CJS = ('"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\n'
              'const equality_1 = require("@wry/equality");\nclass ObservableQuery {\n'
              "  refetch(variables) { return (0, equality_1.equal)(variables, this.variables); }"
              "\n}\nexports.ObservableQuery = ObservableQuery;\n")


def _apollo(tmp_path) -> None:
    write(tmp_path, "package/package.json", '{"name": "@apollo/client", "version": "4.3.8"}')
    write(tmp_path, "package/core/ObservableQuery.d.ts", APOLLO_DTS)
    write(tmp_path, "package/core/ObservableQuery.js", APOLLO_JS)


@cases(("rel", "text"), [
    ("package/__cjs/core/ObservableQuery.cjs", APOLLO_CJS),
    ("package/__cjs/core/ObservableQuery.d.cts",
     APOLLO_DTS.replace("constants.js", "constants.cjs").replace(".d.ts.map", ".d.cts.map")),
])
def test_a_package_s_commonjs_mirror_in_cjs_is_a_copy(tmp_path, rel, text):
    """apollo-client 4.3.8's `__cjs/` (the package again as CommonJS, 640 modules): source."""
    _apollo(tmp_path)
    c = assert_classified(tmp_path, rel, text, kind=Kind.BUILD_ARTIFACT,
                          index_policy=Policy.EXCLUDE)
    assert "package/core/ObservableQuery." in c.reasons[0], c.reasons


def test_a_commonjs_declaration_with_other_code_stays_source(tmp_path):
    _apollo(tmp_path)
    other = ("export declare function createClient(uri: string): Client;\n"
             "export interface Client {\n  query(q: string): Promise<unknown>;\n}\n")
    assert_classified(tmp_path, "package/__cjs/core/ObservableQuery.d.cts", other,
                      kind=Kind.SOURCE)


HOOK = ('import { equal } from "@wry/equality";\nimport * as React from "react";\n'
        "export function useQuery(query, options) {\n  const [state] = React.useState(query);\n"
        "  return equal(state, options) ? state : query;\n}\n")
HOOK_COMPILED = ('import { c as _c } from "@apollo/client/react/internal/compiler-runtime";\n'
                 + HOOK.replace("  const [state]", "  const $ = _c(4);\n  const [state]"))


def test_the_react_compiler_s_build_of_the_hooks_is_a_copy(tmp_path):
    """apollo-client's `react/hooks-compiled/`: each hook (and its `.d.ts`) a third time."""
    write(tmp_path, "package/react/hooks/useQuery.js", HOOK)
    write(tmp_path, "package/react/hooks/useQuery.d.ts", "export declare function useQuery(q: "
          "string): unknown;\n")
    assert_classified(tmp_path, "package/react/hooks-compiled/useQuery.js", HOOK_COMPILED,
                      kind=Kind.BUILD_ARTIFACT, index_policy=Policy.EXCLUDE)
    assert_classified(tmp_path, "package/react/hooks-compiled/useQuery.d.ts",
                      "export declare function useQuery(q: string): unknown;\n",
                      kind=Kind.BUILD_ARTIFACT, index_policy=Policy.EXCLUDE)
    assert_classified(tmp_path, "package/react/hooks/useQuery.js", HOOK, kind=Kind.SOURCE)


MDI = "".join(f"export declare const mdi{n}: string;\n" for n in ("Abacus", "Account", "Zip"))
ICON_DTS = ("import * as React from 'react';\ndeclare const AcademicCapIcon: React.ForwardRef"
            "ExoticComponent<React.SVGProps<SVGSVGElement>>;\nexport default AcademicCapIcon;\n")


@cases(("kept", "copy", "text"), [
    ("package/mdi.d.ts", "package/commonjs/mdi.d.ts", MDI),  # @mdi/js 7.4.47: 624 pieces again
    ("package/16/solid/AcademicCapIcon.d.ts", "package/16/solid/esm/AcademicCapIcon.d.ts",
     ICON_DTS),  # @heroicons/react 2.2.0: 1,290 declarations again
])
def test_a_mirror_folder_s_declaration_with_the_same_bytes_is_a_copy(tmp_path, kept, copy, text):
    write(tmp_path, kept, text)
    c = assert_classified(tmp_path, copy, text, kind=Kind.BUILD_ARTIFACT,
                          index_policy=Policy.EXCLUDE)
    assert kept in c.reasons[0], c.reasons
    assert_classified(tmp_path, copy, text.replace("AcademicCap", "Bell").replace("Zip", "Zap"),
                      kind=Kind.SOURCE)  # other declarations: its own


TYPES_TS = ("import type { RequestInit } from './builtin-types';\n\n"
            "type NotAny<T> = [0] extends [1 & T] ? never : T;\n\n"
            "type UndiciRequestInit = " + " | ".join(
                f"NotAny<import('{'../' * n}node_modules/undici/index.d.ts').RequestInit>"
                for n in range(1, 11)) + ";\n"
            "type RequestInits = " + " | ".join(
                f"NotAny<import('{'../' * n}node_modules/@types/node-fetch/index.d.ts').Init>"
                for n in range(1, 11)) + ";\n\nexport type MergedRequestInit = RequestInits;\n")


def test_a_typescript_union_written_on_one_line_is_no_minified_code(tmp_path):
    """openai 6.49.0's `src/internal/types.ts` (long lines 51% of its text): minified on main."""
    assert_classified(tmp_path, "src/internal/types.ts", TYPES_TS, kind=Kind.SOURCE,
                      index_policy=Policy.PARSE_AND_INDEX)
    bundle = "var a=" + ";".join(f"b{i}=function(c){{return c+{i}}}" for i in range(200)) + ";\n"
    assert_classified(tmp_path, "static/app.js", bundle, kind=Kind.GENERATED)


# -- kubernetes 37.0.3: OpenAPI Generator's Python client, its signature in the module docstring --
OPENAPI_HEAD = ('"""\n    Kubernetes\n\n    No description provided (generated by '
                'Openapi Generator '
                "https://github.com/openapitools/openapi-generator)\n\n    The version of the "
                "OpenAPI document: release-1.37\n    {SIGNATURE}\n\n    Do not edit the class "
                'manually.\n"""  # noqa: E501\n\n\nimport warnings\nfrom pydantic import '
                "validate_call\n\n\nclass AppsV1Api:\n    def list_namespaced_deployment(self, "
                "namespace):\n        return self.api_client.call_api(namespace)\n")


@cases(("rel", "signature"), [
    ("kubernetes/client/api/apps_v1_api.py",
     "Generated by OpenAPI Generator (https://openapi-generator.tech)"),
    ("kubernetes/aio/client/models/v1_pod.py", "Generated by: https://openapi-generator.tech"),
])
def test_openapi_generator_s_python_client_is_generated(tmp_path, rel, signature):
    """Python source on main: 1,890 files, about 106,000 pieces of kubernetes' 110,130."""
    c = assert_classified(tmp_path, rel, OPENAPI_HEAD.replace("{SIGNATURE}", signature),
                          kind=Kind.GENERATED, index_policy=Policy.METADATA_ONLY)
    assert "openapi-generator" in c.reasons[0].lower() or "OpenAPI" in c.reasons[0], c.reasons


def test_a_docstring_that_mentions_openapi_generator_stays_source(tmp_path):
    text = ('"""A thin wrapper over the client OpenAPI Generator wrote for us.\n\nThe client was '
            'generated by OpenAPI Generator (https://openapi-generator.tech); this is ours.\n"""\n'
            "\n\ndef connect(host):\n    return host\n")
    assert_classified(tmp_path, "kubernetes/config/kube_config.py", text, kind=Kind.SOURCE)


# -- protobuf 7.36.2: C preprocessor includes under `.inc` (Linguist: twelve languages) ----------
DEF_INC = ("// This should #include all the headers it uses.\n#ifndef UPB_PORT_DEF_INC_\n"
           "#define UPB_PORT_DEF_INC_\n\n#define UPB_SIZE(size32, size64) size64\n"
           "#define UPB_INLINE static inline\n#endif\n")


@cases(("rel", "text", "language"), [
    ("upb/port/def.inc", DEF_INC, "cpp"),
    ("lib/helpers.inc", "<?php\nfunction helper_url($path) {\n  return '/' . $path;\n}\n", "php"),
])
def test_an_include_file_is_read_in_its_language(tmp_path, rel, text, language):
    """Both were unknown, excluded ("no rule matched")."""
    assert_classified(tmp_path, rel, text, kind=Kind.SOURCE, language=language)


@cases(("text",), [
    ('# define the recipe\nSRC_URI = "git://example.com/x.git"\ninherit autotools\n',),  # BitBake
    ("{$IFDEF WINDOWS}\nconst PathDelim = '\\';\n{$ENDIF}\n",),  # Pascal
])
def test_an_include_file_without_a_sure_mark_stays_unknown(tmp_path, text):
    assert_classified(tmp_path, "conf/settings.inc", text, kind=Kind.UNKNOWN)


# -- awscli 1.46.3: botocore's AWS service models (304,000 of its 330,674 pieces) ----------------
SERVICE_2 = ('{\n  "version":"2.0",\n  "metadata":{\n    "apiVersion":"2006-03-01",\n'
             '    "protocol":"rest-xml",\n    "serviceId":"S3"\n  },\n  "operations":{\n'
             '    "PutObject":{"name":"PutObject","http":{"method":"PUT"}}\n  }\n}\n')


@cases(("rel",), [("awscli/botocore/data/s3/2006-03-01/service-2.json",),
                  ("botocore/data/s3/2006-03-01/paginators-1.json",),
                  ("awscli/botocore/data/endpoints.json",)])
def test_botocore_s_service_models_are_generated(tmp_path, rel):
    """JSON configuration on main, indexed whole."""
    assert_classified(tmp_path, rel, SERVICE_2, kind=Kind.GENERATED, subkind="aws_service_model",
                      index_policy=Policy.METADATA_ONLY)


def test_awscli_s_own_examples_and_a_project_s_data_json_stay(tmp_path):
    assert_classified(tmp_path, "awscli/examples/s3/cp.rst", "**To copy a file**\n\n"
                      "The following ``cp`` command copies a file::\n\n    aws s3 cp a s3://b/\n",
                      kind=Kind.DOCUMENTATION)
    c = classify_file(tmp_path, "app/data/s3/service.json", SERVICE_2)
    assert c.subkind != "aws_service_model", c.reasons


# -- openai 3.63.0: a generator's list of the files it wrote and their hashes --------------------
def digest_list(n: int = 60) -> str:
    files = ",\n".join(f'    "src/openai/resources/r{i}.py": {{\n      "mode": "100644",\n'
                       f'      "sha256": "{(format(i, "x") * 64)[:64]}"\n    }}' for i in range(n))
    return '{\n  "schema_version": 1,\n  "files": {\n' + files + "\n  }\n}\n"


def test_a_json_list_of_file_hashes_is_data(tmp_path):
    """`scripts/castiron/generated-files.json`: JSON configuration on main, 1,005 pieces."""
    assert_classified(tmp_path, "scripts/castiron/generated-files.json", digest_list(),
                      kind=Kind.DATA, subkind="digest_list", index_policy=Policy.METADATA_ONLY)


def test_settings_holding_a_few_hashes_stay_configuration(tmp_path):
    settings = ('{\n  "name": "app",\n  "commit": "' + "a" * 40 + '",\n  "features": ['
                + ", ".join(f'"feature-{i}"' for i in range(300)) + "]\n}\n")
    assert_classified(tmp_path, "config/app.json", settings, kind=Kind.CONFIGURATION)


# -- yt-dlp 2026.11.23: pandoc's README.txt of README.md; lazy_extractors.py ----------------------
README_MD = ("# YT-DLP\n\n[![Release version](https://img.shields.io/github/v/release/yt-dlp/yt-dlp)]"
             "(#release-files)\n\nyt-dlp is a feature-rich command-line audio/video downloader "
             "with support for thousands of sites. The project is a fork of youtube-dl based on "
             "the now inactive youtube-dlc.\n\n## INSTALLATION\n\nYou can install yt-dlp using "
             "the binaries, pip or one using a third-party package manager.\n")
README_TXT = ("[YT-DLP]\n\n[Release version]\n\nyt-dlp is a feature-rich command-line audio/video"
              " downloader with\nsupport for thousands of sites. The project is a fork of "
              "youtube-dl\nbased on the now inactive youtube-dlc.\n\nINSTALLATION\n\nYou can "
              "install yt-dlp using the binaries, pip or one using a\nthird-party package "
              "manager.\n")


def test_a_readme_s_plain_text_rendering_beside_it_is_generated(tmp_path):
    """`README.txt` was documentation, 395 pieces repeating `README.md`."""
    write(tmp_path, "README.md", README_MD)
    c = assert_classified(tmp_path, "README.txt", README_TXT, kind=Kind.GENERATED,
                          subkind="text_rendering", index_policy=Policy.METADATA_ONLY)
    assert "README.md" in c.reasons[0], c.reasons
    assert_classified(tmp_path, "README.md", README_MD, kind=Kind.DOCUMENTATION)


def test_a_text_of_its_own_beside_a_document_stays_documentation(tmp_path):
    write(tmp_path, "docs/install.md", README_MD)
    assert_classified(tmp_path, "docs/install.txt", "Install notes for the packagers of Debian:"
                      " build with make deb, sign the changes, upload to the archive.\n",
                      kind=Kind.DOCUMENTATION)


def test_yt_dlp_s_lazy_extractors_are_generated(tmp_path):
    """Written by `devscripts/make_lazy_extractors.py`, no marker: 1,372 pieces of source."""
    assert_classified(tmp_path, "yt_dlp/extractor/lazy_extractors.py",
                      "import re\n\nclass LazyLoadExtractor:\n    _module = None\n",
                      kind=Kind.GENERATED, index_policy=Policy.METADATA_ONLY)


# -- @aws-sdk/client-s3 3.1178.0: `dist-types/ts3.4/`, downlevel-dts's copy of `dist-types/` ------
S3_CLIENT = ("import { Client as __Client } from \"@smithy/core/client\";\n"
             "export declare class S3Client extends __Client<S3ClientConfig> {\n"
             "  readonly config: S3ClientResolvedConfig;\n"
             "  constructor(...[configuration]: __CheckOptionalClientConfig<S3ClientConfig>);\n}\n")


def test_declarations_for_an_older_typescript_are_a_copy(tmp_path):
    """Source on main: 140 files, every declaration of `dist-types/` again."""
    write(tmp_path, "package/dist-types/S3Client.d.ts", S3_CLIENT)
    c = assert_classified(tmp_path, "package/dist-types/ts3.4/S3Client.d.ts",
                          S3_CLIENT.replace("...[configuration]: __CheckOptionalClientConfig<"
                                            "S3ClientConfig>", "configuration: S3ClientConfig"),
                          kind=Kind.BUILD_ARTIFACT, subkind="downlevel_declarations",
                          index_policy=Policy.EXCLUDE)
    assert "package/dist-types/S3Client.d.ts" in c.reasons[0], c.reasons
    # a declaration only the old compiler's folder holds stays
    assert_classified(tmp_path, "package/dist-types/ts3.4/compat.d.ts",
                      "export declare type Compat = string;\n", kind=Kind.SOURCE)


# -- @carbon/react 1.117.0: a Playwright run's JSON report shipped in `.playwright/` --------------
def test_a_playwright_json_report_is_a_test_run_s_output(tmp_path):
    """JSON configuration on main, 1,493 pieces."""
    report = ('{\n  "config": {\n    "configFile": "/home/runner/work/carbon/carbon/playwright.'
              'config.js",\n    "rootDir": "/home/runner/work/carbon/carbon/e2e",\n    '
              '"forbidOnly": true\n  },\n  "suites": []\n}\n')
    assert_classified(tmp_path, "package/.playwright/INTERNAL_AVT_REPORT_DO_NOT_USE.json",
                      report, kind=Kind.BUILD_ARTIFACT, subkind="test_report",
                      index_policy=Policy.EXCLUDE)
    assert_classified(tmp_path, "config/settings.json",
                      '{\n  "config": {\n    "configFile": "app.yaml"\n  }\n}\n',
                      kind=Kind.CONFIGURATION)


# -- xstate 5.33.3: a dist-only package's entry bundle imports the chunks its code lives in ------
def test_the_chunks_a_kept_bundle_imports_are_kept_too(tmp_path):
    """`dist/raise-effbee0c.esm.js` (88 KB, the interpreter) was skipped as build output, only
    the 17 KB entry bundle re-exporting it kept."""
    from .test_dist_only_packages import API, CODE, _manifest, decided, kept

    entry = ("export { createActor } from './raise-effbee0c.esm.js';\n"
             "import { S as StateMachine } from './StateMachine-ae06a22b.esm.js';\n" + CODE)
    found = decided(tmp_path, {
        "package.json": _manifest(module="./dist/xstate.esm.js", types="./dist/xstate.d.ts"),
        "dist/xstate.d.ts": API, "dist/xstate.esm.js": entry,
        "dist/raise-effbee0c.esm.js": "import { l } from './log-6a5e50a8.esm.js';\n" + CODE,
        "dist/StateMachine-ae06a22b.esm.js": CODE, "dist/log-6a5e50a8.esm.js": CODE,
        "dist/raise-991ac3b2.development.esm.js": CODE,  # not imported by the kept bundle
        "dist/xstate.umd.min.js": CODE})
    assert kept(found) == {"dist/xstate.d.ts", "dist/xstate.esm.js", "dist/raise-effbee0c.esm.js",
                           "dist/StateMachine-ae06a22b.esm.js", "dist/log-6a5e50a8.esm.js"}, found
    assert found["dist/raise-991ac3b2.development.esm.js"] == ("build_artifact", "build_output")


# -- @heroicons/react 2.2.0: an icon set as React modules, one per icon --------------------------
def icon(name: str, path: str = "M7.702 1.368a.75.75 0 0 1 .597 0c2.098.91 4.105 1.99 6.004 "
         "3.223a.75.75 0 0 1-.194 1.348A34.27 34.27 0 0 0 8.341 8.25") -> str:
    return (f'const React = require("react");\nfunction {name}({{\n  title,\n  ...props\n}}, '
            'svgRef) {\n  return /*#__PURE__*/React.createElement("svg", Object.assign({\n'
            '    viewBox: "0 0 16 16",\n    ref: svgRef\n  }, props), /*#__PURE__*/'
            f'React.createElement("path", {{\n    d: "{path}"\n  }}));\n}}\n'
            f"const ForwardRef = /*#__PURE__*/ React.forwardRef({name});\n"
            "module.exports = ForwardRef;")


def icon_dts(name: str) -> str:
    return (f"import * as React from 'react';\ndeclare const {name}: React.ForwardRefExotic"
            f"Component<React.SVGProps<SVGSVGElement>>;\nexport default {name};\n")


def _icons(tmp_path, n: int) -> None:
    for i in range(n):
        name = f"Icon{chr(65 + i // 26)}{chr(65 + i % 26)}"
        write(tmp_path, f"package/16/solid/{name}.js", icon(name))
        write(tmp_path, f"package/16/solid/{name}.d.ts", icon_dts(name))


@cases(("rel", "text"), [("package/16/solid/IconAB.js", icon("IconAB")),
                         ("package/16/solid/IconAB.d.ts", icon_dts("IconAB"))])
def test_an_icon_set_s_modules_are_assets(tmp_path, rel, text):
    """Source on main: 1,288 modules of one piece each, and their 1,290 declarations."""
    _icons(tmp_path, 60)
    c = assert_classified(tmp_path, rel, text, kind=Kind.ASSET, subkind="icon_module",
                          index_policy=Policy.METADATA_ONLY)
    assert "package/16/solid/ holds 60 such modules" in c.reasons[0], c.reasons


def test_a_few_icon_components_or_components_without_paths_stay_source(tmp_path):
    _icons(tmp_path, 20)  # an app's own handful of icons
    assert_classified(tmp_path, "package/16/solid/IconAB.js", icon("IconAB"), kind=Kind.SOURCE)
    for i in range(60):
        write(tmp_path, f"src/components/C{i}.js", f"export const C{i} = () => null;\n")
    assert_classified(tmp_path, "src/components/C1.js", "export const C1 = () => null;\n",
                      kind=Kind.SOURCE)


def test_modules_holding_path_strings_but_drawing_no_svg_stay_source(tmp_path):
    """highcharts 13.1.1's `modules/pattern-fill.js` (and its `.d.ts`): path strings of its
    patterns, 162 modules beside it; no icon set."""
    text = 'const patterns = ["M 0 0 L 5 5 M 4.5 -0.5 L 5.5 0.5 M -0.5 4.5 L 0.5 5.5"];\n'
    for i in range(60):
        write(tmp_path, f"package/modules/m{i}.js", text)
    write(tmp_path, "package/modules/pattern-fill.js", text)
    assert_classified(tmp_path, "package/modules/pattern-fill.d.ts",
                      "export default function patternFill(): void;\n", kind=Kind.SOURCE)
    assert_classified(tmp_path, "package/modules/pattern-fill.js", text, kind=Kind.SOURCE)
