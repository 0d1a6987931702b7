"""Languages told apart by content where an extension is shared, as Linguist's heuristics.yml
tells them: each extension's candidates in order, each with the marks that make it sure.

The first candidate one of whose marks is found in the head decides, and the mark found is the
evidence `repokb explain` shows ("cue sheet: TRACK 01 AUDIO", "RPM spec: Name:"): a mark is a
keyword or a label, never the value after it (a CUE field's value may be a password). A head
with no mark leaves the file to the tables (a `.mak` stays a Makefile; a `.cue`, `.spec` or
`.ks` stays unknown): a wrong language is worse than none.
"""

from __future__ import annotations

import re

_M = re.MULTILINE

# extension -> ((language, what it is, marks), ...): the language ids are Linguist's as
# data/linguist_languages.json's "shared" table lists them for that extension (a test checks),
# or repokb's own (`python`, `ruby`, `mako`)
CANDIDATES: dict[str, tuple[tuple[str, str, re.Pattern[str]], ...]] = {
    # Linguist's CUE (programming) and Cue Sheet (data): a cue sheet is commands in capitals,
    # `FILE "x.wav" WAVE`, `TRACK 01 AUDIO`, `INDEX 01 00:00:00`; CUE opens with `package x`
    # or declares fields, `name: value`, `#Def: {`, `services: web: {`
    ".cue": (
        ("cue_sheet", "cue sheet", re.compile(
            r'^[ \t]*(?:FILE[ \t]+"[^"\n]*"[ \t]+(?:WAVE|MP3|AIFF|BINARY|MOTOROLA|FLAC)\b'
            r"|TRACK[ \t]+\d+[ \t]+(?:AUDIO|MODE\d|CDG|CDI)"
            r"|INDEX[ \t]+\d+[ \t]+\d+:\d\d:\d\d)", _M)),
        ("cue", "CUE", re.compile(
            r"^(?:package[ \t]+[\w$]+[ \t]*$"
            r"|import[ \t]+(?:\(|\"[\w./-]+\")"
            r"|#?[A-Za-z_$][\w$-]*[?!]?:(?=[ \t]+\S)"
            r"|\"[^\"\n]+\"[?!]?:(?=[ \t]+\S))", _M)),
    ),
    # Linguist's RPM Spec (data), Python and Ruby: an RPM spec's preamble tags and sections;
    # a PyInstaller spec builds `Analysis(...)` and `EXE(...)`; a Ruby `.spec` is a gem's
    ".spec": (
        ("rpm_spec", "RPM spec", re.compile(
            r"^(?:(?:Name|Version|Release|Summary|BuildRequires|BuildArch|Source0?)"
            r":(?=[ \t]+\S)"
            r"|%(?:description|prep|build|install|files|changelog)\b)", _M)),
        ("python", "PyInstaller spec", re.compile(
            r"^(?:[\w.]+[ \t]*=[ \t]*)?(?:Analysis|EXE|PYZ|COLLECT|BUNDLE)\(|"
            r"^#[ \t]*-\*-[ \t]*mode:[ \t]*python", _M)),
        ("ruby", "gem specification", re.compile(r"Gem::Specification\.new\b")),
    ),
    # Linguist's Kickstart (data) and KerboScript (programming): an installer's sections
    # (`%packages` ... `%end`) and commands with their options (`rootpw --lock`)
    ".ks": (
        ("kickstart", "Kickstart", re.compile(
            r"^(?:%(?:packages|pre|post|pre-install|onerror|addon|anaconda)\b"
            r"|(?:rootpw|bootloader|clearpart|autopart|zerombr|ignoredisk|timezone|keyboard"
            r"|authselect|selinux|firstboot|reqpart|logvol|volgroup)\b"
            r"|(?:part|network|url|repo|user|services)[ \t]+--)", _M)),
    ),
    # Linguist gives `.mak` to Makefile only, but Mako templates use it too (pytest-bdd
    # 8.1.0's templates/test.py.mak): Mako's tags `<%inherit`, `<%def`, `<%!`, `${...}` in text,
    # and its control lines `% for x in y:` / `% endfor`
    ".mak": (
        ("mako", "Mako template", re.compile(
            r"<%(?:[!\s]|inherit\b|def\b|namespace\b|include\b|block\b|page\b|text\b|doc\b)"
            r"|^[ \t]*%[ \t]*(?:for|if|endfor|endif|while|endwhile)\b", _M)),
    ),
    # Linguist's Pro*C (programming) and pkg-config (data): a pkg-config file is variables
    # (`prefix=/usr`) and its keywords (`Name:`, `Libs:`, `Cflags:`); Pro*C embeds `EXEC SQL`
    ".pc": (
        ("pro_c", "Pro*C", re.compile(r"^[ \t]*EXEC[ \t]+SQL\b", _M)),
        ("pkg_config", "pkg-config", re.compile(
            r"^(?:Name|Description|Version|Requires|Requires\.private|Libs|Libs\.private"
            r"|Cflags|Conflicts|URL):", _M)),
    ),
    # Expect scripts: Tcl programs that drive another (Linguist names no Expect language and
    # gives `.exp` to none; a test suite's expected output uses it too): its interpreter, or
    # its commands at a line's start, `spawn ssh host`, `expect "*assword:*"`, `send "X\r"`
    # (the mark shown stops before any value: `spawn`, `send "`)
    ".exp": (
        ("tcl", "Expect script", re.compile(
            r"\A#![^\n]*\bexpect\b"
            r"|^[ \t]*(?:spawn(?=[ \t]+\S)|expect[ \t]+(?:-\w+[ \t]+)*[\"{]"
            r"|send[ \t]+(?:--[ \t]+)?[\"{]|package[ \t]+require[ \t]+Expect\b"
            r"|exp_continue\b|interact[ \t]*$)", _M)),
        # DejaGnu's test scripts, board and tool files (GNU toolchains' `testsuite/*.exp`,
        # dejagnu's own `baseboards/*.exp`): Tcl that drives nothing itself, known by a
        # procedure (`proc name {args} {`, `proc ${tool}_exit {} {`), DejaGnu's commands at a
        # line's start (`load_lib`, `dg-runtest`, `set_board_info`) or Tcl's own shapes
        # (`if {...} {`, `set x [...]`)
        ("tcl", "Tcl (DejaGnu)", re.compile(
            r"^(?:proc[ \t]+(?:[\w:.-]|\$\{\w+\})+[ \t]+\{"
            r"|[ \t]*(?:load_lib|load_generic_config|load_base_board_description"
            r"|load_board_description|set_board_info|unset_board_info"
            r"|process_multilib_options|dg-init|dg-finish|dg-runtest|runtest_file_p)(?=[ \t]|$)"
            r"|[ \t]*(?:if|foreach|while)[ \t]*\{[^\n]*\}[ \t]*\{[ \t]*$"
            r"|[ \t]*set[ \t]+[\w:()$]+[ \t]+\[)", _M)),
    ),
    # Linguist's `.sls` is Salt or Scheme ("salt/scheme" was stored as the language and cut
    # into windows): an R6RS library opens its forms with `(library`, `(import`, `(define`; a
    # Salt state or pillar is YAML (with Jinja): a top-level key (`nginx:`, `base:`,
    # `include:`), a state's function (`  pkg.installed:`) or a Jinja statement opening a line
    ".sls": (
        ("scheme", "Scheme", re.compile(r"^[ \t]*\((?:library|import|define|export)\b", _M)),
        ("yaml", "Salt state (YAML)", re.compile(
            r"^(?:[A-Za-z_{][\w.{}\[\]'\" |-]*:(?:[ \t]|$)"
            r"|[ \t]+-?[ \t]*[a-z_]+\.[a-z_]+:(?:[ \t]|$)"
            r"|[ \t]*\{%-?[ \t]*(?:set|from|import|if|for)\b)",
            _M)),
    ),
    # Windows side-by-side assembly manifests (psycopg2's `_psycopg.vc9.amd64.manifest`, a
    # .NET project's `app.manifest`): XML naming the runtime a build links and the privileges
    # it asks for; Linguist gives `.manifest` to no language (an HTML appcache is text)
    ".manifest": (
        ("xml", "Windows assembly manifest", re.compile(
            r"<assembly\b[^>]*\burn:schemas-microsoft-com:asm\.v[123]\b")),
    ),
    # Linguist's Python and Ren'Py: its heuristic takes a Python statement at a line's start
    # (Twisted's resource scripts, `docs/web/examples/hello.rpy`: `from twisted.web import`)
    ".rpy": (
        ("python", "Python", re.compile(r"^(?:import|from|class|def)[ \t]", _M)),
    ),
    # Code generators' templates, `.stub` (no Linguist language): Laravel's `make:` stubs
    # (`model.stub`, `migration.create.stub`: PHP with `{{ class }}` placeholders) and knex's
    # migration and seed stubs (`lib/migrations/migrate/stub/ts.stub`, `js.stub`: TypeScript or
    # JavaScript with lodash `<% %>` tags), read as the language they expand into; knex's
    # CoffeeScript, LiveScript and Earl Grey stubs (`exports.up = (knex) ->`), a Blade
    # `markdown.stub`, hold no mark and stay unknown
    ".stub": (
        ("php", "PHP template", re.compile(r"\A\s*<\?php\b")),
        ("typescript", "TypeScript template", re.compile(
            r"^import[ \t]+type[ \t]|\)[ \t]*:[ \t]*Promise<"
            r"|^(?:export[ \t]+)?interface[ \t]+[A-Z]\w*[ \t]*\{", _M)),
        ("javascript", "JavaScript template", re.compile(
            r"^(?:module\.exports[ \t]*=|exports\.[\w$]+[ \t]*=[ \t]*(?:async[ \t]+)?function\b"
            r"|export[ \t]+(?:async[ \t]+function|function|const|default)\b)", _M)),
    ),
    # Linguist gives `.inc` to twelve languages (C++, PHP, Pascal, BitBake, Assembly ...): C and
    # C++ textual includes open their lines with the preprocessor's directives, no space after
    # `#` (protobuf 7.36.2's `upb/port/def.inc`, `utf8_range/utf8_range_sse.inc`: were unknown,
    # excluded); PHP's with its tag. A BitBake or Pascal include, a comment `# define the ...`,
    # holds neither and stays unknown
    ".inc": (
        ("php", "PHP include", re.compile(r"\A\s*<\?php\b")),
        ("cpp", "C preprocessor", re.compile(
            r"^#(?:define[ \t]+[A-Za-z_]\w*|undef[ \t]+[A-Za-z_]|ifn?def[ \t]+[A-Za-z_]"
            r"|include[ \t]*[<\"]|pragma[ \t]+\w|endif\b)", _M)),
    ),
    # Linguist's BibTeX Style (programming) and BuildStream (YAML): a `.bst` style is BibTeX's
    # stack language, its commands at a line's start (`ENTRY`, `FUNCTION {format.names}`,
    # `MACRO {jan}`, `READ`, `EXECUTE {begin.bib}`, `ITERATE {call.type$}`); a BuildStream
    # element is YAML (`kind: autotools`, `depends:`)
    ".bst": (
        ("bibtex_style", "BibTeX style", re.compile(
            r"^(?:ENTRY\b|(?:FUNCTION|MACRO|EXECUTE|ITERATE|REVERSE|INTEGERS|STRINGS)"
            r"[ \t]*\{|READ[ \t]*$)", _M)),
        ("buildstream", "BuildStream element", re.compile(
            r"^(?:kind|depends|build-depends|sources|variables|config):(?:[ \t]|$)", _M)),
    ),
}
EXTENSIONS = frozenset(CANDIDATES)
# A head that rules a candidate out whatever mark it holds: knex's CoffeeScript, LiveScript and
# Earl Grey knexfile stubs write `module.exports =` too, under `#` and `;;` comments, which
# JavaScript and TypeScript never open a line with (a shebang aside)
UNLESS: dict[tuple[str, str], re.Pattern[str]] = {
    (".stub", language): re.compile(r"^[ \t]*(?:#(?!!)|;;)", _M)
    for language in ("javascript", "typescript")
}


def decide(ext: str, text: str) -> tuple[str, str] | None:
    """(language, evidence) of the first candidate of `ext` whose mark the text holds (and
    no UNLESS pattern of it)."""
    for language, what, mark in CANDIDATES.get(ext, ()):
        if (unless := UNLESS.get((ext, language))) is not None and unless.search(text):
            continue
        if m := mark.search(text):
            found = m.group().strip()[:40]
            return language, f"{what}: {found}"
    return None
