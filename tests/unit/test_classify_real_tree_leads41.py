"""What session 41's audit of Debian packages found (decisions41), and session 40's leftover on a
user's own override: each case as the real tree holds it, the near cases that must stay as they
were.
"""

from __future__ import annotations

import json

from repokb.models import Classification, Kind, Policy, SourceFile
from repokb.pipeline.classify import Classifier

from ..conftest import assert_classified, cases, classify_file, write

# -- an installed Sphinx site: python3.11-doc's `_sources/`, python-django-doc's pages ----------
REST = "os --- Miscellaneous operating system interfaces\n" + "=" * 50 + "\n\nThis module ...\n"
HTML = "usr/share/doc/python3.11/html"


def sphinx_page(depth: int = 1, title: str = "Making queries") -> str:
    up = "../" * depth
    return (f'<!DOCTYPE html>\n<html lang="en">\n  <head>\n    <title>{title} &#8212; '
            f'Django 3.2.25 documentation</title>\n    <script data-url_root="{up}" '
            f'id="documentation_options" '
            f'src="{up}_static/documentation_options.js"></script>\n    <link rel="index" '
            f'title="Index" href="{up}genindex.html" />\n  </head>\n  <body>\n<h1>{title}</h1>\n'
            "<p>Once you've created your data models, Django automatically gives you a "
            "database-abstraction API that lets you create, retrieve, update and delete "
            "objects.</p>\n</body>\n</html>\n")


def test_the_sources_sphinx_copied_are_read_when_the_site_is_all_there_is(tmp_path):
    """python3.11-doc: 497 `_sources/*.rst.txt` were build artifacts ("the source is read where
    it is written") and the 530 pages rendered docs: all of Python's manual was left out (223
    pieces, licences and indexes). Read as reST now; the pages stay metadata only."""
    write(tmp_path, f"{HTML}/searchindex.js", "Search.setIndex({})")
    assert_classified(tmp_path, f"{HTML}/_sources/library/os.rst.txt", REST,
                      kind=Kind.DOCUMENTATION, language="rst",
                      index_policy=Policy.PARSE_AND_INDEX)
    assert_classified(tmp_path, f"{HTML}/library/os.html", sphinx_page(),
                      kind=Kind.GENERATED, subkind="rendered_docs")


@cases(("source", "copy"), [
    ("Doc/library/os.rst", "Doc/build/html/_sources/library/os.rst.txt"),  # CPython's own tree
    ("docs/source/library/os.rst", "docs/build/html/_sources/library/os.rst.txt"),
    ("docs/build/changelog.rst", "docs/_sources/changelog.rst"),  # alembic 1.20.1's layout
])
def test_a_sphinx_copy_whose_source_is_in_the_project_stays_a_build_artifact(tmp_path, source,
                                                                               copy):
    site = copy.split("/_sources/")[0]
    write(tmp_path, f"{site}/searchindex.js", "Search.setIndex({})")
    write(tmp_path, source, REST)
    c = assert_classified(tmp_path, copy, REST, kind=Kind.BUILD_ARTIFACT,
                          subkind="sphinx_source_copy")
    assert source in c.reasons[0], c.reasons


DJANGO = "usr/share/doc/python-django-doc/html"


def test_an_installed_sphinx_manual_without_sources_is_read_page_by_page(tmp_path):
    """python-django-doc: 692 pages, no `_sources/`, were rendered docs: Django's whole manual
    left out (26 pieces, its copyright). The pages are the manual; its listings are not."""
    write(tmp_path, f"{DJANGO}/searchindex.js", "Search.setIndex({})")
    c = assert_classified(tmp_path, f"{DJANGO}/topics/db/queries.html", sphinx_page(2),
                          kind=Kind.DOCUMENTATION, subkind="installed_manual",
                          index_policy=Policy.PARSE_AND_INDEX)
    assert "no _sources/" in c.reasons[0], c.reasons
    for rel in ("genindex.html", "genindex-A.html", "py-modindex.html", "search.html",
                "_modules/django/apps/config.html"):
        assert_classified(tmp_path, f"{DJANGO}/{rel}", sphinx_page(rel.count("/")),
                          kind=Kind.GENERATED, subkind="rendered_docs")


