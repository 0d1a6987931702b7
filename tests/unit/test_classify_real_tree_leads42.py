"""What session 41 left (decisions41, newuser41) and session 42 decided (decisions42): compressed
text files read as the file they hold, man pages cut by section, METAFONT, BibTeX styles, PAM and
Mosquitto ACLs given a language, and bundles of modules the package ships beside them; each case
as the real tree holds it, the near cases that must stay as they were.
"""

from __future__ import annotations

import bz2
import gzip
import io
import lzma

import pytest

from repokb import packed
from repokb.models import Kind, Policy, SourceFile
from repokb.pipeline.chunk import FileProblem, indexed_bytes, read_text

from ..conftest import assert_classified, cases, chunks, classify_file, write

# -- compressed text files: Debian's man pages and docs ---------------------------------------
MAN = """\
.\\" Copyright (c) 2021, IBM Corporation.
.\\" SPDX-License-Identifier: GPL-2.0-or-later
.TH memfd_secret 2 2023-02-05 "Linux man-pages 6.03"
.SH NAME
memfd_secret \\- create an anonymous RAM-based file
to access secret memory regions
.SH SYNOPSIS
.nf
.BI "int syscall(SYS_memfd_secret, unsigned int " flags );
.fi
.SH DESCRIPTION
.BR memfd_secret ()
creates an anonymous RAM-based file and returns a file descriptor
that refers to it.
The file provides a way to create and access memory regions
with stronger protection than usual RAM-based files and
anonymous memory mappings.
.PP
The memory areas backing the file created with
.BR memfd_secret (2)
are visible only to the processes that have access to the file descriptor.
.SS Flags
.TP
.B FD_CLOEXEC
Set the close-on-exec flag on the new file descriptor.
.SH "SEE ALSO"
.BR fcntl (2),
.BR ftruncate (2)
"""


@cases(("rel", "pack"), [
    ("usr/share/man/man2/memfd_secret.2.gz", gzip.compress),  # blocked by its name on main
    ("usr/share/man/man3/key_setsecret.3.gz", gzip.compress),
    ("usr/share/man/man1/ls.1.gz", gzip.compress),  # binary, metadata only on main
    ("usr/share/man/man1/ls.1.bz2", bz2.compress),
    ("usr/share/man/man1/ls.1.xz", lzma.compress),
])
def test_a_compressed_man_page_is_read_as_the_man_page_it_holds(tmp_path, rel, pack):
    c = assert_classified(tmp_path, rel, pack(MAN.encode()), kind=Kind.DOCUMENTATION,
                          index_policy=Policy.PARSE_AND_INDEX)
    assert c.language and c.language.startswith("roff"), c
    assert "read unpacked" in c.reasons[0], c.reasons


def test_its_text_is_read_unpacked_and_its_size_is_what_it_holds(tmp_path):
    rel = "usr/share/man/man2/memfd_secret.2.gz"
    c = classify_file(tmp_path, rel, gzip.compress(MAN.encode()))
    path = tmp_path / rel
    file = SourceFile("p", tmp_path, rel, path.stat().st_size, path.stat().st_mtime_ns)
    text, _ = read_text(file, 2_000_000)
    assert text == MAN
    assert indexed_bytes(file, c, 2_000_000) == len(MAN.encode())


@cases(("rel", "content", "kind"), [
    # an archive of files is no text file: never unpacked
    ("archives/foobar.tar.gz", gzip.compress(b"foo/bar.txt" + b"\0" * 500), Kind.BINARY),
    # named gzip, but plain text: read as it stands (its name says nothing of its inner text)
    ("notes/readme.gz", b"plain words, not gzip\n", Kind.BINARY),
    # a compressed image: what it holds is not read
    ("img/logo.png.gz", gzip.compress(b"\x89PNG\r\n\x1a\n" + b"\0" * 100), Kind.BINARY),
])
def test_what_is_no_compressed_text_stays_as_it_was(tmp_path, rel, content, kind):
    c = classify_file(tmp_path, rel, content)
    assert c.kind == kind, c.reasons
    assert not c.index_policy.admits_content, c.reasons


def test_a_compression_bomb_is_refused_with_its_reason(tmp_path):
    bomb = gzip.compress(b"a" * 5_000_000)  # 5 MB of one letter: ~5 KB packed, 1,000:1
    c = assert_classified(tmp_path, "usr/share/doc/x/README.txt.gz", bomb,
                          index_policy=Policy.METADATA_ONLY)
    assert any("compression bomb" in r for r in c.reasons), c.reasons


