"""No code is lost to the 40-character minimum: a piece the cutting makes shorter than that (a
class's own line cut away from its members, a one-line getter between two long methods,
`alias_method :<<, :add`) joins the piece beside it instead of being dropped by the pipeline.

Measured with bench/lost_text.py: rack 2.2.22 lost 1.92% of its Ruby lines (156 pieces, every
`module Rack` line among them), pythonnet 3.0.3 0.50% of its C# (`public class Codecs {`),
serde_json 1.0.87 0.64% of its Rust (`impl Error {`), Django 5.2.8 865 Python lines.
"""

from __future__ import annotations

import textwrap
from dataclasses import replace

import pytest

from repokb.pipeline.chunk import chunk_file

from .test_enrich_and_metrics import PLAN, _classification, _file


def _body(i: int, indent: str, line: str) -> str:
    return "".join(f"{indent}{line.format(i=i, j=j)}\n" for j in range(12))


def _java() -> str:
    methods = "".join(
        f"    public int step{i}(int x) {{\n{_body(i, '        ', 'x += {i} * {j};')}"
        "        return x;\n    }\n\n" for i in range(4))
    return ("public class Codecs {\n" + methods[:-1]
            + "    public int getFuel() { return fuel; }\n\n"
            + methods.replace("step", "later") + "}\n")


def _csharp() -> str:
    return _java().replace("getFuel() { return fuel; }", "Fuel => fuel;")


def _ruby() -> str:
    methods = "".join(
        f"      def step{i}(x)\n{_body(i, '        ', 'x += {i} * {j}')}        x\n"
        "      end\n\n" for i in range(4))
    return ("# frozen_string_literal: true\n\nmodule Rack\n  module Auth\n"
            "    class Cascade\n" + methods + "      alias_method :<<, :add\n    end\n"
            "  end\nend\n")


def _rust() -> str:
    methods = "".join(
        f"    pub fn step{i}(&self, mut x: i64) -> i64 {{\n"
        f"{_body(i, '        ', 'x += {i} * {j};')}        x\n    }}\n\n" for i in range(4))
    return ("use std::fmt;\n\npub struct Error;\n\nimpl Error {\n" + methods
            + "    fn one(&self) -> i64 { 1 }\n}\n")


def _python() -> str:
    methods = "".join(
        f"    def step{i}(self, x):\n{_body(i, '        ', 'x += {i} * {j}')}"
        "        return x\n\n" for i in range(4))
    return ("import os\n\n\nclass Pipe:\n" + methods + "    def f(self): return 1\n\n"
            + methods.replace("step", "later"))


CASES = {
    "java": (_java, "Codecs", "public int getFuel() { return fuel; }"),
    "csharp": (_csharp, "Codecs", "public int Fuel => fuel;"),
    "ruby": (_ruby, "Rack", "alias_method :<<, :add"),
    "rust": (_rust, "Error", "fn one(&self) -> i64 { 1 }"),
    "python": (_python, "Pipe", "def f(self): return 1"),
}


@pytest.mark.parametrize("language", sorted(CASES))
def test_no_line_of_a_big_class_is_lost_to_the_minimum(language):
    make, owner, short = CASES[language]
    source = make()
    chunked = chunk_file(_file(f"src/sample.{language}"), _classification(language), source,
                         "h", PLAN)
    assert chunked.dropped["too_short"] == 0
    covered = {row for c in chunked.chunks for row in range(c.start_line, c.end_line + 1)}
    lost = [line for row, line in enumerate(source.splitlines(), 1)
            if line.strip() and row not in covered]
    assert lost == []
    # the short line is kept inside a chunk named after its owner's member, not alone
    holder = next(c for c in chunked.chunks if short in c.content)
    assert holder.symbol and holder.symbol.split(".")[0] == owner.split(".")[0]
    assert holder.symbol != owner or language in ("rust", "python")


