"""A data team's repository, indexed for real (ONNX model, Qdrant Edge), as a new user and as an
attacker: dbt macros and models, R scripts and tests, an R Markdown report, a Quarto document,
`profiles.yml`, `.Renviron`, a Jupyter checkpoint copy. Each macro and R function is found by
its own named piece; no byte of a planted value reaches REPOKB_HOME or an answer; `.Renviron` is
blocked and `.ipynb_checkpoints/` not walked. Every value is made up."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..conftest import every_byte, invoke, write_tree
from ..unit.test_chunkers_dbt import MACROS

pytestmark = pytest.mark.integration


def _j(*parts: str) -> str:
    return "".join(parts)


V = {
    "oracle_user": _j("Or4cleU", "serPw-71q"),
    "fdw_mapping": _j("FdwMap", "Pw-5521zz"),
    "duck_secret": _j("DuckS3", "Secret-88aZ"),
    "profile_pw": _j("Tr0ub4dor", "Wh83x"),
    "profile_fallback": _j("Fallback", "SnowPw4471"),
    "renviron_pat": _j("ghp_R7x2kQ9mZpL4vN8w", "Y1bC3dF6hJ0tS5aE2uGi"),
    "r_dbconnect": _j("RdbConn", "Pw-8812qz"),
    "r_arrow": _j("bearerToken", "Rscript77aa99"),
    "rmd_chunk": _j("RmdChunk", "Pw-7733q"),
    "qmd_environ": _j("QmdSnow", "Pw-5521zz"),
}

TREE = {
    "dbt_project.yml": "name: jaffle_shop\nversion: '1.0.0'\nprofile: jaffle_shop\n",
    "profiles.yml": f"""\
        jaffle_shop:
          target: dev
          outputs:
            dev:
              type: postgres
              user: analyst
              password: "{V['profile_pw']}"
            prod:
              type: snowflake
              password: "{{{{ env_var('DBT_PASSWORD', '{V['profile_fallback']}') }}}}"
        """,
    "macros/get_custom_schema.sql": MACROS,  # dbt-adapters' own, as the unit test cuts it
    "macros/grants.sql": f"""\
        {{% macro create_etl_user() %}}
          {{% set sql %}}
            create user etl identified by '{V['oracle_user']}';
            create user mapping for etl server dw options (password '{V['fdw_mapping']}');
            create secret (type s3, key_id 'etl', secret '{V['duck_secret']}');
          {{% endset %}}
          {{% do run_query(sql) %}}
        {{% endmacro %}}
        """,
    "models/customers.sql": """\
        {{ config(materialized='table') }}

        with orders as (
            select * from {{ ref('stg_orders') }}
        )

        select customer_id, count(*) as number_of_orders from orders group by customer_id
        """,
    ".Renviron": f"GITHUB_PAT={V['renviron_pat']}\n",
    "R/warehouse.R": f"""\
        library(DBI)
        warehouse_token <- "{V['r_arrow']}"

        #' Connect to the analytics warehouse
        #' @param schema the schema to read
        connect_warehouse <- function(schema = "analytics") {{
          con <- dbConnect(RPostgres::Postgres(), user = "analyst",
                           password = "{V['r_dbconnect']}")
          dbExecute(con, paste0("SET search_path TO ", schema))
          con
        }}

        summarise_orders <- function(orders) {{
          orders %>%
            dplyr::group_by(customer_id) %>%
            dplyr::summarise(total = sum(amount))
        }}
        """,
    "reports/weekly.Rmd": f"""\
        ---
        title: "Weekly revenue"
        ---

        ## Revenue by week

        ```{{r setup}}
        con <- dbConnect(RPostgres::Postgres(), password = "{V['rmd_chunk']}")
        ```
        """,
    "reports/cohorts.qmd": f"""\
        ## Retention curve

        ```{{python}}
        import os
        os.environ["SNOWFLAKE_PASSWORD"] = "{V['qmd_environ']}"
        ```
        """,
    "notebooks/churn.ipynb": json.dumps({
        "nbformat": 4, "nbformat_minor": 5, "metadata": {},
        "cells": [{"cell_type": "markdown", "id": "a", "metadata": {},
                   "source": ["# Churn by cohort\n"]}]}),
    "notebooks/.ipynb_checkpoints/churn-checkpoint.ipynb": json.dumps({
        "nbformat": 4, "nbformat_minor": 5, "metadata": {},
        "cells": [{"cell_type": "markdown", "id": "a", "metadata": {},
                   "source": ["# Churn by cohort\n"]}]}),
}


def _first(query: str) -> dict[str, object]:
    return json.loads(invoke("search", query, "--json", "--limit", "5"))[0]


def test_a_data_teams_repository_names_its_definitions_and_keeps_its_secrets(
        home: Path, tmp_path: Path) -> None:
    project = write_tree(tmp_path / "jaffle", TREE)
    outputs = [invoke("index", str(project), "--json")]
    explained = {rel: json.loads(invoke("explain", str(project / rel), "--json"))
                 for rel in TREE if ".ipynb_checkpoints" not in rel}
    outputs += [json.dumps(e) for e in explained.values()]
    assert explained[".Renviron"]["classification"]["index_policy"] == "block"
    assert explained["reports/weekly.Rmd"]["chunks"] > 0
    assert explained["reports/cohorts.qmd"]["chunks"] > 0

    where = {"where is the macro generate_schema_name defined":
             ("macros/get_custom_schema.sql", "generate_schema_name"),
             "where is function connect_warehouse defined":
             ("R/warehouse.R", "connect_warehouse"),
             "summarise_orders": ("R/warehouse.R", "summarise_orders"),
             "customers model": ("models/customers.sql", "customers")}
    for query, (path, symbol) in where.items():
        hit = _first(query)
        assert (hit["path"], hit["symbol"]) == (path, symbol), query
    hits = json.loads(invoke("search", "churn by cohort", "--json", "--limit", "20"))
    assert not any(".ipynb_checkpoints" in h["path"] for h in hits)

    for query in (*V.values(), "create etl user identified by", "user mapping password",
                  "duckdb secret s3", "profiles password", "GITHUB_PAT", "dbConnect password",
                  "snowflake password"):
        outputs.append(invoke("search", query, "--json", "--limit", "20"))
    stored = every_byte(home)
    answers = "\n".join(outputs)
    leaked = sorted(k for k, v in V.items() if v.encode() in stored or v in answers)
    assert leaked == []
