"""Passwords and keys written in SQL statements, where no `key = "value"` shows them.

`ALTER USER x WITH PASSWORD 'X'` is read by detect-secrets' keyword plugin; these are not:
- Oracle's, MySQL's and MariaDB's `CREATE USER etl IDENTIFIED BY 'X'` (also `ALTER USER`,
  `GRANT ... IDENTIFIED BY`, MySQL 8's `IDENTIFIED WITH caching_sha2_password BY 'X'`, and
  Oracle's bare `IDENTIFIED BY tiger`), in a statement that creates, alters or grants to a
  user, role or login (up to 300 characters before, no `;` between: "a cookie identified by
  its name" is prose);
- a password in an options list: PostgreSQL's `CREATE USER MAPPING ... OPTIONS (user 'etl',
  password 'X')` (postgres_fdw, dblink_fdw), `password 'X'` after any `(` or `,`;
- DuckDB's `CREATE SECRET (TYPE S3, KEY_ID 'id', SECRET 'X')` and its `TOKEN 'X'`,
  `SESSION_TOKEN`, `CLIENT_SECRET`, `ACCOUNT_KEY`, `CONNECTION_STRING`, `PASSWORD`; Snowflake's
  `CREATE SECRET s TYPE = GENERIC_STRING SECRET_STRING = 'X'`;
- session 33: a password given in a user statement where detect-secrets' keyword does not read
  it: SQL Server's Unicode literal (`CREATE LOGIN app WITH PASSWORD = N'X'`), Neo4j's `CREATE
  USER u SET PASSWORD 'X'`, MySQL's `SET PASSWORD FOR u = PASSWORD('X')`; T-SQL's procedures
  (`EXEC sp_addlogin 'u', 'X'`, `sp_password NULL, 'X'`, a password parameter `@rmtpassword =
  N'X'`, `@passwd`); the database shells' calls that set one: Neo4j's
  `dbms.security.createUser('u', 'X')` / `dbms.security.changeUserPassword('u', 'X')` /
  `dbms.changePassword('X')`, MongoDB's `db.changeUserPassword('u', 'X')`.

- session 37: a seed's row, `INSERT INTO users (email, password, role) VALUES ('a@b',
  'X', 'admin'), (...)`: the literal each row gives a column named for a secret
  (`scan.is_secret_key`: `password`, `api_key`, `token`; not `key`, `password_changed_at`'s
  date is no password), in every row up to the statement's `;`; session 39: a dump's INSERT
  without a column list (mysqldump's), its columns read from the table's CREATE TABLE in the
  same text, and pg_dump's `COPY t (.., api_token) FROM stdin;` rows up to its `\\.` line.

Kept: placeholders (`'<password>'`, `${PW}`, `{{ var('pw') }}`), SQL*Plus's substitution
(`&pw`), bind variables (`:pw`, `?`, `%s`), MySQL's `IDENTIFIED BY PASSWORD '*hash'` keyword
and Oracle's `IDENTIFIED BY VALUES` (the value after them is read), field names. In any
language: these statements stand in migrations, notebooks and scripts' strings as well.
"""

from __future__ import annotations

import re

from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import is_placeholder, is_secret_key, is_secret_value
from repokb.secrets.values import is_field_name

Span = tuple[int, int, str, bool]

_QUOTED = r"""(?P<q>['"])(?P<value>[^'"\n]{1,128})(?P=q)"""
_IDENTIFIED = re.compile(
    r"(?i)\bidentified(?:\s+with\s+['\"]?\w+['\"]?)?\s+by\s+(?:password\s+|values\s+)?"
    rf"(?:{_QUOTED}|(?P<bare>[^\s;'\"(),]{{1,64}}))")
# the statement `IDENTIFIED BY` stands in: prose says "a resource identified by its name"
_USER_STATEMENT = re.compile(r"(?i)\b(?:(?:create|alter)\s+(?:user|role|login)|grant)\b")
_OPTION = re.compile(r"(?i)[(,]\s*password\s+" + _QUOTED)
_SECRET_KEYS = re.compile(
    r"(?i)\b(?:secret|token|session_token|client_secret|account_key|connection_string|password"
    r"|secret_string)\s*(?:=\s*)?" + _QUOTED)
_CREATE_SECRET = re.compile(r"(?i)\bcreate\s+(?:or\s+replace\s+)?(?:(?:persistent|temporary)\s+)?"
                            r"secret\b")