@cases(("site", "extra"), [
    ("public/manual", None),  # a site outside an installed doc tree: its sources elsewhere
    (DJANGO, f"{DJANGO}/_sources/topics/db/queries.rst.txt"),  # Sphinx's copies are read
])
def test_rendered_pages_stay_generated_where_a_source_stands_for_them(tmp_path, site, extra):
    write(tmp_path, f"{site}/searchindex.js", "Search.setIndex({})")
    if extra:
        write(tmp_path, extra, REST)
    assert_classified(tmp_path, f"{site}/topics/db/queries.html", sphinx_page(2),
                      kind=Kind.GENERATED, subkind="rendered_docs")


# -- `/etc` of an upgraded Debian host, indexed as a project -----------------------------------
NGINX_DEFAULT = ("# Set the ulimit variable if you need defaults to change.\n"
                 '#  Example: ULIMIT="-n 4096"\n#ULIMIT="-n 4096"\n')


def test_etc_indexed_as_a_project_keeps_its_service_settings(tmp_path):
    """`repokb index /etc`: `default/nginx`, `default/ssh`, `default/redis-server` were unknown
    (the folder tables knew `etc/default/` only below the root)."""
    assert_classified(tmp_path / "etc", "default/nginx", NGINX_DEFAULT, kind=Kind.CONFIGURATION,
                      subkind="service_defaults", language="shell")
    assert_classified(tmp_path / "etc", "sysconfig/haproxy", 'OPTIONS=""\n',
                      kind=Kind.CONFIGURATION, subkind="service_defaults")
    # a folder named `default` in another project says nothing
    assert_classified(tmp_path / "conf", "default/nginx", NGINX_DEFAULT, kind=Kind.UNKNOWN)


NGINX_CONF = "user www-data;\nworker_processes auto;\n\nevents {\n\tworker_connections 768;\n}\n"


@cases(("rel",), [
    ("nginx/nginx.conf.dpkg-dist",), ("logrotate.conf.dpkg-dist",),
    ("mysql/mariadb.cnf.dpkg-old",), ("ssh/sshd_config.ucf-dist",), ("redis/redis.conf.dpkg-new",),
    ("httpd/conf/httpd.conf.rpmnew",), ("httpd/conf/httpd.conf.rpmsave",),
])
def test_a_package_managers_copy_of_a_conffile_is_recorded_not_read(tmp_path, rel):
    """dpkg's, ucf's and rpm's copies beside the live file were unknown ("no rule matched")."""
    assert_classified(tmp_path / "etc", rel, NGINX_CONF, kind=Kind.GENERATED,
                      subkind="conffile_copy", index_policy=Policy.METADATA_ONLY)


def test_the_live_conffiles_beside_their_copies_are_read(tmp_path):
    root = tmp_path / "etc"
    write(root, "nginx/nginx.conf.dpkg-dist", NGINX_CONF)
    assert_classified(root, "nginx/nginx.conf", NGINX_CONF, kind=Kind.CONFIGURATION,
                      language="nginx")
    # a project's `.dist` stays its committed or sample configuration
    assert classify_file(root, "phpunit.xml.dist", "<phpunit/>\n").subkind != "conffile_copy"


def test_logrotate_conf_is_logrotate_configuration(tmp_path):
    """`/etc/logrotate.conf` was INI while its `logrotate.d/*` were logrotate's."""
    assert_classified(tmp_path / "etc", "logrotate.conf",
                      "# rotate log files weekly\nweekly\n\nrotate 4\ncreate\n\n"
                      "include /etc/logrotate.d\n", kind=Kind.CONFIGURATION,
                      subkind="logrotate_config", language="logrotate")


