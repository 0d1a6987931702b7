"""SQL's own ways of writing a credential are redacted; prose and placeholders stay.

`ALTER USER x WITH PASSWORD 'X'` was redacted already (detect-secrets' keyword plugin). Not
redacted, and stored as written by a data team's migrations, dbt macros and notebooks: Oracle's
and MySQL's `CREATE USER ... IDENTIFIED BY 'X'`, a foreign server's `OPTIONS (user 'etl',
password 'X')` and DuckDB's `CREATE SECRET (TYPE S3, ..., SECRET 'X')`: secrets/sqlforms.py.
"""

from __future__ import annotations

from ..secret_forms import kept_forms, redacted_forms

PW = "".join(("Xq7-", "mPl2vR9t"))  # a FAKE password, assembled at run time
WORD = "".join(("ti", "gerish"))  # a bare Oracle password that is a word

MUST_REDACT = [  # (language, text, value)
    ("sql", f"create user etl identified by '{PW}';\n", PW),
    ("sql", f"CREATE USER 'etl'@'%' IDENTIFIED BY '{PW}';\n", PW),
    ("sql", f'ALTER USER etl IDENTIFIED BY "{PW}";\n', PW),
    ("sql", f"GRANT ALL ON db.* TO 'etl'@'%' IDENTIFIED BY '{PW}';\n", PW),
    ("sql", f"CREATE USER 'u'@'%' IDENTIFIED WITH caching_sha2_password BY '{PW}';\n", PW),
    ("sql", f"CREATE USER scott\n  IDENTIFIED BY {WORD}\n  DEFAULT TABLESPACE users;\n", WORD),
    ("sql", "create server s foreign data wrapper postgres_fdw options (host 'h');\n"
            f"create user mapping for etl server s options (user 'etl', password '{PW}');\n", PW),
    ("sql", f"CREATE SECRET my_secret (TYPE S3, KEY_ID 'myid', SECRET '{PW}', REGION 'eu');\n",
     PW),
    ("sql", f"CREATE PERSISTENT SECRET hf (\n    TYPE HUGGINGFACE,\n    TOKEN '{PW}'\n);\n", PW),
    ("sql", f"{{% macro create_etl_user() %}}\n  create user etl identified by '{PW}';\n"
            "{% endmacro %}\n", PW),
    ("python", f'cur.execute("CREATE USER app IDENTIFIED BY \'{PW}\'")\n', PW),
    ("r", 'DBI::dbExecute(con, "create user mapping for etl server s options '
          f'(password \'{PW}\')")\n', PW),
]

MUST_KEEP = [  # (language, text)
    ("python", '"""Cookies are uniquely identified by\nname."""\n'),
    ("markdown", "The resource identified by the Request-URI is gone.\n"),
    ("python", 'sql = """CREATE USER %(user)s\n    IDENTIFIED BY "%(password)s"\n"""\n'),
    ("sql", "create user scott identified by &pw;\n"),
    ("sql", "alter user app identified by :new_password;\n"),
    ("sql", "create user ops identified externally;\n"),
    ("sql", "CREATE USER app IDENTIFIED BY '${APP_PASSWORD}';\n"),
    ("sql", "create secret (type s3, provider credential_chain);\n"),
    ("sql", "create secret (type s3, secret '${S3_SECRET}');\n"),
    ("sql", "create user mapping for etl server s options (user 'etl', password '<password>');\n"),
]


test_a_sql_statement_credential_is_redacted = redacted_forms(MUST_REDACT)


test_what_only_looks_like_a_sql_credential_stays = kept_forms(MUST_KEEP)
