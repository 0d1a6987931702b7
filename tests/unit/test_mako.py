"""Mako templates (session 30, misc31): a `.mako` page (Mako 1.3.10's test/templates/
gettext.mako, a Pyramid app's `templates/mytemplate.mako`) was an unknown format, left out,
and a `.mak` of Mako was cut into 500-character windows. Mako pages are cut by their
top-level `<%def>` and `<%block>` (named after the def: `makerow`), the head of
`<%inherit>`/`<%namespace>`/`<%!` module code one piece."""

from __future__ import annotations

from repokb.chunkers import chunker_for
from repokb.models import Kind, Policy

from ..conftest import classify_file

PAGE = """\
<%inherit file="/base.mako"/>
<%namespace name="forms" file="/forms.mako"/>
<%!
    from myapp.helpers import money
%>

<%block name="title">Orders for ${customer.name}</%block>

<%def name="order_row(order, show_total=True)">
    <tr>
      <td>${order.number}</td>
      % if show_total:
      <td>${money(order.total)}</td>
      % endif
    </tr>
</%def>

<table class="orders">
% for order in orders:
    ${order_row(order)}
% endfor
</table>

<%def name="footer()">
    <%block name="legal">All prices include VAT; refunds within 30 days.</%block>
    <p>${forms.button("Download the invoices as PDF")}</p>
</%def>
"""


def test_a_mako_page_is_cut_by_its_defs_and_blocks():
    pieces = chunker_for("mako").chunk(PAGE)
    named = {p.symbol: p for p in pieces if p.symbol}
    assert named["order_row"].symbol_type == "def"
    assert named["order_row"].content.startswith('<%def name="order_row(')
    assert named["order_row"].content.rstrip().endswith("</%def>")
    assert named["title"].symbol_type == "block"
    assert named["footer"].start_line == 24 and "legal" not in named  # a nested block stays in
    assert "All prices include VAT" in named["footer"].content
    head = pieces[0]
    assert head.start_line == 1 and '<%namespace name="forms"' in head.content
    # nothing lost: every line of the page lies in a piece
    covered = {n for p in pieces for n in range(p.start_line, p.end_line + 1)}
    assert set(range(1, PAGE.count("\n") + 1)) - covered <= {6, 8, 17, 23}  # blank


def test_mako_files_are_mako_and_indexed(tmp_path):
    for rel in ("myapp/templates/orders.mako", "templates/test.py.mak"):
        c = classify_file(tmp_path, rel, PAGE)
        assert c.language == "mako", (rel, c.reasons)
        assert c.index_policy is Policy.PARSE_AND_INDEX and c.kind is not Kind.UNKNOWN, c.reasons
    # alembic's script.py.mako renders Python: the language it renders
    alembic = classify_file(tmp_path, "alembic/script.py.mako",
                            '"""${message}\n\nRevision ID: ${up_revision}\n"""\n'
                            "from alembic import op\n${imports if imports else \"\"}\n")
    assert alembic.language == "python", alembic.reasons


def test_a_page_with_an_unclosed_def_falls_back_to_windows():
    pieces = chunker_for("mako").chunk('<%def name="x()">\n  <p>never closed</p>\n' * 3)
    assert pieces and all(p.symbol_type != "def" for p in pieces)


def test_a_mako_page_in_a_test_folder_is_test_data(tmp_path):
    """Mako 1.3.10's `test/templates/gettext.mako` is a page its tests render: test data
    (metadata only), as the `.html` pages beside it are, not test code."""
    c = classify_file(tmp_path, "test/templates/gettext.mako", PAGE)
    assert c.kind is Kind.TEST_FIXTURE and c.index_policy is Policy.METADATA_ONLY, c.reasons


def test_tags_quoted_in_doc_text_and_comments_open_nothing():
    page = ('<%doc>\n  Example: <%def name="fake()"> ... </%def>\n</%doc>\n'
            "## a comment that quotes <%block name=\"ghost\">\n"
            '<%text><%def name="shown()"></%text>\n'
            '<%def name="real(x)">\n  <p>${x} is the one definition of this page, really.</p>\n'
            "</%def>\n")
    named = {p.symbol for p in chunker_for("mako").chunk(page) if p.symbol}
    assert named == {"real"}


def test_a_mako_page_named_for_the_html_it_renders_is_mako(tmp_path):
    """`templates/index.html.mako` (Pyramid's and Pylons' naming) was read as the HTML it
    renders, cut by the HTML chunker, its `<%def>`s lost as names; it is a Mako page, as
    `index.mako` is. A `.mako` over code stays the template of that code (alembic's)."""
    for rel in ("templates/index.html.mako", "web/feed.xml.mako", "templates/page.htm.mako"):
        c = classify_file(tmp_path, rel, PAGE)
        assert (c.language, c.kind, c.index_policy) == (
            "mako", Kind.SOURCE, Policy.PARSE_AND_INDEX), (rel, c.reasons)
    script = classify_file(tmp_path, "migrations/script.py.mako",
                           "revision = ${repr(up_revision)}\n")
    assert script.language == "python", script.reasons