# -- man-pages 6's sections Linguist's Roff does not list ---------------------------------------
ROFF = ('.\\" Copyright (c) 2022\n.TH size_t 3type 2023-02-05 "Linux man-pages 6.03"\n'
        ".SH NAME\nsize_t, ssize_t \\- count of bytes\n.SH SYNOPSIS\n.nf\n"
        ".B #include <stddef.h>\n")


@cases(("rel", "kind"), [
    ("man3/size_t.3type", Kind.DOCUMENTATION),  # 43 of man-pages' were unknown
    ("man3/EOF.3const", Kind.DOCUMENTATION),
    ("man3/printf.h.3head", Kind.DOCUMENTATION),
    ("man2/open_how.2type", Kind.DOCUMENTATION),
    ("man3/size_t.4type", Kind.UNKNOWN),  # not the folder's section
    ("pages/size_t.3type", Kind.UNKNOWN),  # not a man folder
])
def test_man_pages_of_the_type_constant_and_header_sections_are_roff(tmp_path, rel, kind):
    c = assert_classified(tmp_path, rel, ROFF, kind=kind)
    assert (c.language == "roff") is (kind is Kind.DOCUMENTATION), c.language


# -- libjs-moment-timezone: the tz database once per release ----------------------------------
def tz_release(version: str, zones: int = 400) -> str:
    return json.dumps({"version": version, "zones": [
        f"Zone/City{i}|LMT GMT|g.8 0|01|-2ldXH.Q|48e5 1BAk MnE 1C0k MnE"
        for i in range(zones)]})


RELEASES = ["2014a", "2018h", "2019a", "2022g", "2023c"]


def test_one_data_set_per_release_is_recorded_not_embedded(tmp_path):
    """libjs-moment-timezone's `data/packed/` and `data/meta/`: 96 releases of 95-180 KB were
    JSON configuration, 55,562 pieces of packed zone strings."""
    for v in RELEASES:
        write(tmp_path, f"data/packed/{v}.json", tz_release(v))
    for rel in ("data/packed/2019a.json", "data/packed/latest.json"):
        assert_classified(tmp_path, rel, tz_release("2023c"), kind=Kind.DATA,
                          subkind="release_snapshot", index_policy=Policy.METADATA_ONLY)


@cases(("names", "text"), [
    (RELEASES[:4], tz_release("2019a")),  # four releases: too few
    (RELEASES, tz_release("2019a", zones=20)),  # small: a setting, not a data set
    (["v1.0", "v1.1", "v1.2", "v2.0", "v2.1"],  # a JSON Schema per version
     json.dumps({"$schema": "http://json-schema.org/draft-07/schema#",
                 "definitions": {f"d{i}": {"type": "string", "description": "x" * 60}
                                 for i in range(300)}})),
])
def test_release_named_json_that_is_no_data_set_stays_as_it_was(tmp_path, names, text):
    for v in names:
        write(tmp_path, f"data/{v}.json", text)
    c = classify_file(tmp_path, f"data/{names[2]}.json", text)
    assert c.subkind != "release_snapshot", c.reasons


# -- libjs-jquery-datatables: the ES module of a library Linguist calls vendored ---------------
def test_the_module_twin_of_a_vendored_library_is_vendored(tmp_path):
    """`jquery.dataTables.mjs` (790 pieces) was source beside its vendored
    `jquery.dataTables.js`."""
    js = "usr/share/javascript/jquery-datatables"
    banner = "/*! DataTables 1.11.5 */\n"
    write(tmp_path, f"{js}/jquery.dataTables.js", banner + "(function(){})();\n")
    assert_classified(tmp_path, f"{js}/jquery.dataTables.mjs",
                      banner + "import jQuery from 'jquery';\nexport default {};\n",
                      kind=Kind.VENDOR)
    write(tmp_path, "src/app.js", "export const a = 1;\n")  # a project's own pair
    assert classify_file(tmp_path, "src/app.mjs", "export const a = 1;\n").kind is not Kind.VENDOR