def test_a_class_head_too_short_alone_opens_its_first_member():
    chunked = chunk_file(_file("src/Codecs.java"), _classification("java"), _java(), "h", PLAN)
    first = chunked.chunks[0]
    assert first.symbol == "Codecs.step0" and first.symbol_type == "method"
    assert first.start_line == 1
    assert first.content.startswith("public class Codecs {\n    public int step0(int x) {")


def test_a_short_piece_that_opens_a_bracket_joins_what_follows():
    source = textwrap.dedent('''
        local function format_items(items)
          local out = {}
          for i, item in ipairs(items) do out[#out + 1] = tostring(item) end
          return table.concat(out, ", ")
        end

        Stack.helpers = {

          describe = function(stack)
            return "a stack of " .. #stack.items .. " items: " .. format_items(stack.items)
          end,
        }
        ''').lstrip()
    chunked = chunk_file(_file("src/stack.lua"), _classification("lua"), source, "h", PLAN)
    describe = next(c for c in chunked.chunks if c.symbol == "Stack.helpers.describe")
    assert describe.content.lstrip().startswith(
        "Stack.helpers = {\n\n  describe = function(stack)")
    assert chunked.dropped["too_short"] == 0


def _lost(path: str, language: str, source: str,
          min_chars: int = 40) -> tuple[list[str], int]:
    chunked = chunk_file(_file(path), _classification(language), source, "h", PLAN, min_chars)
    covered = {row for c in chunked.chunks for row in range(c.start_line, c.end_line + 1)}
    return ([line for row, line in enumerate(source.splitlines(), 1)
             if line.strip() and row not in covered], chunked.dropped["too_short"])


DOCS = {
    # pythonnet 3.0.3's CHANGELOG.md: `### Added` and its one bullet were dropped
    "markdown": ("CHANGELOG.md", '''
        # Changelog

        ## [3.0.3] - 2023-10-11

        ### Added

        -   Support for Python 3.12

        ### Changed

        -   Use enum name in `repr` of Python enums, as Python itself does it, and keep the
            numeric value for flags.
        '''),
    # rxjs 7.8.1's src/tsconfig.cjs.json: `"extends"` and `"exclude"` were dropped
    "json": ("src/tsconfig.cjs.json", '''
        {
          "extends": "./tsconfig.base.json",
          "compilerOptions": {
            "module": "commonjs",
            "outDir": "../dist/cjs",
            "target": "es5",
            "downlevelIteration": true,
            "lib": ["es2018", "dom"]
          },
          "exclude": ["./internal/umd.ts"]
        }
        '''),
    # Django 5.2.8's admin templates: `{% load i18n %}` above the markup was dropped
    "html": ("templates/admin/filter.html", '''
        {% load i18n %}
        <details data-filter-title="{{ title }}" open>
          <summary>{% blocktranslate with filter_title=title %} By {{ filter_title }}
          {% endblocktranslate %}</summary>
          <ul>{% for choice in choices %}<li><a href="{{ choice.query_string }}">
          {{ choice.display }}</a></li>{% endfor %}</ul>
        </details>
        '''),
    # Django's docs: a heading with nothing under it before its first subsection
    "rst": ("docs/faq/troubleshooting.rst", '''
        Miscellaneous
        =============

        I'm getting a ``UnicodeDecodeError``. What am I doing wrong?
        ------------------------------------------------------------

        This class of errors happen when a bytestring containing non-ASCII sequences is
        transformed into a Unicode string and the specified encoding is incorrect.
        '''),
}


@pytest.mark.parametrize("language", sorted(DOCS))
def test_no_line_of_a_document_or_config_is_lost_to_the_minimum(language):
    path, source = DOCS[language]
    lost, dropped = _lost(path, language, textwrap.dedent(source).lstrip())
    assert lost == [] and dropped == 0


def test_a_heading_with_nothing_under_it_opens_its_first_subsection():
    source = textwrap.dedent(DOCS["markdown"][1]).lstrip()
    chunked = chunk_file(_file("CHANGELOG.md"), _classification("markdown"), source, "h", PLAN)
    added = next(c for c in chunked.chunks if "Support for Python 3.12" in c.content)
    assert added.content.startswith("# Changelog\n\n## [3.0.3] - 2023-10-11\n\n### Added")
    assert added.symbol == "Changelog > [3.0.3] - 2023-10-11 > Added"


