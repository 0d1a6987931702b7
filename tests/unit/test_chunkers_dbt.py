"""dbt's SQL: a macro file is cut per `{% macro %}` block, named; a model is one piece named
after its file; plain SQL is still cut by the SQL grammar (chunkers/jinjasql.py).

Before, tree-sitter-sql read no Jinja: dbt-adapters' `get_custom_schema.sql` was windows with no
name, so "where is the macro generate_schema_name defined" ranked a window of `schema.sql`
first."""

from __future__ import annotations

from repokb.chunkers import chunker_for
from repokb.chunkers.base import PathAware

MACROS = """\
{#
    Renders a schema name given a custom schema name.
#}
{% macro generate_schema_name(custom_schema_name=none, node=none) -%}
    {{ return(adapter.dispatch('generate_schema_name', 'dbt')(custom_schema_name, node)) }}
{%- endmacro %}

{% macro default__generate_schema_name(custom_schema_name, node) -%}
    {%- set default_schema = target.schema -%}
    {{ default_schema }}
{%- endmacro %}

{% materialization incremental, default -%}
  {%- set target_relation = this.incorporate(type='table') -%}
  {{ return({'relations': [target_relation]}) }}
{%- endmaterialization %}
"""

MODEL = """\
{{ config(materialized='view') }}

with source as (
    select * from {{ source('shop', 'raw_orders') }}
)

select id as order_id, user_id as customer_id from source
"""


def _cut(text: str, path: str):
    chunker = chunker_for("sql")
    assert isinstance(chunker, PathAware)
    return chunker.chunk_path(text, path)


def test_each_macro_is_a_named_piece_with_its_comment():
    pieces = _cut(MACROS, "macros/get_custom_schema.sql")
    named = [(p.symbol, p.symbol_type, p.start_line, p.end_line) for p in pieces]
    assert named == [("generate_schema_name", "macro", 1, 6),
                     ("default__generate_schema_name", "macro", 8, 11),
                     ("incremental", "materialization", 13, 16)]
    assert pieces[0].content.startswith("{#\n    Renders a schema name")


def test_a_model_is_one_piece_named_after_its_file():
    pieces = _cut(MODEL, "models/staging/stg_orders.sql")
    assert [(p.symbol, p.symbol_type, p.start_line, p.end_line) for p in pieces] == [
        ("stg_orders", "model", 1, 7)]


def test_plain_sql_is_still_cut_by_its_grammar():
    text = ("CREATE TABLE loans (\n    id integer primary key,\n    amount numeric not null\n);\n\n"
            "CREATE TABLE payments (\n    id integer primary key,\n    loan_id integer\n);\n")
    symbols = [p.symbol for p in _cut(text, "schema.sql")]
    assert any(s and "loans" in s for s in symbols), symbols
