"""Formats whose extension Linguist gives to several languages, or that Linguist reads wrong for
a Python tree, decided by their content as Linguist's heuristics decide them: a `.cue` is CUE
(`package x`, `field: value`) or a cue sheet (`FILE "..."`, `TRACK 01 AUDIO`); a `.spec` is an
RPM spec (`Name:`, `%description`), a PyInstaller spec (Python) or Ruby; a `.ks` is a Kickstart
file (`%packages`, `rootpw`); a `.mak` holding Mako (`<%`, `${`, `% for`) is a Mako template,
not a Makefile (pytest-bdd ships one). `.gdbinit` files are GDB, Bruno's `.bru` requests are
request files as `.http` files are, and a Gherkin `.feature` is a test wherever it lies (the
specification Cucumber, behave and pytest-bdd run). Each was unknown, excluded, metadata only
or misread before."""

from __future__ import annotations

from repokb.models import Kind, Policy

from ..conftest import assert_classified, cases, classify_file

CUE = """package service

#Service: {
\tname:     string
\treplicas: int & >=1 | *2
}

services: web: replicas: 3
"""
CUE_NO_PACKAGE = """// defaults for every environment
replicas: 2
image: "registry.example.com/web:1.4"
limits: {
\tcpu: "500m"
}
"""
CUE_SHEET = """REM GENRE "Jazz"
PERFORMER "Miles Davis"
TITLE "Kind of Blue"
FILE "kind_of_blue.flac" WAVE
  TRACK 01 AUDIO
    TITLE "So What"
    INDEX 01 00:00:00
"""
RPM_SPEC = """Name:           repokb
Version:        0.9.1
Release:        1%{?dist}
Summary:        Turn code repositories into a searchable knowledge base
License:        MIT

%description
repokb classifies every file of a repository.

%prep
%autosetup

%files
%{_bindir}/repokb
"""
PYINSTALLER_SPEC = """# -*- mode: python ; coding: utf-8 -*-

a = Analysis(['repokb/__main__.py'], pathex=[], binaries=[], datas=[])
pyz = PYZ(a.pure)
exe = EXE(pyz, a.scripts, name='repokb', console=True)
"""
GEM_SPEC = """Gem::Specification.new do |s|
  s.name = "shop"
  s.version = "1.0.0"
end
"""
KICKSTART = """#version=RHEL9
text
lang en_US.UTF-8
keyboard us
rootpw --lock
bootloader --location=mbr

%packages
@^minimal-environment
git
%end
"""
KERBOSCRIPT = """CLEARSCREEN.
PRINT "Counting down:".
LOCK THROTTLE TO 1.0.
"""
GDBINIT = """set print pretty on
define pstack
  bt full
end
"""
MAKO = """<%inherit file="base.mak"/>
<h1>${project | h}</h1>
% for scenario in scenarios:
  <div>${scenario.name}</div>
% endfor
"""
MAKEFILE = """CC ?= gcc
all: app
app: main.o
\t$(CC) -o $@ $^
"""
BRU = """meta {
  name: Create user
  type: http
}

post {
  url: {{baseUrl}}/api/users
  body: json
}
"""
FEATURE = """Feature: Calculator running total
  Scenario: Adding two numbers
    Given a new calculator
    When I add 2
    Then the total is 2
"""