def test_unpack_bounds_its_output_by_ratio_and_limit():
    data = gzip.compress(b"x" * 10_000)
    with pytest.raises(packed.Refused, match="times its"):
        packed.unpack(io.BytesIO(data), "gzip", len(data), 1_000_000)
    text = gzip.compress(b"word " * 200)
    assert packed.unpack(io.BytesIO(text), "gzip", 50_000, 1_000_000) == b"word " * 200
    with pytest.raises(packed.Refused, match="max_file_bytes"):
        packed.unpack(io.BytesIO(text), "gzip", 50_000, 100)
    with pytest.raises(packed.Refused, match="unreadable"):
        packed.unpack(io.BytesIO(b"\x1f\x8b" + b"junk" * 10), "gzip", 42, 1_000)
    assert packed.unpack(io.BytesIO(b"not gzip"), "gzip", 8, 1_000) is None


def test_a_secret_file_compressed_is_still_blocked(tmp_path):
    key = (b"-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7Vx3dQq1Ll0aXQ2Zr0Tq9v2Wm\n"
           b"-----END RSA PRIVATE KEY-----\n")
    c = classify_file(tmp_path, "backup/id_rsa.gz", gzip.compress(key))
    assert c.index_policy is Policy.BLOCK, c.reasons


def test_a_broken_stream_is_a_file_problem_when_read(tmp_path):
    rel = "usr/share/man/man1/broken.1.gz"
    path = write(tmp_path, rel, b"\x1f\x8b\x08" + b"\xff" * 40)
    file = SourceFile("p", tmp_path, rel, path.stat().st_size, path.stat().st_mtime_ns)
    with pytest.raises(FileProblem, match="unreadable"):
        read_text(file, 2_000_000)


# -- man pages by section ----------------------------------------------------------------------
def test_a_man_page_is_cut_at_its_sections_named_under_the_page():
    pieces = chunks("roff/roff_manpage", MAN)
    symbols = [p.symbol for p in pieces]
    assert "memfd_secret(2) > DESCRIPTION" in symbols, symbols
    assert "memfd_secret(2) > DESCRIPTION > Flags" in symbols, symbols
    assert "memfd_secret(2) > SEE ALSO" in symbols, symbols
    assert all("SPDX" not in p.content for p in pieces)  # the licence comments are left out
    description = next(p for p in pieces if p.symbol == "memfd_secret(2) > DESCRIPTION")
    assert "creates an anonymous RAM-based file" in description.content


def test_roff_without_sections_goes_to_windows():
    text = ".nr PS 12\n.LP\n" + "A paper in ms macros with no man page sections at all.\n" * 30
    pieces = chunks("roff", text)
    assert pieces and all(p.symbol_type != "section" for p in pieces)


# -- languages Linguist gives (or not) ---------------------------------------------------------
BST = """\
ENTRY
  { address author booktitle }
  {}
  { label }
FUNCTION {output.nonnull}
{ 's :=
  output.state mid.sentence =
}
READ
EXECUTE {begin.bib}
"""


@cases(("rel", "content", "expected"), [
    ("usr/share/texlive/texmf-dist/metafont/misc/mode2dpixy.mf",
     "mode_setup;\nstring xdpi;\nxdpi := decimal round pixels_per_inch;\nmessage xdpi;\n",
     {"kind": Kind.SOURCE, "language": "metafont"}),
    ("usr/share/texlive/texmf-dist/bibtex/bst/base/abbrv.bst", BST,
     {"kind": Kind.SOURCE, "language": "bibtex_style"}),
    ("etc/pam.d/sshd", "@include common-auth\naccount    required     pam_nologin.so\n",
     {"kind": Kind.CONFIGURATION, "language": "pam", "subkind": "pam_config"}),
    ("etc/mosquitto/aclfile.example", "user roger\ntopic foo/bar\npattern write $SYS/x\n",
     {"kind": Kind.CONFIGURATION, "language": "mosquitto_acl"}),
])
def test_formats_that_were_unknown_get_their_language(tmp_path, rel, content, expected):
    assert_classified(tmp_path, rel, content, **expected)


@cases(("rel", "content", "language"), [
    ("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\nCreated-By: 1.8\n", "jar_manifest"),
    ("elements/base.bst", "kind: autotools\ndepends:\n- base.bst\n", "buildstream"),
    ("notes/other.bst", "nothing a style or an element writes\n", None),
])
def test_near_names_keep_their_own_language(tmp_path, rel, content, language):
    assert classify_file(tmp_path, rel, content).language == language