@pytest.mark.parametrize("language,line", [("markdown", "# h\n"), ("rst", "h\n=\n\n")])
def test_a_run_of_short_pieces_is_cut_in_pieces_of_bounded_size_none_lost(
        language: str, line: str) -> None:
    """50,000 bare headings (a generated or hostile file) joined one piece of 200 KB, which
    the embedder reads the first 256 tokens of: each piece now takes at most MAX_JOINED
    characters of short pieces, and every line is still in a piece."""
    from repokb.chunkers import chunker_for
    from repokb.chunkers.joining import MAX_JOINED

    text = line * 20000
    pieces = chunker_for(language).chunk(text)
    assert len(pieces) > 20 and max(len(p.content) for p in pieces) <= MAX_JOINED + 100
    assert sum(len(p.content) for p in pieces) >= len(text.replace("\n\n", "\n")) - 100
    assert all(len(p.content.strip()) >= 40 for p in pieces)


_TREE = textwrap.dedent("""\
    module tree
        type tree_inode
            integer :: value = 0
            type (tree_inode), pointer :: left=>null()
            type (tree_inode), pointer :: right=>null()
        end type tree_inode

    contains
        recursive subroutine walk(node, vector, current_loc)
            type(tree_inode), pointer, intent(in) :: node
            integer, dimension(:), intent(inout)  :: vector
            integer, intent(inout)                :: current_loc
            if (associated(node)) then
                call walk(node%right, vector, current_loc)
                vector(current_loc) = node%value
                current_loc = current_loc + 1
            end if
        end subroutine walk
    end module tree
    """)


def test_a_module_head_joined_to_its_first_member_is_found_as_the_module_too():
    """fortls 3.2.2's hover/recursive.f90: 'where is module tree defined' answered
    `tree.tree_inode`, the piece the module's short head joined: it kept only the member's
    name, so the module's definition was nowhere."""
    from repokb.query import plan
    from repokb.rank import Candidate, rerank
    from repokb.settings import Settings

    chunked = chunk_file(_file("hover/recursive.f90"), _classification("fortran"), _TREE, "h",
                         PLAN)
    first = chunked.chunks[0]
    assert first.start_line == 1 and first.symbol == "tree.tree_inode"
    assert first.also == (("tree", "module"),)
    assert "module tree" in first.embed_text.split(" — ")[0]  # the embedded head says both
    candidates = [Candidate(str(n), c.payload(), 0.01 + 0.001 * n, n, n, 0.5)
                  for n, c in enumerate(chunked.chunks)]
    s = Settings()
    ranked = rerank(candidates, plan("where is module tree defined"), s)
    assert ranked[0].payload["start_line"] == 1
    assert ranked[0].factors["exact_symbol"] == s.symbol_boost
    # the member is still its own definition
    ranked = rerank(candidates, plan("where is tree_inode defined"), s)
    assert ranked[0].payload["symbol"] == "tree.tree_inode"
    # and the answer says the module is there (`also` in --json, REST and MCP)
    from repokb.models import Hit
    hit = Hit("recursive.f90", 1, 7, "tree.tree_inode", "source", "fortran", 1.0, "p", "",
              also=("tree",))
    assert hit.to_json()["also"] == ["tree"]
    assert "also" not in replace(hit, also=()).to_json()  # the documented shape otherwise


def test_an_ini_section_too_short_to_keep_is_named_in_the_piece_it_joins():
    """`[server]` and one key joined the next section's piece, named `database` alone: the
    piece holding both says both (its embedded head and its `also`)."""
    source = ("[server]\nport = 8080\n\n[database]\nhost = db.internal.example.org\n"
              "name = shop_production\nuser = shop\n")
    chunked = chunk_file(_file("conf/app.ini"), _classification("ini"), source, "h", PLAN)
    assert len(chunked.chunks) == 1 and chunked.dropped["too_short"] == 0
    piece = chunked.chunks[0]
    assert piece.symbol == "database" and piece.also == (("server", "key"),)
    assert piece.payload()["also"] == [["server", "key"]]
    assert piece.embed_text.startswith("conf/app.ini: config database, config server — ")