ROWS = [
    # (path, content, kind, policy, language)
    ("schema/service.cue", CUE, Kind.SOURCE, Policy.PARSE_AND_INDEX, "cue"),
    ("deploy/defaults.cue", CUE_NO_PACKAGE, Kind.SOURCE, Policy.PARSE_AND_INDEX, "cue"),
    ("music/album.cue", CUE_SHEET, Kind.DATA, Policy.METADATA_ONLY, "cue_sheet"),
    ("packaging/repokb.spec", RPM_SPEC, Kind.CONFIGURATION, Policy.INDEX_TEXT, "rpm_spec"),
    ("repokb.spec", PYINSTALLER_SPEC, Kind.SOURCE, Policy.PARSE_AND_INDEX, "python"),
    ("shop.spec", GEM_SPEC, Kind.SOURCE, Policy.PARSE_AND_INDEX, "ruby"),
    ("ks/server.ks", KICKSTART, Kind.CONFIGURATION, Policy.INDEX_TEXT, "kickstart"),
    (".gdbinit", GDBINIT, Kind.SOURCE, Policy.PARSE_AND_INDEX, "gdb"),
    ("Misc/gdbinit", GDBINIT, Kind.SOURCE, Policy.PARSE_AND_INDEX, "gdb"),  # CPython's
    ("tools/python.gdbinit", GDBINIT, Kind.SOURCE, Policy.PARSE_AND_INDEX, "gdb"),
    # pytest-bdd 8.1.0's src/pytest_bdd/templates/test.py.mak; the same with any name
    ("src/pytest_bdd/templates/test.py.mak", MAKO, Kind.SOURCE, Policy.PARSE_AND_INDEX, "mako"),
    ("report.mak", MAKO, Kind.SOURCE, Policy.PARSE_AND_INDEX, "mako"),
    ("api/create-user.bru", BRU, Kind.CONFIGURATION, Policy.INDEX_TEXT, "bru"),
    # a template of one (bru-gen 0.1.0's `templates/request.bru.j2`) renders a request: Linguist's
    # name for what it renders comes before the engine's own (HTML for `.j2`)
    ("src/bru_gen/templates/request.bru.j2", BRU.replace("Create user", "{{ name }}"),
     Kind.CONFIGURATION, Policy.INDEX_TEXT, "bru"),
    # a feature file is a test's specification wherever it lies (behave's features/, a
    # pytest-bdd project's tests/, beside the code)
    ("features/calculator.feature", FEATURE, Kind.TEST, Policy.PARSE_AND_INDEX, "gherkin"),
    ("src/app/checkout.feature", FEATURE, Kind.TEST, Policy.PARSE_AND_INDEX, "gherkin"),
    ("tests/features/calc.feature", FEATURE, Kind.TEST, Policy.PARSE_AND_INDEX, "gherkin"),
    # an example project's feature is shown as an example, as its code is (behave 1.3.3's
    # examples/async_step/features/async_run.feature)
    ("examples/async_step/features/async_run.feature", FEATURE, Kind.SOURCE,
     Policy.PARSE_AND_INDEX, "gherkin"),
]


@cases(("rel", "content", "kind", "policy", "language"), ROWS)
def test_a_shared_or_misread_format_is_decided_by_its_content(tmp_path, rel, content, kind,
                                                             policy, language):
    assert_classified(tmp_path, rel, content, kind=kind, index_policy=policy, language=language)


KEPT = [
    # what was right stays so: a Makefile named `.mak`, a Jasmine test `*.spec.ts`, a Nix
    # flake's lockfile
    ("build.mak", MAKEFILE, Kind.INFRASTRUCTURE, "make"),
    ("src/button.spec.ts", "describe('button', () => { it('renders', () => {}) })\n",
     Kind.TEST, "typescript"),
    ("flake.lock", '{"nodes": {"root": {}}, "root": "root", "version": 7}\n', Kind.LOCKFILE,
     "json"),
]


@cases(("rel", "content", "kind", "language"), KEPT)
def test_what_was_right_stays(tmp_path, rel, content, kind, language):
    assert_classified(tmp_path, rel, content, kind=kind, language=language)


UNSURE = [
    ("ksp/launch.ks", KERBOSCRIPT),  # KerboScript (Kerbal Space Program): none of repokb's
    ("notes.cue", "just some words\n"),  # neither CUE's fields nor a cue sheet's commands
    ("docs/thing.spec", "a plain text specification of the thing\n"),
]


@cases(("rel", "content"), UNSURE)
def test_a_shared_extension_with_no_sure_mark_stays_unknown(tmp_path, rel, content):
    c = classify_file(tmp_path, rel, content)
    assert c.kind == Kind.UNKNOWN and c.language is None, c.reasons


def test_the_reason_names_the_mark_that_decided(tmp_path):
    c = classify_file(tmp_path, "music/album.cue", CUE_SHEET)
    assert any("TRACK 01 AUDIO" in r or "FILE" in r for r in c.reasons), c.reasons
    c = classify_file(tmp_path, "report.mak", MAKO)
    assert any("Mako" in r for r in c.reasons), c.reasons


def test_each_candidate_is_a_language_linguist_gives_the_extension():
    from repokb.formats import LINGUIST, LINGUIST_SHARED
    from repokb.rules.heuristics import CANDIDATES

    for ext, candidates in CANDIDATES.items():
        claimants = ({c[0] for c in LINGUIST_SHARED.get(ext, [])}
                     | {LINGUIST["extensions"].get(ext, [None])[0]})
        for language, _what, _mark in candidates:
            # Mako's `.mak`, Expect's and DejaGnu's `.exp` (Tcl) and Windows' `.manifest` (XML)
            # are the ones repokb adds: Linguist names Mako by `.mako` only, and gives `.exp`
            # and `.manifest` to no language; `.stub` (generators' templates) is no Linguist
            # extension
            assert language in claimants or (ext, language) in {
                (".mak", "mako"), (".exp", "tcl"), (".manifest", "xml"), (".stub", "php"),
                (".stub", "typescript"), (".stub", "javascript"),
                # Linguist's one entry "Salt or Scheme": Salt's states and pillars are YAML
                (".sls", "yaml"), (".sls", "scheme")}, (ext, language)