# -- session 40's leftover: what a user's own override brings back ----------------------------
STAINLESS = "# File generated from our OpenAPI spec by Stainless.\nclass OpenAI:\n    pass\n"


def test_a_source_root_does_not_take_back_a_generated_file_an_override_does(tmp_path):
    """`sourceRoots` says where code lives when nothing more specific does (SPEC: generated
    before the repository config); a path named in `vendorOverrides` or unset with
    `linguist-generated=false` is the user's word on that file, and wins."""
    write(tmp_path, ".repokb.yml", "classification:\n  sourceRoots: [\"src\"]\n"
          "  vendorOverrides:\n    - path: src/openai/_client.py\n      treatAs: source\n"
          "      reason: we edit the client by hand\n")
    write(tmp_path, ".gitattributes", "src/openai/_types.py linguist-generated=false\n")
    for rel, kind in (("src/openai/resources/chat.py", Kind.GENERATED),
                      ("src/openai/_client.py", Kind.SOURCE),
                      ("src/openai/_types.py", Kind.SOURCE)):
        c = classify_in(tmp_path, rel, STAINLESS)
        assert c.kind is kind, (rel, c.reasons)
        assert c.index_policy.admits_content is (kind is Kind.SOURCE), rel


def classify_in(root, rel: str, text: str) -> Classification:
    """As an index run of `root` decides: its .repokb.yml and .gitattributes read."""
    path = write(root, rel, text)
    return Classifier.for_root(root).classify(
        SourceFile("p", root, rel, path.stat().st_size, path.stat().st_mtime_ns))


# -- opencv-doc's examples: what OpenCV's FileStorage wrote ------------------------------------
@cases(("rel", "text", "kind"), [
    # an SVM's 774 support vectors (1,535 pieces as YAML configuration)
    ("examples/quality/brisque_model_live.yml", "%YAML:1.0\n---\nopencv_ml_svm:\n   format: 3\n"
     "   support_vectors:\n" + "      - [ -5.97555935e-01, 1.2e-01 ]\n" * 200, Kind.DATA),
    ("examples/dpm/data/inriaperson.xml", '<?xml version="1.0"?>\n<opencv_storage>\n'
     + "<SBin>8</SBin>\n" * 400 + "</opencv_storage>\n", Kind.DATA),
    # aruco's detector_params.yml: settings in FileStorage's form, small
    ("examples/aruco/detector_params.yml", "%YAML:1.0\nadaptiveThreshWinSizeMin: 3\n",
     Kind.CONFIGURATION),
    # a YAML document's own header, and other XML, stay configuration
    ("config/app.yml", "%YAML 1.2\n---\nname: app\n", Kind.CONFIGURATION),
    ("config/app.xml", '<?xml version="1.0"?>\n<settings><a>1</a></settings>\n',
     Kind.CONFIGURATION),
])
def test_opencv_file_storage_is_data(tmp_path, rel, text, kind):
    c = assert_classified(tmp_path, rel, text, kind=kind)
    assert (c.subkind == "opencv_storage") is (kind is Kind.DATA), c.reasons


# -- texlive-latex-base: a TeX tree's other macro files ----------------------------------------
CLO = ("%%\n%% This is file `size10.clo',\n%% generated with the docstrip utility.\n"
       "\\ProvidesFile{size10.clo}\n\\renewcommand\\normalsize{\\@setfontsize\\normalsize"
       "\\@xpt\\@xiipt}\n")
TDS = "usr/share/texlive/texmf-dist/tex"