@pytest.mark.parametrize("language", sorted(CASES) + sorted(DOCS))
def test_the_minimum_a_user_sets_is_the_one_short_pieces_join_up_to(language):
    """joining's minimum was its own 40 characters, not the min_chunk_chars setting: a user who
    raised it to 80 had every piece of 40-79 characters cut (a short method, a heading with
    one line under it) and then dropped by the pipeline's minimum, their lines lost."""
    if language in CASES:
        path, source = f"src/sample.{language}", CASES[language][0]()
    else:
        path, source = DOCS[language][0], textwrap.dedent(DOCS[language][1]).lstrip()
    lost, dropped = _lost(path, language, source, min_chars=80)
    assert lost == [] and dropped == 0


def test_a_definition_too_short_to_be_a_piece_is_named_in_the_piece_that_holds_it():
    """A planted deploy.jenkinsfile: `stage('Checkout') { checkout scm }` (34 characters) went
    to the window around it, named nothing: 'where is the Checkout stage defined' found a piece
    without the name."""
    from repokb.query import plan
    from repokb.rank import Candidate, rerank
    from repokb.settings import Settings

    source = ("node('linux') {\n    stage('Checkout') { checkout scm }\n"
              "    stage('Rollback') { sh './rollback.sh --to previous --notify ops' }\n}\n")
    chunked = chunk_file(_file("deploy.jenkinsfile"), _classification("groovy"), source, "h",
                         PLAN)
    holder = next(c for c in chunked.chunks if "stage('Checkout')" in c.content)
    assert ("Checkout", "stage") in holder.also and holder.symbol != "Checkout"
    candidates = [Candidate(str(n), c.payload(), 0.01 + 0.001 * n, n, n, 0.5)
                  for n, c in enumerate(chunked.chunks)]
    ranked = rerank(candidates, plan("where is the Checkout stage defined"), Settings())
    assert ranked[0].payload["start_line"] == holder.start_line
    assert "exact_symbol" in ranked[0].factors


PROMISE_PM = """package Mojo::Promise;
use Mojo::Base -base;

sub DESTROY {
  my $self = shift;
  return if $self->{handled} || ($self->{status} // '') ne 'reject';
  carp "Unhandled rejected promise: @{$self->{results}}";
}

sub all         { _all(2, @_) }
sub all_settled { _all(0, @_) }
sub any         { _all(3, @_) }

sub catch { shift->then(undef, shift) }

sub map {
  my ($class, $options, $cb, @items) = (shift, ref $_[0] eq 'HASH' ? shift : {}, @_);
  return $class->all(map { $_->$cb } @items) if !$options->{concurrency};
  my @start = map { $_->$cb } splice @items, 0, $options->{concurrency};
  return $class->new->resolve(@start);
}

1;
"""


def test_a_run_of_one_line_definitions_is_named_by_the_first_not_by_nothing():
    """Mojolicious 9.31's Mojo/Promise.pm: `sub all`, `all_settled`, `any` and `catch`, each too
    short to be a piece, were one piece named by nothing (the names in its `also`):
    "Mojo::Promise->all" found it by no name (rank39)."""
    from repokb.chunkers import chunker_for

    pieces = chunker_for("perl").chunk(PROMISE_PM)
    run = next(p for p in pieces if p.content.lstrip().startswith("sub all "))
    assert (run.symbol, run.symbol_type) == ("Mojo.Promise.all", "method")
    assert [name for name, _ in run.also] == ["Mojo.Promise.all_settled", "Mojo.Promise.any",
                                              "Mojo.Promise.catch"]
    # a nameless piece opening with other code keeps no name: the package's head
    head = pieces[0]
    assert head.content.startswith("package Mojo::Promise;") and head.symbol is None
