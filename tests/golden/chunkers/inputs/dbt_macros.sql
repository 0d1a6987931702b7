{#
    Renders a schema name given a custom schema name. If the custom
    schema name is none, then the resulting schema is just the "schema"
    value in the specified target.
#}
{% macro generate_schema_name(custom_schema_name=none, node=none) -%}
    {{ return(adapter.dispatch('generate_schema_name', 'dbt')(custom_schema_name, node)) }}
{%- endmacro %}

{% macro default__generate_schema_name(custom_schema_name, node) -%}
    {%- set default_schema = target.schema -%}
    {%- if custom_schema_name is none -%}
        {{ default_schema }}
    {%- else -%}
        {{ default_schema }}_{{ custom_schema_name | trim }}
    {%- endif -%}
{%- endmacro %}

-- cents to dollars, rounded
{% macro cents_to_dollars(column_name, precision=2) -%}
    round(1.0 * {{ column_name }} / 100, {{ precision }})
{%- endmacro %}

{% test is_positive(model, column_name) %}
    select * from {{ model }} where {{ column_name }} <= 0
{% endtest %}