@cases(("rel", "language"), [
    (f"{TDS}/latex/base/size10.clo", "tex"),  # 8 class options, were unknown
    (f"{TDS}/latex/base/ot1cmr.fd", "tex"),  # 145 font definitions
    (f"{TDS}/latex/graphics-def/pdftex.def", "tex"),  # 144 drivers
    (f"{TDS}/generic/babel/hyphen.cfg", "tex"),  # was INI
    (f"{TDS}/generic/babel-german/ngerman.ldf", "tex"),
    ("src/mylib.def", None),  # a Windows module definition outside a TeX tree: not TeX
    ("config/app.cfg", "ini"),
])
def test_a_tex_trees_macro_files_are_tex(tmp_path, rel, language):
    c = classify_file(tmp_path, rel, CLO if language == "tex" else "[app]\nname = x\n")
    assert c.language == language, (c.language, c.reasons)
    assert (c.kind is Kind.SOURCE) is (language == "tex"), c.reasons


# -- texlive-latex-base: babel's locale data, one folder per language --------------------------
BABEL_INI = ("; This file is part of babel.\n[identification]\nname.local = {name}\n"
             "tag.bcp47 = {code}\n\n[captions]\npreface = Vorwort\n")
BABEL = "usr/share/texlive/texmf-dist/tex/generic/babel/locale"


def _babel(root, codes: list[str]) -> None:
    for code in codes:
        write(root, f"{BABEL}/{code}/babel-{code}.ini", BABEL_INI.format(name=code, code=code))


def test_one_languages_data_in_a_folder_of_languages_is_a_translation(tmp_path):
    """286 `locale/<code>/babel-<code>.ini` were INI configuration (3,649 pieces)."""
    _babel(tmp_path, ["de", "fr", "es", "it", "en"])
    text = BABEL_INI.format(name="Deutsch", code="de")
    assert_classified(tmp_path, f"{BABEL}/de/babel-de.ini", text, kind=Kind.DATA,
                      subkind="translation_catalog", index_policy=Policy.METADATA_ONLY)
    english = BABEL_INI.format(name="English", code="en")
    assert_classified(tmp_path, f"{BABEL}/en/babel-en.ini", english, kind=Kind.CONFIGURATION)


@cases(("codes", "rel"), [
    (["de", "fr", "es", "en"], f"{BABEL}/de/babel-de.ini"),  # four languages: too few
    (["de", "fr", "es", "it", "en"], f"{BABEL}/de/settings.ini"),  # not named by its language
])
def test_ini_files_in_few_or_unnamed_language_folders_stay_configuration(tmp_path, codes, rel):
    _babel(tmp_path, codes)
    assert_classified(tmp_path, rel, BABEL_INI.format(name="x", code="de"),
                      kind=Kind.CONFIGURATION)


def test_debians_todo_notes_are_documentation(tmp_path):
    """`usr/share/doc/libjs-highlight.js/TODO.Debian`, `manpages/TODO.Debian` were unknown."""
    assert_classified(tmp_path, "usr/share/doc/manpages/TODO.Debian",
                      "* Check whether the POSIX man pages can be shipped.\n",
                      kind=Kind.DOCUMENTATION, language="text")


# -- opencv-doc's Doxygen site and commons-lang3's javadoc: the generators' own scripts ---------
@cases(("marker", "rel", "generated"), [
    ("doc/html/doxygen.css", "doc/html/search/classes_e.js", True),  # 128 in opencv-doc
    ("doc/html/doxygen.css", "doc/html/menu.js", True),
    ("api/element-list", "api/search.js", True),  # javadoc's, 25 pieces as source
    ("site/searchindex.js", "site/_static/doctools.js", True),  # Sphinx's
    ("README.md", "src/search.js", False),  # a project's own script
])
def test_a_rendered_sites_scripts_are_generated(tmp_path, marker, rel, generated):
    write(tmp_path, marker, "x\n")
    c = classify_file(tmp_path, rel, "var searchData=\n[\n  ['mat',['Mat',['../d3/cv.html']]]\n"
                      "];\nfunction searchBox(name) {\n  this.name = name;\n}\n")
    assert (c.kind is Kind.GENERATED) is generated, c.reasons
