"""Oracle's passwords given by position.

- the second argument of cx_Oracle's and python-oracledb's `connect(user, password, dsn)`
  (also `Connection`, `SessionPool`, `create_pool`): `credentials._call_arguments` reads a
  generic `connect(host, user, X)`, where the password stands third;
- a connect string's password, `user/password@host:1521/service`, in a JDBC URL
  (`jdbc:oracle:thin:user/password@host:1521:sid`) or given to `sqlplus`,
  `sqlldr`, `rman`, `expdp`, `impdp`, `dgmgrl` or `cx_Oracle.connect("...")`, or on any line
  when it names a port and a service (Easy Connect), and SQL*Plus's `sqlplus user/password`,
  `CONNECT user/password` with no `@`.

Kept: a placeholder (`$DB_PASS`, `${PW}`, `<password>`), SQL*Plus's substitution variables
(`&pw`), a field's name (`password`), `/` alone (`sqlplus / as sysdba`: the operating
system's authentication), and paths or URLs that only look like one (`actions/checkout@v4`:
no Oracle word on the line and no `:port/service`).
"""

from __future__ import annotations

import re

from repokb.rules import secret_patterns as P
from repokb.secrets.keylines import KeyLines
from repokb.secrets.scan import is_placeholder
from repokb.secrets.values import is_field_name

Span = tuple[int, int, str, bool]

_AT_CALL = ("cx_oracle", "oracledb")
_CALL = re.compile(
    r"\b(?:cx_Oracle|oracledb)\s*\.\s*(?:connect|Connection|SessionPool|create_pool)\s*\(\s*"
    r"""(?:"[^"\n]*"|'[^'\n]*'|[\w.\[\]]+)\s*,\s*(?P<q>["'])(?P<value>[^"'\n]{1,128})(?P=q)""")
# JDBC's thin or OCI URL with the credentials in it: `jdbc:oracle:thin:scott/X@host:1521:orcl`
_JDBC = re.compile(r"jdbc:oracle:(?:thin|oci8?):[A-Za-z][\w$#]{0,29}/"
                   r"(?P<value>[^\s/@\"'`]{1,64})@")
_TOOL_WORD = re.compile(r"(?i)\b(?:" + "|".join(P.ORACLE_TOOLS) + r"|connect)\b")
_PASSWORD = r"(?P<value>[^\s/@\"'`]{1,64})"
_USER = r"(?<![\w/:.\-@$])[A-Za-z][\w$#]{0,29}/"
_TARGET = r"@(?://)?[\w.\-]+(?::\d{1,5})?(?:/[\w.\-]+)?"
_WITH_TOOL = re.compile(_USER + _PASSWORD + _TARGET)
# Easy Connect's `@host:port/service`, searched by its literal `@` (a pattern opening with the
# user's character class is tried at every character: 0.5 s over Django's texts), then the
# `user/password` right before it
_EASY_TARGET = re.compile(r"@(?://)?[\w.\-]+:\d{2,5}/[\w.\-]+")
_BEFORE_TARGET = re.compile(_USER + _PASSWORD + r"\Z")
# `sqlplus [-s] user/password`, `CONNECT user/password`: no `@`, the local database
_LOGIN = re.compile(r"(?i:\bsqlplus(?:[ \t]+-\w+)*|^[ \t]*conn(?:ect)?)[ \t]+" + _USER + _PASSWORD
                    + r"(?=[\s;]|$)", re.M)


def find(text: str, keys: KeyLines) -> list[Span]:
    """Spans of the Oracle passwords in the forms above."""
    out: list[Span] = []
    for start, end in keys.lines(_AT_CALL, below=3):  # its arguments one a line
        out += [(m.start("value"), m.end("value"), "credential_argument", False)
                for m in _CALL.finditer(text, start, end) if _password(m.group("value"))]
    if "jdbc:oracle:" in text:
        out += [(m.start("value"), m.end("value"), "connect_string", False)
                for m in _JDBC.finditer(text) if _password(m.group("value"))]
    spans: set[tuple[int, int]] = set()
    for target in _EASY_TARGET.finditer(text) if "@" in text else ():
        line_start = text.rfind("\n", 0, target.start()) + 1
        m = _BEFORE_TARGET.search(text, max(line_start, target.start() - 100), target.start())
        if m and _password(m.group("value")):
            spans.add((m.start("value"), m.end("value")))
    for start, end in keys.lines(P.ORACLE_TOOLS):
        if not _TOOL_WORD.search(text, start, end):  # `rman` of `german`
            continue
        for pattern in (_WITH_TOOL, _LOGIN):
            spans |= {(m.start("value"), m.end("value")) for m in pattern.finditer(text, start, end)
                      if _password(m.group("value"))}
    return out + [(s, e, "connect_string", False) for s, e in sorted(spans)]


def _password(value: str) -> bool:
    return (len(value) >= 4 and not is_placeholder(value) and not value.startswith(("&", "$"))
            and not is_field_name(value))