# -- bundles of modules shipped beside them ----------------------------------------------------
UMD = ("(function (global, factory) {\n    typeof exports === 'object' && typeof module !== "
       "'undefined' ? factory(exports) :\n    typeof define === 'function' && define.amd ? "
       "define(['exports'], factory) :\n    (global = global || self, factory(global.Zod = {}));"
       "\n})(this, (function (exports) { 'use strict';\n    exports.util = void 0;\n}));\n")


def test_a_umd_bundle_beside_its_module_entry_is_left_out(tmp_path):
    write(tmp_path, "lib/index.js", 'exports.z = require("./external");\n')
    c = assert_classified(tmp_path, "lib/index.umd.js", UMD, kind=Kind.BUILD_ARTIFACT,
                          subkind="module_format_variant")
    assert "lib/index.js" in c.reasons[0], c.reasons


@cases(("rel", "content", "sibling"), [
    ("lib/index.umd.js", UMD, None),  # no entry beside it: the library's only form
    ("lib/index.umd.js", "export function parse(x) { return x; }\n", "lib/index.js"),  # no UMD
])
def test_a_umd_file_without_its_entry_or_wrapper_stays_source(tmp_path, rel, content, sibling):
    if sibling:
        write(tmp_path, sibling, "module.exports = {};\n")
    assert_classified(tmp_path, rel, content, kind=Kind.SOURCE)


MUSTACHE = ("/*!\n * mustache.js - Logic-less {{mustache}} templates with JavaScript\n */\n"
            + "".join(f"  function helper{i} (value) {{ return escape(value) + '{i}'; }}\n"
                      for i in range(60)))


def test_a_module_again_inside_a_frameworks_wrapper_is_left_out(tmp_path):
    write(tmp_path, "mustache/mustache.js", MUSTACHE)
    wrapped = ";(function($) {\n\n" + MUSTACHE + "\n  $.mustache = function () {};\n})(jQuery);\n"
    c = assert_classified(tmp_path, "mustache/jquery.mustache.js", wrapped,
                          kind=Kind.BUILD_ARTIFACT, subkind="module_format_copy")
    assert "mustache/mustache.js" in c.reasons[0], c.reasons


def test_a_plugin_named_after_the_module_that_does_not_repeat_it_stays_source(tmp_path):
    write(tmp_path, "mustache/mustache.js", MUSTACHE)
    assert_classified(tmp_path, "mustache/jquery.mustache.js",
                      ";(function($) {\n  $.mustache = function (t, v) { return Mustache.render"
                      "(t, v); };\n})(jQuery);\n", kind=Kind.SOURCE)


def test_a_library_with_its_data_appended_beside_the_library_is_a_distribution_build(tmp_path):
    """Debian's libjs-moment-timezone: `moment-timezone-with-data*.js` beside
    `moment-timezone.js` (and their .min.js) in one folder: the library, then packed zones
    (1,383 pieces for one of four)."""
    here = "usr/share/javascript/moment-timezone"
    library = "//! moment-timezone.js\n" + "".join(
        f"\tfunction unpack{i} (string) {{ return string.split('|')[{i}]; }}\n"
        for i in range(120))
    write(tmp_path, f"{here}/moment-timezone.js", library)
    write(tmp_path, f"{here}/moment-timezone-with-data.min.js", "!function(){}();\n")
    c = assert_classified(tmp_path, f"{here}/moment-timezone-with-data.js",
                          library + "\tloadData({zones: ['Africa/Abidjan|LMT GMT|g.8 0']});\n",
                          kind=Kind.GENERATED, subkind="distribution_build")
    assert f"{here}/moment-timezone.js" in c.reasons[0], c.reasons
    write(tmp_path, f"{here}/moment-timezone-utils.min.js", "!function(){}();\n")
    assert_classified(tmp_path, f"{here}/moment-timezone-utils.js",
                      "//! moment-timezone-utils.js\nfunction filterYears () {}\n" * 80,
                      kind=Kind.SOURCE)


# -- locales: English variants and three-letter subtags ----------------------------------------
LOCALE = "import moment from '../moment';\nexport default moment.defineLocale('x', {});\n"


def test_english_variants_with_no_english_file_are_translations_too(tmp_path):
    """moment 2.30.0's `locale/en-il.js` answered "relative time like 3 days ago": eight English
    variants, English itself in moment.js."""
    for code in ("de", "fr", "es", "it", "nl", "en-au", "en-gb", "ku-kmr"):
        write(tmp_path, f"locale/{code}.js", LOCALE)
    for code in ("en-il", "en-gb", "ku-kmr", "oc-lnc"):
        assert_classified(tmp_path, f"locale/{code}.js", LOCALE, kind=Kind.DATA,
                          subkind="translation_catalog")