# session 33: a user statement's password (`WITH PASSWORD = N'X'`, `SET PASSWORD 'X'`, `SET
# PASSWORD FOR u = PASSWORD('X')`), T-SQL's procedures and parameters, the shells' calls
_STATEMENT_PASSWORD = re.compile(r"(?i)\bpassword\s*(?:=\s*)?\(?\s*N?" + _QUOTED)
_USER_OR_SET = re.compile(r"(?i)\b(?:(?:create|alter)\s+(?:user|role|login)|set\s+password)\b")
_CALLS = (
    re.compile(r"(?i)\bsp_(?:addlogin|password)\s+(?:@\w+\s*=\s*)?(?:N?'[^'\n]*'|null)\s*,\s*"
               r"(?:@\w+\s*=\s*)?N?" + _QUOTED),
    re.compile(r"(?i)@\w*passw(?:or)?d\s*=\s*N?" + _QUOTED),
    re.compile(r"\b(?:dbms\.security\.createUser|changeUserPassword)\s*\(\s*"
               r"['\"][^'\"\n]{1,128}['\"]\s*,\s*" + _QUOTED),
    re.compile(r"\bdbms\.(?:security\.)?changePassword\s*\(\s*" + _QUOTED),
    # session 38: MySQL's `SET PASSWORD FOR 'u'@'%' = 'X'` (its 5.7.6+ form)
    re.compile(r"(?i)\bset\s+password\s+for\s+[^=;\n]{1,200}?=\s*" + _QUOTED),
)
_NOT_A_VALUE = frozenset({"password", "values", "externally", "globally", "random", "null"})


def find(text: str, keys: KeyLines) -> list[Span]:
    """Spans of the SQL passwords and keys in the forms above."""
    out: list[Span] = []
    for start, end in keys.lines(("identified",)):
        for m in _IDENTIFIED.finditer(text, start, end):
            head = text[max(0, m.start() - 300):m.start()]
            if not _USER_STATEMENT.search(head[head.rfind(";") + 1:]):
                continue
            group = "value" if m.group("value") is not None else "bare"
            if _password(m.group(group)):
                out.append((m.start(group), m.end(group), "sql_password", False))
    for start, end in keys.lines(("password",)):
        out += [(m.start("value"), m.end("value"), "sql_password", False)
                for m in _OPTION.finditer(text, start, end) if _password(m.group("value"))]
        for m in _STATEMENT_PASSWORD.finditer(text, start, end):
            head = text[max(0, m.start() - 300):m.start()]
            if _USER_OR_SET.search(head[head.rfind(";") + 1:]) and _password(m.group("value")):
                out.append((m.start("value"), m.end("value"), "sql_password", False))
    for start, end in keys.lines(("passw", "sp_addlogin", "createuser")):
        out += [(m.start("value"), m.end("value"), "sql_password", False)
                for call in _CALLS for m in call.finditer(text, start, end)
                if _password(m.group("value"))]
    if "insert" in keys.low:
        out += inserted(text, keys)
    if "stdin" in keys.low and "copy" in keys.low:
        out += _copied(text)
    if "secret" in keys.low:
        for create in _CREATE_SECRET.finditer(text):
            statement_end = text.find(";", create.end())
            stop = len(text) if statement_end == -1 else statement_end
            out += [(m.start("value"), m.end("value"), "sql_secret", False)
                    for m in _SECRET_KEYS.finditer(text, create.end(), min(stop, create.end()
                                                                         + 4000))
                    if _password(m.group("value"))]
    return out


_INSERT = re.compile(r"(?i)\binsert\s+(?:ignore\s+)?into\s+[\w.\"`\[\]]{1,200}\s*"
                     r"\((?P<columns>[^()]{1,4000})\)\s*values\s*")
_ROW_PART = re.compile(r"'(?:[^'\n]|'')*'|\"[^\"\n]*\"|[(),;]|[^'\"(),;]+")
_MAX_ROWS_READ = 200_000  # characters of rows read after one INSERT's column list


# session 39: a dump's INSERT without a column list (mysqldump's `INSERT INTO `users` VALUES
# (..),(..);`), its columns those of the table's CREATE TABLE in the same text; and pg_dump's
# `COPY t (a, b) FROM stdin;` rows (tab-separated, up to `\.`)
_INSERT_ALL = re.compile(r"(?i)\binsert\s+(?:ignore\s+)?into\s+(?P<table>[\w.\"`\[\]]{1,200})\s*"
                         r"values\s*")