@cases(("names", "kept"), [
    (("de", "fr", "es", "it", "nl"), "en-gb"),  # the only English: it stands in for `en`
    (("de", "fr", "es", "it", "nl", "en-gb"), "en-us"),  # en-US among variants
])
def test_the_english_that_stands_in_for_en_is_kept(tmp_path, names, kept):
    for code in names:
        write(tmp_path, f"locale/{code}.json", '{"hello": "x"}\n')
    assert classify_file(tmp_path, f"locale/{kept}.json", '{"hello": "x"}\n').kind != Kind.DATA


def test_utility_modules_named_like_languages_are_source(tmp_path):
    """moment's `src/lib/utils/`: `is-array.js`, `is-date.js` ... `map.js`, `mod.js` were
    translations on main (`is` is Icelandic's code, `array` a variant's length)."""
    for name in ("is-array", "is-date", "is-number", "is-object", "is-string", "abs-ceil",
                 "abs-floor", "map", "mod", "keys", "hooks"):
        write(tmp_path, f"src/lib/utils/{name}.js", "export default function f(x) {}\n")
    for name in ("is-array", "map", "abs-ceil"):
        assert_classified(tmp_path, f"src/lib/utils/{name}.js",
                          "export default function f(x) {}\n", kind=Kind.SOURCE)


# -- found in the audit of 25 new trees --------------------------------------------------------
HELP2MAN = ('.\\" DO NOT MODIFY THIS FILE!  It was generated by help2man 1.48.5.\n'
            '.TH LS "1" "September 2022" "GNU coreutils 9.1" "User Commands"\n.SH NAME\n'
            "ls \\- list directory contents\n.SH DESCRIPTION\nList information about the FILEs "
            "(the current directory by default).\n")


def test_an_installed_man_page_a_tool_wrote_is_the_manual(tmp_path):
    """coreutils' 103 `usr/share/man/man1/*.1.gz`, help2man's from `--help`: no source of them
    in the package; a project's own generated page (its source beside it) stays generated."""
    assert_classified(tmp_path, "usr/share/man/man1/ls.1.gz", gzip.compress(HELP2MAN.encode()),
                      kind=Kind.DOCUMENTATION, subkind="installed_manual",
                      index_policy=Policy.PARSE_AND_INDEX)
    assert_classified(tmp_path, "docs/man/ls.1", HELP2MAN, kind=Kind.GENERATED,
                      subkind="generated_man_page")


@cases(("rel", "kind"), [
    ("readme-txt.dir/README.PL", Kind.DOCUMENTATION),  # texlive-base's: Polish, not Perl
    ("readme-txt.dir/README.CS", Kind.DOCUMENTATION),  # Czech, not C#
    ("readme-txt.dir/README.RU.gz", Kind.DOCUMENTATION),  # Russian, not Ruby (and gzipped)
    ("scripts/readme.pl", Kind.SOURCE),  # a Perl script so named
])
def test_a_readme_named_by_its_language_is_documentation(tmp_path, rel, kind):
    text = "print 1;\n" if rel.endswith(".pl") else "Czytaj mnie: instalacja TeX Live.\n"
    content = gzip.compress(text.encode()) if rel.endswith(".gz") else text
    assert classify_file(tmp_path, rel, content).kind == kind


@cases(("name",), [("web-types.json",), ("vetur-tags.json",), ("vetur-attributes.json",)])
def test_editor_metadata_of_a_component_library_is_recorded_not_read(tmp_path, name):
    """primevue 5.0.6: `web-types.json` 1,738 pieces, `vetur-attributes.json` 426: each
    component's props again, generated from the declarations."""
    assert_classified(tmp_path, name, '{"framework": "vue", "contributions": {}}\n',
                      kind=Kind.GENERATED, subkind="editor_metadata",
                      index_policy=Policy.METADATA_ONLY)


@cases(("rel",), [("usr/share/doc/sed/BUGS.gz",), ("usr/share/doc/coreutils/NEWS.Debian.gz",)])
def test_debian_and_gnu_notes_compressed_are_read(tmp_path, rel):
    """sed's `BUGS.gz`, coreutils' `NEWS.Debian.gz`: unknown inside, so left compressed."""
    assert_classified(tmp_path, rel, gzip.compress(b"* ABOUT BUGS\n\nBefore reporting a bug, "
                                                   b"please check the list of known bugs.\n"),
                      kind=Kind.DOCUMENTATION, index_policy=Policy.PARSE_AND_INDEX)