_CREATE_TABLE = r"(?i)\bcreate\s+table\s+(?:if\s+not\s+exists\s+)?{table}\s*\("
_COLUMN = re.compile(r"""\s*[`"\[]?(?P<name>[A-Za-z_]\w*)[`"\]]?\s+[A-Za-z]""")
_NOT_A_COLUMN = frozenset({"primary", "key", "unique", "constraint", "index", "foreign", "check",
                           "fulltext", "spatial", "exclude"})
_COPY = re.compile(r"(?im)^copy\s+[\w.\"]{1,200}\s*\((?P<columns>[^()\n]{1,4000})\)\s+from\s+"
                   r"stdin\b[^\n]*\n")


def _table_columns(text: str, table: str) -> list[str]:
    """The columns of `table` as a CREATE TABLE of the same text declares them, in order (no
    such statement: none)."""
    name = re.escape(table.strip('`"[]').rsplit(".", 1)[-1])
    create = re.search(_CREATE_TABLE.format(table=r"(?:[\w\"`\[\]]+\.)?[`\"\[]?" + name
                                            + r"[`\"\]]?"), text)
    if create is None:
        return []
    columns: list[str] = []
    depth, piece = 0, create.end()
    for part in re.finditer(r"[(),]", text[create.end():create.end() + 20_000]):
        at = create.end() + part.start()
        if part.group() == "(":
            depth += 1
        elif part.group() == ")" and depth:
            depth -= 1
        elif depth == 0:  # a `,` between two definitions, or the table's closing `)`
            m = _COLUMN.match(text, piece, at)
            if m is not None and m.group("name").lower() not in _NOT_A_COLUMN:
                columns.append(m.group("name"))
            piece = at + 1
            if part.group() == ")":
                break
    return columns


def _copied(text: str) -> list[Span]:
    """The fields pg_dump's `COPY .. FROM stdin` rows give to its columns named for a secret."""
    out: list[Span] = []
    for m in _COPY.finditer(text):
        columns = [c.strip().strip('"') for c in m.group("columns").split(",")]
        secret = {i for i, c in enumerate(columns) if is_secret_key(c)}
        if not secret:
            continue
        at = m.end()
        while at < len(text) and not text.startswith("\\.", at):
            end = text.find("\n", at)
            end = len(text) if end == -1 else end
            fields, start = text[at:end].split("\t"), at
            for i, field in enumerate(fields):
                if i in secret and field != "\\N" and _password(field) and is_secret_value(
                        field, columns[i], literal_words=True):
                    out.append((start, start + len(field), "sql_password", False))
                start += len(field) + 1
            at = end + 1
    return out


def inserted(text: str, keys: KeyLines) -> list[Span]:
    """The quoted literals an INSERT's rows give to its columns named for a secret (tried
    where the word `insert` stands, not at every character: Python's `list.insert` is
    everywhere)."""
    out: list[Span] = []
    for at in keys.at("insert"):
        m = _INSERT.match(text, at)  # (its `\b` reads the character before `at`: not `x_insert`)
        if m is not None:
            columns = [c.strip().strip('`"[]') for c in m.group("columns").split(",")]
        elif (m := _INSERT_ALL.match(text, at)) is not None:
            columns = _table_columns(text, m.group("table"))
        else:
            continue
        secret = {i for i, c in enumerate(columns) if is_secret_key(c)}
        if not secret:
            continue
        depth, column = 0, 0
        for part in _ROW_PART.finditer(text, m.end(), min(len(text), m.end() + _MAX_ROWS_READ)):
            token = part.group(0)
            if token == ";" and depth == 0:
                break
            if token == "(":
                depth += 1
                column = 0 if depth == 1 else column
            elif token == ")":
                depth -= 1
            elif token == "," and depth == 1:
                column += 1
            elif depth == 1 and column in secret and token[0] in "'\"":
                value = token[1:-1]
                if _password(value) and is_secret_value(value, columns[column],
                                                        literal_words=True):
                    out.append((part.start() + 1, part.end() - 1, "sql_password", False))
    return out


def _password(value: str) -> bool:
    return (len(value) >= 4 and not is_placeholder(value) and value[0] not in "&:$?%{@<"
            and value.lower() not in _NOT_A_VALUE and not is_field_name(value))
